//! The position: board, pools, keeps, graveyards, side to move. Cheap to copy.

use thiserror::Error;

use super::catalogue::{Catalogue, Kind, PieceClass};
use super::constants::VAULT_CAP;
use super::square::{Bitboard, Side, Square};
use super::zobrist::KEYS;

/// The pieces that can stand on a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Piece {
    /// Steps one square straight forward (R8).
    BlackGulled,
    /// Steps one square forward or diagonally forward (R8).
    RedGulled,
    /// A Navia of the given catalogue kind (R9).
    Navia(Kind),
    /// A Maseitai of the given catalogue kind (R10).
    Maseitai(Kind),
}

impl Piece {
    /// Whether this is a battle piece (Gulled or Maseitai, R6).
    pub const fn is_battle(self) -> bool {
        !matches!(self, Piece::Navia(_))
    }
}

/// A piece with its owner and dratp state, as found on a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Placed {
    /// The owner.
    pub side: Side,
    /// What it is.
    pub piece: Piece,
    /// Whether its compass is flipped (always false for Gulled).
    pub dratped: bool,
}

/// How a game was won on the board (R25); draws and R27 need the history (see `game`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// R20: the opponent's Navia was taken.
    NaviaTaken,
    /// R19: the winner dratped their own Navia.
    NaviaDratp,
    /// R23: the winner's Navia crossed the opponent's end line.
    NaviaGoal,
}

/// A finished game's winner and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// Who won.
    pub winner: Side,
    /// How.
    pub reason: WinReason,
}

/// A small sorted multiset of catalogue kinds: a keep or the Maseitai of a graveyard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PieceSet {
    len: u8,
    kinds: [Kind; PieceSet::CAPACITY],
}

impl Default for PieceSet {
    fn default() -> Self {
        PieceSet {
            len: 0,
            kinds: [Kind(0); PieceSet::CAPACITY],
        }
    }
}

impl PieceSet {
    /// Most Maseitai one list can hold: all 14 of a game.
    pub const CAPACITY: usize = 14;

    /// The kinds in ascending order, repeats included.
    #[inline]
    pub fn as_slice(&self) -> &[Kind] {
        &self.kinds[..self.len as usize]
    }

    /// Number of pieces.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether it holds nothing.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many copies of `kind` it holds.
    pub fn count(&self, kind: Kind) -> usize {
        self.as_slice().iter().filter(|&&k| k == kind).count()
    }

    /// Each kind once, ascending.
    pub fn distinct(&self) -> impl Iterator<Item = Kind> + '_ {
        let s = self.as_slice();
        s.iter()
            .enumerate()
            .filter(move |(i, k)| *i == 0 || s[i - 1] != **k)
            .map(|(_, k)| *k)
    }

    /// Add one copy, keeping the order; false if full.
    pub fn insert(&mut self, kind: Kind) -> bool {
        let n = self.len as usize;
        if n == Self::CAPACITY {
            return false;
        }
        let at = self.as_slice().partition_point(|&k| k <= kind);
        self.kinds.copy_within(at..n, at + 1);
        self.kinds[at] = kind;
        self.len += 1;
        true
    }

    /// Remove one copy; returns how many copies there were, or `None` if absent.
    pub fn remove(&mut self, kind: Kind) -> Option<usize> {
        let n = self.len as usize;
        let at = self.as_slice().iter().position(|&k| k == kind)?;
        // Sorted: the copies of `kind` stand together from `at`.
        let copies = self.as_slice()[at..].iter().take_while(|&&k| k == kind).count();
        self.kinds.copy_within(at + 1..n, at);
        self.len -= 1;
        Some(copies)
    }
}

/// One player's graveyard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Graveyard {
    /// Black Gulled lying there.
    pub black: u8,
    /// Red Gulled lying there.
    pub red: u8,
    /// Maseitai lying there.
    pub maseitai: PieceSet,
}

