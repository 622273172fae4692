// Move entry by clicks on the cross (RULES.md Part 3, F37): the spec's legal lists (T1–T13) and every F37 form —
// Pharaoh squares after a Navia take, two-digit ranks, drains naming a seat, steals naming a graveyard — each
// entered by clicks, and no click sequence yields anything else.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildEntry, click, highlights, atomsOf, buttonLabel, CROSS } from "../assets/entry.js";
import { exploreClicks } from "./clicks.mjs";
import { readFileSync } from "node:fs";
import { SQUARES4, SEATS, parseNfen4, writeNfen4 } from "../assets/nfen4.js";
import { renderCross, readDrawn4 } from "../assets/cross.js";

/** Every click the page can make: each square, keep and graveyard entry of every seat, and each prompt button. */
function allClicks(entry, prefix, keeps, graves) {
  const clicks = SQUARES4.map((sq) => ({ type: "square", sq }));
  for (const seat of SEATS) {
    for (const id of keeps[seat] || []) clicks.push({ type: "keep", side: seat, id });
    for (const id of graves[seat] || []) clicks.push({ type: "grave", side: seat, id });
  }
  for (const atom of highlights(entry, prefix).buttons) clicks.push({ type: "button", atom });
  return clicks;
}

function explore(legal, mover, keeps = {}, graves = {}) {
  const entry = buildEntry(legal, CROSS);
  return exploreClicks(entry, (prefix) => allClicks(entry, prefix, keeps, graves), mover);
}

/** The legal lists the spec gives, with the F37 examples, and who acts. */
const LISTS = [
  { name: "T1", mover: "s", legal: ["d5d6=c3", "d5d6=c9", "d5d6=i3", "d5d6=i9"] },
  { name: "T1 fallback", mover: "w", legal: ["b4c4"] },
  { name: "T2", mover: "w", legal: ["d6+", "d6c5", "d6c5+", "d6c6", "d6e6", "d6e7"] },
  { name: "T3", mover: "w", legal: ["b3c3=i9"] },
  { name: "T4", mover: "s", legal: ["e6e7=c9", "e6e7=i3", "e6e7=i9"] },
  { name: "T11", mover: "s", legal: ["e2e3", "f1e1", "f1f2", "f1g1", "f1g2"] },
  { name: "T12", mover: "s", legal: ["e4c2", "e4d1", "e4d3", "f6c3", "f6d4", "f6e5"] },
  { name: "T12 West", mover: "w", legal: ["g6c10", "g6d9", "g6e8", "g6f7"] },
  { name: "T12 Troll", mover: "s", legal: ["i2h1", "i2h3", "i2j3"] },
  { name: "T13", mover: "s", legal: ["e11^:G"] },
  { name: "T13 East", mover: "e", legal: ["a5^:G", "a5^:M30@k3", "a5^:M30@j9"] },
  {
    name: "F37 forms",
    mover: "s",
    legal: ["d5d6=c9", "e5f6=i9+:d4", "e5f6=i9+:g2", "e5f6=c3+:d4", "e5f6", "d4+:e5e6=i9,g2g3", "d4+:e5e6=c3,g2g3",
      "d3+:w", "d3+:n", "d3+:wB@c1", "d3+:nM05@c2", "d3+:nM05@d1", "c10c9", "c1c10", "M01@e1", "M01@c10"],
    keeps: { s: ["M01"] },
    graves: { w: ["B", "R"], n: ["M05"], s: ["M05"] },
  },
];

test("each of the spec's legal actions on the cross has its own click atoms", () => {
  for (const { name, legal } of LISTS) {
    const seen = new Map();
    for (const m of legal) {
      const key = atomsOf(m, CROSS).join(" ");
      assert.ok(!seen.has(key), `${name}: ${m} and ${seen.get(key)} share clicks ${key}`);
      seen.set(key, m);
    }
  }
  assert.deepEqual(atomsOf("d5d6=c9", CROSS), ["sq:d5", "sq:d6", "ph:c9", "act:move"]);
  assert.deepEqual(atomsOf("e5f6=i9+:d4", CROSS), ["sq:e5", "sq:f6", "ph:i9", "act:move-dratp", "sq:d4"]);
  assert.deepEqual(atomsOf("d4+:e5e6=i9,g2g3", CROSS), ["sq:d4", "act:dratp", "sq:e5", "sq:e6", "ph:i9", "sq:g2", "sq:g3"]);
  assert.deepEqual(atomsOf("d3+:w", CROSS), ["sq:d3", "act:dratp", "seat:w"]);
  assert.deepEqual(atomsOf("d3+:nM05@c2", CROSS), ["sq:d3", "act:dratp", "pc:nM05", "sq:c2"]);
  assert.deepEqual(atomsOf("c10c9", CROSS), ["sq:c10", "sq:c9", "act:move"]);
  assert.deepEqual(atomsOf("g6c10", CROSS), ["sq:g6", "sq:c10", "act:move"]);
  for (const bad of ["d5d6=", "d5=c9", "d5d6=z9", "d3+:x", "d3+:xB@c1"]) assert.throws(() => atomsOf(bad, CROSS), undefined, bad);
  // The duel's notation is unchanged: no cross squares, no Pharaoh squares.
  assert.throws(() => atomsOf("d5d6=c9"));
  assert.throws(() => atomsOf("c10c9"));
});

