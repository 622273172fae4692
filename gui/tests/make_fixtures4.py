#!/usr/bin/env python3
"""Writes gui/tests/fixtures/positions4.json for the four-player client tests: positions of seeded random
`naviadratp4` games played by the real engine (forces drawn from the whole catalogue), each with its NFEN4, the
seat to act and the engine's `legal` list. Every other sampled position of the actions phase is also given with
full pools (60 each), so that dratps, invokes and their effect choices (Pharaoh squares, drains naming a seat,
steals from a seat's graveyard, further moves) are on offer.

usage: python3 gui/tests/make_fixtures4.py target/release/dratp [games] [seed]
"""
import json
import random
import sys

from make_fixtures import Engine as DuelEngine, starts

SEATS = "swne"


class Engine(DuelEngine):
    """The two-player fixtures' engine pipe, switched to the four-player game."""

    def __init__(self, path):
        super().__init__(path)
        self.ask("setoption name UCI_Variant value naviadratp4")

    def state(self, position):
        """The position's NFEN4, result word, phase, deciding seats and each deciding seat's `legal` words."""
        out = self.ask(position, "d", "query result", "query phase", "query seats")
        errors = [l for l in out if l.startswith("info string error")]
        if errors:
            raise SystemExit(f"{position}: {errors}")
        fen = next(l[5:] for l in out if l.startswith("Fen: "))
        result, phase, seats = [l.split(" ", 1)[1] for l in out if l.startswith("response ")]
        deciding = [] if seats == "-" else seats.split()
        legal = {}
        for seat in deciding:
            legal[seat] = next(l.split()[1:] for l in self.ask(f"legal seat {seat}") if l.startswith("legal"))
        return fen, result, phase, deciding, legal


def bid_step(fields):
    """The seats of the next bid step (F23): the first step every seat that declared, then the tie groups."""
    decls, stakes = fields[3].split("/"), fields[4]
    if stakes == "-":
        return [s for s, d in zip(SEATS, decls) if d != "-"]
    st = [int(x) for x in stakes.split("/")]
    return [s for s, x in zip(SEATS, st) if x > 0 and st.count(x) >= 2]


def main():
    path = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 13)
    eng = Engine(path)
    positions = []
    for start in starts(eng, games, rng, 4):
        events = []
        for k in range(400):
            fen, result, phase, deciding, legal = eng.state(start + (" moves " + " ".join(events) if events else ""))
            if result != "none":
                break
            fields = fen.split(" ")
            if phase == "a":
                seat = deciding[0]
                actions = legal[seat]
                if k % 3 == 0:
                    positions.append({"fen": fen, "actor": seat, "legal": actions})
                    if len(positions) % 2 == 0:
                        rich = list(fields)
                        rich[5] = "60/60/60/60"
                        rfen, _, _, rdeciding, rlegal = eng.state("position fen " + " ".join(rich))
                        positions.append({"fen": rfen, "actor": rdeciding[0], "legal": rlegal[rdeciding[0]]})
                rich_actions = [m for m in actions if m[-1] in "+*" or ":" in m or "=" in m]
                events.append(rng.choice(rich_actions) if rich_actions and rng.random() < 0.3 else rng.choice(actions))
                continue
            step = bid_step(fields) if phase == "b" else deciding
            values = []
            for seat in SEATS:
                if seat in deciding:
                    words = legal[seat]
                    if phase == "d":
                        values.append(rng.choice(words))
                    elif phase == "b":
                        values.append(str(rng.randint(0, int(words[0].split("-")[1]))))
                    else:
                        values.append(rng.choice(["y", "n"]))
                else:
                    values.append("0" if seat in step and phase == "b" else "-")
            events.append(f"{phase}:{'/'.join(values)}")
    eng.p.stdin.write("quit\n")
    json.dump({"positions": positions}, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")
    sys.stderr.write(f"{len(positions)} positions, "
                     f"{sum(len(p['legal']) for p in positions)} actions, "
                     f"{sum(1 for p in positions for m in p['legal'] if ':' in m)} with choices, "
                     f"{sum(1 for p in positions for m in p['legal'] if '=' in m)} Navia takes\n")


if __name__ == "__main__":
    main()