/// Lasting state that the board does not show (NFEN field 6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Lasting {
    /// R23: this side's Navia crossed the end line; the game is over. NFEN `goal:w`.
    NaviaGoal(Side),
    /// The piece on `target` is frozen by the piece on `by` (Kanaba). NFEN `freeze:d4c3`.
    Freeze(Freeze),
}

/// A freeze: the battle piece on `target` can neither move nor dratp nor invoke while the piece on `by` stays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Freeze {
    /// The freezing piece's square.
    pub by: Square,
    /// The frozen piece's square.
    pub target: Square,
}

/// Most freezes at once: one per Kanaba, two copies per force.
pub const MAX_FREEZES: usize = 4;

/// A position in plain form, as read from NFEN, before it is checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// What stands on each square, by square index.
    pub board: [Option<Placed>; Square::COUNT],
    /// Side to move.
    pub side: Side,
    /// Pools, first player first.
    pub pools: [u8; 2],
    /// Keeps, first player first.
    pub keeps: [Vec<Kind>; 2],
    /// Graveyards: Gulled counts and Maseitai, first player first.
    pub graves: [(u8, u8, Vec<Kind>); 2],
    /// Lasting effects.
    pub lasting: Vec<Lasting>,
    /// Turn number, from 1.
    pub turn: u16,
}

/// Why a setup is not a position that can arise.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SetupError {
    /// More than one Navia for a side.
    #[error("{0} Navias for the {1} player (at most 1)")]
    TooManyNavias(usize, &'static str),
    /// Neither player has a Navia on the board.
    #[error("no Navia on the board for either player")]
    NoNavia,
    /// A Navia id used as a Maseitai or the reverse.
    #[error("{0} is a {1}, not allowed {2}")]
    WrongClass(String, &'static str, &'static str),
    /// Piece totals the game cannot reach.
    #[error("{0}")]
    Impossible(String),
    /// A pool above the vault cap (R12).
    #[error("pool of {0} for the {1} player (0 to {max})", max = VAULT_CAP)]
    Pool(u32, &'static str),
    /// Turn counter 0.
    #[error("turn must be at least 1")]
    Turn,
    /// A lasting effect that does not fit the board.
    #[error("{0}")]
    Effects(String),
}

fn player(side: Side) -> &'static str {
    match side {
        Side::White => "first",
        Side::Black => "second",
    }
}

/// A game position. Copy-make: `play` returns a new value.
#[derive(Clone, Copy)]
pub struct Position {
    pub(super) cat: &'static Catalogue,
    pub(super) sides: [Bitboard; 2],
    pub(super) black_gulled: Bitboard,
    pub(super) red_gulled: Bitboard,
    pub(super) navias: Bitboard,
    pub(super) maseitai: Bitboard,
    pub(super) dratped: Bitboard,
    /// Dratped Maseitai whose passives act beyond their own moves (see `KindTables::aura`): `auras` reads only these.
    pub(super) special: Bitboard,
    pub(super) kinds: [Kind; Square::COUNT],
    pub(super) pools: [u8; 2],
    pub(super) keeps: [PieceSet; 2],
    pub(super) graves: [Graveyard; 2],
    pub(super) freezes: [Option<Freeze>; MAX_FREEZES],
    pub(super) side: Side,
    pub(super) outcome: Option<Outcome>,
    pub(super) turn: u16,
    pub(super) key: u64,
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        std::ptr::eq(self.cat, o.cat)
            && self.sides == o.sides
            && self.black_gulled == o.black_gulled
            && self.red_gulled == o.red_gulled
            && self.navias == o.navias
            && self.dratped == o.dratped
            && Square::all().all(|s| self.piece_at(s) == o.piece_at(s))
            && self.pools == o.pools
            && self.keeps == o.keeps
            && self.graves == o.graves
            && self.freeze_list() == o.freeze_list()
            && self.side == o.side
            && self.outcome == o.outcome
            && self.turn == o.turn
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", super::notation::nfen(self))
    }
}

