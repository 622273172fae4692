//! The search entry point the protocol drives.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Arc;

use crate::rules::{Action, Game, Game4, Position, Seat, Side};

use super::alphabeta::Shared;
use super::eval::{evaluate, terms, Weights};
use super::four::{self, Answer4, Info4, Limits4, Settings4};
use super::params::SearchParams;
use super::skill::{self, MAX_SKILL_LEVEL};
use super::threads::{run, IdConfig, Pool, MAX_DEPTH};
use super::time::TimeManager;
use super::tt::Tt;
use super::{Info, Limits, SearchOptions, SearchResult, Signals};

/// A search engine: options, the transposition table, and `search`.
pub struct Searcher {
    opts: SearchOptions,
    tt: Option<Arc<Tt>>,
    /// The helper threads, kept between searches.
    pool: Pool,
    use_tt: bool,
    weights: Weights,
    params: SearchParams,
}

impl Searcher {
    /// A searcher with these options; the table is allocated later (`prepare`).
    pub fn new(opts: &SearchOptions) -> Searcher {
        Searcher {
            opts: opts.clone(),
            tt: None,
            pool: Pool::default(),
            use_tt: true,
            weights: Weights::DEFAULT,
            params: SearchParams::default(),
        }
    }

    /// New options; a new `Hash` size drops the table (reallocated by `prepare`).
    pub fn set_options(&mut self, opts: &SearchOptions) {
        if opts.hash_mb != self.opts.hash_mb {
            self.tt = None;
        }
        self.opts = opts.clone();
    }

    /// Allocate the transposition table if it is not there yet.
    pub fn prepare(&mut self) {
        if self.tt.is_none() {
            self.tt = Some(Arc::new(Tt::new(self.opts.hash_mb)));
        }
    }

    /// Forget everything learnt from earlier searches.
    pub fn new_game(&mut self) {
        if let Some(tt) = &self.tt {
            tt.clear();
        }
    }

    /// Evaluate with other weights (for tuning matches).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// Search with other margins and reductions (for tuning; `SearchParams::set` changes one by name).
    pub fn set_params(&mut self, params: SearchParams) {
        self.params = params;
    }

    /// Search without the transposition table (for tests that compare).
    pub fn set_use_tt(&mut self, on: bool) {
        self.use_tt = on;
    }

