// The page's four-seat games (`naviadratp4`, RULES.md Part 3): any seat a person or an engine. As in the duel, the
// page holds no rules: the board engine (slot "board", switched to the variant) is asked for every position (`d`,
// `query phase|seats|result|ranking`, `legal [seat x]`), and what a person may choose or click is exactly its
// answers. Each engine seat runs in its own process (slots "seats" … "seate"), so each has its own program and Skill
// Level and the seats of a simultaneous step think at once, each hearing only its own `go seat <x>`.

import { Engine } from "./engine.js";
import { parseNfen4, SEATS, SEAT_NAMES } from "./nfen4.js";
import { renderCross } from "./cross.js";
import { buildEntry, click, highlights, buttonLabel, CROSS } from "./entry.js";
import { stepOptions, bidStepSeats, answerToken, answerWord, sealedStep, enter, waiting, humanTurn, sealedView, stepEvent, roundLines, parseResult4, resultWords, resultTag4, STEP_WORDS } from "./round4.js";
import { parsePgn, writePgn4 } from "./pgn.js";

const $ = (id) => document.getElementById(id);
const GRACE_MS = 5000;
const SLOT = (seat) => `seat${seat}`;

/** The elements only the duel shows, and those only four-seat games show. */
const TWO_ONLY = ["board-area", "two-setup", "controls", "clocks", "nav", "movelist", "analysis", "io"];
const FOUR_ONLY = ["four-area", "four-setup", "four-side"];

const four = {
  active: false,
  ctx: null, // what app.js lends: { hub, board, names(), log, showTrouble, stopTwo, resumeTwo }
  start: "startpos",
  startPos: null, // the start's position model (its phase and round start the events list)
  events: [],
  view: 0, // events shown
  current: null, // { fen, pos, phase, deciding, options: {seat: [token]}, legal, entry, result, ranking }
  step: null, // the sealed step under way at the live end
  curtain: true, // the person to enter has not yet asked to see their choices
  seats: {}, // seat -> { kind, engine, skill, movetime }
  players: {}, // seat -> Engine
  thinking: new Set(),
  paused: false,
  gameId: 0,
  prefix: [],
  viewSeat: "s",
  roundLimit: 200,
  loading: 0,
  fetching: 0,
  revealed: "", // the last revealed step, in words
};

function log(line) {
  four.ctx.log(line);
}

function positionLine(n) {
  const events = four.events.slice(0, n);
  return `position ${four.start}${events.length ? " moves " + events.join(" ") : ""}`;
}

function responses(out) {
  return out.filter((l) => l.startsWith("response ")).map((l) => l.slice("response ".length).trim());
}

function errorOf(out) {
  const e = out.find((l) => l.startsWith("info string error:"));
  return e ? e.slice("info string error: ".length) : null;
}

let boardQueue = Promise.resolve();

/**
 * Runs `f` after every earlier request to the board engine: its replies are read up to `readyok`, so two requests
 * in flight at once (a click on the events list while a game loads) would read each other's lines.
 */
function serial(f) {
  const run = boardQueue.then(f, f);
  boardQueue = run.catch(() => {});
  return run;
}

/**
 * Asks the board engine for the position after `n` events: its NFEN4, phase, deciding seats, result and ranking,
 * and each seat's choices (`legal seat <x>`; in phase `a` the actor's actions). Throws the engine's error line.
 */
function fetchPosition(n) {
  return serial(() => askPosition(n));
}

