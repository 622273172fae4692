//! Positions for the search's unit tests.

use crate::rules::forces::{random_force, start_position};
use crate::rules::{nfen, parse_nfen, Catalogue, ForceRule, Position};

use crate::rules::rng::Rng;

/// Positions from random play from random standard forces of the whole catalogue, every other game with pools
/// pushed high so that Navia dratps come up.
pub(super) fn positions() -> Vec<Position> {
    let cat = Catalogue::builtin();
    let mut rng = Rng::new(11);
    let mut out = Vec::new();
    for game in 0..60u64 {
        let force = |seed| random_force(ForceRule::Standard, cat, seed).unwrap();
        let start = start_position(&force(2 * game), &force(2 * game + 1), cat).unwrap();
        let mut pos = if game % 2 == 0 {
            start
        } else {
            parse_nfen(&nfen(&start).replacen(" 0/0 ", " 45/50 ", 1), cat).unwrap()
        };
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
