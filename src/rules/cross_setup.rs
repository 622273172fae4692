//! Positions on the cross (F35): the plain `CrossSetup`, the one checker `PositionOf::<Cross>::from_cross_setup`,
//! the board field of NFEN4 (field 1: a nom parser and its one canonical printer) and the start setup (F12, F36).
//! The other NFEN4 fields are the round's (`round::notation`).

use nom::branch::alt;
use nom::bytes::complete::take_while;
use nom::character::complete::{char, digit1, one_of};
use nom::combinator::{all_consuming, map, map_opt, opt, value};
use nom::multi::{many0, separated_list1};
use nom::sequence::{delimited, pair};
use nom::IResult;
use thiserror::Error;

use super::catalogue::{Catalogue, Kind, PieceClass, PieceCode};
use super::constants::VAULT_CAP;
use super::cross::{back_rank, navia_square, Cross};
use super::forces::Force;
use super::geometry::Geometry;
use super::notation::resolve_id;
use super::piece::{Piece, PieceSet, PlacedOf};
use super::position::{FreezeOf, GraveSetup, OutcomeOf, PositionOf, WinReason, MAX_FREEZES};
use super::seat::Seat;
use super::square::{BitboardOf, SquareOf};

/// Square indices of the cross, holes included.
const SLOTS: usize = Cross::SQUARES;

/// F35: black Gulled in a four-player game (7 per force, R6).
pub const BLACK_GULLED_PER_GAME4: usize = 28;
/// F35: red Gulled in a four-player game (2 per force).
pub const RED_GULLED_PER_GAME4: usize = 8;
/// F35: Maseitai in a four-player game (7 per force).
pub const MASEITAI_PER_GAME4: usize = 28;
/// F35: Navias on the board, always (a taken Navia changes team, F14; none ever leaves, F8).
pub const NAVIAS4: usize = 4;

/// A cross position in plain form, unchecked: `PositionOf::<Cross>::from_cross_setup` alone decides whether it
/// is a position the game can reach.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CrossSetup {
    /// What stands on each square index (holes must stay empty).
    pub board: [Option<PlacedOf<Cross>>; SLOTS],
    /// The seat whose actions `legal_actions` lists.
    pub side: Seat,
    /// Pools in seat order (F9).
    pub pools: [u8; 4],
    /// Keeps in seat order, any order within.
    pub keeps: [Vec<Kind>; 4],
    /// Graveyards in seat order.
    pub graves: [GraveSetup; 4],
    /// Freezes in force (D16).
    pub freezes: Vec<FreezeOf<Cross>>,
}

/// Why a cross setup is not a position that can arise (F35). Each message is one line.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum CrossSetupError {
    /// F35: the board holds other than four Navias.
    #[error("{0} Navias on the board; there are always exactly {NAVIAS4} (F35)")]
    NaviaCount(usize),
    /// A piece on an index that is no square of the cross (F1).
    #[error("a piece on slot {0}, which is not a square of the cross (F1)")]
    Hole(usize),
    /// A Navia id used as a Maseitai or the reverse.
    #[error("{id} is a {is}, not allowed {at}", is = if *.navia { "Navia" } else { "Maseitai" })]
    WrongClass {
        /// The piece's catalogue id.
        id: PieceCode,
        /// Whether the catalogue says it is a Navia.
        navia: bool,
        /// Where it was found, in words.
        at: &'static str,
    },
    /// A Gulled marked dratped (Gulled have no compass to flip).
    #[error("a Gulled on {0} cannot be dratped")]
    DratpedGulled(SquareOf<Cross>),
    /// A keep longer than a list can hold.
    #[error("more than {max} Maseitai in {seat}'s keep", max = PieceSet::CAPACITY, seat = .0.name())]
    KeepFull(Seat),
    /// A graveyard holding more of one sort of piece than it can.
    #[error("more than {max} {what} in {seat}'s graveyard (D15)", seat = .seat.name())]
    GraveFull {
        /// Whose graveyard.
        seat: Seat,
        /// What sort of piece.
        what: &'static str,
        /// The most it can hold.
        max: usize,
    },
    /// F35: more pieces of a sort than the four forces bring, over board, keeps and graveyards.
    #[error("{n} {what} in the game (at most {max}, F35)")]
    Totals {
        /// How many the setup holds.
        n: usize,
        /// What sort of piece.
        what: &'static str,
        /// The game's total.
        max: usize,
        /// The NFEN4 field whose pieces went over (see `field`).
        field: &'static str,
    },
    /// A pool above the vault cap (R12, F13).
    #[error("pool of {0} for {seat} (0 to {VAULT_CAP}, F13)", seat = .1.name())]
    Pool(u8, Seat),
    /// A freeze whose squares do not hold two different battle pieces (D16).
    #[error("freeze:{}{} needs two different battle pieces on those squares (D16)", .0.by, .0.target)]
    FreezeSquares(FreezeOf<Cross>),
    /// More freezes than the position holds: one per Kanaba of four forces (D16).
    #[error("more than {} freezes", 2 * MAX_FREEZES)]
    TooManyFreezes,
    /// F35: a finished game shows one way it ended: three Navia on one team (F28) or one dratped Navia (F29).
    #[error("more than one way the game has ended: three Navia on one team or a dratped Navia, not both (F35)")]
    TwoEnds,
}

