//! The position: bitboards and kinds of the board, pools, keeps, graveyards, freezes (D16), side to move, the
//! result shown on the board (R19, R20, R23) and an incremental Zobrist key. It is `Copy`, so making an action
//! returns a new value (copy-make). `Setup` is its plain form; `Position::from_setup` is the one place that
//! decides whether a setup is a position the game can reach, with a typed `SetupError`. The primitive edits at
//! the end keep the key in step with every change.

use thiserror::Error;

use super::catalogue::{Catalogue, Kind, PieceClass, PieceCode};
use super::constants::{BLACK_GULLED_PER_GAME, MASEITAI_PER_GAME, RED_GULLED_PER_GAME, VAULT_CAP};
use super::duel::Duel;
use super::geometry::{BySquare, ByTeam, Geometry, Team};
use super::piece::{Piece, PieceSet, Placed, PlacedOf};
use super::square::{BitboardOf, Side, Square, SquareOf};
use super::zobrist;

/// How a game was won on the board (R25); draws and R27 need the history (see `game`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WinReason {
    /// R20: the opponent's Navia was taken.
    NaviaTaken,
    /// R19: the winner dratped their own Navia.
    NaviaDratp,
    /// R23: the winner's Navia crossed the opponent's end line.
    NaviaGoal,
    /// F28: the winner's team holds three Navias (four-seat boards only).
    ThreeNavia,
}

/// A finished game's winner and why, on board `G`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct OutcomeOf<G: Geometry> {
    /// Who won.
    pub winner: G::Team,
    /// How.
    pub reason: WinReason,
}

/// A finished two-player game's winner and why.
pub type Outcome = OutcomeOf<Duel>;

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
pub struct FreezeOf<G: Geometry> {
    /// The freezing piece's square.
    pub by: SquareOf<G>,
    /// The frozen piece's square.
    pub target: SquareOf<G>,
}

/// A freeze on the two-player board.
pub type Freeze = FreezeOf<Duel>;

/// Most freezes at once on the duel board: one per Kanaba, two copies per force (the cross holds four forces'
/// worth, `Geometry::Freezes`).
pub const MAX_FREEZES: usize = 4;

/// A position in plain form, as read from NFEN, before it is checked: `Position::from_setup` alone decides
/// whether it is a position the game can reach.
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
    /// Graveyards, first player first.
    pub graves: [GraveSetup; 2],
    /// Lasting effects.
    pub lasting: Vec<Lasting>,
    /// Turn number, from 1.
    pub turn: u16,
}

impl Setup {
    /// The sides whose Navia goal field 6 records (D14).
    pub fn goals(&self) -> Vec<Side> {
        self.lasting
            .iter()
            .filter_map(|l| match *l {
                Lasting::NaviaGoal(side) => Some(side),
                Lasting::Freeze(_) => None,
            })
            .collect()
    }
}

/// One graveyard in plain form.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GraveSetup {
    /// Black Gulled lying there.
    pub black: u8,
    /// Red Gulled lying there.
    pub red: u8,
    /// Maseitai lying there, in any order.
    pub maseitai: Vec<Kind>,
}

/// The fields of an NFEN string, in order, so that a setup error can say where it lies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum NfenField {
    /// Field 1: the board.
    Board,
    /// Field 2: the side to move.
    Side,
    /// Field 3: the pools.
    Pools,
    /// Field 4: the keeps.
    Keeps,
    /// Field 5: the graveyards.
    Graveyards,
    /// Field 6: lasting effects.
    Effects,
    /// Field 7: the turn.
    Turn,
}

impl NfenField {
    /// Every field, in NFEN order.
    pub const ALL: [NfenField; 7] = [
        NfenField::Board,
        NfenField::Side,
        NfenField::Pools,
        NfenField::Keeps,
        NfenField::Graveyards,
        NfenField::Effects,
        NfenField::Turn,
    ];

    /// The field's name in error texts.
    pub const fn name(self) -> &'static str {
        match self {
            NfenField::Board => "board",
            NfenField::Side => "side",
            NfenField::Pools => "pools",
            NfenField::Keeps => "keeps",
            NfenField::Graveyards => "graveyards",
            NfenField::Effects => "effects",
            NfenField::Turn => "turn",
        }
    }
}

