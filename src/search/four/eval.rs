//! The evaluation of a four-seat position: each seat's own worth ([`seat_values`]) from the two-player weights
//! (material, keep, pool and the dratp race, Gulled advance, mobility, reduction zone) plus the terms only the
//! cross has (Navias held, a Navia that can be taken now, Pharaoh squares held), and one score for the answering
//! seat ([`score_for`]).
//!
//! The score is the seat's worth less a weighted mean of the others' in which the strongest other seat counts
//! twice: the game has one winner, so the seat gains as much by holding back the leader as by growing, and
//! hurting a seat that is far behind helps it little. The weights sum to one, so that a gyullas moved from
//! another seat to this one is worth more than a gyullas gained from the vault.

use crate::rules::movegen::{ring, ReachMap};
use crate::rules::{BitboardOf, Cross, CrossPosition, Geometry, Piece, Seat, SquareOf};

use super::super::eval::{Terms, Weights};
use super::super::params::{tunable, Tunable};

tunable! {
    /// The weights of the terms only the cross has (units: 100 is about one black Gulled on the board).
    Weights4 {
        /// Per Navia the seat's team holds (F28: three win; a taken one pays its taker 30, F14).
        navia_held = 900, 0..=5000;
        /// Holding two Navias: one more take wins (F28).
        two_navias = 900, 0..=5000;
        /// Per Navia of the team that another team could take now (F14, F17: a Pharaoh square is free for it).
        navia_hanging = 450, 0..=3000;
        /// Per piece of the team standing on a Pharaoh square: each one held keeps Navias from being taken (F14).
        pharaoh_hold = 20, 0..=300;
        /// F30, F34: what one place is worth when the game ends other than by this seat's win (a thousand war, or a
        /// rival's win less `rival_win`): places 1 to 4 score ±1.5 and ±0.5 of it. It is the score's own scale,
        /// so that a game's end is weighed against the leaves as the places they lead to: in B's games the full
        /// engine finished second on average from a score of about 0 at a round's start and third from about
        /// −2 150 (`scripts/calibrate4.py`). At 600, with `rival_win` 900, a rival's win that left the seat
        /// third scored −1 200: a leaf from which it finished 2.5 on average, not 3.
        war_place = 2100, 0..=6000;
        /// The auction (F23–F25): the percent of what acting last, or not at all, loses against acting first that
        /// a bid pays for. The lines behind those values let every threatening rival land its blow on this seat
        /// (paranoia), but a rival strikes only when that is also its own best action, and bids bought with the
        /// whole difference drain the pool a Navia dratp needs (F29; stakes are spent, F25).
        blow_share = 10, 0..=100;
        /// The share that replaces `blow_share` for a seat that reads its rivals' bids (`bid_trust` above 0 and
        /// not held to one action), in its declarations and every bid step. A read price is what keeps the read
        /// rivals behind over the rest of the auction, so what such a seat bids buys the place it pays for; a
        /// blind bidder must guess, and at a larger share it spends its pool on guesses (against greedy seats the
        /// full engine placed the same blind at 10 to 70; reading, it placed a twelfth of a place better at 40 than
        /// at 10 over 1 200 games, and the same at 25 or 70).
        read_share = 40, 0..=100;
        /// The auction (F23): the percent of the odds given to a rival adding what a one-ply player in its seat
        /// would add (or, as far as `read_levels` reaches, what this player would add there), read in every bid step
        /// (`auction::Reading`); the blind guess gets the rest, for a rival that thinks otherwise. At 0 the rivals'
        /// bids are not read.
        bid_trust = 80, 0..=100;
        /// F28, F29: a rival's win ends the game with this seat in the place F34 gives it, scored as a thousand
        /// war's place (`war_place`) less this. Not a loss like a two-player mate: the seat keeps its place, and
        /// a search that counts every rival's win as the worst outcome spends its actions stopping each of them
        /// (paranoia), which helps the two other rivals as much. Half of `war_place`: a rival's win that leaves
        /// the seat second scores 0, the score at which the full engine finished second on average against
        /// greedy seats; a war keeps the middle of the table at 0, the even seats' (BENCHMARKS.md, session 25).
        rival_win = 1050, 0..=30000;
        /// What a gyulla in a seat's pool is worth, in place of the duel's `gyullas` (12). Most games on the
        /// cross end in a race to the 60 a Navia dratp costs (F29), so gyullas count for more than in the duel:
        /// at 30 instead of 12 the full engine placed a third of a place better against greedy seats.
        pool_gyullas = 30, 0..=60;
        /// The quadratic weight of the race to 60 in a seat's pool on the cross, in place of the duel's
        /// `race_weight` (3): from `race_start` on, each gyullas counts more, for the Navia dratp it brings closer
        /// (F29). Against greedy seats the full engine placed a sixth of a place better at 1 than at 3 (400 games),
        /// and worse at 6; at 0 it gained nothing.
        pool_race = 1, 0..=20;
        /// The most iterations of a declaration, bid step or promise (F20–F24). Their lines reach through the
        /// seat's own action; each later iteration adds an action of the next round, whose rivals are read as
        /// paranoid blows (`line`), at up to nine times the nodes of the one before. Past the second they cost
        /// most of an answer's nodes and bought nothing measurable: at an equal budget a seat held to two placed
        /// as well as three free ones, against greedy seats as well as before, and a doubled budget placed no
        /// better either way (BENCHMARKS.md, session 34). At 64, the search's depth cap, nothing is held.
        sealed_iterations = 2, 1..=64;
        /// The action search's determinizations: in each, every rival of a later round is drawn a kind at that
        /// round's start, from that position, as a one-ply player in its seat would declare it there (`sample_temp`),
        /// and the actions' scores are averaged over them. At 0 every later rival's kind stays open and it strikes
        /// with any piece. Off by default: a doubled budget placed no better with them by what 800 games can show,
        /// nor did they at an equal budget (BENCHMARKS.md, session 37). Drawn once at the root instead (session 36)
        /// they left a Navia that changed hands on the way unable to flee.
        samples = 0, 0..=16;
        /// A declaration's determinizations, at most: once its iterations are done, what is left of the budget
        /// draws each acting rival a kind, as a one-ply player in its seat would declare it (`sample_temp`), and
        /// measures every kind acting first and last against the rivals so drawn, each read as playing its own
        /// best action as a revealed rival is; each world's values are averaged with the iterations' ones, so
        /// that a larger budget averages more of them (a world costs a few hundred nodes: none at most answers of
        /// 5 000 nodes, some at 10 000, about 30 at 20 000). The iterations alone read every rival as a threat,
        /// and at 5 000 against 10 000 nodes a doubled budget bought nothing measurable with them; with the worlds
        /// it placed better, with the same strength at an equal budget (at 10 000 against 20 000 not shown either
        /// way; BENCHMARKS.md, session 38). At 0 the rivals stay sealed threats.
        declare_worlds = 64, 0..=64;
        /// A bid step's readings with the rivals revealed, at most: once its iterations (whose lines read every
        /// rival as a threat) are done, what is left of the budget measures the same lines with each rival playing
        /// its own best action, as the action search reads a rival of the current round, through the seat's own
        /// action and one more action an iteration; the deepest complete values are averaged half and half with
        /// the iterations' ones, so that a larger budget reads deeper. Off by default: with it on every seat, the
        /// seat with 20 000 nodes placed no better than three with 10 000 (+0.055 ± 0.073 of a place over 1 600
        /// games), nor did it at 20 000 against greedy seats (+0.030 ± 0.066 against the play without it;
        /// BENCHMARKS.md, session 39). At 0 the rivals stay threats.
        bid_reveal = 0, 0..=64;
        /// The percent of its worst blow that a threatening rival of a round after the current one is read as
        /// landing in the action search: its turn scores what doing nothing leaves (the next threatening rival's
        /// turn, read the same way), moved this far toward that blow. At 100 the paranoid reading
        /// (`line`): every such rival strikes the seat as hard as it can, so every later round's worst blow is
        /// priced as certain and the seat guards against all of them. At 50 a seat placed a quarter of a place
        /// better than three paranoid ones at an equal budget (−0.25 ± 0.11 over 800 games) and 0.25 better
        /// against greedy seats (BENCHMARKS.md, session 40). The declarations', bids' and promises' lines stay
        /// paranoid, which the auction's shares (`blow_share`, `read_share`) are priced on.
        blow_odds = 50, 0..=100;
        /// The same odds for a later round's threatening rival's Navia blows: an action of one of its Navias (a
        /// flight, a take, a dratp) or a take of a Navia (F14). At 100 a seat reads a Navia's coming take or
        /// flight as certain and gives up fewer Navias for a retake that the rival would foil, but it placed a fifth
        /// of a place worse than three seats at 50 (+0.21 ± 0.10 over 800 games, BENCHMARKS.md, session 41).
        navia_odds = 50, 0..=100;
        /// How many levels deep a bid step reads its rivals' amounts with what its own lines leave of the budget.
        /// The one-ply reading (`bid_trust`) reads a rival as a blind one-ply bidder, which the same player in that
        /// seat is not: it reads its own rivals and pays its `read_share`. At level 1 each rival in the step is read
        /// as this player adding in its seat (its own bid step, reading its rivals one ply deep), at level L as this
        /// player reading L − 1 levels deep, and the deepest level completed for every rival is kept (each level
        /// cost some 2 500 nodes in the bid steps of three games). At 3 a seat placed a fifth of a place better than
        /// three at 0 at an equal budget of 10 000 nodes, and with it twice 10 000 or 20 000 nodes placed better than
        /// one budget, where with the one-ply reading they did not; but by 40 000 nodes nearly every step read all
        /// three levels, and a doubling was not shown (BENCHMARKS.md, session 47). At 6, which 40 000 nodes complete
        /// in some steps (4 to 6 levels) and 80 000 in most, a seat placed a sixth of a place better than three at 3
        /// at an equal 40 000 nodes, and twice 40 000 or 80 000 nodes placed better than one budget (session 48).
        /// At 0 the one-ply readings alone.
        read_levels = 6, 0..=6;
        /// How sure the draw of a rival's later kind is: a kind whose best one-ply action (of those its threatening
        /// turn looks at, or none) scores this much less than the best kind's is drawn e (2.72) times less often.
        sample_temp = 100, 1..=5000;
    }
}

