//! A slow, obviously-correct reference generator of legal actions, used only by
//! tests to check the fast one (`dratp::rules::movegen`) by difference.
//!
//! Written independently from the fast generator: a plain 7x7 array of
//! `Option<Placed>` (the `Setup` form), simple loops, no bitboards. Every rule
//! reading cites the rule (R..) or decision (D..) it follows.
//!
//! Shared by several test binaries through `mod reference;`, so some helpers
//! are unused in some of them.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use dratp::rules::action::{Action, ActionKind, Choices, Follow, Token};
use dratp::rules::catalogue::{Area, Catalogue, EffectStep, Kind, MarkKind, Passive, PieceDef, Place, Scope, Target};
use dratp::rules::piece::{Piece, Placed};
use dratp::rules::position::{Freeze, Lasting, Position, Setup};
use dratp::rules::square::{Side, Square};
use dratp::rules::{action_text, nfen};

/// R19: the Navia's dratp cost, never halved.
const NAVIA_DRATP_COST: u32 = 60;
/// R12: a pool never exceeds what a vault holds.
const VAULT: u32 = 60;
/// R22: the gyullas bonus of a line over.
const LINE_OVER_BONUS: u32 = 10;

// ---------------------------------------------------------------- squares

fn sq(file: i8, rank: i8) -> Option<Square> {
    Square::new(file, rank)
}

fn at(s: &Setup, q: Square) -> Option<Placed> {
    s.board[q.index()]
}

fn set(s: &mut Setup, q: Square, p: Option<Placed>) {
    s.board[q.index()] = p;
}

/// R10: the owner's offset (dx, dy) turned to a board offset.
fn orient(side: Side, dx: i8, dy: i8) -> (i8, i8) {
    match side {
        Side::White => (dx, dy),
        Side::Black => (-dx, -dy),
    }
}

/// R1: +1 rank is forward for the first player.
fn forward(side: Side) -> i8 {
    match side {
        Side::White => 1,
        Side::Black => -1,
    }
}

/// The rank (0-based) of a side's own back rank.
fn own_back_rank(side: Side) -> i8 {
    match side {
        Side::White => 0,
        Side::Black => 6,
    }
}

/// R3: the summon squares of a side.
fn summon_squares(side: Side) -> Vec<Square> {
    let names = match side {
        Side::White => ["a1", "b1", "c1", "e1", "f1", "g1", "a2", "g2"],
        Side::Black => ["a7", "b7", "c7", "e7", "f7", "g7", "a6", "g6"],
    };
    let mut v: Vec<Square> = names.iter().map(|n| Square::from_name(n).unwrap()).collect();
    v.sort();
    v
}

/// R4: the reduction zone b4..f4.
fn in_reduction_zone(q: Square) -> bool {
    q.rank() == 3 && (1..=5).contains(&q.file())
}

/// R17, R18: a cost paid on `q`, halved and rounded up in the zone.
fn zone_cost(cost: u32, q: Square) -> u32 {
    if in_reduction_zone(q) {
        cost.div_ceil(2)
    } else {
        cost
    }
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0..49).map(Square::from_index)
}

fn neighbours(q: Square) -> Vec<Square> {
    let mut v = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            if (dx, dy) != (0, 0) {
                if let Some(t) = sq(q.file() + dx, q.rank() + dy) {
                    v.push(t);
                }
            }
        }
    }
    v
}

// ---------------------------------------------------------------- pieces

fn kind_of(p: Piece) -> Option<Kind> {
    match p {
        Piece::Navia(k) | Piece::Maseitai(k) => Some(k),
        _ => None,
    }
}

fn is_battle(p: Piece) -> bool {
    !matches!(p, Piece::Navia(_))
}

/// The passives a placed piece has right now: only while dratped (R17).
fn passives(pl: Placed, cat: &Catalogue) -> Vec<Passive> {
    match pl.piece {
        Piece::Maseitai(k) if pl.dratped => cat.get(k).effect.passives.clone(),
        _ => Vec::new(),
    }
}

fn has(pl: Placed, cat: &Catalogue, want: Passive) -> bool {
    passives(pl, cat).contains(&want)
}

/// The sum of a numeric passive (`f` picks its number).
fn passive_sum(pl: Placed, cat: &Catalogue, f: impl Fn(&Passive) -> Option<u8>) -> u32 {
    passives(pl, cat).iter().filter_map(f).map(u32::from).sum()
}

fn bounty(pl: Placed, cat: &Catalogue) -> u32 {
    passive_sum(pl, cat, |p| match p {
        Passive::Bounty(n) => Some(*n),
        _ => None,
    })
}

/// D8: the moving piece's own income.
fn move_income(pl: Placed, cat: &Catalogue) -> u32 {
    passive_sum(pl, cat, |p| match p {
        Passive::MoveIncome(n) => Some(*n),
        _ => None,
    })
}

/// D18: what the side's dratped Chugyullas add to each move of one of its battle pieces.
fn battle_move_income(s: &Setup, side: Side, cat: &Catalogue) -> u32 {
    all_squares()
        .filter_map(|q| at(s, q))
        .filter(|p| p.side == side)
        .map(|p| {
            passive_sum(p, cat, |x| match x {
                Passive::BattleMoveIncome(n) => Some(*n),
                _ => None,
            })
        })
        .sum()
}

/// R13: what taking a piece by a move earns the taker.
fn capture_reward(p: Piece, cat: &Catalogue) -> u32 {
    match p {
        Piece::BlackGulled => 1,
        Piece::RedGulled => 3,
        Piece::Maseitai(k) => cat.get(k).cost as u32,
        Piece::Navia(_) => 0,
    }
}

