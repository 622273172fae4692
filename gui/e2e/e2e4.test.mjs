// Four-seat games (`naviadratp4`) end to end in a real browser: engines and people at the four seats of the cross,
// sealed declarations and bids entered by the person in turn, actions entered by clicks (a Navia take's Pharaoh
// square too), a whole game watched to its end, and records saved and loaded. After every event the cross on screen
// (read back from the drawn SVG) is compared with the `Fen:` of `d` from a separate engine process.
//
// Needs target/release/dratp (playing naviadratp4) and target/release/dratp-gui; skipped locally without them,
// failing under CI=true.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, ENGINE, MATCH, SHOTS, skipReason, Referee, startGui, openPage, clickOn, seeded } from "./harness.mjs";
import { atomsOf, CROSS } from "../assets/entry.js";

/** Whether the release engine plays naviadratp4 (F39). */
function enginePlaysFour() {
  const run = spawnSync(ENGINE, [], { input: "setoption name UCI_Variant value naviadratp4\nisready\nquit\n", encoding: "utf8", timeout: 10000 });
  return run.status === 0 && run.stdout.includes("readyok") && !run.stdout.includes("error");
}

const skip = skipReason() || (!enginePlaysFour() && "target/release/dratp does not play naviadratp4");
if (skip && process.env.CI === "true") throw new Error(`four-player browser test: ${skip}`);

/** T1 of the four-player rules (RULES.md Part 3), and the position after `d5d6=c9`. */
const T1 = "3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/7/3s[N01]3 a swne B/N/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 5";
const T1_AFTER = "3n[N02]3/7/2s[N03]8/11/11/3sB6e[N04]/11/1wB9/11/7/3s[N01]3 a Swne B/N/N/N - 31/0/0/0 -/-/-/- -/-/-/- - 5";

/** T10: South and West declared B with 3 each and equal totals; the tie goes to a promise step. */
const T10 = "3n[N02]3/2nB4/11/11/11/w[N03]2wB6e[N04]/1wB1sB5eB1/11/11/2sB4/3s[N01]3 b nwse B/B/N/N - 3/3/0/0 M01/M15/-/- -/-/-/- - 8";

let page, browser, url, server, referee, closePage;
const clickAt = (selector) => clickOn(page, selector);

before(async () => {
  if (skip) return;
  // Engine 1 is the project's fake engine that crashes when asked for an answer.
  ({ server, url } = await startGui([ENGINE, `python3 ${join(ROOT, "scripts", "fake_engine.py")} --fail crash`]));
  ({ page, browser, close: closePage } = await openPage(url, { width: 1400, height: 1000 }));
  referee = new Referee([ENGINE], "naviadratp4");
});

after(async () => {
  if (closePage) await closePage();
  if (server) server.kill();
  if (referee) referee.close();
});

async function gameState() {
  return page.evaluate(() => {
    const f = window.dratp4.four;
    const step = f.step;
    const humanTurn = step ? ["s", "w", "n", "e"].find((s) => step.entries[s].who === "human" && step.entries[s].value === null) || null : null;
    return {
      start: f.start, events: f.events, view: f.view, phase: f.current.phase, legal: f.current.legal, result: f.current.result,
      ranking: f.current.ranking, deciding: f.current.deciding, humanTurn, curtain: f.curtain,
      options: humanTurn ? step.entries[humanTurn].options : [],
      actor: f.current.phase === "a" && f.current.deciding.length === 1 ? f.current.deciding[0] : null,
      kinds: Object.fromEntries(Object.entries(f.seats).map(([s, v]) => [s, v.kind])),
    };
  });
}

/** The NFEN4 the screen shows, read back from the drawn cross, and the number of events it shows. */
async function screenFen() {
  return page.evaluate(async () => {
    const { readDrawn4 } = await import("/assets/cross.js");
    return { fen: readDrawn4(document.querySelector("#cross svg").outerHTML), view: Number(document.querySelector("#cross").dataset.view) };
  });
}

async function checkScreen() {
  const s = await gameState();
  const shown = await screenFen();
  assert.equal(shown.view, s.events.length);
  assert.equal(shown.fen, await referee.fen(s.start, s.events), `the cross on screen after ${s.events.join(" ")}`);
}

