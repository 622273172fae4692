#!/usr/bin/env python3
"""SPSA tuning of dratp's search parameters and evaluation weights, its games played on a Dask cluster.

    scripts/spsa.py --local 2 --iterations 2000 --pairs 4 --tc 2+0.02 --checkpoint spsa.json --log spsa.log \\
        --out tuned --params rfp_margin,lmr_base_pct,mobility

The parameters, their defaults and ranges are read from the engine (`setoption name Tune value true`, then `uci`
lists each as `option name Tune_<name> type spin default D min LO max HI`). Iteration k (from 1) is Fishtest's SPSA:

    c_k = c / k^gamma,  a_k = a / (A + k)^alpha               (per parameter)
    flip = +1 or -1 at random, per parameter (Rademacher)
    theta+ = theta + c_k * flip,  theta- = theta - c_k * flip  (clamped to the range, rounded at play time)
    the engines theta+ and theta- play `pairs` game pairs (same random forces, colours swapped)
    theta = clamp(theta + a_k / c_k * (W - L) * flip)          (W, L: the wins and losses of theta+)

The games of an iteration are one `dratp-match` command line, sharded over the cluster by cluster_match.run_match.
After every iteration a line is added to the log and printed, and the state (theta, k, the random generator, the
settings) is written to the checkpoint; `--resume` goes on from the checkpoint. At the end the
tuned values are written as files the engine loads (weights: a `Weights File`; search parameters: `setoption`
lines), and the command line of the SPRT that must prove them is printed.
"""

import argparse
import io
import json
import math
import os
import random
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time

import cluster_match

# How long an interrupted run may take to close its cluster before it exits anyway (cluster_match closes each
# of the client and the cluster within CLOSE_SECONDS).
EXIT_SECONDS = 2 * cluster_match.CLOSE_SECONDS + 5
# Fishtest's and Spall's exponents.
ALPHA = 0.602
GAMMA = 0.101
# Default c at the last iteration: this share of a parameter's range, and at least 1 (integer values must differ).
C_END_SHARE = 0.05
# Default learning rate a_k / c_k^2 at the last iteration (Fishtest's usual r_end).
R_END = 0.002
# Default stability constant A: this share of the iterations (Spall's advice).
A_SHARE = 0.1
CHECKPOINT_VERSION = 1


def engine_lines(dratp, commands):
    """Send `commands` (lines) to the engine, then `quit`; its output lines."""
    out = subprocess.run([dratp], input="\n".join([*commands, "quit"]) + "\n", capture_output=True, text=True,
                         timeout=cluster_match.HANDSHAKE_SECONDS, check=True)
    return out.stdout.splitlines()


def tunables(dratp):
    """Every `Tune_` option the engine lists: [{name, default, min, max}] in its order, `Tune_` dropped."""
    params = []
    for line in engine_lines(dratp, ["setoption name Tune value true", "uci"]):
        words = line.split()
        if words[:2] == ["option", "name"] and words[2].startswith("Tune_") and words[3:5] == ["type", "spin"]:
            fields = dict(zip(words[5::2], words[6::2]))
            params.append({"name": words[2][len("Tune_"):], "default": int(fields["default"]),
                           "min": int(fields["min"]), "max": int(fields["max"])})
    if not params:
        raise RuntimeError(f"{dratp} lists no Tune_ options")
    return params


def weight_names(dratp, names):
    """Which of `names` are evaluation weights: those the engine's `Weights File` knows (one engine session)."""
    with tempfile.TemporaryDirectory(prefix="dratp-spsa-") as d:
        commands = []
        for i, name in enumerate(names):
            path = os.path.join(d, f"{i}.weights")
            with open(path, "w") as f:
                f.write(f"{name} 0\n")
            # `isready` is answered once the option is applied, so the n-th `readyok` closes the n-th probe.
            commands += [f"setoption name Weights File value {path}", "isready"]
        out = engine_lines(dratp, commands)
    unknown, probe = set(), 0
    for line in out:
        if line == "readyok":
            probe += 1
        elif line.startswith("info string error:") and f"unknown weight '{names[probe]}'" in line:
            unknown.add(names[probe])
    return [n for n in names if n not in unknown]


