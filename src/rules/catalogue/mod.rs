//! The piece catalogue: every Navia and Maseitai described as data (R10).
//!
//! The catalogue is parsed from a text file (see `CATALOGUE.md`); the built-in
//! one is embedded in the binary. Movement grids are turned into per-square
//! tables once, when a catalogue is built, so move generation never reads the
//! mark lists.

mod format;
mod tables;

pub use format::{CatalogueError, ParseIssue};
pub use tables::{FaceTables, Faces, KindTables, Ray};

use std::fmt;

use super::cross::Cross;
use super::duel::Duel;

/// The text of the built-in catalogue.
pub const BUILTIN_TEXT: &str = include_str!("../../../catalogue/default.cat");

/// The most pieces one catalogue may hold (indices fit in a byte, Zobrist tables stay small).
pub const MAX_KINDS: usize = 120;

/// Navia or Maseitai: the two kinds of catalogue piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceClass {
    /// A player's king-like piece (R9).
    Navia,
    /// A summonable battle piece (R10).
    Maseitai,
}

/// A catalogue id as printed on the checklist and in NFEN: `N01`, `M06`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct PieceCode {
    /// Navia or Maseitai.
    pub class: PieceClass,
    /// The checklist number (1 or more).
    pub number: u16,
}

impl fmt::Display for PieceCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.class {
            PieceClass::Navia => 'N',
            PieceClass::Maseitai => 'M',
        };
        write!(f, "{letter}{:02}", self.number)
    }
}

/// Index of a piece in a loaded catalogue; catalogue order is id order, so
/// comparing kinds compares ids.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    /// The index as usize.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The marks a compass can carry (R10).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MarkKind {
    /// A fixed square, reached whatever stands between.
    Step,
    /// Any number of squares in a direction until blocked.
    Slide,
    /// A slide that may pass over exactly one piece.
    Jump,
    /// A slide that may reflect once off the board edge.
    Bounce,
    /// A square an effect refers to; not a move.
    Dot,
}

/// One mark: a kind and an offset for the owner (dx to the right, dy forward).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Mark {
    /// What the mark means.
    pub kind: MarkKind,
    /// Offset to the owner's right.
    pub dx: i8,
    /// Offset toward the opponent.
    pub dy: i8,
}

/// One face of a compass: a list of marks.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Compass {
    /// The marks, in file order.
    pub marks: Vec<Mark>,
}

/// Which pieces an effect may pick.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Target {
    /// The effect's own piece.
    Itself,
    /// Any Gulled or Maseitai on the board, either side's, other than the effect's piece.
    AnyBattle,
    /// One of the owner's own Gulled or Maseitai, the effect's piece included.
    OwnBattle,
    /// Any Maseitai on the board, either side's, other than the effect's piece.
    AnyMaseitai,
}

/// Which empty squares an effect may place a piece on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Place {
    /// The squares the effect piece's compass marks with a dot.
    Dots,
    /// Any empty square.
    AnyEmpty,
    /// The owner's summon squares (R3).
    OwnSummon,
    /// The eight squares around the owner's Navia.
    NaviaRing,
    /// The opponent's summon squares (R3).
    EnemySummon,
}

/// A fixed pattern of squares around the effect's piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Area {
    /// Every square of the piece's file.
    File,
    /// The 3×3 block centred on the piece.
    Block,
}

/// Whose dratps an undo flips back.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Scope {
    /// The effect's own piece.
    Itself,
    /// Every other Maseitai on the board, either side's.
    Others,
}

/// One step of an effect; the engine resolves them in order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EffectStep {
    /// Send one chosen piece to its owner's graveyard; no gyullas (R14).
    Remove(Target),
    /// Send every battle piece in an area (not the effect's piece, never a Navia) to its owner's graveyard.
    RemoveArea(Area),
    /// The effect's piece goes to its owner's graveyard.
    Sacrifice,
    /// Bring one of the owner's Maseitai from their graveyard onto a chosen empty square.
    Revive(Place),
    /// Bring the owner's black Gulled from their graveyard onto the empty squares of their second rank.
    ReviveGulled,
    /// Take one battle piece from the opponent's graveyard and put it, now the owner's, on a chosen empty square.
    Steal(Place),
    /// Move a chosen piece to a chosen empty square; `optional` lets the player decline.
    Relocate {
        /// Which piece moves.
        who: Target,
        /// Where it may go.
        to: Place,
        /// Whether the player may decline.
        optional: bool,
    },
    /// Exchange the squares of two chosen pieces.
    Swap(Target),
    /// Put one chosen Maseitai back into its owner's keep, undratped.
    ReturnToKeep(Target),
    /// The chosen piece can neither move nor dratp nor invoke while the effect's piece stays on the board.
    Freeze(Target),
    /// Flip dratped compasses back to their undratped side.
    Undo(Scope),
    /// The owner earns N (vault-capped, R12).
    Gain(u8),
    /// The opponent loses N (down to 0).
    Drain(u8),
    /// The owner earns 1 per battle piece lying in the two graveyards together.
    GainPerGrave,
    /// Every black Gulled of the owner that can step forward does; captures pay, steps do not.
    AdvanceGulled,
    /// The owner makes up to N further moves of battle pieces (not the effect's piece).
    ExtraMoves(u8),
}

