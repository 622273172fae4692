// Records: the PGN dratp-match writes (MATCH.md) reads into tags and move texts; what the GUI writes reads back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parsePgn, writePgn } from "../assets/pgn.js";

const MATCH_RECORD = `[Event "dratp-match"]
[Site "?"]
[Date "2026.11.22"]
[Round "1"]
[White "a"]
[Black "b"]
[Result "1-0"]
[Variant "naviadratp"]
[FEN "1r1[n01]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[N03]1R1 w 0/0 M03,M04,M05,M05,M07,M07,M08/M02,M04,M05,M06,M09,M14,M14 -/- - 1"]
[SetUp "1"]
[TimeControl "3+0.05"]
[PlyCount "5"]
[Termination "normal"]

1. M07@a1 {-0.16/9 0.059s} M02@a7 {+0.25/9 0.069s} 2. M03@c1 {-0.23/10 0.160s}
a1a2+:c3,e5 {+M3/4 0.01s} 3. a7^:M01@g1 {White takes the Navia} 1-0

[Event "dratp-match"]
[Result "*"]

1. c2c3 *
`;

test("reads dratp-match records, several games to a file", () => {
  const games = parsePgn(MATCH_RECORD);
  assert.equal(games.length, 2);
  assert.equal(games[0].tags.FEN.split(" ").length, 7);
  assert.deepEqual(games[0].moves, ["M07@a1", "M02@a7", "M03@c1", "a1a2+:c3,e5", "a7^:M01@g1"]);
  assert.equal(games[0].result, "1-0");
  assert.deepEqual(games[1].moves, ["c2c3"]);
  assert.equal(games[1].result, "*");
});

test("what the GUI writes reads back", () => {
  const tags = { Event: "dratp-gui", White: "human", Black: 'dr"atp', Result: "0-1", FEN: "7/7/7/7/7/7/7 w 0/0 -/- -/- - 1" };
  const moves = Array.from({ length: 41 }, (_, i) => (i % 2 ? "M05@a1" : "c3+:M01@a1"));
  const text = writePgn(tags, moves, moves.map((_, i) => (i % 3 ? "" : "+1.20/8 0.500s")));
  const [game] = parsePgn(text);
  assert.deepEqual(game.moves, moves);
  assert.equal(game.tags.Black, 'dr"atp');
  assert.equal(game.result, "0-1");
  assert.ok(text.split("\n").every((l) => l.length <= 100));
});