def parse_overrides(values, names, flag):
    """`--a`/`--c` values: `VALUE` for every parameter or `NAME=VALUE` for one; returns {name: value}."""
    given = {}
    for v in values or []:
        name, _, number = v.rpartition("=")
        targets = [name] if name else names
        if name and name not in names:
            raise ValueError(f"{flag} {v}: {name} is not one of the tuned parameters")
        try:
            value = float(number)
        except ValueError:
            raise ValueError(f"{flag} {v}: not a number") from None
        if not value > 0:
            raise ValueError(f"{flag} {v}: must be positive")
        given.update({t: value for t in targets})
    return given


def new_state(dratp, match_bin, limits, iterations, pairs, concurrency, names=None, a=(), c=(), A=None,
              alpha=ALPHA, gamma=GAMMA, seed=1, forces_seed=1, maxmoves=150, retries=2):
    """The state of a new run (k = 0, theta = the engine's defaults), every setting resolved.

    `names`: the parameters to tune (default: all the engine lists); `limits`: `-each` settings of dratp-match
    (`tc=2+0.02`, `depth=3`, ...); `a`, `c`: `--a`/`--c` values (see parse_overrides). Defaults, as Fishtest
    derives them from end values: c_end = max(5 % of the range, 1), c = c_end * N^gamma,
    a = 0.002 * c_end^2 * (A + N)^alpha, A = 10 % of N (N: iterations).
    """
    listed = tunables(dratp)
    known = {p["name"]: p for p in listed}
    names = list(names) if names else list(known)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(f"{dratp} has no Tune_ option for {', '.join(unknown)}")
    if len(set(names)) != len(names):
        raise ValueError("a parameter is named twice")
    if iterations < 1 or pairs < 1 or concurrency < 1:
        raise ValueError("iterations, pairs and concurrency must be at least 1")
    if not any(lim.split("=")[0] in ("tc", "st", "depth", "nodes") for lim in limits):
        raise ValueError("give a limit: tc=, st=, depth= or nodes=")
    A = A_SHARE * iterations if A is None else A
    a_given, c_given = parse_overrides(a, names, "--a"), parse_overrides(c, names, "--c")
    weights = set(weight_names(dratp, names))
    params = []
    for n in names:
        p = dict(known[n], weight=n in weights)
        p["c"] = c_given.get(n, max(C_END_SHARE * (p["max"] - p["min"]), 1) * iterations ** gamma)
        c_end = p["c"] / iterations ** gamma
        p["a"] = a_given.get(n, R_END * c_end ** 2 * (A + iterations) ** alpha)
        params.append(p)
    rng = random.Random(seed)
    settings = {"dratp": os.path.abspath(dratp), "match_bin": os.path.abspath(match_bin), "limits": list(limits),
                "iterations": iterations, "pairs": pairs, "concurrency": min(concurrency, pairs), "A": A,
                "alpha": alpha, "gamma": gamma, "seed": seed, "forces_seed": forces_seed, "maxmoves": maxmoves,
                "retries": retries}
    return {"version": CHECKPOINT_VERSION, "settings": settings, "params": params, "k": 0,
            "theta": {p["name"]: float(p["default"]) for p in params}, "rng": rng_state(rng)}


def rng_state(rng):
    """The generator's state as JSON can hold it."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def restored_rng(state):
    """The generator of a state."""
    rng = random.Random()
    version, internal, gauss = state["rng"]
    rng.setstate((version, tuple(internal), gauss))
    return rng


def gains(settings, p, k):
    """(a_k, c_k) of parameter p at iteration k."""
    return p["a"] / (settings["A"] + k) ** settings["alpha"], p["c"] / k ** settings["gamma"]


def clamp(x, p):
    """x within p's range."""
    return min(max(x, p["min"]), p["max"])


def play_value(x, p):
    """The integer the engine plays for theta = x: clamped, rounded half up."""
    return int(math.floor(clamp(x, p) + 0.5))


def engine_args(settings, name, values):
    """A dratp-match `-engine` with `Tune` on and each value set (`Tune` first: it must precede the others)."""
    return ["-engine", f"cmd={settings['dratp']}", f"name={name}", "option.Tune=true",
            *(f"option.Tune_{n}={v}" for n, v in values.items())]


def match_args(settings, plus, minus, k):
    """The dratp-match command line of iteration k: `pairs` game pairs of theta+ against theta-.

    Pair p (from 0) of iteration k has the random forces of pair forces_seed + (k - 1) * pairs + p, so no two
    pairs of a run share forces.
    """
    args = [*engine_args(settings, "plus", plus), *engine_args(settings, "minus", minus),
            "-each", *settings["limits"], "-games", "2", "-rounds", str(settings["pairs"]), "-repeat",
            "-forces", "random", f"seed={settings['forces_seed'] + (k - 1) * settings['pairs']}"]
    if settings["maxmoves"]:
        args += ["-maxmoves", str(settings["maxmoves"])]
    return args


