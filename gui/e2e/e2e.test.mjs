// End to end in a real browser: Debian's chromium, driven by puppeteer-core, plays whole games by mouse clicks
// against the real engine through dratp-gui. After every move the board on screen (read back from the drawn SVG) is
// compared with the `Fen:` of `d` from a separate engine process. Screenshots go to a temporary directory (or
// $SCREENSHOT_DIR); with UPDATE_SCREENSHOTS=1 they replace the README's pictures in docs/screenshots/.
//
// Needs target/release/dratp and target/release/dratp-gui (cargo build --release). Without a browser the test is
// skipped locally and fails under CI=true.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, ENGINE, MATCH, SHOTS, skipReason, Referee, startGui, openPage, clickOn, seeded } from "./harness.mjs";

const skip = skipReason();

let page, server, referee, closePage;

before(async () => {
  if (skip) return;
  // Engine 1 is the project's fake engine that crashes when asked for a move.
  const crashing = `python3 ${join(ROOT, "scripts", "fake_engine.py")} --fail crash`;
  // Engine 2 answers an illegal move (its Navia steps two squares).
  const illegal = `python3 ${join(ROOT, "scripts", "fake_engine.py")} --fail illegal`;
  // Engine 3 answers every move 2.5 s late and does not stop early: a side that runs out of time.
  const late = `python3 ${join(ROOT, "scripts", "fake_engine.py")} --fail late --delay 2500`;
  let url;
  ({ server, url } = await startGui([ENGINE, crashing, illegal, late]));
  ({ page, close: closePage } = await openPage(url));
  referee = new Referee();
});

/** From now on, records every request the page sends to the server: [{ op, slot, line }]. */
async function recordRequests() {
  await page.evaluate(() => {
    const hub = window.dratp.state.hub;
    window.sent = [];
    if (!hub.recording) {
      const request = hub.request.bind(hub);
      hub.request = (obj) => {
        window.sent.push(obj);
        request(obj);
      };
      hub.recording = true;
    }
  });
}

after(async () => {
  if (closePage) await closePage();
  if (server) server.kill();
  if (referee) referee.close();
});

/** The NFEN the screen shows, read back from the drawn board, and the ply it shows. */
async function screenFen() {
  return page.evaluate(async () => {
    const { readDrawn } = await import("/assets/board.js");
    return { fen: readDrawn(document.querySelector("#board svg").outerHTML), ply: Number(document.querySelector("#board").dataset.ply) };
  });
}

async function gameState() {
  return page.evaluate(() => {
    const s = window.dratp.state;
    return {
      start: s.start, moves: s.moves, view: s.view, thinking: s.thinking, legal: s.current.legal,
      result: s.current.result, side: s.current.pos.side, kinds: s.sides.map((x) => x.kind), prefix: s.prefix,
    };
  });
}

async function checkScreen() {
  const s = await gameState();
  const shown = await screenFen();
  assert.equal(shown.ply, s.moves.length);
  assert.equal(shown.fen, await referee.fen(s.start, s.moves), `position on screen after ${s.moves.join(" ")}`);
}

/** Waits until the page is idle at the end of the game (a person to move, or the game over). */
async function settle() {
  await page.waitForFunction(() => {
    const s = window.dratp.state;
    const b = document.querySelector("#board");
    return s.current && !s.thinking && !s.loading && s.view === s.moves.length && Number(b.dataset.ply) === s.moves.length &&
      b.dataset.fen === s.current.fen &&
      (s.current.result !== "none" || s.sides[s.current.pos.side].kind === "human");
  }, { timeout: 60000 });
}

/** Clicks the middle of the element the selector finds, with the mouse. */
const clickAt = (selector) => clickOn(page, selector);

