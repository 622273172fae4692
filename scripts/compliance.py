#!/usr/bin/env python3
"""Protocol compliance checker for dratp, in the spirit of fastchess `--compliance`.

Starts the engine, runs a fixed list of checks over pipes (UCI and UGI), prints
PASS/FAIL for each, and exits non-zero if any failed.

    python3 scripts/compliance.py target/release/dratp
"""

import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_pipe import Engine, EngineError  # noqa: E402

INFO_INT_WORDS = ["depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "time"]
OPTION_RE = re.compile(r"^option name (.+?) type (spin|check|combo|string|button)( default .*)?$")


def check_info(line, legal_first=None):
    """Raise if an `info` line breaks the documented syntax."""
    if line.startswith("info string"):
        return
    words = line.split()
    for w in INFO_INT_WORDS:
        if w in words:
            v = words[words.index(w) + 1]
            if not re.fullmatch(r"-?\d+", v):
                raise EngineError(f"'{w}' is not followed by an integer: {line}")
    if "score" in words:
        i = words.index("score")
        kind, value = words[i + 1], words[i + 2]
        if kind not in ("cp", "mate") or not re.fullmatch(r"-?\d+", value):
            raise EngineError(f"bad score: {line}")
    if "pv" in words and legal_first is not None:
        first = words[words.index("pv") + 1]
        if first not in legal_first:
            raise EngineError(f"pv starts with an illegal move {first}: {line}")


def go_and_check(e, go, timeout=10.0, ugi=False):
    """Send `go`, check every info line and the single legal bestmove; return the bestmove."""
    legal = e.legal()
    e.send(go)
    lines = e.wait_for(lambda l: l.startswith("bestmove"), timeout)
    infos = [l for l in lines if l.startswith("info") and not l.startswith("info string")]
    for l in lines:
        if l.startswith("info string error"):
            raise EngineError(f"unexpected error: {l}")
        if l.startswith("info"):
            check_info(l, legal)
    if not infos:
        raise EngineError(f"no info line before bestmove for '{go}'")
    words = lines[-1].split()
    if len(words) < 2:
        raise EngineError(f"malformed bestmove: {lines[-1]}")
    if legal and words[1] not in legal:
        raise EngineError(f"illegal bestmove {words[1]}")
    if not legal and words[1] != "(none)":
        raise EngineError(f"bestmove {words[1]} with no legal move")
    if ugi and len(words) != 2:
        raise EngineError(f"UGI bestmove must be two words: {lines[-1]}")
    if not ugi and len(words) not in (2, 4):
        raise EngineError(f"malformed bestmove: {lines[-1]}")
    extra = e.sync()
    if any(l.startswith("bestmove") for l in extra):
        raise EngineError(f"more than one bestmove for '{go}'")
    return words[1]


class Checker:
    def __init__(self, path):
        self.path = path
        self.failed = 0

    def check(self, name, fn):
        t = time.monotonic()
        try:
            fn()
            print(f"PASS  {name} ({time.monotonic() - t:.2f} s)")
        except (EngineError, BrokenPipeError, OSError, AssertionError) as err:
            self.failed += 1
            print(f"FAIL  {name}: {err}")

    def engine(self):
        return Engine(self.path)

    def uci_session(self):
        e = self.engine()
        e.send("uci")
        lines = e.wait_for(lambda l: l == "uciok", 5)
        if not any(l.startswith("id name ") for l in lines):
            raise EngineError("no 'id name'")
        if not any(l.startswith("id author ") for l in lines):
            raise EngineError("no 'id author'")
        for l in lines:
            if l.startswith("option") and not OPTION_RE.match(l):
                raise EngineError(f"malformed option line: {l}")
        return e

    def run(self):
        state = {}

        def handshake():
            state["e"] = self.uci_session()

        def isready():
            e = state["e"]
            if e.sync(2):
                raise EngineError("unexpected output before readyok")

        def options():
            e = state["e"]
            for o in ["Hash value 16", "Threads value 1", "MultiPV value 1", "Ponder value false",
                      "Move Overhead value 10", "Skill Level value 20", "UCI_Variant value naviadratp"]:
                e.send(f"setoption name {o}")
            out = e.sync()
            if out:
                raise EngineError(f"setoption answered: {out}")

        def newgame_and_clock():
            e = state["e"]
            e.send("ucinewgame")
            e.sync()
            e.send("position startpos")
            best = go_and_check(e, "go wtime 1000 btime 1000 winc 100 binc 100")
            e.send(f"position startpos moves {best}")
            go_and_check(e, "go wtime 1000 btime 1000 winc 100 binc 100")

        def limits():
            e = state["e"]
            e.send("position startpos")
            go_and_check(e, "go depth 1")
            go_and_check(e, "go nodes 1000")
            t = time.monotonic()
            go_and_check(e, "go movetime 200")
            if time.monotonic() - t > 2.0:
                raise EngineError("go movetime 200 took more than 2 s")
            go_and_check(e, "go movestogo 5 wtime 500 btime 500")

        def infinite_isready_stop():
            e = state["e"]
            e.send("position startpos")
            e.send("go infinite")
            time.sleep(0.3)
            early = e.sync(1)
            if any(l.startswith("bestmove") for l in early):
                raise EngineError("bestmove before stop in go infinite")
            t = time.monotonic()
            e.send("stop")
            e.wait_for(lambda l: l.startswith("bestmove"), 2)
            print(f"      stop answered in {1000 * (time.monotonic() - t):.1f} ms")

        def ponder():
            e = state["e"]
            e.send("position startpos")
            e.send("go ponder wtime 1000 btime 1000")
            time.sleep(0.2)
            e.send("ponderhit")
            e.wait_for(lambda l: l.startswith("bestmove"), 5)
            if any(l.startswith("bestmove") for l in e.sync()):
                raise EngineError("two bestmoves after ponderhit")

        def bad_input():
            e = state["e"]
            e.send("position startpos moves c2c3")
            e.send("d")
            fen = [l for l in e.wait_for(lambda l: l.startswith("Result:")) if l.startswith("Fen: ")]
            e.send("this is no command")
            e.send("position fen not an nfen")
            e.send("position startpos moves zz9")
            e.send("go depth banana")
            lines = e.wait_for(lambda l: l.startswith("bestmove"), 5)
            errors = [l for l in lines if l.startswith("info string error")]
            if len(errors) < 3:
                raise EngineError(f"expected an error line per bad command, got {errors}")
            e.send("d")
            fen2 = [l for l in e.wait_for(lambda l: l.startswith("Result:")) if l.startswith("Fen: ")]
            if fen != fen2:
                raise EngineError("bad input changed the position")

        def game_over():
            e = state["e"]
            e.send("position startpos moves d1c1 d7c7 c1d1 c7d7 d1c1 d7c7 c1d1 c7d7")
            e.send("go depth 3")
            lines = e.wait_for(lambda l: l.startswith("bestmove"), 5)
            if lines[-1] != "bestmove (none)" or not any(l.startswith("info depth") for l in lines):
                raise EngineError(f"finished game answered {lines}")
            e.send("query result")
            if e.wait_for(lambda l: l.startswith("response"))[-1] != "response draw":
                raise EngineError("thousand war not reported as a draw")

        def quit_():
            status = state["e"].quit()
            if status != 0:
                raise EngineError(f"exit status {status} after quit")

        def ugi():
            e = self.engine()
            e.send("ugi")
            e.wait_for(lambda l: l == "ugiok", 5)
            e.send("uginewgame")
            e.send("position startpos")
            for q, want in [("p1turn", "true"), ("gameover", "false"), ("result", "none")]:
                e.send(f"query {q}")
                got = e.wait_for(lambda l: l.startswith("response"))[-1]
                if got != f"response {want}":
                    raise EngineError(f"query {q}: {got}, expected response {want}")
            best = go_and_check(e, "go p1time 1000 p2time 1000 p1inc 100 p2inc 100", ugi=True)
            e.send(f"position startpos moves {best}")
            e.send("query p1turn")
            if e.wait_for(lambda l: l.startswith("response"))[-1] != "response false":
                raise EngineError("p1turn after one move")
            if e.quit() != 0:
                raise EngineError("bad exit status")

        def end_of_input():
            e = self.engine()
            e.proc.stdin.close()
            try:
                if e.proc.wait(timeout=5) != 0:
                    raise EngineError("bad exit status at end of input")
            except Exception as err:  # noqa: BLE001
                e.proc.kill()
                raise EngineError(f"did not end at end of input: {err}") from None

        for name, fn in [
            ("uci handshake: id, options, uciok", handshake),
            ("isready -> readyok", isready),
            ("setoption of every option", options),
            ("ucinewgame, position, go with clocks", newgame_and_clock),
            ("go depth / nodes / movetime / movestogo", limits),
            ("go infinite: isready answered, stop gives bestmove", infinite_isready_stop),
            ("go ponder + ponderhit", ponder),
            ("bad input gives errors and keeps the position", bad_input),
            ("finished game: bestmove (none), query result", game_over),
            ("quit ends the process", quit_),
            ("ugi dialect: queries and two-word bestmove", ugi),
            ("end of input ends the process", end_of_input),
        ]:
            self.check(name, fn)
        return self.failed


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: compliance.py <path to dratp>")
    failed = Checker(sys.argv[1]).run()
    print("compliance: " + ("all checks passed" if failed == 0 else f"{failed} check(s) failed"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
