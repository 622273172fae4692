// Move entry by clicks, built only from the engine's `legal` list. Each legal move text is cut into "atoms", the
// clicks that enter it: the piece (a board square or a keep entry), the destination, the Pharaoh square of a Navia
// take (four-player), the kind of action (a prompt button), then one click per part of each effect choice token. At
// every step the clickable things are exactly the next atoms of the legal moves that start with the clicks so far,
// so a click sequence can only end in a legal move, and every legal move has its sequence.

const ID = "[MN]\\d+";

/** The two notations: the duel's 7 × 7 board, and the four-player cross with its additions (RULES.md Part 3, F37). */
export const DUEL = { sq: "[a-g][1-7]", cross: false };
export const CROSS = { sq: "[a-k](?:1[01]|[1-9])", cross: true };

const MOVE_RES = new Map();
function moveRe(n) {
  if (!MOVE_RES.has(n)) {
    const SQ = n.sq;
    const pharaoh = n.cross ? `(?:=(${SQ}))?` : "()";
    MOVE_RES.set(n, new RegExp(`^(?:(${ID})@(${SQ})|(${SQ})(${SQ})?${pharaoh}([+*^]?))(?::(.*))?$`));
  }
  return MOVE_RES.get(n);
}

/** The atoms of one choice token (protocol.md, "Effect choices"; on the cross also F37's seat and Pharaoh forms). */
function tokenAtoms(token, n) {
  const SQ = n.sq;
  let m;
  if ((m = new RegExp(`^(${SQ})(${SQ})$`).exec(token))) return [`sq:${m[1]}`, `sq:${m[2]}`];
  if ((m = new RegExp(`^(${SQ})$`).exec(token))) return [`sq:${m[1]}`];
  if ((m = new RegExp(`^(${ID}|B|R)@(${SQ})$`).exec(token))) return [`pc:${m[1]}`, `sq:${m[2]}`];
  if (token === "G") return ["btn:G"];
  if (n.cross) {
    // A further move that takes a Navia names its Pharaoh square; a drain names a seat; a steal the graveyard's seat.
    if ((m = new RegExp(`^(${SQ})(${SQ})=(${SQ})$`).exec(token))) return [`sq:${m[1]}`, `sq:${m[2]}`, `ph:${m[3]}`];
    if ((m = /^([swne])$/.exec(token))) return [`seat:${m[1]}`];
    if ((m = new RegExp(`^([swne])(${ID}|B|R)@(${SQ})$`).exec(token))) return [`pc:${m[1]}${m[2]}`, `sq:${m[3]}`];
  }
  throw new Error(`unknown choice token '${token}'`);
}

/** Cuts a canonical move text into its click atoms; throws on text that is not a move. */
export function atomsOf(text, notation = DUEL) {
  const m = moveRe(notation).exec(text);
  if (!m) throw new Error(`not a move text: '${text}'`);
  const [, summonId, summonSq, from, to, pharaoh, suffix, choices] = m;
  let atoms;
  if (summonId) {
    atoms = [`keep:${summonId}`, `sq:${summonSq}`];
  } else if (to) {
    const kind = { "": "move", "+": "move-dratp", "*": "move-invoke" }[suffix];
    if (!kind) throw new Error(`'${text}': a move cannot end in '${suffix}'`);
    atoms = [`sq:${from}`, `sq:${to}`, ...(pharaoh ? [`ph:${pharaoh}`] : []), `act:${kind}`];
  } else {
    if (pharaoh) throw new Error(`'${text}': a Pharaoh square follows a move only`);
    const kind = { "+": "dratp", "*": "invoke", "^": choices === undefined ? "goal" : "lineover" }[suffix];
    if (!kind) throw new Error(`'${text}': an action in place needs +, * or ^`);
    atoms = [`sq:${from}`, `act:${kind}`];
  }
  if (choices !== undefined) {
    if (choices === "") throw new Error(`'${text}': empty choice list`);
    for (const token of choices.split(",")) atoms.push(...tokenAtoms(token, notation));
  }
  return atoms;
}

/** The entry model of a position: every legal move with its atoms, and a tree of the atoms for quick lookups. */
export function buildEntry(legal, notation = DUEL) {
  const entry = legal.map((text) => ({ text, atoms: atomsOf(text, notation) }));
  entry.tree = { next: new Map(), complete: null };
  for (const move of entry) {
    let node = entry.tree;
    for (const atom of move.atoms) {
      if (!node.next.has(atom)) node.next.set(atom, { next: new Map(), complete: null });
      node = node.next.get(atom);
    }
    node.complete = move.text;
  }
  return entry;
}