/// Where a piece of a setup lies, for errors about it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Holder {
    /// On the board as a Maseitai.
    BoardMaseitai,
    /// On the board as a Navia.
    BoardNavia,
    /// In a keep.
    Keep,
    /// In a graveyard.
    Graveyard,
}

impl Holder {
    fn words(self) -> &'static str {
        match self {
            Holder::BoardMaseitai => "as a Maseitai",
            Holder::BoardNavia => "as a Navia",
            Holder::Keep => "in a keep",
            Holder::Graveyard => "in a graveyard",
        }
    }

    fn field(self) -> NfenField {
        match self {
            Holder::BoardMaseitai | Holder::BoardNavia => NfenField::Board,
            Holder::Keep => NfenField::Keeps,
            Holder::Graveyard => NfenField::Graveyards,
        }
    }
}

/// Why a setup is not a position that can arise. Each error knows the NFEN field it lies in (`field`).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SetupError {
    /// More than one Navia for a side.
    #[error("{0} Navias for the {p} player (at most 1)", p = player(*.1))]
    TooManyNavias(usize, Side),
    /// Neither player has a Navia on the board.
    #[error("no Navia on the board for either player")]
    NoNavia,
    /// A Navia id used as a Maseitai or the reverse.
    #[error("{id} is a {is}, not allowed {w}", is = if *.navia { "Navia" } else { "Maseitai" }, w = .at.words())]
    WrongClass {
        /// The piece's catalogue id.
        id: PieceCode,
        /// Whether the catalogue says it is a Navia.
        navia: bool,
        /// Where it was found.
        at: Holder,
    },
    /// A Gulled marked dratped (Gulled have no compass to flip).
    #[error("a Gulled on {0} cannot be dratped")]
    DratpedGulled(Square),
    /// A keep with more Maseitai than a whole force brings.
    #[error("more than {max} Maseitai in the {p} player's keep", max = PieceSet::CAPACITY, p = player(*.0))]
    KeepFull(Side),
    /// A graveyard holding more of one sort of piece than the game has.
    #[error("more than {max} {what} in the {p} player's graveyard (D15)", p = player(*.side))]
    GraveFull {
        /// Whose graveyard.
        side: Side,
        /// What sort of piece.
        what: &'static str,
        /// The game's total of that sort.
        max: usize,
    },
    /// R6, D15: more pieces of a sort than the game holds, first noticed in `field`.
    #[error("{n} {what} in the game (at most {max}, D15)")]
    Totals {
        /// How many the setup holds.
        n: usize,
        /// What sort of piece.
        what: &'static str,
        /// The game's total.
        max: usize,
        /// The field whose pieces went over.
        field: NfenField,
    },
    /// A pool above the vault cap (R12).
    #[error("pool of {0} for the {p} player (0 to {max}, R12)", max = VAULT_CAP, p = player(*.1))]
    Pool(u32, Side),
    /// Turn counter 0.
    #[error("turn 0; the first turn is 1")]
    Turn,
    /// A freeze whose squares do not hold two different battle pieces (D16).
    #[error("freeze:{}{} needs two different battle pieces on those squares", .0.by, .0.target)]
    FreezeSquares(Freeze),
    /// More freezes than there can be Kanabas.
    #[error("more than {MAX_FREEZES} freezes")]
    TooManyFreezes,
    /// Both sides marked as having made a Navia goal.
    #[error("both Navias cannot have made a goal")]
    TwoGoals,
    /// D14: a goal leaves that side's Navia off the board.
    #[error("goal:{l} but the {p} player's Navia is still on the board (D14)", l = .0.letter(), p = player(*.0))]
    GoalWithNavia(Side),
    /// D14: a goal and another result at once (the other Navia missing or dratped).
    #[error("a Navia goal needs that side's Navia off the board and no other result")]
    GoalAndOther,
    /// D14: a finished game shows exactly one way it ended.
    #[error("more than one way the game has ended")]
    TwoEnds,
}

