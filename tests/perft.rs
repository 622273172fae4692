//! perft counts (`tests/data/perft.txt`, lines `NFEN;depth;count`) computed by
//! the independent reference generator (`tests/reference`), checked against
//! the fast generator's `perft::perft` (bulk) and `perft::perft_full`.
//!
//! Depth-4 lines and the full reference check are `#[ignore]`d: `.ci/run` runs
//! them in release (`cargo test --release --test perft -- --ignored`).

mod reference;

use dratp::rules::catalogue::Catalogue;
use dratp::rules::{action_text, nfen, parse_nfen, perft, Position};

use reference::{compare, reference_perft, test_catalogue};

const FILE: &str = include_str!("data/perft.txt");

/// One line of the data file, with the name of the `# name: purpose` comment above it.
struct Case {
    name: String,
    nfen: String,
    depth: u32,
    count: u64,
}

fn parse_case(name: &str, l: &str) -> Case {
    let f: Vec<&str> = l.split(';').collect();
    assert_eq!(f.len(), 3, "perft.txt: `{l}` is not NFEN;depth;count");
    Case {
        name: name.to_string(),
        nfen: f[0].to_string(),
        depth: f[1]
            .parse()
            .unwrap_or_else(|e| panic!("perft.txt: depth in `{l}`: {e}")),
        count: f[2]
            .parse()
            .unwrap_or_else(|e| panic!("perft.txt: count in `{l}`: {e}")),
    }
}

fn cases() -> Vec<Case> {
    let mut name = String::new();
    let mut out = Vec::new();
    for l in FILE.lines().map(str::trim) {
        if let Some(c) = l.strip_prefix("# ") {
            if let Some((n, _)) = c.split_once(": ") {
                name = n.to_string();
            }
        } else if !l.is_empty() {
            out.push(parse_case(&name, l));
        }
    }
    out
}

fn position(c: &Case, cat: &'static Catalogue) -> Position {
    parse_nfen(&c.nfen, cat).unwrap_or_else(|e| panic!("perft.txt: {}: {e}", c.nfen))
}

/// Actions each file position is there to exercise: legal at its root, or
/// (with `!`) not legal.
const FEATURES: &[(&str, &[&str])] = &[
    ("start", &["M01@c1", "M01@e1", "!M01@d2", "a2a3"]),
    // R16 Navia Guard on non-summon squares; R19 Navia dratp after a move, not in check (R24).
    (
        "navia_guard",
        &["M01@d3", "M93@b4", "M05@a1", "!M05@d3", "c3b3+", "!c3+"],
    ),
    // R17: 16 halved to 8 in the zone; 9 out of it is too dear; 9 to 5 after moving in; reward before the dratp.
    ("reduction_zone", &["c4+", "!e3+", "e3e4+", "c4d5+", "b3b4+"]),
    // R18: 4, or 2 in the zone; D3: Gundrill may move itself.
    ("gundrill_invoke", &["f4*:b2d4", "d3d4*:a3b4", "f4*:f4d6", "!d3*"]),
    ("netol_kiggoshi_troll", &["b2+:M02@a1", "e2+:d5", "e2+:f2", "!e2+:d7"]),
    // D4: two white black Gulled swap to nothing.
    ("olip_koma", &["c6+:f2,b3", "!c6+:e2,b3", "f5+:d4", "!f5+:f5"]),
    // D1: the optional teleport may be declined.
    ("kapinah", &["a1+", "a1+:g7", "!a1+:a2"]),
    (
        "turtle_line_over",
        &["c7^:G", "c7^:M04@b1", "f7^:M13@g2", "!c7^:M04@a1", "d5d6"],
    ),
    ("navia_goal", &["c7^"]),
    // D12: a bounce off the edge at once takes the Navia; D13: jumps over either side, not onto an immortal.
    (
        "jump_bounce",
        &["a4d7", "b3b5", "b3b6", "d4c4", "d4d7", "!d4d6", "!d4b4", "f2c3", "b3+"],
    ),
    ("immortal", &["e4e5", "!c4c5", "c3+:c5"]),
    // D16: a dratped Kanaba cannot move; Nemchant may undo its freeze.
    ("freeze_undo", &["d4+", "d4d5+", "!c3d3", "!c3c4"]),
    // D26: only the opponent's graveyard; R3 summon squares only.
    (
        "steal_revive",
        &[
            "b4a3+:R@a1",
            "b4+:M07@g1",
            "b4+:B@f1",
            "!b4+:M05@a1",
            "!b4+:B@a2",
            "f4+",
            "d3+",
        ],
    ),
    ("area_removal", &["c4+", "d3+", "d3d4+"]),
    // D20: two further moves when two are possible.
    ("tagu_revenge", &["b4+:d3d4,d4d5", "b4+:c2c3,c3d4", "!b4+:d3d4"]),
    // D19, D25, D16: the advance; a protected piece and a frozen Gulled.
    ("advance", &["a2*", "b4b5", "!c4c5", "!d3d4"]),
    // D23, D24: Tanhoizer's dots, the outpost's ban on a1 and c1 (not for Navia Guards).
    (
        "outpost_tanhoizer",
        &["M02@d5", "M02@b3", "!M02@a1", "!M02@c1", "M01@c2", "d4+:b7", "!d4+:a1"],
    ),
    // D25: Wishborn protects d3 (not itself); Matogayu takes the red Gulled.
    ("protection", &["c5b4", "!d4d3"]),
    // D27: Chakrabat's drain is not offered against an empty pool (black's turn there).
    ("undo_invokes", &["c4*", "b3*:e2", "e4+", "b3b2*:c1"]),
];

