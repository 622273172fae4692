//! Legal actions (R8–R24) and what they are built from: the reach of each piece (compass marks, Gulled steps,
//! the Navia's ring), the auras of dratped pieces (immortality, freezes D16, Chugyullas D18, Tanhoizer D23,
//! Oriondober D24, Wishborn D25), check (R24), and the generator itself. Actions go to an `ActionSink` (a list, a
//! counter for bulk perft, or the search's staged list); a move whose effect asks for choices is handed over as a
//! `Family` to expand later. Making an action is in `make`, effect steps in `effects`.

use super::action::{Action, ActionKind, Choices, Follow, Token};
use super::catalogue::{EffectStep, Kind, MarkKind};
use super::constants::{NAVIA_DRATP_COST, VAULT_CAP};
use super::piece::{Piece, Placed};
use super::position::Position;
use super::square::{zones, Bitboard, Side, Square, SIZE};

/// Where generated actions go: a list, a counter for bulk perft, or the search's staged move list.
pub trait ActionSink {
    /// Take one legal action.
    fn push(&mut self, a: Action);

    /// Take the actions of a move whose effect asks for choices: by default listed at once, in their fixed order.
    /// A sink that may never need them (the search at a node that cuts off early) can keep the family instead and
    /// list them later with `Family::expand` or `Position::expand_family`.
    fn push_family(&mut self, family: Family<'_>)
    where
        Self: Sized,
    {
        family.expand(self);
    }
}

/// A Maseitai's move (or use in place) followed by a dratp or invoke whose effect asks for choices (D1, D2): one
/// legal action per combination of choices, at least one. Its head is the action without choices.
pub struct Family<'p> {
    pos: &'p Position,
    head: Action,
    cost: u8,
    steps: &'static [EffectStep],
}

impl Family<'_> {
    /// The action without choices that stands for the family (not itself legal unless it is one of the family).
    pub fn head(&self) -> Action {
        self.head
    }

    /// List the family's actions, in the order `generate` lists them.
    pub fn expand(&self, out: &mut impl ActionSink) {
        if let Some(mid) = self.pos.after_payment(&self.head, self.cost) {
            mid.expand_steps(self.head.to, self.steps, self.head, out);
        }
    }
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
pub(super) fn capture_reward(pos: &Position, victim: Placed) -> u32 {
    match victim.piece {
        Piece::BlackGulled => 1,
        Piece::RedGulled => 3,
        Piece::Maseitai(k) => pos.cat.get(k).cost as u32,
        Piece::Navia(_) => 0,
    }
}

