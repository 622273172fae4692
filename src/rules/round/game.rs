//! A four-player game of `naviadratp4`: the cross position of the board core and the [`Round`] together.
//!
//! [`State4`] is one moment of the game and is `Copy`, so a search can copy-make it. It joins the two halves:
//! - the round decides who declares, bids, promises and acts (F19–F27), reading the board through a view that
//!   filters a seat's actions by its declaration, the fallback and its promise (F26);
//! - the board plays the actions; their income and spending go back to the round's pools, which the position
//!   mirrors (F13: stakes live only in the round, and are 0 whenever a seat acts);
//! - the game ends by three Navia or Navia dratp after an action (F28, F29), at the start of a round by the
//!   round limit or when nobody can act (F31, F32), or when one seat is left (F33).
//!
//! [`Game4`] adds the start and the event list, and with them the thousand war (F30), which needs the history.

use std::fmt;

use thiserror::Error;

use super::actions::{seat_actions, seated, SeatActions};
use super::notation::{self, EventError, FieldError, RoundFields};
use super::{BoardView, Declarable, Declaration, Event, Phase, Round, RoundError, SeatSet};
use crate::rules::action::ActionOf;
use crate::rules::catalogue::{Catalogue, Kind};
use crate::rules::cross::Cross;
use crate::rules::cross_setup::{cross_board_text, cross_start_setup, parse_cross_board, CrossSetup, CrossSetupError};
use crate::rules::forces::{default_forces4, Force, ForceError};
use crate::rules::notation::{action_text, parse_action, MoveError};
use crate::rules::piece::Piece;
use crate::rules::position::{PositionOf, WinReason};
use crate::rules::rng::splitmix64;
use crate::rules::seat::Seat;

/// A position of the cross.
type CrossPosition = PositionOf<Cross>;
/// An action on the cross.
type CrossAction = ActionOf<Cross>;

/// The default round limit (F31).
pub const DEFAULT_ROUND_LIMIT: u16 = 200;

/// How a four-player game ended (F28–F33), with its PGN `Termination` text (F43).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Termination4 {
    /// F28: a team holds three Navia.
    ThreeNavia,
    /// F29: a seat dratped a Navia of its team.
    NaviaDratp,
    /// F30: the state at the start of a round occurred for the third time.
    ThousandWar,
    /// F31: the last round allowed was completed.
    RoundLimit,
    /// F32: no seat could declare anything at the start of a round.
    NoAction,
    /// F33: every other seat was eliminated.
    LastSeat,
}

impl Termination4 {
    /// The PGN `Termination` text (F43).
    pub fn text(self) -> &'static str {
        match self {
            Termination4::ThreeNavia => "three navia",
            Termination4::NaviaDratp => "navia dratp",
            Termination4::ThousandWar => "thousand war",
            Termination4::RoundLimit => "round limit",
            Termination4::NoAction => "no action",
            Termination4::LastSeat => "last seat",
        }
    }
}

/// A finished game: the winner, if any (F34), and how it ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Result4 {
    /// The winning seat; `None` for a game with no winner.
    pub winner: Option<Seat>,
    /// How it ended.
    pub termination: Termination4,
}

