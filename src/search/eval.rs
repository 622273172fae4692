//! Static evaluation: hand-written terms, each with its reason. Units: 100 is
//! about one black Gulled on the board.

use crate::rules::square::zones;
use crate::rules::{Bitboard, Piece, Position, Side, Square};

/// Value of one gyullas in the pool below the race zone: it buys dratps, and
/// 60 of them win (R19).
const GYULLAS: i32 = 12;
/// Pools above this are a Navia-dratp threat: each further gyullas counts more.
const RACE_START: i32 = 40;
/// Quadratic weight of the race: 20 gyullas past `RACE_START` add 20² × 3.
const RACE_WEIGHT: i32 = 3;
/// A black Gulled: earns 1 per step and 10 by a line over (R13, R22).
const BLACK_GULLED: i32 = 100;
/// A red Gulled: earns 3 per step and steps three ways (R8, R13).
const RED_GULLED: i32 = 230;
/// Base of a Maseitai on the board; its cost adds `PER_COST` per gyullas,
/// since cost follows strength (maseitai-facts.md) and is the reward for taking it.
const MASEITAI_BASE: i32 = 150;
const PER_COST: i32 = 20;
/// A dratped Maseitai has paid its cost and moves by its stronger face.
const DRATPED_BASE: i32 = 40;
const DRATPED_PER_COST: i32 = 10;
/// A Maseitai in the keep is a future summon: worth most of its board value,
/// less a tempo.
const KEEP_PERCENT: i32 = 80;
/// Per rank a Gulled has advanced: closer to the line over and to enemy pieces.
const GULLED_ADVANCE: i32 = 8;
/// A Gulled on the far rank threatens a line over (10 gyullas or a revive).
const GULLED_FAR_RANK: i32 = 70;
/// Per square a side's pieces can move to or defend.
const MOBILITY: i32 = 3;
/// Per reduction-zone square attacked, and per own Maseitai standing there
/// (it dratps and invokes at half price, R17, R18).
const ZONE_CONTROL: i32 = 6;
const ZONE_MASEITAI: i32 = 25;
/// Per enemy-attacked square next to the Navia that no own piece defends.
const NAVIA_EXPOSED: i32 = 25;
/// The side to move has its Navia in check: it must spend the turn on it.
const IN_CHECK: i32 = 60;
/// With an empty keep the Navia may cross the far end line (R23): reward its advance.
const GOAL_RACE: i32 = 30;
/// Having the move is worth a little.
const TEMPO: i32 = 10;

/// The evaluation split into terms, each as first player minus second player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Pieces on the board.
    pub material: i32,
    /// Dratped pieces' extra.
    pub dratped: i32,
    /// The pools and the gyullas race.
    pub gyullas: i32,
    /// Maseitai still in the keep.
    pub keep: i32,
    /// Gulled advance and line-over threats.
    pub gulled: i32,
    /// Mobility.
    pub mobility: i32,
    /// Reduction-zone control.
    pub zone: i32,
    /// Navia safety.
    pub navia_safety: i32,
    /// Navia-goal race.
    pub goal_race: i32,
}

impl Terms {
    /// Sum of all terms, first player's view.
    pub fn total(&self) -> i32 {
        self.material
            + self.dratped
            + self.gyullas
            + self.keep
            + self.gulled
            + self.mobility
            + self.zone
            + self.navia_safety
            + self.goal_race
    }

