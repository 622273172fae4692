// The GUI's bookkeeping around a game: results in words, a record's Result and Termination in dratp-match's words
// (MATCH.md), the clocks, and forces as text for the picker.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resultText, resultTags, timeForfeit, recordedForfeit, clockText, clocksAt, parseForce, forceText, counts, TIME_FORFEIT } from "../assets/game.js";

test("a loss on time reads as such and is recorded as dratp-match records it", () => {
  assert.equal(timeForfeit(0), "p2win time forfeit");
  assert.equal(timeForfeit(1), "p1win time forfeit");
  assert.equal(resultText(timeForfeit(0)), "Second player wins: the first player ran out of time");
  assert.equal(resultText(timeForfeit(1)), "First player wins: the second player ran out of time");
  assert.deepEqual(resultTags(timeForfeit(0)), { Result: "0-1", Termination: "time forfeit" });
  assert.deepEqual(resultTags(timeForfeit(1)), { Result: "1-0", Termination: "time forfeit" });
  // The same words as dratp-match's Termination tag (src/matchrun/referee.rs).
  const referee = readFileSync(new URL("../../src/matchrun/referee.rs", import.meta.url), "utf8");
  assert.match(referee, new RegExp(`Termination::TimeForfeit => "${TIME_FORFEIT}"`));
});

test("a record's loss on time is read back as one", () => {
  assert.equal(recordedForfeit({ Result: "0-1", Termination: "time forfeit" }), "p2win time forfeit");
  assert.equal(recordedForfeit({ Result: "1-0", Termination: "time forfeit" }), "p1win time forfeit");
  assert.equal(recordedForfeit({ Result: "1-0", Termination: "normal" }), null);
  assert.equal(recordedForfeit({ Result: "*" }), null);
  assert.deepEqual(resultTags(recordedForfeit(resultTags(timeForfeit(0)))), { Result: "0-1", Termination: "time forfeit" });
});

test("games the rules ended are normal, unfinished games have no Termination", () => {
  assert.deepEqual(resultTags("p1win navia taken"), { Result: "1-0", Termination: "normal" });
  assert.deepEqual(resultTags("draw thousand war"), { Result: "1/2-1/2", Termination: "normal" });
  assert.deepEqual(resultTags("none"), { Result: "*" });
  assert.equal(resultText("p2win navia goal"), "Second player wins: a Navia reached the far end");
  assert.equal(resultText("none"), "");
});

test("the clock of the side to move runs from its turn's start; the other stands", () => {
  assert.deepEqual(clocksAt([60000, 30000], 0, 1000, 6000), [55000, 30000]);
  assert.deepEqual(clocksAt([60000, 30000], 1, 1000, 41000), [60000, -10000]);
  assert.deepEqual(clocksAt([60000, 30000], null, 1000, 99000), [60000, 30000]);
  assert.equal(clockText(65999), "1:05");
  assert.equal(clockText(-300), "0:00");
});

test("forces as text: the picker's edits round-trip through the typed field", () => {
  assert.deepEqual(parseForce(" N03:M05,M01,M05 "), { navia: "N03", maseitai: ["M05", "M01", "M05"] });
  assert.deepEqual(parseForce("N04:"), { navia: "N04", maseitai: [] });
  assert.deepEqual(parseForce("M01,M02"), { navia: "", maseitai: ["M01", "M02"] });
  assert.equal(forceText("N03", ["M05", "M01", "M05"]), "N03:M01,M05,M05");
  const f = parseForce(forceText("N02", ["M14", "M02"]));
  assert.deepEqual(f, { navia: "N02", maseitai: ["M02", "M14"] });
  assert.deepEqual(counts(["M05", "M01", "M05"]), [["M05", 2], ["M01", 1]]);
});
