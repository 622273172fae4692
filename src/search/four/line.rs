//! The line of play the search walks: a position, the order in which the seats act, what each declared and
//! promised, and which seats are done. It reaches past what `State4` can say: the searches ask "what if I acted
//! first (or last, or not at all) with this kind?", with the others' unknown kinds open, and go on into the
//! following rounds, where every kind is open and, since nobody knows the bids yet, the answering seat is put
//! last in the queue (the paranoid reading: the others take the initiative) and the others keep their order.
//!
//! A rival whose kind is secret — before the reveal, and in every later round — only *threatens*: it may do
//! nothing that matters, make a capture, take a Navia, dratp one, or move one of its Navias (to flee); in a later
//! round of a determinization (`world`), only with the pieces of the kind drawn for it at that round's start.
//! That is what it can do to the answering seat; its other quiet actions are left out, which keeps the rivals' turns
//! narrow (paranoid search with three full-width rivals in a row would spend b³ nodes proving each bound) and
//! lets the seat's own plans be searched rounds deep. And as in best-reply search, only one threatening rival
//! acts between two actions of the answering seat: the others pass. Three rivals each landing a blow on the same
//! seat in one round is a coalition that does not exist; with it the search would see every seat that acts last
//! as lost, and buy first place at any price.

use crate::rules::movegen::ReachMap;
use crate::rules::rng::splitmix64;
use crate::rules::round::actions::SeatActions;
use crate::rules::round::game::repetition_key;
use crate::rules::round::SeatSet;
use crate::rules::{Cross, CrossAction, CrossPosition, Declaration, Follow, Piece, Seat};

/// Whether an action can change the game at once: a capture, a Navia take (F14) or a Navia dratp (F29).
pub(super) fn noisy(pos: &CrossPosition, a: &CrossAction) -> bool {
    a.pharaoh.is_some()
        || pos.takes_piece(a)
        || (a.follow == Follow::Dratp && matches!(pos.acting_piece(a), Some(Piece::Navia(_))))
}

/// Whether a threatening rival considers an action (see the module doc): a noisy one, or any Navia action.
pub(super) fn threatening(pos: &CrossPosition, a: &CrossAction) -> bool {
    matches!(pos.acting_piece(a), Some(Piece::Navia(_))) || noisy(pos, a)
}

/// Whether a noisy action strikes `me`: a Navia take or dratp (either changes who can win, F14, F28, F29), or a
/// take of one of `me`'s pieces. A threatening rival's quiescence looks at these alone (see `search`).
pub(super) fn strikes(pos: &CrossPosition, a: &CrossAction, me: Seat) -> bool {
    a.pharaoh.is_some()
        || (a.follow == Follow::Dratp && matches!(pos.acting_piece(a), Some(Piece::Navia(_))))
        || (pos.takes_piece(a) && pos.play(a).side_bb(me).count() < pos.side_bb(me).count())
}

/// A round in progress, as the search sees it.
#[derive(Clone, Copy)]
pub(super) struct Line {
    /// The board, pools, keeps and graveyards.
    pub(super) pos: CrossPosition,
    /// The order the seats act in this round; the next round keeps it.
    pub(super) order: [Seat; 4],
    /// Seats done this round (acted, skipped, forfeited, out, or declared `-`).
    pub(super) done: SeatSet,
    /// Each seat's declared kind; `None` where it is open (unknown, or a later round).
    pub(super) kinds: [Option<Declaration>; 4],
    /// A determinization's seed (see `player`), 0 for none: in every later round each threatening rival's kind
    /// is drawn from the round's start position with it (`Search::drawn_kind`); without one it stays open.
    pub(super) world: u64,
    /// Seats that promised to take nothing this round (F24).
    pub(super) promised: SeatSet,
    /// Eliminated seats: never act again (F33).
    pub(super) out: SeatSet,
    /// Seats whose turn this round is only a threat (see the module doc): rivals whose kind is secret.
    pub(super) threats: SeatSet,
    /// The seat put last in every later round's queue: the answering seat.
    pub(super) last: Option<Seat>,
    /// A threatening rival has acted since the answering seat last did: the other threatening rivals pass.
    pub(super) threatened: bool,
    /// F30: the repetition key of the decision-phase start after the first round end the line reached. Only that
    /// one is real: the search's later queues (the answering seat last) are its own reading.
    pub(super) ended: Option<u64>,
}

