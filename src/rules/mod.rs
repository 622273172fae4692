//! The rules core: the whole two-player game of `RULES.md` (R1–R31, D1–D30).
//!
//! No I/O, no threads, no printing: values in, values out.

pub mod action;
pub mod catalogue;
mod effects;
pub mod forces;
pub mod game;
mod make;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod rng;
pub mod square;
pub mod zobrist;

pub use action::{Action, ActionKind, Choices, Follow, Token};
pub use catalogue::{Catalogue, Kind, PieceCode};
pub use forces::{Draft, Force, ForceError, ForceRule};
pub use game::{EndReason, Game, GameResult};
pub use notation::{action_text, nfen, parse_action, parse_action_syntax, parse_nfen, MoveError, NfenError};
pub use position::{Outcome, Piece, Placed, Position, Setup, WinReason, START_NFEN};
pub use square::{Bitboard, Side, Square};
