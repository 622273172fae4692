//! The UCI/UGI-style text protocol over stdin/stdout. Uses `rules` and `search`.
//!
//! The manual for GUI and tool authors is `protocol.md`.

pub mod command;
pub mod engine;
mod format;
pub mod options;
pub mod output;
mod session;

pub use engine::run;
