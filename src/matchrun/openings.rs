//! Start positions: an openings file (one NFEN a line), or random forces drawn
//! from the catalogue (R28 standard, R29 singleton) in the standard setup (R7),
//! both made by `rules::forces`.

use super::cli::{OpeningOrder, OpeningsConfig};
use crate::rules::forces::{random_force, start_position};
use crate::rules::rng::Rng;
use crate::rules::{parse_nfen, Catalogue, ForceRule, Position};

/// Read an openings file: every non-blank line not starting with `#` must be a
/// valid NFEN of a game still in progress; errors name the line.
pub fn parse_openings(text: &str, cat: &'static Catalogue) -> Result<Vec<Position>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos = parse_nfen(line, cat).map_err(|e| format!("line {}: {e}", n + 1))?;
        if pos.outcome().is_some() || pos.legal_actions().is_empty() {
            return Err(format!("line {}: the game is already over in this position", n + 1));
        }
        out.push(pos);
    }
    if out.is_empty() {
        return Err("no positions in the file".to_string());
    }
    Ok(out)
}

/// Put the openings in the order of use: from `start` (1-based), shuffled with the seed for `order=random`.
pub fn order_openings(mut list: Vec<Position>, cfg: &OpeningsConfig) -> Vec<Position> {
    if cfg.order == OpeningOrder::Random {
        Rng::new(cfg.seed).shuffle(&mut list);
    }
    let start = (cfg.start - 1) % list.len();
    list.rotate_left(start);
    list
}

/// The random start of game pair `pair` (from 0) under `-forces … seed=S`: the
/// first player's force is `random_force(rule, S' * 2)` and the second's
/// `random_force(rule, S' * 2 + 1)` with `S' = S + pair`, as `draft-bench` draws
/// them, set up by R7 with `start_position`.
pub fn random_start(cat: &'static Catalogue, rule: ForceRule, seed: u64, pair: usize) -> Result<Position, String> {
    let s = seed.wrapping_add(pair as u64).wrapping_mul(2);
    let first = random_force(rule, cat, s).map_err(|e| format!("-forces: {e}"))?;
    let second = random_force(rule, cat, s.wrapping_add(1)).map_err(|e| format!("-forces: {e}"))?;
    start_position(&first, &second, cat).map_err(|e| format!("-forces: {e}"))
}
