"""scripts/cluster_match.py on a real 2-worker local Dask cluster with the real dratp engine (issue 15 part 2).

Run by .ci/run after `cargo build --release`: `python3 -m pytest -q scripts/test_cluster_match.py`.
The binaries come from DRATP_BIN_DIR (default target/release).
"""

import json
import os
import re
import subprocess
import sys
import threading
import time

import psutil
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cluster_match  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.abspath(os.environ.get("DRATP_BIN_DIR", os.path.join(ROOT, "target", "release")))
MATCH = os.path.join(BIN, "dratp-match")
DRATP = os.path.join(BIN, "dratp")

# Depth- and node-limited engines: the games do not depend on timing, so any split plays the same games.
EXACT = (f"-engine cmd={DRATP} name=d1 depth=1 -engine cmd={DRATP} name=n300 nodes=300 -each maxwait=60 "
         "-games 2 -rounds 6 -repeat -maxmoves 50 -forces random seed=5").split()


@pytest.fixture(scope="module")
def single(tmp_path_factory):
    """The same match in one dratp-match process: its summary and records."""
    d = tmp_path_factory.mktemp("single")
    out = subprocess.run([MATCH, *EXACT, "-pgnout", str(d / "g.pgn"), "-jsonout", str(d / "s.json")],
                         capture_output=True, text=True, check=True)
    return json.loads((d / "s.json").read_text()), records((d / "g.pgn").read_text()), out.stdout


def records(pgn_text):
    """Records without what two runs of the same games differ in: the date and the move times."""
    text = re.sub(r'^\[Date "[^"]*"\]\n', "", pgn_text, flags=re.M)
    return re.sub(r"([{ ])[0-9.]+s\}", r"\1}", text)


def comparable(doc):
    return {k: v for k, v in doc.items() if k != "merged_shards"}


def cluster_run(client, tmp_path, args, shards, **kw):
    pgn, summary = tmp_path / "c.pgn", tmp_path / "c.json"

    class Out:
        text = ""

        def write(self, s):
            Out.text += s

    report = cluster_match.run_match(client, MATCH, args, shards, pgnout=str(pgn), jsonout=str(summary),
                                     out=Out(), **kw)
    return report, json.loads(summary.read_text()), records(pgn.read_text()), Out.text


def test_cluster_result_equals_the_single_process_result(client, single, tmp_path):
    report, doc, pgn, block = cluster_run(client, tmp_path, EXACT, shards=4)
    s_doc, s_pgn, s_out = single
    assert report["completed"] == 4 and not report["failed"] and not report["sprt_stop"]
    assert comparable(doc) == s_doc
    assert pgn == s_pgn
    assert block.startswith("Merged 4 of 4 shards: 12 games\n")
    assert s_out.endswith(block.split("\n", 1)[1])


def test_workers_that_cannot_run_the_binaries_are_refused(client):
    args = [a.replace(f"cmd={DRATP}", "cmd=/nonexistent/dratp") for a in EXACT]
    with pytest.raises(RuntimeError, match="cannot run engine /nonexistent/dratp"):
        cluster_match.run_match(client, MATCH, args, 2)


def shard_processes(of=None):
    """dratp-match processes playing a shard (of `of` shards, if given), anywhere on this machine."""
    found = []
    for p in psutil.process_iter(["cmdline"]):
        cmd = p.info["cmdline"] or []
        if cmd and cmd[0] == MATCH and "-shard" in cmd:
            if of is None or cmd[cmd.index("-shard") + 1].endswith(f"/{of}"):
                found.append(p)
    return found


def test_an_sprt_stop_cancels_outstanding_work(client, tmp_path):
    args = (f"-engine cmd={DRATP} name=strong depth=3 -engine cmd={DRATP} name=weak depth=1 "
            "-games 2 -rounds 24 -repeat -maxmoves 50 -forces random seed=5 "
            "-sprt elo0=0 elo1=200 alpha=0.2 beta=0.2").split()
    report, doc, pgn, block = cluster_run(client, tmp_path, args, shards=24)
    assert report["sprt_stop"]
    assert doc["sprt"]["result"] == "H1"
    assert report["cancelled"] > 0
    assert report["completed"] + report["cancelled"] + report["discarded"] == 24 and not report["failed"]
    assert len(doc["games"]) < doc["games_scheduled"] == 48
    assert "H1 was accepted" in block
    # Running shards were killed, not left to finish.
    deadline = time.monotonic() + 10
    while shard_processes(of=24) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not shard_processes(of=24)
    assert pgn.count("[Event ") == len(doc["games"])


def test_a_worker_killed_mid_shard_loses_and_double_counts_nothing(client, single, tmp_path):
    killed = []

    def kill_a_worker():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            # Only this run's shards (3 of them): a shard left by another test must not be taken for one.
            for p in shard_processes(of=3):
                try:
                    worker = p.parent()
                    p.kill()  # the shard's dratp-match would be orphaned with its worker
                    worker.kill()
                    killed.append(worker.pid)
                    return
                except psutil.Error:
                    continue
            time.sleep(0.05)

    t = threading.Thread(target=kill_a_worker)
    t.start()
    report, doc, pgn, _ = cluster_run(client, tmp_path, EXACT, shards=3, retries=2)
    t.join()
    assert killed, "no shard was seen running"
    assert report["completed"] == 3 and not report["failed"]
    s_doc, s_pgn, _ = single
    assert [g["number"] for g in doc["games"]] == list(range(1, 13))
    assert comparable(doc) == s_doc
    assert pgn == s_pgn