def play_iteration(client, state):
    """Play iteration k = state["k"] + 1 on the cluster and update the state in place; returns its record."""
    settings, params = state["settings"], state["params"]
    k = state["k"] + 1
    rng = restored_rng(state)
    flips = {p["name"]: rng.choice((-1, 1)) for p in params}
    plus, minus = {}, {}
    for p in params:
        n = p["name"]
        _, c_k = gains(settings, p, k)
        plus[n] = play_value(state["theta"][n] + c_k * flips[n], p)
        minus[n] = play_value(state["theta"][n] - c_k * flips[n], p)
    started = time.monotonic()
    # run_match's result block and progress line are dropped: the iteration's log line says what counts.
    report = cluster_match.run_match(client, settings["match_bin"], match_args(settings, plus, minus, k),
                                     settings["concurrency"], retries=settings["retries"], out=io.StringIO(),
                                     progress=io.StringIO())
    if report["failed"]:
        raise RuntimeError(f"iteration {k}: {len(report['failed'])} shard(s) failed: {report['failed'][0]}")
    player = report["summary"]["players"][0]
    if player["name"] != "plus":
        raise RuntimeError(f"iteration {k}: the summary's first player is {player['name']}, not plus")
    wins, losses, draws = player["wins"], player["losses"], player["draws"]
    theta = {}
    for p in params:
        n = p["name"]
        a_k, c_k = gains(settings, p, k)
        theta[n] = clamp(state["theta"][n] + a_k / c_k * (wins - losses) * flips[n], p)
    record = {"k": k, "flips": flips, "plus": plus, "minus": minus, "wins": wins, "losses": losses,
              "draws": draws, "theta": theta, "seconds": round(time.monotonic() - started, 1)}
    state.update(k=k, theta=theta, rng=rng_state(rng))
    return record


def log_header(state):
    """The log's first line: what is tuned, and how."""
    s = state["settings"]
    return (f"# spsa: {len(state['params'])} parameters, {s['iterations']} iterations of {s['pairs']} game "
            f"pair(s), {' '.join(s['limits'])}, A={s['A']:g} alpha={s['alpha']:g} gamma={s['gamma']:g} "
            f"seed={s['seed']} forces seed={s['forces_seed']}")


def log_line(state, record):
    """An iteration's log line: k, the pair's result for theta+, and each theta with its flip."""
    thetas = " ".join(f"{n}={record['theta'][n]:.4f}({'+' if record['flips'][n] > 0 else '-'})"
                      for n in record["theta"])
    return (f"iter {record['k']}/{state['settings']['iterations']}  plus W-L-D "
            f"{record['wins']}-{record['losses']}-{record['draws']} ({record['wins'] - record['losses']:+d})  "
            f"{thetas}  {record['seconds']:.1f}s")


def save(path, state):
    """Write the checkpoint atomically: an interruption leaves the previous one or this one, never half."""
    tmp = f"{path}.tmp"
    with open(tmp, "w") as f:
        json.dump(state, f, indent=1)
    os.replace(tmp, path)


def load(path):
    """The state saved in a checkpoint."""
    with open(path) as f:
        state = json.load(f)
    if state.get("version") != CHECKPOINT_VERSION:
        raise ValueError(f"{path}: not a checkpoint of this script (version {state.get('version')})")
    return state


def restart_log(log, state):
    """Begin the log for a run at iteration state["k"]: the header, then the lines of the k iterations done.

    A line is logged before its checkpoint is saved, so after an interruption the log may hold one iteration more
    than the checkpoint: that one is played again and its line is dropped here.
    """
    done = []
    if state["k"] and os.path.exists(log):
        with open(log) as f:
            done = f.read().splitlines()[1:1 + state["k"]]
    with open(log, "w") as f:
        f.write("\n".join([log_header(state), *done]) + "\n")


def run(client, state, checkpoint, log, out=sys.stdout):
    """Play the iterations still to do, logging and then saving the checkpoint after each; returns their records."""
    save(checkpoint, state)
    restart_log(log, state)
    records = []
    while state["k"] < state["settings"]["iterations"]:
        record = play_iteration(client, state)
        line = log_line(state, record)
        with open(log, "a") as f:
            f.write(line + "\n")
        save(checkpoint, state)
        print(line, file=out, flush=True)
        records.append(record)
    return records


