//! Helpers shared by the dratp-match tests: command lines, scratch directories, the fake engine.
#![allow(dead_code)] // each test file uses its own subset

use std::path::PathBuf;

use dratp::matchrun::cli::{parse_args, Command, MatchConfig};
use dratp::matchrun::main_with_args;

/// The misbehaving engine (scripts/fake_engine.py).
pub const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/fake_engine.py");

/// A command line split at spaces.
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// A match command line parsed; panics on anything else.
pub fn config(text: &str) -> MatchConfig {
    match parse_args(&words(text)) {
        Ok(Command::Run(c)) => *c,
        other => panic!("bad test command line: {other:?}"),
    }
}

/// A fresh scratch directory for one test's files.
pub fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dratp-match-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An engine spec for the fake engine: `fake("B", "--fail illegal --after 2")`.
pub fn fake(name: &str, flags: &str) -> String {
    let mut s = format!("-engine cmd={FAKE} name={name}");
    for f in flags.split_whitespace() {
        s += &format!(" arg={f}");
    }
    s
}

/// `dratp-match ARGS` in process: exit code and output.
pub fn dratp_match(args: &[String]) -> (i32, String) {
    let mut out = Vec::new();
    let code = main_with_args(args, &mut out);
    (code, String::from_utf8(out).unwrap())
}
