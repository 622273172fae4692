//! Forces and team-building modes (R6, R28–R31): a Navia and 7 Maseitai per
//! player, checked under the standard or the singleton rule; the start position
//! they give (R7); random forces; draft pools and picks, for two players (R30)
//! and for the four seats in snake order (F11).
//!
//! No I/O: the protocol and the match runner turn text into these values.

use thiserror::Error;

use super::catalogue::{Catalogue, Kind, PieceClass};
use super::piece::{Piece, Placed};
use super::position::{Position, Setup};
use super::rng::Rng;
use super::seat::Seat;
use super::square::{Side, Square};

/// Maseitai in one force (R6).
pub const FORCE_SIZE: usize = 7;
/// Maseitai drawn for a draft (R30).
pub const DRAFT_POOL_SIZE: usize = 15;
/// Picks in a draft, 7 each; the last drawn piece is set aside (R30).
pub const DRAFT_PICKS: usize = 2 * FORCE_SIZE;
/// Maseitai drawn for a four-seat draft (F11).
pub const DRAFT4_POOL_SIZE: usize = 29;
/// Picks in a four-seat draft, 7 per seat; the last drawn piece is set aside (F11).
pub const DRAFT4_PICKS: usize = 4 * FORCE_SIZE;

/// One player's force: a Navia and the Maseitai that start in the keep (R6, R7).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Force {
    /// The Navia.
    pub navia: Kind,
    /// The Maseitai, in the order given (the keep sorts them).
    pub maseitai: Vec<Kind>,
}

/// Which copy limit a force obeys.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum ForceRule {
    /// R28: each Maseitai at most twice.
    #[default]
    Standard,
    /// R29: each Maseitai at most once.
    Singleton,
}

impl ForceRule {
    /// Both rules, standard first.
    pub const ALL: [ForceRule; 2] = [ForceRule::Standard, ForceRule::Singleton];

    /// Most copies of one Maseitai a force may hold.
    pub const fn max_copies(self) -> usize {
        match self {
            ForceRule::Standard => 2,
            ForceRule::Singleton => 1,
        }
    }

    /// The rule's name as the `Force Rule` option writes it.
    pub const fn name(self) -> &'static str {
        match self {
            ForceRule::Standard => "standard",
            ForceRule::Singleton => "singleton",
        }
    }

    /// The rule with this name (case-insensitive).
    pub fn from_name(name: &str) -> Option<ForceRule> {
        ForceRule::ALL.into_iter().find(|r| r.name().eq_ignore_ascii_case(name))
    }

    const fn rule_id(self) -> &'static str {
        match self {
            ForceRule::Standard => "R28",
            ForceRule::Singleton => "R29",
        }
    }
}