impl Weights4 {
    /// The two-player weights `w` as the cross uses them: a gyulla in the pool is worth `pool_gyullas`, and the
    /// race's quadratic weight is `pool_race`.
    pub(super) fn on_the_cross(&self, w: &Weights) -> Weights {
        Weights {
            gyullas: self.pool_gyullas,
            race_weight: self.pool_race,
            ..*w
        }
    }

    /// Whether `rival_win` stands at the top of its range, where a rival's win is a lost game.
    pub(super) fn rival_win_is_loss(&self) -> bool {
        Weights4::find("rival_win").is_some_and(|p| self.rival_win >= p.max)
    }
}

/// The squares holding Navias of `t`.
fn navias(pos: &CrossPosition, t: Seat) -> BitboardOf<Cross> {
    pos.side_bb(t) & !(pos.gulled_bb() | pos.maseitai_bb())
}

/// How far each square is along `t`'s forward direction, counted from its Gulled rank (F2).
fn advance(t: Seat, sq: SquareOf<Cross>) -> i32 {
    let (df, dr) = t.turn(0, 1);
    let along = |s: SquareOf<Cross>| s.file() as i32 * df as i32 + s.rank() as i32 * dr as i32;
    let start = Cross::gulled_rank(t).first().map_or(0, along);
    along(sq) - start
}