/** Enters a legal move by mouse clicks, atom by atom, as a person would. */
async function clickMove(text) {
  const { atomsOf } = await import("../assets/entry.js");
  const s0 = await gameState();
  for (const atom of atomsOf(text)) {
    const [kind, value] = atom.split(":");
    let selector;
    if (kind === "sq") selector = `#board [data-sq="${value}"]`;
    else if (kind === "keep") selector = `#board [data-keep="${s0.side}"][data-id="${value}"]`;
    else selector = `#prompt [data-atom="${atom}"]`;
    if (atom === "act:move" && !(await page.$(selector))) continue; // a plain move needs no prompt
    assert.ok(await page.$(selector), `nothing to click for ${atom} of ${text}`);
    await clickAt(selector);
  }
  if ((await gameState()).moves.length === s0.moves.length) await clickAt('#prompt [data-atom="end"]');
  await page.waitForFunction((n) => window.dratp.state.moves.length > n, {}, s0.moves.length);
  const s1 = await gameState();
  assert.equal(s1.moves[s0.moves.length], text, "the clicks entered exactly the chosen move");
}

function pick(legal, rng, prefer) {
  for (const re of prefer) {
    const m = legal.filter((x) => re.test(x));
    if (m.length) return m[Math.floor(rng() * m.length)];
  }
  return legal[Math.floor(rng() * legal.length)];
}

/** Plays on by clicks (the person's move chosen by `prefer`) until the game ends; checks the screen every move. */
async function playOut(rng, prefer, maxPlies, played) {
  for (;;) {
    await settle();
    await checkScreen();
    const s = await gameState();
    if (s.result !== "none" || s.moves.length >= maxPlies) return s;
    const move = pick(s.legal, rng, prefer(s));
    played.push(move);
    await clickMove(move);
  }
}

/** Sets form fields by id: selects are chosen, inputs filled. */
async function setSides(fields) {
  for (const [id, value] of Object.entries(fields)) {
    if (await page.$eval(`#${id}`, (el) => el.tagName === "SELECT")) await page.select(`#${id}`, value);
    else await page.$eval(`#${id}`, (el, v) => (el.value = v), value);
  }
}

async function setup(mode, fields) {
  await page.select("#forces-mode", mode);
  await setSides(fields);
  const id = await page.evaluate(() => window.dratp.state.gameId);
  await clickAt("#start-game");
  await page.waitForFunction((n) => window.dratp.state.gameId > n, {}, id);
  await settle();
}

test("a person plays the Starter Sets against the engine by clicks to the end", { skip, timeout: 600000 }, async () => {
  await page.screenshot({ path: join(SHOTS, "start.png") });
  await setup("starter", { "p1-kind": "human", "p2-kind": "engine", "p2-skill": "20", "p2-tc": "movetime", "p2-time": "60" });
  const played = [];
  const rng = seeded(7);
  // Summon first, then anything: the engine at full strength ends the game.
  const end = await playOut(rng, (s) => (s.moves.length < 6 ? [/^M\d+@/] : [/\+$/, /./]), 400, played);
  assert.notEqual(end.result, "none", `the game ended (${end.moves.length} plies)`);
  console.log(`# game 1: ${end.moves.length} plies, ${end.result}: ${end.moves.join(" ")}`);
  assert.ok(played.some((m) => /^M\d+@/.test(m)), "a summon was entered");
  const text = await page.$eval("#result", (el) => el.textContent);
  assert.match(text, /wins|Draw/);
  // Every ply of the finished game, stepped through the move list, shows the engine's position.
  for (let ply = 0; ply <= end.moves.length; ply += 1) {
    await page.evaluate((p) => window.dratp.goTo(p), ply);
    const shown = await screenFen();
    assert.equal(shown.fen, await referee.fen(end.start, end.moves.slice(0, ply)), `ply ${ply}`);
  }
});

