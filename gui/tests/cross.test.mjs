// The four-player cross (RULES.md Part 3, F1–F8, F35): every test position of the spec (T1–T15) and the start (F36)
// parses, writes back to the same text, and is drawn as a cross that reads back to the same text from every seat's
// view; the drawing shows the cut corners blank, the Pharaoh squares and the zone, and turns each team's pieces.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseNfen4, writeNfen4, SQUARES4, PHARAOH, ZONE, SEATS, queue4, eliminated4, frozenSquares4, onCross } from "../assets/nfen4.js";
import { renderCross, readDrawn4, facing, toScreen, seatsAround } from "../assets/cross.js";

/** The start position (F36). */
export const START = "nBnR1n[N02]1nRnB/1nBnBnBnBnB1/wB9eB/wRwB7eBeR/1wB7eB1/w[N03]wB7eBe[N04]/1wB7eB1/wRwB7eBeR/wB9eB/1sBsBsBsBsB1/sBsR1s[N01]1sRsB d nwse - - 0/0/0/0 M01,M02,M03,M04,M05,M06,M07/M15,M16,M17,M18,M19,M20,M21/M08,M09,M10,M11,M12,M13,M14/M30,M31,M32,M33,M34,M35,M36 -/-/-/- - 1";

/** T1–T15 as the spec writes them, with the variants it describes (T2b, T3b, T6b) and the positions after. */
export const SPEC = {
  T1: "3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/7/3s[N01]3 a swne B/N/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 5",
  T1after: "3n[N02]3/7/2s[N03]8/11/11/3sB6e[N04]/11/1wB9/11/7/3s[N01]3 a Swne B/N/N/N - 31/0/0/0 -/-/-/- -/-/-/- - 5",
  T2: "3n[N02]3/7/2nB5nB2/11/11/3w[N03]6e[N04]/3sB7/11/2wB5eB2/2sB4/3s[N01]3 a wsne B/N/B/N - 0/60/0/0 -/-/-/- -/-/-/- - 9",
  T2b: "3n[N02]3/7/8nB2/11/11/3w[N03]6e[N04]/3sB7/11/2wB5eB2/2sB4/3s[N01]3 a wsne B/N/B/N - 0/60/0/0 -/-/-/- -/-/-/- - 9",
  T3: "7/7/2nB8/11/11/w[N03]9e[N04]/11/11/1wBs[N02]5eB2/7/3s[N01]3 a wsne N/B/B/N - 0/0/0/0 -/-/-/- -/-/-/- - 12",
  T3b: "7/7/2nB5nB2/11/11/w[N03]9e[N04]/11/11/1wBs[N02]5eB2/7/3s[N01]3 a wsne N/B/B/N - 0/0/0/0 -/-/-/- -/-/-/- - 12",
  T4: "7/4nB2/11/11/4e[N04]6/w[N03]3sB6/11/11/2s[N02]8/7/3s[N01]3 a swne B/N/B/N - 0/0/0/0 -/-/-/- -/-/-/- - 20",
  T5: "7/2nB4/11/5wBn[N03]4/w[N02]10/10e[N04]/11/11/2w[N01]8/2sB4/7 a wsne B/B/N/N - 0/0/0/0 M01,M02/M15/-/- -/-/-/- - 31",
  T6: "7/7/8n[N03]2/11/9e[N02]1/10e[N04]/1wB9/11/11/7/3s[N01]3 a nswe N/B/N/N - 0/0/60/0 -/-/-/- -/-/-/- - 40",
  T6b: "7/7/8n[N03]eB1/11/9e[N02]1/10e[N04]/1wB9/11/11/7/3s[N01]3 a nswe N/B/N/N - 0/0/60/0 -/-/-/- -/-/-/- - 40",
  T7: "3n[N02]3/2nB4/11/11/11/w[N03]1w[M17]7e[N04]/1wB9/10eR/11/2sB4/1sR1s[N01]3 b nwse B/M17/N/R - 5/4/0/6 -/-/-/- -/-/-/- - 14",
  T7after: "3n[N02]3/2nB4/11/11/11/w[N03]1w[M17]7e[N04]/1wB9/10eR/11/2sB4/1sR1s[N01]3 a swen B/M17/N/R - 1/1/0/5 -/-/-/- -/-/-/- - 14",
  T9: "3n[N02]3/2nB4/11/1wB9/1wB9/w[N03]9e[N04]/1wB7eB1/11/11/1sBsB4/3s[N01]3 b nwse B/B/N/N - 2/2/0/0 M01/M15/-/- -/-/-/- - 8",
  T10: "3n[N02]3/2nB4/11/11/11/w[N03]2wB6e[N04]/1wB1sB5eB1/11/11/2sB4/3s[N01]3 b nwse B/B/N/N - 3/3/0/0 M01/M15/-/- -/-/-/- - 8",
  T11: "3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/2wBs[M04]7/11/2sB4/3s[N01]3 a wsne M04/B/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 6",
  T12: "3n[N02]3/7/11/11/11/w[N03]4s[+M90]w[M90]3e[N04]/11/4s[+M90]6/9eB1/6s[M01]/3s[N01]3 a swne M90/M90/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 3",
  T13: "2sBn[N02]3/7/sR10/11/11/w[N03]9e[N04]/eB10/11/11/7/3s[N01]3 a swne B/N/N/B - 0/0/0/0 -/-/-/- -/-/-/- - 50",
  T14: "3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/11/11/7/3s[N01]3 d swne - - 0/0/0/0 -/-/-/- -/-/-/- - 1",
  T15: "3n[N02]3/1nBnB4/11/11/11/10e[N04]/1wB9/11/2s[N03]8/2sB4/3s[N01]3 a SWNe N/B/N/N - 10/0/5/5 -/M15/-/M30 -/-/-/- - 200",
};