def tuned_values(state):
    """The values to play: theta rounded, as the games were played."""
    return {p["name"]: play_value(state["theta"][p["name"]], p) for p in state["params"]}


def write_outputs(state, prefix):
    """Write PREFIX.weights (the tuned weights, a `Weights File`) and PREFIX.options (the tuned search parameters,
    `setoption` lines to send the engine), each only if it has a value; returns (weights path, options path)."""
    values = tuned_values(state)
    weights = {p["name"]: values[p["name"]] for p in state["params"] if p["weight"]}
    search = {p["name"]: values[p["name"]] for p in state["params"] if not p["weight"]}
    weights_path = options_path = None
    if weights:
        weights_path = os.path.abspath(f"{prefix}.weights")
        with open(weights_path, "w") as f:
            f.write(f"# dratp evaluation weights tuned by scripts/spsa.py ({state['k']} iterations); "
                    "weights not listed keep their compiled default\n")
            f.writelines(f"{n} {v}\n" for n, v in weights.items())
    if search:
        options_path = os.path.abspath(f"{prefix}.options")
        with open(options_path, "w") as f:
            f.write("setoption name Tune value true\n")
            f.writelines(f"setoption name Tune_{n} value {v}\n" for n, v in search.items())
    return weights_path, options_path


def sprt_args(state, weights_path, tc):
    """dratp-match arguments of the verification SPRT: the tuned values against the defaults, at `tc`, random
    forces from the whole catalogue (pairs the tuning did not play), elo0=0 elo1=5 alpha=beta=0.05."""
    s = state["settings"]
    values = tuned_values(state)
    tuned = ["-engine", f"cmd={s['dratp']}", "name=tuned"]
    if weights_path:
        tuned.append(f"option.Weights File={weights_path}")
    search = [p["name"] for p in state["params"] if not p["weight"]]
    if search:
        tuned += ["option.Tune=true", *(f"option.Tune_{n}={values[n]}" for n in search)]
    unused_seed = s["forces_seed"] + s["iterations"] * s["pairs"]
    return [*tuned, "-engine", f"cmd={s['dratp']}", "name=default", "-each", f"tc={tc}", "-games", "2",
            "-rounds", "50000", "-repeat", "-forces", "random", f"seed={unused_seed}", "-maxmoves",
            str(s["maxmoves"] or 150), "-sprt", "elo0=0", "elo1=5", "alpha=0.05", "beta=0.05"]


# The options that define a run: with --resume they come from the checkpoint and may not be given.
TUNING_OPTIONS = ("dratp", "params", "iterations", "pairs", "concurrency", "a", "c", "A", "alpha", "gamma", "tc",
                  "st", "depth", "nodes", "each", "maxmoves", "seed", "forces_seed", "retries")


