//! Positions for the search's unit tests.

use crate::rules::{parse_nfen, Catalogue, Position};

use super::skill::Rng;

/// Positions from random play, with forces from the whole catalogue and
/// pools pushed high so that Navia dratps come up.
pub fn positions() -> Vec<Position> {
    let cat = Catalogue::builtin();
    let ids: Vec<String> = cat
        .entries()
        .iter()
        .filter(|e| !e.is_navia())
        .map(|e| e.code.to_string())
        .collect();
    let mut rng = Rng::new(11);
    let mut out = Vec::new();
    for game in 0..60 {
        let mut force = || {
            let mut f: Vec<&str> = (0..7).map(|_| ids[rng.below(ids.len())].as_str()).collect();
            f.sort();
            f.join(",")
        };
        let (w, b) = (force(), force());
        let pools = if game % 2 == 0 { "0/0" } else { "45/50" };
        let text = format!("1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[N01]1R1 w {pools} {w}/{b} -/- - 1");
        let mut pos = parse_nfen(&text, cat).unwrap();
        for _ in 0..80 {
            let legal = pos.legal_actions();
            if legal.is_empty() {
                break;
            }
            out.push(pos);
            pos = pos.play(&legal[rng.below(legal.len())]);
        }
    }
    out
}
