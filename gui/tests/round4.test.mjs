// The four-seat round as the page runs it: sealed steps built from the engine's `legal`/`query seats` answers, the
// secret entries of people sharing one screen, the events they make (F38), the events list by round, results and
// rankings in words, and the four-player record (F43).
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseNfen4 } from "../assets/nfen4.js";
import { stepOptions, bidStepSeats, answerToken, sealedStep, enter, waiting, humanTurn, sealedView, stepEvent, roundLines, parseResult4, parseRanking, resultWords, resultTag4 } from "../assets/round4.js";
import { parsePgn, writePgn4 } from "../assets/pgn.js";

const seats = (spec) => Object.fromEntries(Object.entries(spec).map(([s, [options, deciding, player]]) => [s, { options, deciding, player }]));

test("choices come from the engine's legal words, in event tokens", () => {
  assert.deepEqual(stepOptions("d", ["N", "M02", "B"]), ["N", "M02", "B"]);
  assert.deepEqual(stepOptions("d", []), []);
  assert.deepEqual(stepOptions("b", ["0-3"]), ["0", "1", "2", "3"]);
  assert.deepEqual(stepOptions("b", ["0-0"]), ["0"]);
  assert.deepEqual(stepOptions("p", ["no", "yes"]), ["n", "y"]);
  for (const [phase, words] of [["d", ["X"]], ["b", ["3"]], ["b", ["0-3", "0-4"]], ["p", ["maybe"]], ["a", []]]) {
    assert.throws(() => stepOptions(phase, words), undefined, `${phase} ${words}`);
  }
  assert.equal(answerToken("d", "bestdeclare M16"), "M16");
  assert.equal(answerToken("b", "bestbid 3"), "3");
  assert.equal(answerToken("p", "bestpromise yes"), "y");
  assert.equal(answerToken("p", "bestpromise no"), "n");
  assert.equal(answerToken("d", "bestdeclare (none)"), null);
  assert.equal(answerToken("b", "bestmove e2e3"), null);
});

test("a declaration step: two people enter in turn with the others' choices hidden, then all are revealed (F20, F27)", () => {
  // The F41 example: South and North are people at one screen, West and East engines.
  let step = sealedStep("d", seats({ s: [["N", "B", "R"], true, "human"], w: [["N", "M16"], true, "engine"], n: [["N", "M09", "B"], true, "human"], e: [["N", "R"], true, "engine"] }));
  assert.deepEqual(waiting(step), ["s", "w", "n", "e"]);
  assert.equal(humanTurn(step), "s");
  step = enter(step, "w", "M16");
  assert.deepEqual(sealedView(step), { w: true }, "only that West has entered shows");
  step = enter(step, "s", "B");
  assert.equal(humanTurn(step), "n", "the screen passes to North");
  assert.throws(() => enter(step, "s", "N"), /nothing to enter/, "an entered choice stays");
  assert.throws(() => enter(step, "n", "M16"), /cannot enter 'M16'/, "only the engine's choices");
  assert.throws(() => stepEvent(step), /North, East to enter/);
  step = enter(step, "n", "M09");
  step = enter(step, "e", "R");
  assert.equal(humanTurn(step), null);
  assert.deepEqual(sealedView(step), { s: true, w: true, n: true, e: true });
  assert.equal(stepEvent(step), "d:B/M16/M09/R");
});

test("a seat that can declare nothing writes '-' unasked (F20, F43)", () => {
  const step = enter(sealedStep("d", seats({ s: [["N"], true, "human"], w: [[], false, "human"], n: [[], false, "engine"], e: [[], false, "engine"] })), "s", "N");
  assert.equal(stepEvent(step), "d:N/-/-/-");
});

