//! Legal actions (R8–R24) and what they are built from: the reach of each piece (compass marks, Gulled steps,
//! the Navia's ring), the auras of dratped pieces (immortality, freezes D16, Chugyullas D18, Tanhoizer D23,
//! Oriondober D24, Wishborn D25), check (R24), and the generator itself. Actions go to an `ActionSink` (a list, a
//! counter for bulk perft, or the search's staged list); a move whose effect asks for choices is handed over as a
//! `Family` to expand later. Making an action is in `make`, effect steps in `effects`.

use super::action::{ActionKind, ActionOf, ChoicesOf, Follow, TokenOf};
use super::catalogue::{EffectStep, Kind, MarkKind};
use super::constants::{NAVIA_DRATP_COST, NAVIA_TAKE_REWARD, VAULT_CAP};
use super::duel::Duel;
use super::geometry::{BySquare, ByTeam, Geometry, Word};
use super::piece::{Piece, PlacedOf};
use super::position::PositionOf;
use super::square::{BitboardOf, SquareOf};

/// Where generated actions go: a list, a counter for bulk perft, or the search's staged move list.
pub trait ActionSink<G: Geometry = Duel> {
    /// Take one legal action.
    fn push(&mut self, a: ActionOf<G>);

    /// Take the actions of a move whose effect asks for choices: by default listed at once, in their fixed order.
    /// A sink that may never need them (the search at a node that cuts off early) can keep the family instead and
    /// list them later with `Family::expand` or `Position::expand_family`.
    fn push_family(&mut self, family: Family<'_, G>)
    where
        Self: Sized,
    {
        family.expand(self);
    }
}

/// A Maseitai's move (or use in place) followed by a dratp or invoke whose effect asks for choices (D1, D2): one
/// legal action per combination of choices, at least one. Its head is the action without choices.
pub struct Family<'p, G: Geometry = Duel> {
    pos: &'p PositionOf<G>,
    head: ActionOf<G>,
    cost: u8,
    steps: &'static [EffectStep],
}

impl<G: Geometry> Family<'_, G> {
    /// The action without choices that stands for the family (not itself legal unless it is one of the family).
    pub fn head(&self) -> ActionOf<G> {
        self.head
    }

    /// Whether the family's actions make further moves (D20), so that one may take a piece where its head does not.
    pub fn moves_further(&self) -> bool {
        self.steps.iter().any(|s| matches!(s, EffectStep::ExtraMoves(_)))
    }

    /// Whether the family's effect may send pieces other than its own to the graveyard or the keep (a removal, an
    /// area removal, a return to the keep, or Gulled advancing onto pieces): without it and without further moves,
    /// every action of the family leaves the other sides the pieces its head's move leaves them.
    pub fn removes_others(&self) -> bool {
        self.steps.iter().any(|s| {
            matches!(
                s,
                EffectStep::Remove(_)
                    | EffectStep::RemoveArea(_)
                    | EffectStep::ReturnToKeep(_)
                    | EffectStep::AdvanceGulled
            )
        })
    }

    /// List the family's actions, in the order `generate` lists them.
    pub fn expand(&self, out: &mut impl ActionSink<G>) {
        if let Some(mid) = self.pos.after_payment(&self.head, self.cost) {
            mid.expand_steps(self.head.to, self.steps, self.head, out);
        }
    }

    /// Whether an action of the family may make a further move (D20) onto a square of `targets`: false only when
    /// none does. When the effect starts with the further moves this is answered by following the moves alone, a
    /// few dozen where the family lists hundreds of actions; otherwise (true) only the listed actions can tell.
    pub fn may_move_onto(&self, targets: BitboardOf<G>) -> bool {
        let moving_later = |rest: &[EffectStep]| rest.iter().any(EffectStep::makes_moves);
        match self.steps.split_first() {
            Some((&EffectStep::ExtraMoves(n), rest)) if !moving_later(rest) => self
                .pos
                .after_payment(&self.head, self.cost)
                .is_none_or(|mid| mid.further_moves_reach(self.head.to, n, targets)),
            _ => true,
        }
    }
}

