#!/usr/bin/env python3
"""Average places of one engine in four-player `dratp-match` runs, and a game-by-game comparison of two builds.

    python3 scripts/places.py [--name full] RUN.json ... [--against BASE.json ...]

Each RUN.json is a `-jsonout` summary of `dratp-match -variant naviadratp4`. For each file and over all of them it
prints the engine's average place with its 95 % margin, its wins, and its place less the mean place of the three
other seats (F34 places, 1 best). With --against, games are paired with the other run's games that started from
the same position with the same seats (node- or depth-limited engines replay a seed's games exactly), and it
prints the mean difference of the engine's place, new less old, with its 95 % margin: pairing removes most of the
luck of the forces, so a change to one engine shows in far fewer games than two separate averages need.
"""

import argparse
import json
import math
import sys

SEATS = ("south", "west", "north", "east")


def games(paths, name):
    """{(start, seats, number): (place, the others' mean place, path)} for `name` over the summaries at `paths`.
    A game listed twice (runs whose seeds overlap, see MATCH.md) is refused: it would count twice."""
    out = {}
    for path in paths:
        with open(path) as f:
            doc = json.load(f)
        if doc.get("variant") != "naviadratp4":
            raise SystemExit(f"{path}: not a four-player summary (variant {doc.get('variant')!r})")
        for g in doc["games"]:
            seats = tuple(g["seats"][s] for s in SEATS)
            if name not in seats or not g.get("places"):
                continue
            key = (g["start"], seats, g["number"])
            if key in out:
                raise SystemExit(f"{path}: game {g['number']} is also in {out[key][2]} (overlapping seeds?)")
            i = seats.index(name)
            others = [p for j, p in enumerate(g["places"]) if j != i]
            out[key] = (g["places"][i], sum(others) / len(others), path)
    return out


def mean_margin(xs):
    """Mean and the half-width of its 95 % interval (normal approximation)."""
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, 1.96 * math.sqrt(var / n)


def summary(label, rows):
    places = [p for p, _, _ in rows]
    m, e = mean_margin(places)
    d, de = mean_margin([p - o for p, o, _ in rows])
    wins = sum(1 for p in places if p == 1)
    return f"{label}: {len(rows)} games, {wins} wins, average place {m:.3f} ± {e:.3f}, less the others' {d:+.3f} ± {de:.3f}"


def paired(new, old):
    """Differences of place, new less old, over the games both runs played."""
    return [new[k][0] - old[k][0] for k in new if k in old]


def main(argv=None, out=sys.stdout):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", nargs="+", help="-jsonout summaries of four-player runs")
    ap.add_argument("--name", default="full", help="the engine's name in the runs (default full)")
    ap.add_argument("--against", nargs="+", default=[], help="summaries of the run to compare with, game by game")
    args = ap.parse_args(argv)
    new = games(args.runs, args.name)
    if not new:
        raise SystemExit(f"no game of {args.name!r} in {', '.join(args.runs)}")
    for path in args.runs:
        rows = [v for v in new.values() if v[2] == path]
        if rows and len(args.runs) > 1:
            print(summary(path, rows), file=out)
    print(summary("all", list(new.values())), file=out)
    if args.against:
        diffs = paired(new, games(args.against, args.name))
        if not diffs:
            raise SystemExit("no game in common with --against (other seeds, forces or seats?)")
        d, e = mean_margin(diffs)
        same = sum(1 for x in diffs if x == 0)
        print(f"paired: {len(diffs)} games, place {d:+.3f} ± {e:.3f} against --against ({same} with the same place)",
              file=out)


if __name__ == "__main__":
    main()
