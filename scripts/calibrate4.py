#!/usr/bin/env python3
"""How the four-seat player's score maps to the place a seat finishes in: a table from the records of matches.

    python3 scripts/calibrate4.py [--name full] [--engine target/release/dratp] RUN.pgn ...

Each RUN.pgn is a `-pgnout` record of `dratp-match -variant naviadratp4`. At the start of every round of every
game the engine's `eval` gives each seat's `score` (what the search maximises, in evaluation units); the table
groups the scores of the seats the engine `--name` sat in by `--step` units and gives the mean F34 place that seat
finished in (1 best). Where the mean place falls through 2 and through 3 (between groups of at least `--min-count`)
gives the scores from which the seat finished second and third on average: the scale on which the search should
score a game that ends at a given place, printed as `Tune_war_place` and `Tune_rival_win` (BENCHMARKS.md, session
25).

Only the standard library and the engine.
"""

import argparse
import os
import re
import sys

from engine_pipe import Engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEATS = "swne"
TAG = re.compile(r'\[(\w+) "(.*)"\]')
ROUND = re.compile(r"(\d+)\. (.*)")


def games(path):
    """Each game of a PGN record as (tags, rounds), a round being its list of events (comments left out)."""
    tags, rounds = {}, []
    with open(path) as f:
        for line in f:
            m = TAG.match(line)
            if m:
                if m.group(1) == "Event" and "FEN" in tags:
                    yield tags, rounds
                    tags, rounds = {}, []
                tags[m.group(1)] = m.group(2)
                continue
            m = ROUND.match(line)
            if m:
                rounds.append([e for e in m.group(2).split() if not e.startswith("{")])
    if "FEN" in tags:
        yield tags, rounds


def places(ranking):
    """F34 places by seat letter from a `Ranking` tag (`s e=w n`: seats sharing a place get the mean of them)."""
    out, place = {}, 1
    for group in ranking.split():
        members = group.split("=")
        for s in members:
            out[s] = place + (len(members) - 1) / 2
        place += len(members)
    return out


def scores(engine, fen, events):
    """Each seat's `score` from `eval` in the position after `events`, in seat order."""
    engine.send(f"position fen {fen}" + (f" moves {' '.join(events)}" if events else ""))
    engine.send("eval")
    for line in engine.sync():
        if line.startswith("info string error"):
            raise SystemExit(f"the engine refused a position of the record: {line}")
        if line.startswith("score "):
            return [int(x) for x in line.split()[1:]]
    raise SystemExit("the engine's eval has no score line")


def samples(engine, paths, name):
    """(score, final place) of the seat `name` sat in, at the start of every round of every game."""
    out = []
    for path in paths:
        for tags, rounds in games(path):
            seat = next((s for s, t in zip(SEATS, ("South", "West", "North", "East")) if tags.get(t) == name), None)
            if seat is None or "Ranking" not in tags:
                continue
            place = places(tags["Ranking"])[seat]
            events = []
            for r in rounds:
                out.append((scores(engine, tags["FEN"], events)[SEATS.index(seat)], place))
                events += r
    return out


def table(pairs, step):
    """{group: (count, mean place)}, a group being the score rounded to a multiple of `step`."""
    groups = {}
    for score, place in pairs:
        groups.setdefault(round(score / step) * step, []).append(place)
    return {g: (len(v), sum(v) / len(v)) for g, v in sorted(groups.items())}


def crossing(rows, place, min_count):
    """The score at which the mean place first falls through `place`, going up the groups of at least `min_count`
    samples: interpolated between the two groups around it; None if it never does."""
    pts = [(g, p) for g, (n, p) in rows.items() if n >= min_count]
    for (g0, p0), (g1, p1) in zip(pts, pts[1:]):
        if p0 >= place > p1:
            return g0 + (p0 - place) / (p0 - p1) * (g1 - g0)
    return None


def report(pairs, step, min_count, out):
    rows = table(pairs, step)
    print(f"{len(pairs)} round starts", file=out)
    print(f"{'score':>7} {'count':>7} {'place':>6}", file=out)
    for g, (n, p) in rows.items():
        print(f"{g:>7} {n:>7} {p:>6.2f}", file=out)
    second, third = crossing(rows, 2, min_count), crossing(rows, 3, min_count)
    if second is None or third is None:
        print("the mean place does not cross 2 and 3: too few games", file=out)
        return
    step_worth = second - third
    print(f"second on average from score {second:.0f}, third from {third:.0f}: a game's end at place p scores "
          f"war_place * (2.5 - p) - rival_win with war_place {step_worth:.0f}, rival_win {step_worth / 2 - second:.0f}",
          file=out)


def main(argv=None, out=sys.stdout):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", help="-pgnout records of four-player runs")
    ap.add_argument("--name", default="full", help="the engine's name in the records (default full)")
    ap.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "dratp"),
                    help="the engine whose eval scores the positions (default target/release/dratp)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a setoption before scoring, e.g. Tune=true then Tune_pool_gyullas=40 (repeatable)")
    ap.add_argument("--step", type=int, default=600, help="width of a score group (default 600)")
    ap.add_argument("--min-count", type=int, default=30, help="smallest group the crossings use (default 30)")
    args = ap.parse_args(argv)
    engine = Engine(args.engine)
    try:
        engine.send("setoption name UCI_Variant value naviadratp4")
        for opt in args.option:
            key, _, value = opt.partition("=")
            engine.send(f"setoption name {key} value {value}")
        pairs = samples(engine, args.runs, args.name)
    finally:
        engine.quit()
    if not pairs:
        raise SystemExit(f"no game of {args.name!r} in {', '.join(args.runs)}")
    report(pairs, args.step, args.min_count, out)


if __name__ == "__main__":
    main()