impl Line {
    /// A key for the search's transposition table: the position's with everything else the line holds, since
    /// the same board with another queue, another declaration or another seat done is searched differently.
    pub(super) fn key(&self) -> u64 {
        let mix = |x: u64| splitmix64(&mut x.clone());
        let seat = |s: Seat| s.index() as u64;
        let order = self
            .order
            .iter()
            .enumerate()
            .fold(0, |k, (i, &s)| k | seat(s) << (2 * i));
        let sets = [self.done, self.promised, self.out, self.threats];
        let sets = sets
            .iter()
            .enumerate()
            .fold(0, |k, (i, s)| k | u64::from(s.bits()) << (4 * i));
        let last = self.last.map_or(0, |s| seat(s) + 1);
        let small = order | sets << 8 | last << 24 | u64::from(self.threatened) << 27;
        let kind = |k: Option<Declaration>| match k {
            None => 0,
            Some(Declaration::Navia) => 1,
            Some(Declaration::Black) => 2,
            Some(Declaration::Red) => 3,
            Some(Declaration::Nothing) => 4,
            Some(Declaration::Maseitai(k)) => 8 + u64::from(k.0),
        };
        let kinds = |ks: &[Option<Declaration>; 4]| ks.iter().enumerate().fold(0, |k, (i, &d)| k | kind(d) << (16 * i));
        let ended = self.ended.map_or(0, |e| mix(e) | 1);
        // Zero without a determinization: the key of such a line is as it was.
        let world = match self.world {
            0 => 0,
            w => mix(w),
        };
        self.pos.key() ^ mix(small ^ mix(kinds(&self.kinds) ^ mix(ended ^ world)))
    }

    /// The seat that acts next this round, if any.
    pub(super) fn actor(&self) -> Option<Seat> {
        self.order.into_iter().find(|&s| !self.done.contains(s))
    }

    /// The position with `seat` to act.
    pub(super) fn position_for(&self, seat: Seat) -> CrossPosition {
        let mut p = self.pos;
        p.set_side(seat);
        p
    }

    /// F26: the actions of `seat` (declared kind, else the fallback; the promise applied), as the game lists
    /// them, families folded; empty when it has none and is skipped.
    #[cfg(test)]
    pub(super) fn actions(&self, seat: Seat) -> SeatActions {
        self.actions_with(seat, &self.pos.reach_map())
    }

    /// [`Line::actions`] with the position's reach map already made (see [`SeatActions::with_map`]).
    pub(super) fn actions_with(&self, seat: Seat, map: &ReachMap<Cross>) -> SeatActions {
        SeatActions::with_map(
            &self.pos,
            map,
            seat,
            self.kinds[seat.index()],
            self.promised.contains(seat),
        )
    }

    /// Whether `seat` passes: a threatening rival after another one has acted (best-reply, see the module doc).
    pub(super) fn passes(&self, seat: Seat) -> bool {
        self.threatened && self.threats.contains(seat)
    }

    /// Whether a threatening rival other than `seat` is still to act this round: `seat` doing nothing leaves the
    /// round's one blow to it.
    pub(super) fn threat_follows(&self, seat: Seat) -> bool {
        self.order
            .into_iter()
            .any(|s| s != seat && !self.done.contains(s) && self.threats.contains(s))
    }

    /// The line after `seat` plays `a` (one of [`Line::actions`]).
    pub(super) fn after(&self, seat: Seat, a: &CrossAction) -> Line {
        let mut next = *self;
        next.pos = self.position_for(seat).play(a);
        if self.threats.contains(seat) {
            next.threatened = true;
        } else if self.last == Some(seat) {
            next.threatened = false;
        }
        next.finish(seat);
        next
    }

    /// The line after `seat` is skipped (it has no action).
    pub(super) fn skip(&self, seat: Seat) -> Line {
        let mut next = *self;
        next.finish(seat);
        next
    }

    /// Mark `seat` done; when the round is over, the next one starts with every kind open (a determinization
    /// draws them as the rivals come to act), the answering seat last and the others only threatening.
    fn finish(&mut self, seat: Seat) {
        self.done.insert(seat);
        if self.actor().is_none() {
            // F25: the queue that just acted is the next round's base order.
            if self.ended.is_none() {
                self.ended = Some(repetition_key(&self.pos, self.order, self.out));
            }
            self.done = self.out;
            self.kinds = [None; 4];
            self.promised = SeatSet::EMPTY;
            self.threats = SeatSet::EMPTY;
            if let Some(me) = self.last {
                let mut order = self.order;
                let at = order.iter().position(|&s| s == me).unwrap_or(3);
                order[at..].rotate_left(1);
                self.order = order;
                self.threats = Seat::ALL.into_iter().filter(|&s| s != me).collect();
            }
        }
    }
}
