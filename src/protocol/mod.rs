//! The UCI/UGI-style text protocol over stdin/stdout. Uses `rules` and `search`.
//!
//! `command` parses each line into a typed command; `engine` is the reader
//! thread and starts the worker that runs the `session` (game, catalogue,
//! options, searcher); `options` declares every option once; `format` words
//! the replies and `output` is their single writer. The manual for GUI and
//! tool authors is `protocol.md`.

pub mod command;
pub mod engine;
mod format;
pub mod options;
pub mod output;
mod session;

pub use engine::run;
