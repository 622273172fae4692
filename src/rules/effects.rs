//! Effect steps (R17, R18; RULES.md D1–D11, D16–D27): for a dratp or invoke, the choices each catalogue
//! `EffectStep` offers (the tokens of the action text, D2), enumerated step after step into one action per
//! combination; whether an invoke would change anything (D27); and how each step changes the position once its
//! tokens are chosen. The catalogue says what a piece does; this module says how.

use super::action::{ActionOf, Follow, FurtherMove, TokenOf};
use super::catalogue::{Area, EffectStep, Place, Scope, Target};
use super::constants::MAX_CHOICES;
use super::geometry::{Geometry, Word};
use super::movegen::{dir_index, names_seats, ring, ActionSink};
use super::piece::{Piece, PlacedOf};
use super::position::{FreezeOf, PositionOf};
use super::square::{BitboardOf, SquareOf};

impl EffectStep {
    /// Whether the step moves pieces the way moves do (Tagu's extra moves, the Gulled's mass advance), so that it
    /// may take a piece, even the Navia.
    pub fn makes_moves(&self) -> bool {
        matches!(self, EffectStep::ExtraMoves(_) | EffectStep::AdvanceGulled)
    }

    /// Whether the step asks the player for a choice (a token in the action text, D2).
    pub fn has_choice(&self) -> bool {
        matches!(
            self,
            EffectStep::ReturnToKeep(t) if *t != Target::Itself
        ) || matches!(
            self,
            EffectStep::Remove(_)
                | EffectStep::Revive(_)
                | EffectStep::Steal(_)
                | EffectStep::Relocate { .. }
                | EffectStep::Swap(_)
                | EffectStep::Freeze(_)
                | EffectStep::ExtraMoves(_)
        )
    }
}

impl<G: Geometry> PositionOf<G> {
    /// Whether `step` asks for a token on this board: D2's choices, and the seat a drain names where a team has
    /// more than one opponent (F18).
    #[inline]
    pub(super) fn asks(step: &EffectStep) -> bool {
        step.has_choice() || (names_seats::<G>() && matches!(step, EffectStep::Drain(_)))
    }

    /// Enumerate the choices of effect steps one after another (D1, D2), pushing one action per combination.
    pub(super) fn expand_steps(
        &self,
        piece: SquareOf<G>,
        steps: &[EffectStep],
        action: ActionOf<G>,
        out: &mut impl ActionSink<G>,
    ) {
        let Some((&step, rest)) = steps.split_first() else {
            out.push(action);
            return;
        };
        let needs_state = rest.iter().any(Self::asks);
        if !Self::asks(&step) {
            if needs_state {
                let mut next = *self;
                let at = next.apply_step(piece, step, &[]);
                next.go_on(at, rest, action, out);
            } else {
                out.push(action);
            }
            return;
        }
        let mut any = false;
        self.step_options(piece, step, action.follow == Follow::Invoke, &mut |tokens| {
            any = true;
            let mut a = action;
            for &t in tokens {
                a.choices.push(t);
            }
            if needs_state {
                let mut next = *self;
                let at = next.apply_step(piece, step, tokens);
                next.go_on(at, rest, a, out);
            } else {
                out.push(a);
            }
        });
        let optional = matches!(step, EffectStep::Relocate { optional: true, .. });
        if !any || optional {
            self.go_on(Some(piece), rest, action, out);
        }
    }

    /// Continue with the remaining steps unless the piece left the board or the game ended.
    fn go_on(&self, at: Option<SquareOf<G>>, rest: &[EffectStep], a: ActionOf<G>, out: &mut impl ActionSink<G>) {
        match at {
            Some(sq) if self.outcome.is_none() => self.expand_steps(sq, rest, a, out),
            _ => out.push(a),
        }
    }

