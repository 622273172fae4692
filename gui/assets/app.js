// The page: a game driven through engines in slots. The "board" engine is asked for every position (`d` and
// `legal`); the players' engines are asked for moves; the "ana" engine analyses. The page holds no rules: what is
// drawn is the engine's NFEN, what can be clicked is the engine's `legal` list.

import { Hub, Engine } from "./engine.js";
import { parseNfen, parseDiagram } from "./nfen.js";
import { renderBoard } from "./board.js";
import { buildEntry, click, highlights, buttonLabel } from "./entry.js";
import { parseCatalogue, compassSvg, effectWords } from "./compass.js";
import { parsePgn, writePgn } from "./pgn.js";
import { initFour } from "./app4.js";
import { resultText, resultTags, timeForfeit, recordedForfeit, clockText, clocksAt, parseForce, forceText, counts } from "./game.js";

const $ = (id) => document.getElementById(id);
const ENGINE_TIMEOUT_GRACE = 5000;

const state = {
  hub: null,
  engines: [],
  board: null, // the board keeper engine
  players: [null, null],
  ana: null,
  catalogue: [],
  names: {},
  // The game: how it starts, the moves, and per ply the engine's comment {score/depth time}.
  start: "startpos",
  startFen: null,
  moves: [],
  comments: [],
  scores: [], // per ply: score from the first player's view in cp (mate as ±10000), or null
  sides: [{ kind: "human" }, { kind: "human" }],
  view: 0, // ply shown
  current: null, // { fen, pos, legal, entry, result, diagram }
  prefix: [],
  flip: false,
  paused: false,
  thinking: false,
  clocks: [0, 0], // ms left on each clock when its side's turn began
  running: null, // the side whose clock runs, or null
  turnStart: null, // when the running clock started (performance.now())
  clockPly: -1, // the ply at which the running clock started
  forfeit: null, // the result once a side has run out of time
  liveResult: "none", // the result at the last ply of the game
  refusal: "", // the engine's error when it refused the last setup
  draft: null, // { pool, picks } of the last draft
  gameId: 0,
  troubleSlot: null,
  troubles: 0,
  loading: 0, // games being set up: clicks wait until the new game is shown
  fetching: 0, // positions being asked of the board engine
};
window.dratpState = state;
/** Four-seat games (app4.js), set up once the board engine runs. */
let fourMode = null;

function log(line) {
  const el = $("log");
  el.textContent += line + "\n";
  el.scrollTop = el.scrollHeight;
}

function showTrouble(slot, kind, message) {
  const who = {
    board: "The board engine", ana: "The analysis engine", p1: "The engine playing first", p2: "The engine playing second",
    seats: "The engine playing South", seatw: "The engine playing West", seatn: "The engine playing North", seate: "The engine playing East",
  }[slot] || "The dratp-gui server";
  const what = {
    crash: "stopped running",
    hang: "stopped answering",
    garbage: "answered something unreadable",
    illegal: "answered a move that is not legal here",
  }[kind] || "has a problem";
  $("trouble-text").textContent = `${who} ${what}: ${message}. The game is kept as it was.`;
  $("trouble").hidden = false;
  state.troubleSlot = slot;
  state.troubles += 1;
}

function positionLine(ply) {
  const moves = state.moves.slice(0, ply);
  return `position ${state.start}${moves.length ? " moves " + moves.join(" ") : ""}`;
}

function makeEngine(slot, index) {
  const e = new Engine(state.hub, slot, index);
  e.onTrouble = (kind, message) => showTrouble(slot, kind, message);
  return e;
}

/** Asks the board engine for ply `ply`: its NFEN, result and legal actions. Throws the engine's error line. */
async function fetchPosition(ply) {
  const out = await state.board.query([positionLine(ply), "d", "legal"]);
  const error = out.find((l) => l.startsWith("info string error:"));
  if (error) throw new Error(error.slice("info string error: ".length));
  const diagram = parseDiagram(out);
  const legalLine = out.find((l) => l === "legal" || l.startsWith("legal "));
  if (!diagram.Fen || legalLine === undefined) throw new Error("the board engine did not print its position");
  const legal = legalLine.split(/\s+/).slice(1);
  const pos = parseNfen(diagram.Fen);
  return { fen: diagram.Fen, pos, legal, entry: buildEntry(legal), result: diagram.Result || "none", diagram };
}

function lastMoveSquares(text) {
  if (!text) return [];
  return (text.split(":")[0].match(/[a-g][1-7]/g) || []).slice(0, 2);
}