/** Waits until the live game waits for a person (a secret entry or an action) or is over. */
async function settle(timeout = 60000) {
  await page.waitForFunction(() => {
    const f = window.dratp4.four;
    const c = document.querySelector("#cross");
    if (!f.current || f.thinking.size || f.fetching || f.loading || f.view !== f.events.length) return false;
    if (Number(c.dataset.view) !== f.events.length || c.dataset.fen !== f.current.fen) return false;
    if (f.current.result) return true;
    const human = (s) => f.seats[s].kind === "human";
    if (f.current.phase === "a") return f.current.deciding.length === 1 && human(f.current.deciding[0]);
    return f.step !== null && ["s", "w", "n", "e"].some((s) => f.step.entries[s].who === "human" && f.step.entries[s].value === null);
  }, { timeout });
}

/** Fills the four-player setup and starts the game; returns when it waits for a person or is over. */
async function setup(seats, { start = "startpos", fen = "", roundLimit = 200 } = {}) {
  await page.select("#variant", "naviadratp4");
  await page.select("#four-start", start);
  if (fen) await page.$eval("#four-fen", (el, v) => (el.value = v), fen);
  await page.$eval("#four-roundlimit", (el, v) => (el.value = v), String(roundLimit));
  for (const [seat, s] of Object.entries(seats)) {
    await page.select(`#${seat}-kind`, s.kind);
    await page.select(`#${seat}-engine`, String(s.engine || 0));
    if (s.skill !== undefined) await page.$eval(`#${seat}-skill`, (el, v) => (el.value = v), String(s.skill));
    await page.$eval(`#${seat}-time`, (el, v) => (el.value = v), String(s.time || 20));
  }
  const id = await page.evaluate(() => window.dratp4.four.gameId);
  await clickAt("#start-game");
  await page.waitForFunction((n) => window.dratp4.four.gameId > n, { timeout: 30000 }, id);
}

/** The person in turn enters `value` as their secret choice: the curtain first, then the choice. */
async function enterSecret(value) {
  await clickAt("#secret-show");
  const selector = `#secret [data-choice="${value}"]`;
  if (await page.$(selector)) return clickAt(selector);
  await page.$eval("#bid-amount", (el, v) => (el.value = v), value);
  return clickAt("#bid-seal");
}

/** Enters a legal action by mouse clicks on the cross, atom by atom, as a person would. */
async function clickAction(text, seat) {
  const s0 = await gameState();
  for (const atom of atomsOf(text, CROSS)) {
    const [kind, value] = atom.split(":");
    let selector;
    if (kind === "sq" || kind === "ph") selector = `#cross [data-sq="${value}"]`;
    else if (kind === "keep") selector = `#cross [data-keep="${seat}"][data-id="${value}"]`;
    else selector = `#prompt4 [data-atom="${atom}"]`;
    if (atom === "act:move" && !(await page.$(selector))) continue; // a plain move needs no prompt
    assert.ok(await page.$(selector), `nothing to click for ${atom} of ${text}`);
    await clickAt(selector);
  }
  if ((await gameState()).events.length === s0.events.length) await clickAt('#prompt4 [data-atom="end"]');
  await page.waitForFunction((n) => window.dratp4.four.events.length > n, {}, s0.events.length);
  assert.equal((await gameState()).events[s0.events.length], text, "the clicks entered exactly the chosen action");
}

function pick(list, rng, prefer) {
  for (const re of prefer) {
    const m = list.filter((x) => re.test(x));
    if (m.length) return m[Math.floor(rng() * m.length)];
  }
  return list[Math.floor(rng() * list.length)];
}

