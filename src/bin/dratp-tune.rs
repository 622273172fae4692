//! `dratp-tune`: Texel tuning of the evaluation weights (README, "Tuning").
//!
//! - `dump`: self-play games (or `dratp-match` PGN records) → a data file of
//!   quiet positions labelled by the game's result for the side to move.
//! - `texel`: fit K, then descend on the weights; logs every step, resumes
//!   from its checkpoint, writes the best weights as a weights file.
//! - `compare`: in-process games, tuned weights against the defaults (or
//!   another weights file), random forces, colours swapped in pairs.

use std::collections::HashMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use dratp::matchrun::pgn::read_games;
use dratp::matchrun::stats::{Elo, Pentanomial, Wdl};
use dratp::rules::{parse_nfen, Catalogue, Game, Side, START_NFEN};
use dratp::search::eval::Weights;
use dratp::search::tune::{
    fit_k, mean_error, play_game, quiet_samples, random_start, Dataset, PlayConfig, Tuner, WEIGHTS,
};

const USAGE: &str = "\
usage: dratp-tune dump --out FILE [--games N] [--seed S] [--depth D] [--nodes N] [--random-plies P]
                       [--max-plies P] [--per-game M] [--threads T] [--pgn RECORDS]...
       dratp-tune texel --data FILE [--check FILE] [--out WEIGHTS] [--checkpoint FILE] [--iterations N] [--rate R]
                       [--k K] [--start WEIGHTS] [--threads T]
       dratp-tune compare --weights WEIGHTS [--base WEIGHTS] [--pairs N] [--seed S] [--depth D]
                       [--nodes N] [--random-plies P] [--max-plies P] [--threads T]

dump     plays seeded self-play games between random forces of the whole catalogue (or replays
         dratp-match records given with --pgn) and writes their quiet positions, one a line:
         `result NFEN`, result 1 / 0.5 / 0 for the side to move. Defaults: 100 games from seed 1,
         depth 3, 20000 nodes a move, 8 random plies (skipped in the data), 300 plies at most
         (unfinished games are dropped), 10 positions a game (0: all), 1 thread.
texel    fits K on the starting weights (unless --k), then runs Adam on the weights for
         --iterations steps (default 200) of --rate weight units (default 1), logging each step.
         With --checkpoint, resumes from that file if it exists and rewrites it after every step.
         With --check (other positions, same format), the best weights are those with the lowest
         error on that set (early stopping); without it, on the training data. Writes the best
         weights to --out (a weights file: `name value` per line).
compare  plays --pairs game pairs (default 50; same forces and opening, colours swapped) between
         --weights and --base (default: the compiled-in weights), 2000 nodes a move by default,
         and prints the score and Elo with its 95% error bar.";

/// The `--name value` options of a command line; `--pgn` may repeat.
struct Options(HashMap<String, Vec<String>>);

impl Options {
    fn parse(args: &[String], known: &[&str]) -> Result<Options, String> {
        let mut map: HashMap<String, Vec<String>> = HashMap::new();
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let name = flag.strip_prefix("--").filter(|n| known.contains(n));
            let name = name.ok_or_else(|| format!("unknown option '{flag}'"))?;
            let value = it.next().ok_or_else(|| format!("--{name} needs a value"))?;
            map.entry(name.to_string()).or_default().push(value.clone());
        }
        Ok(Options(map))
    }

    fn text(&self, name: &str) -> Option<&str> {
        self.0.get(name).and_then(|v| v.last()).map(String::as_str)
    }

    fn all(&self, name: &str) -> &[String] {
        self.0.get(name).map_or(&[], Vec::as_slice)
    }

    fn required(&self, name: &str) -> Result<&str, String> {
        self.text(name).ok_or_else(|| format!("--{name} is required"))
    }

    fn num<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.text(name) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| format!("--{name}: '{v}' is not a valid number")),
        }
    }
}

fn read(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}

fn write(path: &str, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{path}: {e}"))
}

fn weights_file(path: Option<&str>) -> Result<Weights, String> {
    path.map_or(Ok(Weights::DEFAULT), |p| {
        Weights::from_text(&read(p)?).map_err(|e| format!("{p}: {e}"))
    })
}

/// Run `job(0..n)` on `threads` threads; `done` sees each result as it comes; returns them in index order.
fn parallel<T: Send>(
    n: usize,
    threads: usize,
    job: impl Fn(usize) -> T + Sync,
    mut done: impl FnMut(usize, &T),
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel();
    let mut out: Vec<Option<T>> = (0..n).map(|_| None).collect();
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, n.max(1)) {
            let tx = tx.clone();
            let (next, job) = (&next, &job);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n || tx.send((i, job(i))).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, r) in rx {
            done(i, &r);
            out[i] = Some(r);
        }
    });
    out.into_iter().map(|r| r.expect("every job ran")).collect()
}

