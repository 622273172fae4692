//! Search and evaluation: finds the best action of a position, given the game's
//! history, within the limits of a `go`, and reports its progress. Uses only `rules`.
//!
//! The protocol drives a `Searcher` with the types below: `Limits` (what `go`
//! asked for), `SearchOptions` (set by `setoption`) and `Signals` (`stop`,
//! `ponderhit`). It gets back `Info` lines while the search runs and one
//! `SearchResult` at the end, whose `best` move and every PV are legal, move
//! after move, from the searched position. `bench` searches fixed positions to a
//! fixed depth; its node total is the search's signature.
//!
//! How it searches: iterative deepening with aspiration windows and MultiPV
//! (`threads`), principal-variation alpha-beta with a lockless shared
//! transposition table, null-move pruning, reverse futility, late-move
//! pruning and reductions, check extensions and a quiescence search on
//! captures (`alphabeta`), hash move / captures by gyullas value / killers /
//! history ordering (`ordering`) over staged move lists whose families of
//! effect choices are listed only when reached (`movelist`). Each node's
//! reach map (`Position::reach_map`) is made once and shared by the check
//! flag, the win test, the evaluation and generation. The game's special wins are exact and come
//! before any pruning: a side to move that can take the Navia (R20), dratp
//! its own Navia (R19) or make a Navia goal (R23) scores a mate at once;
//! repetitions are scored by R26 from the game's history and the line
//! (a perpetual check loses for the checker); no legal action loses (R27).
//! Lazy SMP: `Threads` workers share the table. `Skill Level` below 20 plays
//! weaker on purpose (`skill`). Every margin, reduction and time factor is a
//! named value of `params`, as the evaluation's weights are of `eval`; `tune`
//! fits the weights to game results (Texel's method) and reads and writes weights files.

mod alphabeta;
mod bench;
pub mod draft;
pub mod eval;
pub mod four;
mod movelist;
mod ordering;
pub mod params;
mod score;
mod searcher;
mod skill;
#[cfg(test)]
mod testkit;
mod threads;
mod time;
mod tt;
pub mod tune;

pub use bench::{bench, bench_until, latency, Latency, BENCH_DEPTH, BENCH_POSITIONS, WIDE_POSITIONS};
pub use searcher::Searcher;
pub use skill::{level_for_elo, LADDER, MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::rules::Action;

/// The stack of every thread that searches. The four-seat search takes about 160 KiB for 14 plies in the release
/// build (`tests/search4.rs`), so some 1.5 MiB at its 128-ply cap: too near the 2 MiB a spawned thread gets by
/// default to leave it there.
pub const SEARCH_STACK: usize = 16 << 20;

/// What `go` asked for. All fields optional; the search ends at the first limit
/// reached, and holds its answer until `stop` only when `infinite` (or until
/// `ponderhit` when `ponder`): see [`Signals::holds_answer`].
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Remaining clock per side, first player first (`wtime`/`btime`, UGI `p1time`/`p2time`).
    pub time: [Option<Duration>; 2],
    /// Increment per side (`winc`/`binc`, `p1inc`/`p2inc`).
    pub inc: [Option<Duration>; 2],
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Exact time for this move.
    pub movetime: Option<Duration>,
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Pondering: search until `stop` or `ponderhit`, then follow the clock.
    pub ponder: bool,
    /// Restrict the root to these actions (empty = all).
    pub searchmoves: Vec<Action>,
}

/// A score from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// Centi-gyullas-ish units (100 = one black Gulled's worth of advantage, roughly).
    Cp(i32),
    /// Mate in N moves (own moves); negative when the side to move is getting mated.
    Mate(i32),
}

/// What a score says about the true one: exact, or a bound from a search window
/// (reported lines, transposition-table entries and root moves alike).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// Exact.
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// One `info` line's worth of progress.
#[derive(Clone, Debug)]
pub struct Info {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// 1-based line number under MultiPV.
    pub multipv: u32,
    /// Score of this line.
    pub score: Score,
    /// Exact or bound.
    pub bound: Bound,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition-table fill, per mille.
    pub hashfull: u32,
    /// Time since `go`.
    pub time: Duration,
    /// The principal variation; every action legal in sequence from the root.
    pub pv: Vec<Action>,
}

/// The answer to one `go`.
#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over or there is no legal action.
    pub best: Option<Action>,
    /// The expected reply, when known and legal.
    pub ponder: Option<Action>,
    /// Total nodes searched.
    pub nodes: u64,
}

/// Settings the protocol passes through from `setoption`.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Number of principal variations to report.
    pub multipv: usize,
    /// 0 = random mover, 1 = greedy, [`MAX_SKILL_LEVEL`] = full strength.
    pub skill_level: u32,
    /// Where the weak levels' random choices start: the same seed, game and
    /// position give the same move (the protocol draws it from the clock unless
    /// `Random Seed` fixes it).
    pub seed: u64,
    /// Time kept back per move for communication lag.
    pub move_overhead: Duration,
}

impl SearchOptions {
    /// The built-in settings (the options' defaults).
    pub const DEFAULT: SearchOptions = SearchOptions {
        hash_mb: 16,
        threads: 1,
        multipv: 1,
        skill_level: MAX_SKILL_LEVEL,
        seed: 0,
        move_overhead: Duration::from_millis(10),
    };
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions::DEFAULT
    }
}

/// Signals from the protocol reader to a running search.
#[derive(Debug, Default)]
pub struct Signals {
    /// Set by `stop` (and `quit`): return as soon as possible.
    pub stop: AtomicBool,
    /// Set by `ponderhit`: the pondered move was played; switch to the clock.
    pub ponderhit: AtomicBool,
}

impl Signals {
    /// Whether a search under `limits` must still hold its answer: an `infinite`
    /// one until `stop`, a `ponder` one until `stop` or `ponderhit`. The one place
    /// that says when an answer may go out.
    pub fn holds_answer(&self, limits: &Limits) -> bool {
        !self.stop.load(Ordering::Relaxed)
            && (limits.infinite || (limits.ponder && !self.ponderhit.load(Ordering::Relaxed)))
    }

    /// Wait while [`Signals::holds_answer`].
    pub fn wait_release(&self, limits: &Limits) {
        while self.holds_answer(limits) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}