test("four engines play a whole game on the cross, watched to its end; each seat has its own engine and Skill Level", { skip, timeout: 600000 }, async () => {
  await page.evaluate(() => {
    const hub = window.dratp4.four.ctx.hub;
    window.sent = [];
    const request = hub.request.bind(hub);
    hub.request = (obj) => {
      window.sent.push(obj);
      request(obj);
    };
  });
  const skills = { s: 20, w: 5, n: 0, e: 10 };
  await setup(Object.fromEntries(Object.entries(skills).map(([s, skill]) => [s, { kind: "engine", skill, time: 20 }])), { roundLimit: 10 });
  await page.waitForFunction(() => window.dratp4.four.current && window.dratp4.four.current.result, { timeout: 300000 });
  await settle();
  await checkScreen();
  const end = await gameState();
  console.log(`# four engines: ${end.events.length} events, ${JSON.stringify(end.result)}, ranking ${end.ranking}`);
  assert.ok(end.events.length >= 6, "at least a round was played");
  assert.match(await page.$eval("#result4", (el) => el.textContent), /(South|West|North|East) wins|No winner/);
  assert.match(await page.$eval("#result4", (el) => el.textContent), /1\. (South|West|North|East)/, "the ranking shows");
  // Each engine seat ran in its own slot with its own Skill Level, and was asked only for its own seat.
  const sent = await page.evaluate(() => window.sent.filter((r) => r.op === "send"));
  for (const [seat, skill] of Object.entries(skills)) {
    const lines = sent.filter((r) => r.slot === `seat${seat}`).map((r) => r.line);
    assert.ok(lines.includes(`setoption name Skill Level value ${skill}`), `${seat}'s Skill Level`);
    assert.ok(lines.includes("setoption name UCI_Variant value naviadratp4"), `${seat}'s variant`);
    const gos = lines.filter((l) => l.startsWith("go "));
    assert.ok(gos.length > 0 && gos.every((l) => l.includes(` seat ${seat} `)), `${seat} is asked for itself only`);
  }
  // The events list has one round per line, each starting with its declarations (the game starts at F36).
  const lines = await page.$$eval("#events4 li", (els) => els.map((li) => [...li.querySelectorAll("span")].map((s) => s.textContent)));
  assert.ok(lines.length >= 2);
  for (const line of lines) assert.match(line[0], /^d:/);
  assert.deepEqual(lines.flat(), end.events);
  await page.screenshot({ path: join(SHOTS, "four.png") });
  // Every event of the finished game, stepped through the list, shows the engine's position.
  for (let n = 0; n <= end.events.length; n += 1) {
    await page.evaluate((k) => window.dratp4.goTo(k), n);
    const shown = await screenFen();
    assert.equal(shown.fen, await referee.fen(end.start, end.events.slice(0, n)), `event ${n}`);
  }
});

test("a person at South declares, bids and acts by clicks among three engines; the cross is d's Fen after every event", { skip, timeout: 600000 }, async () => {
  await setup({ s: { kind: "human" }, w: { kind: "engine", skill: 0 }, n: { kind: "engine", skill: 0 }, e: { kind: "engine", skill: 0 } });
  const rng = seeded(5);
  const entered = { d: [], b: [], p: [], a: [] };
  for (let steps = 0; steps < 200; steps += 1) {
    await settle();
    await checkScreen();
    const s = await gameState();
    if (s.result || (entered.d.length >= 2 && entered.b.some((v) => v !== "0") && entered.a.length >= 3)) break;
    if (s.phase === "a") {
      assert.equal(s.actor, "s");
      const action = pick(s.legal, rng, [/^M\d+@/, /^[a-k]\d+[a-k]\d+$/, /./]);
      await clickAction(action, "s");
      entered.a.push(action);
      continue;
    }
    assert.equal(s.humanTurn, "s");
    assert.ok(s.curtain, "the choices stay hidden until South asks to see them");
    // A Maseitai first (to summon it), then Gulled; the whole pool in a bid; a promise when asked.
    const declare = entered.d.length === 0 ? [/^M/, /./] : [/^B$/, /./];
    const value = s.phase === "b" ? s.options[s.options.length - 1] : s.phase === "p" ? "y" : pick(s.options, rng, declare);
    await enterSecret(value);
    await page.waitForFunction((n) => window.dratp4.four.events.length > n, { timeout: 60000 }, s.events.length);
    const event = (await gameState()).events[s.events.length];
    assert.equal(event.split(":")[1].split("/")[0], value, `South's ${s.phase} entry is in ${event}`);
    entered[s.phase].push(value);
  }
  console.log(`# South entered ${JSON.stringify(entered)}`);
  assert.ok(entered.d.length >= 2, "declarations were entered");
  assert.ok(entered.b.some((v) => v !== "0"), "a bid was entered");
  assert.ok(entered.a.some((a) => /^M\d+@/.test(a)) && entered.a.some((a) => /^[a-k]\d+[a-k]\d+/.test(a)), "a summon and a move were clicked");
});

