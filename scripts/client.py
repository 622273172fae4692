#!/usr/bin/env python3
"""Play dratp against itself through pipes and print the game.

A model for people who script the engine: two engine processes speak UGI, the
script keeps the move list, asks each side for a move with `position` + `go`,
and trusts the engine's `query gameover` / `query result` to end the game (as
generic UGI tournament managers do).

    python3 scripts/client.py target/release/dratp --movetime 100
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_pipe import Engine, EngineError  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine", help="path to the dratp binary")
    ap.add_argument("--movetime", type=int, default=100, help="milliseconds per move (default 100)")
    ap.add_argument("--depth", type=int, help="fixed depth per move instead of --movetime")
    ap.add_argument("--max-moves", type=int, default=300, help="adjudicate a draw after this many moves")
    ap.add_argument("--fen", help="start from this NFEN instead of the default start")
    ap.add_argument("--verbose", action="store_true", help="print every line sent and received")
    args = ap.parse_args()

    log = (lambda s: print(s, file=sys.stderr)) if args.verbose else None
    players = [Engine(args.engine, "p1", log), Engine(args.engine, "p2", log)]
    for e in players:
        e.send("ugi")
        e.wait_for(lambda l: l == "ugiok")
        e.send("uginewgame")
        e.sync()

    start = f"fen {args.fen}" if args.fen else "startpos"
    go = f"go depth {args.depth}" if args.depth else f"go movetime {args.movetime}"
    moves = []
    result = "none"
    try:
        while len(moves) < args.max_moves:
            position = f"position {start}" + (" moves " + " ".join(moves) if moves else "")
            referee = players[0]
            referee.send(position)
            referee.send("query gameover")
            if referee.wait_for(lambda l: l.startswith("response"))[-1] == "response true":
                referee.send("query result")
                result = referee.wait_for(lambda l: l.startswith("response"))[-1].split()[1]
                break
            referee.send("query p1turn")
            mover = players[0] if referee.wait_for(lambda l: l.startswith("response"))[-1] == "response true" else players[1]
            mover.send(position)
            mover.send(go)
            answer = mover.wait_for(lambda l: l.startswith("bestmove"), timeout=60)
            errors = [l for l in answer if l.startswith("info string error")]
            if errors:
                raise EngineError(f"{mover.name}: {errors[0]}")
            move = answer[-1].split()[1]
            scores = [l for l in answer if " score " in l]
            score = scores[-1].split(" score ")[1].split(" nodes")[0] if scores else "?"
            print(f"{len(moves) // 2 + 1:3}{'.' if mover.name == 'p1' else '...'} {move:14} ({mover.name}, score {score})")
            moves.append(move)
        else:
            result = "draw (move limit)"
        players[0].send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
        players[0].send("d")
        for line in players[0].wait_for(lambda l: l.startswith("Result:")):
            print(line)
    finally:
        for e in players:
            e.quit()
    print(f"Game over after {len(moves)} moves: {result}")
    print("Moves:", " ".join(moves))


if __name__ == "__main__":
    try:
        main()
    except EngineError as err:
        sys.exit(f"error: {err}")
