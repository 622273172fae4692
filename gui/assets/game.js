// The GUI's own bookkeeping around a game, with no rules in it: how results read, what a record's tags say, the
// clocks (a GUI arbitrates time, as dratp-match does), and forces as text (`<navia>:<maseitai>,…`, protocol.md).

const REASONS = {
  "navia taken": "the Navia was taken",
  "navia dratp": "a Navia was dratped",
  "navia goal": "a Navia reached the far end",
  "thousand war": "thousand war (repetition)",
  "perpetual check": "perpetual check",
  "no legal action": "no legal action",
};

/** The reason word of a loss on time, as the GUI writes it in a result (`p2win time forfeit`). */
export const TIME_FORFEIT = "time forfeit";

/** The result when side `loser` (0 first, 1 second) runs out of time. */
export function timeForfeit(loser) {
  return `${loser === 0 ? "p2win" : "p1win"} ${TIME_FORFEIT}`;
}

/** A result (`p1win navia taken`, `draw thousand war`, `p2win time forfeit`, `none`) in words; "" while playing. */
export function resultText(result) {
  if (!result || result === "none") return "";
  const [who, ...rest] = result.split(" ");
  const why = rest.join(" ");
  const head = { p1win: "First player wins", p2win: "Second player wins", draw: "Draw" }[who] || who;
  if (why === TIME_FORFEIT) return `${head}: the ${who === "p1win" ? "second" : "first"} player ran out of time`;
  return `${head}: ${REASONS[why] || why}`;
}

/**
 * The Result and Termination tags of a record, in dratp-match's words (MATCH.md): a game the rules ended is
 * "normal", a loss on time "time forfeit", a game still going has no Termination.
 */
export function resultTags(result) {
  const [who, ...rest] = (result || "none").split(" ");
  const tags = { Result: { p1win: "1-0", p2win: "0-1", draw: "1/2-1/2" }[who] || "*" };
  if (tags.Result !== "*") tags.Termination = rest.join(" ") === TIME_FORFEIT ? TIME_FORFEIT : "normal";
  return tags;
}

/** The result a record's tags give a loss on time (Termination "time forfeit"), or null for any other record. */
export function recordedForfeit(tags) {
  if (tags.Termination !== TIME_FORFEIT) return null;
  const loser = { "0-1": 0, "1-0": 1 }[tags.Result];
  return loser === undefined ? null : timeForfeit(loser);
}

/** Milliseconds on a clock as m:ss (never below 0:00). */
export function clockText(ms) {
  const left = Math.max(0, ms);
  return `${Math.floor(left / 60000)}:${String(Math.floor((left % 60000) / 1000)).padStart(2, "0")}`;
}

/**
 * The time left on each clock at `now`: the side to move (`running`, or null when no clock runs) has used the time
 * since `turnStart`.
 */
export function clocksAt(clocks, running, turnStart, now) {
  return clocks.map((ms, i) => (i === running && turnStart !== null ? ms - (now - turnStart) : ms));
}

/** A force in text as { navia, maseitai: [id…] }; a text without `:` is all Maseitai. */
export function parseForce(text) {
  const t = text.trim();
  const colon = t.indexOf(":");
  const navia = colon < 0 ? "" : t.slice(0, colon);
  const list = colon < 0 ? t : t.slice(colon + 1);
  return { navia, maseitai: list.split(",").map((s) => s.trim()).filter(Boolean) };
}

/** The force text `<navia>:<maseitai>,…`, Maseitai sorted so that equal forces read the same. */
export function forceText(navia, maseitai) {
  return `${navia}:${[...maseitai].sort().join(",")}`;
}

/** How many of each id a list holds, in first-seen order: [[id, count]…]. */
export function counts(ids) {
  const m = new Map();
  for (const id of ids) m.set(id, (m.get(id) || 0) + 1);
  return [...m.entries()];
}
