//! The player of `naviadratp4` (issue 14): one `think` answers for a seat in every phase of the round
//! (F19–F27) — a declaration, a bid, a promise or an action.
//!
//! - `search`: alpha-beta over a `line` of play, with a capture quiescence: the current round's rivals play their
//!   own best action by the static score, later rounds' rivals threaten one blow each (why: see there), which
//!   the action search counts at `Tune_blow_odds` (half) and the sealed phases in full, with
//!   `Tune_samples` each with a kind drawn at each round's start as a one-ply player would declare it there,
//!   averaged over the determinizations; a declaration's worlds (`Tune_declare_worlds`, on by default) draw the
//!   current round's sealed rivals a kind the same way and read them as revealed, and a bid step's second reading
//!   (`Tune_bid_reveal`, off by default) reads its revealed rivals so;
//! - `eval`: each seat's worth from the two-player weights plus the cross's terms (Navias held, a Navia that can
//!   be taken, Pharaoh squares held), and the answering seat's score against the others;
//! - `player`: the four phases from that one search; `auction`: the bid reasoning from place values and the
//!   rivals' amounts read as one-ply players would bid them, then as the player itself would in their seats;
//! - `budget`: `go`'s limits, the seat's clock (through the two-player time manager) and `stop`;
//! - `bench`: the player's answers to fixed positions in every phase, whose node total is its signature.
//!
//! The search runs on the calling thread, through a transposition table of `Hash` MiB that the engine keeps
//! between answers (`Searcher::think4`), so that a bid step or an action reads what the declaration's lines
//! found; `Settings4::threads` is accepted for the protocol's option and changes nothing. The thousand war (F30)
//! is seen at the first round end a line reaches (later queues are the search's own reading), scored by the
//! seat's F34 place. What the player does not model: the round limit (F31) is left to the game, and later rounds'
//! auctions are read paranoidly (the answering seat last, see `line`).

mod auction;
mod bench;
mod budget;
mod eval;
mod line;
mod player;
mod search;

use std::sync::atomic::AtomicBool;

use crate::rules::{CrossAction, Declaration, Game4, Phase, Seat, State4};

use super::eval::Weights;
use super::skill::{self, MAX_SKILL_LEVEL};
use super::tt::Tt;
pub use bench::{bench4, BENCH4_POSITIONS};
use budget::Budget;
pub use eval::Weights4;
use player::Player;

/// What `go` asked for, with the clock of the answering seat (F41).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits4 {
    /// Exact time for this answer.
    pub movetime_ms: Option<u64>,
    /// Deepest iteration, in actions.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Think until `stop`, and hold the answer until then.
    pub infinite: bool,
    /// The answering seat's remaining clock.
    pub time_left_ms: Option<u64>,
    /// The answering seat's increment.
    pub inc_ms: u64,
    /// Answers to the next time control.
    pub movestogo: Option<u32>,
}

/// Settings from `setoption`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings4 {
    /// `Skill Level`, 0 (a random legal choice) to 20 (full strength).
    pub skill: u8,
    /// Where the weak levels' random choices start: the same seed and game give the same answers. Full strength
    /// does not read it.
    pub seed: u64,
    /// Time kept back per answer for communication lag.
    pub move_overhead_ms: u64,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB, for [`think`]'s own table.
    pub hash_mb: usize,
    /// `MultiPV`: the number of best actions (phase `a`) or kinds (phase `d`) reported, each with its score.
    pub multipv: usize,
    /// The two-player evaluation weights (`Weights File`, `Tune_` options) each seat's worth is built on.
    pub weights: Weights,
    /// The weights of the cross's own terms (`Tune_` options).
    pub weights4: Weights4,
}

impl Settings4 {
    /// Full strength with the default weights, seed 0, no move overhead, one thread, one line reported.
    pub const FULL: Settings4 = Settings4 {
        skill: MAX_SKILL_LEVEL as u8,
        seed: 0,
        move_overhead_ms: 0,
        threads: 1,
        hash_mb: 1,
        multipv: 1,
        weights: Weights::DEFAULT,
        weights4: Weights4::DEFAULT,
    };
}

/// One `info` line's worth of progress.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info4 {
    /// Iteration depth, in actions.
    pub depth: u32,
    /// The line's rank under `MultiPV` above 1 (1 the best); 0 when only the answer's line is reported.
    pub multipv: u32,
    /// Score from the answering seat's point of view.
    pub score_cp: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the `go`.
    pub time_ms: u64,
    /// The expected actions, as text (F37), the answer first (phase `a`; empty in the other phases). A rival
    /// turn the search reads as "nothing that matters" (a secret kind's quiet action) is left out.
    pub pv: Vec<String>,
}

/// The answer of one `think`, for the phase of the round (F41).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer4 {
    /// Phase `d`: the kind declared (F20).
    Declare(Declaration),
    /// Phase `b`: the amount added in this bid step, 0 to the pool (F23).
    Bid(u8),
    /// Phase `p`: whether the seat promises to take nothing this round (F24).
    Promise(bool),
    /// Phase `a`: the action (F26).
    Action(CrossAction),
    /// The seat decides nothing now, or has nothing legal (the game is over, `-`, an empty pool, no action).
    None,
}

/// Deepest iteration, in actions.
const MAX_DEPTH: u32 = 64;