/// NFEN4 field names (F35), as `CrossSetupError::field` gives them.
const BOARD: &str = "board";
const POOLS: &str = "pools";
const KEEPS: &str = "keeps";
const GRAVEYARDS: &str = "graveyards";
const EFFECTS: &str = "effects";

impl CrossSetupError {
    /// The NFEN4 field the error lies in (F35): `board`, `pools`, `keeps`, `graveyards` or `effects`.
    pub fn field(&self) -> &'static str {
        match self {
            CrossSetupError::NaviaCount(_)
            | CrossSetupError::Hole(_)
            | CrossSetupError::DratpedGulled(_)
            | CrossSetupError::TwoEnds => BOARD,
            CrossSetupError::WrongClass { at, .. } => match *at {
                IN_KEEP => KEEPS,
                IN_GRAVEYARD => GRAVEYARDS,
                _ => BOARD,
            },
            CrossSetupError::KeepFull(_) => KEEPS,
            CrossSetupError::GraveFull { .. } => GRAVEYARDS,
            CrossSetupError::Totals { field, .. } => field,
            CrossSetupError::Pool(..) => POOLS,
            CrossSetupError::FreezeSquares(_) | CrossSetupError::TooManyFreezes => EFFECTS,
        }
    }
}

/// The words for where a piece of a setup lies, for `WrongClass`.
const ON_BOARD_AS_MASEITAI: &str = "on the board as a Maseitai";
const ON_BOARD_AS_NAVIA: &str = "on the board as a Navia";
const IN_KEEP: &str = "in a keep";
const IN_GRAVEYARD: &str = "in a graveyard";

impl PositionOf<Cross> {
    /// Build and check a cross position from its plain form: the one place that decides whether a setup is a
    /// position the four-player game can reach (F35). Checks in order: holes empty, piece classes, per-list
    /// limits and pools, the game's totals, exactly four Navias, freezes (D16), then the result shown on the
    /// board: a team holding three Navia won (F28), or a dratped Navia's team did (F29).
    pub fn from_cross_setup(cat: &'static Catalogue, s: &CrossSetup) -> Result<PositionOf<Cross>, CrossSetupError> {
        let hole = |i: usize| !BitboardOf::<Cross>::FULL.has(SquareOf::from_index(i));
        if let Some(i) = (0..SLOTS).find(|&i| s.board[i].is_some() && hole(i)) {
            return Err(CrossSetupError::Hole(i));
        }
        check_classes(cat, s)?;
        check_limits(s)?;
        check_totals(s)?;
        let navias = s
            .board
            .iter()
            .flatten()
            .filter(|p| matches!(p.piece, Piece::Navia(_)))
            .count();
        if navias != NAVIAS4 {
            return Err(CrossSetupError::NaviaCount(navias));
        }
        let mut p = PositionOf::<Cross>::empty(cat, s.side, 1);
        for sq in SquareOf::<Cross>::all() {
            if let Some(pl) = s.board[sq.index()] {
                p.put(sq, pl);
            }
        }
        for seat in Seat::ALL {
            let i = seat.index();
            p.set_pool(seat, s.pools[i]);
            for &k in &s.keeps[i] {
                p.keep_insert(seat, k);
            }
            let g = &s.graves[i];
            p.set_grave_gulled(seat, g.black, g.red);
            for &k in &g.maseitai {
                p.grave_insert(seat, k);
            }
        }
        for &f in &s.freezes {
            let battle = |sq: SquareOf<Cross>| {
                s.board
                    .get(sq.index())
                    .copied()
                    .flatten()
                    .is_some_and(|pl| pl.piece.is_battle())
            };
            if !battle(f.by) || !battle(f.target) || f.by == f.target {
                return Err(CrossSetupError::FreezeSquares(f));
            }
            if !p.add_freeze(f) {
                return Err(CrossSetupError::TooManyFreezes);
            }
        }
        let three = Seat::ALL.into_iter().find(|&t| p.navias_held(t) >= 3);
        let dratped: Vec<Seat> = (p.navias & p.dratped)
            .filter_map(|sq| p.piece_at(sq))
            .map(|pl| pl.side)
            .collect();
        let result = match (three, dratped.as_slice()) {
            (None, []) => None,
            (Some(winner), []) => Some((winner, WinReason::ThreeNavia)),
            (None, &[winner]) => Some((winner, WinReason::NaviaDratp)),
            _ => return Err(CrossSetupError::TwoEnds),
        };
        if let Some((winner, reason)) = result {
            p.set_outcome(OutcomeOf { winner, reason });
        }
        debug_assert_eq!(p.key, p.compute_key());
        Ok(p)
    }