/// A continuous effect that holds while the piece stands dratped on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Passive {
    /// When the opponent's move or effect sends this piece to the graveyard, its owner earns N.
    Bounty(u8),
    /// Every move this piece makes earns its owner N.
    MoveIncome(u8),
    /// Every move of any of the owner's battle pieces earns the owner N.
    BattleMoveIncome(u8),
    /// Moves cannot take this piece (R20); effects still can.
    Immortal,
    /// The piece cannot move.
    Immobile,
    /// Gyullas this piece earns by taking battle pieces are doubled.
    DoubleRewards,
    /// The owner's battle pieces on this piece's dot squares cannot be taken by moves.
    ProtectDots,
    /// An enemy piece that takes this one by a move goes to its graveyard when that turn ends.
    Revenge,
    /// The empty dot squares of this piece are extra summon squares of its owner.
    SummonDots,
    /// While on an enemy summon square: it cannot be taken by moves, and the opponent cannot summon onto its dot
    /// squares except with Navia Guards.
    Outpost,
}

/// A paid effect used after the dratp (R18).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Invoke {
    /// Gyullas paid per use (halved, rounded up, in the reduction zone).
    pub cost: u8,
    /// What one use does.
    pub step: EffectStep,
}

/// Everything a dratp unlocks besides the new grid.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Effect {
    /// Resolved at once, in order, as part of the dratp (R17).
    pub on_dratp: Vec<EffectStep>,
    /// Available once per turn after the dratp (R18).
    pub invoke: Option<Invoke>,
    /// Continuous effects while dratped on the board.
    pub passives: Vec<Passive>,
}

/// One catalogue entry.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PieceDef {
    /// Checklist id.
    pub code: PieceCode,
    /// Printed name.
    pub name: String,
    /// Other spellings accepted when parsing names.
    pub aliases: Vec<String>,
    /// The set it was sold in.
    pub set: String,
    /// Dratp cost = reward for taking it (R13, R17); 60 for a Navia (R19).
    pub cost: u8,
    /// Navia Guard: summoned next to its own Navia (R16).
    pub navia_guard: bool,
    /// The grid was designed by this project, not read off the real compass.
    pub provisional: bool,
    /// The compass before dratp.
    pub before: Compass,
    /// The compass after dratp.
    pub after: Compass,
    /// The dratp effect.
    pub effect: Effect,
    /// Free text: sources, decisions taken for vague effect notes.
    pub notes: Vec<String>,
}

impl PieceDef {
    /// The compass face in use: `after` once dratped.
    pub fn compass(&self, dratped: bool) -> &Compass {
        if dratped {
            &self.after
        } else {
            &self.before
        }
    }

    /// Whether this is a Navia.
    pub fn is_navia(&self) -> bool {
        self.code.class == PieceClass::Navia
    }
}

/// A loaded catalogue: entries in id order plus derived move tables.
#[derive(Debug)]
pub struct Catalogue {
    entries: Vec<PieceDef>,
    tables: Vec<KindTables>,
    /// By kind: the compass faces on the two-player board.
    duel: Vec<Faces<Duel>>,
    /// By kind: the compass faces on the cross, built on first use so the duel never pays for them.
    cross: std::sync::OnceLock<Vec<Faces<Cross>>>,
    /// Dratp costs by kind, apart from the large entries: the evaluation reads them at every node.
    costs: Vec<u8>,
    /// By kind: whether its dratp effect, and its invoke, make moves (`EffectStep::makes_moves`).
    moving: Vec<[bool; 2]>,
}

