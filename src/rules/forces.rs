//! Forces and team-building modes (R6, R28–R31): a Navia and 7 Maseitai per
//! player, checked under the standard or the singleton rule; the start position
//! they give (R7); random forces; draft pools and picks (R30).
//!
//! No I/O: the protocol and the match runner turn text into these values.

use thiserror::Error;

use super::catalogue::{Catalogue, Kind, PieceClass};
use super::piece::{Piece, Placed};
use super::position::{Position, Setup};
use super::rng::Rng;
use super::square::{Side, Square};

/// Maseitai in one force (R6).
pub const FORCE_SIZE: usize = 7;
/// Maseitai drawn for a draft (R30).
pub const DRAFT_POOL_SIZE: usize = 15;
/// Picks in a draft, 7 each; the last drawn piece is set aside (R30).
pub const DRAFT_PICKS: usize = 2 * FORCE_SIZE;

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
    /// A draft pool of the wrong size (R30).
    #[error("a draft pool holds {DRAFT_POOL_SIZE} Maseitai, got {0} (R30)")]
    PoolSize(usize),
    /// A draft pool with more copies of a Maseitai than a force may hold.
    #[error("{0} appears {1} times in the pool; at most 2, so every drafted force is standard (R28, R30)")]
    PoolCopies(String, usize),
    /// More picks than a draft has.
    #[error("{0} picks; a draft has {DRAFT_PICKS} (R30)")]
    TooManyPicks(usize),
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

/// A draft in progress (R30): the 15 drawn Maseitai and the picks so far, the
/// first player picking first, then turn about.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Draft {
    pool: Vec<Kind>,
    picks: Vec<Kind>,
}

impl Draft {
    /// A checked draft: 15 Maseitai, none more than twice; at most 14 picks, each still in the pool when picked.
    pub fn new(pool: Vec<Kind>, picks: Vec<Kind>, cat: &Catalogue) -> Result<Draft, ForceError> {
        if pool.len() != DRAFT_POOL_SIZE {
            return Err(ForceError::PoolSize(pool.len()));
        }
        for &k in pool.iter().chain(&picks) {
            check_class(k, PieceClass::Maseitai, cat)?;
        }
        let mut sorted = pool.clone();
        sorted.sort();
        if let Some(run) = sorted.chunk_by(|a, b| a == b).find(|r| r.len() > 2) {
            return Err(ForceError::PoolCopies(id(cat, run[0]), run.len()));
        }
        if picks.len() > DRAFT_PICKS {
            return Err(ForceError::TooManyPicks(picks.len()));
        }
        let mut d = Draft {
            pool: sorted,
            picks: Vec::with_capacity(DRAFT_PICKS),
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

    /// The 15 drawn Maseitai, ascending.
    pub fn pool(&self) -> &[Kind] {
        &self.pool
    }

    /// The picks so far, in pick order.
    pub fn picks(&self) -> &[Kind] {
        &self.picks
    }

    /// Who picks next; `None` once 14 are picked.
    pub fn to_pick(&self) -> Option<Side> {
        match self.picks.len() {
            n if n >= DRAFT_PICKS => None,
            n if n % 2 == 0 => Some(Side::White),
            _ => Some(Side::Black),
        }
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

    /// One side's picks so far, in pick order.
    pub fn picked(&self, side: Side) -> Vec<Kind> {
        self.picks.iter().skip(side.index()).step_by(2).copied().collect()
    }

    /// Pick for the side to pick; false (and nothing changes) if the draft is
    /// over or the pool holds no such piece any more.
    pub fn pick(&mut self, k: Kind) -> bool {
        if self.to_pick().is_none() || !self.left().contains(&k) {
            return false;
        }
        self.picks.push(k);
        true
    }

    /// The two forces once 14 are picked, with the given Navias, first player first.
    pub fn forces(&self, navias: [Kind; 2]) -> Option<[Force; 2]> {
        if self.to_pick().is_some() {
            return None;
        }
        Some(Side::BOTH.map(|s| Force {
            navia: navias[s.index()],
            maseitai: self.picked(s),
        }))
    }
}