    /// D27: whether an invoke's step would change anything (a target to choose, a pool to drain, a Gulled to move).
    pub(super) fn invoke_does_something(&self, piece: SquareOf<G>, step: EffectStep) -> bool {
        if Self::asks(&step) {
            let mut any = false;
            self.step_options(piece, step, true, &mut |_| any = true);
            return any;
        }
        let mut after = *self;
        after.apply_step(piece, step, &[]);
        after.key != self.key
    }

    /// The squares a target word selects (D3).
    fn target_squares(&self, piece: SquareOf<G>, target: Target) -> BitboardOf<G> {
        let battle = self.occupied() & !self.navias;
        match target {
            Target::Itself => piece.bb(),
            Target::AnyBattle => battle & !piece.bb(),
            Target::OwnBattle => battle & self.sides[self.side],
            Target::AnyMaseitai => self.maseitai & !piece.bb(),
        }
    }

    /// The empty squares a place word selects.
    fn place_squares(&self, piece: SquareOf<G>, place: Place) -> BitboardOf<G> {
        let empty = !self.occupied();
        let us = self.side;
        empty
            & match place {
                Place::AnyEmpty => BitboardOf::FULL,
                Place::OwnSummon => G::summon(us),
                Place::EnemySummon => G::teams()
                    .as_ref()
                    .iter()
                    .filter(|&&t| t != us)
                    .fold(BitboardOf::EMPTY, |b, &t| b | G::summon(t)),
                Place::NaviaRing => self.navia_ring(us),
                Place::Dots => G::face(self.cat, self.kinds[piece], self.dratped.has(piece), us).dots[piece],
            }
    }

    /// The squares of an area around `piece` of team `t`: its file is the line along `t`'s forward (F2, F18).
    fn area_squares(piece: SquareOf<G>, area: Area, t: G::Team) -> BitboardOf<G> {
        match area {
            Area::File => {
                let (fx, fy) = G::turn(t, 0, 1);
                let line = |dx: i8, dy: i8| dir_index(dx, dy).map_or(BitboardOf::EMPTY, |d| G::line(d, piece));
                line(fx, fy) | line(-fx, -fy) | piece.bb()
            }
            Area::Block => ring(piece) | piece.bb(),
        }
    }

    /// Hand every valid token list for one step with a choice to `each`, in a fixed order (none when the step
    /// has no target); `invoke` when the step belongs to an invoke (D27). A callback rather than a list: the search
    /// generates these at every node, without allocating.
    fn step_options(&self, piece: SquareOf<G>, step: EffectStep, invoke: bool, each: &mut dyn FnMut(&[TokenOf<G>])) {
        let us = self.side;
        match step {
            EffectStep::Remove(t) | EffectStep::ReturnToKeep(t) | EffectStep::Freeze(t) => {
                let mut squares = self.target_squares(piece, t);
                if matches!(step, EffectStep::ReturnToKeep(_)) {
                    squares &= self.maseitai;
                }
                if matches!(step, EffectStep::Freeze(_)) && !self.freeze_slot_free() {
                    squares = BitboardOf::EMPTY;
                }
                for s in squares {
                    each(&[TokenOf::Square(s)]);
                }
            }
            EffectStep::Revive(place) => {
                let places = self.place_squares(piece, place);
                for kind in self.graves[us].maseitai.distinct() {
                    for s in places {
                        each(&[TokenOf::Placed(kind, s)]);
                    }
                }
            }
            // D26: from the opponent's graveyard only, onto the owner's squares.
            EffectStep::Steal(place) => {
                let places = self.place_squares(piece, place);
                let Some(them) = G::opponent(us) else {
                    // F18: from any other seat's graveyard, the token naming the seat.
                    for &seat in G::teams().as_ref().iter().filter(|&&t| t != us) {
                        let g = &self.graves[seat];
                        for to in places {
                            if g.black > 0 {
                                each(&[TokenOf::StolenGulled { seat, red: false, to }]);
                            }
                            if g.red > 0 {
                                each(&[TokenOf::StolenGulled { seat, red: true, to }]);
                            }
                            for kind in g.maseitai.distinct() {
                                each(&[TokenOf::StolenMaseitai { seat, kind, to }]);
                            }
                        }
                    }
                    return;
                };
                let g = &self.graves[them];
                for s in places {
                    if g.black > 0 {
                        each(&[TokenOf::Gulled { red: false, to: s }]);
                    }
                    if g.red > 0 {
                        each(&[TokenOf::Gulled { red: true, to: s }]);
                    }
                    for kind in g.maseitai.distinct() {
                        each(&[TokenOf::Placed(kind, s)]);
                    }
                }
            }
            // F18: the drained seat is named; an invoke names only a seat it would drain (D27).
            EffectStep::Drain(_) => {
                for &seat in G::teams().as_ref() {
                    if seat != us && (!invoke || self.pools[seat] > 0) {
                        each(&[TokenOf::Seat(seat)]);
                    }
                }
            }
            EffectStep::Relocate { who, to, .. } => {
                let places = self.place_squares(piece, to);
                if who == Target::Itself {
                    for s in places {
                        each(&[TokenOf::Square(s)]);
                    }
                } else {
                    for f in self.target_squares(piece, who) {
                        for s in places {
                            each(&[TokenOf::Pair(f, s)]);
                        }
                    }
                }
            }
            EffectStep::Swap(t) => {
                let squares = self.target_squares(piece, t);
                for a in squares {
                    let pa = self.piece_at(a);
                    for b in squares & BitboardOf(G::Word::above(a.index())) {
                        if self.piece_at(b) != pa || self.swap_moves_freezes(a, b) {
                            each(&[TokenOf::Square(a), TokenOf::Square(b)]);
                        }
                    }
                }
            }
            EffectStep::ExtraMoves(n) => {
                self.extra_move_options(piece, n, &mut [TokenOf::Gyullas; MAX_CHOICES], 0, each)
            }
            _ => {}
        }
    }