/// Why a force, or a draft, is refused.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ForceError {
    /// A word that is neither an id nor a name of the catalogue.
    #[error("unknown piece '{0}': not an id, name or alias in the catalogue")]
    Unknown(String),
    /// A Maseitai named where the Navia goes.
    #[error("{0} is a Maseitai, not a Navia")]
    NotNavia(String),
    /// A Navia named among the Maseitai.
    #[error("{0} is a Navia, not a Maseitai")]
    NotMaseitai(String),
    /// Not exactly 7 Maseitai (R6).
    #[error("{0} Maseitai; a force has exactly {FORCE_SIZE} (R6)")]
    Size(usize),
    /// Too many copies of one Maseitai for the rule.
    #[error("{piece} appears {count} times; the {rule} rule allows at most {max} ({id})")]
    Copies {
        /// The id of the piece.
        piece: String,
        /// How many times it appears.
        count: usize,
        /// The rule's name.
        rule: &'static str,
        /// The rule's limit.
        max: usize,
        /// The rule's id in RULES.md.
        id: &'static str,
    },
    /// The catalogue cannot make a force under the rule (random forces, draws).
    #[error("the catalogue cannot make {0}: it has {1} Navia(s) and {2} Maseitai")]
    Catalogue(&'static str, usize, usize),
    /// A draft pool of the wrong size (R30, F11).
    #[error("a draft pool holds {want} Maseitai, got {got} ({rule})")]
    PoolSize {
        /// The size the draft needs.
        want: usize,
        /// The size given.
        got: usize,
        /// The draft's rule id.
        rule: &'static str,
    },
    /// A draft pool with more copies of a Maseitai than a force may hold.
    #[error("{piece} appears {count} times in the pool; at most 2, so every drafted force is standard (R28, {rule})")]
    PoolCopies {
        /// The id of the piece.
        piece: String,
        /// How many times it appears.
        count: usize,
        /// The draft's rule id.
        rule: &'static str,
    },
    /// More picks than a draft has.
    #[error("{got} picks; a draft has {max} ({rule})")]
    TooManyPicks {
        /// The picks given.
        got: usize,
        /// The picks the draft has.
        max: usize,
        /// The draft's rule id.
        rule: &'static str,
    },
    /// A pick that the pool does not hold (any more).
    #[error("pick {index} ({piece}) is not left in the pool")]
    NotInPool {
        /// 0-based index among the picks.
        index: usize,
        /// The id picked.
        piece: String,
    },
}

/// The id of a kind, for messages.
fn id(cat: &Catalogue, k: Kind) -> String {
    cat.get(k).code.to_string()
}

/// A piece by id (`M06`) or by name or alias (`Gundrill`, spaces and case ignored).
pub fn find_piece(word: &str, cat: &Catalogue) -> Result<Kind, ForceError> {
    cat.find_by_name(word)
        .ok_or_else(|| ForceError::Unknown(word.to_string()))
}

fn check_class(k: Kind, want: PieceClass, cat: &Catalogue) -> Result<Kind, ForceError> {
    let def = cat.get(k);
    match (def.code.class, want) {
        (a, b) if a == b => Ok(k),
        (PieceClass::Maseitai, _) => Err(ForceError::NotNavia(id(cat, k))),
        (PieceClass::Navia, _) => Err(ForceError::NotMaseitai(id(cat, k))),
    }
}

impl Force {
    /// A force from words (ids or names); classes are checked, counts are left to [`validate`].
    pub fn from_words(navia: &str, maseitai: &[&str], cat: &Catalogue) -> Result<Force, ForceError> {
        let navia = check_class(find_piece(navia, cat)?, PieceClass::Navia, cat)?;
        let maseitai = maseitai
            .iter()
            .map(|w| check_class(find_piece(w, cat)?, PieceClass::Maseitai, cat))
            .collect::<Result<_, _>>()?;
        Ok(Force { navia, maseitai })
    }

    /// The canonical text: `N01:M01,M02,…` with the Maseitai ids in ascending order.
    pub fn text(&self, cat: &Catalogue) -> String {
        let mut m = self.maseitai.clone();
        m.sort();
        let ids: Vec<String> = m.iter().map(|&k| id(cat, k)).collect();
        format!("{}:{}", id(cat, self.navia), ids.join(","))
    }
}

/// Check a force: a Navia, exactly 7 Maseitai (R6), copies within the rule (R28, R29).
pub fn validate(force: &Force, rule: ForceRule, cat: &Catalogue) -> Result<(), ForceError> {
    check_class(force.navia, PieceClass::Navia, cat)?;
    for &k in &force.maseitai {
        check_class(k, PieceClass::Maseitai, cat)?;
    }
    if force.maseitai.len() != FORCE_SIZE {
        return Err(ForceError::Size(force.maseitai.len()));
    }
    let mut sorted = force.maseitai.clone();
    sorted.sort();
    for run in sorted.chunk_by(|a, b| a == b) {
        if run.len() > rule.max_copies() {
            return Err(ForceError::Copies {
                piece: id(cat, run[0]),
                count: run.len(),
                rule: rule.name(),
                max: rule.max_copies(),
                id: rule.rule_id(),
            });
        }
    }
    Ok(())
}

