"""scripts/spsa.py on a real 2-worker local Dask cluster with the real dratp engine (issue 15 part 3).

Run by .ci/run after `cargo build --release`: `python3 -m pytest -q scripts/test_spsa.py`.
The binaries come from DRATP_BIN_DIR (default target/release). The games are limited by nodes, so they do not
depend on timing: a run is a function of its settings and seed.
"""

import io
import json
import math
import os
import random
import re
import signal
import subprocess
import sys
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spsa  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "scripts", "spsa.py")
BIN = os.path.abspath(os.environ.get("DRATP_BIN_DIR", os.path.join(ROOT, "target", "release")))
MATCH = os.path.join(BIN, "dratp-match")
DRATP = os.path.join(BIN, "dratp")

# A search parameter and a weight; a = 200 makes steps large enough that mobility (0 to 30) reaches its bounds.
NAMES = ["rfp_margin", "mobility"]
ITERATIONS, PAIRS, SEED, FORCES_SEED, NODES, MAXMOVES = 3, 2, 7, 5, 300, 50
CLI = ["--dratp", DRATP, "--match-bin", MATCH, "--params", ",".join(NAMES), "--iterations", str(ITERATIONS),
       "--pairs", str(PAIRS), "--nodes", str(NODES), "--maxmoves", str(MAXMOVES), "--a", "200",
       "--seed", str(SEED), "--forces-seed", str(FORCES_SEED)]


@pytest.fixture(scope="module")
def uninterrupted(client, tmp_path_factory):
    """A whole run in this process: its final state, its iterations' records, log text, printout and output files."""
    d = tmp_path_factory.mktemp("uninterrupted")
    state = spsa.new_state(DRATP, MATCH, [f"nodes={NODES}"], ITERATIONS, PAIRS, 2, names=NAMES, a=["200"],
                           seed=SEED, forces_seed=FORCES_SEED, maxmoves=MAXMOVES)
    out = io.StringIO()
    records = spsa.run(client, state, str(d / "ckpt.json"), str(d / "log"), out=out)
    files = spsa.write_outputs(state, str(d / "tuned"))
    return state, records, (d / "log").read_text(), out.getvalue(), files


def uci_tune_lines():
    out = subprocess.run([DRATP], input="setoption name Tune value true\nuci\nquit\n", capture_output=True,
                         text=True, check=True).stdout
    return [line for line in out.splitlines() if line.startswith("option name Tune_")]


def engine_errors(commands):
    """The error lines of the engine after `commands` (and `isready`, which waits for them to apply)."""
    out = subprocess.run([DRATP], input="\n".join([*commands, "isready", "quit"]) + "\n", capture_output=True,
                         text=True, check=True).stdout
    assert "readyok" in out.split()
    return [line for line in out.splitlines() if "error" in line]


def test_the_parameters_come_from_the_engine(tmp_path):
    params = spsa.tunables(DRATP)
    assert len(params) == len(uci_tune_lines()) > 2
    assert {"name": "rfp_margin", "default": 90, "min": 10, "max": 400} in params
    names = [p["name"] for p in params]
    weights = spsa.weight_names(DRATP, names)
    assert "mobility" in weights and "rfp_margin" not in weights
    # Every weight found is one a Weights File takes, and every other name is refused by it.
    by_name = {p["name"]: p for p in params}
    good = tmp_path / "all.weights"
    good.write_text("".join(f"{n} {by_name[n]['default']}\n" for n in weights))
    assert engine_errors([f"setoption name Weights File value {good}"]) == []
    for n in set(names) - set(weights):
        bad = tmp_path / f"{n}.weights"
        bad.write_text(f"{n} {by_name[n]['default']}\n")
        assert f"unknown weight '{n}'" in " ".join(engine_errors([f"setoption name Weights File value {bad}"]))


def test_a_name_the_engine_does_not_list_is_refused():
    with pytest.raises(ValueError, match="no Tune_ option for rfp_margn"):
        spsa.new_state(DRATP, MATCH, ["nodes=300"], 1, 1, 1, names=["rfp_margn"])


def test_theta_moves_only_by_the_spsa_rule_and_stays_in_range(uninterrupted):
    state, records, _, _, _ = uninterrupted
    assert state["k"] == ITERATIONS and len(records) == ITERATIONS
    spec = {p["name"]: p for p in spsa.tunables(DRATP)}
    rng = random.Random(SEED)
    theta = {n: float(spec[n]["default"]) for n in NAMES}
    A = 0.1 * ITERATIONS
    moved = clamped = 0
    for k, rec in enumerate(records, start=1):
        assert rec["k"] == k
        flips = {n: rng.choice((-1, 1)) for n in NAMES}
        assert rec["flips"] == flips
        result = rec["wins"] - rec["losses"]
        assert rec["wins"] + rec["losses"] + rec["draws"] == 2 * PAIRS
        for n in NAMES:
            lo, hi = spec[n]["min"], spec[n]["max"]
            c = max(0.05 * (hi - lo), 1) * ITERATIONS ** 0.101
            c_k, a_k = c / k ** 0.101, 200 / (A + k) ** 0.602
            # The engines played theta +- c_k * flip, clamped and rounded.
            assert rec["plus"][n] == math.floor(min(max(theta[n] + c_k * flips[n], lo), hi) + 0.5)
            assert rec["minus"][n] == math.floor(min(max(theta[n] - c_k * flips[n], lo), hi) + 0.5)
            step = theta[n] + a_k / c_k * result * flips[n]
            new = min(max(step, lo), hi)
            assert rec["theta"][n] == pytest.approx(new, rel=1e-12, abs=1e-12)
            assert lo <= rec["theta"][n] <= hi
            moved += new != theta[n]
            clamped += new != step
            theta[n] = rec["theta"][n]
    assert state["theta"] == theta
    assert moved and clamped, "the run should move theta and reach a bound"


