//! The round of `naviadratp4` (F19–F27, F33): declarations, bid steps, the tie chain with its promise step, the
//! queue, and the bookkeeping of the action phase. Its text forms (NFEN4 fields 2–10, F38 events) are in
//! [`notation`].
//!
//! The round logic knows no board. What it needs from the board core it reads through [`BoardView`]:
//! - `catalogue()`: a Maseitai's cost, its figure value (F21), and its id for error messages;
//! - `declarable(seat)`: the kinds a seat may declare at the start of the round (F20);
//! - `team_total(seat)`: F21's team total (F22 base order of round 1, F24 second tie-break);
//! - `can_act(seat)`: whether the seat has a legal action now, with its declared kind or by the fallback,
//!   its promise applied (F26); a seat without one is skipped.
//!
//! The state is a [`Round`], built by [`Round::start`] (F22, F36) or checked from a plain [`RoundSetup`] by
//! [`Round::from_setup`] (F35 "fields consistent with the phase"). [`Round::apply`] takes one [`Event`] (F38)
//! and either moves on or refuses it with a [`RoundError`], leaving the state unchanged. An action event is
//! bookkeeping only: the board core plays the action first, then calls `apply` with a view of the board after
//! it, so that the seats after it without a legal action are skipped. Pools live here; the board core writes
//! an action's income and spending back with [`Round::set_pool`].
//!
//! Readings this module fixes (F-rules leave them open):
//! - forfeiting seats and `-` seats are done (upper case) as soon as the queue is fixed; a seat without a legal
//!   action is skipped when its turn comes (F26, F35);
//! - an eliminated seat's declaration becomes `-` at once (F33), so it leaves any bid or promise step and a tie
//!   it was part of; if that leaves a step with nobody in it, the auction goes on as if the step had been played;
//! - the `!` of phase `a` marks every seat that promised, forfeiting seats included (F35);
//! - a `d:` event in which every seat declares `-` is refused: nobody can act and the game is over (F32).

pub mod actions;
pub mod game;
pub mod notation;

use std::cmp::Reverse;
use std::fmt;

use thiserror::Error;

use super::catalogue::{Catalogue, Kind, MAX_KINDS};
use super::seat::Seat;

/// The gyullas each seat owns in all: vault + pool + stake (R12, F13).
pub const SEAT_GYULLAS: u8 = 60;

// Declarable keeps one bit per catalogue kind.
const _: () = assert!(MAX_KINDS <= 128);

/// What the round logic reads from the board core (see the module doc).
pub trait BoardView {
    /// The catalogue: figure values of Maseitai (F21) and ids for messages.
    fn catalogue(&self) -> &Catalogue;
    /// F20: the kinds `seat` may declare in the position at the start of the round.
    fn declarable(&self, seat: Seat) -> Declarable;
    /// F21: the point values of the seat's team on the board and in its keep.
    fn team_total(&self, seat: Seat) -> u32;
    /// F26: whether `seat` has a legal action now (declared kind or fallback, promise applied).
    fn can_act(&self, seat: Seat) -> bool;
}

/// The phase of a round (F19, F35 field 2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Every seat declares a kind at once (F20).
    Decision,
    /// Sealed bid steps (F23).
    Bidding,
    /// The promise step of the tie chain (F24).
    Promise,
    /// The seats act in queue order (F26).
    Actions,
}

impl Phase {
    /// The notation letter: `d`, `b`, `p` or `a`.
    pub const fn letter(self) -> char {
        match self {
            Phase::Decision => 'd',
            Phase::Bidding => 'b',
            Phase::Promise => 'p',
            Phase::Actions => 'a',
        }
    }

    /// The phase of a notation letter.
    pub const fn from_letter(c: char) -> Option<Phase> {
        match c {
            'd' => Some(Phase::Decision),
            'b' => Some(Phase::Bidding),
            'p' => Some(Phase::Promise),
            'a' => Some(Phase::Actions),
            _ => None,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Phase::Decision => "decision",
            Phase::Bidding => "bidding",
            Phase::Promise => "promise",
            Phase::Actions => "actions",
        };
        write!(f, "{} ({name})", self.letter())
    }
}