    /// D20: sequences of up to `n` plain battle-piece moves (Tagu), each legal after the ones before. `prefix` holds
    /// the `len` moves made so far; the moves come from the reach tables (no follow-ups to expand).
    fn extra_move_options(
        &self,
        piece: SquareOf<G>,
        n: u8,
        prefix: &mut [TokenOf<G>; MAX_CHOICES],
        len: usize,
        each: &mut dyn FnMut(&[TokenOf<G>]),
    ) {
        let mut any = false;
        if n > 0 && len < MAX_CHOICES && self.outcome.is_none() {
            let au = self.auras();
            let movable = self.sides[self.side] & !self.navias & !piece.bb();
            for f in movable {
                for t in self.reach_with(f, &au) {
                    // F14: a further move onto a Navia is one choice per Pharaoh square it may go to.
                    let (squares, plain) = match self.pharaoh_choices(f, t) {
                        Some(b) => (b, false),
                        None => (BitboardOf::EMPTY, true),
                    };
                    for p in squares.map(Some).chain(plain.then_some(None)) {
                        any = true;
                        prefix[len] = match p {
                            Some(pharaoh) => TokenOf::NaviaTake {
                                from: f,
                                to: t,
                                pharaoh,
                            },
                            None => TokenOf::Pair(f, t),
                        };
                        let mut next = *self;
                        next.extra_move(FurtherMove {
                            from: f,
                            to: t,
                            pharaoh: p,
                        });
                        next.extra_move_options(piece, n - 1, prefix, len + 1, each);
                    }
                }
            }
        }
        if !any && len > 0 {
            each(&prefix[..len]);
        }
    }