impl<G: Geometry> ActionSink<G> for Vec<ActionOf<G>> {
    #[inline]
    fn push(&mut self, a: ActionOf<G>) {
        Vec::push(self, a);
    }
}

/// Counts actions instead of storing them.
struct Counter(u64);

impl<G: Geometry> ActionSink<G> for Counter {
    #[inline]
    fn push(&mut self, _: ActionOf<G>) {
        self.0 += 1;
    }
}

/// F14: whether board `G` has Pharaoh squares, so that a taken Navia changes team instead of ending the game
/// (R20). Known when the code is compiled: the duel pays nothing for the test.
#[inline]
pub(super) fn pharaohs<G: Geometry>() -> bool {
    !G::pharaoh().is_empty()
}

/// F18: whether board `G` has more than one opponent per team, so that an effect names the seat it reads.
#[inline]
pub(super) fn names_seats<G: Geometry>() -> bool {
    G::teams().as_ref().len() > 2
}

/// R13, F14: gyullas for taking a piece by a move (a Navia ends the duel instead, and pays 30 on the cross).
#[inline]
pub(super) fn capture_reward<G: Geometry>(pos: &PositionOf<G>, victim: PlacedOf<G>) -> u32 {
    match victim.piece {
        Piece::BlackGulled => 1,
        Piece::RedGulled => 3,
        Piece::Maseitai(k) => pos.cat.get(k).cost as u32,
        Piece::Navia(_) if pharaohs::<G>() => NAVIA_TAKE_REWARD as u32,
        Piece::Navia(_) => 0,
    }
}

/// R17, R18: half, rounded up, in the reduction zone.
#[inline]
pub(super) fn zone_cost<G: Geometry>(cost: u8, at: SquareOf<G>) -> u8 {
    if G::reduction().has(at) {
        cost.div_ceil(2)
    } else {
        cost
    }
}

/// The squares around `sq` (R9, R16).
#[inline]
pub fn ring<G: Geometry>(sq: SquareOf<G>) -> BitboardOf<G> {
    G::ring(sq)
}