impl SetupError {
    /// The NFEN field the error lies in.
    pub fn field(&self) -> NfenField {
        match self {
            SetupError::TooManyNavias(..)
            | SetupError::NoNavia
            | SetupError::DratpedGulled(_)
            | SetupError::TwoEnds => NfenField::Board,
            SetupError::WrongClass { at, .. } => at.field(),
            SetupError::KeepFull(_) => NfenField::Keeps,
            SetupError::GraveFull { .. } => NfenField::Graveyards,
            SetupError::Totals { field, .. } => *field,
            SetupError::Pool(..) => NfenField::Pools,
            SetupError::Turn => NfenField::Turn,
            SetupError::FreezeSquares(_)
            | SetupError::TooManyFreezes
            | SetupError::TwoGoals
            | SetupError::GoalWithNavia(_)
            | SetupError::GoalAndOther => NfenField::Effects,
        }
    }
}

/// "first" or "second": how error texts name a player.
pub(super) fn player(side: Side) -> &'static str {
    match side {
        Side::White => "first",
        Side::Black => "second",
    }
}

/// A game position on board `G`. Copy-make: `play` returns a new value.
pub struct PositionOf<G: Geometry> {
    pub(super) cat: &'static Catalogue,
    pub(super) sides: ByTeam<G, BitboardOf<G>>,
    pub(super) black_gulled: BitboardOf<G>,
    pub(super) red_gulled: BitboardOf<G>,
    pub(super) navias: BitboardOf<G>,
    pub(super) maseitai: BitboardOf<G>,
    pub(super) dratped: BitboardOf<G>,
    /// Dratped Maseitai whose passives act beyond their own moves (see `KindTables::aura`): `auras` reads only these.
    pub(super) special: BitboardOf<G>,
    pub(super) kinds: BySquare<G, Kind>,
    pub(super) pools: ByTeam<G, u8>,
    pub(super) keeps: ByTeam<G, PieceSet>,
    pub(super) graves: ByTeam<G, Graveyard>,
    pub(super) freezes: G::Freezes,
    pub(super) side: G::Team,
    pub(super) outcome: Option<OutcomeOf<G>>,
    pub(super) turn: u16,
    pub(super) key: u64,
}

/// A position of the two-player game.
pub type Position = PositionOf<Duel>;

impl<G: Geometry> Clone for PositionOf<G> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Geometry> Copy for PositionOf<G> {}

impl<G: Geometry> PartialEq for PositionOf<G> {
    fn eq(&self, o: &PositionOf<G>) -> bool {
        std::ptr::eq(self.cat, o.cat)
            && self.sides == o.sides
            && self.black_gulled == o.black_gulled
            && self.red_gulled == o.red_gulled
            && self.navias == o.navias
            && self.dratped == o.dratped
            && SquareOf::<G>::all().all(|s| self.piece_at(s) == o.piece_at(s))
            && self.pools == o.pools
            && self.keeps == o.keeps
            && self.graves == o.graves
            && self.freeze_list() == o.freeze_list()
            && self.side == o.side
            && self.outcome == o.outcome
            && self.turn == o.turn
    }
}

/// The NFEN of the default start (R7, R31): what `Position::startpos` prints on the built-in catalogue.
pub const START_NFEN: &str =
    "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[N01]1R1 w 0/0 M01,M02,M03,M04,M05,M06,M07/M08,M09,M10,M11,M12,M13,M14 -/- - 1";

impl Position {
    /// Build and check a position from its plain form: the one place that decides whether a setup is a
    /// position the game can reach. The checks run in this order, so the first error names the field that
    /// went wrong: piece classes, per-list limits and pools, the game's totals (R6, D15), the turn, goals
    /// (D14); then the board, keeps and graveyards are filled, freezes checked (D16) and the result read.
    pub fn from_setup(cat: &'static Catalogue, s: &Setup) -> Result<Position, SetupError> {
        check_classes(cat, s)?;
        check_limits(s)?;
        check_totals(s)?;
        if s.turn == 0 {
            return Err(SetupError::Turn);
        }
        check_goals(s)?;
        let mut p = Position::empty(cat, s.side, s.turn);
        for sq in Square::all() {
            if let Some(pl) = s.board[sq.index()] {
                p.put(sq, pl);
            }
        }
        for side in Side::BOTH {
            let navias = (p.navias & p.sides[side]).count() as usize;
            if navias > 1 {
                return Err(SetupError::TooManyNavias(navias, side));
            }
            p.fill_reserves(side, s);
        }
        for l in &s.lasting {
            if let Lasting::Freeze(f) = *l {
                let battle = |sq: Square| s.board[sq.index()].is_some_and(|pl| pl.piece.is_battle());
                if !battle(f.by) || !battle(f.target) || f.by == f.target {
                    return Err(SetupError::FreezeSquares(f));
                }
                if !p.add_freeze(f) {
                    return Err(SetupError::TooManyFreezes);
                }
            }
        }
        if let Some(o) = p.setup_outcome(s)? {
            p.set_outcome(o);
        }
        debug_assert_eq!(p.key, p.compute_key());
        Ok(p)
    }

