// The board as SVG, drawn from a position model (nfen.js). Every drawn thing carries data attributes saying what it
// shows, so `readDrawn` can read the picture back into NFEN (the round-trip test, and the browser test's check that
// the screen shows the engine's position).

import { FILES, frozenSquares, rankText } from "./nfen.js";

const CELL = 64;
const STRIP = 92;
const LEFT = 22;
const WIDTH = LEFT * 2 + CELL * 7;
const HEIGHT = STRIP * 2 + CELL * 7 + 36;
const VAULT = 60;

function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The NFEN text of one piece (as the board field writes it). */
function pieceCode(p) {
  if (p.kind === "B" || p.kind === "R") return p.owner === 0 ? p.kind : p.kind.toLowerCase();
  return `[${p.dratped ? "+" : ""}${p.owner === 0 ? p.id : p.id.toLowerCase()}]`;
}

function squareXY(sq, flip) {
  const f = FILES.indexOf(sq[0]);
  const r = Number(sq[1]);
  const col = flip ? 6 - f : f;
  const row = flip ? r - 1 : 7 - r;
  return [LEFT + col * CELL, STRIP + 18 + row * CELL];
}

function pieceSvg(p, cx, cy, names, frozenBy, flip) {
  const mine = p.owner === 0;
  const title = p.kind === "B" ? "black Gulled" : p.kind === "R" ? "red Gulled" : `${p.id} ${names[p.id] || ""}`.trim();
  const who = mine ? "first player" : "second player";
  const extra = (p.dratped ? ", dratped" : "") + (frozenBy ? `, frozen by ${frozenBy}` : "");
  // The owner's forward direction on screen, for the small pointer (first player up unless turned).
  const up = mine !== flip;
  let body;
  if (p.kind === "B" || p.kind === "R") {
    const fill = p.kind === "B" ? "#222" : "#c62828";
    body = `<circle cx="${cx}" cy="${cy}" r="17" fill="${fill}" stroke="${mine ? "#f5f5f5" : "#111"}" stroke-width="3"/>`;
  } else {
    const navia = p.kind === "navia";
    const fill = mine ? "#f7f1e1" : "#3b3f58";
    const ink = mine ? "#222" : "#f5f5f5";
    const rim = p.dratped ? "#e6a800" : navia ? "#7b1fa2" : mine ? "#8d6e63" : "#9fa8da";
    body =
      `<rect x="${cx - 25}" y="${cy - 22}" width="50" height="44" rx="${navia ? 22 : 7}" fill="${fill}" stroke="${rim}" stroke-width="${p.dratped ? 4 : 2.5}"/>` +
      `<text x="${cx}" y="${cy + 6}" text-anchor="middle" font-size="16" font-weight="bold" fill="${ink}">${esc(p.id)}</text>`;
    if (p.dratped) body += `<text x="${cx + 17}" y="${cy - 9}" text-anchor="middle" font-size="15" font-weight="bold" fill="#e6a800">+</text>`;
  }
  const tip = up ? `${cx - 5},${cy - 24} ${cx + 5},${cy - 24} ${cx},${cy - 30}` : `${cx - 5},${cy + 24} ${cx + 5},${cy + 24} ${cx},${cy + 30}`;
  body += `<polygon points="${tip}" fill="${mine ? "#f5f5f5" : "#111"}" stroke="#555" stroke-width="0.8"/>`;
  if (frozenBy) body += `<text x="${cx - 18}" y="${cy - 8}" font-size="15" fill="#0288d1">❄</text>`;
  return `<g class="piece"><title>${esc(`${title} (${who}${extra})`)}</title>${body}</g>`;
}