test("two people at one screen: each enters a secret declaration with the other's hidden, then both are revealed", { skip, timeout: 120000 }, async () => {
  await setup({ s: { kind: "human" }, w: { kind: "engine", skill: 0 }, n: { kind: "human" }, e: { kind: "engine", skill: 0 } });
  await settle();
  let s = await gameState();
  assert.equal(s.humanTurn, "s", "South first, in seat order");
  assert.match(await page.$eval("#secret", (el) => el.textContent), /^South: your secret declaration\. The others look away\./);
  assert.equal(await page.$$eval("#secret [data-choice]", (els) => els.length), 0, "no choice shows behind the curtain");
  await clickAt("#secret-show");
  const southChoices = await page.$$eval("#secret [data-choice]", (els) => els.map((e) => e.dataset.choice));
  assert.deepEqual(southChoices, s.options, "exactly the engine's declarable kinds");
  await page.screenshot({ path: join(SHOTS, "four-secret.png") });
  await clickAt(`#secret [data-choice="${southChoices[southChoices.length - 1]}"]`);
  s = await gameState();
  assert.equal(s.humanTurn, "n", "the screen passes to North");
  assert.match(await page.$eval("#secret", (el) => el.textContent), /^North: your secret declaration/);
  const svg = await page.$eval("#cross svg", (el) => el.outerHTML);
  assert.match(svg, /declaration sealed ✓/);
  assert.doesNotMatch(svg, /declared /, "South's declaration does not show before all are in");
  await clickAt("#secret-show");
  const northChoice = await page.$eval("#secret [data-choice]", (el) => el.dataset.choice);
  await clickAt(`#secret [data-choice="${northChoice}"]`);
  await settle();
  s = await gameState();
  const d = s.events.find((e) => e.startsWith("d:")).slice(2).split("/");
  assert.equal(d[0], southChoices[southChoices.length - 1]);
  assert.equal(d[2], northChoice);
  assert.match(await page.$eval("#cross svg", (el) => el.outerHTML), new RegExp(`declared ${d[0]}`), "revealed together");
  await checkScreen();
});

test("a tie settled by promises (T10): two people bid all they have, the forced re-bid follows, South promises", { skip, timeout: 120000 }, async () => {
  await setup({ s: { kind: "human" }, w: { kind: "human" }, n: { kind: "engine", skill: 0 }, e: { kind: "engine", skill: 0 } }, { start: "fen", fen: T10 });
  await settle();
  let s = await gameState();
  assert.equal(s.humanTurn, "s");
  assert.deepEqual(s.options, ["0", "1", "2", "3"], "South may bid 0 to its pool of 3");
  await enterSecret("3");
  assert.match(await page.$eval("#cross svg", (el) => el.outerHTML), /declared B/, "declarations are public in the bidding");
  await enterSecret("3");
  // Both pools are empty: the re-bid step is written without asking (F23), then the promise step asks both.
  await settle();
  s = await gameState();
  assert.deepEqual(s.events, ["b:3/3/0/0", "b:0/0/-/-"]);
  assert.equal(s.phase, "p");
  assert.equal(s.humanTurn, "s");
  await clickAt("#secret-show");
  assert.deepEqual(await page.$$eval("#secret [data-choice]", (els) => els.map((e) => e.textContent)), ["Promise: no capture this round", "No promise"]);
  await clickAt('#secret [data-choice="y"]');
  await enterSecret("n");
  await settle();
  s = await gameState();
  assert.deepEqual(s.events, ["b:3/3/0/0", "b:0/0/-/-", "p:y/n/-/-"]);
  assert.equal(s.actor, "s");
  assert.deepEqual(s.legal, ["e2e3"], "the promise leaves South no capture (T10)");
  assert.match(await page.$eval("#cross svg", (el) => el.outerHTML), /declared B, promised no capture/);
  await checkScreen();
});