test("dratps with a target choice and a line over, entered by clicks, from a pasted NFEN", { skip, timeout: 600000 }, async () => {
  const fen = "Br1[n02]1r1/bbbbbbb/7/1[M13]3[M14]1/[M05]1[+M06]1[M07]1[M08]/BBBBBB1/1R1[N01]1R1 w 30/0 M02,M03,M04/M09,M10,M11,M12 M01/- - 10";
  await setup("fen", { "start-fen": fen, "p1-kind": "human", "p2-kind": "engine", "p2-skill": "3", "p2-tc": "movetime", "p2-time": "40" });
  const played = [];
  const rng = seeded(11);
  // First a line over reviving a Maseitai, then dratps with effect targets whenever offered, then play on.
  const prefer = (s) => (s.moves.length === 0 ? [/\^:M01@/] : [/^[a-g][1-7]\+:[a-g][1-7]$/, /\+:/, /\+$/, /\*/, /./]);
  let s = await playOut(rng, prefer, 4, played);
  // The screenshot shows a choice under way: a piece chosen, "Dratp here" pressed, its targets lit.
  const withTarget = s.legal.find((m) => /^[a-g][1-7]\+:[a-g][1-7]$/.test(m));
  assert.ok(withTarget, "a dratp with a target is on offer");
  await clickAt(`#board [data-sq="${withTarget.slice(0, 2)}"]`);
  await clickAt('#prompt [data-atom="act:dratp"]');
  const targets = await page.$$eval("#board .square.lit", (els) => els.map((e) => e.getAttribute("data-sq")));
  const want = s.legal.filter((m) => m.startsWith(withTarget.slice(0, 3) + ":")).map((m) => m.slice(4));
  assert.deepEqual(targets.sort(), want.sort(), "exactly the engine's targets light up");
  await page.screenshot({ path: join(SHOTS, "midgame.png") });
  await page.keyboard.press("Escape");
  s = await playOut(rng, prefer, 400, played);
  assert.ok(played.some((m) => /\^:/.test(m)), `a line over was entered: ${played.join(" ")}`);
  assert.ok(played.some((m) => /\+:[a-g][1-7]/.test(m)), `an effect with a target was entered: ${played.join(" ")}`);
  assert.ok(played.some((m) => /\+/.test(m)), "a dratp was entered");
  assert.notEqual(s.result, "none", "the game ended");
  console.log(`# game 2: ${s.moves.length} plies, ${s.result}: ${s.moves.join(" ")}`);
});

test("a selected piece lights its squares and the catalogue page draws every compass", { skip, timeout: 120000 }, async () => {
  await setup("starter", { "p1-kind": "human", "p2-kind": "human" });
  await clickAt('#board [data-sq="d1"]');
  const lit = await page.$$eval("#board .square.lit", (els) => els.map((e) => e.getAttribute("data-sq")).sort());
  const legal = (await gameState()).legal;
  const want = [...new Set(legal.filter((m) => /^d1[a-g][1-7]/.test(m)).map((m) => m.slice(2, 4)))].sort();
  assert.ok(want.length > 0);
  assert.deepEqual(lit, want, "the Navia's reachable squares, from the engine's legal list");
  await page.click("#tab-pieces");
  const cards = await page.$$eval("#catalogue .card", (els) => els.length);
  const pieces = (await referee.query(["catalogue"])).filter((l) => l.startsWith("piece ")).length;
  assert.equal(cards, pieces, "one card per catalogue piece");
  assert.equal(await page.$$eval("#catalogue .card svg.compass", (els) => els.length), pieces * 2, "before and after");
  await page.screenshot({ path: join(SHOTS, "catalogue.png") });
  // A catalogue file the engine refuses shows the engine's error.
  await page.$eval("#cat-path", (el) => (el.value = "/nonexistent/pieces.cat"));
  await page.click("#cat-load");
  await page.waitForFunction(() => document.querySelector("#cat-errors").textContent.includes("cannot read"));
  await page.click("#tab-play");
});

test("a crashing engine is reported in plain words, the game is kept and the engine can be restarted", { skip, timeout: 120000 }, async () => {
  await setup("starter", { "p1-kind": "human", "p2-kind": "engine", "p2-engine": "1", "p2-tc": "movetime", "p2-time": "50" });
  await clickMove("c2c3");
  await page.waitForFunction(() => !document.querySelector("#trouble").hidden, { timeout: 30000 });
  const text = await page.$eval("#trouble-text", (el) => el.textContent);
  assert.match(text, /^The engine playing second stopped running: .+\. The game is kept as it was\.$/);
  const s = await gameState();
  assert.deepEqual(s.moves, ["c2c3"]);
  await checkScreen();
  // The restarted engine is asked for its move again (and, being made to crash, crashes again).
  const before = await page.evaluate(() => window.dratp.state.troubles);
  await clickAt("#trouble-restart");
  await page.waitForFunction((n) => window.dratp.state.troubles > n, { timeout: 30000 }, before);
  assert.deepEqual((await gameState()).moves, ["c2c3"], "the restart keeps the game");
});

