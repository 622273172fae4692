#!/usr/bin/env python3
"""Run a dratp-match command line on a Dask (dask.distributed) cluster, split into shards.

    scripts/cluster_match.py --local 4 --pgnout games.pgn --jsonout summary.json -- \\
        -engine cmd=/shared/dratp name=new depth=6 -engine cmd=/shared/dratp-old name=old depth=6 \\
        -games 2 -rounds 500 -repeat -forces random seed=1 -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05

Each shard is `dratp-match ARGS -shard K/N` on some worker (MATCH.md, "Shards and merging"). As shards
finish, their summaries and records come back to this process and are merged with `dratp-match -merge`,
so the progress line, the SPRT and the final files are exactly those of `dratp-match` itself. When the
merged SPRT accepts a hypothesis, no new shard starts and running ones are killed. A shard that fails is
retried (`--retries`) on any worker, then reported. Workers run the binaries named on the command line
(`--match-bin` and every `cmd=`): they must be at the same path on every worker (see README.md).
"""

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import dask
from distributed import Client, Event, LocalCluster, as_completed, get_worker

# How often a running shard looks for the stop signal.
POLL_SECONDS = 0.2
# How long an engine may take to answer `uci` in the start-up check.
HANDSHAKE_SECONDS = 10
# How long closing the client or the local cluster may take: an interrupted run must still exit.
CLOSE_SECONDS = 20


def engine_commands(match_args):
    """The `cmd=` programs of a dratp-match command line (from -engine and -each)."""
    return sorted({a[len("cmd="):] for a in match_args if a.startswith("cmd=")})


def check_binaries(match_bin, commands):
    """On a worker: can it run dratp-match and each engine? Returns a list of problems."""
    problems = []
    try:
        out = subprocess.run([match_bin, "-version"], capture_output=True, text=True, timeout=HANDSHAKE_SECONDS)
        if out.returncode != 0 or not out.stdout.startswith("dratp-match "):
            problems.append(f"{match_bin} -version failed: {out.stderr.strip()[:200]}")
    except (OSError, subprocess.SubprocessError) as e:
        problems.append(f"cannot run {match_bin}: {e}")
    for cmd in commands:
        try:
            out = subprocess.run([cmd], input="uci\nquit\n", capture_output=True, text=True,
                                 timeout=HANDSHAKE_SECONDS)
            if "uciok" not in out.stdout.split():
                problems.append(f"engine {cmd} did not answer uci with uciok")
        except (OSError, subprocess.SubprocessError) as e:
            problems.append(f"cannot run engine {cmd}: {e}")
    return problems


def run_shard(match_bin, match_args, k, n, stop_name):
    """On a worker: play shard k/n in a scratch directory; returns its summary and records.

    Raises on failure (Dask then retries the shard elsewhere). Returns None when stopped.
    """
    stop = Event(stop_name)
    scratch = tempfile.mkdtemp(prefix=f"dratp-shard-{k}-of-{n}-")
    try:
        pgn, summary = os.path.join(scratch, "shard.pgn"), os.path.join(scratch, "shard.json")
        cmd = [match_bin, *match_args, "-shard", f"{k}/{n}", "-pgnout", pgn, "-jsonout", summary]
        with open(os.path.join(scratch, "stderr"), "w+") as err:
            proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, cwd=scratch)
            try:
                while proc.poll() is None:
                    if stop.is_set():
                        proc.kill()
                        proc.wait()
                        return None
                    time.sleep(POLL_SECONDS)
            finally:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
            err.seek(0)
            stderr = err.read()
        if proc.returncode != 0:
            raise RuntimeError(f"shard {k}/{n} on {get_worker().address}: dratp-match exited with "
                               f"{proc.returncode}: {stderr.strip()[-500:]}")
        with open(summary) as f:
            summary_text = f.read()
        pgn_text = ""
        if os.path.exists(pgn):
            with open(pgn) as f:
                pgn_text = f.read()
        return {"shard": k, "summary": summary_text, "pgn": pgn_text}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