    /// Put a side's pool, keep and graveyard of a checked setup in place.
    fn fill_reserves(&mut self, side: Side, s: &Setup) {
        let i = side.index();
        self.set_pool(side, s.pools[i]);
        for &k in &s.keeps[i] {
            self.keep_insert(side, k);
        }
        let g = &s.graves[i];
        self.set_grave_gulled(side, g.black, g.red);
        for &k in &g.maseitai {
            self.grave_insert(side, k);
        }
    }

    /// D14: how the game has ended, read from a filled board and the goal effect; at most one way.
    fn setup_outcome(&self, s: &Setup) -> Result<Option<Outcome>, SetupError> {
        let goal = s.goals();
        let dratped: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|&sd| self.navia_square(sd).is_some_and(|sq| self.dratped.has(sq)))
            .collect();
        let missing: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|&sd| self.navia_square(sd).is_none())
            .collect();
        Ok(match (goal.as_slice(), missing.as_slice(), dratped.as_slice()) {
            (_, [_, _], _) => return Err(SetupError::NoNavia),
            ([], [], []) => None,
            ([winner], [m], []) if winner == m => Some(Outcome {
                winner: *winner,
                reason: WinReason::NaviaGoal,
            }),
            ([_], _, _) => return Err(SetupError::GoalAndOther),
            ([], [loser], []) => Some(Outcome {
                winner: loser.opponent(),
                reason: WinReason::NaviaTaken,
            }),
            ([], [], [winner]) => Some(Outcome {
                winner: *winner,
                reason: WinReason::NaviaDratp,
            }),
            _ => return Err(SetupError::TwoEnds),
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

    /// The plain form of this position.
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; Square::COUNT];
        for sq in Square::all() {
            board[sq.index()] = self.piece_at(sq);
        }
        let grave = |s: Side| {
            let g = &self.graves[s];
            GraveSetup {
                black: g.black,
                red: g.red,
                maseitai: g.maseitai.as_slice().to_vec(),
            }
        };
        Setup {
            board,
            side: self.side,
            pools: self.pools.0,
            keeps: Side::BOTH.map(|sd| self.keeps[sd].as_slice().to_vec()),
            graves: [grave(Side::White), grave(Side::Black)],
            lasting: self.lasting(),
            turn: self.turn,
        }
    }
}

impl<G: Geometry> PositionOf<G> {
    /// A position with nothing anywhere: the start of `from_setup`. Empty pools and graveyards hash too (count 0
    /// has a key), as does the side to move.
    pub(super) fn empty(cat: &'static Catalogue, side: G::Team, turn: u16) -> PositionOf<G> {
        let mut p = PositionOf {
            cat,
            sides: ByTeam::new(BitboardOf::EMPTY),
            black_gulled: BitboardOf::EMPTY,
            red_gulled: BitboardOf::EMPTY,
            navias: BitboardOf::EMPTY,
            maseitai: BitboardOf::EMPTY,
            dratped: BitboardOf::EMPTY,
            special: BitboardOf::EMPTY,
            kinds: BySquare::new(Kind(0)),
            pools: ByTeam::new(0),
            keeps: ByTeam::new(PieceSet::default()),
            graves: ByTeam::new(Graveyard::default()),
            freezes: G::Freezes::default(),
            side,
            outcome: None,
            turn,
            key: 0,
        };
        p.key = G::teams()
            .as_ref()
            .iter()
            .fold(zobrist::to_move::<G>(side), |k, &t| k ^ zobrist::empty_reserves::<G>(t));
        p
    }