impl Catalogue {
    /// Build a catalogue from entries; sorts them by id and rejects duplicates.
    pub fn from_entries(mut entries: Vec<PieceDef>) -> Result<Catalogue, CatalogueError> {
        entries.sort_by_key(|e| e.code);
        if let Some(w) = entries.windows(2).find(|w| w[0].code == w[1].code) {
            return Err(CatalogueError::single(0, format!("id {} is defined twice", w[0].code)));
        }
        if entries.len() > MAX_KINDS {
            return Err(CatalogueError::single(
                0,
                format!("{} pieces; a catalogue holds at most {MAX_KINDS}", entries.len()),
            ));
        }
        let tables = entries.iter().map(KindTables::build).collect();
        let duel = entries.iter().map(Faces::build).collect();
        let costs = entries.iter().map(|e| e.cost).collect();
        let moving = entries
            .iter()
            .map(|e| {
                [
                    e.effect.on_dratp.iter().any(EffectStep::makes_moves),
                    e.effect.invoke.as_ref().is_some_and(|i| i.step.makes_moves()),
                ]
            })
            .collect();
        Ok(Catalogue {
            entries,
            tables,
            duel,
            cross: std::sync::OnceLock::new(),
            costs,
            moving,
        })
    }

    /// Parse a catalogue file; a malformed file is refused whole.
    pub fn parse(text: &str) -> Result<Catalogue, CatalogueError> {
        Catalogue::from_entries(format::parse_entries(text)?)
    }

    /// The built-in catalogue, interned for the life of the process.
    pub fn builtin() -> &'static Catalogue {
        static BUILTIN: std::sync::OnceLock<&'static Catalogue> = std::sync::OnceLock::new();
        BUILTIN.get_or_init(|| {
            Catalogue::parse(BUILTIN_TEXT)
                .map(Catalogue::intern)
                .unwrap_or_else(|e| panic!("the built-in catalogue is broken: {e}"))
        })
    }

    /// Keep a catalogue for the life of the process so positions can refer to it
    /// by a plain reference (positions stay `Copy`). Loading is rare: a few KiB each time.
    pub fn intern(self) -> &'static Catalogue {
        Box::leak(Box::new(self))
    }

    /// All entries in id order.
    pub fn entries(&self) -> &[PieceDef] {
        &self.entries
    }

    /// Kinds of all entries, in id order.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        (0..self.entries.len()).map(|i| Kind(i as u8))
    }

    /// The entry of a kind.
    #[inline]
    pub fn get(&self, kind: Kind) -> &PieceDef {
        &self.entries[kind.index()]
    }

    /// The dratp cost of a kind (`get(kind).cost`).
    #[inline]
    pub fn cost(&self, kind: Kind) -> u8 {
        self.costs[kind.index()]
    }

    /// Whether the kind's dratp effect (`invoke` false) or its invoke (`invoke` true) makes moves.
    #[inline]
    pub fn effect_makes_moves(&self, kind: Kind, invoke: bool) -> bool {
        self.moving[kind.index()][invoke as usize]
    }

    /// The passives of a kind.
    #[inline]
    pub fn tables(&self, kind: Kind) -> &KindTables {
        &self.tables[kind.index()]
    }

    /// The compass faces of a kind on the two-player board.
    #[inline]
    pub fn duel_faces(&self, kind: Kind) -> &Faces<Duel> {
        &self.duel[kind.index()]
    }

    /// The compass faces of a kind on the four-player cross (F3).
    #[inline]
    pub fn cross_faces(&self, kind: Kind) -> &Faces<Cross> {
        &self
            .cross
            .get_or_init(|| self.entries.iter().map(Faces::build).collect())[kind.index()]
    }

    /// The kind with this id.
    pub fn find(&self, code: PieceCode) -> Option<Kind> {
        self.entries
            .binary_search_by_key(&code, |e| e.code)
            .ok()
            .map(|i| Kind(i as u8))
    }

    /// The kind whose name or alias matches `name` (case-insensitive, spaces and
    /// punctuation ignored), or whose id is `name`.
    pub fn find_by_name(&self, name: &str) -> Option<Kind> {
        let norm = |s: &str| {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect::<String>()
        };
        let want = norm(name);
        self.entries
            .iter()
            .position(|e| {
                norm(&e.code.to_string()) == want || norm(&e.name) == want || e.aliases.iter().any(|a| norm(a) == want)
            })
            .map(|i| Kind(i as u8))
    }

    /// The catalogue in its file format; parsing the text gives the same catalogue.
    pub fn to_text(&self) -> String {
        format::print_entries(&self.entries)
    }
}
