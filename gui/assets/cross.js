// The four-player cross as SVG, drawn from a position model (nfen4.js): 105 squares with blank cut corners, the
// Pharaoh squares and the reduction zone marked, every piece in its team's colour and turned to face away from its
// seat, and around the cross each seat's panel (pool, stake, declaration, keep, graveyard). Every drawn thing
// carries data attributes saying what it shows, so `readDrawn4` reads the picture back into NFEN4 (the round-trip
// test, and the browser test's check that the screen shows the engine's position).

import { FILES4, SEATS, SEAT_NAMES, onCross, squareAt, PHARAOH, ZONE, frozenSquares4, eliminated4, queue4, pieceCode4, boardField4 } from "./nfen4.js";

const CELL = 50;
const SIDE = 11 * CELL;
const PW = 200; // west and east panels' width
const PH = 132; // north and south panels' height
const LBL = 16;
const X0 = PW + LBL;
const Y0 = PH + LBL;
const WIDTH = 2 * X0 + SIDE;
const HEIGHT = 2 * Y0 + SIDE;
const VAULT = 60;

/** Each team's colour and the light tint of its pieces and arm. */
export const TEAM_COLOURS = {
  s: { ink: "#1f5fbf", tint: "#dce8fb", arm: "#c9d8ef" },
  w: { ink: "#2b8a3e", tint: "#dcf2e0", arm: "#cfe4cf" },
  n: { ink: "#8e3fb0", tint: "#f0e0f7", arm: "#e0cfe6" },
  e: { ink: "#d2670a", tint: "#fbe5cf", arm: "#efd7bd" },
};
const LIT = "#d81b60";

/** A seat's forward direction on the board as (Δfile, Δrank) (F2). */
const FORWARD = { s: [0, 1], w: [1, 0], n: [0, -1], e: [-1, 0] };