/// The dot squares of a piece standing on `q`, on the face it shows (D11).
fn dots_of(pl: Placed, q: Square, cat: &Catalogue) -> Vec<Square> {
    let Some(k) = kind_of(pl.piece) else {
        return Vec::new();
    };
    cat.get(k)
        .compass(pl.dratped)
        .marks
        .iter()
        .filter(|m| m.kind == MarkKind::Dot)
        .filter_map(|m| {
            let (dx, dy) = orient(pl.side, m.dx, m.dy);
            sq(q.file() + dx, q.rank() + dy)
        })
        .collect()
}

/// D24: a dratped Oriondober standing on one of its opponent's summon squares.
fn outpost_active(pl: Placed, q: Square, cat: &Catalogue) -> bool {
    has(pl, cat, Passive::Outpost) && summon_squares(pl.side.opponent()).contains(&q)
}

/// D25: a battle piece on a dot square of another dratped Wishborn of its side.
fn protected(s: &Setup, t: Square, cat: &Catalogue) -> bool {
    let Some(o) = at(s, t) else { return false };
    is_battle(o.piece)
        && all_squares().any(|w| {
            w != t
                && matches!(at(s, w), Some(p) if p.side == o.side
                    && has(p, cat, Passive::ProtectDots)
                    && dots_of(p, w, cat).contains(&t))
        })
}

/// R20, D24, D25: the piece on `t` cannot be taken by a move.
fn untakeable(s: &Setup, t: Square, cat: &Catalogue) -> bool {
    let Some(o) = at(s, t) else { return false };
    has(o, cat, Passive::Immortal) || outpost_active(o, t, cat) || protected(s, t, cat)
}

// ---------------------------------------------------------------- setup state

/// R12: gains come out of the vault, so a pool stops at 60.
fn earn(s: &mut Setup, side: Side, n: u32) {
    let i = side.index();
    s.pools[i] = (s.pools[i] as u32 + n).min(VAULT) as u8;
}

fn spend(s: &mut Setup, side: Side, n: u32) {
    let i = side.index();
    assert!(s.pools[i] as u32 >= n, "reference: spending more than the pool");
    s.pools[i] -= n as u8;
}

fn sorted_insert(v: &mut Vec<Kind>, k: Kind) {
    let at = v.partition_point(|&x| x <= k);
    v.insert(at, k);
}

fn remove_one(v: &mut Vec<Kind>, k: Kind) {
    let at = v.iter().position(|&x| x == k).expect("reference: kind not in list");
    v.remove(at);
}

fn distinct(v: &[Kind]) -> Vec<Kind> {
    let mut d: Vec<Kind> = v.to_vec();
    d.sort();
    d.dedup();
    d
}

// ---------------------------------------------------------------- freezes (D16)

fn freezes(s: &Setup) -> Vec<Freeze> {
    s.lasting
        .iter()
        .filter_map(|l| match l {
            Lasting::Freeze(f) => Some(*f),
            _ => None,
        })
        .collect()
}

/// The freezes in square order, to compare two setups.
fn sorted_freezes(s: &Setup) -> Vec<Freeze> {
    let mut v = freezes(s);
    v.sort();
    v
}

/// Keep only the freezes `keep` accepts, each remapped by `map`.
fn edit_freezes(s: &mut Setup, keep: impl Fn(&Freeze) -> bool, map: impl Fn(Square) -> Square) {
    s.lasting = s
        .lasting
        .iter()
        .filter_map(|l| match l {
            Lasting::Freeze(f) if !keep(f) => None,
            Lasting::Freeze(f) => Some(Lasting::Freeze(Freeze {
                by: map(f.by),
                target: map(f.target),
            })),
            other => Some(*other),
        })
        .collect();
}

fn frozen(s: &Setup, q: Square) -> bool {
    freezes(s).iter().any(|f| f.target == q)
}

/// D16, Kanaba: whether the piece on `q` may make a move (and give check).
fn can_move(s: &Setup, q: Square, cat: &Catalogue) -> bool {
    let pl = at(s, q).expect("reference: no piece");
    !frozen(s, q) && !has(pl, cat, Passive::Immobile)
}

/// Take a piece off the board; freezes it is part of end (D16).
fn lift(s: &mut Setup, q: Square) -> Placed {
    let pl = at(s, q).expect("reference: lifting an empty square");
    set(s, q, None);
    edit_freezes(s, |f| f.by != q && f.target != q, |x| x);
    pl
}

/// Move a piece to an empty square; its freezes follow it (D16).
fn shift(s: &mut Setup, from: Square, to: Square) {
    assert!(at(s, to).is_none(), "reference: shifting onto a piece");
    let pl = at(s, from).unwrap();
    set(s, from, None);
    set(s, to, Some(pl));
    edit_freezes(s, |_| true, |x| if x == from { to } else { x });
}

/// Exchange two pieces; freezes follow them (D16).
fn swap_pieces(s: &mut Setup, a: Square, b: Square) {
    let (pa, pb) = (at(s, a), at(s, b));
    set(s, a, pb);
    set(s, b, pa);
    edit_freezes(
        s,
        |_| true,
        |x| {
            if x == a {
                b
            } else if x == b {
                a
            } else {
                x
            }
        },
    );
}

/// Flip a piece back to its undratped face; the freezes it made end (D16).
fn undratp(s: &mut Setup, q: Square) {
    let pl = at(s, q).unwrap();
    set(s, q, Some(Placed { dratped: false, ..pl }));
    edit_freezes(s, |f| f.by != q, |x| x);
}

/// Send a battle piece to its owner's graveyard, undratped (D6).
fn to_graveyard(s: &mut Setup, pl: Placed) {
    let g = &mut s.graves[pl.side.index()];
    match pl.piece {
        Piece::BlackGulled => g.black += 1,
        Piece::RedGulled => g.red += 1,
        Piece::Maseitai(k) => sorted_insert(&mut g.maseitai, k),
        Piece::Navia(_) => unreachable!("reference: a Navia never goes to a graveyard"),
    }
}

