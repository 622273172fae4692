#!/usr/bin/env python3
"""A scripted stand-in for a four-player engine, for the GUI's browser test when no real `naviadratp4` engine is at
hand. It speaks the protocol of RULES.md Part 3, F39-F42 (`position`, `d`'s Fen and Result lines, `query
phase|seats|result|ranking`, `legal [seat x]`, `go … seat x` answering bestdeclare/bestbid/bestmove) over a toy game
that keeps the round's shape (F19-F27: sealed declarations, a sealed bid step giving the queue, one action per seat in
queue order, NFEN4 printed canonically) but not the real rules: the only actions are black Gulled and Navia steps
straight forward onto empty squares and summons from the keep onto empty summon squares; every action earns 1 gyulla;
a bid tie keeps the base order (no re-bid, no promise step); the game ends with no winner after the round limit,
ranked by pool. It proves the page drives the protocol; the real engine's rules are tested with the real engine.
"""
import random
import re
import sys

SEATS = "swne"
FILES = "abcdefghijk"
FORWARD = {"s": (0, 1), "w": (1, 0), "n": (0, -1), "e": (-1, 0)}
SUMMON = {
    "s": "c1 d1 e1 g1 h1 i1 c2 i2", "w": "a3 a4 a5 a7 a8 a9 b3 b9",
    "n": "c11 d11 e11 g11 h11 i11 c10 i10", "e": "k3 k4 k5 k7 k8 k9 j3 j9",
}
START = ("nBnR1n[N02]1nRnB/1nBnBnBnBnB1/wB9eB/wRwB7eBeR/1wB7eB1/w[N03]wB7eBe[N04]/1wB7eB1/wRwB7eBeR/wB9eB/"
         "1sBsBsBsBsB1/sBsR1s[N01]1sRsB")
KEEPS = [[f"M{i:02d}" for i in r] for r in (range(1, 8), range(15, 22), range(8, 15), range(30, 37))]


def on_cross(f, r):
    edge = lambda x: x <= 1 or x >= 9
    return 0 <= f <= 10 and 1 <= r <= 11 and not (edge(f) and edge(r - 1))


def name(f, r):
    return f"{FILES[f]}{r}"


def at(sq):
    return FILES.index(sq[0]), int(sq[1:])