    /// The catalogue this position's kinds refer to.
    #[inline]
    pub fn catalogue(&self) -> &'static Catalogue {
        self.cat
    }

    /// Side to move.
    #[inline]
    pub fn side_to_move(&self) -> G::Team {
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
    pub fn pool(&self, side: G::Team) -> u8 {
        self.pools[side]
    }

    /// The position after `side` has spent `amount` gyullas of its pool (at most all of it) on something off
    /// the board, such as a bid stake (F25), which changes what its actions can pay for (R19).
    pub fn after_spending(&self, side: G::Team, amount: u8) -> Self {
        let mut p = *self;
        p.spend(side, amount.min(self.pools[side]));
        p
    }

    /// A side's keep.
    #[inline]
    pub fn keep(&self, side: G::Team) -> &PieceSet {
        &self.keeps[side]
    }

    /// A side's graveyard.
    #[inline]
    pub fn grave(&self, side: G::Team) -> &Graveyard {
        &self.graves[side]
    }

    /// How the game ended on the board, if it did.
    #[inline]
    pub fn outcome(&self) -> Option<OutcomeOf<G>> {
        self.outcome
    }

    /// Squares held by a side.
    #[inline]
    pub fn side_bb(&self, side: G::Team) -> BitboardOf<G> {
        self.sides[side]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> BitboardOf<G> {
        self.sides.iter().fold(BitboardOf::EMPTY, |b, &s| b | s)
    }

    /// Squares with a Maseitai, either side's.
    #[inline]
    pub fn maseitai_bb(&self) -> BitboardOf<G> {
        self.maseitai
    }

    /// Squares with a Gulled, either side's.
    #[inline]
    pub fn gulled_bb(&self) -> BitboardOf<G> {
        self.black_gulled | self.red_gulled
    }

    /// Squares with a red Gulled, either side's.
    #[inline]
    pub fn red_gulled_bb(&self) -> BitboardOf<G> {
        self.red_gulled
    }

    /// Squares with a dratped piece.
    #[inline]
    pub fn dratped_bb(&self) -> BitboardOf<G> {
        self.dratped
    }

    /// Where a side's Navia stands, if on the board.
    #[inline]
    pub fn navia_square(&self, side: G::Team) -> Option<SquareOf<G>> {
        (self.navias & self.sides[side]).first()
    }

    /// The kind of the Navia or Maseitai on `sq` (meaningless for other squares).
    #[inline]
    pub fn kind_at(&self, sq: SquareOf<G>) -> Kind {
        self.kinds[sq]
    }

    /// What stands on `sq`.
    pub fn piece_at(&self, sq: SquareOf<G>) -> Option<PlacedOf<G>> {
        let side = G::teams().as_ref().iter().copied().find(|&t| self.sides[t].has(sq))?;
        let piece = if self.black_gulled.has(sq) {
            Piece::BlackGulled
        } else if self.red_gulled.has(sq) {
            Piece::RedGulled
        } else if self.navias.has(sq) {
            Piece::Navia(self.kinds[sq])
        } else {
            Piece::Maseitai(self.kinds[sq])
        };
        Some(PlacedOf {
            side,
            piece,
            dratped: self.dratped.has(sq),
        })
    }

    /// The freezes in force, in square order.
    pub fn freeze_list(&self) -> Vec<FreezeOf<G>> {
        let mut v: Vec<FreezeOf<G>> = self.freezes.as_ref().iter().flatten().copied().collect();
        v.sort();
        v
    }

    /// Squares of pieces frozen by a freeze.
    #[inline]
    pub fn frozen(&self) -> BitboardOf<G> {
        self.freezes
            .as_ref()
            .iter()
            .flatten()
            .fold(BitboardOf::EMPTY, |b, f| b | f.target.bb())
    }

    /// Record a freeze; false when all slots are taken.
    pub(super) fn add_freeze(&mut self, f: FreezeOf<G>) -> bool {
        match self.freezes.as_mut().iter_mut().find(|x| x.is_none()) {
            Some(slot) => {
                *slot = Some(f);
                self.key ^= zobrist::freeze::<G>(f.by, f.target);
                true
            }
            None => false,
        }
    }

    /// Whether any freeze is in force (the common case is none).
    #[inline]
    pub(super) fn has_freezes(&self) -> bool {
        self.freezes.as_ref().iter().any(Option::is_some)
    }

    /// A piece left `sq` for good: freezes by it or on it end.
    pub(super) fn unfreeze_square(&mut self, sq: SquareOf<G>) {
        for slot in self.freezes.as_mut() {
            if let Some(f) = *slot {
                if f.by == sq || f.target == sq {
                    self.key ^= zobrist::freeze::<G>(f.by, f.target);
                    *slot = None;
                }
            }
        }
    }

    /// Freezes made by the piece on `sq` end (its dratp was undone).
    pub(super) fn unfreeze_by(&mut self, sq: SquareOf<G>) {
        for slot in self.freezes.as_mut() {
            if let Some(f) = *slot {
                if f.by == sq {
                    self.key ^= zobrist::freeze::<G>(f.by, f.target);
                    *slot = None;
                }
            }
        }
    }

    /// Pieces moved (`map` gives each square's new square): freezes follow them.
    pub(super) fn refreeze(&mut self, map: impl Fn(SquareOf<G>) -> SquareOf<G>) {
        for slot in self.freezes.as_mut() {
            if let Some(f) = *slot {
                let g = FreezeOf {
                    by: map(f.by),
                    target: map(f.target),
                };
                if g != f {
                    self.key ^= zobrist::freeze::<G>(f.by, f.target) ^ zobrist::freeze::<G>(g.by, g.target);
                    *slot = Some(g);
                }
            }
        }
    }

    /// The key computed from nothing; equals `key()` in a correct position.
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for sq in SquareOf::<G>::all() {
            if let Some(pl) = self.piece_at(sq) {
                k ^= zobrist::piece::<G>(pl, sq);
            }
        }
        for side in G::teams().as_ref().iter().copied() {
            let i = side;
            k ^= zobrist::pool::<G>(side, self.pools[i]);
            for kind in self.keeps[i].distinct() {
                for n in 1..=self.keeps[i].count(kind) {
                    k ^= zobrist::keep::<G>(side, kind, n);
                }
            }
            let g = &self.graves[i];
            for kind in g.maseitai.distinct() {
                for n in 1..=g.maseitai.count(kind) {
                    k ^= zobrist::grave::<G>(side, kind, n);
                }
            }
            k ^= zobrist::grave_gulled::<G>(side, false, g.black);
            k ^= zobrist::grave_gulled::<G>(side, true, g.red);
        }
        k ^= zobrist::to_move::<G>(self.side);
        if matches!(
            self.outcome,
            Some(OutcomeOf {
                reason: WinReason::NaviaGoal,
                ..
            })
        ) {
            k ^= zobrist::goal::<G>();
        }
        for f in self.freezes.as_ref().iter().flatten() {
            k ^= zobrist::freeze::<G>(f.by, f.target);
        }
        k
    }

    // ---- primitive edits, each keeping the key in step ----

    #[inline]
    pub(super) fn put(&mut self, sq: SquareOf<G>, pl: PlacedOf<G>) {
        let b = sq.bb();
        self.sides[pl.side] |= b;
        match pl.piece {
            Piece::BlackGulled => self.black_gulled |= b,
            Piece::RedGulled => self.red_gulled |= b,
            Piece::Navia(k) => {
                self.navias |= b;
                self.kinds[sq] = k;
            }
            Piece::Maseitai(k) => {
                self.maseitai |= b;
                self.kinds[sq] = k;
                if pl.dratped && self.cat.tables(k).aura {
                    self.special |= b;
                }
            }
        }
        if pl.dratped {
            self.dratped |= b;
        }
        self.key ^= zobrist::piece::<G>(pl, sq);
    }

    /// Take whatever stands on `sq` off the board and return it.
    #[inline]
    pub(super) fn take(&mut self, sq: SquareOf<G>) -> Option<PlacedOf<G>> {
        let pl = self.piece_at(sq)?;
        self.lift(sq, pl);
        Some(pl)
    }

    /// Take a piece known to stand on `sq` off the board (`take` without looking it up).
    #[inline]
    pub(super) fn lift(&mut self, sq: SquareOf<G>, pl: PlacedOf<G>) {
        let nb = !sq.bb();
        self.sides[pl.side] &= nb;
        self.black_gulled &= nb;
        self.red_gulled &= nb;
        self.navias &= nb;
        self.maseitai &= nb;
        self.dratped &= nb;
        self.special &= nb;
        self.key ^= zobrist::piece::<G>(pl, sq);
    }

    #[inline]
    pub(super) fn set_pool(&mut self, side: G::Team, v: u8) {
        let i = side;
        self.key ^= zobrist::pool::<G>(side, self.pools[i]) ^ zobrist::pool::<G>(side, v);
        self.pools[i] = v;
    }

    /// R12: gains come from the vault, so a pool never passes `VAULT_CAP`.
    #[inline]
    pub(super) fn earn(&mut self, side: G::Team, n: u32) {
        let v = (self.pools[side] as u32 + n).min(VAULT_CAP as u32) as u8;
        self.set_pool(side, v);
    }

    #[inline]
    pub(super) fn spend(&mut self, side: G::Team, n: u8) {
        let v = self.pools[side] - n;
        self.set_pool(side, v);
    }

    pub(super) fn keep_insert(&mut self, side: G::Team, kind: Kind) -> bool {
        let i = side;
        if !self.keeps[i].insert(kind) {
            return false;
        }
        self.key ^= zobrist::keep::<G>(side, kind, self.keeps[i].count(kind));
        true
    }

    pub(super) fn keep_remove(&mut self, side: G::Team, kind: Kind) {
        let i = side;
        if let Some(n) = self.keeps[i].remove(kind) {
            self.key ^= zobrist::keep::<G>(side, kind, n);
        }
    }

    pub(super) fn grave_insert(&mut self, side: G::Team, kind: Kind) -> bool {
        let i = side;
        if !self.graves[i].maseitai.insert(kind) {
            return false;
        }
        self.key ^= zobrist::grave::<G>(side, kind, self.graves[i].maseitai.count(kind));
        true
    }

    pub(super) fn grave_remove(&mut self, side: G::Team, kind: Kind) {
        let i = side;
        if let Some(n) = self.graves[i].maseitai.remove(kind) {
            self.key ^= zobrist::grave::<G>(side, kind, n);
        }
    }

    pub(super) fn set_grave_gulled(&mut self, side: G::Team, black: u8, red: u8) {
        let i = side;
        let g = &mut self.graves[i];
        self.key ^= zobrist::grave_gulled::<G>(side, false, g.black) ^ zobrist::grave_gulled::<G>(side, false, black);
        self.key ^= zobrist::grave_gulled::<G>(side, true, g.red) ^ zobrist::grave_gulled::<G>(side, true, red);
        g.black = black;
        g.red = red;
    }

    pub(super) fn set_outcome(&mut self, o: OutcomeOf<G>) {
        if o.reason == WinReason::NaviaGoal {
            self.key ^= zobrist::goal::<G>();
        }
        self.outcome = Some(o);
    }

    #[inline]
    pub(super) fn pass_turn(&mut self) {
        let next = G::next_team(self.side);
        // A new turn starts when the first team is to move again.
        if next.slot() == 0 {
            self.turn = self.turn.saturating_add(1);
        }
        self.set_to_move(next);
    }

    /// Put `t` to move, the key in step.
    #[inline]
    pub(super) fn set_to_move(&mut self, t: G::Team) {
        self.key ^= zobrist::to_move::<G>(self.side) ^ zobrist::to_move::<G>(t);
        self.side = t;
    }
}

