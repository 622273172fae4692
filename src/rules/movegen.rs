//! Legal actions (R8–R23), check (R24), and making an action (copy-make).

use super::action::{Action, ActionKind, Choices, Follow, Token};
use super::catalogue::{EffectAction, Kind, MarkKind, Place, Target};
use super::position::{Outcome, Piece, Placed, Position, WinReason};
use super::square::{zones, Bitboard, Side, Square, SIZE};

/// Where generated actions go: a list, or a counter for bulk perft.
pub trait ActionSink {
    /// Take one legal action.
    fn push(&mut self, a: Action);
}

impl ActionSink for Vec<Action> {
    #[inline]
    fn push(&mut self, a: Action) {
        Vec::push(self, a);
    }
}

/// Counts actions instead of storing them.
struct Counter(u64);

impl ActionSink for Counter {
    #[inline]
    fn push(&mut self, _: Action) {
        self.0 += 1;
    }
}

/// R13: gyullas for taking a piece by a move (a Navia ends the game instead).
#[inline]
fn capture_reward(pos: &Position, victim: Placed) -> u32 {
    match victim.piece {
        Piece::BlackGulled => 1,
        Piece::RedGulled => 3,
        Piece::Maseitai(k) => pos.cat.get(k).cost as u32,
        Piece::Navia(_) => 0,
    }
}

/// R17, R18: half, rounded up, in the reduction zone.
#[inline]
fn zone_cost(cost: u8, at: Square) -> u8 {
    if zones::REDUCTION.has(at) {
        cost.div_ceil(2)
    } else {
        cost
    }
}

/// The eight squares around each square (R9, R16).
const RING: [Bitboard; Square::COUNT] = {
    let mut t = [Bitboard::EMPTY; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let (f, r) = ((i % 7) as i8, (i / 7) as i8);
        let mut b = 0u64;
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                let (x, y) = (f + dx, r + dy);
                if (dx != 0 || dy != 0) && x >= 0 && x < SIZE && y >= 0 && y < SIZE {
                    b |= 1u64 << (y * SIZE + x);
                }
                dx += 1;
            }
            dy += 1;
        }
        t[i] = Bitboard(b);
        i += 1;
    }
    t
};

/// The eight squares around `sq`.
#[inline]
fn ring(sq: Square) -> Bitboard {
    RING[sq.index()]
}

/// Squares a line mark reaches from `from` over `occ`, including the square of
/// the piece that stops it (the caller removes own and untakeable pieces). R10, D12, D13.
fn ray_squares(from: Square, mut dx: i8, mut dy: i8, kind: MarkKind, occ: Bitboard) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let mut at = from;
    let mut jumped = false;
    let mut bounced = kind != MarkKind::Bounce;
    loop {
        let next = match at.offset(dx, dy) {
            Some(n) => n,
            None if !bounced => {
                bounced = true;
                let (fx, fy) = (at.file() + dx, at.rank() + dy);
                let ndx = if (0..SIZE).contains(&fx) { dx } else { -dx };
                let ndy = if (0..SIZE).contains(&fy) { dy } else { -dy };
                if (ndx, ndy) == (-dx, -dy) {
                    break;
                }
                dx = ndx;
                dy = ndy;
                continue;
            }
            None => break,
        };
        out |= next.bb();
        if occ.has(next) {
            if kind == MarkKind::Jump && !jumped {
                jumped = true;
            } else {
                break;
            }
        }
        at = next;
    }
    out
}

/// Squares a Maseitai reaches, whoever stands there (R10).
#[inline]
fn maseitai_reach(pos: &Position, sq: Square, side: Side, occ: Bitboard) -> Bitboard {
    let face = pos.cat.tables(pos.kinds[sq.index()]).face(pos.dratped.has(sq), side);
    let mut b = face.steps[sq.index()];
    for r in &face.rays {
        b |= ray_squares(sq, r.dx, r.dy, r.kind, occ);
    }
    b
}