/// A declared kind (F20).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Declaration {
    /// `N`: one of its Navias.
    Navia,
    /// `M<id>`: a copy of that Maseitai.
    Maseitai(Kind),
    /// `B`: a black Gulled.
    Black,
    /// `R`: a red Gulled.
    Red,
    /// `-`: nothing.
    Nothing,
}

impl Declaration {
    /// F21: the figure value (`B` 1, `R` 3, `N` 30, a Maseitai its cost); `-` has none.
    pub fn figure_value(self, cat: &Catalogue) -> Option<u8> {
        match self {
            Declaration::Navia => Some(30),
            Declaration::Maseitai(k) => Some(cat.cost(k)),
            Declaration::Black => Some(1),
            Declaration::Red => Some(3),
            Declaration::Nothing => None,
        }
    }
}

/// The set of kinds a seat may declare (F20); `-` is never in it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Declarable {
    maseitai: u128,
    gulled_navia: u8,
}

impl Declarable {
    /// Nothing declarable.
    pub const NONE: Declarable = Declarable {
        maseitai: 0,
        gulled_navia: 0,
    };

    fn flag(d: Declaration) -> u8 {
        match d {
            Declaration::Navia => 1,
            Declaration::Black => 2,
            Declaration::Red => 4,
            Declaration::Maseitai(_) | Declaration::Nothing => 0,
        }
    }

    /// Add a kind; adding `-` changes nothing.
    pub fn insert(&mut self, d: Declaration) {
        match d {
            Declaration::Maseitai(k) => self.maseitai |= 1 << k.index(),
            _ => self.gulled_navia |= Self::flag(d),
        }
    }

    /// Whether `d` may be declared; never for `-`.
    pub fn contains(self, d: Declaration) -> bool {
        match d {
            Declaration::Maseitai(k) => self.maseitai & (1 << k.index()) != 0,
            Declaration::Nothing => false,
            _ => self.gulled_navia & Self::flag(d) != 0,
        }
    }

    /// Whether nothing is declarable, so the seat declares `-`.
    pub fn is_empty(self) -> bool {
        self == Self::NONE
    }
}

impl FromIterator<Declaration> for Declarable {
    fn from_iter<I: IntoIterator<Item = Declaration>>(iter: I) -> Declarable {
        let mut set = Declarable::NONE;
        for d in iter {
            set.insert(d);
        }
        set
    }
}

/// A set of seats, listed in seat order (F9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// Whether `seat` is in the set.
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.index()) != 0
    }

    /// Add `seat`.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.index();
    }

    /// Take `seat` out.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.index());
    }

    /// How many seats.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether no seat is in it.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set as four bits, seat `i` at bit `i`.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The seats in seat order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

/// One event of the game record (F38); per-seat arrays are in seat order (F9).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Event {
    /// `d:`: the revealed declarations.
    Declare([Declaration; 4]),
    /// `b:`: one bid step, the amount added by each seat in it, `None` (`-`) for the others.
    Bid([Option<u8>; 4]),
    /// `p:`: one promise step, `Some(true)` for `y`, `None` (`-`) for seats not asked.
    Promise([Option<bool>; 4]),
    /// `x:`: a seat is eliminated (F33).
    Eliminate(Seat),
    /// An action of the seat to act (F37), as text for the board core.
    Action(String),
}

impl Event {
    /// What the event is, for messages.
    fn what(&self) -> &'static str {
        match self {
            Event::Declare(_) => "a declaration event",
            Event::Bid(_) => "a bid step",
            Event::Promise(_) => "a promise step",
            Event::Eliminate(_) => "an elimination",
            Event::Action(_) => "an action",
        }
    }
}