/** What may follow `prefix`: the set of next atoms, and the move the prefix already completes (or null). */
export function options(entry, prefix) {
  let node = entry.tree;
  for (const atom of prefix) {
    node = node.next.get(atom);
    if (!node) return { next: new Set(), complete: null };
  }
  return { next: new Set(node.next.keys()), complete: node.complete };
}

/**
 * Follows the only forced continuations: a plain move needs no prompt when it is the only action to that square,
 * and a prefix that completes a move with nothing else possible plays it. Returns { prefix, played }.
 */
export function settle(entry, prefix) {
  for (;;) {
    const { next, complete } = options(entry, prefix);
    if (complete && next.size === 0) return { prefix, played: complete };
    if (!complete && next.size === 1 && next.has("act:move")) {
      prefix = [...prefix, "act:move"];
      continue;
    }
    return { prefix, played: null };
  }
}

/**
 * The atom a click means in the current state, or null. A click is { type: "square", sq } | { type: "keep", side,
 * id } | { type: "grave", side, id } | { type: "button", atom }; `side` is 0 or 1 (a seat letter on the cross) and
 * `mover` the side to move. On the cross a square may be a Pharaoh choice and a graveyard piece a steal (`pc:wB`).
 */
export function atomForClick(next, click, mover) {
  let atom = null;
  if (click.type === "square") atom = next.has(`ph:${click.sq}`) ? `ph:${click.sq}` : `sq:${click.sq}`;
  else if (click.type === "keep") atom = next.has(`keep:${click.id}`) && click.side === mover ? `keep:${click.id}` : `pc:${click.id}`;
  else if (click.type === "grave") atom = next.has(`pc:${click.side}${click.id}`) ? `pc:${click.side}${click.id}` : `pc:${click.id}`;
  else if (click.type === "button") atom = click.atom;
  return atom !== null && (next.has(atom) || (atom === "end" && next.has("end"))) ? atom : null;
}

/**
 * One click on the entry state { prefix }: returns { prefix, played }. A click that fits continues the move; a
 * click on another piece that can act starts over from it; any other click clears the selection.
 */
export function click(entry, prefix, clickInfo, mover) {
  const { next, complete } = options(entry, prefix);
  if (complete) next.add("end");
  const atom = atomForClick(next, clickInfo, mover);
  if (atom === "end") return { prefix, played: complete };
  if (atom !== null) return settle(entry, [...prefix, atom]);
  if (prefix.length > 0) {
    const fresh = options(entry, []).next;
    const restart = atomForClick(fresh, clickInfo, mover);
    if (restart !== null) return settle(entry, [restart]);
  }
  return { prefix: [], played: null };
}

/** What the page shows for a state: squares to light, keep and graveyard ids to light, and prompt buttons. */
export function highlights(entry, prefix) {
  const { next, complete } = options(entry, prefix);
  const squares = [];
  const pieces = [];
  const keep = [];
  const buttons = [];
  for (const atom of next) {
    const [kind, value] = atom.split(":");
    if (kind === "sq" || kind === "ph") squares.push(value);
    else if (kind === "pc") pieces.push(value);
    else if (kind === "keep") keep.push(value);
    else buttons.push(atom);
  }
  for (const id of pieces) buttons.push(`pc:${id}`);
  if (complete && prefix.length > 0) buttons.push("end");
  return { squares, pieces, keep, buttons };
}

const ACT_LABELS = {
  "act:move": "Move",
  "act:move-dratp": "Move, then dratp",
  "act:move-invoke": "Move, then invoke",
  "act:dratp": "Dratp here",
  "act:invoke": "Invoke",
  "act:lineover": "Line over",
  "act:goal": "Navia goal",
  "btn:G": "Take 10 gyullas",
  end: "No further choice",
};

const SEAT_WORDS = { s: "South", w: "West", n: "North", e: "East" };

/** The text of a prompt button; `names` maps ids to piece names. */
export function buttonLabel(atom, names = {}) {
  if (ACT_LABELS[atom]) return ACT_LABELS[atom];
  const [kind, value] = atom.split(":");
  if (kind === "pc") {
    // On the cross a stolen piece names the graveyard's seat first (`wB`).
    const seat = /^[swne]/.test(value) ? `${SEAT_WORDS[value[0]]}'s ` : "";
    const id = seat ? value.slice(1) : value;
    if (id === "B") return `${seat}${seat ? "black" : "Black"} Gulled`;
    if (id === "R") return `${seat}${seat ? "red" : "Red"} Gulled`;
    return seat + (names[id] ? `${id} ${names[id]}` : id);
  }
  if (kind === "seat") return `${SEAT_WORDS[value]} loses the gyullas`;
  return atom;
}