/// Where a Gulled of `side` on `sq` may step (R8), on the board.
#[inline]
fn gulled_reach(sq: Square, side: Side, red: bool) -> Bitboard {
    let f = side.forward();
    let mut b = Bitboard::EMPTY;
    for dx in if red { -1..=1 } else { 0..=0 } {
        if let Some(t) = sq.offset(dx, f) {
            b |= t.bb();
        }
    }
    b
}

impl Position {
    /// Squares holding pieces of `side` that moves cannot take (R20: dratped immortals).
    #[inline]
    fn untakeable(&self, side: Side) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for sq in self.maseitai & self.dratped & self.sides[side.index()] {
            if self.cat.tables(self.kinds[sq.index()]).immortal {
                b |= sq.bb();
            }
        }
        b
    }

    /// Squares the piece on `sq` could move to (captures included), ignoring whose turn it is.
    pub fn reach(&self, sq: Square) -> Bitboard {
        let Some(pl) = self.piece_at(sq) else {
            return Bitboard::EMPTY;
        };
        let raw = match pl.piece {
            Piece::BlackGulled => gulled_reach(sq, pl.side, false),
            Piece::RedGulled => gulled_reach(sq, pl.side, true),
            Piece::Navia(_) => ring(sq),
            Piece::Maseitai(_) => maseitai_reach(self, sq, pl.side, self.occupied()),
        };
        raw & !self.sides[pl.side.index()] & !self.untakeable(pl.side.opponent())
    }

    /// Whether `by` could move a piece onto `target` if it were their turn.
    pub fn attacks(&self, by: Side, target: Square) -> bool {
        let theirs = self.sides[by.index()];
        let back = -by.forward();
        if let Some(s) = target.offset(0, back) {
            if (self.black_gulled & theirs).has(s) {
                return true;
            }
        }
        for dx in -1..=1 {
            if let Some(s) = target.offset(dx, back) {
                if (self.red_gulled & theirs).has(s) {
                    return true;
                }
            }
        }
        if !(ring(target) & self.navias & theirs).is_empty() {
            return true;
        }
        let occ = self.occupied();
        (self.maseitai & theirs).any(|sq| maseitai_reach(self, sq, by, occ).has(target))
    }

    /// R24: `side`'s Navia could be taken by the opponent's next move.
    pub fn in_check(&self, side: Side) -> bool {
        self.navia_square(side)
            .is_some_and(|n| self.attacks(side.opponent(), n))
    }

    /// All legal actions, in a fixed order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(128);
        self.generate(&mut out);
        out
    }

    /// Append all legal actions to `out` (R15). A finished game has none.
    pub fn generate(&self, out: &mut Vec<Action>) {
        self.generate_into(out);
    }

    /// The number of legal actions, counted without building them (bulk perft).
    pub fn count_actions(&self) -> u64 {
        let mut n = Counter(0);
        self.generate_into(&mut n);
        n.0
    }

    fn generate_into(&self, out: &mut impl ActionSink) {
        if self.outcome.is_some() {
            return;
        }
        let us = self.side;
        let own = self.sides[us.index()];
        let open = !own & !self.untakeable(us.opponent());
        let far = zones::far_rank(us);
        let pool = self.pools[us.index()] as u32;

        // R8, R22: Gulled.
        for (bb, red) in [(self.black_gulled & own, false), (self.red_gulled & own, true)] {
            for from in bb {
                for to in gulled_reach(from, us, red) & open {
                    out.push(Action::step(from, to));
                }
                if far.has(from) {
                    self.push_line_overs(from, out);
                }
            }
        }

        // R9, R19, R23: the Navia.
        if let Some(from) = self.navia_square(us) {
            for to in ring(from) & open {
                out.push(Action::step(from, to));
                if !self.navias.has(to) && self.navia_dratp_ok_after(from, to) {
                    out.push(Action {
                        follow: Follow::Dratp,
                        ..Action::step(from, to)
                    });
                }
            }
            if pool >= 60 && !self.in_check(us) {
                out.push(Action {
                    kind: ActionKind::InPlace,
                    follow: Follow::Dratp,
                    ..Action::step(from, from)
                });
            }
            if far.has(from) && self.keeps[us.index()].is_empty() {
                out.push(Action {
                    kind: ActionKind::Goal,
                    ..Action::step(from, from)
                });
            }
        }

        // R16: summons.
        let empty = !self.occupied();
        for kind in self.keeps[us.index()].distinct() {
            let squares = if self.cat.get(kind).navia_guard {
                self.navia_square(us).map_or(Bitboard::EMPTY, ring) & empty
            } else {
                zones::SUMMON[us.index()] & empty
            };
            for to in squares {
                out.push(Action {
                    kind: ActionKind::Summon(kind),
                    ..Action::step(to, to)
                });
            }
        }

        // R10, R15, R17, R18: Maseitai.
        let occ = self.occupied();
        for from in self.maseitai & own {
            let kind = self.kinds[from.index()];
            let dratped = self.dratped.has(from);
            let def = self.cat.get(kind);
            let follow_cost = match (dratped, &def.effect.invoke) {
                (false, _) => Some(def.cost),
                (true, Some(inv)) => Some(inv.cost),
                (true, None) => None,
            };
            let income = if dratped {
                self.cat.tables(kind).move_income as u32
            } else {
                0
            };
            for to in maseitai_reach(self, from, us, occ) & open {
                out.push(Action::step(from, to));
                let Some(cost) = follow_cost else { continue };
                if self.navias.has(to) {
                    continue; // R15: taking the Navia ends the game at once.
                }
                let mut pool_after = pool + income;
                if occ.has(to) {
                    pool_after += self.piece_at(to).map_or(0, |v| capture_reward(self, v));
                }
                if pool_after.min(60) >= zone_cost(cost, to) as u32 {
                    self.push_follows(from, to, kind, dratped, out);
                }
            }
            if follow_cost.is_some_and(|c| pool >= zone_cost(c, from) as u32) {
                self.push_follows(from, from, kind, dratped, out);
            }
        }
    }

    /// R19: the Navia may dratp after stepping `from`→`to` if the pool then holds 60 and it is not in check.
    fn navia_dratp_ok_after(&self, from: Square, to: Square) -> bool {
        let gain = self.piece_at(to).map_or(0, |v| capture_reward(self, v));
        if (self.pools[self.side.index()] as u32 + gain).min(60) < 60 {
            return false;
        }
        let mut p = *self;
        p.move_part(from, to);
        !p.in_check(self.side)
    }

    /// R22: one action per bonus for the Gulled on `from`.
    fn push_line_overs(&self, from: Square, out: &mut impl ActionSink) {
        let base = Action {
            kind: ActionKind::LineOver,
            ..Action::step(from, from)
        };
        let mut g = Choices::NONE;
        g.push(Token::Gyullas);
        out.push(Action { choices: g, ..base });
        let us = self.side;
        let empty = zones::SUMMON[us.index()] & !self.occupied();
        for kind in self.graves[us.index()].maseitai.distinct() {
            for sq in empty {
                let mut c = Choices::NONE;
                c.push(Token::Placed(kind, sq));
                out.push(Action { choices: c, ..base });
            }
        }
    }

    /// Dratp or invoke after a Maseitai's move (or in place when `from == to`); the caller checked the pool.
    fn push_follows(&self, from: Square, to: Square, kind: Kind, dratped: bool, out: &mut impl ActionSink) {
        let def = self.cat.get(kind);
        let (follow, cost, steps): (Follow, u8, &[EffectAction]) = if !dratped {
            (Follow::Dratp, def.cost, &def.effect.on_dratp)
        } else if let Some(inv) = &def.effect.invoke {
            (Follow::Invoke, inv.cost, std::slice::from_ref(&inv.action))
        } else {
            return;
        };
        let cost = zone_cost(cost, to);
        let kind_of_action = if from == to {
            ActionKind::InPlace
        } else {
            ActionKind::Move
        };
        let base = Action {
            kind: kind_of_action,
            from,
            to,
            follow,
            choices: Choices::NONE,
        };
        if steps.iter().all(|s| *s == EffectAction::Sacrifice) {
            out.push(base);
            return;
        }
        let mut mid = *self;
        if from != to {
            mid.move_part(from, to);
        }
        mid.pay_and_flip(to, follow, cost);
        mid.expand_steps(to, steps, base, out);
    }

    /// Enumerate the choices of effect steps one after another (D1, D2).
    fn expand_steps(&self, piece: Square, steps: &[EffectAction], action: Action, out: &mut impl ActionSink) {
        let Some((&step, rest)) = steps.split_first() else {
            out.push(action);
            return;
        };
        let options = self.step_options(piece, step);
        let needs_state = rest.iter().any(|s| *s != EffectAction::Sacrifice);
        let mut any = false;
        for tokens in options.iter() {
            any = true;
            let mut a = action;
            for &t in tokens {
                a.choices.push(t);
            }
            if needs_state {
                let mut next = *self;
                let at = next.apply_step(piece, step, tokens);
                match at {
                    Some(sq) => next.expand_steps(sq, rest, a, out),
                    None => out.push(a),
                }
            } else {
                out.push(a);
            }
        }
        let optional = matches!(step, EffectAction::Relocate { optional: true, .. });
        if !any || optional {
            if needs_state {
                self.expand_steps(piece, rest, action, out);
            } else {
                out.push(action);
            }
        }
    }

    /// The squares a target word selects (D3).
    fn target_squares(&self, piece: Square, target: Target) -> Bitboard {
        let battle = self.occupied() & !self.navias;
        match target {
            Target::Itself => piece.bb(),
            Target::AnyBattle => battle & !piece.bb(),
            Target::OwnBattle => battle & self.sides[self.side.index()],
            Target::AnyMaseitai => self.maseitai & !piece.bb(),
        }
    }

    /// The empty squares a place word selects.
    fn place_squares(&self, piece: Square, place: Place) -> Bitboard {
        let empty = !self.occupied();
        match place {
            Place::AnyEmpty => empty,
            Place::OwnSummon => zones::SUMMON[self.side.index()] & empty,
            Place::Dots => {
                let kind = self.kinds[piece.index()];
                self.cat.tables(kind).face(self.dratped.has(piece), self.side).dots[piece.index()] & empty
            }
        }
    }

    /// Every valid token list for one effect step (empty when the step has no target).
    fn step_options(&self, piece: Square, step: EffectAction) -> StepOptions {
        let mut o = StepOptions::default();
        match step {
            EffectAction::Sacrifice => {}
            EffectAction::Remove(t) | EffectAction::ReturnToKeep(t) => {
                let mut squares = self.target_squares(piece, t);
                if matches!(step, EffectAction::ReturnToKeep(_)) {
                    squares &= self.maseitai;
                }
                for s in squares {
                    o.push(&[Token::Square(s)]);
                }
            }
            EffectAction::Revive(place) => {
                let places = self.place_squares(piece, place);
                for kind in self.graves[self.side.index()].maseitai.distinct() {
                    for s in places {
                        o.push(&[Token::Placed(kind, s)]);
                    }
                }
            }
            EffectAction::Relocate { who, to, .. } => {
                let places = self.place_squares(piece, to);
                if who == Target::Itself {
                    for s in places {
                        o.push(&[Token::Square(s)]);
                    }
                } else {
                    for f in self.target_squares(piece, who) {
                        for s in places {
                            o.push(&[Token::Pair(f, s)]);
                        }
                    }
                }
            }
            EffectAction::Swap(t) => {
                let squares = self.target_squares(piece, t);
                for a in squares {
                    let pa = self.piece_at(a);
                    for b in squares & Bitboard(!((2u64 << a.index()) - 1)) {
                        if self.piece_at(b) != pa {
                            o.push(&[Token::Square(a), Token::Square(b)]);
                        }
                    }
                }
            }
        }
        o
    }

    /// Apply one effect step with its tokens; returns where the effect's piece now
    /// stands, or `None` once it has left the board.
    fn apply_step(&mut self, piece: Square, step: EffectAction, tokens: &[Token]) -> Option<Square> {
        let us = self.side;
        match (step, tokens) {
            (EffectAction::Sacrifice, _) => {
                if let Some(pl) = self.take(piece) {
                    self.bury(pl, us);
                }
                return None;
            }
            (EffectAction::Remove(_), &[Token::Square(s)]) => {
                if let Some(pl) = self.take(s) {
                    self.bury(pl, us);
                }
                if s == piece {
                    return None;
                }
            }
            (EffectAction::ReturnToKeep(_), &[Token::Square(s)]) => {
                if let Some(Placed {
                    side,
                    piece: Piece::Maseitai(k),
                    ..
                }) = self.take(s)
                {
                    self.keep_insert(side, k);
                }
                if s == piece {
                    return None;
                }
            }
            (EffectAction::Revive(_), &[Token::Placed(k, s)]) => {
                self.grave_remove(us, k);
                self.put(
                    s,
                    Placed {
                        side: us,
                        piece: Piece::Maseitai(k),
                        dratped: false,
                    },
                );
            }
            (EffectAction::Relocate { .. }, &[Token::Square(s)]) => {
                return self.relocate(piece, s).then_some(s).or(Some(piece));
            }
            (EffectAction::Relocate { .. }, &[Token::Pair(f, t)]) => {
                self.relocate(f, t);
                if f == piece {
                    return Some(t);
                }
            }
            (EffectAction::Swap(_), &[Token::Square(a), Token::Square(b)]) => {
                if let (Some(pa), Some(pb)) = (self.take(a), self.take(b)) {
                    self.put(a, pb);
                    self.put(b, pa);
                }
                if piece == a {
                    return Some(b);
                } else if piece == b {
                    return Some(a);
                }
            }
            _ => {}
        }
        Some(piece)
    }

    /// D5: move a piece by an effect; no income, no capture.
    fn relocate(&mut self, from: Square, to: Square) -> bool {
        match self.take(from) {
            Some(pl) => {
                self.put(to, pl);
                true
            }
            None => false,
        }
    }

    /// Send a removed battle piece to its owner's graveyard (D6), paying a bounty
    /// when the remover is the opponent (D7).
    fn bury(&mut self, pl: Placed, remover: Side) {
        let owner = pl.side;
        let g = self.graves[owner.index()];
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

    /// The move part of an action: step, income, capture, reward (R13, R20). Does not pass the turn.
    fn move_part(&mut self, from: Square, to: Square) {
        let us = self.side;
        let Some(mover) = self.take(from) else { return };
        let mut gain = match mover.piece {
            Piece::BlackGulled => 1,
            Piece::RedGulled => 3,
            Piece::Maseitai(k) if mover.dratped => self.cat.tables(k).move_income as u32,
            _ => 0,
        };
        if let Some(victim) = self.take(to) {
            gain += capture_reward(self, victim);
            if let Piece::Navia(_) = victim.piece {
                self.set_outcome(Outcome {
                    winner: us,
                    reason: WinReason::NaviaTaken,
                });
            } else {
                self.bury(victim, us);
            }
        }
        self.put(to, mover);
        if gain > 0 {
            self.earn(us, gain);
        }
    }

    /// Pay a dratp or invoke and, for a dratp, flip the compass (R17–R19).
    fn pay_and_flip(&mut self, at: Square, follow: Follow, cost: u8) {
        self.spend(self.side, cost);
        if follow == Follow::Dratp {
            if let Some(pl) = self.take(at) {
                self.put(at, Placed { dratped: true, ..pl });
                if let Piece::Navia(_) = pl.piece {
                    self.set_outcome(Outcome {
                        winner: self.side,
                        reason: WinReason::NaviaDratp,
                    });
                }
            }
        }
    }

    /// The position after a legal action. Behaviour on an illegal action is unspecified (but safe).
    pub fn play(&self, a: &Action) -> Position {
        let mut p = *self;
        let us = self.side;
        match a.kind {
            ActionKind::Summon(k) => {
                p.keep_remove(us, k);
                p.put(
                    a.to,
                    Placed {
                        side: us,
                        piece: Piece::Maseitai(k),
                        dratped: false,
                    },
                );
            }
            ActionKind::Move => p.move_part(a.from, a.to),
            ActionKind::InPlace => {}
            ActionKind::LineOver => {
                if let Some(g) = p.take(a.from) {
                    let grave = p.graves[us.index()];
                    let (income, black, red) = match g.piece {
                        Piece::RedGulled => (3, grave.black, grave.red + 1),
                        _ => (1, grave.black + 1, grave.red),
                    };
                    p.set_grave_gulled(us, black, red);
                    match a.choices.get(0) {
                        Some(Token::Placed(k, sq)) => {
                            p.earn(us, income);
                            p.grave_remove(us, k);
                            p.put(
                                sq,
                                Placed {
                                    side: us,
                                    piece: Piece::Maseitai(k),
                                    dratped: false,
                                },
                            );
                        }
                        _ => p.earn(us, income + 10),
                    }
                }
            }
            ActionKind::Goal => {
                p.take(a.from);
                p.set_outcome(Outcome {
                    winner: us,
                    reason: WinReason::NaviaGoal,
                });
            }
        }
        if a.follow != Follow::Nothing && p.outcome.is_none() {
            p.resolve_follow(a);
        }
        p.pass_turn();
        p
    }

    /// Pay for and resolve the dratp or invoke of an action, consuming its tokens in order.
    fn resolve_follow(&mut self, a: &Action) {
        let at = a.to;
        let Some(pl) = self.piece_at(at) else { return };
        let kind = match pl.piece {
            Piece::Navia(_) => {
                self.pay_and_flip(at, Follow::Dratp, 60);
                return;
            }
            Piece::Maseitai(k) => k,
            _ => return,
        };
        let def = self.cat.get(kind);
        let (cost, steps): (u8, &[EffectAction]) = match a.follow {
            Follow::Dratp => (def.cost, &def.effect.on_dratp),
            _ => match &def.effect.invoke {
                Some(inv) => (inv.cost, std::slice::from_ref(&inv.action)),
                None => return,
            },
        };
        self.pay_and_flip(at, a.follow, zone_cost(cost, at));
        let tokens: Vec<Token> = a.choices.iter().collect();
        let mut cursor = 0;
        let mut piece = Some(at);
        for &step in steps {
            let Some(sq) = piece else { break };
            let want = step_token_count(step);
            let take = if want > 0 && cursor + want <= tokens.len() && tokens_fit(step, &tokens[cursor..cursor + want])
            {
                want
            } else {
                0
            };
            piece = self.apply_step(sq, step, &tokens[cursor..cursor + take]);
            cursor += take;
        }
    }
}