function draw() {
  const cur = state.current;
  if (!cur) return;
  const live = state.view === state.moves.length && cur.result === "none" && isHumanTurn();
  const h = live ? highlights(cur.entry, state.prefix) : { squares: [], keep: [], pieces: [], buttons: [] };
  const selected = state.prefix.length && state.prefix[0].startsWith("sq:") ? state.prefix[0].slice(3) : null;
  $("board").innerHTML = renderBoard(cur.pos, {
    flip: state.flip,
    names: state.names,
    highlight: h,
    origins: state.prefix.length === 0,
    selected,
    lastMove: lastMoveSquares(state.moves[state.view - 1]),
    check: /^[a-g][1-7]$/.test(cur.diagram.Check || "") ? cur.diagram.Check : null,
  });
  $("board").dataset.fen = cur.fen;
  $("board").dataset.ply = state.view;
  const prompt = $("prompt");
  prompt.innerHTML = "";
  if (live && h.buttons.length) {
    for (const atom of h.buttons) {
      const b = document.createElement("button");
      b.textContent = buttonLabel(atom, state.names);
      b.dataset.atom = atom;
      b.onclick = () => onClick({ type: "button", atom });
      prompt.appendChild(b);
    }
  }
  if (live) {
    const hint = document.createElement("span");
    hint.className = "hint";
    hint.textContent = state.prefix.length === 0
      ? "Click a piece or a Maseitai in your keep."
      : h.buttons.length ? "Choose, or click a lit square. Esc cancels." : "Click a lit square or piece to choose. Esc cancels.";
    prompt.appendChild(hint);
  }
  const side = cur.pos.side === 0 ? "First player" : "Second player";
  const res = resultText(cur.result);
  const last = state.view > 0 ? `, last move ${state.moves[state.view - 1]}` : "";
  $("status").innerHTML = res
    ? `<span class="result" id="result">${res}</span>`
    : `${side} to move, turn ${cur.pos.turn}${last}${/^[a-g][1-7]$/.test(cur.diagram.Check || "") ? " — check on the Navia!" : ""}${state.thinking ? " — engine thinking…" : ""}`;
  drawClocks();
  $("fen-text").value = cur.fen;
  drawMoveList();
  drawGraph();
}

function drawClocks() {
  const left = clocksAt(state.clocks, state.running, state.turnStart, performance.now());
  $("clocks").textContent = state.sides.some((s) => s.tc === "clock")
    ? `Clocks — first player ${clockText(left[0])}, second player ${clockText(left[1])}`
    : "";
}

/** Called often: redraws the clocks and ends the game when the running clock reaches zero. */
function tick() {
  if (state.running === null) return;
  const left = clocksAt(state.clocks, state.running, state.turnStart, performance.now());
  if (left[state.running] <= 0) flag(state.running, left);
  else drawClocks();
}

/** Side `loser` ran out of time: the game ends, the clocks stop, and a thinking engine is told to stop. */
function flag(loser, left) {
  state.clocks = left.map((ms) => Math.max(0, ms));
  state.running = null;
  state.forfeit = timeForfeit(loser);
  state.liveResult = state.forfeit;
  if (state.view === state.moves.length) state.current.result = state.forfeit;
  state.prefix = [];
  const eng = state.players[loser];
  if (state.thinking && eng && eng.alive) eng.send("stop");
  log(`the ${loser ? "second" : "first"} player ran out of time`);
  draw();
  restartAnalysis();
}

/** Stops the running clock, charging the side to move for its time so far. */
function holdClock() {
  if (state.running === null) return;
  state.clocks = clocksAt(state.clocks, state.running, state.turnStart, performance.now());
  state.running = null;
}

/** Starts the clock of the side to move in the live game, if it plays on a clock and the game goes on. */
function runClock() {
  const cur = state.current;
  if (!cur || state.view !== state.moves.length || state.liveResult !== "none" || state.paused) return;
  if (state.sides[cur.pos.side].tc !== "clock" || state.running !== null) return;
  state.running = cur.pos.side;
  state.turnStart = performance.now();
  state.clockPly = state.moves.length;
}

function drawMoveList() {
  const ol = $("movelist");
  ol.innerHTML = "";
  for (let i = 0; i < state.moves.length; i += 2) {
    const li = document.createElement("li");
    for (const j of [i, i + 1]) {
      if (j >= state.moves.length) break;
      const span = document.createElement("span");
      span.textContent = state.moves[j];
      span.dataset.ply = j + 1;
      if (state.view === j + 1) span.className = "current";
      span.onclick = () => goTo(j + 1);
      li.appendChild(span);
    }
    ol.appendChild(li);
  }
}