/** Fields the spec's positions leave empty: stakes in phase p, a promise, graveyards, a freeze, an eliminated seat. */
const EXTRA = [
  "3n[N02]3/7/11/11/11/w[N03]2wB6e[N04]/1wB1sB5eB1/11/11/2sB4/3s[N01]3 p nwse B/B/N/N 3/3/0/0 0/0/0/0 M01/M15/-/- B,M03,R/B,B/-/M31 - 8",
  "3n[N02]3/7/11/11/11/w[N03]2wB6e[N04]/1wB1sB5eB1/11/11/2sB4/3s[N01]3 a Swne B!/B/N/N - 0/0/0/0 M01/M15/-/- -/-/-/- freeze:d6d5,out:e 8",
  "3n[+N02]3/1nBnB4/2e[M33]8/11/11/10e[N04]/1wB9/11/2s[N03]8/2sB4/3s[N01]3 d nwse - - 60/0/5/5 -/M15/-/M30 -/-/-/- out:n,out:w 12",
];

test("every spec position and the start parse and write back to the same text", () => {
  for (const [name, fen] of [["F36", START], ...Object.entries(SPEC), ...EXTRA.map((f, i) => [`extra ${i}`, f])]) {
    const pos = parseNfen4(fen);
    assert.equal(writeNfen4(pos), fen, name);
  }
});

test("the start position: 105 squares, 4 Navias, each seat's keep, phase d in base order nwse", () => {
  const pos = parseNfen4(START);
  assert.equal(SQUARES4.length, 105);
  assert.equal(Object.keys(pos.board).length, 4 * 10, "a Navia, 2 red and 7 black Gulled per seat (F12)");
  assert.deepEqual(Object.entries(pos.board).filter(([, p]) => p.kind === "navia").map(([sq, p]) => `${p.seat}${p.id}@${sq}`).sort(),
    ["eN04@k6", "nN02@f11", "sN01@f1", "wN03@a6"]);
  assert.deepEqual(pos.board.c1, { seat: "s", kind: "B", id: "B", dratped: false });
  assert.deepEqual(pos.board.b4, { seat: "w", kind: "B", id: "B", dratped: false });
  assert.deepEqual(pos.board.k8, { seat: "e", kind: "R", id: "R", dratped: false });
  assert.equal(pos.phase, "d");
  assert.equal(pos.order, "nwse");
  assert.equal(pos.declarations, null);
  assert.deepEqual(pos.keeps[2], ["M08", "M09", "M10", "M11", "M12", "M13", "M14"]);
  assert.equal(pos.round, 1);
  for (const sq of ["a1", "b2", "j1", "k11", "a10", "b11", "j10", "k2"]) assert.ok(!SQUARES4.includes(sq), sq);
  for (const sq of ["c1", "a3", "k9", "i11", "f6"]) assert.ok(SQUARES4.includes(sq), sq);
});

test("the fields of the round read as the spec says: queue, declarations with promises, stakes, effects", () => {
  const t7 = parseNfen4(SPEC.T7);
  assert.deepEqual(t7.declarations, ["B", "M17", "N", "R"]);
  assert.deepEqual(t7.pools, [5, 4, 0, 6]);
  assert.equal(t7.stakes, null);
  const q = queue4(parseNfen4(SPEC.T1after));
  assert.deepEqual(q.map((e) => [e.seat, e.done, e.next]), [["s", true, false], ["w", false, true], ["n", false, false], ["e", false, false]]);
  assert.deepEqual(queue4(parseNfen4(SPEC.T7)).map((e) => e.done || e.next), [false, false, false, false], "no queue before phase a");
  const p = parseNfen4(EXTRA[0]);
  assert.deepEqual(p.stakes, [3, 3, 0, 0]);
  assert.deepEqual(p.graves, [["B", "M03", "R"], ["B", "B"], [], ["M31"]]);
  const a = parseNfen4(EXTRA[1]);
  assert.equal(a.declarations[0], "B!");
  assert.deepEqual(frozenSquares4(a), { d5: "d6" });
  assert.deepEqual(eliminated4(a), ["e"]);
  assert.deepEqual(eliminated4(parseNfen4(EXTRA[2])), ["n", "w"]);
});

