//! NFEN and move text (`../shared/spec/notation.md`): nom parsers and the one
//! canonical printer for each.
//!
//! PLACEHOLDER: signatures only; the notation helper fills this file in.

use thiserror::Error;

use super::action::Action;
use super::catalogue::Catalogue;
use super::position::Position;

/// Why an NFEN string was refused; names the field and the reason.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("bad NFEN: {field}: {reason}")]
pub struct NfenError {
    /// Which field (board, side, pools, keeps, graveyards, effects, turn, or "fields").
    pub field: &'static str,
    /// What is wrong.
    pub reason: String,
}

/// Why a move text was refused.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum MoveError {
    /// Not of the move grammar.
    #[error("bad move '{0}': {1}")]
    Syntax(String, String),
    /// Well formed but not legal here.
    #[error("illegal move '{0}': {1}")]
    Illegal(String, String),
}

/// Parse an NFEN string.
pub fn parse_nfen(_text: &str, _cat: &'static Catalogue) -> Result<Position, NfenError> {
    todo!()
}

/// The canonical NFEN of a position.
pub fn nfen(_pos: &Position) -> String {
    todo!()
}

/// The canonical text of an action.
pub fn action_text(_a: &Action, _cat: &Catalogue) -> String {
    todo!()
}

/// Parse a move text and check it is legal in `pos`.
pub fn parse_action(_text: &str, _pos: &Position) -> Result<Action, MoveError> {
    todo!()
}
