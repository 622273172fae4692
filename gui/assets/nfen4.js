// NFEN4: the four-player position text the engine prints (`d` → `Fen:`, RULES.md Part 3, F35). The GUI only reads
// it to draw the cross and writes it back for the round-trip test; it never judges a position.

import { rankText } from "./nfen.js";

/** Files of the cross, west to east (F1). */
export const FILES4 = "abcdefghijk";

/** The seats in their fixed order (F9), and their names. */
export const SEATS = ["s", "w", "n", "e"];
export const SEAT_NAMES = { s: "South", w: "West", n: "North", e: "East" };

/** Whether file 0–10 and rank 1–11 name a square of the cross: the 11 × 11 square less its 2 × 2 corners (F1). */
export function onCross(file, rank) {
  const edge = (x) => x <= 1 || x >= 9;
  return file >= 0 && file <= 10 && rank >= 1 && rank <= 11 && !(edge(file) && edge(rank - 1));
}

/** Every square of the cross, rank 1 first, west to east in each rank: 105 names. */
export const SQUARES4 = [];
for (let r = 1; r <= 11; r++) for (let f = 0; f < 11; f++) if (onCross(f, r)) SQUARES4.push(FILES4[f] + r);

/** The Pharaoh squares (F7) and the reduction zone (F6). */
export const PHARAOH = ["c3", "i3", "c9", "i9"];
export const ZONE = ["d6", "e6", "f6", "g6", "h6", "f4", "f5", "f7", "f8"];

/** A square name's file index and rank, e.g. "c10" → [2, 10]. */
export function squareAt(sq) {
  return [FILES4.indexOf(sq[0]), Number(sq.slice(1))];
}

function splitList(field) {
  return field === "-" ? [] : field.split(",");
}

function fourParts(field, name, each = (x) => x) {
  const parts = field.split("/");
  if (parts.length !== 4) throw new Error(`NFEN4 ${name} has ${parts.length} parts, expected 4 (s/w/n/e)`);
  return parts.map(each);
}

function count(text, name) {
  if (!/^(0|[1-9]\d*)$/.test(text)) throw new Error(`NFEN4 ${name}: '${text}' is not a number`);
  return Number(text);
}

/** The board field: ranks 11 down to 1, each listing only its existing squares (F35 field 1). */
function parseBoard4(text) {
  const ranks = text.split("/");
  if (ranks.length !== 11) throw new Error(`NFEN4 board has ${ranks.length} ranks, expected 11`);
  const board = {};
  ranks.forEach((rankText, i) => {
    const rank = 11 - i;
    const files = [];
    for (let f = 0; f < 11; f++) if (onCross(f, rank)) files.push(f);
    let at = 0;
    let consumed = 0;
    let lastWasCount = false;
    const re = /(\d+)|([swne])(?:([BR])|\[(\+?)([NM]\d\d+)\])/g;
    let m;
    while ((m = re.exec(rankText)) !== null) {
      if (m.index !== consumed) break;
      consumed = re.lastIndex;
      if (m[1]) {
        const n = Number(m[1]);
        if (n < 1 || n > 11 || m[1].startsWith("0") || lastWasCount) throw new Error(`NFEN4 rank ${rank}: bad count in '${rankText}'`);
        at += n;
        lastWasCount = true;
        continue;
      }
      lastWasCount = false;
      if (at >= files.length) throw new Error(`NFEN4 rank ${rank}: '${rankText}' is longer than ${files.length} squares`);
      const sq = FILES4[files[at]] + rank;
      if (m[3]) board[sq] = { seat: m[2], kind: m[3], id: m[3], dratped: false };
      else board[sq] = { seat: m[2], kind: m[5][0] === "N" ? "navia" : "maseitai", id: m[5], dratped: m[4] === "+" };
      at += 1;
    }
    if (consumed !== rankText.length || at !== files.length) {
      throw new Error(`NFEN4 rank ${rank}: '${rankText}' is not ${files.length} squares`);
    }
  });
  return board;
}