    /// Each term with its name, for the `eval` command.
    pub fn named(&self) -> [(&'static str, i32); 9] {
        [
            ("material", self.material),
            ("dratped", self.dratped),
            ("gyullas", self.gyullas),
            ("keep", self.keep),
            ("gulled", self.gulled),
            ("mobility", self.mobility),
            ("zone", self.zone),
            ("navia safety", self.navia_safety),
            ("goal race", self.goal_race),
        ]
    }
}

/// The eight squares around `sq`.
fn ring(sq: Square) -> Bitboard {
    let mut b = Bitboard::EMPTY;
    for dy in -1..=1 {
        for dx in -1..=1 {
            if let Some(t) = sq.offset(dx, dy).filter(|_| (dx, dy) != (0, 0)) {
                b |= t.bb();
            }
        }
    }
    b
}

/// Value of a pool: linear, then steep as it nears 60 (R19).
pub fn pool_value(pool: u8) -> i32 {
    let p = pool as i32;
    GYULLAS * p + RACE_WEIGHT * (p - RACE_START).max(0).pow(2)
}

/// Board value of a Maseitai of this dratp cost.
#[inline]
pub fn maseitai_value(cost: u8) -> i32 {
    MASEITAI_BASE + PER_COST * cost as i32
}

/// The terms of a position.
pub fn terms(pos: &Position) -> Terms {
    let cat = pos.catalogue();
    let mut t = Terms::default();
    let mut att = [Bitboard::EMPTY; 2];
    let sign = [1, -1];
    for side in Side::BOTH {
        let s = sign[side.index()];
        let fwd = side.forward();
        let start_rank = if side == Side::White { 1 } else { 5 };
        let far = zones::far_rank(side);
        for sq in pos.side_bb(side) {
            let Some(pl) = pos.piece_at(sq) else { continue };
            att[side.index()] |= pos.reach(sq);
            match pl.piece {
                Piece::BlackGulled | Piece::RedGulled => {
                    t.material += s * if pl.piece == Piece::BlackGulled {
                        BLACK_GULLED
                    } else {
                        RED_GULLED
                    };
                    let advanced = ((sq.rank() - start_rank) * fwd).max(0) as i32;
                    t.gulled += s * GULLED_ADVANCE * advanced;
                    if far.has(sq) {
                        t.gulled += s * GULLED_FAR_RANK;
                    }
                }
                Piece::Maseitai(k) => {
                    let cost = cat.get(k).cost;
                    t.material += s * maseitai_value(cost);
                    if pl.dratped {
                        t.dratped += s * (DRATPED_BASE + DRATPED_PER_COST * cost as i32);
                    }
                    if zones::REDUCTION.has(sq) {
                        t.zone += s * ZONE_MASEITAI;
                    }
                }
                Piece::Navia(_) => {}
            }
        }
        t.gyullas += s * pool_value(pos.pool(side));
        let keep = pos.keep(side);
        t.keep += s * keep
            .as_slice()
            .iter()
            .map(|&k| maseitai_value(cat.get(k).cost) * KEEP_PERCENT / 100)
            .sum::<i32>();
        if keep.is_empty() {
            if let Some(n) = pos.navia_square(side) {
                // Ranks still to go before the far rank.
                let to_go = ((side.opponent().back_rank() - n.rank()) * fwd) as i32;
                t.goal_race += s * GOAL_RACE * (6 - to_go).max(0);
            }
        }
    }
    for side in Side::BOTH {
        let s = sign[side.index()];
        let a = att[side.index()];
        let e = att[side.opponent().index()];
        t.mobility += s * MOBILITY * a.count() as i32;
        t.zone += s * ZONE_CONTROL * (a & zones::REDUCTION).count() as i32;
        if let Some(n) = pos.navia_square(side) {
            t.navia_safety -= s * NAVIA_EXPOSED * (ring(n) & e & !a).count() as i32;
            if e.has(n) && side == pos.side_to_move() {
                t.navia_safety -= s * IN_CHECK;
            }
        }
    }
    t
}

/// The evaluation from the side to move's view.
pub fn evaluate(pos: &Position) -> i32 {
    let t = terms(pos).total();
    let v = if pos.side_to_move() == Side::White { t } else { -t };
    v + TEMPO
}

/// Rough value of what stands on `sq`, for move ordering (gyullas-like units).
pub fn victim_value(pos: &Position, sq: Square) -> i32 {
    match pos.piece_at(sq).map(|p| p.piece) {
        Some(Piece::BlackGulled) => 1,
        Some(Piece::RedGulled) => 3,
        Some(Piece::Maseitai(k)) => pos.catalogue().get(k).cost as i32,
        Some(Piece::Navia(_)) => 100,
        None => 0,
    }
}
