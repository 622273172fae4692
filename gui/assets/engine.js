// The page's side of the WebSocket: engines live in named slots on the server; this sends single protocol lines
// and hands back what each engine prints. Nothing here knows the rules.

/** One connection to the dratp-gui server. */
export class Hub {
  constructor(url) {
    this.url = url;
    this.listeners = new Map(); // slot -> Set of callbacks(event)
    this.global = new Set();
    this.ready = new Promise((resolve, reject) => {
      this.ws = new WebSocket(url);
      this.ws.onopen = () => resolve();
      this.ws.onerror = () => reject(new Error("cannot reach the dratp-gui server"));
      this.ws.onclose = () => this.emit({ ev: "closed", message: "the connection to the dratp-gui server closed" });
      this.ws.onmessage = (m) => this.emit(JSON.parse(m.data));
    });
  }

  emit(event) {
    for (const f of this.global) f(event);
    const set = this.listeners.get(event.slot);
    if (set) for (const f of [...set]) f(event);
  }

  on(slot, f) {
    if (!this.listeners.has(slot)) this.listeners.set(slot, new Set());
    this.listeners.get(slot).add(f);
    return () => this.listeners.get(slot).delete(f);
  }

  request(obj) {
    this.ws.send(JSON.stringify(obj));
  }
}

/** An error an engine caused: it crashed, hung or answered garbage. */
export class EngineTrouble extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/** One engine process in a slot, with request/answer helpers. */
export class Engine {
  constructor(hub, slot, engineIndex) {
    this.hub = hub;
    this.slot = slot;
    this.engineIndex = engineIndex;
    this.name = "";
    this.alive = false;
    this.onInfo = null; // called with each `info` line
    this.onTrouble = null; // called with (kind, message)
    this.waiters = [];
    hub.on(slot, (e) => this.event(e));
  }

  event(e) {
    if (e.ev === "line") {
      if (this.onInfo && e.line.startsWith("info ")) this.onInfo(e.line);
      for (const w of [...this.waiters]) w.line(e.line);
    } else if (e.ev === "started") {
      this.alive = true;
      this.name = e.name;
    } else if (e.ev === "exited" || e.ev === "trouble") {
      if (e.ev === "exited") this.alive = false;
      const kind = e.ev === "exited" ? "crash" : e.kind;
      if (this.onTrouble) this.onTrouble(kind, e.message);
      for (const w of [...this.waiters]) w.fail(new EngineTrouble(kind, e.message));
    }
  }

  /** Starts (or restarts) the process and does the handshake. */
  async start(options = {}) {
    this.hub.request({ op: "start", slot: this.slot, engine: this.engineIndex });
    await this.ask(["uci"], "uciok", 10000);
    for (const [name, value] of Object.entries(options)) this.send(`setoption name ${name} value ${value}`);
    await this.ask(["isready"], "readyok", 10000);
  }

  stop() {
    this.alive = false;
    this.hub.request({ op: "stop", slot: this.slot });
  }

  send(line, expect, timeoutMs) {
    this.hub.request({ op: "send", slot: this.slot, line, expect, timeout_ms: timeoutMs });
  }

  /**
   * Sends the lines and collects what the engine prints until a line whose first word is `until`; the server
   * reports a hang when that line does not come within `timeoutMs`.
   */
  ask(lines, until, timeoutMs) {
    return new Promise((resolve, reject) => {
      const got = [];
      const waiter = {
        line: (l) => {
          got.push(l);
          if (l.split(/\s+/)[0] === until) {
            this.waiters.splice(this.waiters.indexOf(waiter), 1);
            resolve(got);
          }
        },
        fail: (err) => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(err);
        },
      };
      this.waiters.push(waiter);
      lines.forEach((l, i) => (i === lines.length - 1 ? this.send(l, until, timeoutMs) : this.send(l)));
    });
  }

  /** Sends commands and returns their output, using `isready` as the end marker. */
  query(lines, timeoutMs = 10000) {
    return this.ask([...lines, "isready"], "readyok", timeoutMs).then((out) => out.slice(0, -1));
  }
}
