#!/usr/bin/env python3
"""Writes gui/tests/fixtures/positions.json for the client tests: positions of seeded random games played by the
real engine (forces drawn from the whole catalogue), each with its NFEN and the engine's `legal` list. Every other
position is also given with full pools (60/60), so that dratps, invokes and their effect choices are on offer.

usage: python3 gui/tests/make_fixtures.py target/release/dratp [games] [seed]
"""
import json
import random
import subprocess
import sys


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, *lines):
        """Sends the lines then `isready`; returns every line printed before `readyok`."""
        for line in lines + ("isready",):
            self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("engine ended")
            line = line.rstrip("\n")
            if line == "readyok":
                return out
            out.append(line)

    def state(self, position):
        out = self.ask(position, "d", "legal")
        errors = [l for l in out if l.startswith("info string error")]
        if errors:
            raise SystemExit(f"{position}: {errors}")
        fen = next(l[5:] for l in out if l.startswith("Fen: "))
        result = next(l[8:] for l in out if l.startswith("Result: "))
        legal = next(l.split()[1:] for l in out if l.startswith("legal"))
        return fen, result, legal


def starts(eng, games, rng, sides):
    """The `position` command of each game: the start, then random forces (a Navia and 7 Maseitai, each Maseitai
    at most twice) for each of `sides`."""
    ids = [l.split()[1] for l in eng.ask("catalogue") if l.startswith("piece ")]
    navias = [i for i in ids if i.startswith("N")]
    supply = sorted([i for i in ids if i.startswith("M")] * 2)
    yield "position startpos"
    for _ in range(games - 1):
        forces = [rng.choice(navias) + ":" + ",".join(sorted(rng.sample(supply, 7))) for _ in range(sides)]
        yield "position startpos forces " + " ".join(forces)


def main():
    path = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 13)
    eng = Engine(path)
    positions = []
    for start in starts(eng, games, rng, 2):
        moves = []
        for ply in range(160):
            fen, result, legal = eng.state(start + (" moves " + " ".join(moves) if moves else ""))
            if ply % 5 == 0 or any(m.endswith("^") or "^:" in m for m in legal):
                positions.append({"fen": fen, "legal": legal})
                if len(positions) % 2 == 0 and result == "none":
                    rich = fen.split(" ")
                    rich[2] = "60/60"
                    rfen = " ".join(rich)
                    rfen2, _, rlegal = eng.state("position fen " + rfen)
                    positions.append({"fen": rfen2, "legal": rlegal})
            if result != "none" or not legal:
                break
            # Prefer actions with effect choices now and then, so games reach dratps and their effects.
            rich_moves = [m for m in legal if m[-1] in "+*" or ":" in m]
            moves.append(rng.choice(rich_moves) if rich_moves and rng.random() < 0.3 else rng.choice(legal))
    eng.p.stdin.write("quit\n")
    json.dump({"positions": positions}, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")
    sys.stderr.write(f"{len(positions)} positions, "
                     f"{sum(len(p['legal']) for p in positions)} actions, "
                     f"{sum(1 for p in positions for m in p['legal'] if ':' in m)} with choices\n")


if __name__ == "__main__":
    main()