/// R31: the default match-up, Starter Set 1 (N01, M01–M07) for the first player and Starter Set 2 (N02, M08–M14)
/// for the second; a catalogue that lacks one of them cannot make it.
pub fn starter_forces(cat: &Catalogue) -> Result<[Force; 2], ForceError> {
    Ok([numbered_force("N01", 1, cat)?, numbered_force("N02", 8, cat)?])
}

/// F11: the default four-player forces in seat order: South N01 + M01–M07 (Starter 1), West N03 + M15–M21,
/// North N02 + M08–M14 (Starter 2), East N04 + M30–M36; a catalogue that lacks one of them cannot make them.
pub fn default_forces4(cat: &Catalogue) -> Result<[Force; 4], ForceError> {
    Ok([
        numbered_force("N01", 1, cat)?,
        numbered_force("N03", 15, cat)?,
        numbered_force("N02", 8, cat)?,
        numbered_force("N04", 30, cat)?,
    ])
}

/// A Navia and the seven Maseitai with consecutive ids from `M<first>`.
fn numbered_force(navia: &str, first: u16, cat: &Catalogue) -> Result<Force, ForceError> {
    let ids: Vec<String> = (first..first + FORCE_SIZE as u16).map(|n| format!("M{n:02}")).collect();
    let words: Vec<&str> = ids.iter().map(String::as_str).collect();
    Force::from_words(navia, &words, cat)
}

impl Position {
    /// The default start (R7) with the default match-up (R31), built from the Starter forces of the given
    /// catalogue; its NFEN is `START_NFEN`. A catalogue without the Starter pieces cannot make it.
    pub fn startpos(cat: &'static Catalogue) -> Result<Position, ForceError> {
        let [first, second] = starter_forces(cat)?;
        start_position(&first, &second, cat)
    }
}

/// The standard setup (R7) with these forces, first player first: Navias on d1
/// and d7, Gulled on their squares, the Maseitai in the keeps, pools 0. Each
/// force must pass [`validate`] under the standard rule (the loosest, R28).
pub fn start_position(first: &Force, second: &Force, cat: &'static Catalogue) -> Result<Position, ForceError> {
    validate(first, ForceRule::Standard, cat)?;
    validate(second, ForceRule::Standard, cat)?;
    let mut board = [None; Square::COUNT];
    let mut put = |name: &str, side: Side, piece: Piece| {
        let sq = Square::from_name(name).expect("a square of R7");
        board[sq.index()] = Some(Placed {
            side,
            piece,
            dratped: false,
        });
    };
    for (side, force, back, front) in [(Side::White, first, '1', '2'), (Side::Black, second, '7', '6')] {
        put(&format!("d{back}"), side, Piece::Navia(force.navia));
        for file in ['b', 'f'] {
            put(&format!("{file}{back}"), side, Piece::RedGulled);
        }
        for file in 'a'..='g' {
            put(&format!("{file}{front}"), side, Piece::BlackGulled);
        }
    }
    let setup = Setup {
        board,
        side: Side::White,
        pools: [0, 0],
        keeps: [first.maseitai.clone(), second.maseitai.clone()],
        graves: Default::default(),
        lasting: Vec::new(),
        turn: 1,
    };
    // Two checked forces always make a legal setup: 14 Maseitai, one Navia each.
    Ok(Position::from_setup(cat, &setup).expect("a standard setup with checked forces"))
}

fn of_class(cat: &Catalogue, class: PieceClass) -> Vec<Kind> {
    cat.kinds().filter(|&k| cat.get(k).code.class == class).collect()
}

