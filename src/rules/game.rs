//! A game: a start position plus the actions played, with the result (R25–R27).
//!
//! PLACEHOLDER until movegen lands.

use super::action::Action;
use super::position::Position;
use super::square::Side;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// R20.
    NaviaTaken,
    /// R19.
    NaviaDratp,
    /// R23.
    NaviaGoal,
    /// R26: third repetition, no perpetual check.
    ThousandWar,
    /// R26: third repetition, one side gave check throughout; the checked side wins.
    PerpetualCheck,
    /// R27: the side to move has no legal action and loses.
    NoAction,
}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameResult {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: EndReason,
}

/// A start position and the actions played from it.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Action>,
}

impl Game {
    /// A game from a start position.
    pub fn new(start: Position) -> Game {
        Game { start, moves: Vec::new() }
    }
}
