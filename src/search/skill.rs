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

/// Level 0: any legal action, each as likely.
pub(super) fn random(actions: &[Action], seed: u64) -> Action {
    actions[Rng::new(seed).below(actions.len())]
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
    let n = lines.min(moves.len()).max(1);
    let score = |m: &RootMove| {
        if m.score > -super::score::INF {
            m.score
        } else {
            m.prev_score
        }
    };
    let top = score(&moves[0]);
    if super::score::is_mate(top) && top > 0 {
        return 0;
    }
    let weakness = 120 - 2 * level as i32;
    let delta = (top - score(&moves[n - 1])).clamp(0, 100);
    let mut rng = Rng::new(seed);
    let mut best = 0;
    let mut max = i32::MIN;
    for (i, m) in moves.iter().take(n).enumerate() {
        let s = score(m);
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