/// The round's state as plain, unchecked values: what NFEN4 fields 2–6, the `out:` effects and field 10 say.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RoundSetup {
    /// The round number, from 1 (F19).
    pub number: u16,
    /// The phase (F19).
    pub phase: Phase,
    /// The base order in phases `d`, `b`, `p`; the queue in phase `a` (F22, F25).
    pub order: [Seat; 4],
    /// Seats done this round (acted, skipped, forfeited); only in phase `a`.
    pub done: SeatSet,
    /// The revealed declarations, in seat order; `None` in phase `d`.
    pub declarations: Option<[Declaration; 4]>,
    /// Seats that promised (F24); only in phase `a`.
    pub promised: SeatSet,
    /// The stakes in seat order after the first bid step and in phase `p`; `None` otherwise.
    pub stakes: Option<[u8; 4]>,
    /// The pools in seat order (F13).
    pub pools: [u8; 4],
    /// Eliminated seats (F33).
    pub out: SeatSet,
}

/// Why an event or a setup was refused.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum RoundError {
    /// The event does not fit the phase (F38).
    #[error("{event} does not fit phase {phase}")]
    WrongPhase {
        /// What the event is.
        event: &'static str,
        /// The phase it met.
        phase: Phase,
    },
    /// Only one seat is left (F33): the game is over.
    #[error("the game is over: {} is the only seat not eliminated (F33)", .0.name())]
    GameOver(Seat),
    /// Every seat declares `-` (F32).
    #[error("every seat declares '-': nobody can act and the game is over (F32)")]
    NobodyDeclares,
    /// An eliminated seat declares something (F33).
    #[error("{} is eliminated and declares '-', not {kind} (F33)", .seat.name())]
    OutDeclares {
        /// The seat.
        seat: Seat,
        /// What it declared.
        kind: String,
    },
    /// A kind the seat has no legal action with (F20).
    #[error("{} cannot declare {kind}: it has no legal action with it (F20)", .seat.name())]
    NotDeclarable {
        /// The seat.
        seat: Seat,
        /// What it declared.
        kind: String,
    },
    /// `-` from a seat with a declarable kind (F20).
    #[error("{} declares '-' but has a declarable kind (F20)", .0.name())]
    MustDeclare(Seat),
    /// An amount or promise from a seat outside the step (F23, F24).
    #[error("{} is not in this {step}; write '-'", .seat.name())]
    NotInStep {
        /// The seat.
        seat: Seat,
        /// Which step.
        step: &'static str,
    },
    /// `-` for a seat in the step (F23, F24).
    #[error("{} is in this {step}; write {need}", .seat.name())]
    MissingInStep {
        /// The seat.
        seat: Seat,
        /// Which step.
        step: &'static str,
        /// What it must write.
        need: &'static str,
    },
    /// A bid above the pool (F23).
    #[error("{} bids {bid} with {pool} in its pool", .seat.name())]
    BidAbovePool {
        /// The seat.
        seat: Seat,
        /// The amount.
        bid: u8,
        /// Its pool.
        pool: u8,
    },
    /// An elimination of a seat already out (F33).
    #[error("{} is already eliminated", .0.name())]
    AlreadyOut(Seat),
    /// The round number would pass its largest value.
    #[error("the round number cannot go past {}", u16::MAX)]
    RoundNumber,
    /// A pool that would break pool + stake ≤ 60 (R12).
    #[error("{} cannot hold {pool} in its pool with {stake} at stake (at most 60 together)", .seat.name())]
    Gyullas {
        /// The seat.
        seat: Seat,
        /// The pool asked for.
        pool: u8,
        /// Its stake.
        stake: u8,
    },
    /// A setup whose fields do not fit together (F35).
    #[error("{field}: {reason}")]
    Setup {
        /// The NFEN4 field.
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
}

fn setup_err(field: &'static str, reason: impl Into<String>) -> RoundError {
    RoundError::Setup {
        field,
        reason: reason.into(),
    }
}

/// The round state, consistent with its phase (F35); see the module doc.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Round {
    s: RoundSetup,
}

impl Round {
    /// Round 1 in phase `d`, pools 0 (F12), base order by ascending team total, ties in seat order (F22).
    pub fn start(view: &impl BoardView) -> Round {
        let mut order = Seat::ALL;
        // Stable: equal totals keep seat order.
        order.sort_by_key(|&s| view.team_total(s));
        Round {
            s: RoundSetup {
                number: 1,
                phase: Phase::Decision,
                order,
                done: SeatSet::EMPTY,
                declarations: None,
                promised: SeatSet::EMPTY,
                stakes: None,
                pools: [0; 4],
                out: SeatSet::EMPTY,
            },
        }
    }

