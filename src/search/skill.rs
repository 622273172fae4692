//! `Skill Level`: weaker play on purpose, reproducible from a seed.
//!
//! 0 plays a uniformly random legal action, 1 a one-ply greedy one (a win if
//! there is one, else the most gyullas), 2–19 a shallow search that sometimes
//! prefers a worse line (as Stockfish does), [`MAX_SKILL_LEVEL`] the full
//! search. Every choice is drawn from a seed, so a fixed seed replays a game exactly.

use crate::rules::rng::Rng;
use crate::rules::{Action, Position};

use super::alphabeta::RootMove;
use super::ordering::wins_at_once;

/// Full strength; every level from 0 up to it is valid.
pub const MAX_SKILL_LEVEL: u32 = 20;

/// Lines searched at the root below full strength, to choose a mistake among.
pub(super) const LINES: usize = 4;

/// Level 0: any legal choice (an action, or in the four-player game a declaration, bid or promise), each as likely.
pub(super) fn random<T: Copy>(choices: &[T], seed: u64) -> T {
    choices[Rng::new(seed).below(choices.len())]
}

/// Level 1: a win if there is one, else the action whose pool gain is largest
/// (ties broken at random).
pub(super) fn greedy(pos: &Position, actions: &[Action], seed: u64) -> Action {
    if let Some(a) = actions
        .iter()
        .find(|a| wins_at_once(pos, a) && pos.play(a).outcome().is_some())
    {
        return *a;
    }
    let us = pos.side_to_move();
    let gains: Vec<i32> = actions
        .iter()
        .map(|a| pos.play(a).pool(us) as i32 - pos.pool(us) as i32)
        .collect();
    let top = *gains.iter().max().expect("at least one action");
    let best: Vec<Action> = actions
        .iter()
        .zip(&gains)
        .filter(|(_, &g)| g == top)
        .map(|(a, _)| *a)
        .collect();
    best[Rng::new(seed).below(best.len())]
}

/// Deepest iteration for a level from 2 to `MAX_SKILL_LEVEL - 1`.
pub(super) fn depth(level: u32) -> i32 {
    1 + level as i32 / 2
}

/// Index of the root move a level plays: the best line plus a random push
/// that grows as the level falls (Stockfish's `Skill::pick_best`).
pub(super) fn pick(moves: &[RootMove], lines: usize, level: u32, seed: u64) -> usize {
    let scores: Vec<i32> = moves
        .iter()
        .take(lines.min(moves.len()).max(1))
        .map(|m| {
            if m.score > -super::score::INF {
                m.score
            } else {
                m.prev_score
            }
        })
        .collect();
    pick_score(&scores, level, seed)
}

/// Index of the choice a level plays among `scores` (best first, unsearched ones at `-INF` or below): the rule of
/// [`pick`], shared by the four-player player's choices.
pub(super) fn pick_score(scores: &[i32], level: u32, seed: u64) -> usize {
    let n = scores.len().max(1);
    let top = scores[0];
    if super::score::is_mate(top) && top > 0 {
        return 0;
    }
    let weakness = 120 - 2 * level as i32;
    let delta = (top - scores[n - 1]).clamp(0, 100);
    let mut rng = Rng::new(seed);
    let mut best = 0;
    let mut max = i32::MIN;
    for (i, &s) in scores.iter().enumerate() {
        if s <= -super::score::INF {
            continue;
        }
        let push = (weakness * (top - s) + delta * rng.below(weakness as usize) as i32) / 128;
        if s + push >= max {
            max = s + push;
            best = i;
        }
    }
    best
}

/// The strength ladder users set through `UCI_Elo`: measured levels and their
/// Elo, each level against the next with random forces, the full engine
/// anchored at the top (BENCHMARKS.md, "Strength ladder"). Rising in both.
pub const LADDER: [(u32, u32); 8] = [
    (0, 663),
    (1, 1390),
    (3, 2026),
    (5, 2176),
    (8, 2291),
    (12, 2347),
    (16, 2378),
    (MAX_SKILL_LEVEL, 2500),
];

/// The Elo of Skill Level 0, the lowest `UCI_Elo`.
pub const MIN_ELO: u32 = LADDER[0].1;

/// The Elo of full strength, the highest `UCI_Elo`.
pub const MAX_ELO: u32 = LADDER[LADDER.len() - 1].1;

/// The Skill Level that plays at about `elo`: linear between the two measured
/// levels around it, rounded to the nearer level; outside the ladder, its ends.
pub fn level_for_elo(elo: u32) -> u32 {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    let upper = LADDER.iter().position(|&(_, e)| e >= elo).unwrap_or(LADDER.len() - 1);
    if upper == 0 {
        return LADDER[0].0;
    }
    let ((l0, e0), (l1, e1)) = (LADDER[upper - 1], LADDER[upper]);
    // Twice the level steps, halved rounding up: the nearer level (halves up) without floating point.
    let twice = 2 * (elo - e0) * (l1 - l0) / (e1 - e0);
    l0 + twice.div_ceil(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_rises_and_spans_every_level() {
        assert_eq!(LADDER[0].0, 0);
        assert_eq!(LADDER[LADDER.len() - 1].0, MAX_SKILL_LEVEL);
        for w in LADDER.windows(2) {
            assert!(w[0].0 < w[1].0 && w[0].1 < w[1].1, "{w:?}");
        }
    }

    #[test]
    fn elo_maps_onto_levels_monotonically_and_hits_the_measured_points() {
        assert_eq!(level_for_elo(MIN_ELO), 0);
        assert_eq!(level_for_elo(0), 0);
        assert_eq!(level_for_elo(MAX_ELO), MAX_SKILL_LEVEL);
        assert_eq!(level_for_elo(u32::MAX), MAX_SKILL_LEVEL);
        for (level, elo) in LADDER {
            assert_eq!(level_for_elo(elo), level);
        }
        let mut last = 0;
        for elo in MIN_ELO..=MAX_ELO {
            let l = level_for_elo(elo);
            assert!(l >= last && l <= MAX_SKILL_LEVEL, "{elo}: {l} after {last}");
            last = l;
        }
        // Halfway between two measured levels four apart lies the level two above the lower.
        let ((l0, e0), (l1, e1)) = (LADDER[4], LADDER[5]);
        assert_eq!(l1 - l0, 4);
        assert_eq!(level_for_elo((e0 + e1) / 2), l0 + 2);
    }
}
