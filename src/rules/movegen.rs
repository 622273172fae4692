//! Legal actions (R8–R23) and making them.

use super::action::Action;
use super::position::Position;

impl Position {
    /// All legal actions, in a fixed order.
    pub fn legal_actions(&self) -> Vec<Action> {
        todo!()
    }

    /// The position after a legal action.
    pub fn play(&self, _a: &Action) -> Position {
        todo!()
    }
}
