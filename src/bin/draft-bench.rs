//! The draft experiment of `BENCHMARKS.md` ("Draft"): the pick policy against
//! "dearest first" on seeded draft pools, each draft finished by fast self-play.
//!
//! `draft-bench [draws] [first seed] [depth …]`: for each draw, two drafts (the
//! policy picking first, then second), and for each draft one game per depth,
//! both sides searching to that depth. Prints one line per game, then the totals.
//!
//! `draft-bench fit [games] [first seed] [depth]`: games between random standard
//! forces (each pair twice, sides swapped), one CSV line per game with the
//! first player's score and both forces' summed piece features: the data the
//! policy's weights were fitted on (`scripts/fit_draft.py`).

use std::time::Instant;

use dratp::rules::catalogue::EffectStep;
use dratp::rules::forces::{random_draft_pool, random_force, start_position, Draft, Force, ForceRule};
use dratp::rules::{Catalogue, Game, Kind, Side};
use dratp::search::draft::{best_pick, dearest_pick, Features};
use dratp::search::{Limits, SearchOptions, Searcher, Signals};

/// Plies after which an unfinished game counts as a draw.
const MAX_PLIES: usize = 300;
/// Nodes per move at most: a few positions with many effect choices would otherwise take minutes at depth 3.
const MAX_NODES: u64 = 50_000;

/// Who won a self-play game between two forces: `Some(side)` or a draw.
fn play(first: &Force, second: &Force, depth: u32, cat: &'static Catalogue) -> (Option<Side>, usize) {
    let start = start_position(first, second, cat).expect("drafted forces are standard");
    let mut game = Game::new(start);
    let opts = SearchOptions {
        hash_mb: 4,
        ..SearchOptions::default()
    };
    let mut searcher = Searcher::new(&opts);
    let limits = Limits {
        depth: Some(depth),
        nodes: Some(MAX_NODES),
        ..Limits::default()
    };
    let signals = Signals::default();
    while game.result().is_none() && game.actions().len() < MAX_PLIES {
        let r = searcher.search(&game, &limits, &signals, &mut |_| {});
        match r.best {
            Some(a) => game.play(a),
            None => break,
        }
    }
    (game.result().and_then(|r| r.winner), game.actions().len())
}