test("bid steps: empty pools bid 0 unasked, seats outside a re-bid write '-' (F23, T7)", () => {
  // Round 1: every pool is empty, nobody is asked, the step is written all the same.
  assert.equal(stepEvent(sealedStep("b", seats({ s: [["0"], false, "human"], w: [["0"], false, "engine"], n: [["0"], false, "human"], e: [["0"], false, "engine"] }))), "b:0/0/0/0");
  // T7: the first step, then the re-bid of the tie group South and West.
  let step = sealedStep("b", seats({ s: [stepOptions("b", ["0-5"]), true, "human"], w: [stepOptions("b", ["0-4"]), true, "engine"], n: [["0"], false, "engine"], e: [stepOptions("b", ["0-6"]), true, "human"] }));
  assert.deepEqual(waiting(step), ["s", "w", "e"]);
  step = enter(enter(enter(step, "s", "3"), "e", "1"), "w", "3");
  assert.equal(stepEvent(step), "b:3/3/0/1");
  assert.throws(() => enter(sealedStep("b", seats({ s: [stepOptions("b", ["0-2"]), true, "human"], w: [[], false, "engine"], n: [[], false, "engine"], e: [[], false, "engine"] })), "s", "3"), /cannot enter '3'/, "no more than the pool");
  step = sealedStep("b", seats({ s: [stepOptions("b", ["0-2"]), true, "human"], w: [stepOptions("b", ["0-1"]), true, "human"], n: [[], false, "engine"], e: [[], false, "engine"] }));
  assert.equal(stepEvent(enter(enter(step, "w", "0"), "s", "1")), "b:1/0/-/-");
});

test("the bid step's seats come from the position: the first step, then tie groups of positive stakes (F23, T7, T9)", () => {
  const t7 = "3n[N02]3/2nB4/11/11/11/w[N03]1w[M17]7e[N04]/1wB9/10eR/11/2sB4/1sR1s[N01]3 b nwse B/M17/N/R - 5/4/0/6 -/-/-/- -/-/-/- - 14";
  assert.deepEqual(bidStepSeats(parseNfen4(t7)), ["s", "w", "n", "e"], "North bids a forced 0 with its empty pool");
  const rebid = parseNfen4(t7.replace(" - 5/4/0/6 ", " 3/3/0/1 2/1/0/5 "));
  assert.deepEqual(bidStepSeats(rebid), ["s", "w"], "South and West tie at 3");
  assert.deepEqual(bidStepSeats(parseNfen4(t7.replace("B/M17/N/R - 5/4/0/6", "B/-/N/- - 5/4/0/6"))), ["s", "n"], "seats that declared nothing stay out");
  assert.deepEqual(bidStepSeats(parseNfen4(t7.replace(" - 5/4/0/6 ", " 0/0/0/0 5/4/0/6 "))), [], "equal stakes of 0 are no tie");
  assert.deepEqual(bidStepSeats(parseNfen4(t7.replace(" - 5/4/0/6 ", " 2/2/2/1 3/2/0/5 "))), ["s", "w", "n"], "a group of three");
});

test("a promise step asks only the tied seats (F24, T10)", () => {
  let step = sealedStep("p", seats({ s: [stepOptions("p", ["no", "yes"]), true, "human"], w: [stepOptions("p", ["no", "yes"]), true, "human"], n: [[], false, "engine"], e: [[], false, "engine"] }));
  step = enter(enter(step, "s", "y"), "w", "n");
  assert.equal(stepEvent(step), "p:y/n/-/-");
});

test("a step the engine's answers do not fit is refused", () => {
  assert.throws(() => sealedStep("d", seats({ s: [[], true, "human"], w: [[], false, "engine"], n: [[], false, "engine"], e: [[], false, "engine"] })), /decides but has no choice/);
  assert.throws(() => sealedStep("b", seats({ s: [["0", "1"], false, "human"], w: [[], false, "engine"], n: [[], false, "engine"], e: [[], false, "engine"] })), /does not decide/);
});

