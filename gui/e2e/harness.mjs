// What both browser tests share: where the binaries are, starting dratp-gui and a headless Debian chromium driven
// by puppeteer-core, the referee (a separate engine process answering `d`), mouse clicks and a seeded random.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
export const ENGINE = join(ROOT, "target", "release", "dratp");
export const MATCH = join(ROOT, "target", "release", "dratp-match");
export const GUI = process.env.DRATP_GUI || join(ROOT, "target", "release", "dratp-gui");
export const SHOTS = process.env.UPDATE_SCREENSHOTS === "1"
  ? join(ROOT, "docs", "screenshots")
  : process.env.SCREENSHOT_DIR || join(tmpdir(), "dratp-gui-screenshots");

/** Why the browser test cannot run here (false when it can); under CI=true a missing piece is an error. */
export function skipReason() {
  const missing = [CHROMIUM, ENGINE, GUI].filter((p) => !existsSync(p));
  if (missing.length && process.env.CI === "true") {
    throw new Error(`browser test: missing ${missing.join(", ")} (install chromium, run cargo build --release)`);
  }
  const skip = missing.length ? `missing ${missing.join(", ")}: install chromium and run cargo build --release` : false;
  if (skip) console.log(`# SKIP browser test: ${skip}`);
  return skip;
}

/** The referee: a separate engine process answering `d` for a game's moves (in `variant` when given). */
export class Referee {
  constructor(argv = [ENGINE], variant = null) {
    this.p = spawn(argv[0], argv.slice(1), { stdio: ["pipe", "pipe", "ignore"] });
    this.lines = [];
    this.wake = null;
    createInterface({ input: this.p.stdout }).on("line", (l) => {
      this.lines.push(l);
      if (this.wake) this.wake();
    });
    if (variant) this.p.stdin.write(`setoption name UCI_Variant value ${variant}\n`);
  }
  async query(cmds) {
    this.lines = [];
    this.p.stdin.write([...cmds, "isready"].join("\n") + "\n");
    while (!this.lines.includes("readyok")) await new Promise((r) => (this.wake = r));
    return this.lines.slice(0, this.lines.indexOf("readyok"));
  }
  async fen(start, moves) {
    const out = await this.query([`position ${start}${moves.length ? " moves " + moves.join(" ") : ""}`, "d"]);
    const err = out.find((l) => l.startsWith("info string error"));
    assert.equal(err, undefined, err);
    return out.find((l) => l.startsWith("Fen: ")).slice(5);
  }
  close() {
    this.p.stdin.end("quit\n");
  }
}

/** Starts dratp-gui with `--engine` commands on a free port; returns { server, url }. */
export async function startGui(engines) {
  const args = ["--port", "0", "--no-open", ...engines.flatMap((e) => ["--engine", e])];
  const server = spawn(GUI, args, { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: server.stdout }).on("line", (l) => {
      const m = /open (http:\/\/\S+)/.exec(l);
      if (m) resolve(m[1]);
    });
    server.on("exit", (code) => reject(new Error(`dratp-gui exited with ${code}`)));
  });
  return { server, url };
}

/** Opens the page at `url` in headless chromium and waits until it is ready; returns { browser, page, close }. */
export async function openPage(url, viewport = { width: 1280, height: 940 }) {
  const puppeteer = (await import("puppeteer-core")).default;
  const profile = mkdtempSync(join(tmpdir(), "dratp-e2e-"));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", `--user-data-dir=${profile}`],
  });
  const page = await browser.newPage();
  await page.setViewport(viewport);
  page.on("pageerror", (e) => console.log(`# page error: ${e.message}`));
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === "1", { timeout: 30000 });
  mkdirSync(SHOTS, { recursive: true });
  console.log(`# screenshots go to ${SHOTS}`);
  const close = async () => {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { browser, page, close };
}

/** Clicks the middle of the element the selector finds, with the mouse (the page redraws on clicks). */
export async function clickOn(page, selector) {
  const box = await page.$eval(selector, (el) => {
    el.scrollIntoView({ block: "nearest" });
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await page.mouse.click(box.x, box.y);
}

/** A seeded pseudo-random number generator in [0, 1). */
export function seeded(seed) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
}
