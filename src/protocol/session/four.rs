//! The `naviadratp4` dialect (F39–F42): what each command does while the variant is the four-player game.
//! The duel's commands that mean the same here (`uci`, `setoption`, `isready`, `stop`, `bench`, `catalogue` …)
//! stay in the session; this module holds the ones that read or change the four-player game.

use std::time::Instant;

use super::super::command::{ForceWords, GoParams, Query, StartPos};
use super::super::format;
use super::Session;
use crate::rules::forces::Force;
use crate::rules::{Catalogue, Error4, Game4, Phase, Seat, State4};
use crate::search::four::{Answer4, Info4, Limits4, Settings4};
use crate::search::{Limits, Signals};

impl Session {
    /// The start of a four-player game with the default forces (F36), under the `Round Limit`.
    pub(super) fn start4(&self, cat: &'static Catalogue) -> Result<Game4, String> {
        Game4::startpos(cat, None, self.opts.round_limit).map_err(|e| e.to_string())
    }

    /// `position` in `naviadratp4` (F40): built on a copy, committed only if the start and every event are good.
    pub(super) fn position4(&mut self, start: &StartPos, events: &[String]) {
        let cat = self.cat;
        let limit = self.opts.round_limit;
        let game = match start {
            StartPos::Start => self.start4(cat).map_err(|e| format!("position: {e}")),
            StartPos::Fen(text) => Game4::from_nfen4(text, cat, limit).map_err(|e| e.to_string()),
            StartPos::Forces(words) => self
                .forces4(words)
                .and_then(|f| Game4::startpos(cat, Some(&f), limit).map_err(|e| format!("position: {e}"))),
        };
        let mut game = match game {
            Ok(g) => g,
            Err(e) => return self.error(&e),
        };
        for (i, ev) in events.iter().enumerate() {
            if let Err(e) = game.play_text(ev) {
                return self.error(&format!("illegal move '{ev}' at index {i}: {e}"));
            }
        }
        self.four = Some(Box::new(game));
    }

    /// `startpos forces` with four forces in seat order (F40), each checked under the `Force Rule` (F11).
    fn forces4(&self, words: &[ForceWords]) -> Result<[Force; 4], String> {
        let [s, w, n, e] = words else {
            return Err(format!(
                "position: forces takes four forces in seat order s w n e (<navia>:<maseitai>,…), got {}",
                words.len()
            ));
        };
        Ok([
            self.force(s, Seat::South.name())?,
            self.force(w, Seat::West.name())?,
            self.force(n, Seat::North.name())?,
            self.force(e, Seat::East.name())?,
        ])
    }

    /// `query` in `naviadratp4` (F39, F42).
    pub(super) fn query4(&self, game: &Game4, q: Query) {
        self.out.line(&format::query_answer4(q, game));
    }

    /// `legal [seat <x>]` (F42): the seat's choices now; without a seat, those of the only seat deciding.
    pub(super) fn legal4(&self, game: &Game4, seat: Option<Seat>) {
        let state = game.state();
        let deciding = state.deciding();
        let seat = match seat {
            Some(s) => Some(s),
            None if deciding.len() > 1 => {
                return self.error(&format::several_decide("legal", deciding));
            }
            None => deciding.iter().next(),
        };
        let choices = match seat {
            Some(s) if deciding.contains(s) && game.result().is_none() => format::choices4(state, s),
            _ => Vec::new(),
        };
        self.out.line(&format::legal(&choices));
    }

    /// `d` in `naviadratp4` (F42): the cross and the fixed lines.
    pub(super) fn display4(&self, game: &Game4) {
        self.out.lines(format::diagram4(game));
    }

    /// `perft <n>` in `naviadratp4` (F42): in phase `a`, one line per action of the seat to act, then the
    /// total of the sequences of n actions by the seats still to act this round; `stop` ends it between them.
    pub(super) fn perft4(&self, game: &Game4, depth: u32, full: bool, signals: &Signals) -> Vec<String> {
        let state = game.state();
        if full {
            return vec![format::error(
                "perft: 'full' is the duel's mode; naviadratp4 counts with 'perft <depth>'",
            )];
        }
        if state.phase() != Phase::Actions || game.result().is_some() {
            return vec![format::error(&format!(
                "perft: naviadratp4 counts actions in phase a; the position is in phase {}{}",
                state.phase(),
                if game.result().is_some() {
                    ", and the game is over"
                } else {
                    ""
                }
            ))];
        }
        let start = Instant::now();
        if depth == 0 {
            return vec![format::nodes_searched(1)];
        }
        let actions = state.legal_actions();
        let mut counts = Vec::with_capacity(actions.len());
        for a in &actions {
            if signals.stop.load(std::sync::atomic::Ordering::Relaxed) {
                return vec![format::perft_stopped(counts.len(), actions.len())];
            }
            let mut child = *state;
            child.play_action(a);
            counts.push((state.action_text(a), child.perft(depth - 1)));
        }
        counts.sort();
        format::perft_answer(depth, format::PERFT_ACTIONS, &counts, start.elapsed())
    }

