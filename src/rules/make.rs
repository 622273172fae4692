//! Making an action: copy-make (R13, R15, R17–R23).

use super::action::{ActionKind, ActionOf, Follow, TokenOf};
use super::catalogue::EffectStep;
use super::constants::{LINE_OVER_BONUS, NAVIA_DRATP_COST};
use super::geometry::Geometry;
use super::movegen::{pharaohs, zone_cost};
use super::piece::{Piece, PlacedOf};
use super::position::{OutcomeOf, PositionOf, WinReason};
use super::square::SquareOf;

use thiserror::Error;

/// An action `try_play` refused: the game is over or it is not one of the legal actions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
#[error("not a legal action in this position")]
pub struct IllegalAction;

impl<G: Geometry> PositionOf<G> {
    /// Whether `a` is one of `legal_actions()` (none once the position has a result, D14).
    pub fn is_legal(&self, a: &ActionOf<G>) -> bool {
        self.outcome.is_none() && self.legal_actions().contains(a)
    }

    /// The position after `a` if it is legal: the checked `play`, for actions that come from outside.
    ///
    /// ```
    /// use dratp::rules::{Action, Catalogue, Position, Square};
    ///
    /// let pos = Position::startpos(Catalogue::builtin())?;
    /// let step = |from: &str, to: &str| -> Result<Action, Box<dyn std::error::Error>> {
    ///     Ok(Action::step(from.parse::<Square>()?, to.parse::<Square>()?))
    /// };
    /// assert!(pos.try_play(&step("d1", "c1")?).is_ok());
    /// assert!(pos.try_play(&step("d1", "d3")?).is_err(), "a Navia steps one square (R9)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_play(&self, a: &ActionOf<G>) -> Result<PositionOf<G>, IllegalAction> {
        if self.is_legal(a) {
            Ok(self.play(a))
        } else {
            Err(IllegalAction)
        }
    }

    /// The position after a legal action, not checked: the caller guarantees `a` is one of `legal_actions()`
    /// (the search and perft play only what they generated). On any other action the result is unspecified but
    /// safe (no panic, no undefined behaviour); use `try_play` for actions from outside.
    pub fn play(&self, a: &ActionOf<G>) -> PositionOf<G> {
        let mut p = *self;
        p.apply(a);
        p
    }

    /// Make a legal action in place (`play` without the copy, for callers that keep their own buffer).
    pub fn apply(&mut self, a: &ActionOf<G>) {
        let p = self;
        let us = p.side;
        let mut revenge = None;
        match a.kind {
            ActionKind::Summon(k) => {
                p.keep_remove(us, k);
                p.put(
                    a.to,
                    PlacedOf {
                        side: us,
                        piece: Piece::Maseitai(k),
                        dratped: false,
                    },
                );
            }
            ActionKind::Move => revenge = p.move_part(a.from, a.to, a.pharaoh),
            ActionKind::InPlace => {}
            ActionKind::LineOver => p.line_over(a),
            ActionKind::Goal => {
                p.take(a.from);
                p.set_outcome(OutcomeOf {
                    winner: us,
                    reason: WinReason::NaviaGoal,
                });
            }
        }
        let mut actor = Some(a.to);
        if a.follow != Follow::Nothing && p.outcome.is_none() {
            actor = p.resolve_follow(a, &mut |_, _, _| {});
        }
        // D17: Papillonera-like revenge: the taker goes to its graveyard once the turn ends.
        if let (Some(avenger), Some(sq), None) = (revenge, actor, p.outcome) {
            if p.piece_at(sq).is_some_and(|pl| pl.side == us && pl.piece.is_battle()) {
                p.bury_at(sq, avenger);
            }
        }
        p.pass_turn();
    }

    /// The same position with `t` to act: the four-seat round decides who acts next (F25), not the position.
    pub fn set_side(&mut self, t: G::Team) {
        self.set_to_move(t);
    }

    /// The piece an action uses: the summoned Maseitai, else the piece on `a.from` (`None` if nothing stands there,
    /// so the action is not legal here). What a declaration is checked against (F26).
    pub fn acting_piece(&self, a: &ActionOf<G>) -> Option<Piece> {
        match a.kind {
            ActionKind::Summon(k) => Some(Piece::Maseitai(k)),
            _ => self.piece_at(a.from).map(|pl| pl.piece),
        }
    }

    /// F24: whether a legal action takes a piece by a move: its own move onto a piece, or one of Tagu's further
    /// moves (D20) onto a piece. Removals by effects are not captures (R14).
    pub fn takes_piece(&self, a: &ActionOf<G>) -> bool {
        if a.kind == ActionKind::Move && self.occupied().has(a.to) {
            return true;
        }
        if a.follow == Follow::Nothing || !a.choices.iter().any(|t| t.further_move().is_some()) {
            return false;
        }
        // Replay the action and look at each further move's target just before it is made.
        let mut p = *self;
        if a.kind == ActionKind::Move {
            p.move_part(a.from, a.to, a.pharaoh);
        }
        let mut took = false;
        p.resolve_follow(a, &mut |pos, step, tokens| {
            if let EffectStep::ExtraMoves(_) = step {
                let mut q = *pos;
                for m in tokens.iter().filter_map(|t| t.further_move()) {
                    took |= q.occupied().has(m.to);
                    q.extra_move(m);
                }
            }
        });
        took
    }

    /// The same position with the other side to move: the "null move" of search pruning (not a game action).
    pub fn pass(&self) -> PositionOf<G> {
        let mut p = *self;
        p.pass_turn();
        p
    }

    /// R22: the Gulled on `a.from` crosses the end line: income, then the chosen bonus.
    fn line_over(&mut self, a: &ActionOf<G>) {
        let us = self.side;
        let Some(g) = self.take(a.from) else { return };
        self.unfreeze_square(a.from);
        let grave = self.graves[us];
        let (income, black, red) = match g.piece {
            Piece::RedGulled => (3, grave.black, grave.red + 1),
            _ => (1, grave.black + 1, grave.red),
        };
        self.set_grave_gulled(us, black, red);
        let income = income + self.battle_income(us);
        match a.choices.get(0) {
            Some(TokenOf::Placed(k, sq)) => {
                self.earn(us, income);
                self.grave_remove(us, k);
                self.put(
                    sq,
                    PlacedOf {
                        side: us,
                        piece: Piece::Maseitai(k),
                        dratped: false,
                    },
                );
            }
            _ => self.earn(us, income + LINE_OVER_BONUS as u32),
        }
    }

    /// The move part of an action: step, income, capture, reward (R13, R20; F14 and F28 where a taken Navia goes to
    /// `pharaoh`). Does not pass the turn. Returns the team whose taken piece takes revenge on the mover at the
    /// end of the turn (D17), if any.
    pub(super) fn move_part(
        &mut self,
        from: SquareOf<G>,
        to: SquareOf<G>,
        pharaoh: Option<SquareOf<G>>,
    ) -> Option<G::Team> {
        let us = self.side;
        let mover = self.piece_at(from)?;
        let victim = if self.occupied().has(to) {
            self.piece_at(to)
        } else {
            None
        };
        let gain = self.gain_with(mover, victim);
        let mut revenge = None;
        let mut taken_navia = None;
        if let Some(victim) = victim {
            self.lift(to, victim);
            self.unfreeze_square(to);
            match victim.piece {
                Piece::Navia(_) if pharaohs::<G>() => taken_navia = Some(victim),
                Piece::Navia(_) => self.set_outcome(OutcomeOf {
                    winner: us,
                    reason: WinReason::NaviaTaken,
                }),
                Piece::Maseitai(k) => {
                    let avenges = victim.dratped && mover.piece.is_battle() && self.cat.tables(k).revenge;
                    revenge = avenges.then_some(victim.side);
                    self.bury(victim, us);
                }
                _ => self.bury(victim, us),
            }
        }
        self.lift(from, mover);
        self.put(to, mover);
        if self.has_freezes() {
            self.refreeze(|s| if s == from { to } else { s });
        }
        // F14: the taken Navia joins the taker on the chosen Pharaoh square, dratp state kept (placed once the
        // mover has left `from`, which may be that square).
        if let (Some(navia), Some(p)) = (taken_navia, pharaoh) {
            self.put(p, PlacedOf { side: us, ..navia });
            // F28: three Navias on one team win at once.
            if self.navias_held(us) >= 3 {
                self.set_outcome(OutcomeOf {
                    winner: us,
                    reason: WinReason::ThreeNavia,
                });
            }
        }
        if gain > 0 {
            self.earn(us, gain);
        }
        revenge
    }

    /// Pay a dratp or invoke and, for a dratp, flip the compass (R17–R19).
    pub(super) fn pay_and_flip(&mut self, at: SquareOf<G>, follow: Follow, cost: u8) {
        self.spend(self.side, cost);
        if follow == Follow::Dratp {
            if let Some(pl) = self.take(at) {
                self.put(at, PlacedOf { dratped: true, ..pl });
                if let Piece::Navia(_) = pl.piece {
                    self.set_outcome(OutcomeOf {
                        winner: self.side,
                        reason: WinReason::NaviaDratp,
                    });
                }
            }
        }
    }

    /// Pay for and resolve the dratp or invoke of an action, consuming its tokens in order; `seen` is shown each
    /// effect step with its tokens just before it resolves. Returns where the acting piece ends, or `None` if it
    /// left the board.
    fn resolve_follow(
        &mut self,
        a: &ActionOf<G>,
        seen: &mut impl FnMut(&PositionOf<G>, EffectStep, &[TokenOf<G>]),
    ) -> Option<SquareOf<G>> {
        let at = a.to;
        let pl = self.piece_at(at)?;
        let kind = match pl.piece {
            Piece::Navia(_) => {
                self.pay_and_flip(at, Follow::Dratp, NAVIA_DRATP_COST);
                return Some(at);
            }
            Piece::Maseitai(k) => k,
            _ => return Some(at),
        };
        let def = self.cat.get(kind);
        let (cost, steps): (u8, &[EffectStep]) = match a.follow {
            Follow::Dratp => (def.cost, &def.effect.on_dratp),
            _ => match &def.effect.invoke {
                Some(inv) => (inv.cost, std::slice::from_ref(&inv.step)),
                None => return Some(at),
            },
        };
        self.pay_and_flip(at, a.follow, zone_cost(cost, at));
        let mut tokens = [TokenOf::Gyullas; super::constants::MAX_CHOICES];
        let n = a.choices.len();
        for (slot, t) in tokens.iter_mut().zip(a.choices.iter()) {
            *slot = t;
        }
        let mut rest = &tokens[..n];
        let mut piece = Some(at);
        for &step in steps {
            let Some(sq) = piece else { break };
            if self.outcome.is_some() {
                break;
            }
            let take = self.tokens_taken(step, rest);
            seen(self, step, &rest[..take]);
            piece = self.apply_step(sq, step, &rest[..take]);
            rest = &rest[take..];
        }
        piece
    }

    /// Send a removed battle piece to its owner's graveyard (D6), paying a bounty
    /// when the remover is the opponent (D7).
    pub(super) fn bury(&mut self, pl: PlacedOf<G>, remover: G::Team) {
        let owner = pl.side;
        let g = self.graves[owner];
        match pl.piece {
            Piece::BlackGulled => self.set_grave_gulled(owner, g.black + 1, g.red),
            Piece::RedGulled => self.set_grave_gulled(owner, g.black, g.red + 1),
            Piece::Maseitai(k) => {
                self.grave_insert(owner, k);
                if pl.dratped && remover != owner {
                    let bounty = self.cat.tables(k).bounty;
                    if bounty > 0 {
                        self.earn(owner, bounty as u32);
                    }
                }
            }
            Piece::Navia(_) => {}
        }
    }

    /// Remove the battle piece on `sq` by an effect (R14: no reward) and bury it.
    pub(super) fn bury_at(&mut self, sq: SquareOf<G>, remover: G::Team) {
        self.unfreeze_square(sq);
        if let Some(pl) = self.take(sq) {
            self.bury(pl, remover);
        }
    }

    /// Move a piece to an empty square; freezes follow it.
    pub(super) fn shift(&mut self, from: SquareOf<G>, to: SquareOf<G>) {
        if let Some(pl) = self.take(from) {
            self.put(to, pl);
            if self.has_freezes() {
                self.refreeze(|s| if s == from { to } else { s });
            }
        }
    }

    /// Exchange two pieces (Olip); freezes follow them.
    pub(super) fn swap_squares(&mut self, a: SquareOf<G>, b: SquareOf<G>) {
        if let (Some(pa), Some(pb)) = (self.take(a), self.take(b)) {
            self.put(a, pb);
            self.put(b, pa);
            if self.has_freezes() {
                self.refreeze(|s| {
                    if s == a {
                        b
                    } else if s == b {
                        a
                    } else {
                        s
                    }
                });
            }
        }
    }

    /// Flip a dratped piece back (Nemchant, Viskunmateus); its freezes end.
    pub(super) fn unflip(&mut self, sq: SquareOf<G>) {
        if let Some(pl) = self.take(sq) {
            self.put(sq, PlacedOf { dratped: false, ..pl });
            self.unfreeze_by(sq);
        }
    }
}