class Game:
    def __init__(self, limit):
        self.board = {}
        for i, text in enumerate(START.split("/")):
            r, files, k = 11 - i, [f for f in range(11) if on_cross(f, 11 - i)], 0
            j = 0
            while j < len(text):
                if text[j].isdigit():
                    n = text[j]
                    while j + 1 < len(text) and text[j + 1].isdigit():
                        j += 1
                        n += text[j]
                    k += int(n)
                    j += 1
                    continue
                end = j + 2 if text[j + 1] in "BR" else text.index("]", j) + 1
                self.board[name(files[k], r)] = text[j:end]
                k, j = k + 1, end
        self.phase, self.order, self.done = "d", list("nwse"), set()
        self.decl, self.stakes = None, None
        self.pools, self.keeps, self.round, self.limit = [0] * 4, [list(k) for k in KEEPS], 1, limit

    def actions(self, seat, kind=None):
        out = []
        df, dr = FORWARD[seat]
        for sq, code in sorted(self.board.items()):
            if code[0] != seat:
                continue
            k = "N" if code[1:3] == "[N" else code[1:] if code[1] in "BR" else None
            if k not in ("B", "N") or (kind and kind != k):
                continue
            f, r = at(sq)
            if on_cross(f + df, r + dr) and name(f + df, r + dr) not in self.board:
                out.append(sq + name(f + df, r + dr))
        i = SEATS.index(seat)
        for m in sorted(set(self.keeps[i])):
            if kind and kind != m:
                continue
            out += [f"{m}@{sq}" for sq in SUMMON[seat].split() if sq not in self.board]
        return out

    def declarable(self, seat):
        kinds = []
        for k in ["N"] + sorted(set(self.keeps[SEATS.index(seat)])) + ["B"]:
            if self.actions(seat, k):
                kinds.append(k)
        return kinds

    def actor(self):
        for s in self.order:
            if s not in self.done:
                return s
        return None

    def result(self):
        return "draw round limit" if self.round > self.limit else None

    def deciding(self):
        if self.result():
            return []
        if self.phase == "d":
            return [s for s in SEATS if self.declarable(s)]
        if self.phase == "b":
            return [s for s in SEATS if self.decl[SEATS.index(s)] != "-" and self.pools[SEATS.index(s)] > 0]
        a = self.actor()
        return [a] if a else []

    def choices(self, seat):
        i = SEATS.index(seat)
        if self.result():
            return []
        if self.phase == "d":
            return self.declarable(seat)
        if self.phase == "b":
            return [f"0-{self.pools[i]}"] if seat in self.deciding() else []
        if seat != self.actor():
            return []
        return self.actions(seat, self.decl[i].rstrip("!")) or self.actions(seat)

    def skip(self):
        while self.phase == "a":
            a = self.actor()
            if a is None:
                self.round += 1
                self.phase, self.decl, self.done = "d", None, set()
                return
            if self.decl[SEATS.index(a)] == "-" or not self.choices(a):
                self.done.add(a)
            else:
                return

    def play(self, ev):
        if self.result():
            raise ValueError("the game is over")
        kind, _, rest = ev.partition(":")
        if self.phase == "d":
            vals = rest.split("/") if kind == "d" else []
            if len(vals) != 4 or any(v != "-" and v not in self.declarable(s) for s, v in zip(SEATS, vals)):
                raise ValueError(f"'{ev}' is not a declaration event here")
            self.decl, self.phase, self.stakes = vals, "b", None
            return
        if self.phase == "b":
            vals = rest.split("/") if kind == "b" else []
            if len(vals) != 4:
                raise ValueError(f"'{ev}' is not a bid event here")
            stakes = []
            for i, v in enumerate(vals):
                if self.decl[i] == "-":
                    if v != "-":
                        raise ValueError(f"'{ev}': {SEATS[i]} is not in the step")
                    stakes.append(0)
                elif not v.isdigit() or int(v) > self.pools[i]:
                    raise ValueError(f"'{ev}': {SEATS[i]} bids {v} with {self.pools[i]} in its pool")
                else:
                    stakes.append(int(v))
            for i in range(4):
                self.pools[i] -= stakes[i]
            self.order = sorted(self.order, key=lambda s: -stakes[SEATS.index(s)])
            self.phase, self.done = "a", set()
            self.skip()
            return
        a = self.actor()
        if ev not in self.choices(a):
            raise ValueError(f"'{ev}' is not a legal action of {a}")
        i = SEATS.index(a)
        if "@" in ev:
            m, sq = ev.split("@")
            self.keeps[i].remove(m)
            self.board[sq] = f"{a}[{m}]"
        else:
            f_sq, t_sq = re.match(r"([a-k]\d+)([a-k]\d+)$", ev).groups()
            self.board[t_sq] = self.board.pop(f_sq)
        self.pools[i] = min(60, self.pools[i] + 1)
        self.done.add(a)
        self.skip()

    def nfen(self):
        ranks = []
        for r in range(11, 0, -1):
            text, empty = "", 0
            for f in range(11):
                if not on_cross(f, r):
                    continue
                code = self.board.get(name(f, r))
                if code is None:
                    empty += 1
                    continue
                text += (str(empty) if empty else "") + code
                empty = 0
            ranks.append(text + (str(empty) if empty else ""))
        order = "".join(s.upper() if self.phase == "a" and s in self.done else s for s in self.order)
        listed = lambda xs: ",".join(xs) if xs else "-"
        return " ".join([
            "/".join(ranks), self.phase, order, "/".join(self.decl) if self.decl else "-", "-",
            "/".join(map(str, self.pools)), "/".join(listed(sorted(k)) for k in self.keeps), "-/-/-/-", "-", str(self.round),
        ])

    def ranking(self):
        groups = {}
        for i, s in enumerate(SEATS):
            groups.setdefault(self.pools[i], []).append(s)
        return " ".join("=".join(groups[p]) for p in sorted(groups, reverse=True))


def main():
    four, limit, game, rng = False, 200, None, random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)

    def out(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if cmd in ("uci", "ugi"):
            out("id name fake4")
            out("option name UCI_Variant type combo default naviadratp var naviadratp var naviadratp4")
            out(cmd + "ok")
        elif cmd == "isready":
            out("readyok")
        elif cmd == "quit":
            return
        elif cmd == "setoption" and words[2:4] == ["UCI_Variant", "value"]:
            four = words[4] == "naviadratp4"
        elif cmd == "setoption" and words[2:5] == ["Round", "Limit", "value"]:
            limit = int(words[5])
        elif not four:
            out("info string error: fake4 plays naviadratp4 only")
        elif cmd == "position":
            g = Game(limit)
            try:
                if words[1] != "startpos":
                    raise ValueError("fake4 knows only startpos")
                for ev in words[3:] if len(words) > 2 and words[2] == "moves" else []:
                    g.play(ev)
                game = g
            except ValueError as e:
                out(f"info string error: {e}")
        elif cmd == "d":
            out(f"Fen: {game.nfen()}")
            out(f"Result: {'draw round limit' if game.result() else 'none'}")
        elif cmd == "query":
            res = {"phase": game.phase, "seats": " ".join(game.deciding()) or "-",
                   "result": "draw" if game.result() else "none", "ranking": game.ranking()}
            out(f"response {res.get(words[1], 'unknown')}")
        elif cmd == "legal":
            seat = words[2] if len(words) > 2 else (game.deciding() or ["s"])[0]
            out(" ".join(["legal"] + game.choices(seat)))
        elif cmd == "go":
            seat = words[words.index("seat") + 1]
            opts = game.choices(seat)
            word = {"d": "bestdeclare", "b": "bestbid", "a": "bestmove"}[game.phase]
            if game.phase == "b":
                out(f"{word} {rng.randint(0, int(opts[0][2:]))}" if opts else f"{word} (none)")
            else:
                out(f"{word} {rng.choice(opts)}" if opts else f"{word} (none)")


if __name__ == "__main__":
    main()
