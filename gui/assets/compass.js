// The catalogue (as the engine's `catalogue` command prints it, CATALOGUE.md) and its compass pictures. Reading the
// file format is the GUI's only knowledge of pieces: names for hovers and the pictures of the catalogue page.

/** Reads catalogue text into entries { id, name, set, cost, guard, grid, before, after, invoke, dratp, passive, notes }. */
export function parseCatalogue(text) {
  const entries = [];
  let cur = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    if (!line) continue;
    const [key, ...rest] = line.split(/\s+/);
    const value = rest.join(" ");
    if (key === "piece") {
      cur = { id: value, name: value, set: "", cost: 0, guard: false, grid: "known", before: [], after: [], invoke: null, dratp: [], passive: [], notes: [] };
    } else if (key === "end") {
      if (cur) entries.push(cur);
      cur = null;
    } else if (cur) {
      if (key === "name") cur.name = value;
      else if (key === "set") cur.set = value;
      else if (key === "cost") cur.cost = Number(value);
      else if (key === "guard") cur.guard = value === "yes";
      else if (key === "grid") cur.grid = value;
      else if (key === "before" || key === "after") cur[key] = parseMarks(value);
      else if (key === "invoke") cur.invoke = value;
      else if (key === "dratp") cur.dratp.push(value);
      else if (key === "passive") cur.passive.push(value);
      else if (key === "note") cur.notes.push(value);
    }
  }
  return entries;
}

/** A mark list (`step 0,1 1,1 slide 0,-1 …`, or `none`) as [{ kind, dx, dy }]. */
export function parseMarks(text) {
  const marks = [];
  let kind = null;
  for (const word of text.split(/\s+/)) {
    if (word === "none") continue;
    const m = /^(-?\d+),(-?\d+)$/.exec(word);
    if (m && kind) marks.push({ kind, dx: Number(m[1]), dy: Number(m[2]) });
    else kind = word;
  }
  return marks;
}

const TARGET = {
  itself: "itself",
  "any-battle": "any other battle piece",
  "own-battle": "one of its owner's battle pieces",
  "any-maseitai": "any other Maseitai",
};
const PLACE = {
  dots: "one of its dot squares",
  "any-empty": "any empty square",
  "own-summon": "an own summon square",
  "enemy-summon": "an enemy summon square",
  "navia-ring": "a square next to its own Navia",
};

/** One effect step in words. */
export function stepWords(step) {
  const w = step.split(/\s+/);
  const t = (x) => TARGET[x] || x;
  const p = (x) => PLACE[x] || x;
  switch (w[0]) {
    case "remove": return `remove ${t(w[1])}`;
    case "sacrifice": return "sacrifice itself";
    case "revive": return `revive an own Maseitai from the graveyard onto ${p(w[2])}`;
    case "relocate": return `move ${t(w[1])} to ${p(w[3])}${w[4] === "optional" ? " (may decline)" : ""}`;
    case "swap": return `swap two of ${t(w[1])}`;
    case "return-to-keep": return `return ${t(w[1])} to its owner's keep`;
    case "remove-area": return w[1] === "file" ? "remove every battle piece in its file" : "remove every battle piece around it";
    case "revive-gulled": return "bring own black Gulled back to the second rank";
    case "steal": return `steal a battle piece from the enemy graveyard onto ${p(w[2])}`;
    case "freeze": return `freeze ${t(w[1])}`;
    case "undo": return w[1] === "itself" ? "undo its own dratp" : "undo every other Maseitai's dratp";
    case "gain": return `gain ${w[1]} gyullas`;
    case "drain": return `the opponent loses ${w[1]} gyullas`;
    case "gain-per-grave": return "gain 1 per battle piece in both graveyards";
    case "advance-gulled": return "every own black Gulled steps forward";
    case "extra-moves": return `up to ${w[1]} further moves of other battle pieces`;
    default: return step;
  }
}