test("named forces for the four seats: the engine's verdict, its keeps on the panels", { skip, timeout: 120000 }, async () => {
  const forces = { s: "N02:M01,M01,M02,M03,M04,M05,M06", w: "N01:M15,M16,M17,M18,M19,M20,M22", n: "N04:M08,M09,M10,M11,M12,M13,M14", e: "N03:M30,M31,M32,M33,M34,M35,M37" };
  for (const [seat, f] of Object.entries(forces)) await page.$eval(`#${seat}-force`, (el, v) => (el.value = v), f);
  await setup({ s: { kind: "human" }, w: { kind: "human" }, n: { kind: "human" }, e: { kind: "human" } });
  await settle();
  const s = await gameState();
  assert.equal(s.start, `startpos forces ${Object.values(forces).join(" ")}`);
  await checkScreen();
  const keepOf = (seat) => page.$$eval(`#cross [data-keep="${seat}"]`, (els) => els.map((e) => e.dataset.id).join(","));
  assert.equal(await keepOf("s"), "M01,M01,M02,M03,M04,M05,M06");
  assert.equal(await keepOf("e"), "M30,M31,M32,M33,M34,M35,M37");
  // A force the engine refuses: its words show and the game shown stays.
  await page.$eval("#w-force", (el) => (el.value = "N01:M15"));
  const id = await page.evaluate(() => window.dratp4.four.gameId);
  await clickAt("#start-game");
  await page.waitForFunction(() => /Refused by the engine: .*West/.test(document.querySelector("#status4").textContent), { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.dratp4.four.gameId), id);
  await page.$eval("#w-force", (el) => (el.value = ""));
  await clickAt("#start-game");
  await page.waitForFunction(() => /Give all four forces/.test(document.querySelector("#status4").textContent), { timeout: 30000 });
  for (const seat of Object.keys(forces)) await page.$eval(`#${seat}-force`, (el) => (el.value = ""));
});

test("a Navia take asks for its Pharaoh square by clicks (T1: d5d6=c9)", { skip, timeout: 120000 }, async () => {
  await setup({ s: { kind: "human" }, w: { kind: "human" }, n: { kind: "human" }, e: { kind: "human" } }, { start: "fen", fen: T1 });
  await settle();
  const s = await gameState();
  assert.deepEqual([...s.legal].sort(), ["d5d6=c3", "d5d6=c9", "d5d6=i3", "d5d6=i9"]);
  await clickAt('#cross [data-sq="d5"]');
  await clickAt('#cross [data-sq="d6"]');
  const lit = await page.$$eval("#cross .square.lit", (els) => els.map((e) => e.getAttribute("data-sq")).sort());
  assert.deepEqual(lit, ["c3", "c9", "i3", "i9"], "the empty Pharaoh squares light up");
  assert.match(await page.$eval("#prompt4", (el) => el.textContent), /Pharaoh square/);
  await page.screenshot({ path: join(SHOTS, "four-pharaoh.png") });
  await clickAt('#cross [data-sq="c9"]');
  await page.waitForFunction(() => window.dratp4.four.events.length === 1);
  await settle();
  assert.deepEqual((await gameState()).events, ["d5d6=c9"]);
  assert.equal((await screenFen()).fen, T1_AFTER, "the spec's position after the take");
  await checkScreen();
});