fn play_config(o: &Options, nodes: u64) -> Result<PlayConfig, String> {
    Ok(PlayConfig {
        depth: o.num("depth", 3)?,
        nodes: o.num("nodes", nodes)?,
        random_plies: o.num("random-plies", 8)?,
        max_plies: o.num("max-plies", 300)?,
    })
}

/// Games of `dratp-match` records with their winners; unfinished records (`*`) are left out.
fn pgn_games(paths: &[String]) -> Result<Vec<(Game, Option<Side>)>, String> {
    let cat = Catalogue::builtin();
    let mut out = Vec::new();
    for path in paths {
        let games = read_games(&read(path)?).map_err(|e| format!("{path}: {e}"))?;
        for (n, g) in games.iter().enumerate() {
            let winner = match g.result.as_str() {
                "1-0" => Some(Side::White),
                "0-1" => Some(Side::Black),
                "1/2-1/2" => None,
                _ => continue,
            };
            let fail = |e: String| format!("{path}: game {}: {e}", n + 1);
            let start = parse_nfen(g.tag("FEN").unwrap_or(START_NFEN), cat).map_err(|e| fail(e.to_string()))?;
            let mut game = Game::new(start);
            for m in &g.moves {
                game.play_text(&m.text).map_err(|e| fail(e.to_string()))?;
            }
            out.push((game, winner));
        }
    }
    Ok(out)
}

fn dump(o: &Options) -> Result<(), String> {
    let out = o.required("out")?;
    let cfg = play_config(o, 20_000)?;
    let (games, seed, per_game, threads) = (
        o.num("games", 100)?,
        o.num("seed", 1u64)?,
        o.num("per-game", 10)?,
        o.num("threads", 1)?,
    );
    let mut lines = vec![format!(
        "# dratp-tune dump: {} (result for the side to move, then NFEN)",
        std::env::args().skip(1).collect::<Vec<_>>().join(" ")
    )];
    let (mut kept, mut dropped) = (0, 0);
    if !o.all("pgn").is_empty() {
        for (i, (game, winner)) in pgn_games(o.all("pgn"))?.iter().enumerate() {
            lines.extend(quiet_samples(
                game,
                *winner,
                cfg.random_plies,
                &[],
                per_game,
                seed + i as u64,
            ));
            kept += 1;
        }
    } else {
        let cat = Catalogue::builtin();
        let play = |i: usize| {
            let s = seed + i as u64;
            let p = play_game(random_start(s, cat), [Weights::DEFAULT; 2], &cfg, s);
            let winner = p.result.map(|r| r.winner);
            let samples = winner.map(|w| quiet_samples(&p.game, w, cfg.random_plies, &p.decided, per_game, s));
            (p.game.actions().len(), samples)
        };
        let show = |i: usize, r: &(usize, Option<Vec<String>>)| {
            let what =
                r.1.as_ref()
                    .map_or("unfinished, dropped".into(), |s| format!("{} positions", s.len()));
            eprintln!("game {} (seed {}): {} plies, {what}", i + 1, seed + i as u64, r.0);
        };
        for (_, samples) in parallel(games, threads, play, show) {
            match samples {
                Some(s) => (kept, _) = (kept + 1, lines.extend(s)),
                None => dropped += 1,
            }
        }
    }
    eprintln!(
        "{} positions from {kept} games ({dropped} unfinished dropped) written to {out}",
        lines.len() - 1
    );
    write(out, &(lines.join("\n") + "\n"))
}