    /// Whether some sequence of up to `n` further moves that `extra_move_options` lists for the effect of `piece`
    /// ends a move on a square of `targets` (whether or not a Pharaoh square is free for a Navia there: an answer
    /// of true may be too much, false is exact).
    pub(super) fn further_moves_reach(&self, piece: SquareOf<G>, n: u8, targets: BitboardOf<G>) -> bool {
        if n == 0 || self.outcome.is_some() {
            return false;
        }
        let au = self.auras();
        let movable = self.sides[self.side] & !self.navias & !piece.bb();
        if movable
            .into_iter()
            .any(|f| !(self.reach_with(f, &au) & targets).is_empty())
        {
            return true;
        }
        n > 1
            && movable.into_iter().any(|f| {
                self.reach_with(f, &au).into_iter().any(|t| {
                    let onto = |pharaoh| {
                        let mut next = *self;
                        next.extra_move(FurtherMove {
                            from: f,
                            to: t,
                            pharaoh,
                        });
                        next.further_moves_reach(piece, n - 1, targets)
                    };
                    match self.pharaoh_choices(f, t) {
                        Some(squares) => squares.into_iter().any(|p| onto(Some(p))),
                        None => onto(None),
                    }
                })
            })
    }

    /// One further move (Tagu, D20): an ordinary move, whose revenge resolves at once (D17); a Navia it takes goes
    /// to `pharaoh` (F14).
    pub(super) fn extra_move(&mut self, m: FurtherMove<G>) {
        if let Some(avenger) = self.move_part(m.from, m.to, m.pharaoh) {
            self.bury_at(m.to, avenger);
        }
    }

    /// How many of `tokens` (the rest of an action's tokens) the step takes (D2).
    pub(super) fn tokens_taken(&self, step: EffectStep, tokens: &[TokenOf<G>]) -> usize {
        let fits = |t: &TokenOf<G>| match (step, t) {
            (EffectStep::Remove(_) | EffectStep::ReturnToKeep(_) | EffectStep::Freeze(_), TokenOf::Square(_)) => true,
            (EffectStep::Revive(_), TokenOf::Placed(..)) => true,
            (
                EffectStep::Steal(_),
                TokenOf::Placed(..)
                | TokenOf::Gulled { .. }
                | TokenOf::StolenGulled { .. }
                | TokenOf::StolenMaseitai { .. },
            ) => true,
            (EffectStep::Drain(_), TokenOf::Seat(_)) => true,
            (
                EffectStep::Relocate {
                    who: Target::Itself, ..
                },
                TokenOf::Square(_),
            ) => true,
            (EffectStep::Relocate { who, .. }, TokenOf::Pair(..)) => who != Target::Itself,
            (EffectStep::Swap(_), TokenOf::Square(_)) => true,
            (EffectStep::ExtraMoves(_), TokenOf::Pair(..) | TokenOf::NaviaTake { .. }) => true,
            _ => false,
        };
        let want = match step {
            _ if !Self::asks(&step) => 0,
            EffectStep::Swap(_) => 2,
            EffectStep::ExtraMoves(n) => n as usize,
            _ => 1,
        };
        let n = tokens.iter().take(want).take_while(|t| fits(t)).count();
        match step {
            EffectStep::Swap(_) if n < 2 => 0,
            _ => n,
        }
    }

    /// Send the Maseitai on `sq` back to its owner's keep, thawed.
    fn return_to_keep(&mut self, sq: SquareOf<G>) {
        self.unfreeze_square(sq);
        if let Some(PlacedOf {
            side,
            piece: Piece::Maseitai(k),
            ..
        }) = self.take(sq)
        {
            self.keep_insert(side, k);
        }
    }

