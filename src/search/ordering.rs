//! Move ordering: hash move, winning actions, captures by gyullas value, line
//! overs, killers, then history.

use crate::rules::constants::NAVIA_DRATP_COST;
use crate::rules::movegen::ReachMap;
use crate::rules::{Action, ActionKind, Follow, Position, Square};

use super::eval::victim_value;

/// Slots in one side's history table.
pub(super) const HISTORY_SLOTS: usize = 8 * 49 * 49;

/// Ordering score of the hash move: above everything else.
pub(super) const TT_MOVE: i32 = 1 << 28;
const TACTICAL: i32 = 1 << 22;
const KILLER: i32 = 1 << 20;
/// Ordering of a line over among tactical actions: it earns 10 gyullas (R22), like taking a piece of cost 10.
pub(super) const LINE_OVER_ORDER: i32 = 64 * 10;

/// Whether `a` wins the game at once for the side to move of `pos`: it takes
/// the Navia (R20), dratps the own Navia (R19, only generated when allowed) or
/// is a Navia goal (R23). Effects never target a Navia (R21), but an effect that
/// makes moves (extra moves, the Gulled's mass advance) may take it: such
/// actions are played to find out.
pub(super) fn wins_at_once(pos: &Position, a: &Action) -> bool {
    let us = pos.side_to_move();
    win_test(pos, a, pos.navia_square(us.opponent()), pos.navia_square(us))
}

#[inline]
fn win_test(pos: &Position, a: &Action, theirs: Option<Square>, ours: Option<Square>) -> bool {
    match a.kind {
        ActionKind::Goal => true,
        ActionKind::Move | ActionKind::InPlace => {
            (a.kind == ActionKind::Move && Some(a.to) == theirs)
                || (a.follow == Follow::Dratp && Some(a.from) == ours)
                || (a.follow != Follow::Nothing
                    && Some(a.from) != ours
                    && moving_effect(pos, a.from, a.follow)
                    && pos.play(a).outcome().is_some_and(|o| o.winner == pos.side_to_move()))
        }
        _ => false,
    }
}

/// Whether the Maseitai on `sq`, dratping or invoking, makes moves that could take a piece.
pub(super) fn moving_effect(pos: &Position, sq: Square, follow: Follow) -> bool {
    match follow {
        Follow::Dratp => pos.catalogue().effect_makes_moves(pos.kind_at(sq), false),
        Follow::Invoke => pos.catalogue().effect_makes_moves(pos.kind_at(sq), true),
        Follow::Nothing => false,
    }
}

/// Without generating actions: `Some(true)` when the side to move surely has
/// a win at once, `Some(false)` when it surely has none, `None` when only the
/// action list can tell (a Navia dratp may be in reach). `map` is the position's reach map.
pub(super) fn quick_win(pos: &Position, map: &ReachMap) -> Option<bool> {
    let us = pos.side_to_move();
    let them = us.opponent();
    // R24: their Navia in check means a move can take it (R20).
    if map.in_check(pos, them) {
        return Some(true);
    }
    // An effect that makes moves may take it too: only the actions can tell.
    let mut own = pos.maseitai_bb() & pos.side_bb(us);
    if own.any(|sq| {
        let follow = if pos.dratped_bb().has(sq) {
            Follow::Invoke
        } else {
            Follow::Dratp
        };
        moving_effect(pos, sq, follow)
    }) {
        return None;
    }
    let Some(n) = pos.navia_square(us) else {
        return Some(false);
    };
    // R23: on the far rank with an empty keep, the goal is always legal.
    if n.rank() == them.back_rank() && pos.keep(us).is_empty() {
        return Some(true);
    }
    // R19: a dratp needs 60, reached at most by what the Navia takes first (R13).
    let mut reward = 0;
    for dy in -1..=1 {
        for dx in -1..=1 {
            if let Some(sq) = n.offset(dx, dy) {
                if pos.side_bb(them).has(sq) {
                    reward = reward.max(victim_value(pos, sq));
                }
            }
        }
    }
    if pos.pool(us) as i32 + reward >= NAVIA_DRATP_COST as i32 {
        None
    } else {
        Some(false)
    }
}

/// Whether `a` captures an enemy piece with a move.
#[inline]
pub(super) fn is_capture(pos: &Position, a: &Action) -> bool {
    a.kind == ActionKind::Move && pos.side_bb(pos.side_to_move().opponent()).has(a.to)
}

/// Captures, line overs and effects: actions the quiet-move heuristics skip.
#[inline]
pub(super) fn is_tactical(pos: &Position, a: &Action) -> bool {
    is_capture(pos, a) || matches!(a.kind, ActionKind::LineOver | ActionKind::Goal) || a.follow != Follow::Nothing
}

/// Whether the move loop searches `a` as tactical (never pruned or reduced as a late quiet action): as
/// `is_tactical`, except Tagu's further moves (D20) that take nothing. Its family lists hundreds of actions for
/// one dratp; searched unreduced, they multiplied the work of every node where Tagu could be dratped.
pub(super) fn searched_as_tactical(pos: &Position, a: &Action) -> bool {
    let further = a.choices.iter().any(|t| t.further_move().is_some());
    is_tactical(pos, a) && (!further || pos.takes_piece(a))
}

