//! Effect steps (R17, R18; RULES.md D1–D11, D16–D27): for a dratp or invoke, the choices each catalogue
//! `EffectStep` offers (the tokens of the action text, D2), enumerated step after step into one action per
//! combination; whether an invoke would change anything (D27); and how each step changes the position once its
//! tokens are chosen. The catalogue says what a piece does; this module says how.

use super::action::{ActionOf, TokenOf};
use super::catalogue::{Area, EffectStep, Place, Scope, Target};
use super::constants::MAX_CHOICES;
use super::geometry::{Geometry, Word};
use super::movegen::{ring, ActionSink};
use super::piece::{Piece, PlacedOf};
use super::position::{FreezeOf, PositionOf, MAX_FREEZES};
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
        let needs_state = rest.iter().any(EffectStep::has_choice);
        if !step.has_choice() {
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
        self.step_options(piece, step, &mut |tokens| {
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
        if step.has_choice() {
            let mut any = false;
            self.step_options(piece, step, &mut |_| any = true);
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

    /// The squares of an area around `piece`.
    fn area_squares(piece: SquareOf<G>, area: Area) -> BitboardOf<G> {
        match area {
            Area::File => SquareOf::<G>::all()
                .filter(|s| s.file() == piece.file())
                .fold(BitboardOf::EMPTY, |b, s| b | s.bb()),
            Area::Block => ring(piece) | piece.bb(),
        }
    }

    /// Hand every valid token list for one step with a choice to `each`, in a fixed order (none when the step
    /// has no target). A callback rather than a list: the search generates these at every node, without allocating.
    fn step_options(&self, piece: SquareOf<G>, step: EffectStep, each: &mut dyn FnMut(&[TokenOf<G>])) {
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
                let Some(them) = G::opponent(us) else { return };
                let places = self.place_squares(piece, place);
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
                    any = true;
                    prefix[len] = TokenOf::Pair(f, t);
                    let mut next = *self;
                    next.extra_move(f, t);
                    next.extra_move_options(piece, n - 1, prefix, len + 1, each);
                }
            }
        }
        if !any && len > 0 {
            each(&prefix[..len]);
        }
    }

    /// One further move (Tagu, D20): an ordinary move, whose revenge resolves at once (D17).
    fn extra_move(&mut self, from: SquareOf<G>, to: SquareOf<G>) {
        if let Some(avenger) = self.move_part(from, to) {
            self.bury_at(to, avenger);
        }
    }

    /// How many of `tokens` (the rest of an action's tokens) the step takes (D2).
    pub(super) fn tokens_taken(&self, step: EffectStep, tokens: &[TokenOf<G>]) -> usize {
        let fits = |t: &TokenOf<G>| match (step, t) {
            (EffectStep::Remove(_) | EffectStep::ReturnToKeep(_) | EffectStep::Freeze(_), TokenOf::Square(_)) => true,
            (EffectStep::Revive(_), TokenOf::Placed(..)) => true,
            (EffectStep::Steal(_), TokenOf::Placed(..) | TokenOf::Gulled { .. }) => true,
            (
                EffectStep::Relocate {
                    who: Target::Itself, ..
                },
                TokenOf::Square(_),
            ) => true,
            (EffectStep::Relocate { who, .. }, TokenOf::Pair(..)) => who != Target::Itself,
            (EffectStep::Swap(_), TokenOf::Square(_)) => true,
            (EffectStep::ExtraMoves(_), TokenOf::Pair(..)) => true,
            _ => false,
        };
        let want = match step {
            _ if !step.has_choice() => 0,
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
                let hit = Self::area_squares(piece, area) & self.occupied() & !self.navias & !piece.bb();
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
            // D21: Odd fills the empty squares of the owner's second rank from file a.
            (EffectStep::ReviveGulled, _) => {
                let g = self.graves[us];
                let mut placed = 0u8;
                for s in G::gulled_rank(us) & !self.occupied() {
                    if placed == g.black {
                        break;
                    }
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
            (EffectStep::Steal(_), &[TokenOf::Placed(k, s)]) if them.is_some() => {
                self.grave_remove(them?, k);
                self.put(
                    s,
                    PlacedOf {
                        side: us,
                        piece: Piece::Maseitai(k),
                        dratped: false,
                    },
                );
            }
            (EffectStep::Steal(_), &[TokenOf::Gulled { red, to }]) if them.is_some() => {
                let them = them?;
                let g = self.graves[them];
                let (b, r, piece_kind) = if red {
                    (g.black, g.red - 1, Piece::RedGulled)
                } else {
                    (g.black - 1, g.red, Piece::BlackGulled)
                };
                self.set_grave_gulled(them, b, r);
                self.put(
                    to,
                    PlacedOf {
                        side: us,
                        piece: piece_kind,
                        dratped: false,
                    },
                );
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
            (EffectStep::ExtraMoves(_), pairs) => {
                for &t in pairs {
                    if let TokenOf::Pair(f, to) = t {
                        if self.outcome.is_some() {
                            break;
                        }
                        self.extra_move(f, to);
                    }
                }
            }
            _ => {}
        }
        Some(piece)
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
        self.freezes.iter().filter(|f| f.is_some()).count() < MAX_FREEZES
    }
}