function tokenSvg(x, y, id, attrs, lit, names) {
  const gulled = id === "B" || id === "R";
  const title = id === "B" ? "black Gulled" : id === "R" ? "red Gulled" : `${id} ${names[id] || ""}`;
  const fill = id === "B" ? "#222" : id === "R" ? "#c62828" : "#fffdf5";
  const ink = gulled ? "#fff" : "#222";
  return (
    `<g class="token${lit ? " lit" : ""}" ${attrs} data-id="${esc(id)}"><title>${esc(title.trim())}</title>` +
    `<rect x="${x}" y="${y}" width="40" height="26" rx="5" fill="${fill}" stroke="${lit ? "#2e7d32" : "#8d6e63"}" stroke-width="${lit ? 3 : 1.2}"/>` +
    `<text x="${x + 20}" y="${y + 18}" text-anchor="middle" font-size="13" font-weight="bold" fill="${ink}">${esc(id)}</text></g>`
  );
}

function stripSvg(pos, side, y, opts) {
  const names = opts.names || {};
  const lit = opts.highlight || {};
  const who = side === 0 ? "First player" : "Second player";
  const toMove = pos.side === side;
  let s = `<g class="strip" data-strip="${side}">`;
  s += `<rect x="4" y="${y}" width="${WIDTH - 8}" height="${STRIP - 6}" rx="8" fill="${toMove ? "#fff8e1" : "#f3efe6"}" stroke="${toMove ? "#e6a800" : "#d7ccc8"}"/>`;
  s += `<text x="14" y="${y + 18}" font-size="13" font-weight="bold" fill="#333">${who}${toMove ? " ▶ to move" : ""}</text>`;
  const pool = pos.pools[side];
  const bx = WIDTH - 190;
  s += `<g class="pool" data-pool="${side}" data-value="${pool}"><title>gyullas ${pool} of the vault's ${VAULT}</title>`;
  s += `<rect x="${bx}" y="${y + 7}" width="120" height="13" rx="3" fill="#eee" stroke="#aaa"/>`;
  s += `<rect x="${bx}" y="${y + 7}" width="${(120 * pool) / VAULT}" height="13" rx="3" fill="#f9a825"/>`;
  s += `<text x="${bx + 126}" y="${y + 18}" font-size="13" fill="#333">${pool} / ${VAULT}</text></g>`;
  s += `<text x="14" y="${y + 42}" font-size="11" fill="#666">keep</text>`;
  pos.keeps[side].forEach((id, i) => {
    const isLit = side === pos.side ? (lit.keep || []).includes(id) || (lit.pieces || []).includes(id) : (lit.pieces || []).includes(id);
    s += tokenSvg(48 + i * 44, y + 26, id, `data-keep="${side}"`, isLit, names);
  });
  s += `<text x="14" y="${y + 72}" font-size="11" fill="#666">grave</text>`;
  const graves = pos.graves[side];
  const step = graves.length > 11 ? Math.floor(440 / graves.length) : 40;
  graves.forEach((id, i) => {
    s += tokenSvg(48 + i * step, y + 56, id, `data-grave="${side}"`, (lit.pieces || []).includes(id), names);
  });
  return s + "</g>";
}

/**
 * The whole picture: the second player's strip, the board, the first player's strip (swapped when turned).
 * opts: { flip, names: {id: name}, highlight: { squares, keep, pieces }, origins, selected: sq, lastMove: [sq…], check: sq }.
 */