/// `n` Maseitai drawn uniformly from the catalogue's copies, each Maseitai
/// having `copies` copies in the supply; `None` if the supply is too small.
fn draw(cat: &Catalogue, n: usize, copies: usize, rng: &mut Rng) -> Option<Vec<Kind>> {
    let kinds = of_class(cat, PieceClass::Maseitai);
    let mut supply: Vec<Kind> = kinds.iter().flat_map(|&k| std::iter::repeat_n(k, copies)).collect();
    if supply.len() < n {
        return None;
    }
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let i = rng.below(supply.len());
        out.push(supply.swap_remove(i));
    }
    Some(out)
}

/// A random force valid under `rule`, the same for the same seed and catalogue:
/// a uniform Navia and 7 Maseitai drawn from a supply holding each Maseitai as
/// many times as the rule allows.
pub fn random_force(rule: ForceRule, cat: &Catalogue, seed: u64) -> Result<Force, ForceError> {
    let mut rng = Rng::new(seed);
    let navias = of_class(cat, PieceClass::Navia);
    let too_small = |m: usize| {
        ForceError::Catalogue(
            match rule {
                ForceRule::Standard => "a standard force",
                ForceRule::Singleton => "a singleton force",
            },
            navias.len(),
            m,
        )
    };
    let masei = of_class(cat, PieceClass::Maseitai).len();
    if navias.is_empty() {
        return Err(too_small(masei));
    }
    let navia = navias[rng.below(navias.len())];
    let maseitai = draw(cat, FORCE_SIZE, rule.max_copies(), &mut rng).ok_or_else(|| too_small(masei))?;
    Ok(Force { navia, maseitai })
}

/// A draft pool (R30) drawn from a supply of two copies of each Maseitai (so
/// every drafted force is standard), the same for the same seed and catalogue.
pub fn random_draft_pool(cat: &Catalogue, seed: u64) -> Result<Vec<Kind>, ForceError> {
    let mut rng = Rng::new(seed);
    let mut pool = draw(cat, DRAFT_POOL_SIZE, 2, &mut rng).ok_or_else(|| {
        ForceError::Catalogue(
            "a draft pool",
            of_class(cat, PieceClass::Navia).len(),
            of_class(cat, PieceClass::Maseitai).len(),
        )
    })?;
    pool.sort();
    Ok(pool)
}

/// Who picks in a draft and in what order: the two players (R30) or the four seats (F11).
pub trait Picker: Copy + Eq + std::fmt::Debug + 'static {
    /// Every picker, in the fixed order of notation fields.
    const ALL: &'static [Self];
    /// Maseitai drawn for the draft.
    const POOL: usize;
    /// Picks made, 7 each; the rest of the pool is set aside.
    const PICKS: usize;
    /// The rule the draft follows, for messages.
    const RULE: &'static str;
    /// Who makes pick `i` (from 0), for `i < PICKS`.
    fn picker(i: usize) -> Self;
}

impl Picker for Side {
    const ALL: &'static [Side] = &Side::BOTH;
    const POOL: usize = DRAFT_POOL_SIZE;
    const PICKS: usize = DRAFT_PICKS;
    const RULE: &'static str = "R30";

    /// R30: the first player first, then turn about.
    fn picker(i: usize) -> Side {
        Side::BOTH[i % 2]
    }
}

impl Picker for Seat {
    const ALL: &'static [Seat] = &Seat::ALL;
    const POOL: usize = DRAFT4_POOL_SIZE;
    const PICKS: usize = DRAFT4_PICKS;
    const RULE: &'static str = "F11";

    /// F11: snake order S W N E E N W S S W …, so no seat chooses first seven times.
    fn picker(i: usize) -> Seat {
        let at = i % 4;
        Seat::ALL[if (i / 4).is_multiple_of(2) { at } else { 3 - at }]
    }
}

/// A draft in progress: the drawn Maseitai and the picks so far, in the order `P` says.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DraftOf<P: Picker> {
    pool: Vec<Kind>,
    picks: Vec<Kind>,
    pickers: std::marker::PhantomData<P>,
}