function esc(s) {
  return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Board coordinates (file 0–10, rank 1–11, off-board values allowed) to the screen column and row 0–10, with
 * `view`'s seat at the bottom: its forward is up and its left → right (F2) runs left to right.
 */
export function toScreen(f, r, view = "s") {
  const y = r - 1;
  switch (view) {
    case "w": return [10 - y, 10 - f];
    case "n": return [10 - f, y];
    case "e": return [y, f];
    default: return [f, 10 - y];
  }
}

/** The seats at the bottom, left, top and right of the screen for a view (clockwise order, F9). */
export function seatsAround(view = "s") {
  const i = SEATS.indexOf(view);
  return [0, 1, 2, 3].map((k) => SEATS[(i + k) % 4]);
}

function squareXY(sq, view) {
  const [f, r] = squareAt(sq);
  const [c, row] = toScreen(f, r, view);
  return [X0 + c * CELL, Y0 + row * CELL];
}

/** The on-screen angle (degrees clockwise from up) a piece of `seat` faces: away from its seat. */
export function facing(seat, view = "s") {
  const [df, dr] = FORWARD[seat];
  const [c0, r0] = toScreen(5, 6, view);
  const [c1, r1] = toScreen(5 + df, 6 + dr, view);
  return Math.round((Math.atan2(c1 - c0, -(r1 - r0)) * 180) / Math.PI + 360) % 360;
}

function pieceTitle(p, names) {
  if (p.kind === "B") return "black Gulled";
  if (p.kind === "R") return "red Gulled";
  return `${p.id} ${names[p.id] || ""}`.trim();
}

function pieceSvg(p, cx, cy, names, frozenBy, view) {
  const team = TEAM_COLOURS[p.seat];
  const angle = facing(p.seat, view);
  const extra = (p.dratped ? ", dratped" : "") + (frozenBy ? `, frozen by ${frozenBy}` : "");
  const gulled = p.kind === "B" || p.kind === "R";
  // A shogi-like pentagon whose point shows where the piece faces; the text stays upright.
  const [hw, top, shoulder, bottom] = gulled ? [14, 17, 10, 15] : [19, 22, 13, 19];
  const shape = `${cx},${cy - top} ${cx + hw * 0.8},${cy - shoulder} ${cx + hw},${cy + bottom} ${cx - hw},${cy + bottom} ${cx - hw * 0.8},${cy - shoulder}`;
  let body;
  if (gulled) {
    const fill = p.kind === "B" ? "#262626" : "#c62828";
    body = `<polygon points="${shape}" transform="rotate(${angle} ${cx} ${cy})" fill="${fill}" stroke="${team.ink}" stroke-width="4" stroke-linejoin="round"/>`;
  } else {
    const navia = p.kind === "navia";
    body = `<polygon points="${shape}" transform="rotate(${angle} ${cx} ${cy})" fill="${team.tint}" stroke="${p.dratped ? "#e6a800" : team.ink}" stroke-width="${p.dratped || navia ? 4 : 2.5}" stroke-linejoin="round"/>`;
    if (navia) body += `<polygon points="${shape}" transform="rotate(${angle} ${cx} ${cy}) scale(0.72) translate(${cx / 0.72 - cx} ${cy / 0.72 - cy})" fill="none" stroke="${team.ink}" stroke-width="1.5"/>`;
    body += `<text x="${cx}" y="${cy + 5}" text-anchor="middle" font-size="13" font-weight="bold" fill="#1a1a1a">${esc(p.id)}</text>`;
    if (p.dratped) body += `<text x="${cx + 15}" y="${cy - 8}" text-anchor="middle" font-size="15" font-weight="bold" fill="#e6a800">+</text>`;
  }
  if (frozenBy) body += `<text x="${cx - 19}" y="${cy - 8}" font-size="14" fill="#0288d1">❄</text>`;
  return `<g class="piece" data-team="${p.seat}" data-facing="${angle}"><title>${esc(`${pieceTitle(p, names)} (${SEAT_NAMES[p.seat]}${extra})`)}</title>${body}</g>`;
}

function tokenSvg(x, y, id, attrs, lit, names, seat) {
  const gulled = id === "B" || id === "R";
  const title = id === "B" ? "black Gulled" : id === "R" ? "red Gulled" : `${id} ${names[id] || ""}`;
  const fill = id === "B" ? "#262626" : id === "R" ? "#c62828" : TEAM_COLOURS[seat].tint;
  const ink = gulled ? "#fff" : "#1a1a1a";
  return (
    `<g class="token${lit ? " lit" : ""}" ${attrs} data-id="${esc(id)}"><title>${esc(title.trim())}</title>` +
    `<rect x="${x}" y="${y}" width="40" height="24" rx="5" fill="${fill}" stroke="${lit ? LIT : TEAM_COLOURS[seat].ink}" stroke-width="${lit ? 3 : 1.4}"/>` +
    `<text x="${x + 20}" y="${y + 16}" text-anchor="middle" font-size="12" font-weight="bold" fill="${ink}">${esc(id)}</text></g>`
  );
}

/** Lays tokens out in rows from (x, y) within width `w`; returns the SVG and the y below the last row. */
function tokenRows(ids, x, y, w, draw) {
  const per = Math.max(1, Math.floor((w + 4) / 44));
  let s = "";
  ids.forEach((id, i) => {
    s += draw(x + (i % per) * 44, y + Math.floor(i / per) * 28, id);
  });
  return [s, y + Math.max(1, Math.ceil(ids.length / per)) * 28];
}

/** What the panel says about a seat's declaration in this phase. */
function declarationText(pos, i, opts) {
  const seat = SEATS[i];
  if (pos.declarations) {
    const d = pos.declarations[i];
    if (d === "-") return "declared nothing";
    return d.endsWith("!") ? `declared ${d.slice(0, -1)}, promised no capture` : `declared ${d}`;
  }
  if (opts.sealed && opts.sealed[seat]) return "declaration sealed ✓";
  return pos.phase === "d" && (opts.deciding || []).includes(seat) ? "declaring…" : "";
}

function panelSvg(pos, seat, x, y, w, h, opts) {
  const i = SEATS.indexOf(seat);
  const team = TEAM_COLOURS[seat];
  const names = opts.names || {};
  const lit = opts.highlight || {};
  const out = eliminated4(pos).includes(seat);
  const q = queue4(pos).find((e) => e.seat === seat);
  const deciding = (opts.deciding || []).includes(seat);
  const who = (opts.players && opts.players[seat]) || "";
  let s = `<g class="panel" data-panel="${seat}">`;
  s += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${deciding ? "#fff8e1" : "#f6f2ea"}" stroke="${deciding ? "#e6a800" : team.ink}" stroke-width="${deciding ? 3 : 1.5}"/>`;
  s += `<rect x="${x}" y="${y}" width="10" height="${h}" rx="4" fill="${team.ink}"/>`;
  let status = "";
  if (out) status = " — out";
  else if (q.next) status = " ▶ acts";
  else if (deciding) status = pos.phase === "a" ? " ▶ acts" : " ▶ decides";
  else if (q.done) status = " ✓ done";
  s += `<text x="${x + 16}" y="${y + 17}" font-size="14" font-weight="bold" fill="${team.ink}">${SEAT_NAMES[seat]}${status}</text>`;
  // A narrow (west or east) panel gives the player its own line.
  const narrow = w < 300;
  if (who) s += `<text x="${x + w - 6}" y="${y + (narrow ? 32 : 17)}" text-anchor="end" font-size="11" fill="#555">${esc(who)}</text>`;
  if (narrow) y += 16;
  const pool = pos.pools[i];
  const stake = pos.stakes ? pos.stakes[i] : 0;
  const bw = Math.min(150, w - 80);
  s += `<g class="pool" data-pool="${seat}" data-value="${pool}"><title>pool ${pool}, stake ${stake}, vault ${VAULT - pool - stake} (of ${VAULT})</title>`;
  s += `<rect x="${x + 16}" y="${y + 24}" width="${bw}" height="11" rx="3" fill="#eee" stroke="#aaa"/>`;
  s += `<rect x="${x + 16}" y="${y + 24}" width="${(bw * pool) / VAULT}" height="11" rx="3" fill="#f9a825"/>`;
  if (stake) s += `<rect x="${x + 16 + (bw * pool) / VAULT}" y="${y + 24}" width="${(bw * stake) / VAULT}" height="11" fill="#ef6c00"/>`;
  s += `<text x="${x + 22 + bw}" y="${y + 34}" font-size="12" fill="#333">pool ${pool}</text></g>`;
  const stakeText = pos.stakes ? `stake ${stake}` : "";
  s += `<g class="stake" data-stake="${seat}" data-value="${pos.stakes ? stake : "-"}"><text x="${x + 16}" y="${y + 50}" font-size="12" fill="#ef6c00" font-weight="bold">${stakeText}</text></g>`;
  const decl = declarationText(pos, i, opts);
  s += `<text x="${x + (stakeText ? 70 : 16)}" y="${y + 50}" font-size="12" fill="#333">${esc(decl)}</text>`;
  s += `<text x="${x + 16}" y="${y + 66}" font-size="10" fill="#666">keep</text>`;
  const actor = pos.phase === "a" && q.next;
  let [keep, below] = tokenRows(pos.keeps[i], x + 44, y + 54, w - 50, (tx, ty, id) => {
    const isLit = actor ? (lit.keep || []).includes(id) : false;
    return tokenSvg(tx, ty, id, `data-keep="${seat}"`, isLit, names, seat);
  });
  s += keep;
  s += `<text x="${x + 16}" y="${below + 14}" font-size="10" fill="#666">grave</text>`;
  const graveLit = new Set(lit.pieces || []);
  [keep, below] = tokenRows(pos.graves[i], x + 44, below + 2, w - 50, (tx, ty, id) =>
    tokenSvg(tx, ty, id, `data-grave="${seat}"`, graveLit.has(seat + id) || graveLit.has(id), names, seat));
  s += keep;
  return s + "</g>";
}

function cornerText(lines, x, y, anchor) {
  return lines.map(([text, attrs], k) => `<text x="${x}" y="${y + k * 18}" text-anchor="${anchor}" ${attrs}>${esc(text)}</text>`).join("");
}

const PHASE_NAMES = { d: "declarations", b: "bidding", p: "promise step", a: "actions" };

/**
 * The whole picture: the cross and the four seats' panels, `view`'s seat at the bottom.
 * opts: { view, names: {id: name}, highlight: { squares, keep, pieces }, origins, selected, chosen: [sq…] (the
 * squares clicked after the selected one), lastMove: [sq…],
 * players: {seat: text}, deciding: [seat…], sealed: {seat: true}, result: text }.
 */
export function renderCross(pos, opts = {}) {
  const view = opts.view || "s";
  const lit = new Set((opts.highlight && opts.highlight.squares) || []);
  const last = new Set(opts.lastMove || []);
  const frozen = frozenSquares4(pos);
  const names = opts.names || {};
  const attrs = [
    ["phase", pos.phase], ["order", pos.order], ["declarations", pos.declarations ? pos.declarations.join("/") : "-"],
    ["stakes", pos.stakes ? pos.stakes.join("/") : "-"], ["effects", pos.effects.join(",") || "-"], ["round", pos.round], ["view", view],
  ].map(([k, v]) => `data-${k}="${esc(v)}"`).join(" ");
  let s = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" class="board cross" ${attrs}>`;
  s += `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fbf8f1"/>`;
  const [bottom, left, top, right] = seatsAround(view);
  s += panelSvg(pos, top, X0, 4, SIDE, PH - 8, opts);
  s += panelSvg(pos, bottom, X0, HEIGHT - PH + 4, SIDE, PH - 8, opts);
  s += panelSvg(pos, left, 4, Y0 + 2 * CELL, PW - 8, 7 * CELL, opts);
  s += panelSvg(pos, right, WIDTH - PW + 4, Y0 + 2 * CELL, PW - 8, 7 * CELL, opts);
  const pharaoh = new Set(PHARAOH);
  const zone = new Set(ZONE);
  for (let r = 1; r <= 11; r++) {
    for (let f = 0; f < 11; f++) {
      if (!onCross(f, r)) continue;
      const sq = FILES4[f] + r;
      const [x, y] = squareXY(sq, view);
      const arm = r <= 2 ? "s" : r >= 10 ? "n" : f <= 1 ? "w" : f >= 9 ? "e" : null;
      const dark = (f + r) % 2 === 0;
      let fill = arm ? TEAM_COLOURS[arm].arm : dark ? "#d8c3a0" : "#eadcc0";
      if (arm && dark) fill = shade(fill);
      if (zone.has(sq)) fill = dark ? "#b9cbb5" : "#c8d8c3";
      if (pharaoh.has(sq)) fill = "#f1d98a";
      if (last.has(sq)) fill = "#e6d774";
      if (opts.selected === sq || (opts.chosen || []).includes(sq)) fill = "#8fcf8f";
      const p = pos.board[sq];
      s += `<g class="square${lit.has(sq) ? " lit" : ""}${pharaoh.has(sq) ? " pharaoh" : ""}${zone.has(sq) ? " zone" : ""}" data-sq="${sq}"${p ? ` data-piece="${esc(pieceCode4(p))}"` : ""}>`;
      s += `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${fill}" stroke="#a1887f" stroke-width="0.8"/>`;
      if (pharaoh.has(sq)) {
        // A small pyramid in the corner marks a Pharaoh square (F7), visible under a piece.
        s += `<polygon points="${x + 3},${y + 14} ${x + 10},${y + 3} ${x + 17},${y + 14}" fill="#c8a02c" stroke="#7a5c00" stroke-width="0.8"><title>Pharaoh square ${sq}</title></polygon>`;
      }
      if (zone.has(sq)) s += `<text x="${x + CELL - 4}" y="${y + CELL - 4}" text-anchor="end" font-size="9" fill="#4a6b45">½</text>`;
      if (p) s += pieceSvg(p, x + CELL / 2, y + CELL / 2, names, frozen[sq], view);
      if (lit.has(sq)) {
        const width = opts.origins ? 2 : 4;
        s += p
          ? `<rect x="${x + 2}" y="${y + 2}" width="${CELL - 4}" height="${CELL - 4}" fill="none" stroke="${LIT}" stroke-width="${width}" stroke-opacity="${opts.origins ? 0.7 : 1}" rx="6"/>`
          : `<circle cx="${x + CELL / 2}" cy="${y + CELL / 2}" r="9" fill="${LIT}" opacity="0.7"/>`;
      }
      s += "</g>";
    }
  }
  s += coordinates(view);
  s += cornerText([
    [`Round ${pos.round}`, `font-size="18" font-weight="bold" fill="#333"`],
    [`${PHASE_NAMES[pos.phase]}`, `font-size="14" fill="#333"`],
  ], 14, 28, "start");
  s += queueSvg(pos, 14, 74);
  s += legendSvg(WIDTH - 14, HEIGHT - 86);
  const effects = pos.effects.filter((e) => !e.startsWith("freeze:") && !e.startsWith("out:"));
  if (effects.length) s += `<text x="${WIDTH - 14}" y="28" text-anchor="end" font-size="12" fill="#7b1fa2">${esc(effects.join(" "))}</text>`;
  if (opts.result) s += cornerText(opts.result.map((t, k) => [t, `font-size="${k ? 13 : 16}" font-weight="${k ? "normal" : "bold"}" fill="#b71c1c"`]), WIDTH - 14, 52, "end");
  return s + "</svg>";
}

function shade(hex) {
  const n = parseInt(hex.slice(1), 16);
  const c = (k) => Math.max(0, ((n >> k) & 255) - 18);
  return `#${((c(16) << 16) | (c(8) << 8) | c(0)).toString(16).padStart(6, "0")}`;
}

function coordinates(view) {
  let s = "";
  for (let k = 0; k < 11; k++) {
    // The file or rank under screen column k and beside screen row k.
    let colLabel = "";
    let rowLabel = "";
    for (let f = 0; f < 11; f++) {
      for (let r = 1; r <= 11; r++) {
        const [c, row] = toScreen(f, r, view);
        if (c === k && row === 10) colLabel = view === "s" || view === "n" ? FILES4[f] : String(r);
        if (row === k && c === 0) rowLabel = view === "s" || view === "n" ? String(r) : FILES4[f];
      }
    }
    s += `<text x="${X0 + k * CELL + CELL / 2}" y="${Y0 - 4}" text-anchor="middle" font-size="11" fill="#777">${colLabel}</text>`;
    s += `<text x="${X0 + k * CELL + CELL / 2}" y="${Y0 + SIDE + 12}" text-anchor="middle" font-size="11" fill="#777">${colLabel}</text>`;
    s += `<text x="${X0 - 4}" y="${Y0 + k * CELL + CELL / 2 + 4}" text-anchor="end" font-size="11" fill="#777">${rowLabel}</text>`;
    s += `<text x="${X0 + SIDE + 4}" y="${Y0 + k * CELL + CELL / 2 + 4}" font-size="11" fill="#777">${rowLabel}</text>`;
  }
  return s;
}

/** The round's queue (or base order): upper case = done, the seat to act next ringed. */
function queueSvg(pos, x, y) {
  const q = queue4(pos);
  let s = `<g class="queue" data-queue="${esc(pos.order)}"><text x="${x}" y="${y}" font-size="12" fill="#555">${pos.phase === "a" ? "queue" : "base order"}</text>`;
  q.forEach((e, k) => {
    const cx = x + 16 + k * 40;
    const cy = y + 24;
    const ink = TEAM_COLOURS[e.seat].ink;
    s += `<circle cx="${cx}" cy="${cy}" r="15" fill="${e.done ? ink : "#fff"}" stroke="${e.next ? "#e6a800" : ink}" stroke-width="${e.next ? 4 : 2}"/>`;
    s += `<text x="${cx}" y="${cy + 5}" text-anchor="middle" font-size="14" font-weight="bold" fill="${e.done ? "#fff" : ink}">${e.done ? e.seat.toUpperCase() : e.seat}</text>`;
  });
  return s + "</g>";
}

function legendSvg(x, y) {
  return `<g class="legend">` +
    `<rect x="${x - 150}" y="${y}" width="14" height="14" fill="#f1d98a" stroke="#a1887f"/><polygon points="${x - 148},${y + 12} ${x - 143},${y + 3} ${x - 138},${y + 12}" fill="#c8a02c"/>` +
    `<text x="${x - 130}" y="${y + 12}" font-size="12" fill="#555">Pharaoh square</text>` +
    `<rect x="${x - 150}" y="${y + 20}" width="14" height="14" fill="#c8d8c3" stroke="#a1887f"/>` +
    `<text x="${x - 130}" y="${y + 32}" font-size="12" fill="#555">reduction zone</text>` +
    SEATS.map((seat, k) => `<rect x="${x - 150 + k * 38}" y="${y + 42}" width="12" height="12" fill="${TEAM_COLOURS[seat].ink}"/><text x="${x - 135 + k * 38}" y="${y + 53}" font-size="12" fill="#555">${seat.toUpperCase()}</text>`).join("") +
    `</g>`;
}

/** Reads a drawn cross (SVG text) back into NFEN4, from the data attributes alone. */
export function readDrawn4(svg) {
  const unescape = (v) => v.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const svgTag = /<svg[^>]*>/.exec(svg)[0];
  const attr = (tag, name) => {
    const m = new RegExp(`${name}="([^"]*)"`).exec(tag);
    return m ? unescape(m[1]) : null;
  };
  const codes = {};
  for (const m of svg.matchAll(/<g class="square[^"]*" data-sq="([a-k]\d+)"( data-piece="([^"]*)")?>/g)) {
    if (m[3]) codes[m[1]] = unescape(m[3]);
  }
  const pools = SEATS.map((seat) => attr(new RegExp(`<g class="pool" data-pool="${seat}"[^>]*>`).exec(svg)[0], "data-value"));
  const list = (kind, seat) => {
    const ids = [...svg.matchAll(new RegExp(`<g class="token[^"]*" data-${kind}="${seat}" data-id="([^"]*)">`, "g"))].map((m) => m[1]);
    return ids.length ? ids.join(",") : "-";
  };
  return [
    boardField4(codes),
    attr(svgTag, "data-phase"),
    attr(svgTag, "data-order"),
    attr(svgTag, "data-declarations"),
    attr(svgTag, "data-stakes"),
    pools.join("/"),
    SEATS.map((seat) => list("keep", seat)).join("/"),
    SEATS.map((seat) => list("grave", seat)).join("/"),
    attr(svgTag, "data-effects"),
    attr(svgTag, "data-round"),
  ].join(" ");
}