/// Squares a line mark reaches from `from` over `occ`, including the square of
/// the piece that stops it (the caller removes own and untakeable pieces). R10, D12, D13.
fn ray_squares<G: Geometry>(
    from: SquareOf<G>,
    mut dx: i8,
    mut dy: i8,
    kind: MarkKind,
    occ: BitboardOf<G>,
) -> BitboardOf<G> {
    let mut out = BitboardOf::EMPTY;
    let mut at = from;
    let mut jumped = false;
    let mut bounced = kind != MarkKind::Bounce;
    loop {
        let next = match at.offset(dx, dy) {
            Some(n) => n,
            None if !bounced => {
                bounced = true;
                let Some((ndx, ndy)) = G::bounce(at, dx, dy) else { break };
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

/// The line table index of a unit direction, if it is one.
#[inline]
pub(super) fn dir_index(dx: i8, dy: i8) -> Option<usize> {
    ((-1..=1).contains(&dx) && (-1..=1).contains(&dy) && (dx, dy) != (0, 0)).then(|| ((dy + 1) * 3 + dx + 1) as usize)
}

/// The nearest square of a non-empty set along a direction: the lowest index when the direction increases it.
#[inline]
fn nearest<G: Geometry>(set: BitboardOf<G>, dx: i8, dy: i8) -> SquareOf<G> {
    let increasing = dy * G::WIDTH + dx > 0;
    let i = if increasing { set.0.lowest() } else { set.0.highest() };
    SquareOf::from_index(i as usize)
}

/// Slides and jumps along a unit direction from precomputed lines; bounces (rare) walk the board.
#[inline]
fn line_squares<G: Geometry>(from: SquareOf<G>, dx: i8, dy: i8, kind: MarkKind, occ: BitboardOf<G>) -> BitboardOf<G> {
    let d = match (kind, dir_index(dx, dy)) {
        (MarkKind::Slide | MarkKind::Jump, Some(d)) => d,
        _ => return ray_squares(from, dx, dy, kind, occ),
    };
    let line = G::line(d, from);
    let blockers = line & occ;
    if blockers.is_empty() {
        return line;
    }
    let first = nearest(blockers, dx, dy);
    let stop = if kind == MarkKind::Jump {
        let rest = G::line(d, first) & occ;
        if rest.is_empty() {
            return line;
        }
        nearest(rest, dx, dy)
    } else {
        first
    };
    line & !G::line(d, stop)
}

/// Squares a Maseitai reaches, whoever stands there (R10).
#[inline]
pub(super) fn maseitai_reach<G: Geometry>(
    pos: &PositionOf<G>,
    sq: SquareOf<G>,
    side: G::Team,
    occ: BitboardOf<G>,
) -> BitboardOf<G> {
    let face = G::face(pos.cat, pos.kinds[sq], pos.dratped.has(sq), side);
    let mut b = face.steps[sq];
    for r in &face.rays {
        b |= line_squares(sq, r.dx, r.dy, r.kind, occ);
    }
    b
}

/// Where a Gulled of `side` on `sq` may step (R8), on the board.
#[inline]
pub(super) fn gulled_reach<G: Geometry>(sq: SquareOf<G>, side: G::Team, red: bool) -> BitboardOf<G> {
    G::gulled(side, red, sq)
}

/// Where the pieces of a position could move (their reach, R8–R10, after auras), gathered once so that check
/// (R24), move generation and the evaluation share it. Built by `Position::reach_map`.
pub struct ReachMap<G: Geometry = Duel> {
    /// Per square: the reach of the piece standing there (empty for an empty square).
    squares: BySquare<G, BitboardOf<G>>,
    /// Per team: every square one of its pieces could move to.
    sides: ByTeam<G, BitboardOf<G>>,
}

impl<G: Geometry> Clone for ReachMap<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Geometry> Copy for ReachMap<G> {}

impl<G: Geometry> ReachMap<G> {
    /// Every square a piece of `side` could move to (captures included): `Position::reach` of all its pieces.
    #[inline]
    pub fn side(&self, side: G::Team) -> BitboardOf<G> {
        self.sides[side]
    }

    /// The reach of the piece on `sq` (`Position::reach`; empty for an empty square).
    #[inline]
    pub fn reach(&self, sq: SquareOf<G>) -> BitboardOf<G> {
        self.squares[sq]
    }

    /// R24, F17 on the mapped position: a Navia of `side` could be taken by another team's next move.
    #[inline]
    pub fn in_check(&self, pos: &PositionOf<G>, side: G::Team) -> bool {
        if pharaohs::<G>() {
            return (pos.navias & pos.sides[side]).any(|n| self.navia_attacked(pos, n));
        }
        !(pos.navias & pos.sides[side] & self.others(side)).is_empty()
    }

    /// R24, F17 on the mapped position: the Navia on `n` could be taken by another team's next move, F14's
    /// Pharaoh condition included.
    #[inline]
    pub fn navia_attacked(&self, pos: &PositionOf<G>, n: SquareOf<G>) -> bool {
        let side = pos.owner(n);
        if !self.others(side).has(n) {
            return false;
        }
        if !pharaohs::<G>() || !(G::pharaoh() & !pos.occupied()).is_empty() {
            return true;
        }
        // F14: with every Pharaoh square held, only a taker standing on one frees a square by moving.
        (G::pharaoh() & !pos.sides[side]).any(|s| self.squares[s].has(n))
    }

    /// Every square a team other than `side` could move to.
    #[inline]
    fn others(&self, side: G::Team) -> BitboardOf<G> {
        G::teams()
            .as_ref()
            .iter()
            .filter(|&&t| t != side)
            .fold(BitboardOf::EMPTY, |b, &t| b | self.sides[t])
    }
}

/// Board-wide effects of dratped Maseitai and freezes, gathered once per node.
pub(super) struct Auras<G: Geometry> {
    /// Pieces that moves cannot take (R20 immortality, protection, outposts); a team's own moves never reach its
    /// own pieces, so one set serves every mover.
    pub untakeable: BitboardOf<G>,
    /// Pieces that can neither move nor dratp nor invoke (frozen, or immobile once dratped).
    pub stuck: BitboardOf<G>,
    /// Per team: extra summon squares (dots of its dratped summon-dots pieces).
    pub extra_summon: ByTeam<G, BitboardOf<G>>,
    /// Per team: squares it may not summon onto except with Navia Guards (enemy outposts' dots).
    pub banned_summon: ByTeam<G, BitboardOf<G>>,
}

impl<G: Geometry> Default for Auras<G> {
    #[inline]
    fn default() -> Self {
        Auras {
            untakeable: BitboardOf::EMPTY,
            stuck: BitboardOf::EMPTY,
            extra_summon: ByTeam::new(BitboardOf::EMPTY),
            banned_summon: ByTeam::new(BitboardOf::EMPTY),
        }
    }
}

impl<G: Geometry> PositionOf<G> {
    /// The team owning the piece on an occupied square.
    #[inline]
    pub(super) fn owner(&self, sq: SquareOf<G>) -> G::Team {
        let teams = G::teams();
        let t = teams.as_ref();
        t.iter()
            .copied()
            .find(|&x| self.sides[x].has(sq))
            .unwrap_or(t[t.len() - 1])
    }

    /// The squares around the Navias of `side` (R16's Navia Guard squares; none without a Navia, F16).
    #[inline]
    pub(super) fn navia_ring(&self, side: G::Team) -> BitboardOf<G> {
        (self.navias & self.sides[side]).fold(BitboardOf::EMPTY, |b, n| b | ring(n))
    }

    /// Gather the auras of the position's dratped Maseitai and its freezes.
    pub(super) fn auras(&self) -> Auras<G> {
        if self.special.is_empty() && !self.has_freezes() {
            return Auras::default();
        }
        let mut a = Auras {
            stuck: self.frozen(),
            ..Auras::default()
        };
        for sq in self.special {
            let kind = self.kinds[sq];
            let t = self.cat.tables(kind);
            let side = self.owner(sq);
            if t.immortal {
                a.untakeable |= sq.bb();
            }
            if t.board_wide() {
                let dots = G::face(self.cat, kind, true, side).dots[sq];
                if t.immobile {
                    a.stuck |= sq.bb();
                }
                // D25: Wishborn's dots protect its owner's other battle pieces.
                if t.protect_dots {
                    a.untakeable |= dots & self.sides[side] & !self.navias;
                }
                // D23: Tanhoizer's dots are summon squares while it stands dratped.
                if t.summon_dots {
                    a.extra_summon[side] |= dots;
                }
                // D24, F18: Oriondober on another team's summon square cannot be taken, and no other team summons
                // onto its dots.
                let teams = G::teams();
                let others = teams.as_ref().iter().copied().filter(|&o| o != side);
                if t.outpost && others.clone().any(|o| G::summon(o).has(sq)) {
                    a.untakeable |= sq.bb();
                    for o in others {
                        a.banned_summon[o] |= dots;
                    }
                }
            }
        }
        a
    }

    /// D18: income a side earns for each move of a battle piece (Chugyullas-like passives).
    #[inline]
    pub(super) fn battle_income(&self, side: G::Team) -> u32 {
        let mut n = 0;
        for sq in self.special & self.sides[side] {
            n += self.cat.tables(self.kinds[sq]).battle_move_income as u32;
        }
        n
    }

    /// Squares the piece on `sq` could move to (captures included), ignoring whose turn it is.
    pub fn reach(&self, sq: SquareOf<G>) -> BitboardOf<G> {
        let au = self.auras();
        self.reach_with(sq, &au)
    }

    /// The reach of every piece on the board, per piece and per side (`reach` of each piece, gathered once).
    pub fn reach_map(&self) -> ReachMap<G> {
        let au = self.auras();
        let occ = self.occupied();
        let mut m = ReachMap {
            squares: BySquare::new(BitboardOf::EMPTY),
            sides: ByTeam::new(BitboardOf::EMPTY),
        };
        for &side in G::teams().as_ref() {
            let movable = self.sides[side] & !au.stuck;
            let open = !self.sides[side] & !au.untakeable;
            let mut all = BitboardOf::EMPTY;
            for sq in self.gulled_bb() & movable {
                let r = gulled_reach(sq, side, self.red_gulled.has(sq)) & open;
                m.squares[sq] = r;
                all |= r;
            }
            for n in self.navias & movable {
                let r = ring(n) & open;
                m.squares[n] = r;
                all |= r;
            }
            for sq in self.maseitai & movable {
                let r = maseitai_reach(self, sq, side, occ) & open;
                m.squares[sq] = r;
                all |= r;
            }
            m.sides[side] = all;
        }
        m
    }

    pub(super) fn reach_with(&self, sq: SquareOf<G>, au: &Auras<G>) -> BitboardOf<G> {
        let Some(pl) = self.piece_at(sq) else {
            return BitboardOf::EMPTY;
        };
        if au.stuck.has(sq) {
            return BitboardOf::EMPTY;
        }
        let raw = match pl.piece {
            Piece::BlackGulled => gulled_reach(sq, pl.side, false),
            Piece::RedGulled => gulled_reach(sq, pl.side, true),
            Piece::Navia(_) => ring(sq),
            Piece::Maseitai(_) => maseitai_reach(self, sq, pl.side, self.occupied()),
        };
        raw & !self.sides[pl.side] & !au.untakeable
    }

    /// Whether `by` could move a piece onto `target` if it were their turn.
    pub fn attacks(&self, by: G::Team, target: SquareOf<G>) -> bool {
        let au = self.auras();
        let theirs = self.sides[by] & !au.stuck;
        // R8: a Gulled attacks the squares it steps to, so look one step back along each of its steps.
        for dx in -1..=1 {
            let (fx, fy) = G::turn(by, dx, 1);
            let gulled = if dx == 0 { self.gulled_bb() } else { self.red_gulled };
            if target.offset(-fx, -fy).is_some_and(|s| (gulled & theirs).has(s)) {
                return true;
            }
        }
        if !(ring(target) & self.navias & theirs).is_empty() {
            return true;
        }
        let occ = self.occupied();
        (self.maseitai & theirs).any(|sq| maseitai_reach(self, sq, by, occ).has(target))
    }

    /// R24, F17: a Navia of `side` could be taken by another team's next move.
    pub fn in_check(&self, side: G::Team) -> bool {
        (self.navias & self.sides[side]).any(|n| self.navia_attacked(n))
    }

    /// R24, F17: the Navia on `n` could be taken by a move of another team that would be legal if that team
    /// acted now: frozen pieces give no check (D16), nor does a take that F14 forbids (no Pharaoh square empty).
    pub fn navia_attacked(&self, n: SquareOf<G>) -> bool {
        let side = self.owner(n);
        let free = G::pharaoh() & !self.occupied();
        G::teams().as_ref().iter().any(|&t| {
            t != side
                && if !pharaohs::<G>() || !free.is_empty() {
                    self.attacks(t, n)
                } else {
                    // F14: every Pharaoh square is held, so only a taker standing on one frees a square.
                    (G::pharaoh() & self.sides[t]).any(|s| self.reach(s).has(n))
                }
        })
    }

    /// F28: how many Navias the team of `t` holds.
    #[inline]
    pub fn navias_held(&self, t: G::Team) -> u32 {
        (self.navias & self.sides[t]).count()
    }

    /// F14: the Pharaoh squares a Navia taken by the move `from`→`to` may go to: those empty once the mover stands
    /// on `to` (its own square vacated). `None` when the move takes no Navia or the board has no Pharaoh squares.
    #[inline]
    pub(super) fn pharaoh_choices(&self, from: SquareOf<G>, to: SquareOf<G>) -> Option<BitboardOf<G>> {
        (pharaohs::<G>() && self.navias.has(to)).then(|| G::pharaoh() & !((self.occupied() & !from.bb()) | to.bb()))
    }

    /// A plain move `from`→`to`, or on a board with Pharaoh squares one per square a taken Navia may go to (F14).
    #[inline]
    fn push_step(&self, from: SquareOf<G>, to: SquareOf<G>, out: &mut impl ActionSink<G>) {
        match self.pharaoh_choices(from, to) {
            None => out.push(ActionOf::step(from, to)),
            Some(squares) => {
                for p in squares {
                    out.push(ActionOf {
                        pharaoh: Some(p),
                        ..ActionOf::step(from, to)
                    });
                }
            }
        }
    }

    /// All legal actions, in a fixed order.
    pub fn legal_actions(&self) -> Vec<ActionOf<G>> {
        let mut out = Vec::with_capacity(128);
        self.generate(&mut out);
        out
    }

    /// Append all legal actions to `out` (R15). A finished game has none.
    pub fn generate(&self, out: &mut Vec<ActionOf<G>>) {
        self.generate_into(out, None);
    }

    /// `generate` for a caller that already has this position's `reach_map`: the same actions in the same order
    /// (into any sink: one that keeps families of effect choices unexpanded gets their heads in their place).
    pub fn generate_with(&self, map: &ReachMap<G>, out: &mut impl ActionSink<G>) {
        self.generate_into(out, Some(map));
    }

    /// The number of legal actions, counted without building them (bulk perft).
    pub fn count_actions(&self) -> u64 {
        let mut n = Counter(0);
        self.generate_into::<Counter>(&mut n, None);
        n.0
    }

    /// Gyullas the move `from`→`to` earns before any follow-up (R13, R22 income, capture rewards, passives).
    #[inline]
    pub(super) fn move_gain(&self, to: SquareOf<G>, mover: PlacedOf<G>) -> u32 {
        let victim = if self.occupied().has(to) {
            self.piece_at(to)
        } else {
            None
        };
        self.gain_with(mover, victim)
    }

    /// `move_gain` once the piece on the target square (if any) is known.
    #[inline]
    pub(super) fn gain_with(&self, mover: PlacedOf<G>, victim: Option<PlacedOf<G>>) -> u32 {
        let us = mover.side;
        let mut gain = match mover.piece {
            Piece::BlackGulled => 1,
            Piece::RedGulled => 3,
            Piece::Maseitai(k) if mover.dratped => self.cat.tables(k).move_income as u32,
            _ => 0,
        };
        if mover.piece.is_battle() && !(self.special & self.sides[us]).is_empty() {
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
    pub(super) fn generate_into<S: ActionSink<G>>(&self, out: &mut S, map: Option<&ReachMap<G>>) {
        if self.outcome.is_some() {
            return;
        }
        let au = self.auras();
        let us = self.side;
        let own = self.sides[us];
        let movable = own & !au.stuck;
        let open = !own & !au.untakeable;
        let line_over = G::line_over(us);
        let pool = self.pools[us] as u32;

        // R8, R22: Gulled.
        for (bb, red) in [(self.black_gulled & movable, false), (self.red_gulled & movable, true)] {
            for from in bb {
                for to in gulled_reach(from, us, red) & open {
                    self.push_step(from, to, out);
                }
                if line_over.has(from) {
                    self.push_line_overs(from, out);
                }
            }
        }

        // R9, R19, R23, F29: the Navias (one on the duel board; a team of the cross may hold several, F15).
        let goal = G::navia_goal(us);
        // F26, F28: a take that gives the team its third Navia ends the game, so nothing follows it.
        let follows_take = pharaohs::<G>() && self.navias_held(us) < 2;
        for from in self.navias & own {
            for to in ring(from) & open {
                match self.pharaoh_choices(from, to) {
                    None => {
                        out.push(ActionOf::step(from, to));
                        if !self.navias.has(to) && self.navia_dratp_ok_after(from, to, None) {
                            out.push(ActionOf {
                                follow: Follow::Dratp,
                                ..ActionOf::step(from, to)
                            });
                        }
                    }
                    Some(squares) => {
                        for p in squares {
                            let a = ActionOf {
                                pharaoh: Some(p),
                                ..ActionOf::step(from, to)
                            };
                            out.push(a);
                            if follows_take && self.navia_dratp_ok_after(from, to, Some(p)) {
                                out.push(ActionOf {
                                    follow: Follow::Dratp,
                                    ..a
                                });
                            }
                        }
                    }
                }
            }
            if pool >= NAVIA_DRATP_COST as u32
                && !map.map_or_else(|| self.navia_attacked(from), |m| m.navia_attacked(self, from))
            {
                out.push(ActionOf {
                    kind: ActionKind::InPlace,
                    follow: Follow::Dratp,
                    ..ActionOf::step(from, from)
                });
            }
            if goal.has(from) && self.keeps[us].is_empty() {
                out.push(ActionOf {
                    kind: ActionKind::Goal,
                    ..ActionOf::step(from, from)
                });
            }
        }

        // R16: summons (plus summon-dots squares, minus enemy outposts' dots for non-guards).
        let empty = !self.occupied();
        let summon = (G::summon(us) | au.extra_summon[us]) & empty & !au.banned_summon[us];
        for kind in self.keeps[us].distinct() {
            let squares = if self.cat.get(kind).navia_guard {
                self.navia_ring(us) & empty
            } else {
                summon
            };
            for to in squares {
                out.push(ActionOf {
                    kind: ActionKind::Summon(kind),
                    ..ActionOf::step(to, to)
                });
            }
        }

        // R10, R15, R17, R18: Maseitai.
        let occ = self.occupied();
        for from in self.maseitai & movable {
            let kind = self.kinds[from];
            let dratped = self.dratped.has(from);
            let def = self.cat.get(kind);
            let follow_cost = match (dratped, &def.effect.invoke) {
                (false, _) => Some(def.cost),
                (true, Some(inv)) => Some(inv.cost),
                (true, None) => None,
            };
            let mover = PlacedOf {
                side: us,
                piece: Piece::Maseitai(kind),
                dratped,
            };
            let reach = match map {
                Some(m) => m.reach(from),
                None => maseitai_reach(self, from, us, occ) & open,
            };
            for to in reach {
                if let Some(squares) = self.pharaoh_choices(from, to) {
                    // F14: one action per Pharaoh square; the 30 are paid before a following dratp or invoke.
                    for p in squares {
                        out.push(ActionOf {
                            pharaoh: Some(p),
                            ..ActionOf::step(from, to)
                        });
                        if let Some(cost) = follow_cost.filter(|_| follows_take) {
                            let cost = zone_cost(cost, to) as u32;
                            if (pool + self.move_gain(to, mover)).min(VAULT_CAP as u32) >= cost {
                                self.push_follows(from, to, Some(p), kind, dratped, out);
                            }
                        }
                    }
                    continue;
                }
                out.push(ActionOf::step(from, to));
                let Some(cost) = follow_cost else { continue };
                if self.navias.has(to) {
                    continue; // R15: taking the Navia ends the game at once.
                }
                let cost = zone_cost(cost, to) as u32;
                if pool >= cost || (pool + self.move_gain(to, mover)).min(VAULT_CAP as u32) >= cost {
                    self.push_follows(from, to, None, kind, dratped, out);
                }
            }
            if follow_cost.is_some_and(|c| pool >= zone_cost(c, from) as u32) {
                self.push_follows(from, from, None, kind, dratped, out);
            }
        }
    }

    /// R19, F29: the Navia may dratp after stepping `from`→`to` (a taken Navia going to `pharaoh`, F14) if the pool
    /// then holds 60 and that Navia is not in check.
    fn navia_dratp_ok_after(&self, from: SquareOf<G>, to: SquareOf<G>, pharaoh: Option<SquareOf<G>>) -> bool {
        let pool = self.pools[self.side] as u32;
        // A Navia earns only by taking a piece, so most Navia steps are ruled out without looking further.
        if pool < NAVIA_DRATP_COST as u32 && !self.occupied().has(to) {
            return false;
        }
        let Some(navia) = self.piece_at(from) else { return false };
        if (pool + self.move_gain(to, navia)).min(VAULT_CAP as u32) < NAVIA_DRATP_COST as u32 {
            return false;
        }
        let mut p = *self;
        p.move_part(from, to, pharaoh);
        !p.navia_attacked(to)
    }

    /// R22: one action per bonus for the Gulled on `from`.
    fn push_line_overs(&self, from: SquareOf<G>, out: &mut impl ActionSink<G>) {
        let base = ActionOf {
            kind: ActionKind::LineOver,
            ..ActionOf::step(from, from)
        };
        let mut g = ChoicesOf::NONE;
        g.push(TokenOf::Gyullas);
        out.push(ActionOf { choices: g, ..base });
        let us = self.side;
        let empty = G::summon(us) & !self.occupied();
        for kind in self.graves[us].maseitai.distinct() {
            for sq in empty {
                let mut c = ChoicesOf::NONE;
                c.push(TokenOf::Placed(kind, sq));
                out.push(ActionOf { choices: c, ..base });
            }
        }
    }

    /// Dratp or invoke after a Maseitai's move (or in place when `from == to`; a taken Navia going to `pharaoh`,
    /// F14); the caller checked the pool.
    fn push_follows(
        &self,
        from: SquareOf<G>,
        to: SquareOf<G>,
        pharaoh: Option<SquareOf<G>>,
        kind: Kind,
        dratped: bool,
        out: &mut impl ActionSink<G>,
    ) {
        let Some((base, cost, steps)) = self.follow_parts(from, to, pharaoh, kind, dratped) else {
            return;
        };
        let choices = steps.iter().any(Self::asks);
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
        from: SquareOf<G>,
        to: SquareOf<G>,
        pharaoh: Option<SquareOf<G>>,
        kind: Kind,
        dratped: bool,
    ) -> Option<(ActionOf<G>, u8, &'static [EffectStep])> {
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
        let base = ActionOf {
            kind: kind_of_action,
            from,
            to,
            pharaoh,
            follow,
            choices: ChoicesOf::NONE,
        };
        Some((base, cost, steps))
    }

    /// The position after an action's move and its dratp or invoke payment (R17, R18), where its effect's steps
    /// resolve; `None` when the move ended the game (nothing follows).
    fn after_payment(&self, base: &ActionOf<G>, cost: u8) -> Option<PositionOf<G>> {
        let mut mid = *self;
        if base.from != base.to {
            mid.move_part(base.from, base.to, base.pharaoh);
            if mid.outcome.is_some() {
                return None;
            }
        }
        mid.pay_and_flip(base.to, base.follow, zone_cost(cost, base.to));
        Some(mid)
    }

    /// List the actions of the family whose head is `head` (a head handed to `ActionSink::push_family` for this
    /// position), in the order `generate` lists them; nothing for any other action.
    pub fn expand_family(&self, head: &ActionOf<G>, out: &mut impl ActionSink<G>) {
        if let Some(family) = self.family(head) {
            family.expand(out);
        }
    }

    /// The family whose head is `head` (a head handed to `ActionSink::push_family` for this position); `None` for
    /// any other action.
    pub fn family(&self, head: &ActionOf<G>) -> Option<Family<'_, G>> {
        let from = head.from;
        if !(self.maseitai & self.sides[self.side]).has(from) {
            return None;
        }
        let (base, cost, steps) =
            self.follow_parts(from, head.to, head.pharaoh, self.kinds[from], self.dratped.has(from))?;
        (base == *head && steps.iter().any(Self::asks)).then_some(Family {
            pos: self,
            head: base,
            cost,
            steps,
        })
    }
}