    /// Check a setup against its phase and the board (F35) and make it a round.
    pub fn from_setup(setup: &RoundSetup, view: &impl BoardView) -> Result<Round, RoundError> {
        let round = Round { s: *setup };
        round.check(view)?;
        Ok(round)
    }

    /// The state as plain values.
    pub fn setup(&self) -> RoundSetup {
        self.s
    }

    /// The round number (F19).
    pub fn number(&self) -> u16 {
        self.s.number
    }

    /// The phase (F19).
    pub fn phase(&self) -> Phase {
        self.s.phase
    }

    /// The base order, or in phase `a` the queue (F22, F25).
    pub fn order(&self) -> [Seat; 4] {
        self.s.order
    }

    /// The seat's declaration, once revealed (F20).
    pub fn declaration(&self, seat: Seat) -> Option<Declaration> {
        self.s.declarations.map(|d| d[seat.index()])
    }

    /// Whether the seat promised to take no piece this round (F24).
    pub fn promised(&self, seat: Seat) -> bool {
        self.s.promised.contains(seat)
    }

    /// The seat's pool (F13).
    pub fn pool(&self, seat: Seat) -> u8 {
        self.s.pools[seat.index()]
    }

    /// The seat's stake; 0 outside the auction (F23).
    pub fn stake(&self, seat: Seat) -> u8 {
        self.s.stakes.map_or(0, |st| st[seat.index()])
    }

    /// The seat's vault: 60 − pool − stake (F10).
    pub fn vault(&self, seat: Seat) -> u8 {
        SEAT_GYULLAS - self.pool(seat) - self.stake(seat)
    }

    /// Whether the seat is eliminated (F33).
    pub fn is_out(&self, seat: Seat) -> bool {
        self.s.out.contains(seat)
    }

