//! Search tests: tactics suite, TT on/off agreement, determinism, limits, skill levels.

use dratp::rules::{action_text, parse_action, parse_nfen, Catalogue, Game, START_NFEN};
use dratp::search::eval::Weights;
use dratp::search::{Info, Limits, Score, SearchOptions, Searcher, Signals};

fn game(nfen: &str) -> Game {
    Game::new(parse_nfen(nfen, Catalogue::builtin()).unwrap_or_else(|e| panic!("{nfen}: {e}")))
}

fn one_thread() -> SearchOptions {
    SearchOptions {
        hash_mb: 8,
        threads: 1,
        ..SearchOptions::default()
    }
}

/// One line of `tests/data/tactics.txt`: NFEN ; best move ; mate in ; comment.
struct Tactic {
    nfen: String,
    best: String,
    mate: i32,
    comment: String,
}

fn tactics() -> Vec<Tactic> {
    include_str!("data/tactics.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(" ; ").collect();
            assert_eq!(f.len(), 4, "bad tactics line: {l}");
            Tactic {
                nfen: f[0].into(),
                best: f[1].into(),
                mate: f[2].parse().unwrap(),
                comment: f[3].into(),
            }
        })
        .collect()
}

fn search(g: &Game, limits: &Limits, opts: &SearchOptions) -> (Option<String>, Option<Score>, u64) {
    let mut s = Searcher::new(opts);
    let mut last = None;
    let r = s.search(g, limits, &Signals::default(), &mut |i: &Info| last = Some(i.score));
    (r.best.map(|a| action_text(&a, Catalogue::builtin())), last, r.nodes)
}

/// Every root action that wins within `mate` moves, by a deeper search of each.
fn winning_moves(t: &Tactic, depth: u32) -> Vec<String> {
    let g = game(&t.nfen);
    let cat = Catalogue::builtin();
    let mut out = Vec::new();
    for a in g.position().legal_actions() {
        let limits = Limits {
            depth: Some(depth),
            searchmoves: vec![a],
            ..Limits::default()
        };
        let (_, score, _) = search(&g, &limits, &one_thread());
        if matches!(score, Some(Score::Mate(m)) if m > 0 && m <= t.mate) {
            out.push(action_text(&a, cat));
        }
    }
    out
}

