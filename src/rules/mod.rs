//! The rules core: the whole two-player game of `RULES.md` (R1–R31, decisions D1–D30), with NFEN and move
//! text as protocol.md specifies them ("Positions: NFEN" and "Moves"). Pieces, effects and the gyulla economy
//! are written once over a board `Geometry` (`geometry`); `Duel` is the two-player board, and the plain names
//! (`Position`, `Square`, `Action`, …) are the generic types on it.
//!
//! No I/O, no threads, no printing: values in, values out.
//!
//! Parse a position, list its legal actions, play one and print the result:
//!
//! ```
//! use dratp::rules::{action_text, nfen, parse_action, parse_nfen, Catalogue, Game, START_NFEN};
//!
//! let cat = Catalogue::builtin();
//! let pos = parse_nfen(START_NFEN, cat)?;
//! let moves: Vec<String> = pos.legal_actions().iter().map(|a| action_text(a, cat)).collect();
//! assert!(moves.iter().any(|m| m == "M01@c1"), "Troll, a Navia Guard, is summoned next to its Navia");
//!
//! // A move from outside: read it (checked against the legal actions), then play it.
//! let summon = parse_action("M01@c1", &pos)?;
//! let next = pos.try_play(&summon)?;
//! assert_eq!(
//!     nfen(&next),
//!     "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R[M01][N01]1R1 b 0/0 M02,M03,M04,M05,M06,M07/M08,M09,M10,M11,M12,M13,M14 -/- - 1"
//! );
//!
//! // A game keeps the history that repetition (R26) needs; a finished game has no legal actions (D14).
//! let mut game = Game::new(pos);
//! for m in ["d1c1", "d7c7", "c1d1", "c7d7", "d1c1", "d7c7", "c1d1", "c7d7"] {
//!     game.play_text(m)?;
//! }
//! assert!(game.result().is_some() && game.legal_actions().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod action;
pub mod catalogue;
pub mod constants;
pub mod cross;
pub mod cross_setup;
pub mod duel;
mod effects;
pub mod forces;
pub mod game;
pub mod geometry;
mod make;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod rng;
pub mod round;
pub mod seat;
pub mod square;
pub mod zobrist;

pub use action::{Action, ActionKind, ActionOf, Choices, ChoicesOf, Follow, FurtherMove, Token, TokenOf};
pub use catalogue::{Catalogue, Kind, PieceCode};
pub use cross::Cross;
pub use cross_setup::{
    cross_board_text, cross_board_text_of, cross_start_setup, parse_cross_board, CrossSetup, CrossSetupError,
};
pub use duel::Duel;
pub use forces::{default_forces4, Draft, Draft4, DraftOf, Force, ForceError, ForceRule, Picker};
pub use game::{EndReason, Game, GameResult};
pub use geometry::{Geometry, Team};
pub use make::IllegalAction;
pub use notation::{
    action_text, nfen, parse_action, parse_action_syntax, parse_action_syntax_of, parse_nfen, MoveError, NfenError,
};
pub use piece::{Piece, PieceSet, Placed, PlacedOf};
pub use position::{
    FreezeOf, GraveSetup, NfenField, Outcome, OutcomeOf, Position, PositionOf, Setup, SetupError, WinReason, START_NFEN,
};
pub use round::game::{Error4, Game4, Result4, State4, Termination4, DEFAULT_ROUND_LIMIT};
pub use round::{BoardView, Declarable, Declaration, Event, Phase, Round, RoundError, RoundSetup, SeatSet};
pub use seat::Seat;
pub use square::{Bitboard, BitboardOf, Side, Square, SquareOf};

/// A position on the four-player cross (F1).
pub type CrossPosition = PositionOf<Cross>;
/// An action on the four-player cross.
pub type CrossAction = ActionOf<Cross>;