function drawGraph() {
  const pts = state.scores.map((s, i) => [i, s]).filter(([, s]) => s !== null && s !== undefined);
  if (pts.length < 2) {
    $("graph").innerHTML = "";
    return;
  }
  const n = Math.max(state.moves.length, 2);
  const y = (s) => 40 - (Math.max(-1000, Math.min(1000, s)) / 1000) * 38;
  const line = pts.map(([i, s]) => `${((i + 1) / n) * 400},${y(s)}`).join(" ");
  $("graph").innerHTML =
    `<svg viewBox="0 0 400 80" preserveAspectRatio="none"><rect width="400" height="80" fill="#fafafa"/>` +
    `<line x1="0" y1="40" x2="400" y2="40" stroke="#bbb"/><polyline points="${line}" fill="none" stroke="#1565c0" stroke-width="2"/>` +
    `<line x1="${(state.view / n) * 400}" y1="0" x2="${(state.view / n) * 400}" y2="80" stroke="#e6a800"/></svg>`;
}

function isHumanTurn() {
  const cur = state.current;
  return cur && state.sides[cur.pos.side].kind === "human";
}

/** Shows ply `ply` (from the move list); the live game goes on only at the last ply. */
async function goTo(ply) {
  ply = Math.max(0, Math.min(state.moves.length, ply));
  state.view = ply;
  state.prefix = [];
  state.fetching += 1;
  try {
    state.current = await fetchPosition(ply);
  } catch (e) {
    log(`error: ${e.message}`);
    return;
  } finally {
    state.fetching -= 1;
  }
  if (ply === state.moves.length) {
    if (state.forfeit) state.current.result = state.forfeit;
    state.liveResult = state.current.result;
    if (state.clockPly !== ply) runClock();
  }
  draw();
  restartAnalysis();
  if (ply === state.moves.length) maybeEngineMove();
}

function scoreFromInfo(line, sideToMove) {
  const m = /score (cp|mate) (-?\d+)/.exec(line);
  if (!m) return null;
  let v = Number(m[2]);
  if (m[1] === "mate") v = v > 0 ? 10000 - v : -10000 - v;
  return sideToMove === 0 ? v : -v;
}

/** A score as users read it, from the first player's view: +1.25, or #3 / #-2 for mates. */
export function scoreText(line, sideToMove) {
  const m = /score (cp|mate) (-?\d+)/.exec(line);
  if (!m) return "";
  const sign = sideToMove === 0 ? 1 : -1;
  const v = Number(m[2]) * sign;
  if (m[1] === "mate") return `#${v}`;
  return `${v >= 0 ? "+" : ""}${(v / 100).toFixed(2)}`;
}

function goLine(sideIndex) {
  const s = state.sides[sideIndex];
  if (s.tc === "clock") {
    const [inc0, inc1] = [state.sides[0].inc || 0, state.sides[1].inc || 0];
    return [`go wtime ${Math.max(0, state.clocks[0])} btime ${Math.max(0, state.clocks[1])} winc ${inc0} binc ${inc1}`, Math.max(1000, state.clocks[sideIndex]) + s.inc];
  }
  return [`go movetime ${s.movetime}`, s.movetime];
}

/** If an engine is to move in the live game, asks it and plays its answer after checking it is in `legal`. */
async function maybeEngineMove() {
  const cur = state.current;
  // While a position is being fetched, the fetch calls again when it is shown.
  if (!cur || state.thinking || state.paused || state.fetching || cur.result !== "none" || state.view !== state.moves.length) return;
  const sideIndex = cur.pos.side;
  const eng = state.players[sideIndex];
  if (state.sides[sideIndex].kind !== "engine" || !eng) return;
  if (!eng.alive) return;
  await engineMove(sideIndex, eng, state.gameId).catch((e) => log(`error: ${e.message}`));
}

async function engineMove(sideIndex, eng, gameId) {
  const cur = state.current;
  state.thinking = true;
  draw();
  const [go, budget] = goLine(sideIndex);
  let lastInfo = null;
  eng.onInfo = (line) => {
    if (/ score /.test(line)) lastInfo = line;
  };
  const t0 = performance.now();
  let out;
  try {
    out = await eng.ask([positionLine(state.moves.length), go], "bestmove", budget + ENGINE_TIMEOUT_GRACE);
  } catch (e) {
    state.thinking = false;
    draw();
    return;
  } finally {
    eng.onInfo = null;
  }
  state.thinking = false;
  if (state.forfeit) return draw();
  if (gameId !== state.gameId || state.moves.length !== state.view || state.current !== cur) {
    // The game moved on meanwhile (take-back, navigation): ask again for whatever is shown now.
    if (gameId === state.gameId) maybeEngineMove();
    return;
  }
  const elapsed = Math.round(performance.now() - t0);
  const best = out[out.length - 1].split(/\s+/)[1];
  if (!cur.legal.includes(best)) {
    showTrouble(eng.slot, "illegal", `its move 'bestmove ${best || ""}' is not in the engine's legal list`);
    draw();
    return;
  }
  let comment = "";
  if (lastInfo) {
    const depth = (/ depth (\d+)/.exec(lastInfo) || [])[1] || 0;
    comment = `${scoreText(lastInfo, 0).replace("#", "M").replace(/^(?=\d)/, "+")}/${depth} ${(elapsed / 1000).toFixed(3)}s`;
    state.scores[state.moves.length] = scoreFromInfo(lastInfo, cur.pos.side);
  }
  await playMove(best, comment);
}

