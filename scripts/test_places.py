"""scripts/places.py on real four-player runs of the release binaries (DRATP_BIN_DIR, default target/release).

Run by .ci/run after `cargo build --release`: `python3 -m pytest -q scripts/test_places.py`.
"""

import io
import json
import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import places  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.abspath(os.environ.get("DRATP_BIN_DIR", os.path.join(ROOT, "target", "release")))
MATCH = os.path.join(BIN, "dratp-match")
DRATP = os.path.join(BIN, "dratp")


def four(path, seed, full="nodes=400"):
    """A node- and depth-limited four-player run of 4 games (each engine once in every seat); its summary."""
    engines = [f"-engine cmd={DRATP} name=full {full}"] + [f"-engine cmd={DRATP} name=g{i} depth=1" for i in (1, 2, 3)]
    args = " ".join(engines).split() + ["-variant", "naviadratp4", "-games", "4", "-forces", "random",
                                        f"seed={seed}", "-jsonout", str(path)]
    subprocess.run([MATCH, *args], capture_output=True, text=True, check=True)
    return json.loads(path.read_text())


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("places")
    return {name: (d / f"{name}.json", four(d / f"{name}.json", seed))
            for name, seed in (("a", 5), ("again", 5), ("other", 5005))}


def report(argv):
    out = io.StringIO()
    places.main(argv, out=out)
    return out.getvalue()


def test_the_average_place_is_the_one_dratp_match_reports(runs):
    path, doc = runs["a"]
    full = next(p for p in doc["players"] if p["name"] == "full")
    text = report([str(path)])
    assert f"4 games, {full['wins']} wins, average place {full['average_place']:.3f} ±" in text, text


def test_a_replayed_run_pairs_game_by_game_with_no_difference(runs):
    text = report([str(runs["a"][0]), "--against", str(runs["again"][0])])
    assert "paired: 4 games, place +0.000 ± 0.000 against --against (4 with the same place)" in text, text


def test_two_files_are_listed_and_pooled(runs):
    text = report([str(runs["a"][0]), str(runs["other"][0])])
    assert text.count("4 games") == 2 and "all: 8 games" in text, text


def test_runs_with_no_game_in_common_are_refused(runs):
    with pytest.raises(SystemExit, match="no game in common"):
        report([str(runs["a"][0]), "--against", str(runs["other"][0])])


def test_an_unknown_engine_and_a_two_player_summary_are_refused(runs, tmp_path):
    with pytest.raises(SystemExit, match="no game of 'nobody'"):
        report([str(runs["a"][0]), "--name", "nobody"])
    duel = tmp_path / "duel.json"
    subprocess.run([MATCH, "-engine", f"cmd={DRATP}", "name=a", "depth=1", "-engine", f"cmd={DRATP}", "name=b",
                    "depth=1", "-games", "2", "-maxmoves", "20", "-jsonout", str(duel)],
                   capture_output=True, text=True, check=True)
    with pytest.raises(SystemExit, match="not a four-player summary"):
        report([str(duel)])


def test_a_game_listed_twice_is_refused(runs):
    with pytest.raises(SystemExit, match="game 1 is also in"):
        report([str(runs["a"][0]), str(runs["again"][0])])