/// The NFEN of the default start (R7, R31).
pub const START_NFEN: &str =
    "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[N01]1R1 w 0/0 M01,M02,M03,M04,M05,M06,M07/M08,M09,M10,M11,M12,M13,M14 -/- - 1";

impl Position {
    /// The default start with the default match-up (R7, R31), on the given catalogue.
    pub fn startpos(cat: &'static Catalogue) -> Result<Position, super::notation::NfenError> {
        super::notation::parse_nfen(START_NFEN, cat)
    }

    /// Build and check a position from its plain form.
    pub fn from_setup(cat: &'static Catalogue, s: &Setup) -> Result<Position, SetupError> {
        let mut p = Position {
            cat,
            sides: [Bitboard::EMPTY; 2],
            black_gulled: Bitboard::EMPTY,
            red_gulled: Bitboard::EMPTY,
            navias: Bitboard::EMPTY,
            maseitai: Bitboard::EMPTY,
            dratped: Bitboard::EMPTY,
            special: Bitboard::EMPTY,
            kinds: [Kind(0); Square::COUNT],
            pools: [0; 2],
            keeps: [PieceSet::default(); 2],
            graves: [Graveyard::default(); 2],
            freezes: [None; MAX_FREEZES],
            side: s.side,
            outcome: None,
            turn: s.turn,
            key: 0,
        };
        // Empty pools and graveyards hash too (count 0 has a key), so start from them.
        p.key = (0..2).fold(0, |k, i| {
            k ^ KEYS.pool[i][0] ^ KEYS.grave_gulled[i][0][0] ^ KEYS.grave_gulled[i][1][0]
        });
        if s.turn == 0 {
            return Err(SetupError::Turn);
        }
        let (mut black, mut red, mut maseitai) = (0usize, 0usize, 0usize);
        let class_ok = |k: Kind, want: PieceClass, place: &'static str| {
            let def = cat.get(k);
            if def.code.class == want {
                Ok(())
            } else {
                let is = if def.is_navia() { "Navia" } else { "Maseitai" };
                Err(SetupError::WrongClass(def.code.to_string(), is, place))
            }
        };
        for sq in Square::all() {
            let Some(pl) = s.board[sq.index()] else { continue };
            match pl.piece {
                Piece::BlackGulled => black += 1,
                Piece::RedGulled => red += 1,
                Piece::Maseitai(k) => {
                    class_ok(k, PieceClass::Maseitai, "as a Maseitai")?;
                    maseitai += 1;
                }
                Piece::Navia(k) => class_ok(k, PieceClass::Navia, "as a Navia")?,
            }
            if pl.dratped && matches!(pl.piece, Piece::BlackGulled | Piece::RedGulled) {
                return Err(SetupError::Impossible(format!("a Gulled on {sq} cannot be dratped")));
            }
            p.put(sq, pl);
        }
        for side in Side::BOTH {
            let i = side.index();
            let navias = (p.navias & p.sides[i]).count() as usize;
            if navias > 1 {
                return Err(SetupError::TooManyNavias(navias, player(side)));
            }
            if s.pools[i] > VAULT_CAP {
                return Err(SetupError::Pool(s.pools[i] as u32, player(side)));
            }
            p.set_pool(side, s.pools[i]);
            for &k in &s.keeps[i] {
                class_ok(k, PieceClass::Maseitai, "in a keep")?;
                if !p.keep_insert(side, k) {
                    return Err(SetupError::Impossible(format!(
                        "more than 14 Maseitai in the {} keep",
                        player(side)
                    )));
                }
                maseitai += 1;
            }
            let (gb, gr, ref gm) = s.graves[i];
            black += gb as usize;
            red += gr as usize;
            if gb as usize > 2 * PieceSet::CAPACITY || gr as usize > 2 * PieceSet::CAPACITY {
                return Err(SetupError::Impossible("too many Gulled in a graveyard".into()));
            }
            p.set_grave_gulled(side, gb, gr);
            for &k in gm {
                class_ok(k, PieceClass::Maseitai, "in a graveyard")?;
                if !p.grave_insert(side, k) {
                    return Err(SetupError::Impossible(format!(
                        "more than 14 Maseitai in the {} graveyard",
                        player(side)
                    )));
                }
                maseitai += 1;
            }
        }
        // R6: the game holds 14 black Gulled, 4 red Gulled and 14 Maseitai in all.
        for (n, max, what) in [
            (black, 14, "black Gulled"),
            (red, 4, "red Gulled"),
            (maseitai, 14, "Maseitai"),
        ] {
            if n > max {
                return Err(SetupError::Impossible(format!(
                    "{n} {what} in the game (at most {max})"
                )));
            }
        }
        for l in &s.lasting {
            if let Lasting::Freeze(f) = *l {
                let battle = |sq: Square| s.board[sq.index()].is_some_and(|pl| pl.piece.is_battle());
                if !battle(f.by) || !battle(f.target) || f.by == f.target {
                    return Err(SetupError::Effects(format!(
                        "freeze:{}{} needs two different battle pieces on those squares",
                        f.by, f.target
                    )));
                }
                if !p.add_freeze(f) {
                    return Err(SetupError::Effects(format!("more than {MAX_FREEZES} freezes")));
                }
            }
        }
        let navia_of = |side: Side| (p.navias & p.sides[side.index()]).first();
        let goal = s.lasting.iter().filter_map(|l| match *l {
            Lasting::NaviaGoal(side) => Some(side),
            Lasting::Freeze(_) => None,
        });
        let dratped: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|&sd| navia_of(sd).is_some_and(|sq| p.dratped.has(sq)))
            .collect();
        let missing: Vec<Side> = Side::BOTH.into_iter().filter(|&sd| navia_of(sd).is_none()).collect();
        // D14: a finished game shows exactly one way it ended.
        let outcome = match (
            goal.collect::<Vec<_>>().as_slice(),
            missing.as_slice(),
            dratped.as_slice(),
        ) {
            (_, [_, _], _) => return Err(SetupError::NoNavia),
            ([], [], []) => None,
            ([winner], [m], []) if winner == m => Some(Outcome {
                winner: *winner,
                reason: WinReason::NaviaGoal,
            }),
            ([_], _, _) => {
                return Err(SetupError::Impossible(
                    "a Navia goal needs that side's Navia off the board and no other result".into(),
                ))
            }
            ([], [loser], []) => Some(Outcome {
                winner: loser.opponent(),
                reason: WinReason::NaviaTaken,
            }),
            ([], [], [winner]) => Some(Outcome {
                winner: *winner,
                reason: WinReason::NaviaDratp,
            }),
            _ => return Err(SetupError::Impossible("more than one way the game has ended".into())),
        };
        if let Some(o) = outcome {
            p.set_outcome(o);
        }
        if p.side == Side::Black {
            p.key ^= KEYS.black_to_move;
        }
        debug_assert_eq!(p.key, p.compute_key());
        Ok(p)
    }

    /// The catalogue this position's kinds refer to.
    #[inline]
    pub fn catalogue(&self) -> &'static Catalogue {
        self.cat
    }

    /// Side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Turn number: starts at 1, +1 after each move of the second player.
    #[inline]
    pub fn turn(&self) -> u16 {
        self.turn
    }

    /// Zobrist key of the whole position (not the turn counter).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// A side's pool (R12).
    #[inline]
    pub fn pool(&self, side: Side) -> u8 {
        self.pools[side.index()]
    }

    /// A side's keep.
    #[inline]
    pub fn keep(&self, side: Side) -> &PieceSet {
        &self.keeps[side.index()]
    }

    /// A side's graveyard.
    #[inline]
    pub fn grave(&self, side: Side) -> &Graveyard {
        &self.graves[side.index()]
    }

    /// How the game ended on the board, if it did.
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Squares held by a side.
    #[inline]
    pub fn side_bb(&self, side: Side) -> Bitboard {
        self.sides[side.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    /// Squares with a Maseitai, either side's.
    #[inline]
    pub fn maseitai_bb(&self) -> Bitboard {
        self.maseitai
    }

    /// Squares with a Gulled, either side's.
    #[inline]
    pub fn gulled_bb(&self) -> Bitboard {
        self.black_gulled | self.red_gulled
    }

    /// Squares with a red Gulled, either side's.
    #[inline]
    pub fn red_gulled_bb(&self) -> Bitboard {
        self.red_gulled
    }

    /// Squares with a dratped piece.
    #[inline]
    pub fn dratped_bb(&self) -> Bitboard {
        self.dratped
    }

    /// Where a side's Navia stands, if on the board.
    #[inline]
    pub fn navia_square(&self, side: Side) -> Option<Square> {
        (self.navias & self.sides[side.index()]).first()
    }

    /// The kind of the Navia or Maseitai on `sq` (meaningless for other squares).
    #[inline]
    pub fn kind_at(&self, sq: Square) -> Kind {
        self.kinds[sq.index()]
    }

    /// What stands on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Placed> {
        let side = if self.sides[0].has(sq) {
            Side::White
        } else if self.sides[1].has(sq) {
            Side::Black
        } else {
            return None;
        };
        let piece = if self.black_gulled.has(sq) {
            Piece::BlackGulled
        } else if self.red_gulled.has(sq) {
            Piece::RedGulled
        } else if self.navias.has(sq) {
            Piece::Navia(self.kinds[sq.index()])
        } else {
            Piece::Maseitai(self.kinds[sq.index()])
        };
        Some(Placed {
            side,
            piece,
            dratped: self.dratped.has(sq),
        })
    }

    /// Lasting effects, for NFEN field 6.
    pub fn lasting(&self) -> Vec<Lasting> {
        let mut v: Vec<Lasting> = self.freeze_list().into_iter().map(Lasting::Freeze).collect();
        if let Some(Outcome {
            winner,
            reason: WinReason::NaviaGoal,
        }) = self.outcome
        {
            v.push(Lasting::NaviaGoal(winner));
        }
        v
    }

    /// The freezes in force, in square order.
    pub fn freeze_list(&self) -> Vec<Freeze> {
        let mut v: Vec<Freeze> = self.freezes.iter().flatten().copied().collect();
        v.sort();
        v
    }

    /// Squares of pieces frozen by a freeze.
    #[inline]
    pub fn frozen(&self) -> Bitboard {
        self.freezes
            .iter()
            .flatten()
            .fold(Bitboard::EMPTY, |b, f| b | f.target.bb())
    }

    /// Record a freeze; false when all slots are taken.
    pub(super) fn add_freeze(&mut self, f: Freeze) -> bool {
        match self.freezes.iter_mut().find(|x| x.is_none()) {
            Some(slot) => {
                *slot = Some(f);
                self.key ^= KEYS.freeze[f.by.index()][f.target.index()];
                true
            }
            None => false,
        }
    }

    /// Whether any freeze is in force (the common case is none).
    #[inline]
    pub(super) fn has_freezes(&self) -> bool {
        self.freezes.iter().any(Option::is_some)
    }

    /// A piece left `sq` for good: freezes by it or on it end.
    pub(super) fn unfreeze_square(&mut self, sq: Square) {
        for slot in &mut self.freezes {
            if let Some(f) = *slot {
                if f.by == sq || f.target == sq {
                    self.key ^= KEYS.freeze[f.by.index()][f.target.index()];
                    *slot = None;
                }
            }
        }
    }

    /// Freezes made by the piece on `sq` end (its dratp was undone).
    pub(super) fn unfreeze_by(&mut self, sq: Square) {
        for slot in &mut self.freezes {
            if let Some(f) = *slot {
                if f.by == sq {
                    self.key ^= KEYS.freeze[f.by.index()][f.target.index()];
                    *slot = None;
                }
            }
        }
    }

    /// Pieces moved (`map` gives each square's new square): freezes follow them.
    pub(super) fn refreeze(&mut self, map: impl Fn(Square) -> Square) {
        for slot in &mut self.freezes {
            if let Some(f) = *slot {
                let g = Freeze {
                    by: map(f.by),
                    target: map(f.target),
                };
                if g != f {
                    self.key ^=
                        KEYS.freeze[f.by.index()][f.target.index()] ^ KEYS.freeze[g.by.index()][g.target.index()];
                    *slot = Some(g);
                }
            }
        }
    }

    /// The key computed from nothing; equals `key()` in a correct position.
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for sq in Square::all() {
            if let Some(pl) = self.piece_at(sq) {
                k ^= KEYS.board[pl.side.index()][board_code(pl)][sq.index()];
            }
        }
        for side in Side::BOTH {
            let i = side.index();
            k ^= KEYS.pool[i][self.pools[i] as usize];
            for kind in self.keeps[i].distinct() {
                for n in 1..=self.keeps[i].count(kind) {
                    k ^= KEYS.keep[i][kind.index()][n];
                }
            }
            let g = &self.graves[i];
            for kind in g.maseitai.distinct() {
                for n in 1..=g.maseitai.count(kind) {
                    k ^= KEYS.grave[i][kind.index()][n];
                }
            }
            k ^= KEYS.grave_gulled[i][0][g.black as usize];
            k ^= KEYS.grave_gulled[i][1][g.red as usize];
        }
        if self.side == Side::Black {
            k ^= KEYS.black_to_move;
        }
        if matches!(
            self.outcome,
            Some(Outcome {
                reason: WinReason::NaviaGoal,
                ..
            })
        ) {
            k ^= KEYS.goal;
        }
        for f in self.freezes.iter().flatten() {
            k ^= KEYS.freeze[f.by.index()][f.target.index()];
        }
        k
    }

    /// The plain form of this position.
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; Square::COUNT];
        for sq in Square::all() {
            board[sq.index()] = self.piece_at(sq);
        }
        let grave = |s: Side| {
            let g = &self.graves[s.index()];
            (g.black, g.red, g.maseitai.as_slice().to_vec())
        };
        Setup {
            board,
            side: self.side,
            pools: self.pools,
            keeps: [self.keeps[0].as_slice().to_vec(), self.keeps[1].as_slice().to_vec()],
            graves: [grave(Side::White), grave(Side::Black)],
            lasting: self.lasting(),
            turn: self.turn,
        }
    }

    // ---- primitive edits, each keeping the key in step ----

    #[inline]
    pub(super) fn put(&mut self, sq: Square, pl: Placed) {
        let b = sq.bb();
        self.sides[pl.side.index()] |= b;
        match pl.piece {
            Piece::BlackGulled => self.black_gulled |= b,
            Piece::RedGulled => self.red_gulled |= b,
            Piece::Navia(k) => {
                self.navias |= b;
                self.kinds[sq.index()] = k;
            }
            Piece::Maseitai(k) => {
                self.maseitai |= b;
                self.kinds[sq.index()] = k;
                if pl.dratped && self.cat.tables(k).aura {
                    self.special |= b;
                }
            }
        }
        if pl.dratped {
            self.dratped |= b;
        }
        self.key ^= KEYS.board[pl.side.index()][board_code(pl)][sq.index()];
    }

    /// Take whatever stands on `sq` off the board and return it.
    #[inline]
    pub(super) fn take(&mut self, sq: Square) -> Option<Placed> {
        let pl = self.piece_at(sq)?;
        self.lift(sq, pl);
        Some(pl)
    }

    /// Take a piece known to stand on `sq` off the board (`take` without looking it up).
    #[inline]
    pub(super) fn lift(&mut self, sq: Square, pl: Placed) {
        let nb = !sq.bb();
        self.sides[pl.side.index()] &= nb;
        self.black_gulled &= nb;
        self.red_gulled &= nb;
        self.navias &= nb;
        self.maseitai &= nb;
        self.dratped &= nb;
        self.special &= nb;
        self.key ^= KEYS.board[pl.side.index()][board_code(pl)][sq.index()];
    }

    #[inline]
    pub(super) fn set_pool(&mut self, side: Side, v: u8) {
        let i = side.index();
        self.key ^= KEYS.pool[i][self.pools[i] as usize] ^ KEYS.pool[i][v as usize];
        self.pools[i] = v;
    }

    /// R12: gains come from the vault, so a pool never passes `VAULT_CAP`.
    #[inline]
    pub(super) fn earn(&mut self, side: Side, n: u32) {
        let v = (self.pools[side.index()] as u32 + n).min(VAULT_CAP as u32) as u8;
        self.set_pool(side, v);
    }

    #[inline]
    pub(super) fn spend(&mut self, side: Side, n: u8) {
        let v = self.pools[side.index()] - n;
        self.set_pool(side, v);
    }

    pub(super) fn keep_insert(&mut self, side: Side, kind: Kind) -> bool {
        let i = side.index();
        if !self.keeps[i].insert(kind) {
            return false;
        }
        self.key ^= KEYS.keep[i][kind.index()][self.keeps[i].count(kind)];
        true
    }

    pub(super) fn keep_remove(&mut self, side: Side, kind: Kind) {
        let i = side.index();
        if let Some(n) = self.keeps[i].remove(kind) {
            self.key ^= KEYS.keep[i][kind.index()][n];
        }
    }

    pub(super) fn grave_insert(&mut self, side: Side, kind: Kind) -> bool {
        let i = side.index();
        if !self.graves[i].maseitai.insert(kind) {
            return false;
        }
        self.key ^= KEYS.grave[i][kind.index()][self.graves[i].maseitai.count(kind)];
        true
    }

    pub(super) fn grave_remove(&mut self, side: Side, kind: Kind) {
        let i = side.index();
        if let Some(n) = self.graves[i].maseitai.remove(kind) {
            self.key ^= KEYS.grave[i][kind.index()][n];
        }
    }

    pub(super) fn set_grave_gulled(&mut self, side: Side, black: u8, red: u8) {
        let i = side.index();
        let g = &mut self.graves[i];
        self.key ^= KEYS.grave_gulled[i][0][g.black as usize] ^ KEYS.grave_gulled[i][0][black as usize];
        self.key ^= KEYS.grave_gulled[i][1][g.red as usize] ^ KEYS.grave_gulled[i][1][red as usize];
        g.black = black;
        g.red = red;
    }

    pub(super) fn set_outcome(&mut self, o: Outcome) {
        if o.reason == WinReason::NaviaGoal {
            self.key ^= KEYS.goal;
        }
        self.outcome = Some(o);
    }

    #[inline]
    pub(super) fn pass_turn(&mut self) {
        if self.side == Side::Black {
            self.turn = self.turn.saturating_add(1);
        }
        self.side = self.side.opponent();
        self.key ^= KEYS.black_to_move;
    }
}

/// Zobrist board code of a placed piece (see `zobrist::CODES`).
#[inline]
pub(super) fn board_code(pl: Placed) -> usize {
    match pl.piece {
        Piece::BlackGulled => 0,
        Piece::RedGulled => 1,
        Piece::Navia(k) | Piece::Maseitai(k) => 2 + 2 * k.index() + pl.dratped as usize,
    }
}
