// NFEN: the position text the engine prints (`d` → `Fen:`). The GUI only reads it to draw the board and writes
// it back for the round-trip test; it never judges a position.

export const FILES = "abcdefg";

/** Every square name, a1 … g7. */
export const SQUARES = [];
for (let r = 1; r <= 7; r++) for (const f of FILES) SQUARES.push(f + r);

function splitList(field) {
  return field === "-" ? [] : field.split(",");
}

/**
 * Reads an NFEN into { board: {sq: piece}, side, pools: [p1, p2], keeps: [[ids],[ids]], graves, effects, turn }.
 * A piece is { owner: 0|1, kind: "B"|"R"|"navia"|"maseitai", id, dratped }. Throws on malformed text.
 */
export function parseNfen(text) {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 7) throw new Error(`NFEN has ${fields.length} fields, expected 7`);
  const [boardText, side, pools, keeps, graves, effects, turn] = fields;
  const ranks = boardText.split("/");
  if (ranks.length !== 7) throw new Error("NFEN board needs 7 ranks");
  const board = {};
  ranks.forEach((rankText, i) => {
    const rank = 7 - i;
    let file = 0;
    const re = /(\d)|([BRbr])|\[(\+?)([NMnm]\d+)\]/g;
    let m;
    let consumed = 0;
    while ((m = re.exec(rankText)) !== null) {
      if (m.index !== consumed) throw new Error(`NFEN rank ${rank}: unreadable '${rankText}'`);
      consumed = re.lastIndex;
      if (m[1]) {
        file += Number(m[1]);
        continue;
      }
      if (file > 6) throw new Error(`NFEN rank ${rank} is longer than 7 squares`);
      const sq = FILES[file] + rank;
      if (m[2]) {
        board[sq] = { owner: m[2] === m[2].toUpperCase() ? 0 : 1, kind: m[2].toUpperCase(), id: m[2].toUpperCase(), dratped: false };
      } else {
        const raw = m[4];
        const id = raw.toUpperCase();
        board[sq] = {
          owner: raw === id ? 0 : 1,
          kind: id.startsWith("N") ? "navia" : "maseitai",
          id,
          dratped: m[3] === "+",
        };
      }
      file += 1;
    }
    if (consumed !== rankText.length || file !== 7) throw new Error(`NFEN rank ${rank}: '${rankText}' is not 7 squares`);
  });
  if (side !== "w" && side !== "b") throw new Error("NFEN side must be w or b");
  const pool = pools.split("/").map(Number);
  const keep = keeps.split("/").map(splitList);
  const grave = graves.split("/").map(splitList);
  if (pool.length !== 2 || keep.length !== 2 || grave.length !== 2) throw new Error("NFEN pools, keeps and graveyards have two sides");
  return {
    board,
    side: side === "w" ? 0 : 1,
    pools: pool,
    keeps: keep,
    graves: grave,
    effects: splitList(effects),
    turn: Number(turn),
  };
}

function pieceText(p) {
  if (p.kind === "B" || p.kind === "R") return p.owner === 0 ? p.kind : p.kind.toLowerCase();
  const id = p.owner === 0 ? p.id : p.id.toLowerCase();
  return `[${p.dratped ? "+" : ""}${id}]`;
}

function listText(items) {
  return items.length === 0 ? "-" : items.join(",");
}

/** Writes a position model back as NFEN (the inverse of parseNfen for canonical text). */
export function writeNfen(pos) {
  const ranks = [];
  for (let rank = 7; rank >= 1; rank--) {
    let text = "";
    let empty = 0;
    for (const f of FILES) {
      const p = pos.board[f + rank];
      if (!p) {
        empty += 1;
        continue;
      }
      if (empty) text += empty;
      empty = 0;
      text += pieceText(p);
    }
    if (empty) text += empty;
    ranks.push(text);
  }
  return [
    ranks.join("/"),
    pos.side === 0 ? "w" : "b",
    pos.pools.join("/"),
    pos.keeps.map(listText).join("/"),
    pos.graves.map(listText).join("/"),
    listText(pos.effects),
    String(pos.turn),
  ].join(" ");
}

/** The squares frozen by a `freeze:<by><target>` effect, as { target: by }. */
export function frozenSquares(pos) {
  const out = {};
  for (const e of pos.effects) {
    const m = /^freeze:([a-g][1-7])([a-g][1-7])$/.exec(e);
    if (m) out[m[2]] = m[1];
  }
  return out;
}

/** Reads the fixed lines of `d` (Fen, Result, Key …) into an object keyed by their label. */
export function parseDiagram(lines) {
  const out = {};
  for (const line of lines) {
    const m = /^(Side to move|Pools|Keeps|Graveyards|Effects|Fen|Key|Result|Check): ?(.*)$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/** One rank of a board field from its squares' piece codes, west to east (empty squares falsy): runs of empty
 * squares become their count, so ['B', null, null, 'R'] gives "B2R" (the two-player and the four-player field). */
export function rankText(codes) {
  let text = "";
  let empty = 0;
  for (const code of codes) {
    if (!code) {
      empty += 1;
      continue;
    }
    if (empty) text += empty;
    empty = 0;
    text += code;
  }
  return text + (empty ? empty : "");
}
