//! Helpers shared by the rule and effect tests: a catalogue with the test pieces, and NFEN-in, text-out queries.
#![allow(dead_code)] // each test file uses its own subset

use std::sync::OnceLock;

use dratp::rules::catalogue::BUILTIN_TEXT;
use dratp::rules::{action_text, parse_action, parse_nfen, Catalogue, Position};

/// The built-in catalogue plus the test pieces (M90 bouncer, M91 immortal, M92 jumper).
pub fn cat() -> &'static Catalogue {
    static CAT: OnceLock<&'static Catalogue> = OnceLock::new();
    CAT.get_or_init(|| {
        let extra = include_str!("../data/extra.cat");
        Catalogue::parse(&format!("{BUILTIN_TEXT}\n{extra}")).unwrap().intern()
    })
}

pub fn pos(nfen: &str) -> Position {
    parse_nfen(nfen, cat()).unwrap_or_else(|e| panic!("{nfen}: {e}"))
}

/// Sorted texts of all legal actions.
pub fn legal(nfen: &str) -> Vec<String> {
    let p = pos(nfen);
    let mut v: Vec<String> = p.legal_actions().iter().map(|a| action_text(a, cat())).collect();
    v.sort();
    v
}

/// Sorted texts of legal actions that start with `prefix`.
pub fn legal_from(nfen: &str, prefix: &str) -> Vec<String> {
    legal(nfen).into_iter().filter(|m| m.starts_with(prefix)).collect()
}

pub fn set(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The NFEN after playing a legal move.
pub fn after(nfen: &str, mv: &str) -> String {
    let p = pos(nfen);
    let a = parse_action(mv, &p).unwrap_or_else(|e| panic!("{mv} in {nfen}: {e}"));
    let next = p.play(&a);
    assert_eq!(next.key(), next.compute_key(), "incremental key after {mv}");
    dratp::rules::nfen(&next)
}

pub fn is_legal(nfen: &str, mv: &str) -> bool {
    legal(nfen).iter().any(|m| m == mv)
}

/// Squares the piece on `from` may move to (destinations of plain moves).
pub fn targets(nfen: &str, from: &str) -> Vec<String> {
    let mut v: Vec<String> = legal(nfen)
        .into_iter()
        .filter(|m| m.len() == 4 && m.starts_with(from))
        .map(|m| m[2..].to_string())
        .collect();
    v.sort();
    v
}