#[test]
fn the_positions_exercise_what_they_claim() {
    let cat = test_catalogue();
    let cs = cases();
    for (name, wants) in FEATURES {
        let c = cs
            .iter()
            .find(|c| c.name == *name)
            .unwrap_or_else(|| panic!("no position named {name}"));
        let pos = position(c, cat);
        let texts: Vec<String> = pos.legal_actions().iter().map(|a| action_text(a, cat)).collect();
        for w in *wants {
            match w.strip_prefix('!') {
                Some(absent) => assert!(!texts.iter().any(|t| t == absent), "{name}: {absent} is legal"),
                None => assert!(texts.iter().any(|t| t == w), "{name}: {w} is not legal"),
            }
        }
    }
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
            failures.push(format!(
                "{};{}: expected {}, perft {bulk}, perft_full {full}",
                c.nfen, c.depth, c.count
            ));
        }
    }
    assert!(failures.is_empty(), "perft mismatches:\n{}", failures.join("\n"));
}

#[test]
fn the_file_covers_the_start_and_sixteen_more_positions_to_depth_3_nine_to_depth_4() {
    let cs = cases();
    let mut positions: Vec<&str> = cs.iter().map(|c| c.nfen.as_str()).collect();
    positions.dedup();
    assert!(positions.contains(&dratp::rules::START_NFEN));
    assert!(positions.len() >= 17, "{} positions", positions.len());
    for p in &positions {
        for d in 1..=3 {
            assert!(cs.iter().any(|c| c.nfen == *p && c.depth == d), "{p}: no depth {d}");
        }
    }
    let deep = positions
        .iter()
        .filter(|p| cs.iter().any(|c| c.nfen == **p && c.depth == 4))
        .count();
    assert!(deep >= 9, "{deep} positions to depth 4");
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
    reference_agrees_up_to(2);
}

#[test]
#[ignore = "slow: run in release by .ci/run"]
fn reference_perft_matches_the_file() {
    reference_agrees_up_to(u32::MAX);
}

/// The reference generator's perft equals the file's count for every case up to `max_depth`.
fn reference_agrees_up_to(max_depth: u32) {
    let cat = test_catalogue();
    for c in cases().iter().filter(|c| c.depth <= max_depth) {
        let pos = position(c, cat);
        assert_eq!(
            reference_perft(&pos.to_setup(), c.depth, cat),
            c.count,
            "{};{}",
            c.nfen,
            c.depth
        );
    }
}

/// `divide` splits the count by root action, each as the reference counts it.
#[test]
fn divide_matches_the_reference_per_root_action() {
    let cat = test_catalogue();
    for c in cases().iter().filter(|c| c.depth == 3) {
        let pos = position(c, cat);
        let split = perft::divide(&pos, c.depth);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), c.count, "{}", c.nfen);
        for (a, n) in split {
            let child = pos.play(&a).to_setup();
            let want = reference_perft(&child, c.depth - 1, cat);
            assert_eq!(n, want, "{} after {}", c.nfen, action_text(&a, cat));
        }
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
    for l in FILE.lines() {
        if l.trim().is_empty() || l.starts_with('#') {
            println!("{l}");
            continue;
        }
        let c = parse_case("", l);
        let pos = position(&c, cat);
        assert_eq!(nfen(&pos), c.nfen, "perft.txt positions are written canonically");
        println!(
            "{};{};{}",
            c.nfen,
            c.depth,
            reference_perft(&pos.to_setup(), c.depth, cat)
        );
    }
}
