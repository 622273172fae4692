"""scripts/calibrate4.py on a real four-player record of the release binaries (DRATP_BIN_DIR, default target/release).

Run by .ci/run after `cargo build --release`: `python3 -m pytest -q scripts/test_calibrate4.py`.
"""

import io
import os
import re
import subprocess

import pytest

import calibrate4
from conftest import BIN

MATCH = os.path.join(BIN, "dratp-match")
DRATP = os.path.join(BIN, "dratp")


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    """A -pgnout record of 4 depth-limited four-player games (each engine once in every seat)."""
    path = tmp_path_factory.mktemp("calibrate") / "run.pgn"
    engines = [f"-engine cmd={DRATP} name=full depth=2"] + [f"-engine cmd={DRATP} name=g{i} depth=1" for i in (1, 2, 3)]
    args = " ".join(engines).split() + ["-variant", "naviadratp4", "-games", "4", "-forces", "random", "seed=9",
                                        "-pgnout", str(path)]
    subprocess.run([MATCH, *args], capture_output=True, text=True, check=True)
    return path


def run(argv):
    out = io.StringIO()
    calibrate4.main(argv, out=out)
    return out.getvalue()


def test_every_round_start_of_the_seat_is_scored_once(record):
    text = record.read_text()
    rounds = len(re.findall(r"^\d+\. ", text, re.M))
    report = run(["--engine", DRATP, str(record)])
    assert f"{rounds} round starts" in report, report
    counts = [int(m.group(1)) for m in re.finditer(r"^\s*-?\d+\s+(\d+)\s+\d\.\d\d$", report, re.M)]
    assert sum(counts) == rounds, report


def test_the_places_are_the_ranking_tags():
    assert calibrate4.places("s e=w n") == {"s": 1, "e": 2.5, "w": 2.5, "n": 4}
    assert calibrate4.places("n w s e") == {"n": 1, "w": 2, "s": 3, "e": 4}


def test_the_crossings_of_places_two_and_three_give_the_scale():
    # The mean place falls by one every 2 000 units and is 2 at a score of 0; a small noisy group is left out.
    rows = {g: (40, 2 - g / 2000) for g in range(-3000, 1201, 600)}
    rows[-3600] = (3, 1.0)
    assert calibrate4.crossing(rows, 2, 30) == 0
    assert abs(calibrate4.crossing(rows, 3, 30) + 2000) < 1e-9
    assert calibrate4.crossing(rows, 5, 30) is None
    out = io.StringIO()
    calibrate4.report([(g, p) for g, (n, p) in rows.items() for _ in range(n)], 600, 30, out)
    assert "second on average from score 0, third from -2000" in out.getvalue(), out.getvalue()
    assert "war_place 2000, rival_win 1000" in out.getvalue(), out.getvalue()


def test_a_seat_not_in_the_record_is_refused(record):
    with pytest.raises(SystemExit, match="no game of 'nobody'"):
        run(["--engine", DRATP, "--name", "nobody", str(record)])