/// R17, R18: half, rounded up, in the reduction zone.
#[inline]
pub(super) fn zone_cost(cost: u8, at: Square) -> u8 {
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
pub fn ring(sq: Square) -> Bitboard {
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

/// Squares strictly beyond each square along each unit direction, to the edge: `[dir_index][square]`.
const LINES: [[Bitboard; Square::COUNT]; 9] = {
    let mut t = [[Bitboard::EMPTY; Square::COUNT]; 9];
    let mut d = 0;
    while d < 9 {
        let (dx, dy) = ((d % 3) as i8 - 1, (d / 3) as i8 - 1);
        let mut i = 0;
        while d != 4 && i < Square::COUNT {
            let (mut x, mut y) = ((i % 7) as i8 + dx, (i / 7) as i8 + dy);
            let mut b = 0u64;
            while x >= 0 && x < SIZE && y >= 0 && y < SIZE {
                b |= 1u64 << (y * SIZE + x);
                x += dx;
                y += dy;
            }
            t[d][i] = Bitboard(b);
            i += 1;
        }
        d += 1;
    }
    t
};

/// The line table index of a unit direction, if it is one.
#[inline]
fn dir_index(dx: i8, dy: i8) -> Option<usize> {
    ((-1..=1).contains(&dx) && (-1..=1).contains(&dy) && (dx, dy) != (0, 0)).then(|| ((dy + 1) * 3 + dx + 1) as usize)
}

/// The nearest square of a non-empty set along a direction: the lowest index when the direction increases it.
#[inline]
fn nearest(set: Bitboard, dx: i8, dy: i8) -> Square {
    let increasing = dy * SIZE + dx > 0;
    let i = if increasing {
        set.0.trailing_zeros()
    } else {
        63 - set.0.leading_zeros()
    };
    Square::from_index(i as usize)
}

/// Slides and jumps along a unit direction from precomputed lines; bounces (rare) walk the board.
#[inline]
fn line_squares(from: Square, dx: i8, dy: i8, kind: MarkKind, occ: Bitboard) -> Bitboard {
    let d = match (kind, dir_index(dx, dy)) {
        (MarkKind::Slide | MarkKind::Jump, Some(d)) => d,
        _ => return ray_squares(from, dx, dy, kind, occ),
    };
    let line = LINES[d][from.index()];
    let blockers = line & occ;
    if blockers.is_empty() {
        return line;
    }
    let first = nearest(blockers, dx, dy);
    let stop = if kind == MarkKind::Jump {
        let rest = LINES[d][first.index()] & occ;
        if rest.is_empty() {
            return line;
        }
        nearest(rest, dx, dy)
    } else {
        first
    };
    line & !LINES[d][stop.index()]
}

/// Squares a Maseitai reaches, whoever stands there (R10).
#[inline]
pub(super) fn maseitai_reach(pos: &Position, sq: Square, side: Side, occ: Bitboard) -> Bitboard {
    let face = pos.cat.tables(pos.kinds[sq.index()]).face(pos.dratped.has(sq), side);
    let mut b = face.steps[sq.index()];
    for r in &face.rays {
        b |= line_squares(sq, r.dx, r.dy, r.kind, occ);
    }
    b
}

const FILE_A: u64 = 0x0000_0408_1020_4081;
const FILE_G: u64 = FILE_A << 6;

/// Squares the Gulled of `side` on `black` and `red` step to (R8), whoever stands there: whole sets shifted at once.
#[inline]
fn gulled_steps(black: Bitboard, red: Bitboard, side: Side) -> Bitboard {
    let all = black.0 | red.0;
    let r = red.0;
    let b = match side {
        Side::White => (all << 7) | ((r << 8) & !FILE_A) | ((r << 6) & !FILE_G),
        Side::Black => (all >> 7) | ((r >> 6) & !FILE_A) | ((r >> 8) & !FILE_G),
    };
    Bitboard(b & Bitboard::FULL.0)
}

/// Where a Gulled of `side` on `sq` may step (R8), on the board.
#[inline]
pub(super) fn gulled_reach(sq: Square, side: Side, red: bool) -> Bitboard {
    if red {
        gulled_steps(Bitboard::EMPTY, sq.bb(), side)
    } else {
        gulled_steps(sq.bb(), Bitboard::EMPTY, side)
    }
}

/// Where the pieces of a position could move (their reach, R8–R10, after auras), gathered once so that check
/// (R24), move generation and the evaluation share it. Built by `Position::reach_map`.
#[derive(Clone, Copy)]
pub struct ReachMap {
    /// Per square: the reach of the piece standing there (empty for an empty square).
    squares: [Bitboard; Square::COUNT],
    /// Per side: every square one of its pieces could move to.
    sides: [Bitboard; 2],
}

impl ReachMap {
    /// Every square a piece of `side` could move to (captures included): `Position::reach` of all its pieces.
    #[inline]
    pub fn side(&self, side: Side) -> Bitboard {
        self.sides[side.index()]
    }

    /// The reach of the piece on `sq` (`Position::reach`; empty for an empty square).
    #[inline]
    pub fn reach(&self, sq: Square) -> Bitboard {
        self.squares[sq.index()]
    }

    /// R24 on the mapped position: `side`'s Navia could be taken by the opponent's next move.
    #[inline]
    pub fn in_check(&self, pos: &Position, side: Side) -> bool {
        pos.navia_square(side)
            .is_some_and(|n| self.sides[side.opponent().index()].has(n))
    }
}

/// Board-wide effects of dratped Maseitai and freezes, gathered once per node.
#[derive(Clone, Copy, Default)]
pub(super) struct Auras {
    /// Per side: its pieces that moves cannot take (R20 immortality, protection, outposts).
    pub untakeable: [Bitboard; 2],
    /// Pieces that can neither move nor dratp nor invoke (frozen, or immobile once dratped).
    pub stuck: Bitboard,
    /// Per side: extra summon squares (dots of its dratped summon-dots pieces).
    pub extra_summon: [Bitboard; 2],
    /// Per side: squares it may not summon onto except with Navia Guards (enemy outposts' dots).
    pub banned_summon: [Bitboard; 2],
}

impl Position {
    /// The side owning the piece on an occupied square.
    #[inline]
    pub(super) fn owner(&self, sq: Square) -> Side {
        if self.sides[0].has(sq) {
            Side::White
        } else {
            Side::Black
        }
    }

    /// Gather the auras of the position's dratped Maseitai and its freezes.
    pub(super) fn auras(&self) -> Auras {
        if self.special.is_empty() && !self.has_freezes() {
            return Auras::default();
        }
        let mut a = Auras {
            stuck: self.frozen(),
            ..Auras::default()
        };
        for sq in self.special {
            let t = self.cat.tables(self.kinds[sq.index()]);
            let side = self.owner(sq);
            let (s, o) = (side.index(), side.opponent().index());
            if t.immortal {
                a.untakeable[s] |= sq.bb();
            }
            if t.board_wide() {
                let dots = t.face(true, side).dots[sq.index()];
                if t.immobile {
                    a.stuck |= sq.bb();
                }
                // D25: Wishborn's dots protect its owner's other battle pieces.
                if t.protect_dots {
                    a.untakeable[s] |= dots & self.sides[s] & !self.navias;
                }
                // D23: Tanhoizer's dots are summon squares while it stands dratped.
                if t.summon_dots {
                    a.extra_summon[s] |= dots;
                }
                // D24: Oriondober on an enemy summon square cannot be taken and bans summons onto its dots.
                if t.outpost && zones::SUMMON[o].has(sq) {
                    a.untakeable[s] |= sq.bb();
                    a.banned_summon[o] |= dots;
                }
            }
        }
        a
    }

    /// D18: income a side earns for each move of a battle piece (Chugyullas-like passives).
    #[inline]
    pub(super) fn battle_income(&self, side: Side) -> u32 {
        let mut n = 0;
        for sq in self.special & self.sides[side.index()] {
            n += self.cat.tables(self.kinds[sq.index()]).battle_move_income as u32;
        }
        n
    }

    /// Squares the piece on `sq` could move to (captures included), ignoring whose turn it is.
    pub fn reach(&self, sq: Square) -> Bitboard {
        let au = self.auras();
        self.reach_with(sq, &au)
    }

    /// The reach of every piece on the board, per piece and per side (`reach` of each piece, gathered once).
    pub fn reach_map(&self) -> ReachMap {
        let au = self.auras();
        let occ = self.occupied();
        let mut m = ReachMap {
            squares: [Bitboard::EMPTY; Square::COUNT],
            sides: [Bitboard::EMPTY; 2],
        };
        for side in Side::BOTH {
            let i = side.index();
            let movable = self.sides[i] & !au.stuck;
            let open = !self.sides[i] & !au.untakeable[side.opponent().index()];
            let mut all = Bitboard::EMPTY;
            for sq in self.gulled_bb() & movable {
                let r = gulled_reach(sq, side, self.red_gulled.has(sq)) & open;
                m.squares[sq.index()] = r;
                all |= r;
            }
            if let Some(n) = (self.navias & movable).first() {
                let r = ring(n) & open;
                m.squares[n.index()] = r;
                all |= r;
            }
            for sq in self.maseitai & movable {
                let r = maseitai_reach(self, sq, side, occ) & open;
                m.squares[sq.index()] = r;
                all |= r;
            }
            m.sides[i] = all;
        }
        m
    }

    pub(super) fn reach_with(&self, sq: Square, au: &Auras) -> Bitboard {
        let Some(pl) = self.piece_at(sq) else {
            return Bitboard::EMPTY;
        };
        if au.stuck.has(sq) {
            return Bitboard::EMPTY;
        }
        let raw = match pl.piece {
            Piece::BlackGulled => gulled_reach(sq, pl.side, false),
            Piece::RedGulled => gulled_reach(sq, pl.side, true),
            Piece::Navia(_) => ring(sq),
            Piece::Maseitai(_) => maseitai_reach(self, sq, pl.side, self.occupied()),
        };
        raw & !self.sides[pl.side.index()] & !au.untakeable[pl.side.opponent().index()]
    }

    /// Whether `by` could move a piece onto `target` if it were their turn.
    pub fn attacks(&self, by: Side, target: Square) -> bool {
        let au = self.auras();
        let theirs = self.sides[by.index()] & !au.stuck;
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
        self.generate_into(out, None);
    }

    /// `generate` for a caller that already has this position's `reach_map`: the same actions in the same order
    /// (into any sink: one that keeps families of effect choices unexpanded gets their heads in their place).
    pub fn generate_with(&self, map: &ReachMap, out: &mut impl ActionSink) {
        self.generate_into(out, Some(map));
    }

    /// The number of legal actions, counted without building them (bulk perft).
    pub fn count_actions(&self) -> u64 {
        let mut n = Counter(0);
        self.generate_into(&mut n, None);
        n.0
    }

    /// Gyullas the move `from`→`to` earns before any follow-up (R13, R22 income, capture rewards, passives).
    #[inline]
    pub(super) fn move_gain(&self, to: Square, mover: Placed) -> u32 {
        let victim = if self.occupied().has(to) {
            self.piece_at(to)
        } else {
            None
        };
        self.gain_with(mover, victim)
    }

    /// `move_gain` once the piece on the target square (if any) is known.
    #[inline]
    pub(super) fn gain_with(&self, mover: Placed, victim: Option<Placed>) -> u32 {
        let us = mover.side;
        let mut gain = match mover.piece {
            Piece::BlackGulled => 1,
            Piece::RedGulled => 3,
            Piece::Maseitai(k) if mover.dratped => self.cat.tables(k).move_income as u32,
            _ => 0,
        };
        if mover.piece.is_battle() && !(self.special & self.sides[us.index()]).is_empty() {
            gain += self.battle_income(us);
        }
        if let Some(victim) = victim {
            let mut reward = capture_reward(self, victim);
            if let Piece::Maseitai(k) = mover.piece {
                if mover.dratped && victim.piece.is_battle() && self.cat.tables(k).double_rewards {
                    reward *= 2;
                }
            }
            gain += reward;
        }
        gain
    }

    /// Every legal action, in the fixed order perft and the search rely on: Gulled moves and line overs (R8, R22),
    /// the Navia (R9, R19, R23), summons (R16), then Maseitai moves and follows (R10, R15, R17, R18). One pass over
    /// the board on purpose (the hottest function of perft and search): splitting it would pass the shared state
    /// (pool, auras, reach map) around for every piece.
    pub(super) fn generate_into(&self, out: &mut impl ActionSink, map: Option<&ReachMap>) {
        if self.outcome.is_some() {
            return;
        }
        let au = self.auras();
        let us = self.side;
        let own = self.sides[us.index()];
        let movable = own & !au.stuck;
        let open = !own & !au.untakeable[us.opponent().index()];
        let far = zones::far_rank(us);
        let pool = self.pools[us.index()] as u32;

        // R8, R22: Gulled.
        for (bb, red) in [(self.black_gulled & movable, false), (self.red_gulled & movable, true)] {
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
            if pool >= NAVIA_DRATP_COST as u32 && !map.map_or_else(|| self.in_check(us), |m| m.in_check(self, us)) {
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

        // R16: summons (plus summon-dots squares, minus enemy outposts' dots for non-guards).
        let empty = !self.occupied();
        let i = us.index();
        let summon = (zones::SUMMON[i] | au.extra_summon[i]) & empty & !au.banned_summon[i];
        for kind in self.keeps[i].distinct() {
            let squares = if self.cat.get(kind).navia_guard {
                self.navia_square(us).map_or(Bitboard::EMPTY, ring) & empty
            } else {
                summon
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
        for from in self.maseitai & movable {
            let kind = self.kinds[from.index()];
            let dratped = self.dratped.has(from);
            let def = self.cat.get(kind);
            let follow_cost = match (dratped, &def.effect.invoke) {
                (false, _) => Some(def.cost),
                (true, Some(inv)) => Some(inv.cost),
                (true, None) => None,
            };
            let mover = Placed {
                side: us,
                piece: Piece::Maseitai(kind),
                dratped,
            };
            let reach = match map {
                Some(m) => m.reach(from),
                None => maseitai_reach(self, from, us, occ) & open,
            };
            for to in reach {
                out.push(Action::step(from, to));
                let Some(cost) = follow_cost else { continue };
                if self.navias.has(to) {
                    continue; // R15: taking the Navia ends the game at once.
                }
                let cost = zone_cost(cost, to) as u32;
                if pool >= cost || (pool + self.move_gain(to, mover)).min(VAULT_CAP as u32) >= cost {
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
        let pool = self.pools[self.side.index()] as u32;
        // A Navia earns only by taking a piece, so most Navia steps are ruled out without looking further.
        if pool < NAVIA_DRATP_COST as u32 && !self.occupied().has(to) {
            return false;
        }
        let Some(navia) = self.piece_at(from) else { return false };
        if (pool + self.move_gain(to, navia)).min(VAULT_CAP as u32) < NAVIA_DRATP_COST as u32 {
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
        let Some((base, cost, steps)) = self.follow_parts(from, to, kind, dratped) else {
            return;
        };
        let choices = steps.iter().any(|s| s.has_choice());
        if base.follow == Follow::Invoke {
            let Some(mid) = self.after_payment(&base, cost) else {
                return;
            };
            if !mid.invoke_does_something(to, steps[0]) {
                return; // D27: paying for nothing is not an action.
            }
        }
        if choices {
            out.push_family(Family {
                pos: self,
                head: base,
                cost,
                steps,
            });
        } else {
            out.push(base);
        }
    }

    /// What may follow a move of the Maseitai of `kind` from `from` to `to`: the action without choices, its
    /// cost before the reduction zone, and the effect's steps (`None` for a dratped piece without an invoke).
    fn follow_parts(
        &self,
        from: Square,
        to: Square,
        kind: Kind,
        dratped: bool,
    ) -> Option<(Action, u8, &'static [EffectStep])> {
        let def = self.cat.get(kind);
        let (follow, cost, steps): (Follow, u8, &'static [EffectStep]) = if !dratped {
            (Follow::Dratp, def.cost, &def.effect.on_dratp)
        } else {
            let inv = def.effect.invoke.as_ref()?;
            (Follow::Invoke, inv.cost, std::slice::from_ref(&inv.step))
        };
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
        Some((base, cost, steps))
    }

    /// The position after an action's move and its dratp or invoke payment (R17, R18), where its effect's steps
    /// resolve; `None` when the move ended the game (nothing follows).
    fn after_payment(&self, base: &Action, cost: u8) -> Option<Position> {
        let mut mid = *self;
        if base.from != base.to {
            mid.move_part(base.from, base.to);
            if mid.outcome.is_some() {
                return None;
            }
        }
        mid.pay_and_flip(base.to, base.follow, zone_cost(cost, base.to));
        Some(mid)
    }

    /// List the actions of the family whose head is `head` (a head handed to `ActionSink::push_family` for this
    /// position), in the order `generate` lists them; nothing for any other action.
    pub fn expand_family(&self, head: &Action, out: &mut impl ActionSink) {
        let from = head.from;
        if !(self.maseitai & self.sides[self.side.index()]).has(from) {
            return;
        }
        let Some((base, cost, steps)) =
            self.follow_parts(from, head.to, self.kinds[from.index()], self.dratped.has(from))
        else {
            return;
        };
        if base == *head && steps.iter().any(|s| s.has_choice()) {
            Family {
                pos: self,
                head: base,
                cost,
                steps,
            }
            .expand(out);
        }
    }
}