    /// The plain form of this position; `from_cross_setup` of it gives the position back.
    pub fn to_cross_setup(&self) -> CrossSetup {
        let mut board = [None; SLOTS];
        for sq in SquareOf::<Cross>::all() {
            board[sq.index()] = self.piece_at(sq);
        }
        let grave = |seat: Seat| {
            let g = &self.graves[seat];
            GraveSetup {
                black: g.black,
                red: g.red,
                maseitai: g.maseitai.as_slice().to_vec(),
            }
        };
        CrossSetup {
            board,
            side: self.side,
            pools: self.pools.0,
            keeps: Seat::ALL.map(|seat| self.keeps[seat].as_slice().to_vec()),
            graves: Seat::ALL.map(grave),
            freezes: self.freeze_list(),
        }
    }
}

/// Every Navia id stands as a Navia and every Maseitai id as a Maseitai; no Gulled is dratped.
fn check_classes(cat: &Catalogue, s: &CrossSetup) -> Result<(), CrossSetupError> {
    let class_ok = |k: Kind, want: PieceClass, at: &'static str| {
        let def = cat.get(k);
        if def.code.class == want {
            Ok(())
        } else {
            Err(CrossSetupError::WrongClass {
                id: def.code,
                navia: def.is_navia(),
                at,
            })
        }
    };
    for sq in SquareOf::<Cross>::all() {
        let Some(pl) = s.board[sq.index()] else { continue };
        match pl.piece {
            Piece::BlackGulled | Piece::RedGulled if pl.dratped => return Err(CrossSetupError::DratpedGulled(sq)),
            Piece::BlackGulled | Piece::RedGulled => {}
            Piece::Maseitai(k) => class_ok(k, PieceClass::Maseitai, ON_BOARD_AS_MASEITAI)?,
            Piece::Navia(k) => class_ok(k, PieceClass::Navia, ON_BOARD_AS_NAVIA)?,
        }
    }
    for i in 0..4 {
        for &k in &s.keeps[i] {
            class_ok(k, PieceClass::Maseitai, IN_KEEP)?;
        }
        for &k in &s.graves[i].maseitai {
            class_ok(k, PieceClass::Maseitai, IN_GRAVEYARD)?;
        }
    }
    Ok(())
}

/// What one list may hold: a keep or a graveyard's Maseitai at most a list's capacity, a graveyard's Gulled at
/// most the game's (D15, F35), a pool at most the vault cap (R12, F13).
fn check_limits(s: &CrossSetup) -> Result<(), CrossSetupError> {
    for seat in Seat::ALL {
        let i = seat.index();
        if s.keeps[i].len() > PieceSet::CAPACITY {
            return Err(CrossSetupError::KeepFull(seat));
        }
        let g = &s.graves[i];
        for (n, what, max) in [
            (g.black as usize, "black Gulled", BLACK_GULLED_PER_GAME4),
            (g.red as usize, "red Gulled", RED_GULLED_PER_GAME4),
            (g.maseitai.len(), "Maseitai", PieceSet::CAPACITY),
        ] {
            if n > max {
                return Err(CrossSetupError::GraveFull { seat, what, max });
            }
        }
        if s.pools[i] > VAULT_CAP {
            return Err(CrossSetupError::Pool(s.pools[i], seat));
        }
    }
    Ok(())
}

