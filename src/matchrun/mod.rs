//! `dratp-match`: engine-vs-engine matches and tournaments refereed by the rules
//! core, in the style of cutechess-cli. A layer beside `protocol`: it uses
//! `rules` only and talks to engines as separate processes.
//!
//! - [`cli`]: the command line, parsed into a typed configuration.
//! - [`engine_proc`]: an engine process, its reader thread and handshake.
//! - [`referee`]: one game, every move checked, clocks kept, forfeits scored.
//! - [`tournament`]: the schedule, each game's start, the prepared tournament and the run.
//! - [`worker`]: worker threads, each with its own engine processes.
//! - [`standings`]: every counted game and the totals built from them.
//! - [`summary`]: the result block, the JSON summary, and merging shards.
//! - [`draft`]: draft matches, the engines picking their forces (R30).
//! - [`openings`]: openings files and random forces.
//! - [`pgn`]: records in PGN syntax, written and read back for replay.
//! - [`stats`]: Elo, error bars, LOS, pentanomial counts and the SPRT.
//! - [`json`]: the summary document.

pub mod cli;
pub mod draft;
pub mod engine_proc;
pub mod four;
pub mod json;
pub mod openings;
pub mod pgn;
pub mod referee;
pub mod standings;
pub mod stats;
pub mod summary;
pub mod tournament;
pub mod worker;

use std::io::Write;

/// Run `dratp-match` with the arguments after the program name; returns the exit code.
pub fn main_with_args(args: &[String], out: &mut dyn Write) -> i32 {
    let command = match cli::parse_args(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("dratp-match: {e}\n{}", cli::USAGE);
            return 2;
        }
    };
    match command {
        cli::Command::Help => {
            let _ = writeln!(out, "{}", cli::USAGE);
            0
        }
        cli::Command::Version => {
            let _ = writeln!(out, "dratp-match {}", env!("CARGO_PKG_VERSION"));
            0
        }
        cli::Command::Replay { file, catalogue } => replay(&file, catalogue.as_deref(), out),
        cli::Command::Merge {
            files,
            pgnout,
            jsonout,
            partial,
        } => {
            let req = summary::MergeRequest {
                files: &files,
                pgnout: pgnout.as_deref(),
                jsonout: jsonout.as_deref(),
                partial,
            };
            let merged = summary::read_shards(&req).and_then(|shards| match shards.cfg.variant {
                cli::Variant::Duel => summary::merge_duel(&shards, &req, out).map(|_| ()),
                cli::Variant::Four => four::table::merge4(&shards, &req, out).map(|_| ()),
            });
            match merged {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("dratp-match: {e}");
                    1
                }
            }
        }
        cli::Command::Run(cfg) => match match cfg.variant {
            cli::Variant::Duel => tournament::run(&cfg, out).map(|_| ()),
            cli::Variant::Four => four::table::run4(&cfg, out).map(|_| ()),
        } {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("dratp-match: {e}");
                1
            }
        },
    }
}

/// The `-catalogue` file's catalogue, or the built-in one.
pub fn load_catalogue(path: Option<&std::path::Path>) -> Result<&'static crate::rules::Catalogue, String> {
    match path {
        None => Ok(crate::rules::Catalogue::builtin()),
        Some(p) => crate::catalogue_file::load(p)
            .map(crate::rules::Catalogue::intern)
            .map_err(|e| format!("-catalogue: {}: {e}", p.display())),
    }
}

/// `-replay FILE`: re-check every record through the rules core; 0 when all agree.
fn replay(file: &std::path::Path, catalogue: Option<&std::path::Path>, out: &mut dyn Write) -> i32 {
    let cat = match load_catalogue(catalogue) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("dratp-match: {e}");
            return 1;
        }
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("dratp-match: -replay: {}: {e}", file.display());
            return 1;
        }
    };
    let games = match pgn::read_games(&text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("dratp-match: -replay: {}: {e}", file.display());
            return 1;
        }
    };
    let mut bad = 0;
    for (i, g) in games.iter().enumerate() {
        let c = if g.tag("Variant") == Some(cli::Variant::Four.name()) {
            four::record::replay_game4(i + 1, g, cat)
        } else {
            pgn::replay_game(i + 1, g, cat)
        };
        let line = match &c.verdict {
            Ok(s) => format!("Game {}: ok, {} {}, {s}", c.index, c.plies, c.unit),
            Err(e) => {
                bad += 1;
                format!("Game {}: MISMATCH after {} {}: {e}", c.index, c.plies, c.unit)
            }
        };
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(
        out,
        "Replayed {} games: {} ok, {bad} mismatched",
        games.len(),
        games.len() - bad
    );
    i32::from(bad > 0)
}