/** Appends a move of the live game and shows the new position. */
async function playMove(text, comment = "") {
  const mover = state.current.pos.side;
  if (state.running === mover) {
    holdClock();
    state.clocks[mover] += state.sides[mover].inc;
  }
  state.moves = state.moves.slice(0, state.view);
  state.comments = state.comments.slice(0, state.view);
  state.moves.push(text);
  state.comments.push(comment);
  log(`played ${text}`);
  await goTo(state.moves.length);
}

function onClick(clickInfo) {
  const cur = state.current;
  if (!cur || state.loading || state.fetching || state.view !== state.moves.length || cur.result !== "none" || !isHumanTurn() || state.thinking) return;
  const r = click(cur.entry, state.prefix, clickInfo, cur.pos.side);
  state.prefix = r.prefix;
  if (r.played) {
    state.prefix = [];
    playMove(r.played).catch((e) => log(`error: ${e.message}`));
  } else {
    draw();
  }
}

function boardClick(ev) {
  const token = ev.target.closest("[data-id]");
  if (token) {
    const keep = token.getAttribute("data-keep");
    const grave = token.getAttribute("data-grave");
    const id = token.getAttribute("data-id");
    if (keep !== null) return onClick({ type: "keep", side: Number(keep), id });
    if (grave !== null) return onClick({ type: "grave", side: Number(grave), id });
  }
  const sq = ev.target.closest("[data-sq]");
  if (sq) onClick({ type: "square", sq: sq.getAttribute("data-sq") });
}

function readSide(n) {
  const kind = $(`p${n}-kind`).value;
  const tc = $(`p${n}-tc`).value;
  const time = $(`p${n}-time`).value.trim();
  const side = { kind, engine: Number($(`p${n}-engine`).value || 0), skill: Number($(`p${n}-skill`).value), tc };
  if (tc === "clock") {
    const [min, inc] = time.split("+");
    side.clock = Math.round(Number(min || 5) * 60000);
    side.inc = Math.round(Number(inc || 0) * 1000);
  } else {
    side.movetime = Math.max(1, Number(time) || 500);
  }
  return side;
}

/** Starts the players' engines for a new game (stopping the old ones). */
async function startPlayers() {
  for (const i of [0, 1]) {
    if (state.players[i]) state.players[i].stop();
    state.players[i] = null;
    const s = state.sides[i];
    if (s.kind !== "engine") continue;
    const eng = makeEngine(`p${i + 1}`, s.engine);
    state.players[i] = eng;
    await eng.start({ "Skill Level": s.skill });
    eng.send("ucinewgame");
  }
  state.clocks = state.sides.map((s) => s.clock || 0);
  state.running = null;
  state.clockPly = -1;
}

/** Begins a game from a start (`startpos`, `startpos forces …`, `fen …`) after checking it with the board engine. */
async function newGame(start, moves = [], comments = []) {
  state.loading += 1;
  try {
    return await loadGame(start, moves, comments);
  } finally {
    state.loading -= 1;
  }
}

async function loadGame(start, moves, comments) {
  const before = { start: state.start, moves: state.moves, comments: state.comments, current: state.current, startFen: state.startFen };
  state.start = start;
  state.moves = moves;
  state.comments = comments;
  try {
    const first = await fetchPosition(0);
    state.current = first;
    state.startFen = first.fen;
    if (moves.length) await fetchPosition(moves.length);
  } catch (e) {
    Object.assign(state, before);
    state.refusal = e.message;
    $("status").textContent = `Refused by the engine: ${e.message}`;
    log(`error: ${e.message}`);
    return false;
  }
  state.gameId += 1;
  state.forfeit = null;
  state.liveResult = "none";
  state.scores = [];
  state.paused = false;
  $("pause").textContent = "Pause";
  $("trouble").hidden = true;
  await startPlayers();
  await goTo(moves.length);
  return true;
}

