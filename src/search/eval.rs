//! Static evaluation: hand-written terms, each with its reason. Units: 100 is
//! about one black Gulled on the board.

use crate::rules::movegen::{ring, ReachMap};
use crate::rules::square::zones;
use crate::rules::{Piece, Position, Side, Square};

use super::params::tunable;

tunable! {
    /// The evaluation's weights. `Weights::DEFAULT` is what the engine plays;
    /// other values exist for tuning (see BENCHMARKS.md), settable by name
    /// (`Tunable::set`) within the ranges below.
    Weights {
        /// Value of one gyullas in the pool below the race zone: it buys dratps, and
        /// 60 of them win (R19).
        gyullas = 16, 0..=60;
        /// Pools above this are a Navia-dratp threat: each further gyullas counts more.
        race_start = 41, 0..=59;
        /// Quadratic weight of the race: 20 gyullas past `race_start` add 20² × 3.
        race_weight = 3, 0..=20;
        /// A black Gulled: earns 1 per step and 10 by a line over (R13, R22).
        black_gulled = 93, 20..=400;
        /// A red Gulled: earns 3 per step and steps three ways (R8, R13).
        red_gulled = 243, 20..=800;
        /// Base of a Maseitai on the board.
        maseitai_base = 151, 0..=600;
        /// Per gyullas of a Maseitai's cost: cost follows strength (CATALOGUE.md)
        /// and is the reward for taking it.
        per_cost = 17, 0..=100;
        /// A dratped Maseitai has paid its cost and moves by its stronger face.
        dratped_base = 36, 0..=300;
        /// Per gyullas of cost, for a dratped Maseitai.
        dratped_per_cost = 8, 0..=60;
        /// A Maseitai in the keep is a future summon: worth most of its board value,
        /// less a tempo.
        keep_percent = 85, 0..=150;
        /// Per rank a Gulled has advanced: closer to the line over and to enemy pieces.
        gulled_advance = 8, 0..=60;
        /// A Gulled on the far rank threatens a line over (10 gyullas or a revive).
        gulled_far_rank = 71, 0..=300;
        /// Per square a side's pieces can move to or defend.
        mobility = 3, 0..=30;
        /// Per reduction-zone square attacked.
        zone_control = 5, 0..=50;
        /// Per own Maseitai standing in the reduction zone: it dratps and invokes
        /// at half price (R17, R18).
        zone_maseitai = 26, 0..=150;
        /// Per enemy-attacked square next to the Navia that no own piece defends.
        navia_exposed = 25, 0..=150;
        /// The side to move has its Navia in check: it must spend the turn on it.
        in_check = 56, 0..=400;
        /// With an empty keep the Navia may cross the far end line (R23): reward its advance.
        goal_race = 31, 0..=200;
        /// Having the move is worth a little.
        tempo = 10, 0..=60;
    }
}

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

impl Weights {
    /// Value of a pool: linear, then steep as it nears 60 (R19).
    pub fn pool_value(&self, pool: u8) -> i32 {
        let p = pool as i32;
        self.gyullas * p + self.race_weight * (p - self.race_start).max(0).pow(2)
    }

    /// Board value of a Maseitai of this dratp cost.
    #[inline]
    pub fn maseitai_value(&self, cost: u8) -> i32 {
        self.maseitai_base + self.per_cost * cost as i32
    }
}

/// The terms of a position whose reach map is `map`.
pub fn terms(pos: &Position, map: &ReachMap, w: &Weights) -> Terms {
    let cat = pos.catalogue();
    let mut t = Terms::default();
    let sign = [1, -1];
    for side in Side::BOTH {
        let s = sign[side.index()];
        let fwd = side.forward();
        let start_rank = if side == Side::White { 1 } else { 5 };
        let far = zones::far_rank(side);
        let own = pos.side_bb(side);
        let gulled = pos.gulled_bb() & own;
        let red = pos.red_gulled_bb() & own;
        for sq in gulled {
            let advanced = ((sq.rank() - start_rank) * fwd).max(0) as i32;
            t.gulled += s * w.gulled_advance * advanced;
        }
        let black = gulled & !red;
        t.material += s * (w.black_gulled * black.count() as i32 + w.red_gulled * red.count() as i32);
        t.gulled += s * w.gulled_far_rank * (gulled & far).count() as i32;
        for sq in pos.maseitai_bb() & own {
            let cost = cat.cost(pos.kind_at(sq));
            t.material += s * w.maseitai_value(cost);
            if pos.dratped_bb().has(sq) {
                t.dratped += s * (w.dratped_base + w.dratped_per_cost * cost as i32);
            }
        }
        t.zone += s * w.zone_maseitai * (pos.maseitai_bb() & own & zones::REDUCTION).count() as i32;
        t.gyullas += s * w.pool_value(pos.pool(side));
        let keep = pos.keep(side);
        t.keep += s * keep
            .as_slice()
            .iter()
            .map(|&k| w.maseitai_value(cat.cost(k)) * w.keep_percent / 100)
            .sum::<i32>();
        if keep.is_empty() {
            if let Some(n) = pos.navia_square(side) {
                // Ranks still to go before the far rank.
                let to_go = ((side.opponent().back_rank() - n.rank()) * fwd) as i32;
                t.goal_race += s * w.goal_race * (6 - to_go).max(0);
            }
        }
    }
    for side in Side::BOTH {
        let s = sign[side.index()];
        let a = map.side(side);
        let e = map.side(side.opponent());
        t.mobility += s * w.mobility * a.count() as i32;
        t.zone += s * w.zone_control * (a & zones::REDUCTION).count() as i32;
        if let Some(n) = pos.navia_square(side) {
            t.navia_safety -= s * w.navia_exposed * (ring(n) & e & !a).count() as i32;
            if e.has(n) && side == pos.side_to_move() {
                t.navia_safety -= s * w.in_check;
            }
        }
    }
    t
}

/// The evaluation from the side to move's view (`map` is the position's reach map).
pub fn evaluate(pos: &Position, map: &ReachMap, w: &Weights) -> i32 {
    let t = terms(pos, map, w).total();
    let v = if pos.side_to_move() == Side::White { t } else { -t };
    v + w.tempo
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_nfen, Catalogue, START_NFEN};

    #[test]
    fn the_start_differs_only_by_the_keeps() {
        // R31: Starter Set 1 costs 59 gyullas in all, Starter Set 2 costs 49.
        let pos = parse_nfen(START_NFEN, Catalogue::builtin()).unwrap();
        // Weights whose keep shares are whole numbers, so that no piece's share is rounded.
        let w = Weights {
            maseitai_base: 150,
            per_cost: 20,
            keep_percent: 80,
            ..Weights::DEFAULT
        };
        let map = pos.reach_map();
        let t = terms(&pos, &map, &w);
        assert_eq!(t.total() - t.keep, 0);
        assert_eq!(t.keep, (59 - 49) * w.per_cost * w.keep_percent / 100);
        assert_eq!(evaluate(&pos, &map, &w), t.total() + w.tempo);
    }

    #[test]
    fn a_pool_near_60_is_worth_more_per_gyullas() {
        let w = Weights::DEFAULT;
        assert!(w.pool_value(60) - w.pool_value(59) > 3 * (w.pool_value(11) - w.pool_value(10)));
        assert!((0..60).all(|p| w.pool_value(p + 1) > w.pool_value(p)));
    }
}