    /// Apply one effect step with its tokens; returns where the effect's piece now
    /// stands, or `None` once it has left the board. Long on purpose: one short match arm per step kind and
    /// token shape, so the whole table of what each step does reads in one place.
    pub(super) fn apply_step(
        &mut self,
        piece: SquareOf<G>,
        step: EffectStep,
        tokens: &[TokenOf<G>],
    ) -> Option<SquareOf<G>> {
        let us = self.side;
        let them = G::opponent(us);
        match (step, tokens) {
            (EffectStep::Sacrifice, _) => {
                self.bury_at(piece, us);
                return None;
            }
            (EffectStep::Remove(_), &[TokenOf::Square(s)]) => {
                self.bury_at(s, us);
            }
            // D22: battle pieces of both sides, never a Navia, never the piece itself.
            (EffectStep::RemoveArea(area), _) => {
                let hit = Self::area_squares(piece, area, us) & self.occupied() & !self.navias & !piece.bb();
                for s in hit {
                    self.bury_at(s, us);
                }
            }
            (EffectStep::ReturnToKeep(Target::Itself), _) => {
                self.return_to_keep(piece);
                return None;
            }
            (EffectStep::ReturnToKeep(_), &[TokenOf::Square(s)]) => {
                self.return_to_keep(s);
                if s == piece {
                    return None;
                }
            }
            (EffectStep::Revive(_), &[TokenOf::Placed(k, s)]) => {
                self.grave_remove(us, k);
                self.put(
                    s,
                    PlacedOf {
                        side: us,
                        piece: Piece::Maseitai(k),
                        dratped: false,
                    },
                );
            }
            // D21: Odd fills the empty squares of the owner's second rank from file a; F18: on the cross, the seat's
            // own Gulled rank from its left to its right (F2).
            (EffectStep::ReviveGulled, _) => {
                let g = self.graves[us];
                let mut empty = G::gulled_rank(us) & !self.occupied();
                // The rank is one line, so left to right runs up or down the square indices.
                let (rx, ry) = G::turn(us, 1, 0);
                let downwards = names_seats::<G>() && rx + ry * G::WIDTH < 0;
                let mut placed = 0u8;
                while placed < g.black && !empty.is_empty() {
                    let s = if downwards {
                        SquareOf::from_index(empty.0.highest() as usize)
                    } else {
                        SquareOf::from_index(empty.0.lowest() as usize)
                    };
                    empty &= !s.bb();
                    self.put(
                        s,
                        PlacedOf {
                            side: us,
                            piece: Piece::BlackGulled,
                            dratped: false,
                        },
                    );
                    placed += 1;
                }
                self.set_grave_gulled(us, g.black - placed, g.red);
            }
            (EffectStep::Steal(_), &[TokenOf::Placed(kind, to)]) if them.is_some() => {
                self.steal_maseitai(them?, kind, to);
            }
            (EffectStep::Steal(_), &[TokenOf::Gulled { red, to }]) if them.is_some() => {
                self.steal_gulled(them?, red, to);
            }
            (EffectStep::Steal(_), &[TokenOf::StolenMaseitai { seat, kind, to }]) if seat != us => {
                self.steal_maseitai(seat, kind, to);
            }
            (EffectStep::Steal(_), &[TokenOf::StolenGulled { seat, red, to }]) if seat != us => {
                self.steal_gulled(seat, red, to);
            }
            (EffectStep::Relocate { .. }, &[TokenOf::Square(s)]) => {
                self.shift(piece, s);
                return Some(s);
            }
            (EffectStep::Relocate { .. }, &[TokenOf::Pair(f, t)]) => {
                self.shift(f, t);
                if f == piece {
                    return Some(t);
                }
            }
            (EffectStep::Swap(_), &[TokenOf::Square(a), TokenOf::Square(b)]) => {
                self.swap_squares(a, b);
                if piece == a {
                    return Some(b);
                } else if piece == b {
                    return Some(a);
                }
            }
            (EffectStep::Freeze(_), &[TokenOf::Square(s)]) => {
                self.add_freeze(FreezeOf { by: piece, target: s });
            }
            (EffectStep::Undo(Scope::Itself), _) => self.unflip(piece),
            (EffectStep::Undo(Scope::Others), _) => {
                for s in self.maseitai & self.dratped & !piece.bb() {
                    self.unflip(s);
                }
            }
            (EffectStep::Gain(n), _) => self.earn(us, n as u32),
            (EffectStep::Drain(n), &[TokenOf::Seat(seat)]) if seat != us => {
                let left = self.pools[seat].saturating_sub(n);
                self.set_pool(seat, left);
            }
            (EffectStep::Drain(n), _) => {
                if let Some(them) = them {
                    let left = self.pools[them].saturating_sub(n);
                    self.set_pool(them, left);
                }
            }
            (EffectStep::GainPerGrave, _) => {
                let n: u32 = self
                    .graves
                    .iter()
                    .map(|g| g.black as u32 + g.red as u32 + g.maseitai.len() as u32)
                    .sum();
                self.earn(us, n);
            }
            (EffectStep::AdvanceGulled, _) => self.advance_gulled(),
            (EffectStep::ExtraMoves(_), moves) => {
                for m in moves.iter().filter_map(|t| t.further_move()) {
                    if self.outcome.is_some() {
                        break;
                    }
                    self.extra_move(m);
                }
            }
            _ => {}
        }
        Some(piece)
    }