const PASSIVE = {
  bounty: (n) => `bounty ${n} when taken while dratped`,
  "move-income": (n) => `+${n} gyullas per move while dratped`,
  "battle-move-income": (n) => `+${n} per own battle-piece move`,
  immortal: () => "cannot be taken by moves",
  immobile: () => "cannot move",
  "double-rewards": () => "doubled capture rewards",
  "protect-dots": () => "own pieces on its dots cannot be taken by moves",
  revenge: () => "its taker goes to the graveyard",
  "summon-dots": () => "its empty dots are summon squares",
  outpost: () => "outpost on an enemy summon square",
};

/** The effect of a piece in words, or "" for a movement-only dratp. */
export function effectWords(e) {
  const parts = [];
  if (e.dratp.length) parts.push(`Dratp: ${e.dratp.map(stepWords).join(", then ")}.`);
  if (e.invoke) {
    const [cost, ...step] = e.invoke.split(/\s+/);
    parts.push(`Invoke (${cost}): ${stepWords(step.join(" "))}.`);
  }
  if (e.passive.length) {
    parts.push(`Passive: ${e.passive.map((p) => { const [k, n] = p.split(/\s+/); return PASSIVE[k] ? PASSIVE[k](n) : p; }).join("; ")}.`);
  }
  return parts.join(" ");
}

/** A compass face as SVG: the piece in the middle, marks around it, forward up (or down for the second player). */
export function compassSvg(marks, owner = 0, size = 150) {
  const reach = Math.max(2, ...marks.map((m) => Math.max(Math.abs(m.dx), Math.abs(m.dy))));
  const n = reach * 2 + 1;
  const cell = size / n;
  const sign = owner === 0 ? 1 : -1;
  const center = (dx, dy) => [(reach + sign * dx + 0.5) * cell, (reach - sign * dy + 0.5) * cell];
  let s = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" class="compass">`;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      s += `<rect x="${i * cell}" y="${j * cell}" width="${cell}" height="${cell}" fill="${(i + j) % 2 ? "#efe6d4" : "#f8f2e6"}" stroke="#d7ccc8" stroke-width="0.5"/>`;
    }
  }
  const [cx, cy] = center(0, 0);
  s += `<rect x="${cx - cell * 0.4}" y="${cy - cell * 0.4}" width="${cell * 0.8}" height="${cell * 0.8}" rx="3" fill="#5d4037"/>`;
  s += `<polygon points="${cx - 4},${cy - sign * cell * 0.2} ${cx + 4},${cy - sign * cell * 0.2} ${cx},${cy - sign * cell * 0.38}" fill="#fff"/>`;
  const r = cell * 0.28;
  for (const m of marks) {
    const [x, y] = center(m.dx, m.dy);
    if (m.kind === "step") {
      s += `<circle cx="${x}" cy="${y}" r="${r}" fill="#2e7d32"><title>step ${m.dx},${m.dy}</title></circle>`;
    } else if (m.kind === "dot") {
      s += `<circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="none" stroke="#7b1fa2" stroke-width="2"><title>dot ${m.dx},${m.dy}</title></circle>`;
    } else {
      const [ex, ey] = center(m.dx * reach, m.dy * reach);
      const color = { slide: "#1565c0", jump: "#ef6c00", bounce: "#c2185b" }[m.kind] || "#333";
      const dash = m.kind === "jump" ? ` stroke-dasharray="5,3"` : "";
      s += `<g><title>${m.kind} ${m.dx},${m.dy}</title><line x1="${cx}" y1="${cy}" x2="${ex}" y2="${ey}" stroke="${color}" stroke-width="3"${dash}/>`;
      s += `<circle cx="${ex}" cy="${ey}" r="${r * 0.7}" fill="${color}"/>`;
      if (m.kind === "bounce") s += `<text x="${ex}" y="${ey + 4}" text-anchor="middle" font-size="${cell * 0.5}" fill="#fff">↺</text>`;
      s += "</g>";
    }
  }
  return s + "</svg>";
}