test("every legal action on the cross can be entered by clicks, and every click sequence yields a legal action", () => {
  for (const { name, mover, legal, keeps, graves } of LISTS) {
    const played = explore(legal, mover, keeps, graves);
    assert.deepEqual([...played].sort(), [...legal].sort(), name);
  }
});

test("a Navia take lights the empty Pharaoh squares and the clicked one completes the move (T1)", () => {
  const entry = buildEntry(["d5d6=c3", "d5d6=c9", "d5d6=i3", "d5d6=i9", "d5e6"], CROSS);
  let r = click(entry, [], { type: "square", sq: "d5" }, "s");
  r = click(entry, r.prefix, { type: "square", sq: "d6" }, "s");
  assert.equal(r.played, null);
  assert.deepEqual(highlights(entry, r.prefix).squares.sort(), ["c3", "c9", "i3", "i9"]);
  r = click(entry, r.prefix, { type: "square", sq: "c9" }, "s");
  assert.equal(r.played, "d5d6=c9");
});

test("a drain asks which seat loses; a steal lights the other seat's graveyard piece", () => {
  const entry = buildEntry(["d3+:w", "d3+:n", "d3+:wB@c1"], CROSS);
  let r = click(entry, [], { type: "square", sq: "d3" }, "s");
  r = click(entry, r.prefix, { type: "button", atom: "act:dratp" }, "s");
  const h = highlights(entry, r.prefix);
  assert.deepEqual(h.buttons.sort(), ["pc:wB", "seat:n", "seat:w"]);
  assert.deepEqual(h.pieces, ["wB"]);
  assert.equal(buttonLabel("seat:w"), "West loses the gyullas");
  assert.equal(buttonLabel("pc:wB"), "West's black Gulled");
  assert.equal(buttonLabel("pc:nM05", { M05: "Gundrill" }), "North's M05 Gundrill");
  assert.equal(click(entry, r.prefix, { type: "button", atom: "seat:n" }, "s").played, "d3+:n");
  r = click(entry, r.prefix, { type: "grave", side: "w", id: "B" }, "s");
  assert.equal(click(entry, r.prefix, { type: "square", sq: "c1" }, "s").played, "d3+:wB@c1");
});

test("positions of real four-player games: drawn and read back, every action entered by clicks and nothing else", () => {
  // Written by make_fixtures4.py with the real engine: random games, half of the samples with full pools.
  const { positions } = JSON.parse(readFileSync(new URL("./fixtures/positions4.json", import.meta.url)));
  assert.ok(positions.length >= 100, `${positions.length} positions`);
  const all = positions.flatMap((p) => p.legal);
  for (const re of [/@/, /\+$/, /\+:/, /^[a-k]\d+[a-k]\d+=/, /:.*[a-k]\d+[a-k]\d+=/, /:[swne](,|$)/, /1[01]/]) assert.ok(all.some((m) => re.test(m)), `no action matches ${re}`);
  let checked = 0;
  for (const { fen, actor, legal } of positions) {
    const pos = parseNfen4(fen);
    assert.equal(writeNfen4(pos), fen);
    assert.equal(readDrawn4(renderCross(pos, { view: actor })), fen);
    const keeps = { [actor]: [...new Set(pos.keeps[SEATS.indexOf(actor)])] };
    const graves = Object.fromEntries(SEATS.map((s, i) => [s, [...new Set(pos.graves[i])]]));
    const played = explore(legal, actor, keeps, graves);
    assert.deepEqual([...played].sort(), [...legal].sort(), fen);
    checked += legal.length;
  }
  assert.ok(checked > 2000, `${checked} actions`);
});