async function askPosition(n) {
  const board = four.ctx.board;
  const out = await board.query([positionLine(n), "d", "query phase", "query seats", "query result", "query ranking"]);
  const error = errorOf(out);
  if (error) throw new Error(error);
  const fenLine = out.find((l) => l.startsWith("Fen: "));
  const [phase, seatsText, resultWord, ranking] = responses(out);
  if (!fenLine || ranking === undefined) throw new Error("the board engine did not print its four-player position");
  const fen = fenLine.slice(5).trim();
  const pos = parseNfen4(fen);
  const resultLine = out.find((l) => l.startsWith("Result: "));
  let result = parseResult4(resultWord);
  if (result && resultLine) {
    // `d`'s Result line also names the termination (`Result: swin three navia`).
    const full = parseResult4(resultLine.slice(8));
    if (full && full.winner === result.winner) result = full;
  }
  const deciding = seatsText === "-" ? [] : seatsText.split(/\s+/);
  const options = {};
  let legal = [];
  if (!result && phase === "a") {
    const lines = await board.query(["legal"]);
    const legalLine = lines.find((l) => l === "legal" || l.startsWith("legal "));
    if (legalLine === undefined) throw new Error(errorOf(lines) || "the board engine did not list the legal actions");
    legal = legalLine.split(/\s+/).slice(1);
  } else if (!result) {
    const inBidStep = phase === "b" ? bidStepSeats(pos) : [];
    for (const seat of SEATS) {
      if (!deciding.includes(seat)) {
        // Not asked: a seat of the bid step with an empty pool bids a forced 0 (F23), any other writes `-`.
        options[seat] = inBidStep.includes(seat) ? ["0"] : [];
        continue;
      }
      const lines = await board.query([`legal seat ${seat}`]);
      const legalLine = lines.find((l) => l === "legal" || l.startsWith("legal "));
      if (legalLine === undefined) throw new Error(errorOf(lines) || `the board engine did not list ${SEAT_NAMES[seat]}'s choices`);
      options[seat] = stepOptions(phase, legalLine.split(/\s+/).slice(1));
    }
  }
  return { fen, pos, phase, deciding, options, legal, entry: buildEntry(legal, CROSS), result, ranking };
}

function isHuman(seat) {
  return four.seats[seat] && four.seats[seat].kind === "human";
}

function live() {
  return four.current && four.view === four.events.length && !four.current.result;
}

/** The seat that acts now in phase `a` (the first lower-case seat of the queue), or null. */
function actor() {
  const cur = four.current;
  return cur && cur.phase === "a" && cur.deciding.length === 1 ? cur.deciding[0] : null;
}

function playerText(seat) {
  const s = four.seats[seat];
  if (!s) return "";
  if (s.kind === "human") return "human";
  const eng = four.players[seat];
  return `${eng && eng.name ? eng.name : "engine"} · skill ${s.skill}${four.thinking.has(seat) ? " · thinking…" : ""}`;
}

function draw() {
  const cur = four.current;
  if (!cur || !four.active) return;
  const isLive = live();
  const who = actor();
  const clicking = isLive && who && isHuman(who) && !four.thinking.has(who);
  const h = clicking ? highlights(cur.entry, four.prefix) : { squares: [], keep: [], pieces: [], buttons: [] };
  const selected = four.prefix.length && four.prefix[0].startsWith("sq:") ? four.prefix[0].slice(3) : null;
  const lastText = four.events[four.view - 1];
  const lastMove = lastText && !/^[dbpx]:/.test(lastText) ? (lastText.split(":")[0].match(/[a-k](?:1[01]|[1-9])/g) || []).slice(0, 2) : [];
  $("cross").innerHTML = renderCross(cur.pos, {
    view: four.viewSeat,
    names: four.ctx.names(),
    highlight: h,
    origins: four.prefix.length === 0,
    selected,
    chosen: four.prefix.slice(1).filter((a) => a.startsWith("sq:")).map((a) => a.slice(3)),
    lastMove,
    players: Object.fromEntries(SEATS.map((s) => [s, playerText(s)])),
    deciding: cur.result ? [] : cur.deciding,
    sealed: isLive && four.step ? sealedView(four.step) : {},
    result: resultWords(cur.result, cur.ranking),
  });
  $("cross").dataset.fen = cur.fen;
  $("cross").dataset.view = String(four.view);
  drawPrompt(h, clicking);
  drawSecret();
  drawStatus();
  $("fen4-text").value = cur.fen;
  $("resign4").hidden = !resigner();
  drawEvents();
}

function drawPrompt(h, clicking) {
  const prompt = $("prompt4");
  prompt.innerHTML = "";
  if (!clicking) return;
  for (const atom of h.buttons) {
    const b = document.createElement("button");
    b.textContent = buttonLabel(atom, four.ctx.names());
    b.dataset.atom = atom;
    b.onclick = () => onClick({ type: "button", atom });
    prompt.appendChild(b);
  }
  const pharaoh = h.squares.some(isPharaohChoice);
  const hint = document.createElement("span");
  hint.className = "hint";
  hint.textContent = four.prefix.length === 0
    ? `${SEAT_NAMES[actor()]}: click a piece or a Maseitai in your keep.`
    : pharaoh ? "Taking a Navia: click the empty Pharaoh square it goes to. Esc cancels."
      : h.buttons.length ? "Choose, or click a lit square. Esc cancels." : "Click a lit square or piece. Esc cancels.";
  prompt.appendChild(hint);
}

