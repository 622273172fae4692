// The board drawn from an NFEN reads back to the same NFEN: pieces, dratps, pools, keeps, graveyards, effects.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parseNfen, writeNfen } from "../assets/nfen.js";
import { renderBoard, readDrawn } from "../assets/board.js";

const { positions } = JSON.parse(readFileSync(new URL("./fixtures/positions.json", import.meta.url)));

const EXTRA = [
  // Kanaba's freeze, a Navia goal, a dratped Navia, full pools and graveyards of both kinds.
  "Br1[n02]1r1/bbbbbbb/7/1[M13]3[M14]1/[M05]1[+M06]1[M07]1[M08]/BBBBBB1/1R1[N01]1R1 w 30/0 M02,M03,M04/M09,M10,M11,M12 M01/- - 10",
  "1r5/bbbbbbb/7/3[n02]3/[+M18]6/BBBB3/1R1[N01]1R1 b 60/12 -/M09 B,B,M01/R,b,M04 freeze:a3d4 31",
  "1r1[N01]1r1/bbbbbbb/7/7/7/7/1R5 b 3/7 -/- -/- goal:w 40",
  "7/7/3[+n02]3/7/7/7/3[+N01]3 w 0/0 -/- -/- - 99",
];

test("drawn boards read back to the engine's NFEN, both ways up", () => {
  const fens = [...positions.map((p) => p.fen), ...EXTRA];
  assert.ok(fens.length >= 300);
  for (const fen of fens) {
    const pos = parseNfen(fen);
    assert.equal(writeNfen(pos), fen, "parse then write is the identity");
    for (const flip of [false, true]) {
      assert.equal(readDrawn(renderBoard(pos, { flip, names: { M01: "Troll" } })), fen, `flip ${flip}`);
    }
  }
});

test("a frozen piece and a dratped piece are marked on the picture", () => {
  const svg = renderBoard(parseNfen(EXTRA[1]), { names: { M18: "Kanaba" } });
  assert.match(svg, /frozen by a3/);
  assert.match(svg, /M18 Kanaba \(first player, dratped\)/);
  assert.match(svg, /data-pool="0" data-value="60"/);
});

test("malformed NFEN is refused", () => {
  for (const bad of ["", "7/7/7 w 0/0", "8/7/7/7/7/7/7 w 0/0 -/- -/- - 1", "7/7/7/7/7/7/7 x 0/0 -/- -/- - 1"]) {
    assert.throws(() => parseNfen(bad));
  }
});