/**
 * Reads an NFEN4 into { board: {sq: piece}, phase, order, declarations, stakes, pools, keeps, graves, effects,
 * round }. A piece is { seat: "s"|"w"|"n"|"e", kind: "B"|"R"|"navia"|"maseitai", id, dratped }; declarations and
 * stakes are null where the field is `-`. Throws on malformed text (the syntax only: the engine judges the rest).
 */
export function parseNfen4(text) {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 10) throw new Error(`NFEN4 has ${fields.length} fields, expected 10`);
  const [boardText, phase, order, decls, stakes, pools, keeps, graves, effects, round] = fields;
  const board = parseBoard4(boardText);
  if (!["d", "b", "p", "a"].includes(phase)) throw new Error(`NFEN4 phase '${phase}' is not d, b, p or a`);
  if (!/^[swneSWNE]{4}$/.test(order) || new Set(order.toLowerCase()).size !== 4) {
    throw new Error(`NFEN4 order '${order}' does not name the four seats once each`);
  }
  const declarations = decls === "-" ? null : fourParts(decls, "declarations", (d) => {
    if (!/^(N|B|R|M\d\d+|-)!?$/.test(d)) throw new Error(`NFEN4 declaration '${d}' is not N, M<id>, B, R or -`);
    return d;
  });
  return {
    board,
    phase,
    order,
    declarations,
    stakes: stakes === "-" ? null : fourParts(stakes, "stakes", (x) => count(x, "stakes")),
    pools: fourParts(pools, "pools", (x) => count(x, "pools")),
    keeps: fourParts(keeps, "keeps", splitList),
    graves: fourParts(graves, "graveyards", splitList),
    effects: splitList(effects),
    round: count(round, "round"),
  };
}

/** The NFEN4 text of one piece, as the board field writes it (`sB`, `n[N02]`, `e[+M06]`). */
export function pieceCode4(p) {
  if (p.kind === "B" || p.kind === "R") return p.seat + p.kind;
  return `${p.seat}[${p.dratped ? "+" : ""}${p.id}]`;
}

function listText(items) {
  return items.length === 0 ? "-" : items.join(",");
}

/** The board field from a map of square → NFEN4 piece code. */
export function boardField4(codes) {
  const ranks = [];
  for (let rank = 11; rank >= 1; rank--) {
    const files = [...FILES4].filter((_, f) => onCross(f, rank));
    ranks.push(rankText(files.map((f) => codes[f + rank])));
  }
  return ranks.join("/");
}

/** Writes a position model back as NFEN4 (the inverse of parseNfen4 for canonical text). */
export function writeNfen4(pos) {
  const codes = Object.fromEntries(Object.entries(pos.board).map(([sq, p]) => [sq, pieceCode4(p)]));
  return [
    boardField4(codes),
    pos.phase,
    pos.order,
    pos.declarations ? pos.declarations.join("/") : "-",
    pos.stakes ? pos.stakes.join("/") : "-",
    pos.pools.join("/"),
    pos.keeps.map(listText).join("/"),
    pos.graves.map(listText).join("/"),
    listText(pos.effects),
    String(pos.round),
  ].join(" ");
}

/** The squares frozen by a `freeze:<by><target>` effect, as { target: by }. */
export function frozenSquares4(pos) {
  const out = {};
  for (const e of pos.effects) {
    const m = /^freeze:([a-k]\d+)([a-k]\d+)$/.exec(e);
    if (m) out[m[2]] = m[1];
  }
  return out;
}

/** The seats eliminated (`out:<seat>` effects, F33). */
export function eliminated4(pos) {
  return pos.effects.filter((e) => e.startsWith("out:")).map((e) => e.slice(4));
}

/**
 * The round's queue as the page shows it (F35 field 3): in phase `a` each seat with whether it is done (upper case)
 * and the seat to act next (the first lower-case one); in other phases the base order, nobody done.
 */
export function queue4(pos) {
  const seats = [...pos.order].map((c) => ({ seat: c.toLowerCase(), done: pos.phase === "a" && c !== c.toLowerCase() }));
  const next = pos.phase === "a" ? seats.find((s) => !s.done) : undefined;
  return seats.map((s) => ({ ...s, next: next !== undefined && s.seat === next.seat }));
}
