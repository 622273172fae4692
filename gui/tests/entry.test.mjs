// Client logic: move entry by clicks and NFEN reading, on positions of seeded engine games (fixtures/positions.json,
// written by make_fixtures.py with the real engine).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { buildEntry, click, options, highlights, atomsOf } from "../assets/entry.js";
import { exploreClicks } from "./clicks.mjs";
import { parseNfen, SQUARES } from "../assets/nfen.js";

const { positions } = JSON.parse(readFileSync(new URL("./fixtures/positions.json", import.meta.url)));

/** Every click the page can make in a state: each square, keep and graveyard entry, and each prompt button. */
function allClicks(pos, entry, prefix) {
  const clicks = SQUARES.map((sq) => ({ type: "square", sq }));
  for (const side of [0, 1]) {
    for (const id of new Set(pos.keeps[side])) clicks.push({ type: "keep", side, id });
    for (const id of new Set(pos.graves[side])) clicks.push({ type: "grave", side, id });
  }
  for (const atom of highlights(entry, prefix).buttons) clicks.push({ type: "button", atom });
  return clicks;
}

/** Walks every click sequence that keeps a selection; returns the set of moves played. */
function explore(pos, entry) {
  return exploreClicks(entry, (prefix) => allClicks(pos, entry, prefix), pos.side);
}

test("fixtures cover hundreds of positions and every kind of action", () => {
  assert.ok(positions.length >= 300, `${positions.length} positions`);
  const all = positions.flatMap((p) => p.legal);
  for (const re of [/@/, /\+$/, /\*/, /\^:G$/, /\^:M\d+@/, /:[a-g][1-7][a-g][1-7]/, /:(B|R)@/, /,/]) {
    assert.ok(all.some((m) => re.test(m)), `no action matches ${re}`);
  }
});

test("each legal action has its own click atoms", () => {
  for (const { legal } of positions) {
    const seen = new Map();
    for (const m of legal) {
      const key = atomsOf(m).join(" ");
      assert.ok(!seen.has(key), `${m} and ${seen.get(key)} share clicks ${key}`);
      seen.set(key, m);
    }
  }
});

test("every legal action can be entered by clicks, and every click sequence yields a legal action", () => {
  let checked = 0;
  for (const { fen, legal } of positions) {
    const pos = parseNfen(fen);
    const entry = buildEntry(legal);
    const played = explore(pos, entry);
    const legalSet = new Set(legal);
    for (const m of played) assert.ok(legalSet.has(m), `${fen}: clicks played ${m}, not in legal`);
    for (const m of legal) assert.ok(played.has(m), `${fen}: ${m} cannot be entered by clicks`);
    checked += legal.length;
  }
  assert.ok(checked > 10000);
});

test("a plain move needs two clicks and a summon two", () => {
  const entry = buildEntry(["M01@c1", "c2c3", "c2c3+", "d1c1", "d1+"]);
  let r = click(entry, [], { type: "square", sq: "d1" }, 0);
  assert.deepEqual(r, { prefix: ["sq:d1"], played: null });
  assert.deepEqual(highlights(entry, r.prefix).buttons, ["act:dratp"]);
  r = click(entry, r.prefix, { type: "square", sq: "c1" }, 0);
  assert.equal(r.played, "d1c1");
  r = click(entry, [], { type: "keep", side: 0, id: "M01" }, 0);
  r = click(entry, r.prefix, { type: "square", sq: "c1" }, 0);
  assert.equal(r.played, "M01@c1");
  r = click(entry, [], { type: "square", sq: "c2" }, 0);
  r = click(entry, r.prefix, { type: "square", sq: "c3" }, 0);
  assert.equal(r.played, null, "a move that may also dratp asks");
  assert.deepEqual(options(entry, r.prefix).next, new Set(["act:move", "act:move-dratp"]));
  r = click(entry, r.prefix, { type: "button", atom: "act:move-dratp" }, 0);
  assert.equal(r.played, "c2c3+");
});

test("an optional choice offers to stop, and a click elsewhere clears the selection", () => {
  const entry = buildEntry(["b4+", "b4+:a1", "b4+:g7"]);
  let r = click(entry, [], { type: "square", sq: "b4" }, 0);
  r = click(entry, r.prefix, { type: "button", atom: "act:dratp" }, 0);
  assert.deepEqual(new Set(highlights(entry, r.prefix).squares), new Set(["a1", "g7"]));
  assert.ok(highlights(entry, r.prefix).buttons.includes("end"));
  assert.equal(click(entry, r.prefix, { type: "button", atom: "end" }, 0).played, "b4+");
  assert.deepEqual(click(entry, r.prefix, { type: "square", sq: "c5" }, 0), { prefix: [], played: null });
});
