// The round of a four-seat game as the page runs it (RULES.md Part 3, F19–F27, F34, F38): the sealed steps where
// seats enter declarations, bids and promises, the events they make, the events grouped by round, and results and
// rankings in words. Pure functions over the engine's answers: who may choose what comes only from its `legal` and
// `query seats` lines, and the page never judges a choice itself.

import { SEATS, SEAT_NAMES } from "./nfen4.js";

/** What a seat chooses in each sealed phase, for prompts. */
export const STEP_WORDS = { d: "declaration", b: "bid", p: "promise" };

/**
 * A seat's choices in a sealed step as event tokens, from the words of `legal seat <x>` (F42): declarable kinds in
 * phase `d`, `0-<pool>` in `b`, `no yes` in `p`. Throws on words that do not fit the phase.
 */
export function stepOptions(phase, words) {
  if (phase === "d") {
    for (const w of words) if (!/^(N|B|R|M\d\d+)$/.test(w)) throw new Error(`'${w}' is not a declarable kind`);
    return [...words];
  }
  if (phase === "b") {
    if (words.length === 0) return [];
    const m = words.length === 1 ? /^0-(\d+)$/.exec(words[0]) : null;
    if (!m) throw new Error(`'${words.join(" ")}' is not a bid range 0-<pool>`);
    return Array.from({ length: Number(m[1]) + 1 }, (_, i) => String(i));
  }
  if (phase === "p") {
    const map = { yes: "y", no: "n" };
    for (const w of words) if (!map[w]) throw new Error(`'${w}' is not yes or no`);
    return words.map((w) => map[w]);
  }
  throw new Error(`phase '${phase}' has no sealed step`);
}

/**
 * The seats of the next bid step, as the position says them (F23, F35): the first step (no stakes yet) is every
 * seat that declared something; a re-bid step is every seat whose positive stake another seat shares (a tie group).
 * The engine names only the seats of the step that decide (`query seats`: those with gyullas); the others of the
 * step write a forced 0, the rest `-` (F43).
 */
export function bidStepSeats(pos) {
  if (!pos.stakes) return SEATS.filter((_, i) => pos.declarations[i] !== "-");
  return SEATS.filter((_, i) => pos.stakes[i] > 0 && pos.stakes.filter((x) => x === pos.stakes[i]).length >= 2);
}

/** The event token of an engine's answer line (`bestdeclare M09`, `bestbid 3`, `bestpromise yes`), or null. */
export function answerToken(phase, line) {
  const [word, value] = line.trim().split(/\s+/);
  const want = { d: "bestdeclare", b: "bestbid", p: "bestpromise" }[phase];
  if (word !== want || value === undefined || value === "(none)") return null;
  if (phase === "p") return { yes: "y", no: "n" }[value] || null;
  return value;
}

/** The answer word an engine gives in a phase (F41). */
export function answerWord(phase) {
  return { d: "bestdeclare", b: "bestbid", p: "bestpromise", a: "bestmove" }[phase];
}

/**
 * A new sealed step. `seats` maps each seat to { options: [token…] (empty: not in the step), deciding: whether
 * `query seats` names it, player: "human" | "engine" }. A seat outside the step writes `-`; a seat in the step that
 * does not decide has exactly one choice (a bid of 0 from an empty pool, F23) and it is written for it.
 */
export function sealedStep(phase, seats) {
  const entries = {};
  for (const seat of SEATS) {
    const { options, deciding, player } = seats[seat];
    if (deciding && options.length === 0) throw new Error(`${SEAT_NAMES[seat]} decides but has no choice`);
    if (!deciding && options.length > 1) throw new Error(`${SEAT_NAMES[seat]} has choices but does not decide`);
    if (!deciding) entries[seat] = { who: options.length ? "forced" : "none", options, value: options.length ? options[0] : "-" };
    else entries[seat] = { who: player, options, value: null };
  }
  return { phase, entries };
}