/// Why a position, a start or an event was refused; one line each.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum Error4 {
    /// NFEN4 fields 2–10 do not parse (F35).
    #[error("{0}")]
    Fields(#[from] FieldError),
    /// NFEN4 field 1 does not parse (F35).
    #[error("bad NFEN4: board: {0}")]
    Board(String),
    /// The position cannot arise (F35).
    #[error("bad NFEN4: {field}: {0}", field = .0.field())]
    Setup(#[from] CrossSetupError),
    /// The round fields do not fit the phase or the board, or an event does not fit the round.
    #[error("{0}")]
    Round(#[from] RoundError),
    /// An event does not parse (F38).
    #[error("{0}")]
    Event(#[from] EventError),
    /// The forces cannot be set up (F11).
    #[error("{0}")]
    Force(#[from] ForceError),
    /// An action text that is not a legal action of the seat to act (F26, F37).
    #[error("'{text}' is not a legal action of {seat}: {why}")]
    Action {
        /// The action as written.
        text: String,
        /// The seat to act.
        seat: &'static str,
        /// Why not.
        why: String,
    },
    /// Nothing more can be played: the game is over.
    #[error("the game is over ({0})")]
    Over(&'static str),
}

/// The board as the round reads it: the position, the declarations and promises that filter actions (F26), and
/// the stakes, which were in the pools when the round started (F20).
struct View<'a> {
    pos: &'a CrossPosition,
    declarations: Option<[Declaration; 4]>,
    promised: SeatSet,
    stakes: Option<[u8; 4]>,
}

impl BoardView for View<'_> {
    fn catalogue(&self) -> &Catalogue {
        self.pos.catalogue()
    }

    /// F20 judges the position at the start of the round: during the auction the stakes are back in the pools.
    fn declarable(&self, seat: Seat) -> Declarable {
        let mut pos = seated(self.pos, seat);
        for (s, stake) in Seat::ALL.into_iter().zip(self.stakes.unwrap_or([0; 4])) {
            pos.set_pool(s, pos.pool(s) + stake);
        }
        SeatActions::new(&pos, seat, None, false).kinds()
    }

    fn team_total(&self, seat: Seat) -> u32 {
        team_total(self.pos, seat)
    }

    fn can_act(&self, seat: Seat) -> bool {
        let declared = self.declarations.map(|d| d[seat.index()]);
        !SeatActions::new(self.pos, seat, declared, self.promised.contains(seat)).is_empty()
    }
}

/// F21: the point value of a piece: what a taker earns for it.
fn point_value(piece: Piece, cat: &Catalogue) -> u32 {
    match piece {
        Piece::BlackGulled => 1,
        Piece::RedGulled => 3,
        Piece::Navia(_) => 30,
        Piece::Maseitai(k) => cat.cost(k).into(),
    }
}

/// F21: the point values of the seat's team on the board and in its keep.
fn team_total(pos: &CrossPosition, seat: Seat) -> u32 {
    let cat = pos.catalogue();
    let board: u32 = pos
        .side_bb(seat)
        .filter_map(|sq| pos.piece_at(sq))
        .map(|pl| point_value(pl.piece, cat))
        .sum();
    let keep: u32 = pos.keep(seat).as_slice().iter().map(|&k| u32::from(cat.cost(k))).sum();
    board + keep
}

/// F34: each seat's place in `pos` (1 is best), in seat order, given the `winner` and `out_order` (for each seat,
/// when it was eliminated, 1 = first; 0 while it plays); seats still equal share a place, and the next place
/// counts them (`1 2 2 4`).
pub fn places(pos: &CrossPosition, out_order: [u8; 4], winner: Option<Seat>) -> [u8; 4] {
    let key = |s: Seat| {
        let out = out_order[s.index()];
        (
            winner == Some(s),
            // Not eliminated first, then the later eliminated higher.
            if out == 0 { u8::MAX } else { out },
            pos.navias_held(s),
            team_total(pos, s),
            pos.pool(s),
        )
    };
    // Each seat's key once: the search ranks the seats at every game end it reaches.
    let keys = Seat::ALL.map(key);
    keys.map(|k| 1 + keys.iter().filter(|&&t| t > k).count() as u8)
}

/// F30: the key of what must repeat for a thousand war at a decision-phase start: the board with teams and dratp
/// states, pools, keeps, graveyards and lasting effects (`pos`, whatever its side to move), the base `order` and
/// the seats `out` (not the round number).
pub fn repetition_key(pos: &CrossPosition, order: [Seat; 4], out: SeatSet) -> u64 {
    let mix = |x: u64| splitmix64(&mut x.clone());
    let out = out.iter().fold(0u64, |k, s| k | 1 << s.index());
    let mut k = seated(pos, Seat::South).key() ^ mix(out | 0x100);
    for (i, s) in order.iter().enumerate() {
        k ^= mix(((i as u64) << 8) | s.index() as u64 | 0x1000);
    }
    k
}

/// One moment of a four-player game: the cross position, the round and the round limit (see the module doc).
#[derive(Clone, Copy, PartialEq)]
pub struct State4 {
    pos: CrossPosition,
    round: Round,
    limit: u16,
    /// F34: for each seat, when it was eliminated (1 = first); 0 while it plays.
    out_order: [u8; 4],
}

impl State4 {
    /// Join a checked position and round fields into a state (F35).
    fn new(pos: CrossPosition, setup: &super::RoundSetup, limit: u16) -> Result<State4, Error4> {
        let view = View {
            pos: &pos,
            declarations: setup.declarations,
            promised: setup.promised,
            stakes: setup.stakes,
        };
        let round = Round::from_setup(setup, &view)?;
        let out_order = Seat::ALL.map(|s| u8::from(round.is_out(s)));
        let mut state = State4 {
            pos,
            round,
            limit: limit.max(1),
            out_order,
        };
        state.mirror();
        Ok(state)
    }

    /// The cross position; in phase `a` the seat to act is its side to move.
    pub fn position(&self) -> &CrossPosition {
        &self.pos
    }

    /// The round.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The phase (F19).
    pub fn phase(&self) -> Phase {
        self.round.phase()
    }

    /// The round limit (F31).
    pub fn round_limit(&self) -> u16 {
        self.limit
    }

    /// The catalogue the game is played with.
    pub fn catalogue(&self) -> &'static Catalogue {
        self.pos.catalogue()
    }

    fn view(&self) -> View<'_> {
        let s = self.round.setup();
        View {
            pos: &self.pos,
            declarations: s.declarations,
            promised: s.promised,
            stakes: s.stakes,
        }
    }

    /// The result, if the game is over; everything but the thousand war, which needs the history (F30).
    pub fn result(&self) -> Option<Result4> {
        if let Some(seat) = self.round.last_seat() {
            return Some(Result4 {
                winner: Some(seat),
                termination: Termination4::LastSeat,
            });
        }
        if let Some(r) = self.board_result() {
            return Some(r);
        }
        if self.phase() != Phase::Decision {
            return None;
        }
        let draw = |termination| {
            Some(Result4 {
                winner: None,
                termination,
            })
        };
        if self.round.number() > self.limit {
            return draw(Termination4::RoundLimit);
        }
        if self.deciding().is_empty() {
            return draw(Termination4::NoAction);
        }
        None
    }

    /// F28, F29: three Navia or a dratped Navia, as the position records it (after an action, and when read
    /// from a board that shows it, F35).
    fn board_result(&self) -> Option<Result4> {
        self.pos.outcome().map(|o| Result4 {
            winner: Some(o.winner),
            termination: match o.reason {
                WinReason::ThreeNavia => Termination4::ThreeNavia,
                _ => Termination4::NaviaDratp,
            },
        })
    }

    /// The seats that decide now: in phase `d` those not out with something to declare (F20, F43); in `b` the
    /// bid step's seats with gyullas in their pool (the others' 0 is forced, F23); in `p` the promise step
    /// (F24); in `a` the seat to act (F26). None once the game is over.
    pub fn deciding(&self) -> SeatSet {
        if self.round.last_seat().is_some() || self.board_result().is_some() {
            return SeatSet::EMPTY;
        }
        match self.phase() {
            Phase::Decision if self.round.number() > self.limit => SeatSet::EMPTY,
            Phase::Decision => Seat::ALL
                .into_iter()
                .filter(|&s| !self.round.is_out(s) && !self.view().declarable(s).is_empty())
                .collect(),
            Phase::Bidding => self
                .round
                .bid_step()
                .iter()
                .filter(|&s| self.round.pool(s) > 0)
                .collect(),
            Phase::Promise => self.round.promise_step(&self.view()),
            Phase::Actions => self.round.actor().into_iter().collect(),
        }
    }

    /// F20: the kinds `seat` may declare now, in canonical order (`N`, `M<id>` by id, `B`, `R`); empty when it
    /// can declare only `-`, or outside phase `d`.
    pub fn declarable(&self, seat: Seat) -> Vec<Declaration> {
        if self.phase() != Phase::Decision || self.round.is_out(seat) {
            return Vec::new();
        }
        self.view().declarable(seat).iter(self.catalogue()).collect()
    }

    /// F23: the most `seat` may add in a bid step: its pool.
    pub fn max_bid(&self, seat: Seat) -> u8 {
        self.round.pool(seat)
    }

    /// In phase `a`, the legal actions of the seat to act (F26); none in other phases or once the game is over.
    pub fn legal_actions(&self) -> Vec<CrossAction> {
        match self.round.actor() {
            Some(seat) if self.result().is_none() => {
                seat_actions(&self.pos, seat, self.round.declaration(seat), self.round.promised(seat))
            }
            _ => Vec::new(),
        }
    }

    /// F21: the seat's team total.
    pub fn team_total(&self, seat: Seat) -> u32 {
        team_total(&self.pos, seat)
    }

    /// F34: each seat's place (1 is best), in seat order; seats still equal share a place, and the next place
    /// counts them (`1 2 2 4`).
    pub fn ranking(&self) -> [u8; 4] {
        // The position's pools are the round's (`mirror`).
        places(&self.pos, self.out_order, self.result().and_then(|r| r.winner))
    }

    /// The canonical text of an action (F37).
    pub fn action_text(&self, a: &CrossAction) -> String {
        action_text(a, self.catalogue())
    }

    /// Read an action of the seat to act (F37), checked against its legal actions now (F26).
    pub fn parse_action(&self, text: &str) -> Result<CrossAction, Error4> {
        let Some(seat) = self.round.actor() else {
            return Err(Error4::Round(RoundError::WrongPhase {
                event: "an action",
                phase: self.phase(),
            }));
        };
        let refuse = |why: String| Error4::Action {
            text: notation::shown(text),
            seat: seat.name(),
            why,
        };
        let a = parse_action(text, &seated(&self.pos, seat)).map_err(|e: MoveError| refuse(e.to_string()))?;
        if self.legal_actions().contains(&a) {
            Ok(a)
        } else if self.round.promised(seat) && self.pos.takes_piece(&a) {
            Err(refuse("it promised to take no piece this round (F24)".into()))
        } else {
            let d = self.round.declaration(seat).unwrap_or(Declaration::Nothing);
            Err(refuse(format!(
                "it declared {} (F26)",
                notation::declaration_text(d, self.catalogue())
            )))
        }
    }

    /// Play one event (F38), checked; a refused event leaves the state as it was.
    pub fn apply(&mut self, ev: &Event) -> Result<(), Error4> {
        if let Some(r) = self.result() {
            return Err(Error4::Over(r.termination.text()));
        }
        match ev {
            Event::Action(text) => {
                let a = self.parse_action(text)?;
                self.play_action(&a);
            }
            Event::Eliminate(seat) => {
                let mut round = self.round;
                round.apply(ev, &self.view())?;
                let n = self.out_order.iter().max().copied().unwrap_or(0) + 1;
                self.out_order[seat.index()] = n;
                self.round = round;
                self.mirror();
            }
            _ => {
                let mut round = self.round;
                round.apply(ev, &self.view())?;
                self.round = round;
                self.mirror();
            }
        }
        Ok(())
    }

    /// Play a legal action of the seat to act (one of `legal_actions`), unchecked: the search's fast path.
    pub fn play_action(&mut self, a: &CrossAction) {
        let Some(seat) = self.round.actor() else { return };
        self.pos = seated(&self.pos, seat).play(a);
        for s in Seat::ALL {
            // The position's pools are the round's while seats act (no stakes then), so this cannot fail.
            let _ = self.round.set_pool(s, self.pos.pool(s));
        }
        if self.board_result().is_some() {
            // F28, F29: the game ends at once; the seat is done, nobody else acts.
            self.round.s.done.insert(seat);
        } else {
            let mut round = self.round;
            // An action event is bookkeeping the round cannot refuse in phase `a` (round numbers are u16).
            if round.apply(&Event::Action(String::new()), &self.view()).is_ok() {
                self.round = round;
            }
        }
        self.mirror();
    }

    /// Keep the position in step with the round: its pools are the round's, and in phase `a` its side to move
    /// is the seat to act (South otherwise, so that equal states have equal keys, F30).
    fn mirror(&mut self) {
        for s in Seat::ALL {
            self.pos.set_pool(s, self.round.pool(s));
        }
        self.pos.set_side(self.round.actor().unwrap_or(Seat::South));
    }

    /// F30: the key of what must repeat for a thousand war: the board with teams and dratp states, pools,
    /// keeps, graveyards, lasting effects and the base order (not the round number).
    pub fn repetition_key(&self) -> u64 {
        let out = Seat::ALL.into_iter().filter(|&s| self.round.is_out(s)).collect();
        repetition_key(&self.pos, self.round.order(), out)
    }

    /// F42: how many sequences of `depth` actions the seats still to act this round can make.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.phase() != Phase::Actions || self.result().is_some() {
            return 0;
        }
        let actions = self.legal_actions();
        if depth == 1 {
            return actions.len() as u64;
        }
        actions
            .iter()
            .map(|a| {
                let mut next = *self;
                next.play_action(a);
                if next.phase() == Phase::Actions && next.round.number() == self.round.number() {
                    next.perft(depth - 1)
                } else {
                    0
                }
            })
            .sum()
    }

    /// The canonical NFEN4 of the state (F35).
    pub fn nfen4(&self) -> String {
        let s = self.pos.to_cross_setup();
        let fields = RoundFields {
            round: self.round.setup(),
            keeps: s.keeps,
            graves: s.graves,
            freezes: s.freezes,
        };
        format!(
            "{} {}",
            cross_board_text(&self.pos),
            notation::fields_text(&fields, self.catalogue())
        )
    }

    /// Read an NFEN4 string (F35): syntax field by field, then the position, then the round against it.
    pub fn from_nfen4(text: &str, cat: &'static Catalogue, limit: u16) -> Result<State4, Error4> {
        let (board, rest) = text.split_once(' ').unwrap_or((text, ""));
        let board = parse_cross_board(board, cat).map_err(Error4::Board)?;
        let fields = notation::parse_fields(rest, cat)?;
        let r = &fields.round;
        let side = match r.phase {
            Phase::Actions => r
                .order
                .into_iter()
                .find(|s| !r.done.contains(*s))
                .unwrap_or(Seat::South),
            _ => Seat::South,
        };
        let setup = CrossSetup {
            board,
            side,
            pools: r.pools,
            keeps: fields.keeps.clone(),
            graves: fields.graves.clone(),
            freezes: fields.freezes.clone(),
        };
        let pos = CrossPosition::from_cross_setup(cat, &setup)?;
        State4::new(pos, r, limit)
    }

    /// The start of a game (F11, F12, F36): the forces given, or the default ones; round 1 in phase `d` with
    /// the base order by team total (F22).
    pub fn start(cat: &'static Catalogue, forces: Option<&[Force; 4]>, limit: u16) -> Result<State4, Error4> {
        let forces = match forces {
            Some(f) => f.clone(),
            None => default_forces4(cat)?,
        };
        let pos = CrossPosition::from_cross_setup(cat, &cross_start_setup(&forces))?;
        let view = View {
            pos: &pos,
            declarations: None,
            promised: SeatSet::EMPTY,
            stakes: None,
        };
        let round = Round::start(&view);
        State4::new(pos, &round.setup(), limit)
    }
}