/// A two-player draft (R30): 15 Maseitai, the first player picking first, then turn about.
pub type Draft = DraftOf<Side>;

/// A four-seat draft (F11): 29 Maseitai, 28 picks in snake order, the last piece set aside.
pub type Draft4 = DraftOf<Seat>;

impl<P: Picker> DraftOf<P> {
    /// A checked draft: `P::POOL` Maseitai, none more than twice; at most `P::PICKS` picks, each still in the
    /// pool when picked.
    pub fn new(pool: Vec<Kind>, picks: Vec<Kind>, cat: &Catalogue) -> Result<DraftOf<P>, ForceError> {
        if pool.len() != P::POOL {
            return Err(ForceError::PoolSize {
                want: P::POOL,
                got: pool.len(),
                rule: P::RULE,
            });
        }
        for &k in pool.iter().chain(&picks) {
            check_class(k, PieceClass::Maseitai, cat)?;
        }
        let mut sorted = pool.clone();
        sorted.sort();
        if let Some(run) = sorted.chunk_by(|a, b| a == b).find(|r| r.len() > 2) {
            return Err(ForceError::PoolCopies {
                piece: id(cat, run[0]),
                count: run.len(),
                rule: P::RULE,
            });
        }
        if picks.len() > P::PICKS {
            return Err(ForceError::TooManyPicks {
                got: picks.len(),
                max: P::PICKS,
                rule: P::RULE,
            });
        }
        let mut d = DraftOf {
            pool: sorted,
            picks: Vec::with_capacity(P::PICKS),
            pickers: std::marker::PhantomData,
        };
        for (index, &k) in picks.iter().enumerate() {
            if !d.pick(k) {
                return Err(ForceError::NotInPool {
                    index,
                    piece: id(cat, k),
                });
            }
        }
        Ok(d)
    }

    /// The drawn Maseitai, ascending.
    pub fn pool(&self) -> &[Kind] {
        &self.pool
    }

    /// The picks so far, in pick order.
    pub fn picks(&self) -> &[Kind] {
        &self.picks
    }

    /// Who picks next; `None` once every pick is made.
    pub fn to_pick(&self) -> Option<P> {
        (self.picks.len() < P::PICKS).then(|| P::picker(self.picks.len()))
    }

    /// The Maseitai not yet picked, ascending, repeats included.
    pub fn left(&self) -> Vec<Kind> {
        let mut left = self.pool.clone();
        for k in &self.picks {
            if let Some(i) = left.iter().position(|x| x == k) {
                left.remove(i);
            }
        }
        left
    }

    /// One picker's picks so far, in pick order.
    pub fn picked(&self, who: P) -> Vec<Kind> {
        self.picks_where(|p| p == who)
    }

    /// Every other picker's picks so far, in pick order.
    pub fn picked_by_others(&self, who: P) -> Vec<Kind> {
        self.picks_where(|p| p != who)
    }

    fn picks_where(&self, by: impl Fn(P) -> bool) -> Vec<Kind> {
        let by = &by;
        self.picks
            .iter()
            .enumerate()
            .filter(|&(i, _)| by(P::picker(i)))
            .map(|(_, &k)| k)
            .collect()
    }

    /// Pick for the one to pick; false (and nothing changes) if the draft is over or the pool holds no such
    /// piece any more.
    pub fn pick(&mut self, k: Kind) -> bool {
        if self.to_pick().is_none() || !self.left().contains(&k) {
            return false;
        }
        self.picks.push(k);
        true
    }

    /// The forces once every pick is made, with the given Navias, in `P::ALL` order.
    fn all_forces(&self, navias: &[Kind]) -> Option<Vec<Force>> {
        self.to_pick().is_none().then(|| {
            P::ALL
                .iter()
                .zip(navias)
                .map(|(&p, &navia)| Force {
                    navia,
                    maseitai: self.picked(p),
                })
                .collect()
        })
    }
}