/// The history slot of an action (same side tables).
pub(super) fn history_slot(a: &Action) -> usize {
    let (c, x, y) = match a.kind {
        ActionKind::Move => (a.follow as usize, a.from.index(), a.to.index()),
        ActionKind::Summon(k) => (3, k.index() % 49, a.to.index()),
        ActionKind::InPlace => (4 + a.follow as usize, a.from.index(), a.from.index()),
        ActionKind::LineOver | ActionKind::Goal => (7, a.from.index(), a.from.index()),
    };
    (c * 49 + x) * 49 + y
}

/// Ordering score of an action (`head`: of a whole family of effect choices, which ranks with a killer among
/// its actions). The hash move is marked apart (`TT_MOVE`).
pub(super) fn score_action(
    pos: &Position,
    a: &Action,
    head: bool,
    killers: &[Option<Action>; 2],
    history: &[i16],
) -> i32 {
    if is_capture(pos, a) {
        return TACTICAL + capture_order(pos, a) + follow_bonus(a);
    }
    match a.kind {
        ActionKind::LineOver => return TACTICAL + LINE_OVER_ORDER,
        ActionKind::Goal => return TT_MOVE - 1,
        _ => {}
    }
    let killer = |k: &Option<Action>| {
        k.is_some_and(|k| {
            if head {
                (k.kind, k.from, k.to, k.follow) == (a.kind, a.from, a.to, a.follow)
            } else {
                k == *a
            }
        })
    };
    if killer(&killers[0]) {
        return KILLER;
    }
    if killer(&killers[1]) {
        return KILLER - 1;
    }
    history[history_slot(a)] as i32 + follow_bonus(a)
}

/// Ordering of a capture among captures: most valuable victim first, then the cheapest taker.
#[inline]
pub(super) fn capture_order(pos: &Position, a: &Action) -> i32 {
    64 * victim_value(pos, a.to) - victim_value(pos, a.from)
}

fn follow_bonus(a: &Action) -> i32 {
    match a.follow {
        Follow::Nothing => 0,
        Follow::Dratp => 64,
        Follow::Invoke => 32,
    }
}

/// The history update with gravity: scores saturate at `max` (at most `i16::MAX`, far below the killer band).
pub(super) fn update_history(h: &mut i16, bonus: i32, max: i32) {
    let v = *h as i32;
    let b = bonus.clamp(-max, max);
    *h = (v + b - v * b.abs() / max) as i16;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::movelist::MoveList;
    use crate::search::testkit::positions;

    #[test]
    fn wins_at_once_are_exactly_the_actions_that_end_the_game_in_a_win() {
        let all = positions();
        assert!(all.len() > 2000, "{}", all.len());
        let mut wins = 0;
        for pos in all {
            let us = pos.side_to_move();
            let actions = pos.legal_actions();
            for a in &actions {
                let won = pos.play(a).outcome().is_some_and(|o| o.winner == us);
                assert_eq!(wins_at_once(&pos, a), won, "{a:?} in {pos:?}");
            }
            let any = actions.iter().any(|a| wins_at_once(&pos, a));
            wins += usize::from(any);
            let mut staged = MoveList::default();
            staged.generate(&pos, &pos.reach_map());
            let first = staged.first_win(&pos, &mut || false);
            assert_eq!(first.is_some(), any, "{pos:?}");
            assert!(
                first.is_none_or(|a| actions.contains(&a) && wins_at_once(&pos, &a)),
                "{pos:?}"
            );
            if let Some(q) = quick_win(&pos, &pos.reach_map()) {
                assert_eq!(q, any, "{pos:?}");
            }
        }
        assert!(wins > 100, "only {wins} positions with a win at once");
    }

    #[test]
    fn tagu_further_moves_are_searched_as_tactical_only_when_they_take_a_piece() {
        use crate::rules::{parse_nfen, Catalogue};
        // D20: Tagu on a1 dratps for two further moves; the black Gulled on c3 can be taken by the first of them.
        let pos = parse_nfen(
            "3[n02]3/7/7/7/2b4/2B1B2/[M32]2[N01]3 w 12/0 -/- -/- - 1",
            Catalogue::builtin(),
        )
        .unwrap();
        let legal = pos.legal_actions();
        let further: Vec<&Action> = legal
            .iter()
            .filter(|a| a.choices.iter().any(|t| t.further_move().is_some()))
            .collect();
        let (takes, quiet): (Vec<&Action>, Vec<&Action>) = further.iter().partition(|a| pos.takes_piece(a));
        assert!(!takes.is_empty() && !quiet.is_empty(), "{further:?}");
        for a in takes {
            assert!(searched_as_tactical(&pos, a), "{a:?}");
        }
        for a in quiet {
            // An effect ranks as tactical, but these hundreds of choices are pruned and reduced like quiet moves.
            assert!(is_tactical(&pos, a) && !searched_as_tactical(&pos, a), "{a:?}");
        }
        let capture = Action::step(Square::from_name("c2").unwrap(), Square::from_name("c3").unwrap());
        assert!(legal.contains(&capture) && searched_as_tactical(&pos, &capture));
    }
}