/// One seat's worth split into terms (the `eval` report's rows): the duel's terms seen from the seat (its
/// `goal_race` stays 0: the cross has no Navia goal, F8), plus the cross's own; [`SeatTerms::total`] is the worth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct SeatTerms {
    /// The duel's terms, the seat's own.
    pub duel: Terms,
    /// Navias held, and two of them (F28).
    pub navias: i32,
    /// Pieces on Pharaoh squares (F14).
    pub pharaoh: i32,
}

impl SeatTerms {
    /// The seat's worth: the sum of its terms.
    pub(super) fn total(&self) -> i32 {
        self.duel.total() + self.navias + self.pharaoh
    }

    /// Each term with its name, for the `eval` report.
    pub(super) fn named(&self) -> Vec<(&'static str, i32)> {
        let duel = self.duel.named().into_iter().filter(|&(name, _)| name != "goal race");
        duel.chain([("navias", self.navias), ("pharaoh", self.pharaoh)])
            .collect()
    }
}

/// Each seat's worth split into terms, in seat order.
pub(super) fn seat_terms(pos: &CrossPosition, map: &ReachMap<Cross>, w: &Weights, w4: &Weights4) -> [SeatTerms; 4] {
    let cat = pos.catalogue();
    let mut all = [SeatTerms::default(); 4];
    for t in Seat::ALL {
        let v = &mut all[t.index()];
        let own = pos.side_bb(t);
        let gulled = pos.gulled_bb() & own;
        let red = pos.red_gulled_bb() & own;
        let black = gulled & !red;
        v.duel.material = w.black_gulled * black.count() as i32 + w.red_gulled * red.count() as i32;
        for sq in gulled {
            v.duel.gulled += w.gulled_advance * advance(t, sq).max(0);
        }
        v.duel.gulled += w.gulled_far_rank * (gulled & Cross::line_over(t)).count() as i32;
        for sq in pos.maseitai_bb() & own {
            let cost = cat.cost(pos.kind_at(sq));
            v.duel.material += w.maseitai_value(cost);
            if pos.dratped_bb().has(sq) {
                v.duel.dratped += w.dratped_base + w.dratped_per_cost * cost as i32;
            }
        }
        v.duel.zone = w.zone_maseitai * (pos.maseitai_bb() & own & Cross::reduction()).count() as i32;
        v.duel.gyullas = w.pool_value(pos.pool(t));
        v.duel.keep = pos
            .keep(t)
            .as_slice()
            .iter()
            .map(|&k| w.maseitai_value(cat.cost(k)) * w.keep_percent / 100)
            .sum::<i32>();
        let reach = map.side(t);
        v.duel.mobility = w.mobility * reach.count() as i32;
        v.duel.zone += w.zone_control * (reach & Cross::reduction()).count() as i32;
        v.pharaoh = w4.pharaoh_hold * (own & Cross::pharaoh()).count() as i32;
        let others = Seat::ALL
            .into_iter()
            .filter(|&o| o != t)
            .fold(BitboardOf::EMPTY, |b, o| b | map.side(o));
        let held = navias(pos, t);
        v.navias = w4.navia_held * held.count() as i32;
        if held.count() >= 2 {
            v.navias += w4.two_navias;
        }
        for n in held {
            if map.navia_attacked(pos, n) {
                v.duel.navia_safety -= w4.navia_hanging;
            }
            v.duel.navia_safety -= w.navia_exposed * (ring(n) & others & !reach).count() as i32;
        }
    }
    all
}