async function onStartGame() {
  if (fourMode.wanted()) return fourMode.start();
  await fourMode.deactivate();
  state.sides = [readSide(1), readSide(2)];
  const mode = $("forces-mode").value;
  if (mode === "starter") return newGame("startpos");
  if (mode === "fen") return newGame(`fen ${$("start-fen").value.trim()}`);
  await state.board.query([`setoption name Force Rule value ${$("force-rule").value}`]);
  if (mode === "pick") return startPicked();
  return runDraft();
}

/** Starts a game with the two picked forces and shows the engine's verdict on them under the chosen Force Rule. */
async function startPicked() {
  const rule = $("force-rule").value;
  const ok = await newGame(`startpos forces ${$("force1").value.trim()} ${$("force2").value.trim()}`);
  const verdict = $("force-verdict");
  verdict.className = ok ? "ok" : "refused";
  verdict.textContent = ok
    ? `The engine accepts both forces under the ${rule} rule.`
    : `The engine refuses them under the ${rule} rule: ${state.refusal}`;
  return ok;
}

/** The Navia lists and the picker's Maseitai, from the engine's catalogue. */
function renderForcePicker() {
  const option = (e) => `<option value="${e.id}">${e.id} ${e.name}</option>`;
  const navias = state.catalogue.filter((e) => e.id.startsWith("N"));
  for (const n of [1, 2]) {
    const sel = $(`navia${n}`);
    const wanted = sel.value || parseForce($(`force${n}`).value).navia;
    sel.innerHTML = navias.map(option).join("");
    if (navias.some((e) => e.id === wanted)) sel.value = wanted;
  }
  $("picker-list").innerHTML = state.catalogue
    .filter((e) => e.id.startsWith("M"))
    .map((e) => `<button data-add="${e.id}" title="${e.name}, cost ${e.cost}">${e.id} ${e.name} (${e.cost})</button>`)
    .join("");
  drawChosen();
}

/** The picker's view of the two force fields: each side's Maseitai with counts, and its Navia. */
function drawChosen() {
  for (const n of [1, 2]) {
    const { navia, maseitai } = parseForce($(`force${n}`).value);
    const sel = $(`navia${n}`);
    if ([...sel.options].some((o) => o.value === navia)) sel.value = navia;
    $(`chosen${n}`).innerHTML = `<span class="count">${maseitai.length}/7</span> ` + counts(maseitai)
      .map(([id, c]) => `<button data-remove="${id}" title="${state.names[id] || id}: click to take one out">${id}${c > 1 ? ` ×${c}` : ""}</button>`)
      .join("");
  }
}

/** Rewrites side `side`'s force field with its chosen Navia and `change` applied to its Maseitai. */
function editForce(side, change) {
  const field = $(`force${side + 1}`);
  field.value = forceText($(`navia${side + 1}`).value, change(parseForce(field.value).maseitai));
  drawChosen();
}

function pickerClick(ev) {
  const add = ev.target.closest("[data-add]");
  const remove = ev.target.closest("[data-remove]");
  if (add) {
    const side = $("pick-side2").checked ? 1 : 0;
    editForce(side, (list) => [...list, add.dataset.add]);
    const sizes = [1, 2].map((n) => parseForce($(`force${n}`).value).maseitai.length);
    // A full side hands the clicks on to the other, so fourteen clicks choose both forces.
    if (sizes[side] >= 7 && sizes[1 - side] < 7) $(`pick-side${2 - side}`).checked = true;
  } else if (remove) {
    const side = Number(remove.closest("[data-side]").dataset.side);
    editForce(side, (list) => {
      const rest = [...list];
      rest.splice(rest.indexOf(remove.dataset.remove), 1);
      return rest;
    });
  }
}

/**
 * The draft (R30): 15 random Maseitai, alternate picks; an engine side picks with its own engine and Skill Level
 * (`go draft`), a person by clicking. Each side gets the Navia chosen for it.
 */
