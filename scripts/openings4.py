#!/usr/bin/env python3
"""Four-player openings for `dratp-match -variant naviadratp4 -openings file=…`: one NFEN4 a line.

From F36's start (or random forces) every line plays a few rounds of random legal choices: each seat
declares a kind drawn from its declarable ones, nobody bids, and the seats act with actions drawn from
their legal ones; the position at the start of the next round is written. Engines that search to a
fixed depth or node count play the same game from the same start, and from F36's start the first
rounds of most games agree: matches from these starts sample many games, not a few.

    python3 scripts/openings4.py --count 500 --rounds 2 --seed 1 > b.nfen4

Only the standard library and the engine (`--engine`, default target/release/dratp). Forces are drawn
from the catalogue file (`--catalogue`, default the built-in one's source, catalogue/default.cat): a
Navia and 7 Maseitai, a Maseitai at most twice (R28); `--forces mirror` (default) gives the four seats
the same force, `apart` one each, `default` keeps F36's forces. The same seed writes the same file.
"""

import argparse
import os
import random
import re
import sys

from engine_pipe import Engine, EngineError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEATS = "swne"


def catalogue_ids(path):
    """The Navia and Maseitai ids of a catalogue file, in file order."""
    ids = re.findall(r"^piece\s+(\S+)", open(path, encoding="utf-8").read(), re.M)
    navias = [i for i in ids if i.startswith("N")]
    maseitai = [i for i in ids if i.startswith("M")]
    if not navias or len(maseitai) < 4:
        raise ValueError(f"{path}: too few pieces for a force (R28)")
    return navias, maseitai


def random_force(rng, navias, maseitai):
    """`<navia>:<maseitai>,…` with 7 Maseitai, each at most twice (R28)."""
    supply = maseitai * 2
    rng.shuffle(supply)
    return f"{rng.choice(navias)}:{','.join(sorted(supply[:7]))}"


class Opening:
    """One game being opened: the engine, the start command and the events so far."""

    def __init__(self, engine, start):
        self.engine, self.start, self.events = engine, start, []

    def send(self, *lines):
        """Set the game, then the lines; the answers before `readyok`. An error line is a bug here."""
        moves = f" moves {' '.join(self.events)}" if self.events else ""
        self.engine.send(f"{self.start}{moves}")
        for line in lines:
            self.engine.send(line)
        got = self.engine.sync()
        errors = [line for line in got if line.startswith("info string error")]
        if errors:
            raise EngineError(f"{errors[0]} after {self.start}{moves}")
        return got

    def ask(self, *queries):
        """The answers to `query …` and `legal …` lines, one list of words each, in one round trip."""
        got = self.send(*queries)
        return [line.split()[1:] for line in got if line.startswith(("response", "legal"))]

    def nfen4(self):
        return [line for line in self.send("d") if line.startswith("Fen:")][0].split(" ", 1)[1].strip()

    def play_round(self, rng):
        """One round of random choices, nobody bidding; False once the game is over."""
        kinds = [rng.choice(legal or ["-"]) for legal in self.ask(*(f"legal seat {s}" for s in SEATS))]
        self.events.append("d:" + "/".join(kinds))
        # Stakes of 0 are no tie (F23): one bid step, then the actions in base order.
        self.events.append("b:" + "/".join("-" if k == "-" else "0" for k in kinds))
        while True:
            over, phase, seats = self.ask("query gameover", "query phase", "query seats")
            if over != ["false"] or phase != ["a"]:
                return over == ["false"]
            (actions,) = self.ask(f"legal seat {seats[0]}")
            self.events.append(rng.choice(actions))


def openings(engine_path, count, rounds, seed, forces, catalogue):
    """`count` NFEN4 lines, the same for the same arguments."""
    rng = random.Random(seed)
    navias, maseitai = catalogue_ids(catalogue)
    engine = Engine(engine_path, "dratp")
    try:
        engine.send("uci")
        engine.wait_for(lambda line: line == "uciok")
        engine.send("setoption name UCI_Variant value naviadratp4")
        lines = []
        while len(lines) < count:
            if forces == "default":
                start = "position startpos"
            else:
                one = random_force(rng, navias, maseitai)
                four = [one] * 4 if forces == "mirror" else [random_force(rng, navias, maseitai) for _ in SEATS]
                start = f"position startpos forces {' '.join(four)}"
            game = Opening(engine, start)
            # A game decided within the opening rounds is drawn again.
            if all(game.play_round(rng) for _ in range(rounds)):
                lines.append(game.nfen4())
        return lines
    finally:
        engine.quit()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "dratp"))
    p.add_argument("--count", type=int, default=100, help="lines to write (default 100)")
    p.add_argument("--rounds", type=int, default=2, help="random rounds from the start (default 2)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--forces", choices=["mirror", "apart", "default"], default="mirror")
    p.add_argument("--catalogue", default=os.path.join(ROOT, "catalogue", "default.cat"))
    a = p.parse_args(argv)
    if a.count < 1 or a.rounds < 0:
        p.error("--count must be at least 1 and --rounds at least 0")
    lines = openings(a.engine, a.count, a.rounds, a.seed, a.forces, a.catalogue)
    sys.stdout.write("".join(f"{line}\n" for line in lines))


if __name__ == "__main__":
    main()
