#!/usr/bin/env python3
"""A misbehaving engine for testing dratp-match.

It speaks both dialects (uci/ugi), plays a fixed list of legal opening moves
from the default start (each side steps its black Gulled forward, files a to g),
and fails on demand:

  --fail none|illegal|garbage|empty|nomove|wrongword|crash|hang|late|startup
  --after N     play N good moves first, then fail (default 0)
  --delay MS    with --fail late: answer every move after MS milliseconds
  --score CP    report `info depth 1 score cp CP` before each bestmove
  --name NAME   the `id name` to send
  --draft first|illegal|crash   how to answer `go draft pool ... picks ...` (R30)

draft first: `bestpick` the first piece left in the pool (the pool is sorted);
illegal: a Maseitai id not left in the pool; crash: exit at `go draft`.

illegal: a well-formed but illegal move (the Navia steps two squares);
garbage: text that is not a move; empty: `bestmove` with no move;
nomove: `bestmove (none)`; wrongword: the good move after `bestpick`; crash: exit at `go`; hang: stop answering at `go`;
startup: exit before the handshake.

Four players (after `setoption name UCI_Variant value naviadratp4`, F39-F43): it
answers `go declare` with `bestdeclare B`, `go bid` with `bestbid 0`, `go promise`
with `bestpromise no`, and `go seat <x>` in the action phase with the seat's black
Gulled step of the round from the default start (F36: South d2d3, e2e3 ... h2h3, West
b4c4 ... b8c8, North d10d9 ... h10h9, East j4i4 ... j8i8; five rounds that never
meet), then `bestmove (none)`. `--after N` counts its answers of every kind. Its
failures there: illegal: a Maseitai it does not have (`M40`), a bid of 61, a Navia
stepping two squares; garbage: `xyz!` for every answer; empty: the answer's keyword
alone; nomove: `(none)`; crash, hang, late as above.
"""
import argparse
import sys
import time

WHITE = ["a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3"]
BLACK = ["a6a5", "b6b5", "c6c5", "d6d5", "e6e5", "f6f5", "g6g5"]
FOUR = {
    "s": ["d2d3", "e2e3", "f2f3", "g2g3", "h2h3"],
    "w": ["b4c4", "b5c5", "b6c6", "b7c7", "b8c8"],
    "n": ["d10d9", "e10e9", "f10f9", "g10g9", "h10h9"],
    "e": ["j4i4", "j5i5", "j6i6", "j7i7", "j8i8"],
}
FOUR_ILLEGAL = {"s": "f1f3", "w": "a6c6", "n": "f11f9", "e": "k6i6"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fail", default="none",
                    choices=["none", "illegal", "garbage", "empty", "nomove", "wrongword", "crash", "hang", "late",
                             "startup"])
    ap.add_argument("--after", type=int, default=0)
    ap.add_argument("--delay", type=int, default=0)
    ap.add_argument("--score", type=int, default=None)
    ap.add_argument("--name", default="fake")
    ap.add_argument("--draft", default="first", choices=["first", "illegal", "crash"])
    a = ap.parse_args()
    if a.fail == "startup":
        sys.exit(1)
    side, played = "w", 0
    four, rounds, answers = False, 0, 0

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def answer(keyword, good, bad, failing):
        """Answer a `go` with `keyword` and the good answer, or with the failure asked for."""
        if not failing or a.fail == "none":
            out(keyword + " " + good)
        elif a.fail == "late":
            time.sleep(a.delay / 1000.0)
            out(keyword + " " + good)
        elif a.fail == "illegal":
            out(keyword + " " + bad)
        elif a.fail == "garbage":
            out(keyword + " xyz!")
        elif a.fail == "empty":
            out(keyword)
        elif a.fail == "nomove":
            out(keyword + " (none)")
        elif a.fail == "wrongword":
            out("bestpick " + good)
        elif a.fail == "crash":
            sys.exit(3)
        elif a.fail == "hang":
            while True:
                time.sleep(3600)

    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if cmd in ("uci", "ugi"):
            out("id name " + a.name)
            out("id author dratp tests")
            out(cmd + "ok")
        elif cmd == "isready":
            out("readyok")
        elif cmd == "setoption" and words[2:] == ["UCI_Variant", "value", "naviadratp4"]:
            four = True
        elif cmd == "position" and four:
            rounds = sum(1 for w in words if w.startswith("d:"))
        elif cmd == "go" and four:
            seat = words[words.index("seat") + 1] if "seat" in words else "s"
            phase = words[1] if words[1] in ("declare", "bid", "promise") else "move"
            good = {"declare": "B", "bid": "0", "promise": "no"}.get(phase)
            if good is None:
                script = FOUR[seat]
                good = script[rounds - 1] if 0 < rounds <= len(script) else "(none)"
            keyword = "bestmove" if phase == "move" else "best" + phase
            answers += 1
            bad = {"declare": "M40", "bid": "61", "promise": "maybe"}.get(phase, FOUR_ILLEGAL[seat])
            answer(keyword, good, bad, answers > a.after)
        elif cmd == "position":
            # position fen <7 NFEN fields> [moves m1 m2 ...]
            start_side = words[3] if len(words) > 3 else "w"
            moves = words[words.index("moves") + 1:] if "moves" in words else []
            side = start_side if len(moves) % 2 == 0 else ("b" if start_side == "w" else "w")
            played = len(moves) // 2
        elif cmd == "go" and len(words) > 1 and words[1] == "draft":
            split = words.index("picks") if "picks" in words else len(words)
            left = words[3:split]
            for p in words[split + 1:]:
                left.remove(p)
            if a.draft == "crash":
                sys.exit(3)
            elif a.draft == "illegal":
                out("bestpick " + next("M%02d" % i for i in range(1, 100) if "M%02d" % i not in left))
            else:
                out("bestpick " + left[0])
        elif cmd == "go":
            script = WHITE if side == "w" else BLACK
            move = script[played] if played < len(script) else "(none)"
            if a.score is not None:
                out("info depth 1 score cp %d nodes 1 pv %s" % (a.score, move))
            answer("bestmove", move, "d1d3" if side == "w" else "d7d5", played >= a.after)
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()