test("the events list: one round per line, a round starting at its declarations", () => {
  const events = ["d:N/N/N/N", "b:0/0/0/0", "f1f2", "a6b6", "f11f10", "k6j6", "d:N/N/N/N", "b:0/0/0/0", "x:w", "f2f1"];
  const lines = roundLines(1, "d", events);
  assert.deepEqual(lines.map((l) => [l.round, l.events.map((e) => e.text).join(" ")]), [
    [1, "d:N/N/N/N b:0/0/0/0 f1f2 a6b6 f11f10 k6j6"],
    [2, "d:N/N/N/N b:0/0/0/0 x:w f2f1"],
  ]);
  assert.equal(lines[1].events[0].index, 6);
  // Set up in the actions of round 5 (T1): its rest is line 5.
  assert.deepEqual(roundLines(5, "a", ["d5d6=c9", "b4c4", "f11f10", "k6j6", "d:B/N/N/N"]).map((l) => [l.round, l.events.length]), [[5, 4], [6, 1]]);
  assert.deepEqual(roundLines(1, "d", []), []);
});

test("results and rankings read as the engine gives them (F34, F42)", () => {
  assert.deepEqual(parseResult4("swin three navia"), { winner: "s", termination: "three navia" });
  assert.deepEqual(parseResult4("draw round limit"), { winner: null, termination: "round limit" });
  assert.deepEqual(parseResult4("wwin"), { winner: "w", termination: "" });
  assert.equal(parseResult4("none"), null);
  assert.throws(() => parseResult4("p1win navia taken"));
  assert.deepEqual(parseRanking("s e=n w"), [{ place: 1, seats: ["s"] }, { place: 2, seats: ["e", "n"] }, { place: 4, seats: ["w"] }]);
  for (const bad of ["s e n", "s e=n w w", "s e n x"]) assert.throws(() => parseRanking(bad), undefined, bad);
  assert.deepEqual(resultWords(parseResult4("draw round limit"), "s e n w"), ["No winner: round limit", "1. South · 2. East · 3. North · 4. West"]);
  assert.deepEqual(resultWords(parseResult4("swin three navia"), "s e=n w"), ["South wins: three navia", "1. South · 2. East = North · 4. West"]);
  assert.deepEqual(resultWords(null, "s e=n w"), []);
  assert.equal(resultTag4(parseResult4("nwin navia dratp")), "N");
  assert.equal(resultTag4(parseResult4("draw thousand war")), "draw");
  assert.equal(resultTag4(null), "*");
});

test("the four-player record: tags, one round per line, and read back", () => {
  const events = ["d:N/N/N/N", "b:0/0/0/0", "f1f2", "a6b6", "f11f10", "k6j6", "d:B/M16/M09/R", "b:0/0/0/0", "e2e3"];
  const tags = { Event: "dratp-gui", Site: "?", Date: "2026.11.25", Round: "1", South: "human", West: "dratp", North: "dratp", East: "human",
    Result: "S", Variant: "naviadratp4", Ranking: "s e=n w", Termination: "three navia" };
  const text = writePgn4(tags, roundLines(1, "d", events));
  assert.equal(text, `[Event "dratp-gui"]
[Site "?"]
[Date "2026.11.25"]
[Round "1"]
[South "human"]
[West "dratp"]
[North "dratp"]
[East "human"]
[Result "S"]
[Variant "naviadratp4"]
[Ranking "s e=n w"]
[Termination "three navia"]

1. d:N/N/N/N b:0/0/0/0 f1f2 a6b6 f11f10 k6j6
2. d:B/M16/M09/R b:0/0/0/0 e2e3
S
`);
  const [game] = parsePgn(text);
  assert.deepEqual(game.moves, events);
  assert.equal(game.result, "S");
  assert.equal(game.tags.Ranking, "s e=n w");
  const fen = "3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/7/3s[N01]3 a swne B/N/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 5";
  const [g2] = parsePgn(writePgn4({ ...tags, Result: "*", FEN: fen }, roundLines(5, "a", ["d5d6=c9", "b4c4"])));
  assert.deepEqual(g2.moves, ["d5d6=c9", "b4c4"]);
  assert.equal(g2.tags.FEN, fen);
  assert.equal(g2.result, "*");
});