class Merger:
    """The finished shards, kept in a local directory and merged with `dratp-match -merge`."""

    def __init__(self, match_bin, directory):
        self.match_bin = match_bin
        self.dir = directory
        self.shards = []

    def add(self, result):
        k = result["shard"]
        for ext, text in (("json", result["summary"]), ("pgn", result["pgn"])):
            with open(os.path.join(self.dir, f"shard{k}.{ext}"), "w") as f:
                f.write(text)
        self.shards.append(k)

    def merge(self, pgnout=None, jsonout=None, partial=True):
        """Merge the shards so far; returns (merged summary as a dict, result block text)."""
        files = [os.path.join(self.dir, f"shard{k}.{ext}") for ext in ("json", "pgn") for k in sorted(self.shards)]
        summary = jsonout or os.path.join(self.dir, "merged.json")
        cmd = [self.match_bin, "-merge", *files, "-jsonout", summary]
        if pgnout:
            cmd += ["-pgnout", pgnout]
        if partial:
            cmd.append("-partial")
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            raise RuntimeError(f"dratp-match -merge failed: {out.stderr.strip()}")
        with open(summary) as f:
            return json.load(f), out.stdout


def standing_text(p, games):
    """The first engine's standing: W-L-D, score and Elo; in a four-player match, points and average place."""
    if "average_place" in p:
        place = p["average_place"]
        return f"{p['name']}: {p['score']:.2f} points, average place {'nan' if place is None else f'{place:.2f}'}"
    elo = p.get("elo")
    err = p.get("elo_error")
    elo_text = "nan" if elo is None else f"{elo:+.1f} +/- {'nan' if err is None else f'{err:.1f}'}"
    return (f"{p['name']}: {p['wins']}-{p['losses']}-{p['draws']} ({p['score'] if games else 0:.3f})  "
            f"Elo {elo_text}")


def progress_line(doc, started, done_shards, shards):
    """Games done, the first engine's standing, games per second, estimated time left."""
    games = len(doc["games"])
    total = doc.get("games_scheduled") or games
    rate = games / max(time.monotonic() - started, 1e-9)
    eta = (total - games) / rate if rate > 0 else float("inf")
    width = 20
    filled = int(width * games / total) if total else width
    bar = "#" * filled + "." * (width - filled)
    sprt = doc.get("sprt")
    sprt_text = f"  LLR {sprt['llr']:.2f} [{sprt['lbound']:.2f}, {sprt['ubound']:.2f}]" if sprt else ""
    eta_text = "?" if eta == float("inf") else f"{int(eta) // 60}m{int(eta) % 60:02d}s"
    return (f"[{bar}] {games}/{total} games, shards {done_shards}/{shards}  "
            f"{standing_text(doc['players'][0], games)}  {rate:.2f} games/s  ETA {eta_text}{sprt_text}")


def run_match(client, match_bin, match_args, shards, pgnout=None, jsonout=None, retries=2, out=sys.stdout,
              progress=sys.stderr):
    """Play the match on the client's cluster; returns a report dict (merged summary, shard counts, errors)."""
    commands = engine_commands(match_args)
    problems = client.run(check_binaries, match_bin, commands)
    bad = {w: p for w, p in problems.items() if p}
    if bad:
        raise RuntimeError("workers cannot run the binaries: " +
                           "; ".join(f"{w}: {', '.join(p)}" for w, p in bad.items()))
    stop_name = f"dratp-stop-{os.getpid()}-{time.time_ns()}"
    stop = Event(stop_name, client=client)
    started = time.monotonic()
    local = tempfile.mkdtemp(prefix="dratp-cluster-")
    merger = Merger(match_bin, local)
    report = {"shards": shards, "completed": 0, "cancelled": 0, "discarded": 0, "failed": [], "sprt_stop": False}
    # Shards are submitted in order; Dask runs them as workers free up (pure=False: each is its own task).
    futures = [client.submit(run_shard, match_bin, match_args, k, shards, stop_name, retries=retries,
                             pure=False, key=f"dratp-shard-{k}-of-{shards}-{stop_name}")
               for k in range(1, shards + 1)]
    doc = None
    try:
        for fut in as_completed(futures):
            if fut.status == "cancelled":
                continue
            try:
                result = fut.result()
            except Exception as e:  # a shard that failed after its retries is reported, the rest go on
                report["failed"].append(str(e))
                print(f"\nshard failed: {e}", file=progress)
                continue
            if result is None:
                continue
            merger.add(result)
            report["completed"] += 1
            doc, _ = merger.merge()
            print("\r" + progress_line(doc, started, report["completed"], shards), end="", file=progress, flush=True)
            if doc.get("sprt", {}).get("result") in ("H0", "H1"):
                report["sprt_stop"] = True
                stop.set()
                pending = [f for f in futures if not f.done()]
                report["cancelled"] = len(pending)
                client.cancel(pending)
                # Shards that finished after the crossing but before it was read: the result is final
                # without them, as it would be in one process.
                report["discarded"] = shards - report["completed"] - len(report["failed"]) - len(pending)
                break
        print(file=progress)
        if not merger.shards:
            raise RuntimeError("no shard finished: " + "; ".join(report["failed"]))
        partial = report["sprt_stop"] or bool(report["failed"])
        doc, block = merger.merge(pgnout=pgnout, jsonout=jsonout, partial=partial)
        out.write(block)
        report["summary"] = doc
        return report
    finally:
        stop.set()
        shutil.rmtree(local, ignore_errors=True)


