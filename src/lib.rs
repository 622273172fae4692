//! `dratp`: an engine for Navia Dratp (Bandai, 2004).
//!
//! Layers, each using only the ones before it:
//! - [`rules`]: the game (positions, legal actions, notation, catalogue); no I/O.
//! - [`catalogue_file`]: catalogue files read safely (regular files, size cap, short errors).
//! - [`search`]: evaluation and game-tree search.
//! - [`protocol`]: the UCI-style text protocol over stdin/stdout.
//! - [`matchrun`]: `dratp-match`, engine-vs-engine matches refereed by [`rules`].
//!
//! ```
//! use dratp::rules::{Catalogue, Position};
//! let pos = Position::startpos(Catalogue::builtin()).unwrap();
//! assert!(!pos.legal_actions().is_empty());
//! ```

#![warn(unreachable_pub)]

pub mod catalogue_file;
pub mod matchrun;
pub mod protocol;
pub mod rules;
pub mod search;
