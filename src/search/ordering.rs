//! Move ordering: hash move, winning actions, captures by gyullas value, line
//! overs, killers, then history.

use crate::rules::{Action, ActionKind, Follow, Piece, Position, Side};

use super::eval::victim_value;

/// Slots in one side's history table.
pub const HISTORY_SLOTS: usize = 8 * 49 * 49;
/// History scores stay within this, so they never reach the tactical bands.
pub const HISTORY_MAX: i32 = 16_384;

const TT_MOVE: i32 = 1 << 28;
const TACTICAL: i32 = 1 << 22;
const KILLER: i32 = 1 << 20;

/// Whether `a` wins the game at once for the side to move of `pos`: it takes
/// the Navia (R20), dratps the own Navia (R19, only generated when allowed) or
/// is a Navia goal (R23). Effects never touch a Navia (R21).
pub fn wins_at_once(pos: &Position, a: &Action) -> bool {
    let us = pos.side_to_move();
    match a.kind {
        ActionKind::Goal => true,
        ActionKind::Move => {
            takes_navia(pos, a, us) || (a.follow == Follow::Dratp && pos.navia_square(us) == Some(a.from))
        }
        ActionKind::InPlace => a.follow == Follow::Dratp && pos.navia_square(us) == Some(a.from),
        _ => false,
    }
}

fn takes_navia(pos: &Position, a: &Action, us: Side) -> bool {
    pos.piece_at(a.to)
        .is_some_and(|pl| pl.side != us && matches!(pl.piece, Piece::Navia(_)))
}

/// Whether `a` captures an enemy piece with a move.
#[inline]
pub fn is_capture(pos: &Position, a: &Action) -> bool {
    a.kind == ActionKind::Move && pos.side_bb(pos.side_to_move().opponent()).has(a.to)
}

/// Captures, line overs and effects: actions the quiet-move heuristics skip.
#[inline]
pub fn is_tactical(pos: &Position, a: &Action) -> bool {
    is_capture(pos, a) || matches!(a.kind, ActionKind::LineOver | ActionKind::Goal) || a.follow != Follow::Nothing
}

/// The history slot of an action (same side tables).
pub fn history_slot(a: &Action) -> usize {
    let (c, x, y) = match a.kind {
        ActionKind::Move => (a.follow as usize, a.from.index(), a.to.index()),
        ActionKind::Summon(k) => (3, k.index() % 49, a.to.index()),
        ActionKind::InPlace => (4 + a.follow as usize, a.from.index(), a.from.index()),
        ActionKind::LineOver | ActionKind::Goal => (7, a.from.index(), a.from.index()),
    };
    (c * 49 + x) * 49 + y
}

/// Ordering score of each action.
pub fn score_actions(
    pos: &Position,
    actions: &[Action],
    tt_index: Option<usize>,
    killers: &[Option<Action>; 2],
    history: &[i16],
) -> Vec<i32> {
    actions
        .iter()
        .enumerate()
        .map(|(i, a)| {
            if Some(i) == tt_index {
                return TT_MOVE;
            }
            if is_capture(pos, a) {
                // Most valuable victim first, then the cheapest taker.
                let taker = victim_value(pos, a.from);
                return TACTICAL + 64 * victim_value(pos, a.to) - taker + follow_bonus(a);
            }
            match a.kind {
                ActionKind::LineOver => return TACTICAL + 64 * 10,
                ActionKind::Goal => return TT_MOVE - 1,
                _ => {}
            }
            if killers[0] == Some(*a) {
                return KILLER;
            }
            if killers[1] == Some(*a) {
                return KILLER - 1;
            }
            history[history_slot(a)] as i32 + follow_bonus(a)
        })
        .collect()
}

fn follow_bonus(a: &Action) -> i32 {
    match a.follow {
        Follow::Nothing => 0,
        Follow::Dratp => 64,
        Follow::Invoke => 32,
    }
}

/// Index of the best remaining action from `from` on; swaps it into place.
pub fn pick(actions: &mut [Action], scores: &mut [i32], from: usize) {
    let mut best = from;
    for i in from + 1..actions.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    actions.swap(from, best);
    scores.swap(from, best);
}

/// The history update with gravity: bonuses saturate at `HISTORY_MAX`.
pub fn update_history(h: &mut i16, bonus: i32) {
    let v = *h as i32;
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h = (v + b - v * b.abs() / HISTORY_MAX) as i16;
}