    /// The four-seat player's answer for `seat` in `game` (see `four::think`), through this searcher's table
    /// once `prepare` has made it: what the seat's earlier answers in the game found is there to read (each
    /// seat's entries are its own), and `new_game` forgets it. Its size is the options' `Hash`, not
    /// `settings.hash_mb`.
    pub fn think4(
        &self,
        game: &Game4,
        seat: Seat,
        limits: &Limits4,
        settings: &Settings4,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info4),
    ) -> Answer4 {
        match self.tt.as_deref() {
            Some(tt) => four::think_in(tt, game, seat, limits, settings, stop, info),
            None => four::think_in(&Tt::new(self.opts.hash_mb), game, seat, limits, settings, stop, info),
        }
    }

    /// Search the current position of `game` within `limits`. Returns at once
    /// when the game is over; otherwise `best` is a legal action.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        signals: &Signals,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let root = *game.position();
        let actions = root_actions(game, limits);
        let wait = || signals.holds_answer(limits);
        if actions.is_empty() {
            signals.wait_release(limits);
            return SearchResult::default();
        }
        let level = self.opts.skill_level.min(MAX_SKILL_LEVEL);
        // The options' seed mixed with where the game stands: each move of a game draws anew.
        let seed = self.opts.seed.wrapping_mul(0xD6E8_FEB8_6659_FD93)
            ^ root.key()
            ^ (game.positions().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if level <= 1 {
            let best = if level == 0 {
                skill::random(&actions, seed)
            } else {
                skill::greedy(&root, &actions, seed)
            };
            signals.wait_release(limits);
            return SearchResult {
                best: Some(best),
                ponder: None,
                nodes: 0,
            };
        }

        self.prepare();
        let tt = self.tt.clone().expect("prepared");
        tt.new_search();
        let shared = Arc::new(Shared {
            tt: tt.clone(),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            // Below full strength the level's budget (`skill::nodes`) caps `go nodes`.
            node_limit: if level < MAX_SKILL_LEVEL {
                Some(limits.nodes.unwrap_or(u64::MAX).min(skill::nodes(level)))
            } else {
                limits.nodes
            },
            // More threads than the machine runs at once only share its cores and delay `stop`.
            threads: self.opts.threads.clamp(1, hardware_threads()),
            use_tt: self.use_tt,
            weights: self.weights,
            params: self.params,
        });
        // Any depth beyond the deepest iteration means "as deep as the search goes" (never a wrapped cast).
        let max_depth = limits.depth.map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH as u32) as i32);
        let mut multipv = self.opts.multipv.max(1);
        if level < MAX_SKILL_LEVEL {
            multipv = multipv.max(skill::LINES);
        }
        let cfg = IdConfig {
            max_depth,
            multipv,
            mate: limits.mate,
        };
        let tm = TimeManager::new(limits, root.side_to_move(), self.opts.move_overhead, &self.params);
        let (moves, nodes) = run(
            &shared,
            &mut self.pool,
            signals,
            game.positions(),
            &actions,
            &cfg,
            tm,
            &wait,
            info,
        );
        let best_index = if level < MAX_SKILL_LEVEL {
            skill::pick(&moves, multipv, level, seed)
        } else {
            0
        };
        let best = moves[best_index].action;
        let ponder = moves[best_index]
            .pv
            .get(1)
            .copied()
            .or_else(|| hash_reply(&root, &best, &tt));
        SearchResult {
            best: Some(best),
            ponder,
            nodes,
        }
    }

    /// The static evaluation of the current position with the compiled weights, one term a line.
    pub fn eval_report(game: &Game) -> String {
        Searcher::eval_report_with(game, &Weights::DEFAULT)
    }

    /// The static evaluation of the current position with `w`, one term a line (the `eval` command).
    pub fn eval_report_with(game: &Game, w: &Weights) -> String {
        let pos = game.position();
        let map = pos.reach_map();
        let t = terms(pos, &map, w);
        let mut out = String::from("term            first-player view\n");
        for (name, v) in t.named() {
            out.push_str(&format!("{name:<15} {v:>6}\n"));
        }
        out.push_str(&format!("{:<15} {:>6}\n", "total", t.total()));
        let side = if pos.side_to_move() == Side::White {
            "first"
        } else {
            "second"
        };
        out.push_str(&format!(
            "side to move ({side} player), tempo included: {}",
            evaluate(pos, &map, w)
        ));
        out
    }
}

/// How many threads the machine runs at once (1 if it cannot tell).
fn hardware_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The actions the root may choose from: every legal one, narrowed to `searchmoves`
/// when that names any of them; none once the game is over.
fn root_actions(game: &Game, limits: &Limits) -> Vec<Action> {
    if game.result().is_some() {
        return Vec::new();
    }
    let actions = game.position().legal_actions();
    if limits.searchmoves.is_empty() {
        return actions;
    }
    let wanted: Vec<Action> = actions
        .iter()
        .copied()
        .filter(|a| limits.searchmoves.contains(a))
        .collect();
    if wanted.is_empty() {
        actions
    } else {
        wanted
    }
}

/// The hash move of the position after `best`, if the game goes on and it is still legal there
/// (a ponder move when the PV ends at `best`).
fn hash_reply(root: &Position, best: &Action, tt: &Tt) -> Option<Action> {
    let child = root.play(best);
    if child.outcome().is_some() {
        return None;
    }
    let hit = tt.probe(child.key(), 1)?;
    super::movelist::resolve(&child, hit.action?)
}