    /// `go` in `naviadratp4` (F41): `info` lines from the player, then one `bestdeclare`, `bestbid`,
    /// `bestpromise` or `bestmove` for the seat, by the phase.
    pub(super) fn go4(&self, game: &Game4, p: &GoParams, signals: &Signals) -> Vec<String> {
        for w in p.duel_only_words() {
            self.error(&format::duel_go_word(w));
        }
        let p = p.without_duel_words();
        let state = game.state();
        let phase = state.phase();
        if let Some(expect) = p.expect.filter(|&e| e != phase) {
            self.error(&format::wrong_phase_word(expect, phase));
        }
        // F41: the answer waits for `stop` in infinite mode, whatever it is.
        let hold = Limits {
            infinite: p.until_stop(),
            ..Limits::default()
        };
        let none = |signals: &Signals| {
            signals.wait_release(&hold);
            vec![format::answer4_none(phase)]
        };
        if game.result().is_some() {
            return none(signals);
        }
        let deciding = state.deciding();
        let seat = match (p.seat, deciding.len()) {
            (Some(s), _) if deciding.contains(s) => s,
            (Some(s), _) => {
                self.error(&format::decides_nothing(s, phase, deciding));
                return none(signals);
            }
            (None, 1) => match deciding.iter().next() {
                Some(s) => s,
                None => return none(signals),
            },
            (None, _) => {
                self.error(&format::several_decide("go", deciding));
                return none(signals);
            }
        };
        let ms = |v: i64| v.max(0) as u64;
        let limits = Limits4 {
            movetime_ms: p.movetime.map(ms),
            depth: p.depth,
            nodes: p.nodes,
            infinite: hold.infinite,
            time_left_ms: p.time[seat.index()].map(ms),
            inc_ms: p.inc[seat.index()].map_or(0, ms),
            movestogo: p.movestogo,
        };
        let o = &self.opts.search;
        let settings = Settings4 {
            skill: o.skill_level.min(u32::from(u8::MAX)) as u8,
            seed: o.seed,
            move_overhead_ms: o.move_overhead.as_millis() as u64,
            threads: o.threads,
            hash_mb: o.hash_mb,
            multipv: o.multipv,
            weights: self.opts.weights,
            weights4: self.opts.weights4,
        };
        let out = &self.out;
        let answer = self
            .searcher
            .think4(game, seat, &limits, &settings, &signals.stop, &mut |i: &Info4| {
                out.line(&format::info4(i))
            });
        debug_assert!(answer_is_legal(&answer, state, seat), "the player's answer is legal");
        signals.wait_release(&hold);
        vec![format::answer4(&answer, phase, state)]
    }

    /// The four-player game replayed on a new catalogue (its start and every event); failing that, the start
    /// of `naviadratp4`, with a line saying so; an error when neither fits the catalogue.
    pub(super) fn replay4_on(&self, game: &Game4, cat: &'static Catalogue, path: &str) -> Result<Game4, String> {
        let replay = || -> Result<Game4, Error4> {
            let start = game.start();
            let mut g = Game4::from_nfen4(&start.nfen4(), cat, start.round_limit())?;
            for ev in game.events() {
                g.play_text(&game.event_text(ev))?;
            }
            Ok(g)
        };
        if let Ok(g) = replay() {
            return Ok(g);
        }
        let g = self.start4(cat).map_err(|e| {
            format!("Catalogue File: '{path}' refused: the current game and the start position do not fit it ({e})")
        })?;
        self.out.line(&format::info_string(
            "the current position does not fit the new catalogue; reset to startpos",
        ));
        Ok(g)
    }
}

/// Whether the player's answer is a legal choice of `seat` now (F41): the player's promise, checked in debug
/// builds.
fn answer_is_legal(answer: &Answer4, state: &State4, seat: Seat) -> bool {
    match answer {
        Answer4::Declare(d) => state.declarable(seat).contains(d),
        Answer4::Bid(n) => *n <= state.max_bid(seat),
        Answer4::Promise(_) => state.phase() == Phase::Promise,
        Answer4::Action(a) => state.legal_actions().contains(a),
        Answer4::None => false,
    }
}