def test_the_pair_result_is_that_of_dratp_match(uninterrupted, tmp_path):
    _, records, _, _, _ = uninterrupted
    rec = records[0]

    def engine(name, values):
        return ["-engine", f"cmd={DRATP}", f"name={name}", "option.Tune=true",
                *(f"option.Tune_{n}={values[n]}" for n in NAMES)]

    summary = tmp_path / "s.json"
    subprocess.run([MATCH, *engine("plus", rec["plus"]), *engine("minus", rec["minus"]), "-each", f"nodes={NODES}",
                    "-games", "2", "-rounds", str(PAIRS), "-repeat", "-forces", "random", f"seed={FORCES_SEED}",
                    "-maxmoves", str(MAXMOVES), "-jsonout", str(summary)], capture_output=True, check=True)
    plus = json.loads(summary.read_text())["players"][0]
    assert (plus["name"], plus["wins"], plus["losses"], plus["draws"]) == \
        ("plus", rec["wins"], rec["losses"], rec["draws"])


def without_times(log):
    return [re.sub(r"  [0-9.]+s$", "", line) for line in log.splitlines()]


def test_the_log_has_a_line_per_iteration(uninterrupted):
    _, records, log, printed, _ = uninterrupted
    lines = log.splitlines()
    assert lines[0].startswith("# spsa: 2 parameters, 3 iterations of 2 game pair(s), nodes=300")
    assert len(lines) == 1 + ITERATIONS
    for k, (line, rec) in enumerate(zip(lines[1:], records), start=1):
        assert line.startswith(f"iter {k}/{ITERATIONS}  plus W-L-D {rec['wins']}-{rec['losses']}-{rec['draws']} ")
        for n in NAMES:
            assert f"{n}={rec['theta'][n]:.4f}(" in line
    assert printed.splitlines() == lines[1:]


def test_a_resumed_log_keeps_the_lines_of_the_checkpoint_iterations(uninterrupted, tmp_path):
    state, _, log, _, _ = uninterrupted
    # Interrupted after iteration 3 was logged but before its checkpoint was saved: the checkpoint says k = 2.
    path = tmp_path / "log"
    path.write_text(log)
    spsa.restart_log(str(path), {**state, "k": 2})
    assert path.read_text().splitlines() == log.splitlines()[:3]


def test_an_interrupted_run_resumes_to_the_same_result(uninterrupted, tmp_path):
    state, _, log, _, files = uninterrupted
    ckpt, log_path, out = tmp_path / "ckpt.json", tmp_path / "log", tmp_path / "tuned"
    paths = ["--checkpoint", str(ckpt), "--log", str(log_path), "--out", str(out)]
    first = subprocess.Popen([sys.executable, SCRIPT, "--local", "2", *CLI, *paths], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and first.poll() is None:
        if ckpt.exists() and json.loads(ckpt.read_text())["k"] >= 1:
            first.send_signal(signal.SIGINT)
            break
        time.sleep(0.01)
    _, err = first.communicate(timeout=60)
    assert first.returncode == 130, err
    assert "go on with --resume" in err
    done = json.loads(ckpt.read_text())["k"]
    assert 1 <= done < ITERATIONS
    # The settings are the checkpoint's: giving one again is refused.
    refused = subprocess.run([sys.executable, SCRIPT, "--local", "2", "--resume", "--iterations", "5", *paths],
                             capture_output=True, text=True)
    assert refused.returncode == 2 and "drop --iterations" in refused.stderr
    second = subprocess.run([sys.executable, SCRIPT, "--local", "2", "--resume", *paths], capture_output=True,
                            text=True, timeout=120)
    assert second.returncode == 0, second.stderr
    assert json.loads(ckpt.read_text()) == state
    assert without_times(log_path.read_text()) == without_times(log)
    for theirs, ours in zip(files, (f"{out}.weights", f"{out}.options")):
        assert open(theirs).read() == open(ours).read()
    assert "Verification SPRT" in second.stdout and "elo0=0 elo1=5 alpha=0.05 beta=0.05" in second.stdout


def test_the_output_files_are_accepted_by_the_engine(uninterrupted):
    state, _, _, _, (weights, options) = uninterrupted
    values = {n: math.floor(state["theta"][n] + 0.5) for n in NAMES}
    with open(weights) as f:
        assert [line for line in f.read().splitlines() if not line.startswith("#")] == \
            [f"mobility {values['mobility']}"]
    with open(options) as f:
        lines = f.read().splitlines()
    assert lines == ["setoption name Tune value true", f"setoption name Tune_rfp_margin value {values['rfp_margin']}"]
    assert engine_errors(["debug on", f"setoption name Weights File value {weights}", *lines]) == []