export function renderBoard(pos, opts = {}) {
  const flip = Boolean(opts.flip);
  const lit = new Set((opts.highlight && opts.highlight.squares) || []);
  const last = new Set(opts.lastMove || []);
  const frozen = frozenSquares(pos);
  const names = opts.names || {};
  let s = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" class="board" data-side="${pos.side === 0 ? "w" : "b"}" data-turn="${pos.turn}" data-effects="${esc(pos.effects.join(",") || "-")}" data-flip="${flip}">`;
  s += `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fbf8f1"/>`;
  s += stripSvg(pos, flip ? 0 : 1, 4, opts);
  s += stripSvg(pos, flip ? 1 : 0, HEIGHT - STRIP + 2, opts);
  for (let r = 1; r <= 7; r++) {
    for (const f of FILES) {
      const sq = f + r;
      const [x, y] = squareXY(sq, flip);
      const dark = (FILES.indexOf(f) + r) % 2 === 0;
      let fill = dark ? "#d8c3a0" : "#eadcc0";
      if (last.has(sq)) fill = "#e6d774";
      if (opts.selected === sq) fill = "#8fcf8f";
      if (opts.check === sq) fill = "#ef9a9a";
      s += `<g class="square${lit.has(sq) ? " lit" : ""}" data-sq="${sq}"${pos.board[sq] ? ` data-piece="${esc(pieceCode(pos.board[sq]))}"` : ""}>`;
      s += `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${fill}" stroke="#a1887f" stroke-width="0.8"/>`;
      if (pos.board[sq]) s += pieceSvg(pos.board[sq], x + CELL / 2, y + CELL / 2, names, frozen[sq], flip);
      if (lit.has(sq)) {
        // Pieces that can act (nothing chosen yet) get a thin ring; targets of the current choice a bold one.
        const width = opts.origins ? 2 : 4;
        s += pos.board[sq]
          ? `<rect x="${x + 3}" y="${y + 3}" width="${CELL - 6}" height="${CELL - 6}" fill="none" stroke="#2e7d32" stroke-width="${width}" stroke-opacity="${opts.origins ? 0.6 : 1}" rx="6"/>`
          : `<circle cx="${x + CELL / 2}" cy="${y + CELL / 2}" r="10" fill="#2e7d32" opacity="0.65"/>`;
      }
      s += "</g>";
    }
  }
  for (let i = 0; i < 7; i++) {
    const f = flip ? FILES[6 - i] : FILES[i];
    const r = flip ? i + 1 : 7 - i;
    s += `<text x="${LEFT + i * CELL + CELL / 2}" y="${STRIP + 12}" text-anchor="middle" font-size="11" fill="#777">${f}</text>`;
    s += `<text x="9" y="${STRIP + 18 + i * CELL + CELL / 2 + 4}" text-anchor="middle" font-size="11" fill="#777">${r}</text>`;
  }
  const effects = pos.effects.filter((e) => !e.startsWith("freeze:"));
  if (effects.length) {
    s += `<text x="${WIDTH - LEFT}" y="${STRIP + 12}" text-anchor="end" font-size="11" fill="#7b1fa2">${esc(effects.join(" "))}</text>`;
  }
  return s + "</svg>";
}

/** Reads a drawn board (SVG text) back into NFEN, from the data attributes alone. */
export function readDrawn(svg) {
  const attr = (tag, name) => {
    const m = new RegExp(`${name}="([^"]*)"`).exec(tag);
    return m ? m[1].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&") : null;
  };
  const svgTag = /<svg[^>]*>/.exec(svg)[0];
  const board = {};
  for (const m of svg.matchAll(/<g class="square[^"]*" data-sq="([a-g][1-7])"( data-piece="([^"]*)")?>/g)) {
    if (m[3]) board[m[1]] = m[3];
  }
  const ranks = [];
  for (let r = 7; r >= 1; r--) {
    ranks.push(rankText([...FILES].map((f) => board[f + r])));
  }
  const pools = [0, 1].map((side) => attr(new RegExp(`<g class="pool" data-pool="${side}"[^>]*>`).exec(svg)[0], "data-value"));
  const list = (kind, side) => {
    const ids = [...svg.matchAll(new RegExp(`<g class="token[^"]*" data-${kind}="${side}" data-id="([^"]*)">`, "g"))].map((m) => m[1]);
    return ids.length ? ids.join(",") : "-";
  };
  return [
    ranks.join("/"),
    attr(svgTag, "data-side"),
    pools.join("/"),
    `${list("keep", 0)}/${list("keep", 1)}`,
    `${list("grave", 0)}/${list("grave", 1)}`,
    attr(svgTag, "data-effects"),
    attr(svgTag, "data-turn"),
  ].join(" ");
}