/// Every Navia id stands as a Navia and every Maseitai id as a Maseitai; no Gulled is dratped.
fn check_classes(cat: &Catalogue, s: &Setup) -> Result<(), SetupError> {
    let class_ok = |k: Kind, want: PieceClass, at: Holder| {
        let def = cat.get(k);
        if def.code.class == want {
            Ok(())
        } else {
            Err(SetupError::WrongClass {
                id: def.code,
                navia: def.is_navia(),
                at,
            })
        }
    };
    for sq in Square::all() {
        let Some(pl) = s.board[sq.index()] else { continue };
        match pl.piece {
            Piece::BlackGulled | Piece::RedGulled if pl.dratped => return Err(SetupError::DratpedGulled(sq)),
            Piece::BlackGulled | Piece::RedGulled => {}
            Piece::Maseitai(k) => class_ok(k, PieceClass::Maseitai, Holder::BoardMaseitai)?,
            Piece::Navia(k) => class_ok(k, PieceClass::Navia, Holder::BoardNavia)?,
        }
    }
    for side in Side::BOTH {
        for &k in &s.keeps[side.index()] {
            class_ok(k, PieceClass::Maseitai, Holder::Keep)?;
        }
        for &k in &s.graves[side.index()].maseitai {
            class_ok(k, PieceClass::Maseitai, Holder::Graveyard)?;
        }
    }
    Ok(())
}