/** Whether the next click after the current prefix names a Pharaoh square (`ph:` atom) for square `sq`. */
function isPharaohChoice(sq) {
  let node = four.current.entry.tree;
  for (const atom of four.prefix) {
    node = node.next.get(atom);
    if (!node) return false;
  }
  return node.next.has(`ph:${sq}`);
}

/** The secret entry of the person whose turn it is on the shared screen (F20, F23, F24, F27). */
function drawSecret() {
  const box = $("secret");
  const step = four.step;
  const seat = live() && step ? humanTurn(step) : null;
  // An engine's answer redraws the page; the person's half-typed bid must not be wiped by it.
  const key = seat ? `${seat} ${four.curtain} ${four.events.length} ${four.gameId}` : "";
  if (key && box.dataset.key === key) return;
  box.dataset.key = key;
  box.innerHTML = "";
  if (!live() || !step) return;
  const words = STEP_WORDS[step.phase];
  if (!seat) {
    const engines = waiting(step, "engine");
    box.innerHTML = engines.length ? `<div class="wait">Sealed. Waiting for ${engines.map((s) => SEAT_NAMES[s]).join(", ")}…</div>` : "";
    return;
  }
  const title = document.createElement("div");
  title.className = `who seat-${seat}`;
  box.appendChild(title);
  if (four.curtain) {
    title.textContent = `${SEAT_NAMES[seat]}: your secret ${words}. The others look away.`;
    const b = document.createElement("button");
    b.id = "secret-show";
    b.textContent = `I am ${SEAT_NAMES[seat]}: show my choices`;
    b.onclick = () => {
      four.curtain = false;
      drawSecret();
    };
    box.appendChild(b);
    return;
  }
  title.textContent = `${SEAT_NAMES[seat]}, your ${words} (hidden from the others until all are in):`;
  const options = step.entries[seat].options;
  const names = four.ctx.names();
  const choose = (value) => {
    four.step = enter(four.step, seat, value);
    four.curtain = true;
    log(`${SEAT_NAMES[seat]} sealed a ${words}`);
    afterEntry();
  };
  const button = (value, label) => {
    const b = document.createElement("button");
    b.dataset.choice = value;
    b.textContent = label;
    b.onclick = () => choose(value);
    box.appendChild(b);
  };
  if (step.phase === "d") {
    const label = { N: "Navia (N)", B: "black Gulled (B)", R: "red Gulled (R)" };
    for (const k of options) button(k, label[k] || `${k}${names[k] ? " " + names[k] : ""}`);
  } else if (step.phase === "p") {
    button("y", "Promise: no capture this round");
    button("n", "No promise");
  } else {
    const max = options.length - 1;
    for (const v of options.slice(0, Math.min(options.length, 11))) button(v, v);
    if (max > 10) {
      const input = document.createElement("input");
      Object.assign(input, { type: "number", min: 0, max, value: 0, id: "bid-amount" });
      box.appendChild(input);
      const b = document.createElement("button");
      b.textContent = "Seal this bid";
      b.id = "bid-seal";
      b.onclick = () => options.includes(String(Number(input.value))) && choose(String(Number(input.value)));
      box.appendChild(b);
    }
    const note = document.createElement("span");
    note.className = "hint";
    note.textContent = ` gyullas from your pool of ${max}`;
    box.appendChild(note);
  }
}

function drawStatus() {
  const cur = four.current;
  const el = $("status4");
  if (cur.result) {
    el.innerHTML = `<span class="result" id="result4">${resultWords(cur.result, cur.ranking).join(" — ")}</span>`;
    return;
  }
  const phaseWords = { d: "declarations", b: "bidding", p: "promise step", a: "actions" }[cur.phase];
  let what = "";
  if (cur.phase === "a") what = actor() ? `${SEAT_NAMES[actor()]} acts` : "";
  else what = cur.deciding.length ? `${cur.deciding.map((s) => SEAT_NAMES[s]).join(", ")} decide${cur.deciding.length === 1 ? "s" : ""}` : "";
  const thinking = four.thinking.size ? ` — thinking: ${[...four.thinking].map((s) => SEAT_NAMES[s]).join(", ")}` : "";
  const revealed = four.revealed && four.view === four.events.length ? ` — revealed ${four.revealed}` : "";
  el.textContent = `Round ${cur.pos.round}, ${phaseWords}${what ? ": " + what : ""}${thinking}${revealed}${four.view < four.events.length ? ` (event ${four.view} of ${four.events.length})` : ""}`;
}