/** Seat `seat` enters `value` (secret until all are in); returns the new step. Throws if it may not. */
export function enter(step, seat, value) {
  const e = step.entries[seat];
  if (!e || e.value !== null) throw new Error(`${SEAT_NAMES[seat] || seat} has nothing to enter now`);
  if (!e.options.includes(value)) throw new Error(`${SEAT_NAMES[seat]} cannot enter '${value}' (choices: ${e.options.join(" ")})`);
  return { ...step, entries: { ...step.entries, [seat]: { ...e, value } } };
}

/** The seats still to enter, in seat order; `who` narrows to "human" or "engine". */
export function waiting(step, who) {
  return SEATS.filter((s) => step.entries[s].value === null && (!who || step.entries[s].who === who));
}

/** The person whose turn it is to enter a secret choice on the shared screen: the first in seat order, or null. */
export function humanTurn(step) {
  return waiting(step, "human")[0] || null;
}

/** What everybody may see of a step before it is revealed: which deciding seats have entered (not what). */
export function sealedView(step) {
  return Object.fromEntries(SEATS.filter((s) => step.entries[s].who !== "none" && step.entries[s].who !== "forced" && step.entries[s].value !== null).map((s) => [s, true]));
}

/** The event of a complete step (F38): `d:B/M16/M09/R`, `b:1/0/-/-`, `p:y/n/-/-`. */
export function stepEvent(step) {
  if (waiting(step).length) throw new Error(`the step is not complete: ${waiting(step).map((s) => SEAT_NAMES[s]).join(", ")} to enter`);
  return `${step.phase}:${SEATS.map((s) => step.entries[s].value).join("/")}`;
}

/**
 * The events grouped by round, for the events list and the record (F43: one round per line). A round starts with
 * its `d:` event; a game set up in the middle of round `startRound` (phase ≠ d) has that round's rest first.
 * Returns [{ round, events: [{ text, index }] }].
 */
export function roundLines(startRound, startPhase, events) {
  const lines = [];
  let round = startRound;
  let declared = startPhase !== "d";
  let line = { round, events: [] };
  events.forEach((text, index) => {
    if (text.startsWith("d:") && declared) {
      if (line.events.length) lines.push(line);
      round += 1;
      line = { round, events: [] };
    }
    if (text.startsWith("d:")) declared = true;
    line.events.push({ text, index });
  });
  if (line.events.length) lines.push(line);
  return lines;
}

/**
 * A result from the engine (`query result`'s word, or `d`'s `Result:` line with its termination): { winner: seat
 * or null, termination } or null while the game goes on.
 */
export function parseResult4(text) {
  const [word, ...rest] = (text || "none").trim().split(/\s+/);
  if (word === "none") return null;
  const m = /^([swne])win$/.exec(word);
  if (!m && word !== "draw") throw new Error(`'${word}' is not a four-player result`);
  return { winner: m ? m[1] : null, termination: rest.join(" ") };
}

/** A ranking (`query ranking`: `s e=n w`) as [{ place, seats }], shared places equal (F34). */
export function parseRanking(text) {
  const groups = text.trim().split(/\s+/).map((g) => g.split("="));
  const seen = groups.flat();
  if (seen.length !== 4 || new Set(seen).size !== 4 || !seen.every((s) => SEATS.includes(s))) {
    throw new Error(`'${text}' is not a ranking of the four seats`);
  }
  let place = 1;
  return groups.map((seats) => {
    const g = { place, seats };
    place += seats.length;
    return g;
  });
}

/** A result and ranking in words: ["South wins: three navia", "1. South · 2. East = North · 4. West"]. */
export function resultWords(result, ranking) {
  if (!result) return [];
  const why = result.termination ? `: ${result.termination}` : "";
  const head = result.winner ? `${SEAT_NAMES[result.winner]} wins${why}` : `No winner${why}`;
  if (!ranking) return [head];
  return [head, parseRanking(ranking).map((g) => `${g.place}. ${g.seats.map((s) => SEAT_NAMES[s]).join(" = ")}`).join(" · ")];
}

/** The record's Result tag (F43): `S`, `W`, `N`, `E`, `draw`, or `*` for a game still going. */
export function resultTag4(result) {
  if (!result) return "*";
  return result.winner ? result.winner.toUpperCase() : "draw";
}
