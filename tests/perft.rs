//! perft counts (`tests/data/perft.txt`, lines `NFEN;depth;count`) computed by
//! the independent reference generator (`tests/reference`), checked against
//! the fast generator's `perft::perft` (bulk) and `perft::perft_full`.
//!
//! Depth-4 lines and the full reference check are `#[ignore]`d: `.ci/run` runs
//! them in release (`cargo test --release --test perft -- --ignored`).

mod reference;

use dratp::rules::catalogue::Catalogue;
use dratp::rules::{nfen, parse_nfen, perft, Position};

use reference::{compare, reference_perft, test_catalogue};

/// One line of the data file.
struct Case {
    nfen: String,
    depth: u32,
    count: u64,
}

fn cases() -> Vec<Case> {
    include_str!("data/perft.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            assert_eq!(f.len(), 3, "perft.txt: `{l}` is not NFEN;depth;count");
            Case {
                nfen: f[0].to_string(),
                depth: f[1].parse().unwrap_or_else(|e| panic!("perft.txt: depth in `{l}`: {e}")),
                count: f[2].parse().unwrap_or_else(|e| panic!("perft.txt: count in `{l}`: {e}")),
            }
        })
        .collect()
}

fn position(c: &Case, cat: &'static Catalogue) -> Position {
    parse_nfen(&c.nfen, cat).unwrap_or_else(|e| panic!("perft.txt: {}: {e}", c.nfen))
}

/// The fast generator's counts, both ways, against the file.
fn check_fast(pick: impl Fn(&Case) -> bool) {
    let cat = test_catalogue();
    let mut failures = Vec::new();
    for c in cases().iter().filter(|c| pick(c)) {
        let pos = position(c, cat);
        let bulk = perft::perft(&pos, c.depth);
        let full = perft::perft_full(&pos, c.depth);
        if bulk != c.count || full != c.count {
            failures.push(format!("{};{}: expected {}, perft {bulk}, perft_full {full}", c.nfen, c.depth, c.count));
        }
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
}

#[test]
fn the_file_covers_the_start_and_eight_more_positions_to_depth_4() {
    let cs = cases();
    let mut positions: Vec<&str> = cs.iter().map(|c| c.nfen.as_str()).collect();
    positions.dedup();
    assert!(positions.contains(&dratp::rules::START_NFEN));
    assert!(positions.len() >= 9, "{} positions", positions.len());
    for p in positions {
        for d in 1..=4 {
            assert!(cs.iter().any(|c| c.nfen == p && c.depth == d), "{p}: no depth {d}");
        }
    }
}

#[test]
fn fast_perft_matches_the_file_to_depth_3() {
    check_fast(|c| c.depth <= 3);
}

#[test]
#[ignore = "depth 4: run in release by .ci/run"]
fn fast_perft_matches_the_file_at_depth_4() {
    check_fast(|c| c.depth == 4);
}

/// The counts in the file are the reference generator's (cheap depths here).
#[test]
fn reference_perft_matches_the_file_to_depth_2() {
    let cat = test_catalogue();
    for c in cases().iter().filter(|c| c.depth <= 2) {
        let pos = position(c, cat);
        assert_eq!(reference_perft(&pos.to_setup(), c.depth, cat), c.count, "{};{}", c.nfen, c.depth);
    }
}

#[test]
#[ignore = "slow: run in release by .ci/run"]
fn reference_perft_matches_the_file() {
    let cat = test_catalogue();
    for c in cases() {
        let pos = position(&c, cat);
        assert_eq!(reference_perft(&pos.to_setup(), c.depth, cat), c.count, "{};{}", c.nfen, c.depth);
    }
}

/// Both generators give the same actions and children on every position of
/// each file position's tree to depth 2.
#[test]
fn generators_agree_on_every_node_to_depth_2() {
    let cat = test_catalogue();
    let mut roots: Vec<String> = cases().into_iter().map(|c| c.nfen).collect();
    roots.dedup();
    let mut failures = Vec::new();
    for r in roots {
        let root = parse_nfen(&r, cat).unwrap();
        let mut nodes = vec![root];
        for a in root.legal_actions() {
            let child = root.play(&a);
            nodes.push(child);
            nodes.extend(child.legal_actions().iter().map(|b| child.play(b)));
        }
        for n in nodes {
            if let Err(e) = compare(&n) {
                failures.push(e);
                if failures.len() >= 5 {
                    break;
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Prints the file with every count recomputed by the reference generator:
/// `cargo test --release --test perft -- --ignored --nocapture regenerate`.
#[test]
#[ignore = "tool: prints tests/data/perft.txt as the reference computes it"]
fn regenerate() {
    let cat = test_catalogue();
    for c in cases() {
        let pos = position(&c, cat);
        assert_eq!(nfen(&pos), c.nfen, "perft.txt positions are written canonically");
        println!("{};{};{}", c.nfen, c.depth, reference_perft(&pos.to_setup(), c.depth, cat));
    }
}