test("records: a four-player game saved, loaded and replayed event by event", { skip, timeout: 300000 }, async () => {
  await setup({ s: { kind: "engine", skill: 0 }, w: { kind: "engine", skill: 0 }, n: { kind: "engine", skill: 0 }, e: { kind: "engine", skill: 0 } }, { roundLimit: 3 });
  await page.waitForFunction(() => window.dratp4.four.current && window.dratp4.four.current.result, { timeout: 120000 });
  await settle();
  const played = await gameState();
  const text = await page.evaluate(() => window.dratp4.saveRecord());
  assert.match(text, /\[Variant "naviadratp4"\]/);
  assert.match(text, /\[South "[^"]+"\]\n\[West "[^"]+"\]\n\[North "[^"]+"\]\n\[East "[^"]+"\]/);
  assert.match(text, /\[Result "(S|W|N|E|draw)"\]/);
  assert.match(text, new RegExp(`\\[Ranking "${played.ranking}"\\]`));
  assert.match(text, /\n1\. d:\S+ b:\S+/, "one round per line after its number");
  assert.match(text, /\[RoundLimit "3"\]/);
  const dir = mkdtempSync(join(tmpdir(), "dratp-pgn4-"));
  const file = join(dir, "four.pgn");
  writeFileSync(file, text);
  const input = await page.$("#pgn4-load");
  await input.uploadFile(file);
  await page.waitForFunction((n) => {
    const f = window.dratp4.four;
    return !f.loading && !f.fetching && f.events.length === n && f.view === 0 && document.querySelector("#cross").dataset.view === "0";
  }, { timeout: 30000 }, played.events.length);
  const loaded = await gameState();
  assert.deepEqual(loaded.events, played.events);
  assert.doesNotMatch(await page.$eval("#log", (el) => el.textContent), /the record says Result/, "its Result is the engine's");
  assert.deepEqual(Object.values(loaded.kinds), ["human", "human", "human", "human"]);
  for (let n = 0; n <= loaded.events.length; n += 1) {
    const shown = await screenFen();
    assert.equal(shown.view, n);
    assert.equal(shown.fen, await referee.fen(loaded.start, loaded.events.slice(0, n)), `event ${n}`);
    if (n < loaded.events.length) {
      await clickAt("#nav4-fwd");
      await page.waitForFunction((k) => document.querySelector("#cross").dataset.view === String(k), {}, n + 1);
    }
  }
  assert.equal(await page.evaluate(() => window.dratp4.recordText()), text.replace(/\[(South|West|North|East) "[^"]+"\]/g, '[$1 "human"]'),
    "saved again, the record is the same but for who played");
  // dratp-match replays it: every event legal, the same Result, Termination and Ranking (F43).
  const replay = spawnSync(MATCH, ["-replay", file], { encoding: "utf8" });
  assert.equal(replay.status, 0, replay.stdout + replay.stderr);
  assert.match(replay.stdout, /1 ok, 0 mismatched/);
  rmSync(dir, { recursive: true, force: true });
});

test("pause, step and take back in a four-seat game", { skip, timeout: 120000 }, async () => {
  await setup({ s: { kind: "human" }, w: { kind: "engine", skill: 0 }, n: { kind: "engine", skill: 0 }, e: { kind: "engine", skill: 0 } });
  await settle();
  await clickAt("#pause4");
  await page.waitForFunction(() => window.dratp4.four.thinking.size === 0);
  await enterSecret((await gameState()).options[0]);
  await new Promise((r) => setTimeout(r, 500));
  const paused = await gameState();
  // Engines that had answered before the pause are in; any that had not are not asked while paused.
  assert.ok(paused.events.length <= 1, `at most the declarations while paused: ${paused.events}`);
  if (paused.events.length === 0) {
    await clickAt("#step4");
    await page.waitForFunction(() => window.dratp4.four.events.length === 1 && window.dratp4.four.thinking.size === 0, { timeout: 30000 });
  }
  await clickAt("#pause4");
  await settle();
  let s = await gameState();
  assert.ok(s.events.length >= 2 && s.events[0].startsWith("d:"), `the round went on: ${s.events}`);
  await checkScreen();
  // Back to the last decision of the person: here the start, South's declaration to enter again.
  await clickAt("#takeback4");
  await page.waitForFunction(() => window.dratp4.four.events.length === 0 && !window.dratp4.four.fetching, { timeout: 30000 });
  await settle();
  s = await gameState();
  assert.equal(s.humanTurn, "s");
  assert.ok(s.curtain);
  await checkScreen();
});

test("a seat's engine that crashes is reported in plain words, the game is kept and the engine can be restarted", { skip, timeout: 120000 }, async () => {
  await setup({ s: { kind: "human" }, w: { kind: "engine", engine: 1 }, n: { kind: "engine", skill: 0 }, e: { kind: "engine", skill: 0 } });
  await page.waitForFunction(() => !document.querySelector("#trouble").hidden, { timeout: 30000 });
  assert.match(await page.$eval("#trouble-text", (el) => el.textContent), /^The engine playing West stopped running: .+\. The game is kept as it was\.$/);
  assert.deepEqual((await gameState()).events, [], "nothing was played for West");
  // South can still enter its secret; the restarted engine is asked again (and, being made to crash, crashes again).
  await settle();
  assert.equal((await gameState()).humanTurn, "s");
  const before = await page.evaluate(() => window.dratp.state.troubles);
  await clickAt("#trouble-restart");
  await page.waitForFunction((n) => window.dratp.state.troubles > n, { timeout: 30000 }, before);
  assert.deepEqual((await gameState()).events, []);
  await clickAt("#trouble-dismiss");
});

test("dratp-gui --four's address starts a four-seat game at once; back on two players the duel plays as before", { skip, timeout: 120000 }, async () => {
  const other = await browser.newPage();
  await other.goto(`${url}#four`);
  await other.waitForFunction(() => document.body.dataset.ready === "1" && window.dratp4.four.current, { timeout: 30000 });
  const four = await other.evaluate(() => ({ active: window.dratp4.four.active, south: window.dratp4.four.seats.s.kind, west: window.dratp4.four.seats.w.kind, fen: window.dratp4.four.current.fen }));
  assert.deepEqual([four.active, four.south, four.west], [true, "human", "engine"]);
  assert.equal(four.fen, await referee.fen("startpos", []));
  assert.equal(await other.$eval("#board-area", (el) => el.hidden), true, "the duel's board is hidden");
  await other.close();
  // The first page goes back to the duel: its board, its engine's variant and its moves as before.
  await page.select("#variant", "naviadratp");
  await page.select("#p1-kind", "human");
  await page.select("#p2-kind", "human");
  const id = await page.evaluate(() => window.dratp.state.gameId);
  await clickAt("#start-game");
  await page.waitForFunction((n) => {
    const st = window.dratp.state;
    return st.gameId > n && !st.loading && !st.fetching && document.querySelector("#board").dataset.ply === "0";
  }, { timeout: 30000 }, id);
  assert.equal(await page.$eval("#four-area", (el) => el.hidden), true);
  await clickAt('#board [data-sq="c2"]');
  await clickAt('#board [data-sq="c3"]');
  await page.waitForFunction(() => window.dratp.state.moves.length === 1 && document.querySelector("#board").dataset.ply === "1");
  const duel = new Referee();
  const want = await duel.fen("startpos", ["c2c3"]);
  duel.close();
  const shown = await page.evaluate(async () => {
    const { readDrawn } = await import("/assets/board.js");
    return readDrawn(document.querySelector("#board svg").outerHTML);
  });
  assert.equal(shown, want);
});

test("a dratp-match four-player record opens through the duel's load button and replays to its result and ranking", { skip, timeout: 300000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "dratp-pgn4-"));
  const file = join(dir, "match4.pgn");
  const engines = ["a", "b", "c", "d"].flatMap((name) => ["-engine", `cmd=${ENGINE}`, `name=${name}`, "depth=1"]);
  const run = spawnSync(MATCH, ["-variant", "naviadratp4", "-roundlimit", "4", ...engines, "-games", "1", "-pgnout", file], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const [game] = (await import("../assets/pgn.js")).parsePgn(readFileSync(file, "utf8"));
  assert.equal(game.tags.Variant, "naviadratp4");
  assert.equal(await page.$eval("#four-area", (el) => el.hidden), true, "the page shows the duel");
  await (await page.$("#pgn-load")).uploadFile(file);
  await page.waitForFunction((n) => {
    const f = window.dratp4.four;
    return f.active && !f.loading && !f.fetching && f.events.length === n && f.view === 0 && document.querySelector("#cross").dataset.view === "0";
  }, { timeout: 30000 }, game.moves.length);
  const s = await gameState();
  assert.deepEqual(s.events, game.moves);
  for (let n = 0; n <= s.events.length; n += 1) {
    assert.equal((await screenFen()).fen, await referee.fen(s.start, s.events.slice(0, n)), `event ${n}`);
    if (n < s.events.length) {
      await clickAt("#nav4-fwd");
      await page.waitForFunction((k) => document.querySelector("#cross").dataset.view === String(k), {}, n + 1);
    }
  }
  const words = await page.$eval("#result4", (el) => el.textContent);
  const names = { s: "South", w: "West", n: "North", e: "East" };
  const ranking = game.tags.Ranking.split(" ").map((g) => g.split("=").map((x) => names[x]).join(" = "));
  assert.ok(words.includes(game.tags.Termination), words);
  for (const place of ranking) assert.ok(words.includes(place), `${place} in ${words}`);
  assert.doesNotMatch(await page.$eval("#log", (el) => el.textContent), /the record says Result/);
  rmSync(dir, { recursive: true, force: true });
});