/// F35: at most 28 black and 8 red Gulled and 28 Maseitai in the whole game (board, keeps and graveyards),
/// counted field by field so the error names the field that goes over.
fn check_totals(s: &CrossSetup) -> Result<(), CrossSetupError> {
    let on_board = |f: fn(&Piece) -> bool| s.board.iter().flatten().filter(|p| f(&p.piece)).count();
    let board_black = on_board(|p| matches!(p, Piece::BlackGulled));
    let board_red = on_board(|p| matches!(p, Piece::RedGulled));
    let board_maseitai = on_board(|p| matches!(p, Piece::Maseitai(_)));
    let keep_maseitai: usize = s.keeps.iter().map(Vec::len).sum();
    let grave_black: usize = s.graves.iter().map(|g| g.black as usize).sum();
    let grave_red: usize = s.graves.iter().map(|g| g.red as usize).sum();
    let grave_maseitai: usize = s.graves.iter().map(|g| g.maseitai.len()).sum();
    for (n, what, max, field) in [
        (board_black, "black Gulled", BLACK_GULLED_PER_GAME4, BOARD),
        (board_red, "red Gulled", RED_GULLED_PER_GAME4, BOARD),
        (board_maseitai, "Maseitai", MASEITAI_PER_GAME4, BOARD),
        (board_maseitai + keep_maseitai, "Maseitai", MASEITAI_PER_GAME4, KEEPS),
        (
            board_black + grave_black,
            "black Gulled",
            BLACK_GULLED_PER_GAME4,
            GRAVEYARDS,
        ),
        (board_red + grave_red, "red Gulled", RED_GULLED_PER_GAME4, GRAVEYARDS),
        (
            board_maseitai + keep_maseitai + grave_maseitai,
            "Maseitai",
            MASEITAI_PER_GAME4,
            GRAVEYARDS,
        ),
    ] {
        if n > max {
            return Err(CrossSetupError::Totals { n, what, max, field });
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- board field (F35 field 1)

/// The squares of a 0-based rank, west to east: 7 on ranks 1, 2, 10, 11, 11 on the others (F1).
fn rank_squares(rank: i8) -> impl Iterator<Item = SquareOf<Cross>> {
    (0..Cross::WIDTH).filter_map(move |file| SquareOf::new(file, rank))
}

/// What a piece token names after its seat letter: `B`, `R` or a bracketed id.
#[derive(Clone, Copy)]
enum Body<'a> {
    Black,
    Red,
    Id {
        dratped: bool,
        letter: char,
        digits: &'a str,
    },
}

/// One cell of a rank as written: a run of empty squares (a maximal digit run) or a piece.
enum Cell<'a> {
    Empty(&'a str),
    Piece(Seat, Body<'a>),
}

fn body(i: &str) -> IResult<&str, Body<'_>> {
    alt((
        value(Body::Black, char('B')),
        value(Body::Red, char('R')),
        map(
            delimited(char('['), pair(opt(char('+')), pair(one_of("NM"), digit1)), char(']')),
            |(plus, (letter, digits))| Body::Id {
                dratped: plus.is_some(),
                letter,
                digits,
            },
        ),
    ))(i)
}

fn cell(i: &str) -> IResult<&str, Cell<'_>> {
    alt((
        map(digit1, Cell::Empty),
        map(pair(map_opt(one_of("swne"), Seat::from_letter), body), |(s, b)| {
            Cell::Piece(s, b)
        }),
    ))(i)
}

/// Most characters of input quoted back in a message.
const QUOTE_MAX: usize = 16;

/// Input for a message, cut short.
fn shown(s: &str) -> String {
    if s.chars().count() <= QUOTE_MAX {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(QUOTE_MAX).collect::<String>())
    }
}