test("an engine's illegal move is reported and not played", { skip, timeout: 120000 }, async () => {
  await setup("starter", { "p1-kind": "human", "p2-kind": "engine", "p2-engine": "2", "p2-tc": "movetime", "p2-time": "50" });
  await clickMove("c2c3");
  await page.waitForFunction(() => !document.querySelector("#trouble").hidden, { timeout: 30000 });
  const text = await page.$eval("#trouble-text", (el) => el.textContent);
  assert.match(text, /^The engine playing second answered a move that is not legal here: its move 'bestmove \S+' is not in the engine's legal list\. The game is kept as it was\.$/);
  assert.deepEqual((await gameState()).moves, ["c2c3"]);
  await checkScreen();
  await clickAt("#trouble-dismiss");
});

test("a draft: the person clicks picks, the engine's picks show, and the drafted forces are played", { skip, timeout: 120000 }, async () => {
  const id = await page.evaluate(() => window.dratp.state.gameId);
  await page.select("#forces-mode", "draft");
  await page.select("#p1-kind", "human");
  await page.select("#p2-kind", "engine");
  await page.select("#p2-engine", "0");
  await page.select("#navia1", "N03");
  await page.select("#navia2", "N04");
  await clickAt("#start-game");
  for (let picks = 0; picks < 7; picks += 1) {
    await page.waitForFunction((n) => window.dratp.state.gameId > n || document.querySelector("#draft").textContent.includes("click a Maseitai"), {}, id);
    if ((await page.evaluate(() => window.dratp.state.gameId)) > id) break;
    await clickAt("#draft [data-pick]");
  }
  await page.waitForFunction((n) => window.dratp.state.gameId > n, { timeout: 30000 }, id);
  await settle();
  const s = await gameState();
  assert.match(s.start, /^startpos forces N03:(M\d+,){6}M\d+ N04:(M\d+,){6}M\d+$/, "the chosen Navias");
  assert.match(await page.$eval("#draft", (el) => el.textContent), /complete/);
  await checkScreen();
});

test("analysis shows the score, depth and lines of the shown position", { skip, timeout: 120000 }, async () => {
  await setup("starter", { "p1-kind": "human", "p2-kind": "human", multipv: "2" });
  await clickAt("#analyse");
  await page.waitForFunction(() => document.querySelectorAll("#pvs div").length === 2, { timeout: 30000 });
  assert.match(await page.$eval("#eval", (el) => el.textContent), /^([+-]\d+\.\d\d|#-?\d+) +depth \d+/);
  await clickAt("#analyse");
});

test("records: dratp-match's PGN opens and replays move by move; a saved game replays in dratp-match", { skip, timeout: 300000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "dratp-pgn-"));
  const file = join(dir, "match.pgn");
  const run = spawnSync(MATCH, ["-engine", `cmd=${ENGINE}`, "name=a", "depth=1", "-engine", `cmd=${ENGINE}`, "name=b", "depth=1",
    "-games", "2", "-forces", "random", "seed=3", "-maxmoves", "80", "-pgnout", file], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const [first, second] = [...readFileSync(file, "utf8").matchAll(/\[FEN "([^"]+)"\]/g)].map((m) => `fen ${m[1]}`);
  const loaded = (start) => page.waitForFunction((st) => {
    const s = window.dratp.state;
    const b = document.querySelector("#board");
    return s.start === st && s.view === 0 && b.dataset.ply === "0" && b.dataset.fen === s.startFen && `fen ${s.startFen}` === st;
  }, { timeout: 30000 }, start);
  const input = await page.$("#pgn-load");
  await input.uploadFile(file);
  await loaded(first);
  await page.select("#pgn-games", "1");
  await loaded(second);
  const s = await gameState();
  assert.ok(s.moves.length > 0);
  for (let ply = 0; ply <= s.moves.length; ply += 1) {
    const shown = await screenFen();
    assert.equal(shown.ply, ply);
    assert.equal(shown.fen, await referee.fen(s.start, s.moves.slice(0, ply)), `ply ${ply}`);
    if (ply < s.moves.length) {
      await clickAt("#nav-fwd");
      await page.waitForFunction((p) => document.querySelector("#board").dataset.ply === String(p), {}, ply + 1);
    }
  }
  // The GUI's own record of a game played by clicks is accepted by dratp-match's replay.
  await setup("starter", { "p1-kind": "human", "p2-kind": "engine", "p2-engine": "0", "p2-skill": "20", "p2-time": "40" });
  await playOut(seeded(5), () => [/./], 400, []);
  const saved = join(dir, "saved.pgn");
  writeFileSync(saved, await page.evaluate(() => window.dratp.savePgn()));
  const replay = spawnSync(MATCH, ["-replay", saved], { encoding: "utf8" });
  assert.equal(replay.status, 0, replay.stdout + replay.stderr);
  assert.match(replay.stdout, /1 ok, 0 mismatched/);
  rmSync(dir, { recursive: true, force: true });
});

test("engine against engine: watched, paused, stepped and resumed", { skip, timeout: 300000 }, async () => {
  const id = await page.evaluate(() => window.dratp.state.gameId);
  await page.select("#forces-mode", "starter");
  for (const n of [1, 2]) {
    await page.select(`#p${n}-kind`, "engine");
    await page.select(`#p${n}-engine`, "0");
    await page.select(`#p${n}-tc`, "movetime");
    await page.$eval(`#p${n}-time`, (el) => (el.value = "30"));
    // Full strength against random moves, so the game ends soon.
    await page.$eval(`#p${n}-skill`, (el, v) => (el.value = v), n === 1 ? "20" : "0");
  }
  await clickAt("#start-game");
  await page.waitForFunction((n) => window.dratp.state.gameId > n && window.dratp.state.moves.length >= 4, { timeout: 60000 }, id);
  await clickAt("#pause");
  await page.waitForFunction(() => !window.dratp.state.thinking);
  const paused = (await gameState()).moves.length;
  await new Promise((r) => setTimeout(r, 400));
  assert.equal((await gameState()).moves.length, paused, "no move while paused");
  await checkScreen();
  await clickAt("#step");
  await page.waitForFunction((n) => window.dratp.state.moves.length === n + 1 && !window.dratp.state.thinking, {}, paused);
  await clickAt("#pause");
  await page.waitForFunction(() => {
    const s = window.dratp.state;
    return s.current.result !== "none" && !s.thinking && document.querySelector("#board").dataset.fen === s.current.fen;
  }, { timeout: 120000 }).catch(async (e) => {
    console.log("# " + JSON.stringify(await page.evaluate(() => ({ m: window.dratp.state.moves.length, p: window.dratp.state.paused, t: window.dratp.state.thinking, r: window.dratp.state.current.result, st: document.querySelector("#status").textContent, tr: document.querySelector("#trouble").hidden }))));
    throw e;
  });
  await checkScreen();
  for (const n of [1, 2]) await page.select(`#p${n}-kind`, "human");
  await page.$eval("#p2-skill", (el) => (el.value = "20"));
});

test("a Navia in check is marked from the engine's Check line", { skip, timeout: 60000 }, async () => {
  await setup("fen", { "start-fen": "3[n02]3/7/7/7/7/3b3/3[N01]3 w 0/0 -/- -/- - 5", "p1-kind": "human", "p2-kind": "human" });
  assert.match(await page.$eval("#status", (el) => el.textContent), /check on the Navia/);
  assert.equal(await page.$eval('#board [data-sq="d1"] rect', (el) => el.getAttribute("fill")), "#ef9a9a");
  await checkScreen();
});

test("a draft between engines: each side picks with its own engine and Skill Level", { skip, timeout: 120000 }, async () => {
  const id = await page.evaluate(() => window.dratp.state.gameId);
  await page.select("#forces-mode", "draft");
  // The second side's engine is the fake engine, which always picks the first Maseitai left in the sorted pool.
  await setSides({ "p1-kind": "engine", "p1-engine": "0", "p1-skill": "20", "p2-kind": "engine", "p2-engine": "1", "p2-skill": "7" });
  await page.select("#navia1", "N02");
  await page.select("#navia2", "N01");
  await recordRequests();
  await clickAt("#start-game");
  await page.waitForFunction((n) => window.dratp.state.gameId > n, { timeout: 60000 }, id);
  const { pool, picks } = await page.evaluate(() => window.dratp.state.draft);
  assert.equal(picks.length, 14);
  const left = [...pool];
  picks.forEach((p, i) => {
    if (i % 2 === 1) assert.equal(p, [...left].sort()[0], `pick ${i + 1} is the second side's engine's (the first left)`);
    left.splice(left.indexOf(p), 1);
  });
  const sent = await page.evaluate(() => window.sent.filter((r) => r.op === "send"));
  const drafts = (slot) => sent.filter((r) => r.slot === slot && r.line.startsWith("go draft")).length;
  assert.deepEqual([drafts("p1"), drafts("p2"), drafts("board")], [7, 7, 0], "each side's engine picks for it");
  const p2 = sent.filter((r) => r.slot === "p2").map((r) => r.line);
  assert.ok(p2.indexOf("setoption name Skill Level value 7") < p2.findIndex((l) => l.startsWith("go draft")), "with its Skill Level");
  const start = await page.evaluate(() => window.dratp.state.start);
  const force = (s, navia) => `${navia}:${picks.filter((_, i) => i % 2 === s).sort().join(",")}`;
  assert.equal(start, `startpos forces ${force(0, "N02")} ${force(1, "N01")}`, "the chosen Navias and the drafted Maseitai");
  // The fake engine crashes when asked for a move; that is reported and dismissed.
  await page.waitForFunction(() => !document.querySelector("#trouble").hidden, { timeout: 30000 });
  await clickAt("#trouble-dismiss");
  await setSides({ "p1-kind": "human", "p2-kind": "human", "p2-engine": "0", "p2-skill": "20" });
});

test("forces picked by clicks from the catalogue, with the engine's verdict under each Force Rule", { skip, timeout: 120000 }, async () => {
  await page.select("#forces-mode", "pick");
  await setSides({ "p1-kind": "human", "p2-kind": "human" });
  for (const n of [1, 2]) await page.$eval(`#force${n}`, (el) => el.value = "");
  await page.select("#navia1", "N04");
  await page.select("#navia2", "N03");
  const first = ["M05", "M05", "M01", "M20", "M07", "M30", "M12"];
  const second = ["M02", "M03", "M04", "M06", "M08", "M09", "M10"];
  // Seven clicks fill the first side, and the clicks go on to the second.
  for (const id of [...first, ...second]) await clickAt(`#picker-list [data-add="${id}"]`);
  assert.equal(await page.$eval("#force1", (el) => el.value), "N04:M01,M05,M05,M07,M12,M20,M30");
  assert.equal(await page.$eval("#force2", (el) => el.value), "N03:M02,M03,M04,M06,M08,M09,M10");
  const chosen = (n) => page.$eval(`#chosen${n}`, (el) => [el.querySelector(".count").textContent, ...[...el.querySelectorAll("button")].map((b) => b.textContent)]);
  assert.deepEqual(await chosen(1), ["7/7", "M01", "M05 ×2", "M07", "M12", "M20", "M30"]);
  // A chosen one clicked comes out; a typed force shows in the picker.
  await clickAt('#chosen2 [data-remove="M10"]');
  assert.equal(await page.$eval("#force2", (el) => el.value), "N03:M02,M03,M04,M06,M08,M09");
  await page.$eval("#force2", (el) => el.value = "");
  await page.type("#force2", "N03:M02,M03,M04,M06,M08,M09,M11");
  assert.deepEqual(await chosen(2), ["7/7", "M02", "M03", "M04", "M06", "M08", "M09", "M11"]);
  await page.screenshot({ path: join(SHOTS, "forces.png") });
  const before = await page.evaluate(() => window.dratp.state.gameId);
  await page.select("#force-rule", "singleton");
  await clickAt("#start-game");
  await page.waitForFunction(() => document.querySelector("#force-verdict").className === "refused");
  assert.match(await page.$eval("#force-verdict", (el) => el.textContent),
    /^The engine refuses them under the singleton rule: position: bad force for the first player: .+/);
  assert.equal(await page.evaluate(() => window.dratp.state.gameId), before, "the game shown is kept");
  await page.select("#force-rule", "standard");
  await clickAt("#start-game");
  await page.waitForFunction((n) => window.dratp.state.gameId > n, { timeout: 30000 }, before);
  await settle();
  assert.equal(await page.$eval("#force-verdict", (el) => el.textContent), "The engine accepts both forces under the standard rule.");
  assert.equal((await gameState()).start, "startpos forces N04:M01,M05,M05,M07,M12,M20,M30 N03:M02,M03,M04,M06,M08,M09,M11");
  await checkScreen();
});

test("a person who runs out of time loses on time; the clocks stop and the record says time forfeit", { skip, timeout: 120000 }, async () => {
  await setup("starter", { "p1-kind": "human", "p1-tc": "clock", "p1-time": "0.02+0", "p2-kind": "engine", "p2-engine": "0", "p2-tc": "movetime", "p2-time": "50" });
  await page.waitForFunction(() => document.querySelector("#result"), { timeout: 10000 });
  assert.equal(await page.$eval("#result", (el) => el.textContent), "Second player wins: the first player ran out of time");
  const clocks = await page.$eval("#clocks", (el) => el.textContent);
  assert.match(clocks, /first player 0:00/);
  await new Promise((r) => setTimeout(r, 1200));
  assert.equal(await page.$eval("#clocks", (el) => el.textContent), clocks, "the clocks stopped");
  await page.$$eval("#board [data-sq='c2']", (els) => els[0].dispatchEvent(new MouseEvent("click", { bubbles: true })));
  assert.deepEqual((await gameState()).prefix, [], "no move can be entered");
  const text = await page.evaluate(() => window.dratp.savePgn());
  assert.match(text, /\[Result "0-1"\]/);
  assert.match(text, /\[Termination "time forfeit"\]/);
  const dir = mkdtempSync(join(tmpdir(), "dratp-pgn-"));
  writeFileSync(join(dir, "flag.pgn"), text);
  const replay = spawnSync(MATCH, ["-replay", join(dir, "flag.pgn")], { encoding: "utf8" });
  rmSync(dir, { recursive: true, force: true });
  assert.equal(replay.status, 0, replay.stdout + replay.stderr);
  assert.match(replay.stdout, /1 ok, 0 mismatched/);
  // Opened again, the record shows its loss on time at its last ply and saves it as it was.
  await page.evaluate((t) => window.dratp.loadPgnText(t), text);
  await page.evaluate(() => window.dratp.goTo(window.dratp.state.moves.length));
  assert.equal(await page.$eval("#result", (el) => el.textContent), "Second player wins: the first player ran out of time");
  assert.match(await page.evaluate(() => window.dratp.savePgn()), /\[Termination "time forfeit"\]/);
});

test("an engine that runs out of time loses on time and its search is stopped", { skip, timeout: 120000 }, async () => {
  await recordRequests();
  await setup("starter", { "p1-kind": "engine", "p1-engine": "3", "p1-tc": "clock", "p1-time": "0.02+0", "p2-kind": "human", "p2-tc": "movetime" });
  assert.equal(await page.$eval("#result", (el) => el.textContent), "Second player wins: the first player ran out of time");
  const sent = await page.evaluate(() => window.sent.filter((r) => r.op === "send" && r.slot === "p1").map((r) => r.line));
  assert.ok(sent.some((l) => l.startsWith("go wtime")), "the engine was asked on its clock");
  assert.equal(sent[sent.length - 1], "stop", "and told to stop when its time ran out");
  // Its late answer (after 2.5 s) is not played.
  await new Promise((r) => setTimeout(r, 2500));
  const s = await gameState();
  assert.deepEqual(s.moves, []);
  assert.equal(s.result, "p2win time forfeit");
  assert.ok(await page.$eval("#trouble", (el) => el.hidden), await page.$eval("#trouble-text", (el) => el.textContent));
  await setSides({ "p1-kind": "human", "p1-tc": "movetime", "p1-time": "500" });
});