fn navia_square(s: &Setup, side: Side) -> Option<Square> {
    all_squares().find(|&q| matches!(at(s, q), Some(p) if p.side == side && matches!(p.piece, Piece::Navia(_))))
}

/// D14: the game is over once a Navia is gone, dratped, or made a goal.
pub fn game_over(s: &Setup) -> bool {
    if s.lasting.iter().any(|l| matches!(l, Lasting::NaviaGoal(_))) {
        return true;
    }
    for side in Side::BOTH {
        match navia_square(s, side) {
            None => return true,
            Some(q) if at(s, q).unwrap().dratped => return true,
            _ => {}
        }
    }
    false
}

/// End the turn: lasting effects in NFEN order (freezes by square, then a goal), the other side to move.
fn pass_turn(s: &mut Setup) {
    let mut fs = freezes(s);
    fs.sort();
    let goals: Vec<Lasting> = s
        .lasting
        .iter()
        .filter(|l| matches!(l, Lasting::NaviaGoal(_)))
        .copied()
        .collect();
    s.lasting = fs.into_iter().map(Lasting::Freeze).chain(goals).collect();
    if s.side == Side::Black {
        s.turn = s.turn.saturating_add(1);
    }
    s.side = s.side.opponent();
}

// ---------------------------------------------------------------- movement

/// Whether a piece of `side` may end a move on `t` (R11, R20, D24, D25).
fn can_land(s: &Setup, side: Side, t: Square, cat: &Catalogue) -> bool {
    match at(s, t) {
        None => true,
        Some(o) => o.side != side && !untakeable(s, t, cat),
    }
}