function drawEvents() {
  const ol = $("events4");
  ol.innerHTML = "";
  const start = four.startPos;
  for (const line of roundLines(start.round, start.phase, four.events)) {
    const li = document.createElement("li");
    li.value = line.round;
    for (const ev of line.events) {
      const span = document.createElement("span");
      span.textContent = ev.text;
      span.dataset.event = ev.index + 1;
      if (four.view === ev.index + 1) span.className = "current";
      span.onclick = () => goTo(ev.index + 1);
      li.appendChild(span);
    }
    ol.appendChild(li);
  }
}

/** Shows the position after `n` events; the live game goes on only at the last. */
async function goTo(n) {
  n = Math.max(0, Math.min(four.events.length, n));
  four.view = n;
  four.prefix = [];
  four.fetching += 1;
  const gameId = four.gameId;
  let cur;
  try {
    cur = await fetchPosition(n);
  } catch (e) {
    log(`error: ${e.message}`);
    $("status4").textContent = `The board engine refused the position: ${e.message}`;
    return;
  } finally {
    four.fetching -= 1;
  }
  if (gameId !== four.gameId || n !== four.view) return;
  four.current = cur;
  four.step = null;
  four.curtain = true;
  if (live() && cur.phase !== "a") {
    try {
      four.step = sealedStep(cur.phase, Object.fromEntries(SEATS.map((s) => [s, { options: cur.options[s] || [], deciding: cur.deciding.includes(s), player: isHuman(s) ? "human" : "engine" }])));
    } catch (e) {
      log(`error: ${e.message}`);
    }
  }
  draw();
  if (live()) proceed();
}

/** At the live end: asks the engine seats that decide now, or plays a complete step. */
function proceed() {
  if (!live() || four.paused || four.fetching || four.loading) return;
  const cur = four.current;
  if (cur.phase === "a") {
    const seat = actor();
    if (seat && !isHuman(seat)) askEngine(seat);
    return;
  }
  if (!four.step) return;
  if (waiting(four.step).length === 0) return reveal();
  for (const seat of waiting(four.step, "engine")) askEngine(seat);
}

function afterEntry() {
  if (four.step && waiting(four.step).length === 0) reveal();
  else draw();
}

/** All choices of the step are in: the event reveals them together (F20, F23, F24). */
function reveal() {
  const event = stepEvent(four.step);
  const words = SEATS.map((s) => `${SEAT_NAMES[s]} ${four.step.entries[s].value}`).join(", ");
  four.step = null;
  four.revealed = `${event.slice(0, 1) === "d" ? "declarations" : event.slice(0, 1) === "b" ? "bids" : "promises"}: ${words}`;
  playEvent(event).catch((e) => log(`error: ${e.message}`));
}

/** Asks seat `seat`'s engine for its choice in the shown live position; checks it against the engine's lists. */
async function askEngine(seat) {
  const eng = four.players[seat];
  if (!eng || !eng.alive || four.thinking.has(seat)) return;
  const cur = four.current;
  const gameId = four.gameId;
  const n = four.events.length;
  const movetime = four.seats[seat].movetime;
  four.thinking.add(seat);
  draw();
  let out;
  try {
    // The phase's word (F41) makes the line readable in logs and tells simple engines what is asked.
    const word = { d: "declare ", b: "bid ", p: "promise ", a: "" }[cur.phase];
    out = await eng.ask([positionLine(n), `go ${word}seat ${seat} movetime ${movetime}`], answerWord(cur.phase), movetime + GRACE_MS);
  } catch {
    four.thinking.delete(seat);
    draw();
    return;
  }
  four.thinking.delete(seat);
  if (gameId !== four.gameId || four.events.length !== n || four.current !== cur) {
    if (gameId === four.gameId) proceed();
    return;
  }
  const line = out[out.length - 1];
  if (cur.phase === "a") {
    const best = line.split(/\s+/)[1];
    if (!cur.legal.includes(best)) {
      four.ctx.showTrouble(eng.slot, "illegal", `${SEAT_NAMES[seat]}'s action 'bestmove ${best || ""}' is not in the engine's legal list`);
      draw();
      return;
    }
    await playEvent(best);
    return;
  }
  const token = answerToken(cur.phase, line);
  try {
    four.step = enter(four.step, seat, token);
  } catch (e) {
    four.ctx.showTrouble(eng.slot, "illegal", `${SEAT_NAMES[seat]}'s answer '${line}' is not one of its choices`);
    draw();
    return;
  }
  afterEntry();
}