/// What one list may hold: a keep at most one force's Maseitai, a graveyard at most the game's pieces of each
/// sort (D15), a pool at most the vault cap (R12).
fn check_limits(s: &Setup) -> Result<(), SetupError> {
    for side in Side::BOTH {
        let i = side.index();
        if s.keeps[i].len() > PieceSet::CAPACITY {
            return Err(SetupError::KeepFull(side));
        }
        let g = &s.graves[i];
        for (n, what, max) in [
            (g.black as usize, "black Gulled", BLACK_GULLED_PER_GAME),
            (g.red as usize, "red Gulled", RED_GULLED_PER_GAME),
            (g.maseitai.len(), "Maseitai", MASEITAI_PER_GAME),
        ] {
            if n > max {
                return Err(SetupError::GraveFull { side, what, max });
            }
        }
        if s.pools[i] > VAULT_CAP {
            return Err(SetupError::Pool(s.pools[i] as u32, side));
        }
    }
    Ok(())
}

/// R6, D15: the game's totals, counted field by field so the error names the field that goes over.
fn check_totals(s: &Setup) -> Result<(), SetupError> {
    let on_board = |f: fn(&Piece) -> bool| s.board.iter().flatten().filter(|p| f(&p.piece)).count();
    let board_black = on_board(|p| matches!(p, Piece::BlackGulled));
    let board_red = on_board(|p| matches!(p, Piece::RedGulled));
    let board_maseitai = on_board(|p| matches!(p, Piece::Maseitai(_)));
    let keep_maseitai = s.keeps[0].len() + s.keeps[1].len();
    let grave_black: usize = s.graves.iter().map(|g| g.black as usize).sum();
    let grave_red: usize = s.graves.iter().map(|g| g.red as usize).sum();
    let grave_maseitai: usize = s.graves.iter().map(|g| g.maseitai.len()).sum();
    let all_maseitai = board_maseitai + keep_maseitai + grave_maseitai;
    for (n, what, max, field) in [
        (board_black, "black Gulled", BLACK_GULLED_PER_GAME, NfenField::Board),
        (board_red, "red Gulled", RED_GULLED_PER_GAME, NfenField::Board),
        (board_maseitai, "Maseitai", MASEITAI_PER_GAME, NfenField::Board),
        (
            board_maseitai + keep_maseitai,
            "Maseitai",
            MASEITAI_PER_GAME,
            NfenField::Keeps,
        ),
        (
            board_black + grave_black,
            "black Gulled",
            BLACK_GULLED_PER_GAME,
            NfenField::Graveyards,
        ),
        (
            board_red + grave_red,
            "red Gulled",
            RED_GULLED_PER_GAME,
            NfenField::Graveyards,
        ),
        (all_maseitai, "Maseitai", MASEITAI_PER_GAME, NfenField::Graveyards),
    ] {
        if n > max {
            return Err(SetupError::Totals { n, what, max, field });
        }
    }
    Ok(())
}

/// D14: at most one goal, and the side that made it has no Navia on the board.
fn check_goals(s: &Setup) -> Result<(), SetupError> {
    let goals = s.goals();
    if goals.len() > 1 {
        return Err(SetupError::TwoGoals);
    }
    for side in goals {
        let on_board = s
            .board
            .iter()
            .flatten()
            .any(|p| p.side == side && matches!(p.piece, Piece::Navia(_)));
        if on_board {
            return Err(SetupError::GoalWithNavia(side));
        }
    }
    Ok(())
}