/// Answer for `seat` in the current phase of `game` within `limits`; [`Answer4::None`] if it decides nothing.
/// Every answer is legal: a kind of `State4::declarable`, a bid from 0 to `State4::max_bid`, or an action of
/// `State4::legal_actions`. Progress goes to `info` after each iteration; `stop` ends the thinking within a
/// few milliseconds, and with `infinite` the answer is held until `stop`. It searches with a new table of
/// `settings.hash_mb` MiB, so that the answer depends on its arguments alone.
pub fn think(
    game: &Game4,
    seat: Seat,
    limits: &Limits4,
    settings: &Settings4,
    stop: &AtomicBool,
    info: &mut dyn FnMut(&Info4),
) -> Answer4 {
    think_in(&Tt::new(settings.hash_mb), game, seat, limits, settings, stop, info)
}

/// [`think`] through `table`, which keeps what earlier answers found.
pub(in crate::search) fn think_in(
    table: &Tt,
    game: &Game4,
    seat: Seat,
    limits: &Limits4,
    settings: &Settings4,
    stop: &AtomicBool,
    info: &mut dyn FnMut(&Info4),
) -> Answer4 {
    table.new_search();
    let state = game.state();
    let level = (settings.skill as u32).min(MAX_SKILL_LEVEL);
    let cap = if level < MAX_SKILL_LEVEL {
        skill::depth(level) as u32
    } else {
        MAX_DEPTH
    };
    let mut budget = Budget::new(limits, settings, stop, cap);
    let answer = if game.result().is_some() || !state.deciding().contains(seat) {
        Answer4::None
    } else {
        // The setting's seed mixed with where the game stands: every answer of a game draws anew. Full strength
        // draws its determinizations from where the game stands alone, so that with a node or depth limit it
        // answers the same whatever `Random Seed` (a clock's at 0) is, as the duel's search does.
        let setting = if level < MAX_SKILL_LEVEL { settings.seed } else { 0 };
        let seed = setting.wrapping_mul(0xD6E8_FEB8_6659_FD93)
            ^ state.position().key()
            ^ (game.events().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (seat.index() as u64 + 1).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        if level == 0 {
            random(state, seat, seed)
        } else {
            let wars = seen_twice(game.decision_keys());
            let mut player = Player {
                state,
                seat,
                level,
                seed,
                info,
                depth: 0,
                multipv: settings.multipv.max(1),
                wars: &wars,
                table,
                weights: settings.weights4.on_the_cross(&settings.weights),
                weights4: settings.weights4,
            };
            match state.phase() {
                Phase::Decision => player.declare(&mut budget),
                Phase::Bidding => player.bid(&mut budget),
                Phase::Promise => player.promise(&mut budget),
                Phase::Actions => player.act(&mut budget),
            }
        }
    };
    budget.hold(limits);
    answer
}

/// The `eval` report of `game`'s position: each seat's worth term by term (the two-player `weights` as the cross
/// reads them, and `weights4`), then its score: its worth less the others' in the game, the strongest counted twice.
pub fn eval_report(game: &Game4, weights: &Weights, weights4: &Weights4) -> String {
    let pos = game.state().position();
    let terms = eval::seat_terms(pos, &pos.reach_map(), &weights4.on_the_cross(weights), weights4);
    let row = |name: &str, v: [i32; 4]| format!("{name:<15}{}\n", v.map(|x| format!("{x:>7}")).concat());
    let mut out = format!(
        "{:<15}{}\n",
        "term",
        Seat::ALL.map(|s| format!("{:>7}", s.name())).concat()
    );
    let named = terms.map(|t| t.named());
    for (i, &(name, _)) in named[0].iter().enumerate() {
        out.push_str(&row(name, named.each_ref().map(|n| n[i].1)));
    }
    let values = terms.map(|t| t.total());
    out.push_str(&row("total", values));
    let round = game.state().round();
    let in_game = || Seat::ALL.into_iter().filter(|&s| !round.is_out(s));
    out.push_str(&row("score", Seat::ALL.map(|s| eval::score_for(&values, s, in_game()))));
    out.push_str("score: the seat's total less the others' mean, the strongest other counted twice");
    out
}

/// F30: the repetition keys that occurred twice in `keys`: a third time ends the game in a thousand war.
fn seen_twice(keys: &[u64]) -> Vec<u64> {
    let mut twice: Vec<u64> = keys
        .iter()
        .copied()
        .filter(|k| keys.iter().filter(|&x| x == k).count() >= 2)
        .collect();
    twice.sort_unstable();
    twice.dedup();
    twice
}

/// Skill Level 0: a legal answer drawn uniformly from `seed`.
fn random(state: &State4, seat: Seat, seed: u64) -> Answer4 {
    match state.phase() {
        Phase::Decision => {
            let kinds = state.declarable(seat);
            if kinds.is_empty() {
                Answer4::None
            } else {
                Answer4::Declare(skill::random(&kinds, seed))
            }
        }
        Phase::Bidding => {
            let bids: Vec<u8> = (0..=state.max_bid(seat)).collect();
            Answer4::Bid(skill::random(&bids, seed))
        }
        Phase::Promise => Answer4::Promise(skill::random(&[false, true], seed)),
        Phase::Actions => {
            let actions = state.legal_actions();
            if actions.is_empty() {
                Answer4::None
            } else {
                Answer4::Action(skill::random(&actions, seed))
            }
        }
    }
}