/** Appends an event to the live game and shows the new position. */
async function playEvent(text) {
  four.events = four.events.slice(0, four.view);
  four.events.push(text);
  if (!/^[dbp]:/.test(text)) four.revealed = "";
  log(`event ${text}`);
  await goTo(four.events.length);
}

function onClick(info) {
  const cur = four.current;
  const who = actor();
  if (!live() || !who || !isHuman(who) || four.fetching || four.loading) return;
  const r = click(cur.entry, four.prefix, info, who);
  four.prefix = r.prefix;
  if (r.played) {
    four.prefix = [];
    playEvent(r.played).catch((e) => log(`error: ${e.message}`));
  } else {
    draw();
  }
}

function crossClick(ev) {
  const token = ev.target.closest("[data-id]");
  if (token) {
    const keep = token.getAttribute("data-keep");
    const grave = token.getAttribute("data-grave");
    const id = token.getAttribute("data-id");
    if (keep !== null) return onClick({ type: "keep", side: keep, id });
    if (grave !== null) return onClick({ type: "grave", side: grave, id });
  }
  const sq = ev.target.closest("[data-sq]");
  if (sq) onClick({ type: "square", sq: sq.getAttribute("data-sq") });
}

function readSeats() {
  const seats = {};
  for (const seat of SEATS) {
    seats[seat] = {
      kind: $(`${seat}-kind`).value,
      engine: Number($(`${seat}-engine`).value || 0),
      skill: Number($(`${seat}-skill`).value),
      movetime: Math.max(1, Number($(`${seat}-time`).value) || 300),
    };
  }
  return seats;
}

async function startPlayers() {
  stopPlayers();
  for (const seat of SEATS) {
    const s = four.seats[seat];
    if (s.kind !== "engine") continue;
    const eng = new Engine(four.ctx.hub, SLOT(seat), s.engine);
    eng.onTrouble = (kind, message) => four.ctx.showTrouble(SLOT(seat), kind, message);
    four.players[seat] = eng;
    await eng.start({ UCI_Variant: "naviadratp4", "Round Limit": four.roundLimit, "Skill Level": s.skill });
    eng.send("ucinewgame");
  }
}

function stopPlayers() {
  for (const seat of SEATS) {
    if (four.players[seat]) four.players[seat].stop();
    delete four.players[seat];
  }
  four.thinking.clear();
}

/** Switches the board engine to the four-player variant with the round limit; throws its refusal. */
async function boardToFour() {
  const out = await serial(() => four.ctx.board.query(["setoption name UCI_Variant value naviadratp4", `setoption name Round Limit value ${four.roundLimit}`]));
  const error = errorOf(out);
  if (error) throw new Error(`the engine does not play four-player games: ${error}`);
}

/** Begins a four-seat game from `start` (`startpos` or `fen <NFEN4>`) with `events`, after the engine checked it. */
async function newGame(start, events = []) {
  four.loading += 1;
  const before = { start: four.start, events: four.events, startPos: four.startPos };
  try {
    await boardToFour();
    four.start = start;
    four.events = events;
    const first = await fetchPosition(0);
    four.startPos = first.pos;
    if (events.length) await fetchPosition(events.length);
  } catch (e) {
    Object.assign(four, before);
    $("status4").textContent = `Refused by the engine: ${e.message}`;
    log(`error: ${e.message}`);
    return false;
  } finally {
    four.loading -= 1;
  }
  four.gameId += 1;
  four.paused = false;
  four.revealed = "";
  $("pause4").textContent = "Pause";
  const humans = SEATS.filter((s) => isHuman(s));
  four.viewSeat = humans.length === 1 ? humans[0] : "s";
  $("view4").value = four.viewSeat;
  await startPlayers();
  await goTo(events.length);
  return true;
}