async function runDraft() {
  const ids = state.catalogue.filter((e) => e.id.startsWith("M")).map((e) => e.id);
  const supply = [...ids, ...ids];
  const pool = [];
  while (pool.length < 15 && supply.length) pool.push(supply.splice(Math.floor(Math.random() * supply.length), 1)[0]);
  pool.sort();
  const picks = [];
  state.draft = { pool, picks };
  await startPlayers();
  const box = $("draft");
  box.hidden = false;
  const left = () => {
    const rest = [...pool];
    for (const p of picks) rest.splice(rest.indexOf(p), 1);
    return rest;
  };
  const show = (note) => {
    const forces = [0, 1].map((s) => picks.filter((_, i) => i % 2 === s).join(", ") || "—");
    box.innerHTML = `<div>Draft: ${note}</div><div class="pool">${left().map((id) => `<button data-pick="${id}" title="${state.names[id] || ""}">${id} ${state.names[id] || ""}</button>`).join("")}</div>` +
      `<div>First player: ${forces[0]}</div><div>Second player: ${forces[1]}</div>`;
  };
  while (picks.length < 14) {
    const side = picks.length % 2;
    let pick;
    if (state.sides[side].kind === "engine") {
      show(`the engine picks for the ${side ? "second" : "first"} player…`);
      const eng = state.players[side];
      const out = await eng.ask([`go draft pool ${pool.join(" ")}${picks.length ? " picks " + picks.join(" ") : ""}`], "bestpick", 10000);
      pick = out[out.length - 1].split(/\s+/)[1];
      if (!left().includes(pick)) {
        showTrouble(eng.slot, "garbage", `its draft pick '${pick}' is not left in the pool`);
        return false;
      }
    } else {
      show(`${side ? "second" : "first"} player, click a Maseitai to pick it`);
      pick = await new Promise((resolve) => {
        box.onclick = (ev) => {
          const b = ev.target.closest("[data-pick]");
          if (b) resolve(b.dataset.pick);
        };
      });
    }
    picks.push(pick);
  }
  show("complete");
  const force = (s) => forceText($(`navia${s + 1}`).value, picks.filter((_, i) => i % 2 === s));
  return newGame(`startpos forces ${force(0)} ${force(1)}`);
}

function restartAnalysis() {
  const ana = state.ana;
  if (!ana || !$("analyse").checked) return;
  const cur = state.current;
  ana.send("stop");
  const pvs = {};
  ana.onInfo = (line) => {
    if (!/ pv /.test(line)) return;
    const k = Number((/ multipv (\d+)/.exec(line) || [0, 1])[1]);
    const depth = (/ depth (\d+)/.exec(line) || [])[1];
    pvs[k] = `${scoreText(line, cur.pos.side)} d${depth} ${line.split(" pv ")[1]}`;
    if (k === 1) {
      $("eval").textContent = `${scoreText(line, cur.pos.side)}  depth ${depth}`;
      state.scores[state.view - 1] = scoreFromInfo(line, cur.pos.side);
    }
    $("pvs").innerHTML = Object.keys(pvs).sort().map((i) => `<div>${i}. ${pvs[i]}</div>`).join("");
  };
  ana.send(`setoption name MultiPV value ${Math.max(1, Number($("multipv").value) || 1)}`);
  if (cur.result !== "none") {
    $("eval").textContent = resultText(cur.result);
    return;
  }
  ana.send(positionLine(state.view));
  ana.send("go infinite");
}

async function toggleAnalysis() {
  if ($("analyse").checked) {
    if (!state.ana) {
      state.ana = makeEngine("ana", Number($("p1-engine").value || 0));
      await state.ana.start();
    }
    restartAnalysis();
  } else if (state.ana) {
    state.ana.send("stop");
    $("eval").textContent = "";
    $("pvs").innerHTML = "";
  }
}

async function restartTroubled() {
  const slot = state.troubleSlot;
  $("trouble").hidden = true;
  if (fourMode.owns(slot) || (slot === "board" && fourMode.isActive())) return fourMode.restart(slot);
  if (slot === "board") {
    await state.board.start();
    await goTo(state.view);
  } else if (slot === "ana") {
    await state.ana.start();
    restartAnalysis();
  } else if (slot) {
    const i = slot === "p1" ? 0 : 1;
    await state.players[i].start({ "Skill Level": state.sides[i].skill });
    maybeEngineMove();
  }
}

function savePgn() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  const names = state.sides.map((s, i) => (s.kind === "engine" ? (state.players[i] ? state.players[i].name : "engine") : "human"));
  const ending = resultTags(state.liveResult);
  const tags = {
    Event: "dratp-gui",
    Site: "?",
    Date: `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`,
    Round: "1",
    White: names[0],
    Black: names[1],
    Result: ending.Result,
    Variant: "naviadratp",
  };
  tags.FEN = state.startFen;
  tags.SetUp = "1";
  tags.PlyCount = String(state.moves.length);
  if (ending.Termination) tags.Termination = ending.Termination;
  const text = writePgn(tags, state.moves, state.comments);
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
  a.download = "dratp-game.pgn";
  a.click();
  return text;
}