/// Every square a piece on `from` may move to (R8, R9, R10), without line overs or goals.
fn destinations(s: &Setup, from: Square, cat: &Catalogue) -> Vec<Square> {
    let pl = at(s, from).expect("reference: no piece to move");
    let side = pl.side;
    let mut out = Vec::new();
    let f = forward(side);
    match pl.piece {
        Piece::BlackGulled | Piece::RedGulled => {
            let dxs: &[i8] = if pl.piece == Piece::BlackGulled {
                &[0]
            } else {
                &[-1, 0, 1]
            };
            for &dx in dxs {
                if let Some(t) = sq(from.file() + dx, from.rank() + f) {
                    if can_land(s, side, t, cat) {
                        out.push(t);
                    }
                }
            }
        }
        Piece::Navia(_) => {
            for t in neighbours(from) {
                if can_land(s, side, t, cat) {
                    out.push(t);
                }
            }
        }
        Piece::Maseitai(k) => {
            for m in &cat.get(k).compass(pl.dratped).marks {
                let (dx, dy) = orient(side, m.dx, m.dy);
                match m.kind {
                    MarkKind::Dot => {}
                    MarkKind::Step => {
                        if let Some(t) = sq(from.file() + dx, from.rank() + dy) {
                            if can_land(s, side, t, cat) {
                                out.push(t);
                            }
                        }
                    }
                    MarkKind::Slide => slide(s, side, from, dx, dy, cat, &mut out),
                    MarkKind::Jump => jump(s, side, from, dx, dy, cat, &mut out),
                    MarkKind::Bounce => bounce(s, side, from, dx, dy, cat, &mut out),
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// R10 slide: empty squares, then maybe the first enemy piece.
fn slide(s: &Setup, side: Side, from: Square, dx: i8, dy: i8, cat: &Catalogue, out: &mut Vec<Square>) {
    let (mut x, mut y) = (from.file(), from.rank());
    while let Some(t) = sq(x + dx, y + dy) {
        match at(s, t) {
            None => out.push(t),
            Some(_) => {
                if can_land(s, side, t, cat) {
                    out.push(t);
                }
                return;
            }
        }
        x += dx;
        y += dy;
    }
}

/// R10, D13 jump: a slide that may pass over exactly one piece of either side.
fn jump(s: &Setup, side: Side, from: Square, dx: i8, dy: i8, cat: &Catalogue, out: &mut Vec<Square>) {
    let (mut x, mut y) = (from.file(), from.rank());
    let mut passed = false;
    while let Some(t) = sq(x + dx, y + dy) {
        if at(s, t).is_some() {
            if can_land(s, side, t, cat) {
                out.push(t);
            }
            if passed {
                return;
            }
            passed = true;
        } else {
            out.push(t);
        }
        x += dx;
        y += dy;
    }
}

/// R10, D12 bounce: a slide that reflects once off the edge it reaches
/// unobstructed (possibly at once, from the piece's own square).
fn bounce(s: &Setup, side: Side, from: Square, dx: i8, dy: i8, cat: &Catalogue, out: &mut Vec<Square>) {
    let (mut x, mut y) = (from.file(), from.rank());
    let (mut dx, mut dy) = (dx, dy);
    let mut reflected = false;
    loop {
        let (nx, ny) = (x + dx, y + dy);
        match sq(nx, ny) {
            None => {
                if reflected {
                    return;
                }
                let rdx = if (0..7).contains(&nx) { dx } else { -dx };
                let rdy = if (0..7).contains(&ny) { dy } else { -dy };
                if (rdx, rdy) == (-dx, -dy) {
                    return;
                }
                dx = rdx;
                dy = rdy;
                reflected = true;
            }
            Some(t) => {
                match at(s, t) {
                    None => out.push(t),
                    Some(_) => {
                        if can_land(s, side, t, cat) {
                            out.push(t);
                        }
                        return;
                    }
                }
                x = nx;
                y = ny;
            }
        }
    }
}

/// R24, D16: whether `side`'s Navia could be taken by a move of the opponent,
/// were it their turn (frozen and immobile pieces cannot move, so give no check).
pub fn reference_in_check(s: &Setup, side: Side, cat: &Catalogue) -> bool {
    let Some(navia) = navia_square(s, side) else {
        return false;
    };
    all_squares().any(|q| {
        matches!(at(s, q), Some(p) if p.side != side) && can_move(s, q, cat) && destinations(s, q, cat).contains(&navia)
    })
}

/// What a move did besides moving.
struct Moved {
    /// R20: it took the opponent's Navia.
    navia_taken: bool,
    /// D17: a battle piece took a dratped Papillonera, so it is avenged.
    avenged: bool,
}

/// Play a move of the piece on `from` to `to` with its income (R13, D8, D18)
/// and capture (R20, D7, Matogayu's doubling).
fn make_move(s: &mut Setup, from: Square, to: Square, cat: &Catalogue) -> Moved {
    let pl = at(s, from).unwrap();
    let me = pl.side;
    let mut income = match pl.piece {
        Piece::BlackGulled => 1,
        Piece::RedGulled => 3,
        Piece::Maseitai(_) => move_income(pl, cat), // D8: only if dratped before the move
        Piece::Navia(_) => 0,
    };
    if is_battle(pl.piece) {
        income += battle_move_income(s, me, cat); // D18
    }
    earn(s, me, income);
    let mut moved = Moved {
        navia_taken: false,
        avenged: false,
    };
    if let Some(t) = at(s, to) {
        if let Piece::Navia(_) = t.piece {
            moved.navia_taken = true;
        } else {
            let mut reward = capture_reward(t.piece, cat);
            if has(pl, cat, Passive::DoubleRewards) {
                reward *= 2;
            }
            earn(s, me, reward);
            earn(s, t.side, bounty(t, cat)); // D7
            moved.avenged = is_battle(pl.piece) && has(t, cat, Passive::Revenge);
        }
        lift(s, to);
        if !moved.navia_taken {
            to_graveyard(s, t);
        }
    }
    shift(s, from, to);
    moved
}

/// D17: the avenged taker goes to its owner's graveyard, no gyullas, a bounty
/// paid as for an enemy effect; a Navia is never removed (R21).
fn avenge(s: &mut Setup, q: Square, cat: &Catalogue) {
    if let Some(pl) = at(s, q) {
        if is_battle(pl.piece) {
            lift(s, q);
            earn(s, pl.side, bounty(pl, cat));
            to_graveyard(s, pl);
        }
    }
}

// ---------------------------------------------------------------- effects

/// Whether Billpentod's advance may take the enemy Navia (ending the game there). R21 says no effect removes a
/// Navia; D19 does not name the Navia among what stops a Gulled. Open question: the reference follows the fast
/// generator until the lead decides (see the ignored test in `tests/edges.rs`).
const ADVANCE_TAKES_NAVIA: bool = false;

/// A partly resolved effect: the setup, the tokens named so far, where the effect's piece stands.
#[derive(Clone)]
struct Resolving {
    s: Setup,
    tokens: Vec<Token>,
    piece: Option<Square>,
}

/// The pieces an effect step may pick (D3, R21).
fn targets(r: &Resolving, me: Side, t: Target) -> Vec<Square> {
    let mut v = Vec::new();
    for q in all_squares() {
        let Some(p) = at(&r.s, q) else { continue };
        let own_piece = r.piece == Some(q);
        let ok = match t {
            Target::Itself => own_piece,
            Target::AnyBattle => is_battle(p.piece) && !own_piece,
            Target::OwnBattle => is_battle(p.piece) && p.side == me,
            Target::AnyMaseitai => matches!(p.piece, Piece::Maseitai(_)) && !own_piece,
        };
        if ok {
            v.push(q);
        }
    }
    v
}

/// The empty squares an effect step may place a piece on.
fn places(r: &Resolving, me: Side, place: Place, cat: &Catalogue) -> Vec<Square> {
    let mut v: Vec<Square> = match place {
        Place::AnyEmpty => all_squares().collect(),
        Place::OwnSummon => summon_squares(me), // D10: the squares of R3
        Place::EnemySummon => summon_squares(me.opponent()),
        Place::NaviaRing => navia_square(&r.s, me).map(neighbours).unwrap_or_default(),
        Place::Dots => {
            // D11: offsets from the effect's piece where it stands now.
            let Some(q) = r.piece else { return Vec::new() };
            dots_of(at(&r.s, q).unwrap(), q, cat)
        }
    };
    v.retain(|&q| at(&r.s, q).is_none());
    v.sort();
    v.dedup();
    v
}

/// Remove a piece from the board by an effect of `me` (R14, D7).
fn effect_to_graveyard(r: &mut Resolving, q: Square, me: Side, cat: &Catalogue) {
    let pl = lift(&mut r.s, q);
    if pl.side != me {
        earn(&mut r.s, pl.side, bounty(pl, cat)); // D7
    }
    to_graveyard(&mut r.s, pl);
    if r.piece == Some(q) {
        r.piece = None;
    }
}

fn placed(side: Side, piece: Piece) -> Option<Placed> {
    Some(Placed {
        side,
        piece,
        dratped: false,
    })
}

/// D19: every black Gulled of `me` that can step forward does, front ones
/// first; captures pay, steps do not; untakeable pieces (and the Navia, R21,
/// unless `ADVANCE_TAKES_NAVIA`),
/// frozen Gulled and the far rank stop it. The advance is an effect, not a move
/// (D18), so a Papillonera it takes has no revenge (D17 is for moves).
fn advance_gulled(s: &mut Setup, me: Side, cat: &Catalogue) {
    let f = forward(me);
    let mut gulled: Vec<Square> = all_squares()
        .filter(|&q| matches!(at(s, q), Some(p) if p.side == me && p.piece == Piece::BlackGulled))
        .collect();
    gulled.sort_by_key(|q| -(q.rank() * f));
    // "Together": which pieces are untakeable is judged on the board before the
    // advance (a Wishborn taken by it still protects for the others).
    let before = s.clone();
    for q in gulled {
        if frozen(s, q) {
            continue;
        }
        let Some(t) = sq(q.file(), q.rank() + f) else { continue };
        match at(s, t) {
            None => shift(s, q, t),
            Some(o) if o.side != me && !is_battle(o.piece) && ADVANCE_TAKES_NAVIA => {
                lift(s, t);
                shift(s, q, t);
                break; // R20: taking the Navia ends the game at once
            }
            Some(o) if o.side != me && is_battle(o.piece) && !untakeable(&before, t, cat) => {
                earn(s, me, capture_reward(o.piece, cat));
                earn(s, o.side, bounty(o, cat)); // D7
                lift(s, t);
                to_graveyard(s, o);
                shift(s, q, t);
            }
            Some(_) => {}
        }
    }
}

/// D20: every maximal sequence of up to `left` plain moves of `me`'s battle
/// pieces other than the effect's piece, each legal after the one before.
fn extra_moves(r: Resolving, me: Side, left: u8, cat: &Catalogue) -> Vec<Resolving> {
    if left == 0 || game_over(&r.s) {
        return vec![r];
    }
    let mut out = Vec::new();
    for from in all_squares() {
        let Some(pl) = at(&r.s, from) else { continue };
        if pl.side != me || !is_battle(pl.piece) || r.piece == Some(from) || !can_move(&r.s, from, cat) {
            continue;
        }
        for to in destinations(&r.s, from, cat) {
            let mut n = r.clone();
            let moved = make_move(&mut n.s, from, to, cat);
            if moved.avenged {
                avenge(&mut n.s, to, cat); // D17: at once after a further move
            }
            n.tokens.push(Token::Pair(from, to));
            out.extend(extra_moves(n, me, left - 1, cat));
        }
    }
    if out.is_empty() {
        out.push(r);
    }
    out
}

/// Every way one effect step can resolve (D1, D2). Empty only if nothing applies,
/// in which case the caller passes the state through unchanged.
fn step_options(r: &Resolving, me: Side, step: EffectStep, cat: &Catalogue) -> Vec<Resolving> {
    let mut out = Vec::new();
    match step {
        EffectStep::Remove(t) => {
            for q in targets(r, me, t) {
                let mut n = r.clone();
                effect_to_graveyard(&mut n, q, me, cat);
                if t != Target::Itself {
                    n.tokens.push(Token::Square(q));
                }
                out.push(n);
            }
        }
        EffectStep::RemoveArea(area) => {
            // D22: battle pieces of both sides, never a Navia, never the piece itself.
            let Some(c) = r.piece else { return out };
            let mut n = r.clone();
            for q in all_squares() {
                let inside = match area {
                    Area::File => q.file() == c.file(),
                    Area::Block => (q.file() - c.file()).abs() <= 1 && (q.rank() - c.rank()).abs() <= 1,
                };
                if inside && q != c && matches!(at(&n.s, q), Some(p) if is_battle(p.piece)) {
                    effect_to_graveyard(&mut n, q, me, cat);
                }
            }
            out.push(n);
        }
        EffectStep::Sacrifice => {
            if let Some(q) = r.piece {
                let mut n = r.clone();
                let pl = lift(&mut n.s, q);
                to_graveyard(&mut n.s, pl); // own side's effect: no bounty (D7)
                n.piece = None;
                out.push(n);
            }
        }
        EffectStep::Revive(place) => {
            let grave = r.s.graves[me.index()].maseitai.clone();
            for k in distinct(&grave) {
                for q in places(r, me, place, cat) {
                    let mut n = r.clone();
                    remove_one(&mut n.s.graves[me.index()].maseitai, k);
                    set(&mut n.s, q, placed(me, Piece::Maseitai(k))); // D6
                    n.tokens.push(Token::Placed(k, q));
                    out.push(n);
                }
            }
        }
        EffectStep::ReviveGulled => {
            // D21: files a to g of the owner's second rank, as many as lie in the graveyard.
            let rank = if me == Side::White { 1 } else { 5 };
            let mut n = r.clone();
            for file in 0..7 {
                let q = sq(file, rank).unwrap();
                if n.s.graves[me.index()].black > 0 && at(&n.s, q).is_none() {
                    n.s.graves[me.index()].black -= 1;
                    set(&mut n.s, q, placed(me, Piece::BlackGulled));
                }
            }
            out.push(n);
        }
        EffectStep::Steal(place) => {
            // D26: from the opponent's graveyard only; the piece becomes the owner's, undratped.
            let them = me.opponent().index();
            let grave = r.s.graves[them].clone();
            for q in places(r, me, place, cat) {
                if grave.black > 0 {
                    let mut n = r.clone();
                    n.s.graves[them].black -= 1;
                    set(&mut n.s, q, placed(me, Piece::BlackGulled));
                    n.tokens.push(Token::Gulled { red: false, to: q });
                    out.push(n);
                }
                if grave.red > 0 {
                    let mut n = r.clone();
                    n.s.graves[them].red -= 1;
                    set(&mut n.s, q, placed(me, Piece::RedGulled));
                    n.tokens.push(Token::Gulled { red: true, to: q });
                    out.push(n);
                }
                for k in distinct(&grave.maseitai) {
                    let mut n = r.clone();
                    remove_one(&mut n.s.graves[them].maseitai, k);
                    set(&mut n.s, q, placed(me, Piece::Maseitai(k)));
                    n.tokens.push(Token::Placed(k, q));
                    out.push(n);
                }
            }
        }
        EffectStep::Relocate { who, to, optional } => {
            for from in targets(r, me, who) {
                for dest in places(r, me, to, cat) {
                    let mut n = r.clone();
                    shift(&mut n.s, from, dest); // D5: no income, no capture; D16: freezes follow
                    if n.piece == Some(from) {
                        n.piece = Some(dest);
                    }
                    n.tokens.push(if who == Target::Itself {
                        Token::Square(dest)
                    } else {
                        Token::Pair(from, dest)
                    });
                    out.push(n);
                }
            }
            if optional && !out.is_empty() {
                out.push(r.clone()); // D1: an optional step may be declined
            }
        }
        EffectStep::Swap(t) => {
            let ts = targets(r, me, t);
            for (i, &a) in ts.iter().enumerate() {
                for &b in &ts[i + 1..] {
                    let mut n = r.clone();
                    swap_pieces(&mut n.s, a, b);
                    if n.s.board == r.s.board && sorted_freezes(&n.s) == sorted_freezes(&r.s) {
                        continue; // D4: nothing changed, not even where a freeze lies (D16)
                    }
                    if n.piece == Some(a) {
                        n.piece = Some(b);
                    } else if n.piece == Some(b) {
                        n.piece = Some(a);
                    }
                    n.tokens.push(Token::Square(a));
                    n.tokens.push(Token::Square(b));
                    out.push(n);
                }
            }
        }
        EffectStep::ReturnToKeep(t) => {
            for q in targets(r, me, t) {
                let pl = at(&r.s, q).unwrap();
                let Piece::Maseitai(k) = pl.piece else { continue };
                let mut n = r.clone();
                lift(&mut n.s, q);
                sorted_insert(&mut n.s.keeps[pl.side.index()], k); // D6, D7: not a graveyard
                if n.piece == Some(q) {
                    n.piece = None;
                }
                if t != Target::Itself {
                    n.tokens.push(Token::Square(q));
                }
                out.push(n);
            }
        }
        EffectStep::Freeze(t) => {
            let Some(by) = r.piece else { return out };
            for q in targets(r, me, t) {
                let mut n = r.clone();
                n.s.lasting.push(Lasting::Freeze(Freeze { by, target: q }));
                if t != Target::Itself {
                    n.tokens.push(Token::Square(q));
                }
                out.push(n);
            }
        }
        EffectStep::Undo(scope) => {
            let mut n = r.clone();
            for q in all_squares() {
                let flip = match scope {
                    Scope::Itself => r.piece == Some(q),
                    Scope::Others => {
                        r.piece != Some(q)
                            && matches!(at(&n.s, q), Some(p) if p.dratped && matches!(p.piece, Piece::Maseitai(_)))
                    }
                };
                if flip {
                    undratp(&mut n.s, q);
                }
            }
            out.push(n);
        }
        EffectStep::Gain(g) => {
            let mut n = r.clone();
            earn(&mut n.s, me, g as u32);
            out.push(n);
        }
        EffectStep::Drain(d) => {
            let mut n = r.clone();
            let i = me.opponent().index();
            n.s.pools[i] = n.s.pools[i].saturating_sub(d);
            out.push(n);
        }
        EffectStep::GainPerGrave => {
            let mut n = r.clone();
            let count: u32 =
                r.s.graves
                    .iter()
                    .map(|g| g.black as u32 + g.red as u32 + g.maseitai.len() as u32)
                    .sum();
            earn(&mut n.s, me, count);
            out.push(n);
        }
        EffectStep::AdvanceGulled => {
            let mut n = r.clone();
            advance_gulled(&mut n.s, me, cat);
            out.push(n);
        }
        EffectStep::ExtraMoves(k) => {
            out = extra_moves(r.clone(), me, k, cat);
        }
    }
    out
}

/// Resolve effect steps in order, every branch of choices (D1, D2). A taken
/// Navia ends the game: nothing after it resolves (D20).
fn resolve(r: Resolving, me: Side, steps: &[EffectStep], cat: &Catalogue) -> Vec<Resolving> {
    let Some((&first, rest)) = steps.split_first() else {
        return vec![r];
    };
    if game_over(&r.s) {
        return vec![r];
    }
    let opts = step_options(&r, me, first, cat);
    if opts.is_empty() {
        return resolve(r, me, rest, cat);
    }
    opts.into_iter().flat_map(|n| resolve(n, me, rest, cat)).collect()
}

// ---------------------------------------------------------------- actions

fn choices(tokens: &[Token]) -> Choices {
    Choices::from_tokens(tokens).expect("reference: more tokens than an action holds")
}

fn action(kind: ActionKind, from: Square, to: Square, follow: Follow, tokens: &[Token]) -> Action {
    Action {
        kind,
        from,
        to,
        pharaoh: None,
        follow,
        choices: choices(tokens),
    }
}

/// The first part of an action by one piece: a move to `to`, or nothing (`InPlace`).
struct Part {
    kind: ActionKind,
    from: Square,
    to: Square,
    /// The piece was dratped before this turn (R18, D9).
    was_dratped: bool,
    /// D17: the move took a dratped Papillonera; the piece is avenged when the turn ends.
    avenged: bool,
}

/// End of the turn: revenge on the taker wherever it now stands (D17), then the other side.
fn end_turn(mut s: Setup, avenger: Option<Square>, cat: &Catalogue) -> Setup {
    if let Some(q) = avenger {
        if !game_over(&s) {
            avenge(&mut s, q, cat);
        }
    }
    pass_turn(&mut s);
    s
}

/// After the first part of an action: the action as it stands (follow
/// Nothing, only after a move) and every dratp or invoke that may follow.
fn with_follows(s: Setup, part: Part, cat: &Catalogue, out: &mut Vec<(Action, Setup)>) {
    let Part {
        kind,
        from,
        to: q,
        was_dratped: moved_dratped,
        avenged,
    } = part;
    let avenger = |at: Option<Square>| if avenged { at } else { None };
    let me = s.side;
    let pl = at(&s, q).unwrap();
    let pool = s.pools[me.index()] as u32;
    if kind == ActionKind::Move {
        out.push((
            action(kind, from, q, Follow::Nothing, &[]),
            end_turn(s.clone(), avenger(Some(q)), cat),
        ));
    }
    if frozen(&s, q) {
        return; // D16: a frozen piece neither dratps nor invokes
    }
    match pl.piece {
        // R19: 60, never halved, not in check at that moment.
        Piece::Navia(_) if !pl.dratped && pool >= NAVIA_DRATP_COST && !reference_in_check(&s, me, cat) => {
            let mut c = s.clone();
            spend(&mut c, me, NAVIA_DRATP_COST);
            set(&mut c, q, Some(Placed { dratped: true, ..pl }));
            out.push((action(kind, from, q, Follow::Dratp, &[]), end_turn(c, None, cat)));
        }
        Piece::Maseitai(k) => {
            let def: &PieceDef = cat.get(k);
            if !pl.dratped {
                // R17: dratp, then immediate effects in order.
                let cost = zone_cost(def.cost as u32, q);
                if pool >= cost {
                    let mut c = s.clone();
                    spend(&mut c, me, cost);
                    set(&mut c, q, Some(Placed { dratped: true, ..pl }));
                    let r = Resolving {
                        s: c,
                        tokens: Vec::new(),
                        piece: Some(q),
                    };
                    for done in resolve(r, me, &def.effect.on_dratp, cat) {
                        let a = action(kind, from, q, Follow::Dratp, &done.tokens);
                        out.push((a, end_turn(done.s, avenger(done.piece), cat)));
                    }
                }
            } else if moved_dratped {
                // R18, D9: invoke needs a piece dratped before this turn.
                if let Some(inv) = def.effect.invoke {
                    let cost = zone_cost(inv.cost as u32, q);
                    if pool >= cost {
                        let mut c = s.clone();
                        spend(&mut c, me, cost);
                        let r = Resolving {
                            s: c.clone(),
                            tokens: Vec::new(),
                            piece: Some(q),
                        };
                        for done in resolve(r, me, &[inv.step], cat) {
                            if done.s == c {
                                continue; // D27: an invoke must change something
                            }
                            let a = action(kind, from, q, Follow::Invoke, &done.tokens);
                            out.push((a, end_turn(done.s, avenger(done.piece), cat)));
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// The squares where `me` may summon kind `k` (R16, D23, D24).
fn summon_targets(s: &Setup, me: Side, k: Kind, cat: &Catalogue) -> Vec<Square> {
    let navia = navia_square(s, me).expect("reference: a live game has both Navias");
    let mut squares = if cat.get(k).navia_guard {
        neighbours(navia)
    } else {
        let mut v = summon_squares(me);
        for q in all_squares() {
            if let Some(p) = at(s, q) {
                if p.side == me && has(p, cat, Passive::SummonDots) {
                    v.extend(dots_of(p, q, cat)); // D23
                }
            }
        }
        // D24: the opponent's outposts forbid their dot squares.
        for q in all_squares() {
            if let Some(p) = at(s, q) {
                if p.side != me && outpost_active(p, q, cat) {
                    let banned = dots_of(p, q, cat);
                    v.retain(|x| !banned.contains(x));
                }
            }
        }
        v
    };
    squares.retain(|&q| at(s, q).is_none());
    squares.sort();
    squares.dedup();
    squares
}

/// Every legal action of the side to move with the resulting setup (R8–R23, D1–D27).
pub fn reference_children(s: &Setup, cat: &Catalogue) -> Vec<(Action, Setup)> {
    let mut out = Vec::new();
    if game_over(s) {
        return out;
    }
    let me = s.side;
    let far = own_back_rank(me.opponent());
    for from in all_squares() {
        let Some(pl) = at(s, from) else { continue };
        if pl.side != me {
            continue;
        }
        let mobile = can_move(s, from, cat);
        // Moves onto squares.
        for to in destinations(s, from, cat).into_iter().filter(|_| mobile) {
            let mut c = s.clone();
            let moved = make_move(&mut c, from, to, cat);
            if moved.navia_taken || !matches!(pl.piece, Piece::Navia(_) | Piece::Maseitai(_)) {
                // R15: a Gulled move has no follow; taking the Navia ends the game at once.
                let avenger = if moved.avenged { Some(to) } else { None };
                out.push((Action::step(from, to), end_turn(c, avenger, cat)));
            } else {
                let part = Part {
                    kind: ActionKind::Move,
                    from,
                    to,
                    was_dratped: pl.dratped,
                    avenged: moved.avenged,
                };
                with_follows(c, part, cat, &mut out);
            }
        }
        match pl.piece {
            Piece::BlackGulled | Piece::RedGulled if from.rank() == far && mobile => {
                // R22: line over, with either bonus; D18: Chugyullas income too.
                let mut c = s.clone();
                let income = if pl.piece == Piece::BlackGulled { 1 } else { 3 } + battle_move_income(s, me, cat);
                lift(&mut c, from);
                to_graveyard(&mut c, pl);
                earn(&mut c, me, income);
                let mut g = c.clone();
                earn(&mut g, me, LINE_OVER_BONUS);
                pass_turn(&mut g);
                out.push((
                    action(ActionKind::LineOver, from, from, Follow::Nothing, &[Token::Gyullas]),
                    g,
                ));
                let grave = c.graves[me.index()].maseitai.clone();
                for k in distinct(&grave) {
                    for q in summon_squares(me) {
                        if at(&c, q).is_some() {
                            continue;
                        }
                        let mut r = c.clone();
                        remove_one(&mut r.graves[me.index()].maseitai, k);
                        set(&mut r, q, placed(me, Piece::Maseitai(k)));
                        pass_turn(&mut r);
                        out.push((
                            action(
                                ActionKind::LineOver,
                                from,
                                from,
                                Follow::Nothing,
                                &[Token::Placed(k, q)],
                            ),
                            r,
                        ));
                    }
                }
            }
            Piece::Navia(_) => {
                // R23: Navia goal, only with an empty keep.
                if from.rank() == far && s.keeps[me.index()].is_empty() {
                    let mut c = s.clone();
                    set(&mut c, from, None);
                    c.lasting.push(Lasting::NaviaGoal(me));
                    pass_turn(&mut c);
                    out.push((action(ActionKind::Goal, from, from, Follow::Nothing, &[]), c));
                }
                // R15.5: Navia dratp in place.
                let part = Part {
                    kind: ActionKind::InPlace,
                    from,
                    to: from,
                    was_dratped: false,
                    avenged: false,
                };
                with_follows(s.clone(), part, cat, &mut out);
            }
            Piece::Maseitai(_) => {
                // R15.5, R15.6: dratp or invoke without moving.
                let part = Part {
                    kind: ActionKind::InPlace,
                    from,
                    to: from,
                    was_dratped: pl.dratped,
                    avenged: false,
                };
                with_follows(s.clone(), part, cat, &mut out);
            }
            _ => {}
        }
    }
    // R16: summons.
    for k in distinct(&s.keeps[me.index()]) {
        for q in summon_targets(s, me, k, cat) {
            let mut c = s.clone();
            remove_one(&mut c.keeps[me.index()], k);
            set(&mut c, q, placed(me, Piece::Maseitai(k)));
            pass_turn(&mut c);
            out.push((action(ActionKind::Summon(k), q, q, Follow::Nothing, &[]), c));
        }
    }
    out
}

/// Leaf count of the reference generator to `depth`.
pub fn reference_perft(s: &Setup, depth: u32, cat: &Catalogue) -> u64 {
    if depth == 0 {
        return 1;
    }
    let kids = reference_children(s, cat);
    if depth == 1 {
        return kids.len() as u64;
    }
    kids.iter().map(|(_, c)| reference_perft(c, depth - 1, cat)).sum()
}

// ---------------------------------------------------------------- comparison

/// The reference's actions of a position: text to child.
pub fn reference_set(pos: &Position) -> Result<BTreeMap<String, Setup>, String> {
    let cat = pos.catalogue();
    let mut m = BTreeMap::new();
    for (a, child) in reference_children(&pos.to_setup(), cat) {
        let text = action_text(&a, cat);
        if m.insert(text.clone(), child).is_some() {
            return Err(format!("reference generated {text} twice"));
        }
    }
    Ok(m)
}

/// The fast generator's actions of a position: text to child.
pub fn fast_set(pos: &Position) -> Result<BTreeMap<String, Setup>, String> {
    let cat = pos.catalogue();
    let mut m = BTreeMap::new();
    for a in pos.legal_actions() {
        let text = action_text(&a, cat);
        if m.insert(text.clone(), pos.play(&a).to_setup()).is_some() {
            return Err(format!("fast generator lists {text} twice"));
        }
    }
    Ok(m)
}

/// A setup as NFEN, or why it is not a position.
pub fn setup_nfen(s: &Setup, cat: &'static Catalogue) -> String {
    match Position::from_setup(cat, s) {
        Ok(p) => nfen(&p),
        Err(e) => format!("(refused by from_setup: {e}) {s:?}"),
    }
}

/// Compare both generators on one position: the same action texts, each with
/// the same child. The error names the position and every difference.
pub fn compare(pos: &Position) -> Result<(), String> {
    let fast = fast_set(pos).map_err(|e| format!("{e}\n  in {}", nfen(pos)))?;
    let refr = reference_set(pos).map_err(|e| format!("{e}\n  in {}", nfen(pos)))?;
    let cat = pos.catalogue();
    let mut report = String::new();
    for side in Side::BOTH {
        let (fc, rc) = (pos.in_check(side), reference_in_check(&pos.to_setup(), side, cat));
        if fc != rc {
            report.push_str(&format!("  in_check({side:?}): fast {fc}, reference {rc}\n"));
        }
    }
    let keys: BTreeSet<&String> = fast.keys().chain(refr.keys()).collect();
    for k in keys {
        match (fast.get(k), refr.get(k)) {
            (Some(_), None) => report.push_str(&format!("  only fast:      {k}\n")),
            (None, Some(_)) => report.push_str(&format!("  only reference: {k}\n")),
            (Some(a), Some(b)) if a != b => report.push_str(&format!(
                "  {k}: children differ\n    fast:      {}\n    reference: {}\n",
                setup_nfen(a, cat),
                setup_nfen(b, cat)
            )),
            _ => {}
        }
    }
    if report.is_empty() {
        Ok(())
    } else {
        Err(format!("generators disagree in {}\n{report}", nfen(pos)))
    }
}

/// The built-in catalogue plus the test pieces of `tests/data/extra.cat` (M90–M92)
/// and `tests/data/reference.cat` (M93–M94).
pub fn test_catalogue() -> &'static Catalogue {
    static CAT: std::sync::OnceLock<&'static Catalogue> = std::sync::OnceLock::new();
    CAT.get_or_init(|| {
        let text = format!(
            "{}\n{}\n{}",
            dratp::rules::catalogue::BUILTIN_TEXT,
            include_str!("../data/extra.cat"),
            include_str!("../data/reference.cat")
        );
        Catalogue::parse(&text)
            .unwrap_or_else(|e| panic!("test catalogue: {e}"))
            .intern()
    })
}