    /// D26, F18: Neso takes a Maseitai from `seat`'s graveyard; it comes back on `to` as the side to move's.
    fn steal_maseitai(&mut self, seat: G::Team, kind: super::catalogue::Kind, to: SquareOf<G>) {
        self.grave_remove(seat, kind);
        self.put(
            to,
            PlacedOf {
                side: self.side,
                piece: Piece::Maseitai(kind),
                dratped: false,
            },
        );
    }

    /// D26, F18: Neso takes a Gulled from `seat`'s graveyard; it comes back on `to` as the side to move's.
    fn steal_gulled(&mut self, seat: G::Team, red: bool, to: SquareOf<G>) {
        let g = self.graves[seat];
        let (black, reds, piece) = if red {
            (g.black, g.red.saturating_sub(1), Piece::RedGulled)
        } else {
            (g.black.saturating_sub(1), g.red, Piece::BlackGulled)
        };
        self.set_grave_gulled(seat, black, reds);
        self.put(
            to,
            PlacedOf {
                side: self.side,
                piece,
                dratped: false,
            },
        );
    }

    /// D19, Billpentod: every black Gulled of the side to move that can step forward does, front ones first, so a
    /// file of Gulled advances together; captures pay their reward (R13), the steps themselves earn nothing.
    fn advance_gulled(&mut self) {
        let us = self.side;
        let untakeable = self.auras().untakeable;
        let (fx, fy) = G::turn(us, 0, 1);
        let mut gulled: Vec<SquareOf<G>> = (self.black_gulled & self.sides[us]).collect();
        gulled.sort_by_key(|s| -(s.file() * fx + s.rank() * fy));
        for from in gulled {
            let Some(to) = from.offset(fx, fy) else {
                continue;
            };
            // R21: an effect never removes a Navia, so the enemy Navia blocks the advance like any own piece.
            let blocked = self.sides[us] | self.navias | untakeable;
            if blocked.has(to) || self.frozen().has(from) {
                continue;
            }
            let mut reward = 0;
            if let Some(victim) = self.take(to) {
                self.unfreeze_square(to);
                reward = super::movegen::capture_reward(self, victim);
                self.bury(victim, us);
            }
            self.shift(from, to);
            self.earn(us, reward);
        }
    }

    /// D4, D16: a swap of two pieces that are the same to the rules still changes the position when it carries a
    /// freeze from one square to the other.
    fn swap_moves_freezes(&self, a: SquareOf<G>, b: SquareOf<G>) -> bool {
        if !self.has_freezes() {
            return false;
        }
        let other = |s: SquareOf<G>| {
            if s == a {
                b
            } else if s == b {
                a
            } else {
                s
            }
        };
        let mut moved: Vec<FreezeOf<G>> = self
            .freezes
            .as_ref()
            .iter()
            .flatten()
            .map(|f| FreezeOf {
                by: other(f.by),
                target: other(f.target),
            })
            .collect();
        moved.sort();
        moved != self.freeze_list()
    }

    /// Whether a freeze slot is free (Kanaba).
    pub(super) fn freeze_slot_free(&self) -> bool {
        self.freezes.as_ref().iter().any(Option::is_none)
    }
}