fn texel(o: &Options) -> Result<(), String> {
    let path = o.required("data")?;
    let threads = o.num("threads", 1)?;
    let data = Dataset::parse(&read(path)?, Catalogue::builtin()).map_err(|e| format!("{path}: {e}"))?;
    if data.is_empty() {
        return Err(format!("{path}: no positions"));
    }
    let check = match o.text("check") {
        Some(c) => Some(Dataset::parse(&read(c)?, Catalogue::builtin()).map_err(|e| format!("{c}: {e}"))?),
        None => None,
    };
    let check = check.as_ref().filter(|c| !c.is_empty());
    let checkpoint = o.text("checkpoint");
    let mut tuner = match checkpoint.filter(|c| std::path::Path::new(c).exists()) {
        Some(c) => {
            let t = Tuner::from_checkpoint(&read(c)?, &data, check).map_err(|e| format!("{c}: {e}"))?;
            println!(
                "resumed from {c} at iteration {} (K {}, best error {})",
                t.iteration, t.k, t.best_error
            );
            t
        }
        None => {
            let start = weights_file(o.text("start"))?;
            let k = match o.text("k") {
                Some(_) => o.num("k", 1.0)?,
                None => fit_k(&data, &start, threads),
            };
            println!(
                "{} positions; K {k:.6}; error at the start {:.7}{}",
                data.len(),
                mean_error(&data, &start, k, threads),
                check.map_or(String::new(), |c| format!(
                    " (check set, {} positions: {:.7})",
                    c.len(),
                    mean_error(c, &start, k, threads)
                ))
            );
            Tuner::new(&data, check, &start, k, o.num("rate", 1.0)?)
        }
    };
    let iterations: u32 = o.num("iterations", 200)?;
    while tuner.iteration < iterations {
        let before = tuner.weights().values();
        let step = tuner.step(&data, check, threads);
        let moved: Vec<String> = WEIGHTS
            .iter()
            .zip(before.iter().zip(step.weights.values()))
            .filter(|(_, (a, b))| *a != b)
            .map(|(s, (a, b))| format!("{} {a}→{b}", s.name))
            .collect();
        println!(
            "iter {} error {:.7}{} best {:.7} | {}",
            step.iteration,
            step.error,
            step.check_error.map_or(String::new(), |c| format!(" check {c:.7}")),
            tuner.best_error,
            moved.join(", ")
        );
        if let Some(c) = checkpoint {
            write(c, &tuner.to_checkpoint())?;
        }
    }
    if tuner.iteration == 0 {
        return Ok(());
    }
    println!(
        "best error {:.7} (K {:.6}); weights:\n{}",
        tuner.best_error,
        tuner.k,
        tuner.best.to_text()
    );
    match o.text("out") {
        Some(out) => write(out, &tuner.best.to_text()),
        None => Ok(()),
    }
}

fn compare(o: &Options) -> Result<(), String> {
    let tuned = weights_file(Some(o.required("weights")?))?;
    let base = weights_file(o.text("base"))?;
    let cfg = PlayConfig {
        depth: o.num("depth", 64)?,
        ..play_config(o, 2_000)?
    };
    let (pairs, seed, threads) = (o.num("pairs", 50)?, o.num("seed", 1u64)?, o.num("threads", 1)?);
    let cat = Catalogue::builtin();
    // Half-points of the tuned side in game `i`: pair i / 2, tuned first in even games. Unfinished games are draws.
    let play = |i: usize| {
        let s = seed + (i / 2) as u64;
        let tuned_side = Side::BOTH[i % 2];
        let w = if tuned_side == Side::White {
            [tuned, base]
        } else {
            [base, tuned]
        };
        let p = play_game(random_start(s, cat), w, &cfg, s);
        match p.result.and_then(|r| r.winner) {
            Some(winner) if winner == tuned_side => 2u8,
            Some(_) => 0,
            None => 1,
        }
    };
    let show = |i: usize, hp: &u8| {
        eprintln!(
            "game {} (seed {}): tuned scores {}",
            i + 1,
            seed + (i / 2) as u64,
            *hp as f64 / 2.0
        )
    };
    let results = parallel(2 * pairs, threads, play, show);
    let (mut wdl, mut penta) = (Wdl::default(), Pentanomial::default());
    for pair in results.chunks(2) {
        pair.iter().for_each(|&hp| wdl.add_half_points(hp));
        penta.add_pair(pair[0], pair[1]);
    }
    let elo = Elo::new(wdl);
    println!(
        "tuned vs base: {} games +{} ={} -{} score {:.1}% Elo {:+.1} ± {:.1} (95%) LOS {:.1}% pentanomial {:?}",
        wdl.games(),
        wdl.wins,
        wdl.draws,
        wdl.losses,
        100.0 * wdl.score(),
        elo.diff(),
        elo.error_margin(),
        elo.los(),
        penta.counts
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or(&[]);
    let r = match args.first().map(String::as_str) {
        None | Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some("dump") => Options::parse(
            rest,
            &[
                "out",
                "games",
                "seed",
                "depth",
                "nodes",
                "random-plies",
                "max-plies",
                "per-game",
                "threads",
                "pgn",
            ],
        )
        .and_then(|o| dump(&o)),
        Some("texel") => Options::parse(
            rest,
            &[
                "data",
                "check",
                "out",
                "checkpoint",
                "iterations",
                "rate",
                "k",
                "start",
                "threads",
            ],
        )
        .and_then(|o| texel(&o)),
        Some("compare") => Options::parse(
            rest,
            &[
                "weights",
                "base",
                "pairs",
                "seed",
                "depth",
                "nodes",
                "random-plies",
                "max-plies",
                "threads",
            ],
        )
        .and_then(|o| compare(&o)),
        Some(other) => Err(format!("unknown command '{other}' (dump, texel or compare)")),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dratp-tune: {e}\n(dratp-tune --help for usage)");
            ExitCode::from(2)
        }
    }
}
