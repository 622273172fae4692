// Shared by the entry tests of both boards: the walk over every click sequence a player could make.
import { click } from "../assets/entry.js";

/** Walks every click sequence that keeps a selection, from none; `clicks(prefix)` lists the clicks to try after
 * `prefix`, made for `mover`. Returns the set of actions played. */
export function exploreClicks(entry, clicks, mover) {
  const played = new Set();
  const seen = new Set();
  const stack = [[]];
  while (stack.length) {
    const prefix = stack.pop();
    const key = prefix.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    for (const c of clicks(prefix)) {
      const r = click(entry, prefix, c, mover);
      if (r.played !== null) played.add(r.played);
      else if (r.prefix.length > 0) stack.push(r.prefix);
    }
  }
  return played;
}