impl fmt::Debug for State4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "State4({})", self.nfen4())
    }
}

impl Declarable {
    /// The kinds in canonical order: `N`, the Maseitai by id, `B`, `R` (F20).
    pub fn iter(self, cat: &Catalogue) -> impl Iterator<Item = Declaration> {
        let mut maseitai: Vec<Kind> = (0..128u8)
            .map(Kind)
            .filter(|&k| self.contains(Declaration::Maseitai(k)))
            .collect();
        maseitai.sort_by_key(|&k| cat.get(k).code);
        std::iter::once(Declaration::Navia)
            .chain(maseitai.into_iter().map(Declaration::Maseitai))
            .chain([Declaration::Black, Declaration::Red])
            .filter(move |&d| self.contains(d))
    }
}

/// A whole four-player game: its start, its events and, through them, the thousand war (F30).
#[derive(Clone, Debug)]
pub struct Game4 {
    start: State4,
    now: State4,
    events: Vec<Event>,
    /// F30: the repetition keys of every decision-phase start so far, the start's included when it is one.
    keys: Vec<u64>,
}

impl Game4 {
    /// A game from a start state.
    pub fn new(start: State4) -> Game4 {
        let keys = if start.phase() == Phase::Decision {
            vec![start.repetition_key()]
        } else {
            Vec::new()
        };
        Game4 {
            start,
            now: start,
            events: Vec::new(),
            keys,
        }
    }