/** Shows or hides the four-seat parts of the page. */
function showFour(on) {
  for (const id of TWO_ONLY) $(id).hidden = on;
  for (const id of FOUR_ONLY) $(id).hidden = !on;
  $("variant").value = on ? "naviadratp4" : "naviadratp";
}

/** Enters four-seat mode: the duel's engines stop and the board engine changes variant. */
async function activate() {
  if (four.active) return;
  four.active = true;
  four.ctx.stopTwo();
  showFour(true);
}

async function deactivate() {
  if (!four.active) return;
  four.active = false;
  four.gameId += 1;
  stopPlayers();
  showFour(false);
  await four.ctx.resumeTwo();
}

/** The New game button in four-seat mode. */
async function startFromForm() {
  await activate();
  four.seats = readSeats();
  four.roundLimit = Math.max(1, Math.min(10000, Number($("four-roundlimit").value) || 200));
  const forces = SEATS.map((seat) => $(`${seat}-force`).value.trim());
  if ($("four-start").value === "fen") return newGame(`fen ${$("four-fen").value.trim()}`);
  if (forces.every((f) => f === "")) return newGame("startpos");
  if (forces.some((f) => f === "")) {
    $("status4").textContent = "Give all four forces (<navia>:<maseitai>,…), or none for the default ones.";
    return false;
  }
  // The engine checks the forces under its Force Rule (F11) and refuses bad ones with its own words.
  return newGame(`startpos forces ${forces.join(" ")}`);
}

function recordText() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  const result = four.current.result;
  const tags = { Event: "dratp-gui", Site: "?", Date: `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`, Round: "1" };
  for (const seat of SEATS) {
    const s = four.seats[seat];
    tags[SEAT_NAMES[seat]] = !s || s.kind === "human" ? "human" : (four.players[seat] && four.players[seat].name) || "engine";
  }
  tags.Result = resultTag4(result);
  tags.Variant = "naviadratp4";
  if (four.start.startsWith("fen ")) {
    tags.FEN = four.start.slice(4);
    tags.SetUp = "1";
  }
  // As dratp-match writes it, so that its -replay ends the game where this one ended (F31).
  tags.RoundLimit = String(four.roundLimit);
  if (result) {
    tags.Ranking = four.current.ranking;
    if (result.termination) tags.Termination = result.termination;
  }
  return writePgn4(tags, roundLines(four.startPos.round, four.startPos.phase, four.events));
}

/** Saves the game as a record; the live end must be shown (its result and ranking come from it). */
function saveRecord() {
  if (!four.current || four.view !== four.events.length) return null;
  const text = recordText();
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
  a.download = "dratp-four.pgn";
  a.click();
  return text;
}

/** Opens a four-player record (F43) and shows its start; every seat is a person, the events can be stepped. */
async function loadRecord(text, index = 0) {
  const g = parsePgn(text)[index];
  if (!g || g.tags.Variant !== "naviadratp4") {
    $("status4").textContent = "No four-player game there.";
    return false;
  }
  await activate();
  four.seats = Object.fromEntries(SEATS.map((s) => [s, { kind: "human", engine: 0, skill: 20, movetime: 300 }]));
  four.roundLimit = Math.max(1, Math.min(10000, Number(g.tags.RoundLimit) || 200));
  $("four-roundlimit").value = String(four.roundLimit);
  const ok = await newGame(g.tags.FEN ? `fen ${g.tags.FEN}` : "startpos", g.moves);
  if (!ok) return false;
  // The record's Result tag is checked against the engine's verdict at its last event.
  const said = resultTag4(four.current.result);
  if ((g.tags.Result || "*") !== said) log(`the record says Result "${g.tags.Result}", the engine finds "${said}" at its end`);
  await goTo(0);
  return true;
}

async function takeBack() {
  if (four.thinking.size || four.events.length === 0) return;
  let n = four.events.length - 1;
  // Back to the last position where a person decides something.
  while (n > 0) {
    const pos = await fetchPosition(n);
    if (pos.deciding.some((s) => isHuman(s))) break;
    n -= 1;
  }
  four.events = four.events.slice(0, n);
  four.revealed = "";
  await goTo(n);
}