/// Run a draft to its end, each side with its own policy.
fn draft(pool: &[Kind], policies: [Policy; 2], cat: &'static Catalogue) -> Draft {
    let mut d = Draft::new(pool.to_vec(), Vec::new(), cat).expect("a drawn pool is valid");
    while let Some(side) = d.to_pick() {
        let k = match policies[side.index()] {
            Policy::Ours => best_pick(&d, cat),
            Policy::Dearest => dearest_pick(&d, cat),
        }
        .expect("a pick while the draft runs");
        d.pick(k);
    }
    d
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Policy {
    Ours,
    Dearest,
}

/// Whether the piece's dratp or invoke gives extra moves.
fn extra_moves(cat: &Catalogue, k: Kind) -> bool {
    let e = &cat.get(k).effect;
    e.on_dratp
        .iter()
        .chain(e.invoke.as_ref().map(|i| &i.step))
        .any(|a| matches!(a, EffectStep::ExtraMoves(_)))
}

/// A force's piece features, summed.
fn feature_sums(f: &Force, cat: &'static Catalogue) -> [i32; 5] {
    f.maseitai.iter().fold([0; 5], |acc, &k| {
        let x = Features::of(cat, k);
        let v = [x.cost, x.before, x.after, x.effect, x.guard];
        std::array::from_fn(|i| acc[i] + v[i])
    })
}

/// The `fit` mode: features and results of games between random forces.
fn fit(args: &[String]) {
    let num = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (pairs, first_seed, depth) = (num(0, 100), num(1, 1), num(2, 2) as u32);
    let cat = Catalogue::builtin();
    println!("p1score,cost1,before1,after1,effect1,guard1,cost2,before2,after2,effect2,guard2");
    for seed in first_seed..first_seed + pairs {
        let a = random_force(ForceRule::Standard, cat, 2 * seed).expect("random force");
        let b = random_force(ForceRule::Standard, cat, 2 * seed + 1).expect("random force");
        for (p1, p2) in [(&a, &b), (&b, &a)] {
            let (winner, _) = play(p1, p2, depth, cat);
            let score = match winner {
                Some(Side::White) => "1",
                Some(Side::Black) => "0",
                None => "0.5",
            };
            let f: Vec<String> = feature_sums(p1, cat)
                .iter()
                .chain(&feature_sums(p2, cat))
                .map(i32::to_string)
                .collect();
            println!("{score},{}", f.join(","));
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("fit") {
        return fit(&args[1..]);
    }
    let num = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let draws = num(0, 40);
    let first_seed = num(1, 1);
    let mut depths: Vec<u32> = args.iter().skip(2).filter_map(|a| a.parse().ok()).collect();
    if depths.is_empty() {
        depths = vec![2, 3];
    }
    let cat = Catalogue::builtin();
    let navias = [
        cat.find_by_name("N01").expect("N01"),
        cat.find_by_name("N02").expect("N02"),
    ];
    let started = Instant::now();
    let (mut total, mut plies) = ([0u32; 3], 0usize);
    let mut by_seat = [[0u32; 3]; 2];
    let mut costs = [0u64; 2];
    let (mut seed, mut done, mut skipped) = (first_seed, 0, Vec::new());
    while done < draws {
        seed += 1;
        let pool = random_draft_pool(cat, seed - 1).expect("the built-in catalogue makes pools");
        // Extra-move effects (Tagu) make move generation explode in some positions; such draws are skipped.
        if pool.iter().any(|&k| extra_moves(cat, k)) {
            skipped.push(seed - 1);
            continue;
        }
        done += 1;
        let seed = seed - 1;
        for ours in Side::BOTH {
            let policies = match ours {
                Side::White => [Policy::Ours, Policy::Dearest],
                Side::Black => [Policy::Dearest, Policy::Ours],
            };
            let d = draft(&pool, policies, cat);
            let forces = d.forces(navias).expect("a finished draft");
            for s in Side::BOTH {
                let who = (policies[s.index()] == Policy::Dearest) as usize;
                costs[who] += forces[s.index()]
                    .maseitai
                    .iter()
                    .map(|&k| cat.get(k).cost as u64)
                    .sum::<u64>();
            }
            for &depth in &depths {
                let (winner, n) = play(&forces[0], &forces[1], depth, cat);
                plies += n;
                let outcome = match winner {
                    None => 1,
                    Some(w) if w == ours => 0,
                    Some(_) => 2,
                };
                total[outcome] += 1;
                by_seat[ours.index()][outcome] += 1;
                println!(
                    "seed {seed} ours {} depth {depth} plies {n} result {} | p1 {} | p2 {}",
                    if ours == Side::White { "p1" } else { "p2" },
                    ["win", "draw", "loss"][outcome],
                    forces[0].text(cat),
                    forces[1].text(cat)
                );
            }
        }
    }
    let [win, draw, loss] = total;
    println!("draws skipped (a piece with extra moves in the pool): seeds {skipped:?}");
    let games = win + draw + loss;
    let score = (win as f64 + draw as f64 / 2.0) / games.max(1) as f64;
    // Standard error of the mean score per game, from the observed outcomes.
    let var = (win as f64 * (1.0 - score).powi(2) + draw as f64 * (0.5 - score).powi(2) + loss as f64 * score.powi(2))
        / games.max(1) as f64;
    let se = (var / games.max(1) as f64).sqrt();
    println!(
        "games {games} ours +{win} ={draw} -{loss} score {:.1}% ± {:.1}% (2 s.e.) | ours as p1 +{} ={} -{} | as p2 +{} ={} -{}",
        100.0 * score,
        200.0 * se,
        by_seat[0][0],
        by_seat[0][1],
        by_seat[0][2],
        by_seat[1][0],
        by_seat[1][1],
        by_seat[1][2]
    );
    let drafts = (2 * draws).max(1) as f64;
    println!(
        "mean force cost: ours {:.1}, dearest {:.1}; mean plies {:.0}; {:.0} s",
        costs[0] as f64 / drafts,
        costs[1] as f64 / drafts,
        plies as f64 / games.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
}