    /// The default or given forces' start (F36).
    pub fn startpos(cat: &'static Catalogue, forces: Option<&[Force; 4]>, round_limit: u16) -> Result<Game4, Error4> {
        State4::start(cat, forces, round_limit).map(Game4::new)
    }

    /// A game from an NFEN4 position (F35).
    pub fn from_nfen4(text: &str, cat: &'static Catalogue, round_limit: u16) -> Result<Game4, Error4> {
        State4::from_nfen4(text, cat, round_limit).map(Game4::new)
    }

    /// The state now.
    pub fn state(&self) -> &State4 {
        &self.now
    }

    /// The state the game started from.
    pub fn start(&self) -> &State4 {
        &self.start
    }

    /// The events played, in canonical form.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// F30: the repetition keys of the decision-phase starts so far.
    pub fn decision_keys(&self) -> &[u64] {
        &self.keys
    }

    /// The result, the thousand war included (F30).
    pub fn result(&self) -> Option<Result4> {
        let repeated = |last: &u64| self.keys.iter().filter(|&k| k == last).count() >= 3;
        if self.now.phase() == Phase::Decision && self.keys.last().is_some_and(repeated) {
            return Some(Result4 {
                winner: None,
                termination: Termination4::ThousandWar,
            });
        }
        self.now.result()
    }

    /// Read and play one event (F38); a refused event leaves the game as it was.
    pub fn play_text(&mut self, text: &str) -> Result<(), Error4> {
        let ev = notation::parse_event(text, self.now.catalogue())?;
        self.play(&ev)
    }

    /// Play one event; a refused event leaves the game as it was.
    pub fn play(&mut self, ev: &Event) -> Result<(), Error4> {
        if let Some(r) = self.result() {
            return Err(Error4::Over(r.termination.text()));
        }
        let mut next = self.now;
        let ev = match ev {
            Event::Action(text) => {
                let a = next.parse_action(text)?;
                let canonical = next.action_text(&a);
                next.play_action(&a);
                Event::Action(canonical)
            }
            _ => {
                next.apply(ev)?;
                ev.clone()
            }
        };
        let new_round = next.phase() == Phase::Decision && self.now.phase() != Phase::Decision;
        self.now = next;
        self.events.push(ev);
        if new_round {
            self.keys.push(self.now.repetition_key());
        }
        Ok(())
    }

    /// The canonical text of an event (F38).
    pub fn event_text(&self, ev: &Event) -> String {
        notation::event_text(ev, self.now.catalogue())
    }
}