/** The person who decides now at the live end (the actor, or the one in turn to enter a secret), or null. */
function resigner() {
  if (!live()) return null;
  const seat = four.current.phase === "a" ? actor() : four.step && humanTurn(four.step);
  return seat && isHuman(seat) ? seat : null;
}

/** Resigns for the person who decides now (F33): an `x:<seat>` event. */
async function resign() {
  const seat = resigner();
  if (seat) await playEvent(`x:${seat}`);
}

/** Restarts engine `slot` (a seat's, or the board keeper) after trouble and goes on. */
async function restart(slot) {
  if (slot === "board") {
    await four.ctx.board.start();
    await boardToFour();
    return goTo(four.view);
  }
  const seat = slot.slice(4);
  const eng = four.players[seat];
  if (!eng) return;
  const s = four.seats[seat];
  await eng.start({ UCI_Variant: "naviadratp4", "Round Limit": four.roundLimit, "Skill Level": s.skill });
  proceed();
}

function bind() {
  $("cross").addEventListener("click", crossClick);
  $("variant").onchange = () => {
    const on = $("variant").value === "naviadratp4";
    for (const id of ["four-setup"]) $(id).hidden = !on;
    $("two-setup").hidden = on;
  };
  $("four-start").onchange = () => ($("four-fen-label").hidden = $("four-start").value !== "fen");
  $("view4").onchange = () => {
    four.viewSeat = $("view4").value;
    draw();
  };
  $("takeback4").onclick = () => takeBack().catch((e) => log(`error: ${e.message}`));
  $("pause4").onclick = () => {
    four.paused = !four.paused;
    $("pause4").textContent = four.paused ? "Resume" : "Pause";
    if (!four.paused) proceed();
  };
  $("step4").onclick = () => {
    if (!live()) return;
    const wasPaused = four.paused;
    four.paused = false;
    proceed();
    four.paused = wasPaused;
  };
  $("resign4").onclick = () => resign().catch((e) => log(`error: ${e.message}`));
  $("nav4-first").onclick = () => goTo(0);
  $("nav4-back").onclick = () => goTo(four.view - 1);
  $("nav4-fwd").onclick = () => goTo(four.view + 1);
  $("nav4-last").onclick = () => goTo(four.events.length);
  $("pgn4-save").onclick = saveRecord;
  $("pgn4-load").onchange = async (ev) => {
    const file = ev.target.files[0];
    if (file) await loadRecord(await file.text());
  };
  $("action-text").addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter") return;
    const text = ev.target.value.trim();
    const who = actor();
    if (!live() || !who || !isHuman(who)) return;
    if (four.current.legal.includes(text)) {
      ev.target.value = "";
      playEvent(text);
    } else {
      $("status4").textContent = `'${text}' is not a legal action here (the engine lists ${four.current.legal.length}).`;
    }
  });
}

/** Keys while four-seat mode is on: arrows step through the events, Esc cancels a selection. */
function onKey(ev) {
  if (ev.key === "ArrowLeft") goTo(four.view - 1);
  if (ev.key === "ArrowRight") goTo(four.view + 1);
  if (ev.key === "Escape") {
    four.prefix = [];
    draw();
  }
}

/**
 * Starts a four-seat game at once for the page addresses `dratp-gui --four` and `--watch-four` open: `#four` seats a
 * person at South against three engines, `#four-watch` four engines.
 */
async function autostart(hash) {
  if (hash !== "#four" && hash !== "#four-watch") return;
  $("variant").value = "naviadratp4";
  $("variant").onchange();
  $("s-kind").value = hash === "#four" ? "human" : "engine";
  await startFromForm();
}

/** Sets up four-seat games on the page; `ctx` lends app.js's hub, board engine and helpers. */
export function initFour(ctx) {
  four.ctx = ctx;
  bind();
  return {
    isActive: () => four.active,
    wanted: () => $("variant").value === "naviadratp4",
    start: startFromForm,
    autostart,
    deactivate,
    loadRecord,
    restart,
    onKey,
    owns: (slot) => SEATS.some((s) => SLOT(s) === slot),
  };
}

// Exposed for the browser test.
window.dratp4 = { four, goTo, newGame, loadRecord, recordText, saveRecord };