impl Draft {
    /// The two forces once 14 are picked, with the given Navias, first player first.
    pub fn forces(&self, navias: [Kind; 2]) -> Option<[Force; 2]> {
        self.all_forces(&navias)?.try_into().ok()
    }
}

impl Draft4 {
    /// The four forces once 28 are picked, with the given Navias, in seat order (F9).
    pub fn forces(&self, navias: [Kind; 4]) -> Option<[Force; 4]> {
        self.all_forces(&navias)?.try_into().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cat() -> &'static Catalogue {
        Catalogue::builtin()
    }

    fn k(id: &str) -> Kind {
        find_piece(id, cat()).unwrap()
    }

    /// M01–M29: a four-seat pool of distinct pieces.
    fn pool29() -> Vec<Kind> {
        (1..=29).map(|i| k(&format!("M{i:02}"))).collect()
    }

    #[test]
    fn f11_snake_order_over_28_picks() {
        let order: String = (0..DRAFT4_PICKS).map(|i| Seat::picker(i).letter()).collect();
        assert_eq!(order, "swneenwsswneenwsswneenwsswne");
        let mut d = Draft4::new(pool29(), vec![], cat()).unwrap();
        for (i, &piece) in pool29()[..DRAFT4_PICKS].iter().enumerate() {
            assert_eq!(d.to_pick(), Some(Seat::picker(i)), "pick {i}");
            assert!(d.pick(piece));
        }
        assert_eq!(d.to_pick(), None, "the 29th piece is set aside");
        assert_eq!(d.left(), vec![k("M29")]);
        assert!(!d.pick(k("M29")), "no pick after the 28th");
        // Each seat picked 7: South picks 0, 7, 8, 15, 16, 23, 24 (M01, M08, M09, …).
        let south: Vec<Kind> = ["M01", "M08", "M09", "M16", "M17", "M24", "M25"].map(k).to_vec();
        assert_eq!(d.picked(Seat::South), south);
        let east: Vec<Kind> = ["M04", "M05", "M12", "M13", "M20", "M21", "M28"].map(k).to_vec();
        assert_eq!(d.picked(Seat::East), east);
        assert_eq!(d.picked_by_others(Seat::South).len(), 21);
        let navias = ["N01", "N03", "N02", "N04"].map(k);
        let forces = d.forces(navias).unwrap();
        for (seat, f) in Seat::ALL.into_iter().zip(&forces) {
            assert_eq!(f.navia, navias[seat.index()]);
            assert_eq!(f.maseitai, d.picked(seat));
            validate(f, ForceRule::Singleton, cat()).unwrap();
        }
    }

    #[test]
    fn a_four_seat_draft_is_checked_like_a_two_player_one() {
        let err = |pool: Vec<Kind>, picks: Vec<Kind>| Draft4::new(pool, picks, cat()).unwrap_err().to_string();
        assert_eq!(
            err(pool29()[..15].to_vec(), vec![]),
            "a draft pool holds 29 Maseitai, got 15 (F11)"
        );
        let mut triple = pool29();
        triple[1] = k("M01");
        triple[2] = k("M01");
        assert_eq!(
            err(triple, vec![]),
            "M01 appears 3 times in the pool; at most 2, so every drafted force is standard (R28, F11)"
        );
        assert_eq!(err(pool29(), pool29()), "29 picks; a draft has 28 (F11)");
        assert_eq!(err(pool29(), vec![k("M30")]), "pick 0 (M30) is not left in the pool");
        let d = Draft4::new(pool29(), pool29()[..5].to_vec(), cat()).unwrap();
        // Picks 3 and 4 are East's (the snake turns at East), pick 5 North's.
        assert_eq!(d.to_pick(), Some(Seat::North));
        assert_eq!(d.picked(Seat::East), vec![k("M04"), k("M05")]);
        assert_eq!(d.forces(["N01", "N02", "N03", "N04"].map(k)), None, "not finished");
    }
}
