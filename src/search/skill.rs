//! `Skill Level`: weaker play on purpose, reproducible from a seed.
//!
//! 0 plays a uniformly random legal action, 1 a one-ply greedy one (a win if
//! there is one, else the most gyullas), 2–19 a search of a node budget (`nodes`;
//! the four-player player caps its depth instead, `depth`) that sometimes prefers
//! a worse line (as Stockfish does), [`MAX_SKILL_LEVEL`] the full search. Every
//! choice is drawn from a seed, so a fixed seed replays a game exactly.

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

/// Deepest iteration of the four-player player at a level from 2 to `MAX_SKILL_LEVEL - 1`, in actions.
pub(super) fn depth(level: u32) -> i32 {
    1 + level as i32 / 2
}

/// Nodes of a two-player search at level 2.
const NODES_AT_2: f64 = 200.0;
/// Nodes of a two-player search at level `MAX_SKILL_LEVEL - 1`: about half of what the full engine searches in
/// a move of 2+0.02, so that the levels below full strength are set by their budget, not by the clock.
const NODES_AT_19: f64 = 40_000.0;

/// The node budget of a two-player search at a level from 2 to `MAX_SKILL_LEVEL - 1`: from `NODES_AT_2` to
/// `NODES_AT_19`, the same factor (about 1.37) from each level to the next. A budget in nodes makes a level
/// as strong on a slow machine or a short clock as on a fast one, and each level measurably stronger than the
/// one below (BENCHMARKS.md, "Strength ladder").
pub(super) fn nodes(level: u32) -> u64 {
    let top = MAX_SKILL_LEVEL - 1;
    let level = level.clamp(2, top);
    let ratio = (NODES_AT_19 / NODES_AT_2).powf(1.0 / f64::from(top - 2));
    (NODES_AT_2 * ratio.powi((level - 2) as i32)).round() as u64
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
    let weakness = weakness(level);
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

/// How far a level's choice may stray from the best line: 118 at level 1, 6 less at each level above it, so
/// that it adds to what the node budget (`nodes`) sets apart (Stockfish's 120 − 2 × level left neighbouring
/// levels too close to tell apart).
fn weakness(level: u32) -> i32 {
    (6 * (MAX_SKILL_LEVEL as i32 - level as i32) + 4).max(1)
}

/// The strength ladder users set through `UCI_Elo`: measured levels and their
/// Elo, each level against the next with random forces, the full engine
/// anchored at the top (BENCHMARKS.md, "Strength ladder"). Rising in both.
pub const LADDER: [(u32, u32); 21] = [
    (0, 466),
    (1, 1193),
    (2, 1413),
    (3, 1477),
    (4, 1549),
    (5, 1593),
    (6, 1643),
    (7, 1687),
    (8, 1775),
    (9, 1824),
    (10, 1868),
    (11, 1926),
    (12, 1992),
    (13, 2055),
    (14, 2104),
    (15, 2155),
    (16, 2217),
    (17, 2261),
    (18, 2324),
    (19, 2373),
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
        // Every level from 0 to full strength, each stronger than the one below.
        for (i, &(level, _)) in LADDER.iter().enumerate() {
            assert_eq!(level, i as u32);
        }
        assert_eq!(LADDER[LADDER.len() - 1].0, MAX_SKILL_LEVEL);
        for w in LADDER.windows(2) {
            assert!(w[0].0 < w[1].0 && w[0].1 < w[1].1, "{w:?}");
        }
    }

    #[test]
    fn each_level_searches_more_nodes_and_strays_less_than_the_one_below() {
        assert_eq!((nodes(2), nodes(MAX_SKILL_LEVEL - 1)), (200, 40_000));
        assert_eq!((weakness(1), weakness(2), weakness(19)), (118, 112, 10));
        for level in 2..MAX_SKILL_LEVEL - 1 {
            let ratio = nodes(level + 1) as f64 / nodes(level) as f64;
            assert!((1.3..1.45).contains(&ratio), "{level}: {ratio}");
        }
        for level in 1..MAX_SKILL_LEVEL {
            assert!(weakness(level) > weakness(level + 1), "{level}");
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
        // Every level is measured: between two neighbours the nearer one plays, the upper one from halfway.
        for w in LADDER.windows(2) {
            let ((l0, e0), (l1, e1)) = (w[0], w[1]);
            assert_eq!(l1, l0 + 1);
            assert_eq!(level_for_elo(e0 + (e1 - e0) / 4), l0);
            assert_eq!(level_for_elo(e0 + (e1 - e0).div_ceil(2)), l1);
        }
    }
}