async function loadPgnText(text, index = 0) {
  const games = parsePgn(text);
  if (!games.length) {
    $("status").textContent = "No game in that file.";
    return false;
  }
  const sel = $("pgn-games");
  sel.hidden = games.length < 2;
  sel.innerHTML = games.map((g, i) => `<option value="${i}">${i + 1}. ${g.tags.White || "?"} – ${g.tags.Black || "?"} ${g.result}</option>`).join("");
  sel.value = String(index);
  sel.onchange = () => loadPgnText(text, Number(sel.value));
  const g = games[index];
  if (g.tags.Variant === "naviadratp4") return fourMode.loadRecord(text, index);
  await fourMode.deactivate();
  state.sides = [{ kind: "human" }, { kind: "human" }];
  const start = g.tags.FEN ? `fen ${g.tags.FEN}` : "startpos";
  const ok = await newGame(start, g.moves, []);
  if (ok) {
    // A loss on time is the one ending the engine cannot see in the moves: it comes from the record.
    state.forfeit = recordedForfeit(g.tags);
    if (state.forfeit) state.liveResult = state.forfeit;
    await goTo(0);
  }
  return ok;
}

function renderCatalogue() {
  const owner = $("cat-second").checked ? 1 : 0;
  $("catalogue").innerHTML = state.catalogue
    .map((e) => {
      const words = effectWords(e);
      return `<div class="card" data-piece="${e.id}"><h3>${e.id} ${e.name} ${e.grid === "provisional" ? '<span class="prov" title="designed by the project; the real compass is not public">provisional grid</span>' : ""}</h3>` +
        `<div>cost ${e.cost}${e.guard ? " · Navia Guard" : ""}${e.set ? " · " + e.set : ""}</div>` +
        `<div class="faces"><figure>${compassSvg(e.before, owner)}<figcaption>before dratp</figcaption></figure>` +
        `<figure>${compassSvg(e.after, owner)}<figcaption>after dratp</figcaption></figure></div>` +
        `<p class="effect">${words || (e.id.startsWith("N") ? "Navia: dratp (60) wins the game." : "Dratp changes its movement only.")}</p></div>`;
    })
    .join("");
}

async function loadCatalogue() {
  const out = await state.board.query(["catalogue"]);
  state.catalogue = parseCatalogue(out.join("\n"));
  state.names = Object.fromEntries(state.catalogue.map((e) => [e.id, e.name]));
  renderCatalogue();
  renderForcePicker();
}

async function onCatalogueFile() {
  const path = $("cat-path").value.trim();
  const line = `setoption name Catalogue File value ${path}`;
  const out = await state.board.query([line]);
  const errors = out.filter((l) => l.startsWith("info string error:")).map((l) => l.slice("info string error: ".length));
  $("cat-errors").textContent = errors.join("\n");
  if (!errors.length) {
    for (const e of [...state.players, state.ana]) if (e && e.alive) e.send(line);
    await loadCatalogue();
    await goTo(state.view);
  }
}

/** Runs an async handler; a failure is shown in the status line instead of being lost. */
function guarded(f) {
  return (...args) =>
    Promise.resolve()
      .then(() => f(...args))
      .catch((e) => {
        $("status").textContent = e.message;
        log(`error: ${e.message}`);
      });
}

