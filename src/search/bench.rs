//! `bench`: a fixed-depth search of fixed positions on one thread. Its node
//! total is the signature of the search: any change to what the search does
//! changes it.

use std::time::{Duration, Instant};

use crate::rules::{parse_nfen, Catalogue, Game};

use super::{Limits, SearchOptions, Searcher, Signals};

/// The bench positions (NFEN, default catalogue).
pub const BENCH_POSITIONS: &[&str] = &[crate::rules::START_NFEN];

/// Search every bench position to `depth` with a fresh table; report one line
/// per position through `info`; return the nodes and the time spent.
pub fn bench(depth: u32, info: &mut dyn FnMut(&str)) -> (u64, Duration) {
    let cat = Catalogue::builtin();
    let opts = SearchOptions {
        hash_mb: 16,
        threads: 1,
        multipv: 1,
        ..SearchOptions::default()
    };
    let mut searcher = Searcher::new(&opts);
    searcher.prepare();
    let limits = Limits {
        depth: Some(depth.max(1)),
        ..Limits::default()
    };
    let signals = Signals::default();
    let mut total = 0;
    let started = Instant::now();
    for (i, text) in BENCH_POSITIONS.iter().enumerate() {
        let pos = match parse_nfen(text, cat) {
            Ok(p) => p,
            Err(e) => {
                info(&format!("position {}: {e}", i + 1));
                continue;
            }
        };
        searcher.new_game();
        let r = searcher.search(&Game::new(pos), &limits, &signals, &mut |_| {});
        total += r.nodes;
        let best = r
            .best
            .map_or("(none)".to_string(), |a| crate::rules::action_text(&a, cat));
        info(&format!(
            "position {}/{}: best {best}, nodes {}",
            i + 1,
            BENCH_POSITIONS.len(),
            r.nodes
        ));
    }
    (total, started.elapsed())
}