    /// The seat that wins because every other seat is eliminated (F33).
    pub fn last_seat(&self) -> Option<Seat> {
        let mut left = Seat::ALL.into_iter().filter(|&s| !self.is_out(s));
        match (left.next(), left.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    /// Set a pool after an action's income or spending (F13); pool + stake stays at most 60.
    pub fn set_pool(&mut self, seat: Seat, pool: u8) -> Result<(), RoundError> {
        let stake = self.stake(seat);
        if u16::from(pool) + u16::from(stake) > u16::from(SEAT_GYULLAS) {
            return Err(RoundError::Gyullas { seat, pool, stake });
        }
        self.s.pools[seat.index()] = pool;
        Ok(())
    }

    /// In phase `a`, the seat that acts next (F26).
    pub fn actor(&self) -> Option<Seat> {
        if self.s.phase != Phase::Actions {
            return None;
        }
        self.s.order.into_iter().find(|&s| !self.s.done.contains(s))
    }

    /// In phase `b`, the seats of the next bid step (F23): first every seat that declared something, then the
    /// seats in tie groups.
    pub fn bid_step(&self) -> SeatSet {
        match (self.s.phase, self.s.declarations, self.s.stakes) {
            (Phase::Bidding, Some(decl), None) => Seat::ALL
                .into_iter()
                .filter(|s| decl[s.index()] != Declaration::Nothing)
                .collect(),
            (Phase::Bidding, _, Some(stakes)) => tied(|s| stakes[s.index()], &stakes),
            _ => SeatSet::EMPTY,
        }
    }

    /// In phase `p`, the seats of the promise step (F24).
    pub fn promise_step(&self, view: &impl BoardView) -> SeatSet {
        if self.s.phase == Phase::Promise {
            self.chain_ties(view)
        } else {
            SeatSet::EMPTY
        }
    }

    /// Seats still equal after F24's first two tie-breaks: same positive stake, figure value and team total.
    fn chain_ties(&self, view: &impl BoardView) -> SeatSet {
        let stakes = self.s.stakes.unwrap_or([0; 4]);
        tied(
            |s| (stakes[s.index()], self.figure_value(s, view), view.team_total(s)),
            &stakes,
        )
    }

    fn figure_value(&self, seat: Seat, view: &impl BoardView) -> u8 {
        // `-` has none; such a seat has stake 0 and never reaches the tie chain.
        self.declaration(seat)
            .and_then(|d| d.figure_value(view.catalogue()))
            .unwrap_or(0)
    }

    /// Play one event (F38); a refused event leaves the round as it was.
    pub fn apply(&mut self, event: &Event, view: &impl BoardView) -> Result<(), RoundError> {
        let mut next = *self;
        next.play(event, view)?;
        *self = next;
        Ok(())
    }

    fn play(&mut self, event: &Event, view: &impl BoardView) -> Result<(), RoundError> {
        if let Some(seat) = self.last_seat() {
            return Err(RoundError::GameOver(seat));
        }
        match (event, self.s.phase) {
            (Event::Eliminate(seat), _) => self.eliminate(*seat, view),
            (Event::Declare(d), Phase::Decision) => self.declare(d, view),
            (Event::Bid(b), Phase::Bidding) => self.bid(b, view),
            (Event::Promise(p), Phase::Promise) => self.promise(p, view),
            (Event::Action(_), Phase::Actions) => {
                if let Some(seat) = self.actor() {
                    self.s.done.insert(seat);
                }
                self.settle(view)
            }
            (e, phase) => Err(RoundError::WrongPhase { event: e.what(), phase }),
        }
    }

    /// F20, F33: every declaration is declarable, `-` only without one, `-` for eliminated seats.
    fn declare(&mut self, decl: &[Declaration; 4], view: &impl BoardView) -> Result<(), RoundError> {
        let cat = view.catalogue();
        for seat in Seat::ALL {
            let d = decl[seat.index()];
            let kind = || notation::declaration_text(d, cat);
            if self.is_out(seat) {
                if d != Declaration::Nothing {
                    return Err(RoundError::OutDeclares { seat, kind: kind() });
                }
                continue;
            }
            let can = view.declarable(seat);
            match d {
                Declaration::Nothing if !can.is_empty() => return Err(RoundError::MustDeclare(seat)),
                Declaration::Nothing => {}
                _ if !can.contains(d) => return Err(RoundError::NotDeclarable { seat, kind: kind() }),
                _ => {}
            }
        }
        if decl.iter().all(|&d| d == Declaration::Nothing) {
            return Err(RoundError::NobodyDeclares);
        }
        self.s.declarations = Some(*decl);
        self.s.phase = Phase::Bidding;
        self.settle(view)
    }

    /// F23: one bid step; a re-bid step in which nobody adds anything ends the bidding.
    fn bid(&mut self, amounts: &[Option<u8>; 4], view: &impl BoardView) -> Result<(), RoundError> {
        let step = self.bid_step();
        check_step(step, amounts, "bid step", "its amount (0 when forced)")?;
        for seat in step.iter() {
            let (bid, pool) = (amounts[seat.index()].unwrap_or(0), self.pool(seat));
            if bid > pool {
                return Err(RoundError::BidAbovePool { seat, bid, pool });
            }
        }
        let rebid = self.s.stakes.is_some();
        let mut stakes = self.s.stakes.unwrap_or([0; 4]);
        for seat in step.iter() {
            let bid = amounts[seat.index()].unwrap_or(0);
            self.s.pools[seat.index()] -= bid;
            stakes[seat.index()] += bid;
        }
        self.s.stakes = Some(stakes);
        if rebid && amounts.iter().all(|a| a.unwrap_or(0) == 0) {
            self.s.phase = Phase::Promise;
        }
        self.settle(view)
    }

    /// F24: the promise step, then the queue.
    fn promise(&mut self, answers: &[Option<bool>; 4], view: &impl BoardView) -> Result<(), RoundError> {
        check_step(self.promise_step(view), answers, "promise step", "y or n")?;
        self.fix_queue(answers, view);
        self.settle(view)
    }

    /// F33: from now on the seat declares `-`; its stake returns to its pool; it is done this round.
    fn eliminate(&mut self, seat: Seat, view: &impl BoardView) -> Result<(), RoundError> {
        if self.is_out(seat) {
            return Err(RoundError::AlreadyOut(seat));
        }
        self.s.out.insert(seat);
        let i = seat.index();
        if let Some(decl) = self.s.declarations.as_mut() {
            decl[i] = Declaration::Nothing;
        }
        if let Some(stakes) = self.s.stakes.as_mut() {
            self.s.pools[i] += stakes[i];
            stakes[i] = 0;
        }
        self.s.promised.remove(seat);
        if self.s.phase == Phase::Actions {
            self.s.done.insert(seat);
        }
        if self.last_seat().is_some() {
            return Ok(());
        }
        self.settle(view)
    }

    /// Move on through every step that needs nobody's answer: a bid step with nobody in it ends the bidding
    /// (F23), a promise step with nobody in it fixes the queue (F24), seats that cannot act are skipped and a
    /// round with nobody left to act ends (F26).
    fn settle(&mut self, view: &impl BoardView) -> Result<(), RoundError> {
        loop {
            match self.s.phase {
                Phase::Decision => return Ok(()),
                Phase::Bidding if self.bid_step().is_empty() => {
                    self.s.stakes.get_or_insert([0; 4]);
                    self.s.phase = Phase::Promise;
                }
                Phase::Bidding => return Ok(()),
                Phase::Promise if self.chain_ties(view).is_empty() => self.fix_queue(&[None; 4], view),
                Phase::Promise => return Ok(()),
                Phase::Actions => match self.actor() {
                    Some(seat) if view.can_act(seat) => return Ok(()),
                    Some(seat) => self.s.done.insert(seat),
                    None => return self.next_round(),
                },
            }
        }
    }

    /// F24, F25: order the queue, return forfeited stakes, spend the others, start the actions.
    fn fix_queue(&mut self, promises: &[Option<bool>; 4], view: &impl BoardView) {
        let stakes = self.s.stakes.unwrap_or([0; 4]);
        let key = |s: Seat| {
            let i = s.index();
            if stakes[i] == 0 {
                // Stake-0 seats are no tie (F23): base order alone.
                (Reverse(0), 0, 0, false)
            } else {
                let non_promiser = promises[i] == Some(false);
                (
                    Reverse(stakes[i]),
                    self.figure_value(s, view),
                    view.team_total(s),
                    non_promiser,
                )
            }
        };
        // Seats still equal after the promise step forfeit (F24).
        let forfeit = tied(key, &stakes);
        let mut queue = self.s.order;
        // Stable: equal keys (forfeiting sets, stake-0 seats) keep the base order.
        queue.sort_by_key(|&s| key(s));
        for s in forfeit.iter() {
            self.s.pools[s.index()] += stakes[s.index()];
        }
        let nothing = Seat::ALL
            .into_iter()
            .filter(|&s| self.declaration(s) == Some(Declaration::Nothing));
        self.s.done = forfeit.iter().chain(nothing).collect();
        self.s.promised = Seat::ALL
            .into_iter()
            .filter(|s| promises[s.index()] == Some(true))
            .collect();
        self.s.order = queue;
        self.s.stakes = None;
        self.s.phase = Phase::Actions;
    }

    /// F22: the queue becomes the next round's base order.
    fn next_round(&mut self) -> Result<(), RoundError> {
        self.s.number = self.s.number.checked_add(1).ok_or(RoundError::RoundNumber)?;
        self.s.phase = Phase::Decision;
        self.s.done = SeatSet::EMPTY;
        self.s.declarations = None;
        self.s.promised = SeatSet::EMPTY;
        Ok(())
    }

    /// F35: the fields fit the phase and each other, and no step is left that needs nobody's answer.
    fn check(&self, view: &impl BoardView) -> Result<(), RoundError> {
        let s = &self.s;
        if s.number == 0 {
            return Err(setup_err("round", "rounds are numbered from 1"));
        }
        if s.order.into_iter().collect::<SeatSet>().len() != 4 {
            return Err(setup_err("order", "each seat appears once"));
        }
        for seat in Seat::ALL {
            let total = u16::from(self.pool(seat)) + u16::from(self.stake(seat));
            if total > u16::from(SEAT_GYULLAS) {
                return Err(setup_err(
                    "pools",
                    format!("{} holds {total} in pool and stake, more than 60", seat.name()),
                ));
            }
        }
        if s.out.len() == 4 {
            return Err(setup_err("effects", "all four seats are out; the last one wins (F33)"));
        }
        let a = s.phase == Phase::Actions;
        if !a && !s.done.is_empty() {
            return Err(setup_err("order", "upper case (done) only in phase a"));
        }
        if !a && !s.promised.is_empty() {
            return Err(setup_err("declarations", "'!' only in phase a"));
        }
        let auction = matches!(s.phase, Phase::Bidding | Phase::Promise);
        match (s.phase, s.stakes) {
            (Phase::Promise, None) => return Err(setup_err("stakes", "phase p shows the stakes")),
            (Phase::Decision | Phase::Actions, Some(_)) => {
                return Err(setup_err("stakes", "stakes are '-' outside phases b and p"))
            }
            _ => {}
        }
        let Some(decl) = s.declarations else {
            return match s.phase {
                Phase::Decision => Ok(()),
                _ => Err(setup_err("declarations", "revealed in every phase but d")),
            };
        };
        if s.phase == Phase::Decision {
            return Err(setup_err("declarations", "'-' in phase d"));
        }
        for seat in Seat::ALL {
            let d = decl[seat.index()];
            if d == Declaration::Nothing {
                if self.stake(seat) > 0 {
                    return Err(setup_err(
                        "stakes",
                        format!("{} declared '-' and has a stake", seat.name()),
                    ));
                }
                if s.promised.contains(seat) {
                    return Err(setup_err("declarations", "'-!' is not a declaration"));
                }
                if a && !s.done.contains(seat) {
                    return Err(setup_err(
                        "order",
                        format!("{} declared '-', so it is done (upper case)", seat.name()),
                    ));
                }
            } else if self.is_out(seat) {
                return Err(setup_err(
                    "declarations",
                    format!("{} is out and declares '-' (F33)", seat.name()),
                ));
            } else if auction && !view.declarable(seat).contains(d) {
                let kind = notation::declaration_text(d, view.catalogue());
                return Err(setup_err(
                    "declarations",
                    format!("{} cannot declare {kind} (F20)", seat.name()),
                ));
            }
        }
        if self.last_seat().is_some() {
            return Ok(());
        }
        let pending = match s.phase {
            Phase::Decision => true,
            Phase::Bidding => !self.bid_step().is_empty(),
            Phase::Promise => !self.chain_ties(view).is_empty(),
            Phase::Actions => self.actor().is_some_and(|seat| view.can_act(seat)),
        };
        if pending {
            return Ok(());
        }
        let reason = match s.phase {
            Phase::Bidding if s.stakes.is_some() => "no tie group is left, so the bidding has ended (F23)",
            Phase::Bidding => "nobody takes part in the first bid step (F23)",
            Phase::Promise => "nobody is tied after figure value and team total (F24)",
            _ => "the next seat to act has no legal action, or nobody is left to act (F26)",
        };
        Err(setup_err("phase", reason))
    }
}

/// Seats of a tie group: a positive stake, and another seat with the same `key`.
fn tied<K: PartialEq>(key: impl Fn(Seat) -> K, stakes: &[u8; 4]) -> SeatSet {
    Seat::ALL
        .into_iter()
        .filter(|&s| stakes[s.index()] > 0 && Seat::ALL.iter().any(|&t| t != s && key(t) == key(s)))
        .collect()
}

/// Every seat of `step` answers, and no other (F23, F24).
fn check_step<T>(
    step: SeatSet,
    answers: &[Option<T>; 4],
    what: &'static str,
    need: &'static str,
) -> Result<(), RoundError> {
    for seat in Seat::ALL {
        match (step.contains(seat), &answers[seat.index()]) {
            (true, None) => return Err(RoundError::MissingInStep { seat, step: what, need }),
            (false, Some(_)) => return Err(RoundError::NotInStep { seat, step: what }),
            _ => {}
        }
    }
    Ok(())
}
