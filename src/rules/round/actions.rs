//! F26: the actions of a seat in the action phase: those of its declared kind, else by the fallback every action
//! of its team, less those that take a piece after a promise (F24).
//!
//! A move whose effect asks for choices (D1, D2) stays folded in its family's head until it is asked for: a
//! declared Peojin (its dratp moves any battle piece to any empty square) has tens of thousands of actions, and a
//! search that cuts off early, or a question that only needs the kinds, never needs most of them.

use super::{Declarable, Declaration};
use crate::rules::cross::Cross;
use crate::rules::movegen::{ActionSink, Family, ReachMap};
use crate::rules::piece::Piece;
use crate::rules::seat::Seat;
use crate::rules::{CrossAction, CrossPosition};

/// One entry of a seat's list: an action, or a family of actions not listed yet.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Folded {
    /// A legal action.
    Action(CrossAction),
    /// A family: its head (the move without its choices, not itself legal), whether its actions make further
    /// moves (D20), so that one of them may take a piece where the head does not, and whether its effect may
    /// remove other pieces.
    Family {
        /// The move without its choices.
        head: CrossAction,
        /// Whether its actions make further moves.
        moves_further: bool,
        /// Whether its effect may remove pieces other than its own ([`Family::removes_others`]).
        removes_others: bool,
    },
}

impl Folded {
    /// The action, or the family's head: either way the move every action of the entry starts with.
    pub fn action(&self) -> CrossAction {
        match *self {
            Folded::Action(a) | Folded::Family { head: a, .. } => a,
        }
    }
}

/// Collects generated actions with the families folded.
struct Collect(Vec<Folded>);

impl ActionSink<Cross> for Collect {
    fn push(&mut self, a: CrossAction) {
        self.0.push(Folded::Action(a));
    }

    fn push_family(&mut self, family: Family<'_, Cross>) {
        self.0.push(Folded::Family {
            head: family.head(),
            moves_further: family.moves_further(),
            removes_others: family.removes_others(),
        });
    }
}

/// F26: the actions of one seat, in generation order, families folded.
#[derive(Clone)]
pub struct SeatActions {
    /// The position with the seat to act.
    pos: CrossPosition,
    entries: Vec<Folded>,
    /// F24: a family's actions that take a piece are left out when it is listed.
    promised: bool,
}

impl SeatActions {
    /// The actions of `seat` in `pos` with its declaration (`None`: open, every action of its team) and its
    /// promise.
    pub fn new(pos: &CrossPosition, seat: Seat, declared: Option<Declaration>, promised: bool) -> SeatActions {
        SeatActions::with_map(pos, &pos.reach_map(), seat, declared, promised)
    }

    /// [`SeatActions::new`] with `pos`'s reach map already made: the map does not depend on the seat to act, so a
    /// search that also evaluates `pos` makes it once.
    pub fn with_map(
        pos: &CrossPosition,
        map: &ReachMap<Cross>,
        seat: Seat,
        declared: Option<Declaration>,
        promised: bool,
    ) -> SeatActions {
        let pos = seated(pos, seat);
        let mut sink = Collect(Vec::with_capacity(128));
        pos.generate_with(map, &mut sink);
        let mut entries = sink.0;
        if promised {
            // F24. A family whose head takes a piece takes it in every action; the others are filtered when listed.
            entries.retain(|e| !pos.takes_piece(&e.action()));
        }
        let all = SeatActions { pos, entries, promised };
        let Some(d) = declared else { return all };
        let with_kind = SeatActions {
            entries: all
                .entries
                .iter()
                .filter(|e| all.kind_of(e) == Some(d))
                .copied()
                .collect(),
            ..all
        };
        if with_kind.is_empty() {
            all
        } else {
            with_kind
        }
    }

    /// The position with the seat to act, in which the actions are legal.
    pub fn position(&self) -> &CrossPosition {
        &self.pos
    }

    /// The entries, in generation order.
    pub fn entries(&self) -> &[Folded] {
        &self.entries
    }

    /// The actions of the family whose head is `head`, in generation order (after a promise, those that take
    /// nothing).
    pub fn family(&self, head: &CrossAction) -> Vec<CrossAction> {
        let mut out = Vec::new();
        self.pos.expand_family(head, &mut out);
        if self.promised {
            out.retain(|a| !self.pos.takes_piece(a));
        }
        out
    }

    /// Whether the seat has no action; a family is listed only when no plain action answers first.
    pub fn is_empty(&self) -> bool {
        !self.entries.iter().any(|e| self.yields(e))
    }

    /// Every action, in generation order.
    pub fn list(&self) -> Vec<CrossAction> {
        let mut out = Vec::with_capacity(self.entries.len());
        for e in &self.entries {
            match e {
                Folded::Action(a) => out.push(*a),
                Folded::Family { head, .. } => out.extend(self.family(head)),
            }
        }
        out
    }

    /// F20: the kinds these actions belong to. A family counts only if it has an action, and is listed only for
    /// a kind no plain action has shown already.
    pub fn kinds(&self) -> Declarable {
        let mut kinds = Declarable::NONE;
        for e in &self.entries {
            if let (Folded::Action(_), Some(d)) = (e, self.kind_of(e)) {
                kinds.insert(d);
            }
        }
        for e in &self.entries {
            if let (Folded::Family { .. }, Some(d)) = (e, self.kind_of(e)) {
                if !kinds.contains(d) && self.yields(e) {
                    kinds.insert(d);
                }
            }
        }
        kinds
    }

    /// Whether an entry stands for at least one action.
    fn yields(&self, e: &Folded) -> bool {
        match e {
            Folded::Action(_) => true,
            Folded::Family { head, .. } => !self.family(head).is_empty(),
        }
    }

    /// The kind an entry's actions belong to (F20): that of the piece that acts.
    pub fn kind_of(&self, e: &Folded) -> Option<Declaration> {
        self.pos.acting_piece(&e.action()).map(declaration_of)
    }
}

/// F26: every action of `seat` with its declared kind, or by the fallback every action of its team; a promise
/// removes every action that takes a piece (F24).
pub fn seat_actions(
    pos: &CrossPosition,
    seat: Seat,
    declared: Option<Declaration>,
    promised: bool,
) -> Vec<CrossAction> {
    SeatActions::new(pos, seat, declared, promised).list()
}

/// The position with `seat` to act.
pub(super) fn seated(pos: &CrossPosition, seat: Seat) -> CrossPosition {
    let mut p = *pos;
    p.set_side(seat);
    p
}

/// The kind a piece is declared as (F20).
fn declaration_of(piece: Piece) -> Declaration {
    match piece {
        Piece::Navia(_) => Declaration::Navia,
        Piece::Maseitai(k) => Declaration::Maseitai(k),
        Piece::BlackGulled => Declaration::Black,
        Piece::RedGulled => Declaration::Red,
    }
}
