//! Search tests: tactics suite, TT on/off agreement, determinism, limits, skill levels.

use dratp::rules::{action_text, parse_action, parse_nfen, Catalogue, Game, START_NFEN};
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
fn explore_start() {
    let g = game(START_NFEN);
    let mut s = Searcher::new(&one_thread());
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    let cat = Catalogue::builtin();
    let r = s.search(&g, &limits, &Signals::default(), &mut |i: &Info| {
        let pv: Vec<String> = i.pv.iter().map(|a| action_text(a, cat)).collect();
        println!(
            "depth {} score {:?} nodes {} pv {}",
            i.depth,
            i.score,
            i.nodes,
            pv.join(" ")
        );
    });
    println!("{:?} {}", r.best.map(|a| action_text(&a, cat)), r.nodes);
    let _ = parse_action;
}