/// Parse NFEN4 field 1 (F35): ranks 11 down to 1 separated by `/`, each listing its existing squares west to
/// east; a piece is its seat letter then its token (`sB`, `wR`, `n[N02]`, `e[+M06]`); a run of empty squares
/// is one decimal count 1–11. Syntax and ids only: `from_cross_setup` checks the rest. The error is one line.
pub fn parse_cross_board(text: &str, cat: &Catalogue) -> Result<[Option<PlacedOf<Cross>>; SLOTS], String> {
    let ranks: IResult<&str, Vec<&str>> =
        all_consuming(separated_list1(char('/'), take_while(|c: char| c != '/')))(text);
    let ranks = ranks.map(|(_, r)| r).unwrap_or_default();
    if ranks.len() != Cross::HEIGHT as usize {
        return Err(format!("{} ranks separated by '/', expected 11", ranks.len()));
    }
    let mut board = [None; SLOTS];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = Cross::HEIGHT - 1 - i as i8;
        let name = rank + 1;
        let squares: Vec<SquareOf<Cross>> = rank_squares(rank).collect();
        let width = squares.len();
        if rank_text.is_empty() {
            return Err(format!("rank {name} is empty"));
        }
        let (rest, cells) = many0(cell)(rank_text).unwrap_or((rank_text, Vec::new()));
        if !rest.is_empty() {
            return Err(format!(
                "rank {name}: cannot read '{}'; a cell is a count 1-11 or s, w, n, e then B, R or [id]",
                shown(rest)
            ));
        }
        let mut at = 0;
        for c in cells {
            match c {
                Cell::Empty(digits) => {
                    let n = match digits.parse::<usize>() {
                        Ok(n) if !digits.starts_with('0') && (1..=11).contains(&n) => n,
                        _ => return Err(format!("rank {name}: empty count '{}' is not 1 to 11", shown(digits))),
                    };
                    at += n;
                    if at > width {
                        return Err(format!("rank {name} has more than {width} squares"));
                    }
                }
                Cell::Piece(seat, b) => {
                    let (piece, dratped) = match b {
                        Body::Black => (Piece::BlackGulled, false),
                        Body::Red => (Piece::RedGulled, false),
                        Body::Id {
                            dratped,
                            letter,
                            digits,
                        } => {
                            let (kind, _) = resolve_id(cat, letter, digits).map_err(|r| format!("rank {name}: {r}"))?;
                            let piece = match cat.get(kind).code.class {
                                PieceClass::Navia => Piece::Navia(kind),
                                PieceClass::Maseitai => Piece::Maseitai(kind),
                            };
                            (piece, dratped)
                        }
                    };
                    let Some(&sq) = squares.get(at) else {
                        return Err(format!("rank {name} has more than {width} squares"));
                    };
                    board[sq.index()] = Some(PlacedOf {
                        side: seat,
                        piece,
                        dratped,
                    });
                    at += 1;
                }
            }
        }
        if at < width {
            return Err(format!("rank {name} has {at} squares, expected {width}"));
        }
    }
    Ok(board)
}

/// The canonical board field of a cross position (F35 field 1).
pub fn cross_board_text(pos: &PositionOf<Cross>) -> String {
    let mut board = [None; SLOTS];
    for sq in SquareOf::<Cross>::all() {
        board[sq.index()] = pos.piece_at(sq);
    }
    cross_board_text_of(&board, pos.catalogue())
}

/// The canonical board field of a plain board (F35 field 1); the one printer, also behind `cross_board_text`.
pub fn cross_board_text_of(board: &[Option<PlacedOf<Cross>>; SLOTS], cat: &Catalogue) -> String {
    let mut out = String::with_capacity(160);
    for rank in (0..Cross::HEIGHT).rev() {
        let mut empty = 0;
        for sq in rank_squares(rank) {
            let Some(pl) = board[sq.index()] else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            out.push(pl.side.letter());
            match pl.piece {
                Piece::BlackGulled => out.push('B'),
                Piece::RedGulled => out.push('R'),
                Piece::Navia(k) | Piece::Maseitai(k) => {
                    out.push('[');
                    if pl.dratped {
                        out.push('+');
                    }
                    out.push_str(&cat.get(k).code.to_string());
                    out.push(']');
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

// ---------------------------------------------------------------- start (F12, F36)

/// F12: in each arm the Navia on its Navia square, the red Gulled second from each end of the back rank, black
/// Gulled on the back rank's ends and on the Gulled rank but its ends; the Maseitai in the keeps, pools 0,
/// South to act. Forces in seat order; they are not checked here (`from_cross_setup` checks the result).
pub fn cross_start_setup(forces: &[Force; 4]) -> CrossSetup {
    let mut board = [None; SLOTS];
    for seat in Seat::ALL {
        let mut put = |sq: SquareOf<Cross>, piece: Piece| {
            board[sq.index()] = Some(PlacedOf {
                side: seat,
                piece,
                dratped: false,
            });
        };
        // Both ranks list their 7 squares from one end to the other (ascending index).
        for (i, sq) in back_rank(seat).enumerate() {
            match i {
                0 | 6 => put(sq, Piece::BlackGulled),
                1 | 5 => put(sq, Piece::RedGulled),
                _ => {}
            }
        }
        put(navia_square(seat), Piece::Navia(forces[seat.index()].navia));
        for (i, sq) in Cross::gulled_rank(seat).enumerate() {
            if (1..=5).contains(&i) {
                put(sq, Piece::BlackGulled);
            }
        }
    }
    CrossSetup {
        board,
        side: Seat::South,
        pools: [0; 4],
        keeps: Seat::ALL.map(|s| forces[s.index()].maseitai.clone()),
        graves: Default::default(),
        freezes: Vec::new(),
    }
}
