//! The rules core: the whole two-player game of `../shared/spec/rules.md`.
//!
//! No I/O, no threads, no printing: values in, values out.

pub mod action;
pub mod catalogue;
pub mod constants;
mod effects;
pub mod forces;
pub mod game;
mod make;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod rng;
pub mod square;
pub mod zobrist;

pub use action::{Action, ActionKind, Choices, Follow, Token};
pub use catalogue::{Catalogue, Kind, PieceCode};
pub use forces::{Draft, Force, ForceError, ForceRule};
pub use game::{EndReason, Game, GameResult};
pub use make::IllegalAction;
pub use notation::{action_text, nfen, parse_action, parse_action_syntax, parse_nfen, MoveError, NfenError};
pub use piece::{Piece, PieceSet, Placed};
pub use position::{GraveSetup, NfenField, Outcome, Position, Setup, SetupError, WinReason, START_NFEN};
pub use square::{Bitboard, Side, Square};
