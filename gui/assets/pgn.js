// Game records in the PGN that dratp-match writes (MATCH.md, "Records"): tag pairs, then move texts with
// `{score/depth time}` comments, move numbers and a result. Reading keeps only what replay needs.

/** Reads every game of a PGN text: [{ tags: {name: value}, moves: [text], result }]. */
export function parsePgn(text) {
  const games = [];
  let tags = {};
  let body = "";
  const finish = () => {
    if (Object.keys(tags).length === 0 && body.trim() === "") return;
    const clean = body.replace(/\{[^}]*\}/g, " ").replace(/;[^\n]*/g, " ");
    const moves = [];
    let result = tags.Result || "*";
    for (const word of clean.split(/\s+/)) {
      if (!word || /^\d+\.+$/.test(word)) continue;
      // A four-player record ends in its Result tag's word (F43: S, W, N, E or draw).
      if (/^(1-0|0-1|1\/2-1\/2|\*)$/.test(word) || (tags.Variant === "naviadratp4" && /^(S|W|N|E|draw)$/.test(word))) {
        result = word;
        continue;
      }
      moves.push(word.replace(/^\d+\.+/, ""));
    }
    games.push({ tags, moves, result });
    tags = {};
    body = "";
  };
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/.exec(line);
    if (m) {
      if (body.trim() !== "") finish();
      tags[m[1]] = m[2].replace(/\\(.)/g, "$1");
    } else {
      body += " " + line;
    }
  }
  finish();
  return games;
}

function quote(v) {
  return `"${String(v).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * Writes one game: `tags` in order (Event, Site, Date, Round, White, Black, Result first), the moves with their
 * comments (`comments[i]`, without braces), eight moves to a line, then the result.
 */
export function writePgn(tags, moves, comments = []) {
  const order = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
  const names = [...order.filter((n) => n in tags), ...Object.keys(tags).filter((n) => !order.includes(n))];
  let out = names.map((n) => `[${n} ${quote(tags[n])}]`).join("\n") + "\n\n";
  const words = [];
  moves.forEach((m, i) => {
    if (i % 2 === 0) words.push(`${i / 2 + 1}.`);
    words.push(m);
    if (comments[i]) words.push(`{${comments[i]}}`);
  });
  words.push(tags.Result || "*");
  let line = "";
  for (const w of words) {
    if (line.length + w.length + 1 > 100) {
      out += line.trimEnd() + "\n";
      line = "";
    }
    line += w + " ";
  }
  return out + line.trimEnd() + "\n";
}

/**
 * Writes one four-player game (RULES.md Part 3, F43): `tags` in order (Event, Site, Date, Round, South, West, North,
 * East, Result first), then one round per line after its number (`lines` as round4.js `roundLines` gives them),
 * then the result.
 */
export function writePgn4(tags, lines) {
  const order = ["Event", "Site", "Date", "Round", "South", "West", "North", "East", "Result"];
  const names = [...order.filter((n) => n in tags), ...Object.keys(tags).filter((n) => !order.includes(n))];
  let out = names.map((n) => `[${n} ${quote(tags[n])}]`).join("\n") + "\n\n";
  for (const line of lines) out += `${line.round}. ${line.events.map((e) => e.text).join(" ")}\n`;
  return out + (tags.Result || "*") + "\n";
}
