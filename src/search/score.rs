//! Internal integer scores and their mate encoding.
//!
//! A won game `n` plies from the root scores `MATE - n`; a lost one `-(MATE - n)`.

use super::{Bound, Score};

/// The score of a win on the board at the root.
pub(super) const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are wins or losses.
pub(super) const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than every score.
pub(super) const INF: i32 = MATE + 1;

impl Bound {
    /// What a node's best `score` from the window (alpha, beta) says about its true score.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score <= alpha {
            Bound::Upper
        } else {
            Bound::Exact
        }
    }
}

/// The score of a game won on the board `ply` plies from the root.
#[inline]
pub(super) fn won_at(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of a game lost on the board `ply` plies from the root.
#[inline]
pub(super) fn lost_at(ply: usize) -> i32 {
    -won_at(ply)
}

/// Whether `s` is a forced win or loss.
#[inline]
pub(super) fn is_mate(s: i32) -> bool {
    s.abs() >= MATE_BOUND
}

/// A node-relative score for the TT (mate distance counted from the node).
#[inline]
pub(super) fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// A TT score turned back into a root-relative one.
#[inline]
pub(super) fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// The protocol score: mate in moves of the side to move.
pub(super) fn to_score(s: i32) -> Score {
    if s >= MATE_BOUND {
        Score::Mate((MATE - s + 1) / 2)
    } else if s <= -MATE_BOUND {
        Score::Mate(-(MATE + s + 1) / 2)
    } else {
        Score::Cp(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_counts_own_moves() {
        // Winning action at ply 1 (the side to move wins now): mate 1.
        assert_eq!(to_score(MATE - 1), Score::Mate(1));
        assert_eq!(to_score(MATE - 3), Score::Mate(2));
        // The opponent wins with its first reply: mated in 1.
        assert_eq!(to_score(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(to_score(-(MATE - 4)), Score::Mate(-2));
        // Our own action ends the game in a loss (R26: a perpetual check completed).
        assert_eq!(to_score(-(MATE - 1)), Score::Mate(-1));
        assert_eq!(to_score(37), Score::Cp(37));
    }
}