/// Each seat's own worth, in seat order.
pub(super) fn seat_values(pos: &CrossPosition, map: &ReachMap<Cross>, w: &Weights, w4: &Weights4) -> [i32; 4] {
    seat_terms(pos, map, w, w4).map(|t| t.total())
}

/// The answering seat's score: its worth less the others' (`rivals`: the seats still in the game), the
/// strongest of them counted twice (see the module doc).
pub(super) fn score_for(values: &[i32; 4], me: Seat, rivals: impl Iterator<Item = Seat>) -> i32 {
    let (mut sum, mut max, mut n) = (0, i32::MIN, 0);
    for o in rivals.filter(|&o| o != me) {
        let x = values[o.index()];
        sum += x;
        max = max.max(x);
        n += 1;
    }
    let mine = values[me.index()];
    if n == 0 {
        return mine;
    }
    mine - (sum + max) / (n + 1)
}

/// Rough value of what stands on `sq`, in gyullas (F21), for move ordering; a Navia above everything.
pub(super) fn victim_value(pos: &CrossPosition, sq: SquareOf<Cross>) -> i32 {
    match pos.piece_at(sq).map(|p| p.piece) {
        Some(Piece::BlackGulled) => 1,
        Some(Piece::RedGulled) => 3,
        Some(Piece::Maseitai(k)) => pos.catalogue().cost(k) as i32,
        Some(Piece::Navia(_)) => 100,
        None => 0,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rules::{cross_start_setup, default_forces4, parse_cross_board, Catalogue, CrossSetup, GraveSetup};

    fn start() -> CrossPosition {
        let cat = Catalogue::builtin();
        let forces = default_forces4(cat).unwrap();
        CrossPosition::from_cross_setup(cat, &cross_start_setup(&forces)).unwrap()
    }

    /// A board of the spec's tests (F35 field 1), empty keeps and pools.
    pub(in super::super) fn board(text: &str) -> CrossPosition {
        board_with_pools(text, [0; 4])
    }

    /// A board of the spec's tests (F35 field 1), empty keeps, the given pools in seat order.
    pub(in super::super) fn board_with_pools(text: &str, pools: [u8; 4]) -> CrossPosition {
        let cat = Catalogue::builtin();
        let setup = CrossSetup {
            board: parse_cross_board(text, cat).unwrap(),
            side: Seat::South,
            pools,
            keeps: Default::default(),
            graves: std::array::from_fn(|_| GraveSetup::default()),
            freezes: Vec::new(),
        };
        CrossPosition::from_cross_setup(cat, &setup).unwrap()
    }

    fn values(pos: &CrossPosition) -> [i32; 4] {
        seat_values(pos, &pos.reach_map(), &Weights::DEFAULT, &Weights4::DEFAULT)
    }

    #[test]
    fn at_the_start_the_seats_differ_only_by_their_keeps() {
        // F12 turns one arrangement four ways (F3): every term but the keep is the same for every seat.
        let pos = start();
        let w = Weights::DEFAULT;
        let keep = |t: Seat| -> i32 {
            let cat = pos.catalogue();
            pos.keep(t)
                .as_slice()
                .iter()
                .map(|&k| w.maseitai_value(cat.cost(k)) * w.keep_percent / 100)
                .sum()
        };
        let v = values(&pos);
        let board: Vec<i32> = Seat::ALL.iter().map(|&t| v[t.index()] - keep(t)).collect();
        assert!(board.iter().all(|&b| b == board[0]), "{board:?}");
        assert!(board[0] > 0);
    }

    #[test]
    fn a_navia_that_can_be_taken_costs_until_the_pharaoh_squares_are_full() {
        let w4 = Weights4::DEFAULT;
        // T1: South's Gulled on d5 can take West's Navia on d6, four Pharaoh squares are empty (F14).
        let open = board("3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/7/3s[N01]3");
        // T2's Pharaoh squares all held: the same take is not legal, so the Navia is safe (F17).
        let full = board("3n[N02]3/7/2nB5nB2/11/11/3w[N03]6e[N04]/3sB7/11/2wB5eB2/2sB4/3s[N01]3");
        let pos_values = |pos: &CrossPosition| values(pos)[Seat::West.index()];
        let map = open.reach_map();
        assert!(map.navia_attacked(&open, SquareOf::from_name("d6").unwrap()));
        let west_open = pos_values(&open);
        // Each Navia held counts; West's one Navia is hanging in T1.
        assert!(west_open < w4.navia_held);
        assert!(pos_values(&full) > west_open + w4.navia_hanging / 2);
    }

    #[test]
    fn a_gyulla_in_the_pool_is_worth_pool_gyullas_on_the_cross() {
        let w4 = Weights4 {
            pool_gyullas: 40,
            ..Weights4::DEFAULT
        };
        let w = w4.on_the_cross(&Weights::DEFAULT);
        assert_eq!(w.pool_value(11) - w.pool_value(10), 40);
        // The race to 60 has the cross's own weight: one gyullas past `race_start` adds `pool_race` more.
        let start = w.race_start as u8;
        assert_eq!(w.pool_value(start + 1) - w.pool_value(start), 40 + w4.pool_race);
        // Every other weight but the race's is the duel's.
        assert_eq!(
            Weights {
                gyullas: Weights::DEFAULT.gyullas,
                race_weight: Weights::DEFAULT.race_weight,
                ..w
            },
            Weights::DEFAULT
        );
        let board = "3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/11/11/7/3s[N01]3";
        let pos = board_with_pools(board, [5, 0, 0, 0]);
        let poorer = board_with_pools(board, [4, 0, 0, 0]);
        let south = |p: &CrossPosition| seat_values(p, &p.reach_map(), &w, &w4)[Seat::South.index()];
        assert_eq!(south(&pos) - south(&poorer), 40);
    }

    #[test]
    fn two_navias_are_worth_more_than_two_single_ones() {
        // T4's board: South holds N01 and N02.
        let pos = board("7/4nB2/11/11/4e[N04]6/w[N03]3sB6/11/11/2s[N02]8/7/3s[N01]3");
        let v = values(&pos);
        assert!(v[Seat::South.index()] > 2 * Weights4::DEFAULT.navia_held + Weights4::DEFAULT.two_navias / 2);
        assert!(v[Seat::North.index()] < Weights4::DEFAULT.navia_held / 2);
    }

    #[test]
    fn the_score_weighs_the_leader_twice_and_ignores_seats_out() {
        let v = [500, 200, 800, 100];
        // Others 200, 800, 100: (1100 + 800) / 4.
        assert_eq!(score_for(&v, Seat::South, Seat::ALL.into_iter()), 500 - 1900 / 4);
        // Hurting the leader by 100 gains twice what hurting a trailing seat by 100 gains.
        let lead = score_for(&[500, 200, 700, 100], Seat::South, Seat::ALL.into_iter());
        let trail = score_for(&[500, 100, 800, 100], Seat::South, Seat::ALL.into_iter());
        assert_eq!(lead - score_for(&v, Seat::South, Seat::ALL.into_iter()), 50);
        assert_eq!(trail - score_for(&v, Seat::South, Seat::ALL.into_iter()), 25);
        // A seat that is out does not count (F33); alone, a seat scores its own worth.
        let in_game = [Seat::South, Seat::West];
        assert_eq!(score_for(&v, Seat::South, in_game.into_iter()), 500 - 400 / 2);
        assert_eq!(score_for(&v, Seat::North, std::iter::once(Seat::North)), 800);
    }
}