test("drawn crosses read back to the NFEN4, from every seat's view", () => {
  for (const fen of [START, ...Object.values(SPEC), ...EXTRA]) {
    const pos = parseNfen4(fen);
    for (const view of SEATS) {
      assert.equal(readDrawn4(renderCross(pos, { view, names: { M01: "Troll" } })), fen, `view ${view}`);
    }
  }
});

test("the cross: 105 squares drawn, cut corners blank, Pharaoh squares and the zone marked", () => {
  const svg = renderCross(parseNfen4(START));
  const drawn = [...svg.matchAll(/data-sq="([a-k]\d+)"/g)].map((m) => m[1]);
  assert.equal(drawn.length, 105);
  assert.deepEqual(new Set(drawn), new Set(SQUARES4));
  const marked = (cls) => [...svg.matchAll(new RegExp(`class="square[^"]*\\b${cls}\\b[^"]*" data-sq="([a-k]\\d+)"`, "g"))].map((m) => m[1]).sort();
  assert.deepEqual(marked("pharaoh"), [...PHARAOH].sort());
  assert.deepEqual(marked("zone"), [...ZONE].sort());
  for (let f = 0; f < 11; f++) for (let r = 1; r <= 11; r++) assert.equal(onCross(f, r), SQUARES4.includes("abcdefghijk"[f] + r));
});

test("each team's pieces face away from its seat, from every view", () => {
  // On the board: South faces north, West east, North south, East west (F2); on screen the viewer's seat is at the
  // bottom and faces up.
  assert.deepEqual(SEATS.map((s) => facing(s, "s")), [0, 90, 180, 270]);
  assert.deepEqual(SEATS.map((s) => facing(s, "w")), [270, 0, 90, 180]);
  assert.deepEqual(SEATS.map((s) => facing(s, "n")), [180, 270, 0, 90]);
  assert.deepEqual(SEATS.map((s) => facing(s, "e")), [90, 180, 270, 0]);
  const svg = renderCross(parseNfen4(START), { view: "s" });
  for (const [seat, angle] of [["s", 0], ["w", 90], ["n", 180], ["e", 270]]) {
    const angles = new Set([...svg.matchAll(new RegExp(`data-team="${seat}" data-facing="(\\d+)"`, "g"))].map((m) => m[1]));
    assert.deepEqual([...angles], [String(angle)], seat);
  }
  // The viewer's arm is at the bottom: South's f1 at the bottom middle, West's a6 at the bottom middle from West.
  assert.deepEqual(toScreen(5, 1, "s"), [5, 10]);
  assert.deepEqual(toScreen(0, 6, "w"), [5, 10]);
  assert.deepEqual(toScreen(5, 11, "n"), [5, 10]);
  assert.deepEqual(toScreen(10, 6, "e"), [5, 10]);
  assert.deepEqual(seatsAround("n"), ["n", "e", "s", "w"]);
});

test("the panels show pools, stakes, declarations and promises; a promise and a freeze are marked", () => {
  const svg = renderCross(parseNfen4(EXTRA[1]), { names: {} });
  assert.match(svg, /declared B, promised no capture/);
  assert.match(svg, /South ✓ done/);
  assert.match(svg, /West ▶ acts/);
  assert.match(svg, /East — out/);
  assert.match(svg, /frozen by d6/);
  const bid = renderCross(parseNfen4(EXTRA[0]));
  assert.match(bid, /data-stake="s" data-value="3"/);
  assert.match(bid, /stake 3/);
  const sealed = renderCross(parseNfen4(START), { deciding: ["s", "w", "n", "e"], sealed: { w: true } });
  assert.match(sealed, /declaration sealed ✓/);
  assert.doesNotMatch(sealed, /declared /, "nothing of a sealed declaration shows");
});

test("malformed NFEN4 is refused with a reason", () => {
  const bad = [
    "",
    START.replace(" d nwse", " x nwse"),
    START.replace(" d nwse", " d nwsw"),
    START.replace("1sBsBsBsBsB1", "1sBsBsBsBsB2"),
    START.replace("wB9eB", "wB54eB"),
    START.replace("wB9eB", "wB09eB"),
    START.replace(" 0/0/0/0 ", " 0/0/0 "),
    START.replace("n[N02]", "x[N02]"),
    START.split(" ").slice(0, 9).join(" "),
  ];
  for (const text of bad) assert.throws(() => parseNfen4(text), undefined, text);
});