/// How many tokens a step takes when it has a target (D2).
fn step_token_count(step: EffectAction) -> usize {
    match step {
        EffectAction::Sacrifice => 0,
        EffectAction::Swap(_) => 2,
        _ => 1,
    }
}

/// Whether tokens are of the shape a step takes.
fn tokens_fit(step: EffectAction, tokens: &[Token]) -> bool {
    match (step, tokens) {
        (EffectAction::Remove(_) | EffectAction::ReturnToKeep(_), [Token::Square(_)]) => true,
        (EffectAction::Revive(_), [Token::Placed(..)]) => true,
        (
            EffectAction::Relocate {
                who: Target::Itself, ..
            },
            [Token::Square(_)],
        ) => true,
        (EffectAction::Relocate { who, .. }, [Token::Pair(..)]) => who != Target::Itself,
        (EffectAction::Swap(_), [Token::Square(_), Token::Square(_)]) => true,
        _ => false,
    }
}

/// Token lists for one step, without allocating per option.
#[derive(Default)]
struct StepOptions {
    flat: Vec<Token>,
    width: usize,
}

impl StepOptions {
    fn push(&mut self, tokens: &[Token]) {
        self.width = tokens.len();
        self.flat.extend_from_slice(tokens);
    }

    fn iter(&self) -> impl Iterator<Item = &[Token]> {
        self.flat.chunks(self.width.max(1))
    }
}