def add_cluster_arguments(ap):
    """Add the options that say where to play: --local N or --scheduler ADDRESS, and --match-bin."""
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--local", type=int, metavar="N", help="start a local cluster of N workers")
    where.add_argument("--scheduler", metavar="ADDRESS", help="join a running cluster (tcp://host:8786)")
    ap.add_argument("--match-bin", default="target/release/dratp-match",
                    help="dratp-match, at this path on every worker and here")


@contextlib.contextmanager
def connect(local=None, scheduler=None):
    """A Dask client of a new local cluster of `local` single-threaded workers, or of the one at `scheduler`.

    A local cluster is closed with the client.
    """
    if local:
        # A worker samples its own threads for Dask's profiler every 10 ms: half of the 8 % of a core a local
        # cluster took while its engines played, all of it on the cores they play on. A shard's work is one
        # subprocess, so the profile has nothing to show. (Workers of a real cluster take their own config.)
        with dask.config.set({"distributed.worker.profile.enabled": False}):
            cluster = LocalCluster(n_workers=local, threads_per_worker=1, processes=True)
        client = Client(cluster)
    else:
        cluster, client = None, Client(scheduler)
    try:
        yield client
    finally:
        close(client)
        if cluster is not None:
            close(cluster)


def close(thing):
    """Close a Dask client or cluster within CLOSE_SECONDS; a failure to close is reported, not raised."""
    try:
        thing.close(timeout=CLOSE_SECONDS)
    except Exception as e:  # whatever Dask raises while closing, the run's own outcome stands
        print(f"cluster_match: closing the {type(thing).__name__} failed: {e!r}", file=sys.stderr)


def worker_count(client):
    """How many workers the client's cluster has now (at least 1)."""
    return max(1, len(client.scheduler_info()["workers"]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 usage="%(prog)s (--local N | --scheduler ADDRESS) [options] -- DRATP-MATCH ARGS")
    add_cluster_arguments(ap)
    ap.add_argument("--shards", type=int, help="number of shards (default: 4 per worker)")
    ap.add_argument("--retries", type=int, default=2, help="retries of a failed shard (default 2)")
    ap.add_argument("--pgnout", help="write the merged records here")
    ap.add_argument("--jsonout", help="write the merged summary here")
    ap.add_argument("match_args", nargs=argparse.REMAINDER, help="the dratp-match command line, after --")
    a = ap.parse_args(argv)
    match_args = a.match_args[1:] if a.match_args[:1] == ["--"] else a.match_args
    run_only = {"-shard", "-pgnout", "-jsonout", "-concurrency"}
    if not match_args or run_only & set(match_args):
        ap.error("give the dratp-match arguments after --, without -shard, -pgnout, -jsonout or -concurrency")
    match_bin = os.path.abspath(a.match_bin)
    try:
        with connect(a.local, a.scheduler) as client:
            shards = a.shards or 4 * worker_count(client)
            report = run_match(client, match_bin, match_args, shards, a.pgnout, a.jsonout, a.retries)
    except RuntimeError as e:
        print(f"cluster_match: {e}", file=sys.stderr)
        return 1
    if report["failed"]:
        print(f"cluster_match: {len(report['failed'])} shard(s) failed after retries; the result covers "
              f"{report['completed']} of {shards} shards", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
