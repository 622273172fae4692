"""scripts/openings4.py against the real engine and match runner (release binaries, see conftest.py)."""

import os
import re
import subprocess

from conftest import BIN, ROOT
from engine_pipe import Engine
import openings4

DRATP = os.path.join(BIN, "dratp")
CATALOGUE = os.path.join(ROOT, "catalogue", "default.cat")


def make(count=3, rounds=2, seed=7, forces="mirror"):
    return openings4.openings(DRATP, count, rounds, seed, forces, CATALOGUE)


def engine_view(line):
    """What the engine says of an NFEN4: its error lines, phase and `d` lines."""
    e = Engine(DRATP)
    try:
        e.send("setoption name UCI_Variant value naviadratp4")
        e.send(f"position fen {line}")
        e.send("query phase")
        e.send("d")
        return e.sync()
    finally:
        e.quit()


def test_lines_are_positions_at_a_round_start_and_the_seed_fixes_them():
    lines = make()
    assert lines == make()
    assert lines != make(seed=8)
    assert len(set(lines)) == 3
    for line in lines:
        got = engine_view(line)
        assert not [x for x in got if x.startswith("info string error")], got
        assert "response d" in got
        # Two rounds played: the third starts (F35's last field is the round).
        assert line.split()[-1] == "3"
        assert f"Fen: {line}" in got


def test_forces_mirror_apart_and_default():
    navias = lambda line: set(re.findall(r"\[N\d+\]", line.split()[0]))  # noqa: E731
    # Mirror: one force, so one Navia id on the board; apart: four draws, which differ in some line.
    assert all(len(navias(line)) == 1 for line in make(count=5, forces="mirror"))
    assert any(len(navias(line)) > 1 for line in make(count=5, forces="apart"))
    # No rounds and F36's forces: the start itself.
    (start,) = make(count=1, rounds=0, forces="default")
    e = Engine(DRATP)
    try:
        e.send("setoption name UCI_Variant value naviadratp4")
        e.send("position startpos")
        e.send("d")
        assert f"Fen: {start}" in e.sync()
    finally:
        e.quit()


def test_the_match_runner_starts_each_rotation_from_a_line(tmp_path):
    lines = make(count=2, seed=3)
    book = tmp_path / "book.nfen4"
    book.write_text("".join(f"{line}\n" for line in lines))
    pgn = tmp_path / "games.pgn"
    engines = []
    for name in "abcd":
        engines += ["-engine", f"cmd={DRATP}", f"name={name}", "depth=1", "nodes=2000"]
    run = subprocess.run(
        [os.path.join(BIN, "dratp-match"), "-variant", "naviadratp4", *engines, "-games", "5", "-roundlimit", "6",
         "-openings", f"file={book}", "-pgnout", str(pgn)],
        capture_output=True, text=True, timeout=600, check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    fens = [x.split('"')[1] for x in pgn.read_text().splitlines() if x.startswith("[FEN ")]
    # Games 1-4 (the first rotation) from the first line, game 5 from the second.
    assert sorted(fens) == sorted([lines[0]] * 4 + [lines[1]])
    replay = subprocess.run([os.path.join(BIN, "dratp-match"), "-replay", str(pgn)],
                            capture_output=True, text=True, timeout=600, check=False)
    assert replay.returncode == 0 and "5 ok, 0 mismatched" in replay.stdout, replay.stdout
