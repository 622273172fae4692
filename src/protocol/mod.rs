//! The UCI/UGI-style text protocol over stdin/stdout. Uses `rules` and `search`.

pub mod command;