def arguments():
    """The command-line parser."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], usage="%(prog)s (--local N | --scheduler "
                                 "ADDRESS) [options]; see the module's docstring or README.md, Tuning")
    cluster_match.add_cluster_arguments(ap)
    ap.add_argument("--dratp", help="the engine, at this path on every worker and here (default target/release/dratp)")
    ap.add_argument("--params", help="comma-separated names to tune, without Tune_ (default: all the engine lists)")
    ap.add_argument("--iterations", type=int, help="iterations N (default 100)")
    ap.add_argument("--pairs", type=int, help="game pairs per iteration (default: one per worker)")
    ap.add_argument("--concurrency", type=int, help="shards an iteration is split into, i.e. games at once "
                    "(default: the workers, at most the pairs)")
    ap.add_argument("--a", action="append", metavar="[NAME=]VALUE",
                    help="a, for all or one parameter; repeatable (default 0.002 * c_end^2 * (A + N)^alpha)")
    ap.add_argument("--c", action="append", metavar="[NAME=]VALUE",
                    help="c, for all or one parameter; repeatable (default c_end * N^gamma, c_end = max(5%% of "
                    "the range, 1))")
    ap.add_argument("--A", type=float, help="stability constant A (default 10%% of N)")
    ap.add_argument("--alpha", type=float, help=f"a_k's exponent (default {ALPHA})")
    ap.add_argument("--gamma", type=float, help=f"c_k's exponent (default {GAMMA})")
    ap.add_argument("--tc", help="clock, as dratp-match's tc= (e.g. 2+0.02)")
    ap.add_argument("--st", help="fixed seconds a move")
    ap.add_argument("--depth", type=int, help="fixed depth")
    ap.add_argument("--nodes", type=int, help="fixed nodes a move")
    ap.add_argument("--each", action="append", metavar="KEY=VALUE",
                    help="another dratp-match engine setting for both engines (timemargin=30, option.Hash=16)")
    ap.add_argument("--maxmoves", type=int, help="draw by adjudication after this many moves a side (default 150)")
    ap.add_argument("--seed", type=int, help="seed of the perturbations (default 1)")
    ap.add_argument("--forces-seed", type=int, help="first random-forces seed (default 1)")
    ap.add_argument("--retries", type=int, help="retries of a failed shard (default 2)")
    ap.add_argument("--checkpoint", default="spsa.json", help="checkpoint file, written after every iteration")
    ap.add_argument("--resume", action="store_true", help="go on from the checkpoint, with its settings")
    ap.add_argument("--log", default="spsa.log", help="log file, a line per iteration")
    ap.add_argument("--out", default="spsa-tuned", help="prefix of the output files (.weights, .options)")
    ap.add_argument("--sprt-tc", help="time control of the printed SPRT (default: the run's tc, else 10+0.1)")
    return ap


def state_from_arguments(a, client):
    """A new run's state from the command line (defaults filled in; the pair count needs the cluster's size)."""
    limits = [f"{k}={getattr(a, k)}" for k in ("tc", "st", "depth", "nodes") if getattr(a, k) is not None]
    workers = cluster_match.worker_count(client)
    pairs = a.pairs or workers
    return new_state(a.dratp or "target/release/dratp", a.match_bin, [*limits, *(a.each or [])],
                     a.iterations or 100, pairs, a.concurrency or min(workers, pairs),
                     names=a.params.split(",") if a.params else None, a=a.a, c=a.c, A=a.A,
                     alpha=ALPHA if a.alpha is None else a.alpha, gamma=GAMMA if a.gamma is None else a.gamma,
                     seed=1 if a.seed is None else a.seed,
                     forces_seed=1 if a.forces_seed is None else a.forces_seed,
                     maxmoves=150 if a.maxmoves is None else a.maxmoves,
                     retries=2 if a.retries is None else a.retries)


def interrupt(signum, frame):
    """Ctrl-C or SIGTERM (a batch system's time limit, `kill`) stops the run, and the process exits within
    EXIT_SECONDS even if closing the cluster or joining its processes hangs: the checkpoint is saved by then."""
    def give_up():
        print(f"spsa: the cluster did not close within {EXIT_SECONDS} s; go on with --resume", file=sys.stderr,
              flush=True)
        os._exit(130)

    watchdog = threading.Timer(EXIT_SECONDS, give_up)
    watchdog.daemon = True
    watchdog.start()
    raise KeyboardInterrupt


def main(argv=None):
    signal.signal(signal.SIGTERM, interrupt)
    signal.signal(signal.SIGINT, interrupt)
    ap = arguments()
    a = ap.parse_args(argv)
    if a.resume:
        given = [o for o in TUNING_OPTIONS if getattr(a, o) is not None]
        if given:
            ap.error(f"with --resume the settings are the checkpoint's: drop --{', --'.join(given)}")
        state = load(a.checkpoint)
    elif os.path.exists(a.checkpoint):
        ap.error(f"{a.checkpoint} exists: --resume it, or give another --checkpoint")
    try:
        with cluster_match.connect(a.local, a.scheduler) as client:
            if not a.resume:
                state = state_from_arguments(a, client)
            run(client, state, a.checkpoint, a.log)
    except (RuntimeError, ValueError, OSError, subprocess.SubprocessError) as e:
        print(f"spsa: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"spsa: interrupted; {a.checkpoint} holds the state, go on with --resume", file=sys.stderr)
        return 130
    weights_path, options_path = write_outputs(state, a.out)
    for path in (weights_path, options_path):
        if path:
            print(f"wrote {path}")
    tcs = [lim[len("tc="):] for lim in state["settings"]["limits"] if lim.startswith("tc=")]
    args = sprt_args(state, weights_path, a.sprt_tc or (tcs[0] if tcs else "10+0.1"))
    match_bin = state["settings"]["match_bin"]
    cluster = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cluster_match.py")
    print("Verification SPRT of the tuned values against the defaults, in one process or on a cluster:")
    print(shlex.join([match_bin, *args]))
    print(shlex.join(["python3", cluster, "--local", "2", "--match-bin", match_bin, "--", *args]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