function bind() {
  $("board").addEventListener("click", boardClick);
  $("tab-play").onclick = () => switchTab("play");
  $("tab-pieces").onclick = () => switchTab("pieces");
  $("start-game").onclick = guarded(onStartGame);
  $("forces-mode").onchange = () => {
    $("forces-navia").hidden = !["pick", "draft"].includes($("forces-mode").value);
    $("forces-pick").hidden = $("forces-mode").value !== "pick";
    $("forces-fen").hidden = $("forces-mode").value !== "fen";
  };
  $("picker").addEventListener("click", pickerClick);
  for (const n of [1, 2]) {
    $(`force${n}`).addEventListener("input", drawChosen);
    $(`navia${n}`).onchange = () => editForce(n - 1, (list) => list);
  }
  $("flip").onclick = () => {
    state.flip = !state.flip;
    draw();
  };
  $("takeback").onclick = guarded(async () => {
    if (state.thinking || state.moves.length === 0 || state.forfeit) return;
    // Back by one move, and on to the last position where a person is to move.
    let n = state.moves.length - 1;
    while (n > 0 && state.sides.some((s) => s.kind === "human")) {
      const pos = await fetchPosition(n);
      if (state.sides[pos.pos.side].kind === "human") break;
      n -= 1;
    }
    state.moves = state.moves.slice(0, n);
    state.comments = state.comments.slice(0, n);
    state.scores = state.scores.slice(0, n);
    holdClock();
    await goTo(n);
  });
  $("pause").onclick = () => {
    state.paused = !state.paused;
    $("pause").textContent = state.paused ? "Resume" : "Pause";
    if (state.paused) holdClock();
    else {
      runClock();
      maybeEngineMove();
    }
  };
  $("step").onclick = guarded(async () => {
    const cur = state.current;
    if (!cur || state.thinking || state.view !== state.moves.length) return;
    const eng = state.players[cur.pos.side];
    if (eng && cur.result === "none") await engineMove(cur.pos.side, eng, state.gameId);
  });
  $("nav-first").onclick = () => goTo(0);
  $("nav-back").onclick = () => goTo(state.view - 1);
  $("nav-fwd").onclick = () => goTo(state.view + 1);
  $("nav-last").onclick = () => goTo(state.moves.length);
  $("move-text").addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter") return;
    const text = ev.target.value.trim();
    const cur = state.current;
    if (!cur || !isHumanTurn() || state.view !== state.moves.length || cur.result !== "none") return;
    if (cur.legal.includes(text)) {
      ev.target.value = "";
      playMove(text);
    } else {
      $("status").textContent = `'${text}' is not a legal action here (the engine lists ${cur.legal.length}).`;
    }
  });
  $("fen-copy").onclick = () => navigator.clipboard && navigator.clipboard.writeText($("fen-text").value);
  $("fen-setup").onclick = async () => {
    state.sides = [readSide(1), readSide(2)];
    await newGame(`fen ${$("fen-paste").value.trim()}`);
  };
  $("pgn-save").onclick = savePgn;
  $("pgn-load").onchange = guarded(async (ev) => {
    const file = ev.target.files[0];
    if (file) await loadPgnText(await file.text());
  });
  $("analyse").onchange = guarded(toggleAnalysis);
  $("multipv").onchange = restartAnalysis;
  $("trouble-restart").onclick = guarded(restartTroubled);
  $("trouble-dismiss").onclick = () => ($("trouble").hidden = true);
  $("cat-load").onclick = guarded(onCatalogueFile);
  $("cat-second").onchange = renderCatalogue;
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT") return;
    if (fourMode && fourMode.isActive()) return fourMode.onKey(ev);
    if (ev.key === "ArrowLeft") goTo(state.view - 1);
    if (ev.key === "ArrowRight") goTo(state.view + 1);
    if (ev.key === "Escape") {
      state.prefix = [];
      draw();
    }
  });
}

/** Leaves the duel for a four-seat game: its engines stop, its clocks and analysis too. */
function stopTwo() {
  state.gameId += 1;
  holdClock();
  for (const i of [0, 1]) {
    if (state.players[i]) state.players[i].stop();
    state.players[i] = null;
  }
  if (state.ana) state.ana.stop();
  state.ana = null;
  $("analyse").checked = false;
  state.paused = false;
  state.thinking = false;
  $("trouble").hidden = true;
}

/** Back from a four-seat game: the board engine plays the duel again (the caller starts a game). */
async function resumeTwo() {
  await state.board.query(["setoption name UCI_Variant value naviadratp"]);
}

function switchTab(name) {
  $("play").hidden = name !== "play";
  $("pieces").hidden = name !== "pieces";
  $("tab-play").classList.toggle("active", name === "play");
  $("tab-pieces").classList.toggle("active", name === "pieces");
}

async function main() {
  bind();
  state.engines = await (await fetch("/api/engines")).json();
  for (const sel of document.querySelectorAll(".engine-list")) {
    sel.innerHTML = state.engines.map((e) => `<option value="${e.id}">${e.name}</option>`).join("");
  }
  state.hub = new Hub(`ws://${location.host}/ws`);
  state.hub.global.add((e) => {
    if (e.ev === "closed") showTrouble(null, "crash", e.message);
    if (e.ev === "error") log(`server: ${e.message}`);
  });
  await state.hub.ready;
  state.board = makeEngine("board", 0);
  await state.board.start();
  fourMode = initFour({ hub: state.hub, board: state.board, names: () => state.names, log, showTrouble, stopTwo, resumeTwo });
  $("engine-name").textContent = `engine: ${state.board.name}`;
  await loadCatalogue();
  state.sides = [readSide(1), readSide(2)];
  if (location.hash === "#pieces") switchTab("pieces");
  await newGame("startpos");
  await fourMode.autostart(location.hash);
  setInterval(tick, 100);
  document.body.dataset.ready = "1";
}

// Exposed for the browser test: the NFEN on screen is read from the drawn board.
window.dratp = { goTo, newGame, loadPgnText, savePgn, state };
main().catch((e) => {
  $("status").textContent = `Cannot start: ${e.message}`;
});