#[test]
#[ignore = "slow: checks that each tactic has exactly one winning move"]
fn tactics_have_a_single_winning_move() {
    let mut bad = Vec::new();
    for t in tactics() {
        let wins = winning_moves(&t, (2 * t.mate as u32 + 1).max(4));
        println!("{} -> {:?}   ({})", t.best, wins, t.comment);
        if wins != [t.best.clone()] {
            bad.push(format!("{}: expected only {}, found {:?}", t.nfen, t.best, wins));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Node budget for each tactic: small enough to catch a search that lost its
/// way to the special wins, large enough for mate in 3 with summons.
const TACTIC_NODES: u64 = 200_000;

#[test]
fn tactics_suite_is_solved_within_the_node_budget() {
    let all = tactics();
    assert!(all.len() >= 30);
    let mut failures = Vec::new();
    for t in &all {
        let limits = Limits {
            nodes: Some(TACTIC_NODES),
            depth: Some(2 * t.mate as u32 + 2),
            ..Limits::default()
        };
        let (best, score, nodes) = search(&game(&t.nfen), &limits, &one_thread());
        let ok = best.as_deref() == Some(t.best.as_str()) && score == Some(Score::Mate(t.mate));
        if !ok {
            failures.push(format!(
                "{} ({}): got {best:?} {score:?} in {nodes} nodes, want {} mate {}",
                t.nfen, t.comment, t.best, t.mate
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn with_and_without_the_tt_the_mates_are_the_same() {
    for t in tactics() {
        let limits = Limits {
            depth: Some(2 * t.mate as u32 + 1),
            ..Limits::default()
        };
        let g = game(&t.nfen);
        let (with_tt, s1, _) = search(&g, &limits, &one_thread());
        let mut s = Searcher::new(&one_thread());
        s.set_use_tt(false);
        let mut score = None;
        let r = s.search(&g, &limits, &Signals::default(), &mut |i: &Info| score = Some(i.score));
        let without = r.best.map(|a| action_text(&a, Catalogue::builtin()));
        assert_eq!(with_tt, without, "{}", t.nfen);
        assert_eq!(s1, score, "{}", t.nfen);
    }
}

#[test]
fn go_nodes_is_deterministic_with_one_thread() {
    let g = game(START_NFEN);
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let a = search(&g, &limits, &one_thread());
    let b = search(&g, &limits, &one_thread());
    assert_eq!(a, b);
    assert!(a.2 >= 20_000 && a.2 < 20_100, "node budget overshot: {}", a.2);
}

#[test]
fn search_parameters_set_by_name_change_the_search_and_the_defaults_restore_it() {
    use dratp::search::params::{SearchParams, Tunable};
    let g = game(START_NFEN);
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let nodes = |params: SearchParams| {
        let mut s = Searcher::new(&one_thread());
        s.set_params(params);
        let r = s.search(&g, &limits, &Signals::default(), &mut |_| {});
        assert!(r.best.is_some_and(|a| g.position().legal_actions().contains(&a)));
        r.nodes
    };
    let default = nodes(SearchParams::default());
    // No reductions and no late-move pruning: the same depth costs more nodes.
    let mut full = SearchParams::default();
    full.set("lmr_min_depth", 10).unwrap();
    full.set("lmp_max_depth", 0).unwrap();
    assert!(nodes(full) > default, "{} vs {default}", nodes(full));
    // Setting every value back to its default by name gives the very same search.
    for p in SearchParams::PARAMS {
        full.set(p.name, p.default).unwrap();
    }
    assert_eq!(full, SearchParams::default());
    assert_eq!(nodes(full), default);
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn score_of(g: &Game, limits: &Limits) -> Option<Score> {
    search(g, limits, &one_thread()).1
}

#[test]
fn thousand_war_is_scored_as_a_draw() {
    // R26: the Navias shuffle; the second player's d6d7 makes the start position
    // occur for the third time with nobody in check: a draw.
    let mut g = game("3[n02]3/7/7/7/7/7/3[N01]3 w 0/0 -/- -/- - 1");
    play(&mut g, "d1d2 d7d6 d2d1 d6d7 d1d2 d7d6 d2d1");
    let d6d7 = parse_action("d6d7", g.position()).unwrap();
    let limits = Limits {
        depth: Some(3),
        searchmoves: vec![d6d7],
        ..Limits::default()
    };
    assert_eq!(score_of(&g, &limits), Some(Score::Cp(0)));
    play(&mut g, "d6d7");
    assert!(g.result().is_some_and(|r| r.winner.is_none()));
}

#[test]
fn a_perpetual_check_loses_for_the_side_giving_it() {
    // R26: the second player's rook-like Tiny Kiggoshi checks the first player's
    // Navia with every move; completing the third occurrence loses for the checker.
    let mut g = game("[+m07]5[n02]/7/7/7/7/7/[N01]6 w 0/0 -/- -/- - 1");
    play(&mut g, "a1b1 a7b7 b1a1 b7a7 a1b1 a7b7 b1a1");
    let b7a7 = parse_action("b7a7", g.position()).unwrap();
    let limits = Limits {
        depth: Some(3),
        searchmoves: vec![b7a7],
        ..Limits::default()
    };
    assert_eq!(score_of(&g, &limits), Some(Score::Mate(-1)));
    // Free to choose, the checker plays something else.
    let (best, score, _) = search(
        &g,
        &Limits {
            depth: Some(4),
            ..Limits::default()
        },
        &one_thread(),
    );
    assert_ne!(best.as_deref(), Some("b7a7"));
    assert!(!matches!(score, Some(Score::Mate(m)) if m < 0), "{score:?}");
    play(&mut g, "b7a7");
    let r = g.result().unwrap();
    assert_eq!(r.winner, Some(dratp::rules::Side::White));
}

#[test]
fn searchmoves_restricts_the_root() {
    let g = game(START_NFEN);
    let only = ["c2c3", "M06@a1"].map(|m| parse_action(m, g.position()).unwrap());
    let limits = Limits {
        depth: Some(3),
        searchmoves: only.to_vec(),
        ..Limits::default()
    };
    let (best, _, _) = search(&g, &limits, &one_thread());
    assert!(["c2c3", "M06@a1"].contains(&best.as_deref().unwrap()), "{best:?}");
}

#[test]
fn multipv_reports_distinct_legal_lines() {
    let g = game(START_NFEN);
    let opts = SearchOptions {
        multipv: 3,
        ..one_thread()
    };
    let mut s = Searcher::new(&opts);
    let mut lines: Vec<Info> = Vec::new();
    s.search(
        &g,
        &Limits {
            depth: Some(4),
            ..Limits::default()
        },
        &Signals::default(),
        &mut |i: &Info| lines.push(i.clone()),
    );
    let last: Vec<&Info> = lines.iter().rev().take(3).collect();
    let mut firsts: Vec<_> = last.iter().map(|i| (i.multipv, i.pv[0])).collect();
    firsts.sort_by_key(|f| f.0);
    assert_eq!(firsts.iter().map(|f| f.0).collect::<Vec<_>>(), [1, 2, 3]);
    assert!(firsts[0].1 != firsts[1].1 && firsts[1].1 != firsts[2].1 && firsts[0].1 != firsts[2].1);
    for i in &lines {
        assert_pv_legal(&g, &i.pv);
    }
}

fn assert_pv_legal(g: &Game, pv: &[dratp::rules::Action]) {
    let mut pos = *g.position();
    for a in pv {
        assert!(pos.legal_actions().contains(a), "illegal PV action {a:?}");
        pos = pos.play(a);
    }
}

#[test]
fn pv_and_best_are_legal_at_every_depth() {
    for t in tactics().iter().step_by(5).chain(std::iter::once(&Tactic {
        nfen: START_NFEN.into(),
        best: String::new(),
        mate: 0,
        comment: String::new(),
    })) {
        let g = game(&t.nfen);
        let mut s = Searcher::new(&one_thread());
        let mut pvs = Vec::new();
        let r = s.search(
            &g,
            &Limits {
                depth: Some(5),
                ..Limits::default()
            },
            &Signals::default(),
            &mut |i: &Info| pvs.push(i.pv.clone()),
        );
        assert!(g.position().legal_actions().contains(&r.best.unwrap()));
        if let Some(p) = r.ponder {
            assert!(g.position().play(&r.best.unwrap()).legal_actions().contains(&p));
        }
        for pv in &pvs {
            assert_pv_legal(&g, pv);
        }
    }
}

#[test]
fn go_mate_stops_once_the_mate_is_proven() {
    let t = tactics().into_iter().find(|t| t.mate == 2).unwrap();
    let limits = Limits {
        mate: Some(2),
        ..Limits::default()
    };
    let (best, score, _) = search(&game(&t.nfen), &limits, &one_thread());
    assert_eq!((best.as_deref(), score), (Some(t.best.as_str()), Some(Score::Mate(2))));
}

#[test]
fn stop_ends_an_infinite_search() {
    let g = game(START_NFEN);
    let signals = Signals::default();
    let mut s = Searcher::new(&one_thread());
    let started = std::time::Instant::now();
    let r = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            signals.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        s.search(
            &g,
            &Limits {
                infinite: true,
                ..Limits::default()
            },
            &signals,
            &mut |_| {},
        )
    });
    assert!(
        started.elapsed() >= std::time::Duration::from_millis(100),
        "answered before stop"
    );
    assert!(g.position().legal_actions().contains(&r.best.unwrap()));
}

#[test]
fn ponder_waits_for_ponderhit_then_follows_the_clock() {
    // A proven mate would end the search at once; pondering must still wait.
    let t = tactics().into_iter().next().unwrap();
    let g = game(&t.nfen);
    let signals = Signals::default();
    let mut s = Searcher::new(&one_thread());
    let limits = Limits {
        ponder: true,
        movetime: Some(std::time::Duration::from_millis(20)),
        ..Limits::default()
    };
    let started = std::time::Instant::now();
    let r = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            signals.ponderhit.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        s.search(&g, &limits, &signals, &mut |_| {})
    });
    assert!(
        started.elapsed() >= std::time::Duration::from_millis(100),
        "answered before ponderhit"
    );
    assert_eq!(r.best.map(|a| action_text(&a, Catalogue::builtin())), Some(t.best));
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut g = game(&tactics()[0].nfen);
    let best = tactics()[0].best.clone();
    play(&mut g, &best);
    let r = Searcher::new(&one_thread()).search(&g, &Limits::default(), &Signals::default(), &mut |_| {});
    assert_eq!(r.best, None);
}

#[test]
fn skill_levels_play_legal_reproducible_moves() {
    let g = game(START_NFEN);
    for level in [0, 1, 2, 7, 12, 19] {
        let opts = SearchOptions {
            skill_level: level,
            ..one_thread()
        };
        let limits = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        let a = search(&g, &limits, &opts).0.unwrap();
        let b = search(&g, &limits, &opts).0.unwrap();
        assert_eq!(a, b, "level {level}");
        assert!(parse_action(&a, g.position()).is_ok(), "level {level}: {a}");
    }
}

#[test]
fn skill_one_takes_a_win_or_the_most_gyullas() {
    let opts = SearchOptions {
        skill_level: 1,
        ..one_thread()
    };
    for t in tactics().iter().filter(|t| t.mate == 1) {
        assert_eq!(
            search(&game(&t.nfen), &Limits::default(), &opts).0.as_deref(),
            Some(t.best.as_str())
        );
    }
    // A red Gulled can take a Maseitai worth 10 (Moses) or a black Gulled worth 1.
    let g = game("3[n02]3/7/7/2[m10]1b2/3R3/7/3[N01]3 w 0/0 -/- -/- - 9");
    assert_eq!(search(&g, &Limits::default(), &opts).0.as_deref(), Some("d3c4"));
}

#[test]
fn skill_zero_is_a_uniform_choice_over_positions() {
    // Over many positions the random mover picks many different action indices.
    let opts = SearchOptions {
        skill_level: 0,
        ..one_thread()
    };
    let mut g = game(START_NFEN);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..20 {
        if g.result().is_some() {
            break;
        }
        let best = search(&g, &Limits::default(), &opts).0.unwrap();
        let idx = g
            .position()
            .legal_actions()
            .iter()
            .position(|a| action_text(a, Catalogue::builtin()) == best);
        seen.insert(idx.unwrap());
        g.play_text(&best).unwrap();
    }
    assert!(seen.len() >= 8, "{seen:?}");
}

#[test]
fn two_threads_find_the_same_mates() {
    let opts = SearchOptions {
        threads: 2,
        ..one_thread()
    };
    for t in tactics().iter().take(12) {
        let limits = Limits {
            depth: Some(2 * t.mate as u32 + 1),
            ..Limits::default()
        };
        let (best, score, _) = search(&game(&t.nfen), &limits, &opts);
        assert_eq!(
            (best.as_deref(), score),
            (Some(t.best.as_str()), Some(Score::Mate(t.mate))),
            "{}",
            t.nfen
        );
    }
}

#[test]
fn eval_report_names_every_term() {
    let text = Searcher::eval_report(&game(START_NFEN));
    for term in [
        "material",
        "gyullas",
        "keep",
        "gulled",
        "mobility",
        "zone",
        "navia safety",
        "goal race",
        "total",
    ] {
        assert!(text.contains(term), "{term} missing from\n{text}");
    }
}

/// Prints the depth and speed reached from the start in one second (for
/// BENCHMARKS.md; run with `--release -- --ignored --nocapture`).
#[test]
#[ignore = "measurement, not a check"]
fn measure_one_second_from_the_start() {
    let g = game(START_NFEN);
    let mut s = Searcher::new(&one_thread());
    let limits = Limits {
        movetime: Some(std::time::Duration::from_secs(1)),
        ..Limits::default()
    };
    let cat = Catalogue::builtin();
    s.search(&g, &limits, &Signals::default(), &mut |i: &Info| {
        let pv: Vec<String> = i.pv.iter().map(|a| action_text(a, cat)).collect();
        println!(
            "depth {} seldepth {} score {:?} nodes {} nps {} time {:?} pv {}",
            i.depth,
            i.seldepth,
            i.score,
            i.nodes,
            i.nps,
            i.time,
            pv.join(" ")
        );
    });
}

#[test]
fn bench_positions_parse_and_bench_is_deterministic() {
    for text in dratp::search::BENCH_POSITIONS {
        let g = game(text);
        assert!(g.result().is_none(), "{text}");
    }
    assert!((20..=40).contains(&dratp::search::BENCH_POSITIONS.len()));
    let (a, _) = dratp::search::bench(3, &mut |_| {});
    let (b, _) = dratp::search::bench(3, &mut |_| {});
    assert_eq!(a, b);
}

/// Prints the bench signature and speed (for BENCHMARKS.md; run with
/// `--release -- --ignored --nocapture`).
#[test]
#[ignore = "measurement, not a check"]
fn measure_bench() {
    let (nodes, time) = dratp::search::bench(dratp::search::BENCH_DEPTH, &mut |line| println!("{line}"));
    println!("Nodes searched: {nodes}");
    println!("Nodes/second: {}", (nodes as f64 / time.as_secs_f64()) as u64);
    println!("Time: {time:?}");
}

/// A start position with random forces (R28: a Maseitai at most twice), seeded.
fn random_forces(seed: u64) -> String {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut force = || {
        let mut picked: Vec<u64> = Vec::new();
        while picked.len() < 7 {
            let m = 1 + next(14);
            if picked.iter().filter(|&&p| p == m).count() < 2 {
                picked.push(m);
            }
        }
        picked.sort();
        picked.iter().map(|m| format!("M{m:02}")).collect::<Vec<_>>().join(",")
    };
    let (white, black) = (force(), force());
    let (nw, nb) = (1 + next(4), 1 + next(4));
    format!("1r1[n{nb:02}]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[N{nw:02}]1R1 w 0/0 {white}/{black} -/- - 1")
}

/// One player of a self-play match: a skill level, a node budget per move
/// and evaluation weights.
#[derive(Clone, Copy)]
struct Player {
    skill: u32,
    nodes: u64,
    weights: Weights,
}

impl Player {
    fn new(skill: u32, nodes: u64) -> Player {
        Player {
            skill,
            nodes,
            weights: Weights::DEFAULT,
        }
    }
}

/// Play one game; the winner's index in `players` (0 plays first), or `None` for a draw.
fn play_game(start: &str, players: [Player; 2], max_plies: usize) -> Option<usize> {
    let mut g = game(start);
    let mut searchers = players.map(|p| {
        let mut s = Searcher::new(&SearchOptions {
            hash_mb: 4,
            skill_level: p.skill,
            ..one_thread()
        });
        s.set_weights(p.weights);
        s
    });
    for _ in 0..max_plies {
        if let Some(r) = g.result() {
            return r.winner.map(|w| w.index());
        }
        let turn = g.position().side_to_move().index();
        let limits = Limits {
            nodes: Some(players[turn].nodes),
            ..Limits::default()
        };
        let r = searchers[turn].search(&g, &limits, &Signals::default(), &mut |_| {});
        g.play(r.best.expect("a move while the game goes on"));
    }
    g.result().and_then(|r| r.winner.map(|w| w.index()))
}

/// Elo difference and its 95% error from wins, draws and losses.
fn elo(w: u32, d: u32, l: u32) -> (f64, f64, f64) {
    let n = (w + d + l) as f64;
    let s = (w as f64 + d as f64 / 2.0) / n;
    let var = (w as f64 * (1.0 - s).powi(2) + d as f64 * (0.5 - s).powi(2) + l as f64 * s.powi(2)) / n;
    let se = (var / n).sqrt();
    let to_elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-6, 1.0 - 1e-6) - 1.0).log10();
    (s, to_elo(s), (to_elo(s + 1.96 * se) - to_elo(s - 1.96 * se)) / 2.0)
}

/// A match of `pairs` game pairs (colours swapped, random forces) of `a` against `b`.
fn run_match(name: &str, a: Player, b: Player, pairs: u64) {
    let (mut w, mut d, mut l) = (0, 0, 0);
    for i in 0..pairs {
        let start = random_forces(1000 + i);
        for a_first in [true, false] {
            let players = if a_first { [a, b] } else { [b, a] };
            match play_game(&start, players, 300) {
                None => d += 1,
                Some(x) if (x == 0) == a_first => w += 1,
                Some(_) => l += 1,
            }
        }
    }
    let (s, e, err) = elo(w, d, l);
    if l == 0 && d == 0 {
        // All won: the rule of three bounds the score from below (95%).
        let n = f64::from(w);
        let low = -400.0 * (1.0 / (1.0 - 3.0 / n) - 1.0).log10();
        println!("{name}: +{w} ={d} -{l} score 100%, Elo at least {low:+.0} (95%)");
    } else {
        println!(
            "{name}: +{w} ={d} -{l} score {:.1}% Elo {e:+.0} +/- {err:.0}",
            100.0 * s
        );
    }
}

/// Self-play strength report (for BENCHMARKS.md; run with `--release -- --ignored --nocapture`).
#[test]
#[ignore = "measurement, not a check: several minutes"]
fn measure_strength() {
    let full = Player::new(20, 4_000);
    run_match("full (4k nodes) vs Skill Level 0", full, Player::new(0, 1), 100);
    run_match("full (4k nodes) vs Skill Level 1", full, Player::new(1, 1), 100);
    run_match("full (4k nodes) vs full (2k nodes)", full, Player::new(20, 2_000), 100);
}

/// Skill levels against each other (for BENCHMARKS.md; run with `--release -- --ignored --nocapture`).
#[test]
#[ignore = "measurement, not a check: a few minutes"]
fn measure_skill_levels() {
    for (a, b) in [(2, 1), (5, 2), (10, 5), (15, 10), (20, 15)] {
        run_match(
            &format!("Skill Level {a} vs Skill Level {b}"),
            Player::new(a, 4_000),
            Player::new(b, 4_000),
            30,
        );
    }
}

/// Weight tuning by self-play: each variant (one weight changed) against the
/// default weights, 100 game pairs at 2000 nodes per move (results in BENCHMARKS.md).
#[test]
#[ignore = "measurement, not a check: several minutes"]
fn tune_weights() {
    let variants = [
        ("per_cost", 30),
        ("keep_percent", 60),
        ("mobility", 6),
        ("gyullas", 16),
        ("navia_exposed", 50),
        ("gulled_advance", 16),
        ("dratped_per_cost", 14),
        ("per_cost", 14),
        ("keep_percent", 95),
        ("mobility", 1),
        ("gulled_advance", 4),
        ("navia_exposed", 12),
        ("dratped_per_cost", 18),
    ];
    for (field, value) in variants {
        let mut w = Weights::DEFAULT;
        *match field {
            "per_cost" => &mut w.per_cost,
            "keep_percent" => &mut w.keep_percent,
            "mobility" => &mut w.mobility,
            "gyullas" => &mut w.gyullas,
            "navia_exposed" => &mut w.navia_exposed,
            "gulled_advance" => &mut w.gulled_advance,
            "dratped_per_cost" => &mut w.dratped_per_cost,
            _ => unreachable!("no weight {field}"),
        } = value;
        let p = Player {
            weights: w,
            ..Player::new(20, 2_000)
        };
        run_match(&format!("{field} {value} vs default"), p, Player::new(20, 2_000), 100);
    }
}

#[test]
fn random_forces_are_valid_starts() {
    for seed in 0..20 {
        let g = game(&random_forces(seed));
        assert!(g.result().is_none());
    }
}

/// CPU time of the calling thread (Linux), if the system tells it.
fn thread_cpu_time() -> Option<std::time::Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns = text.split_whitespace().next()?.parse().ok()?;
    Some(std::time::Duration::from_nanos(ns))
}

#[test]
fn the_clock_never_runs_out() {
    // Both sides start with 600 ms and 10 ms increments; each search's real time
    // comes off its clock, as a GUI would do it.
    let mut g = game(START_NFEN);
    let mut clock = [std::time::Duration::from_millis(600); 2];
    let inc = std::time::Duration::from_millis(10);
    let mut s = Searcher::new(&one_thread());
    for _ in 0..24 {
        if g.result().is_some() {
            break;
        }
        let side = g.position().side_to_move().index();
        let limits = Limits {
            time: clock.map(Some),
            inc: [Some(inc); 2],
            ..Limits::default()
        };
        let (started, cpu_before) = (std::time::Instant::now(), thread_cpu_time());
        let r = s.search(&g, &limits, &Signals::default(), &mut |_| {});
        let used = started.elapsed();
        // The search thinks on this thread; its CPU time is what it chose to spend. Wall time
        // also holds whatever a loaded machine gave to other processes, so it is only charged.
        let thought = thread_cpu_time()
            .map(|t| t - cpu_before.unwrap_or_default())
            .unwrap_or(used);
        assert!(
            thought < clock[side],
            "flagged: thought {thought:?} of {:?}",
            clock[side]
        );
        clock[side] = clock[side]
            .saturating_sub(used)
            .max(std::time::Duration::from_millis(20))
            + inc;
        g.play(r.best.unwrap());
    }
}

#[test]
fn mate_lines_end_with_the_winning_action() {
    for t in tactics().iter().filter(|t| t.mate <= 2) {
        let g = game(&t.nfen);
        let mut pv = Vec::new();
        let limits = Limits {
            depth: Some(2 * t.mate as u32 + 1),
            ..Limits::default()
        };
        Searcher::new(&one_thread()).search(&g, &limits, &Signals::default(), &mut |i: &Info| pv = i.pv.clone());
        assert_eq!(pv.len() as i32, 2 * t.mate - 1, "{}", t.nfen);
        assert_pv_legal(&g, &pv);
        let mut pos = *g.position();
        for a in &pv {
            pos = pos.play(a);
        }
        assert_eq!(
            pos.outcome().map(|o| o.winner),
            Some(g.position().side_to_move()),
            "{}",
            t.nfen
        );
    }
}

#[test]
fn searches_from_random_positions_with_every_piece_return_legal_lines() {
    // Forces drawn from the whole catalogue, then random play: the search must
    // answer with legal actions and legal lines whatever effects are about.
    let cat = Catalogue::builtin();
    let ids: Vec<String> = cat
        .entries()
        .iter()
        .filter(|e| !e.is_navia())
        .map(|e| e.code.to_string())
        .collect();
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let mut searched = 0;
    for _ in 0..24 {
        let mut force = || {
            let mut f: Vec<String> = (0..7).map(|_| ids[next(ids.len())].clone()).collect();
            f.sort();
            f.join(",")
        };
        let (white, black) = (force(), force());
        let start = format!("1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[N01]1R1 w 0/0 {white}/{black} -/- - 1");
        let mut g = game(&start);
        for _ in 0..(10 + next(40)) {
            if g.result().is_some() {
                break;
            }
            let legal = g.position().legal_actions();
            g.play(legal[next(legal.len())]);
        }
        if g.result().is_some() {
            continue;
        }
        let mut s = Searcher::new(&one_thread());
        let mut pvs = Vec::new();
        let r = s.search(
            &g,
            &Limits {
                depth: Some(3),
                ..Limits::default()
            },
            &Signals::default(),
            &mut |i: &Info| pvs.push(i.pv.clone()),
        );
        assert!(g.position().legal_actions().contains(&r.best.unwrap()));
        for pv in &pvs {
            assert_pv_legal(&g, pv);
        }
        searched += 1;
    }
    assert!(searched >= 12, "only {searched} positions searched");
}
