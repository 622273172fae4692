//! NFEN and move text (protocol.md, "Positions: NFEN" and "Moves"): nom parsers and the one canonical printer
//! for each.
//!
//! Parsing is strict and total: any text either becomes a typed value or an error that names the field (or the
//! part of the move) and the reason; no input panics. The NFEN parser reads syntax only, into a `Setup`;
//! `Position::from_setup` alone decides whether that is a legal position, and its `SetupError` names its field.
//! A move text is read by syntax (`parse_action_syntax`, ids looked up in the catalogue) and then checked against
//! the position's legal actions (`parse_action`). Printing is canonical, so `nfen(parse_nfen(s)) == s` for every
//! string the engine printed, and likewise for moves.
//!
//! Forms this module fixes (protocol.md states them too):
//! - board: two digits in a row are refused (the printer always merges empty runs);
//! - keeps list ids in catalogue order (`M01,M02`); graveyards list every `B` first,
//!   then the Maseitai ids in catalogue order, then every `R` (`B,B,M03,R`): string
//!   order for two-digit ids;
//! - effects (field 6): `goal:w` / `goal:b` (D14), comma-separated in string order;
//! - numbers are plain decimal without leading zeros.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while_m_n};
use nom::character::complete::{anychar, char, digit1, one_of, satisfy};
use nom::combinator::{all_consuming, map, map_opt, opt, recognize};
use nom::multi::{many0, separated_list1};
use nom::sequence::{delimited, pair, preceded, separated_pair, tuple};
use nom::IResult;
use thiserror::Error;

use super::action::{Action, ActionKind, ActionOf, ChoicesOf, Follow, TokenOf};
use super::catalogue::{Catalogue, Kind, PieceClass, PieceCode};
use super::duel::Duel;
use super::geometry::{Geometry, Team};
use super::piece::{Piece, Placed};
use super::position::{Freeze, GraveSetup, Lasting, Position, PositionOf, Setup, SetupError};
use super::square::{Side, Square, SquareOf, SIZE};

/// Why an NFEN string was refused; names the field and the reason.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("bad NFEN: {field}: {reason}")]
pub struct NfenError {
    /// Which field (board, side, pools, keeps, graveyards, effects, turn, or "fields").
    pub field: &'static str,
    /// What is wrong.
    pub reason: String,
}

/// Why a move text was refused.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum MoveError {
    /// Not of the move grammar.
    #[error("bad move '{0}': {1}")]
    Syntax(String, String),
    /// Well formed but not legal here.
    #[error("illegal move '{0}': {1}")]
    Illegal(String, String),
}

/// The NFEN field names, in order.
const FIELDS: [&str; 7] = ["board", "side", "pools", "keeps", "graveyards", "effects", "turn"];

/// Most characters of user input quoted back in an error message.
const QUOTE_MAX: usize = 24;

/// User input for an error message, cut short so a huge input gives a short message.
fn shown(s: &str) -> String {
    if s.chars().count() <= QUOTE_MAX {
        s.to_string()
    } else {
        let head: String = s.chars().take(QUOTE_MAX).collect();
        format!("{head}…")
    }
}

/// What the parser found where it stopped: the next character or the end.
fn found(rest: &str) -> String {
    match rest.chars().next() {
        Some(c) => format!("'{c}'"),
        None => "the end".to_string(),
    }
}

fn err(field: &'static str, reason: impl Into<String>) -> NfenError {
    NfenError {
        field,
        reason: reason.into(),
    }
}

fn player(side: Side) -> &'static str {
    match side {
        Side::White => "first",
        Side::Black => "second",
    }
}

// ---------------------------------------------------------------- tokens

/// A catalogue id as written: its letter and digits (`M`, `06`).
fn raw_id(i: &str) -> IResult<&str, (char, &str)> {
    pair(one_of("NMnm"), digit1)(i)
}

/// Resolve a written id in the catalogue. Returns the kind and whether it was
/// written in lower case; refuses ids not written the way the catalogue prints them.
pub(super) fn resolve_id(cat: &Catalogue, letter: char, digits: &str) -> Result<(Kind, bool), String> {
    let lower = letter.is_ascii_lowercase();
    let written = format!("{}{digits}", letter.to_ascii_uppercase());
    let class = if letter.eq_ignore_ascii_case(&'N') {
        PieceClass::Navia
    } else {
        PieceClass::Maseitai
    };
    // Five digits already exceed any u16; longer runs are junk, not a number to parse.
    let number = if digits.len() <= 5 {
        digits.parse::<u16>().ok()
    } else {
        None
    };
    let Some(number) = number else {
        return Err(format!("unknown id {}", shown(&written)));
    };
    let code = PieceCode { class, number };
    if code.to_string() != written {
        return Err(format!(
            "id {} is not written as the catalogue writes it ({code})",
            shown(&written)
        ));
    }
    match cat.find(code) {
        Some(k) => Ok((k, lower)),
        None => Err(format!("unknown id {code}: not in the catalogue")),
    }
}

/// A number written canonically: digits only, no leading zero; the caller checks its range.
fn decimal(text: &str, what: &str) -> Result<u32, String> {
    if all_consuming(digit1::<&str, nom::error::Error<&str>>)(text).is_err() {
        return Err(format!("{what} '{}' is not a decimal number", shown(text)));
    }
    if text.len() > 1 && text.starts_with('0') {
        return Err(format!("{what} '{}' has a leading zero", shown(text)));
    }
    if text.len() > 9 {
        return Err(format!("{what} {} is far too large", shown(text)));
    }
    text.parse::<u32>()
        .map_err(|_| format!("{what} '{}' is not a decimal number", shown(text)))
}

// ---------------------------------------------------------------- NFEN parsing

/// Parse an NFEN string.
pub fn parse_nfen(text: &str, cat: &'static Catalogue) -> Result<Position, NfenError> {
    let f = split_fields(text)?;
    let board = parse_board(f[0], cat)?;
    let side = parse_side(f[1])?;
    let pools = parse_pools(f[2])?;
    let keeps = parse_keeps(f[3], cat)?;
    let graves = parse_graves(f[4], cat)?;
    let lasting = parse_effects(f[5])?;
    let turn = parse_turn(f[6])?;
    let setup = Setup {
        board,
        side,
        pools,
        keeps,
        graves,
        lasting,
        turn,
    };
    Ok(Position::from_setup(cat, &setup)?)
}

/// The seven fields, separated by single spaces.
fn split_fields(text: &str) -> Result<[&str; 7], NfenError> {
    if text.is_empty() {
        return Err(err(
            "fields",
            format!("empty string; expected 7 fields: {}", FIELDS.join(" ")),
        ));
    }
    if let Some(c) = text.chars().find(|c| c.is_whitespace() && *c != ' ') {
        return Err(err(
            "fields",
            format!("contains {c:?}; fields are separated by single spaces"),
        ));
    }
    let parts: IResult<&str, Vec<&str>> =
        all_consuming(separated_list1(char(' '), take_while(|c: char| c != ' ')))(text);
    let parts = match parts {
        Ok((_, p)) => p,
        Err(_) => return Err(err("fields", "cannot split into fields")),
    };
    if let Some(n) = parts.iter().position(|p| p.is_empty()) {
        let why = if n == 0 || n + 1 == parts.len() {
            "space at the start or the end"
        } else {
            "two spaces in a row"
        };
        return Err(err("fields", format!("{why}; fields are separated by single spaces")));
    }
    <[&str; 7]>::try_from(parts.as_slice()).map_err(|_| {
        let n = parts.len();
        let s = if n == 1 { "" } else { "s" };
        err("fields", format!("{n} field{s}, expected 7: {}", FIELDS.join(" ")))
    })
}

/// One board cell as written: a run of empty squares, a Gulled letter, or a bracketed piece.
enum Cell<'a> {
    Empty(char),
    Gulled(char),
    Bracketed {
        dratped: bool,
        letter: char,
        digits: &'a str,
    },
}

fn cell(i: &str) -> IResult<&str, Cell<'_>> {
    alt((
        map(satisfy(|c| c.is_ascii_digit()), Cell::Empty),
        map(one_of("BRbr"), Cell::Gulled),
        map(
            delimited(char('['), tuple((opt(char('+')), raw_id)), char(']')),
            |(plus, (letter, digits))| Cell::Bracketed {
                dratped: plus.is_some(),
                letter,
                digits,
            },
        ),
    ))(i)
}

fn parse_board(text: &str, cat: &Catalogue) -> Result<[Option<Placed>; Square::COUNT], NfenError> {
    let ranks: IResult<&str, Vec<&str>> =
        all_consuming(separated_list1(char('/'), take_while(|c: char| c != '/')))(text);
    let ranks = ranks.map(|(_, r)| r).unwrap_or_default();
    if ranks.len() != SIZE as usize {
        return Err(err(
            "board",
            format!("{} ranks separated by '/', expected 7", ranks.len()),
        ));
    }
    let mut board = [None; Square::COUNT];
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = SIZE - 1 - i as i8;
        let name = rank + 1;
        if rank_text.is_empty() {
            return Err(err("board", format!("rank {name} is empty")));
        }
        let (rest, cells) = many0(cell)(rank_text).unwrap_or((rank_text, Vec::new()));
        if !rest.is_empty() {
            return Err(err("board", format!("rank {name}: unexpected {}", found(rest))));
        }
        let mut file: i8 = 0;
        let mut last_digit = false;
        for c in cells {
            let placed = match c {
                Cell::Empty(d) => {
                    if !('1'..='7').contains(&d) {
                        return Err(err("board", format!("rank {name}: empty runs are 1 to 7, found '{d}'")));
                    }
                    if last_digit {
                        return Err(err(
                            "board",
                            format!("rank {name}: two digits in a row; write one digit per empty run"),
                        ));
                    }
                    last_digit = true;
                    file += d as i8 - b'0' as i8;
                    if file > SIZE {
                        return Err(err("board", format!("rank {name} has more than 7 squares")));
                    }
                    continue;
                }
                Cell::Gulled(g) => {
                    let side = if g.is_ascii_uppercase() {
                        Side::White
                    } else {
                        Side::Black
                    };
                    let piece = if g.eq_ignore_ascii_case(&'B') {
                        Piece::BlackGulled
                    } else {
                        Piece::RedGulled
                    };
                    Placed {
                        side,
                        piece,
                        dratped: false,
                    }
                }
                Cell::Bracketed {
                    dratped,
                    letter,
                    digits,
                } => {
                    let (kind, lower) = resolve_id(cat, letter, digits).map_err(|r| err("board", r))?;
                    let side = if lower { Side::Black } else { Side::White };
                    let piece = match cat.get(kind).code.class {
                        PieceClass::Navia => Piece::Navia(kind),
                        PieceClass::Maseitai => Piece::Maseitai(kind),
                    };
                    Placed { side, piece, dratped }
                }
            };
            last_digit = false;
            let Some(sq) = Square::new(file, rank) else {
                return Err(err("board", format!("rank {name} has more than 7 squares")));
            };
            board[sq.index()] = Some(placed);
            file += 1;
        }
        if file < SIZE {
            return Err(err("board", format!("rank {name} has {file} squares, expected 7")));
        }
    }
    Ok(board)
}

fn parse_side(text: &str) -> Result<Side, NfenError> {
    match text {
        "w" => Ok(Side::White),
        "b" => Ok(Side::Black),
        _ => Err(err("side", format!("expected 'w' or 'b', found '{}'", shown(text)))),
    }
}

/// A `<first>/<second>` field split at its one '/'.
fn halves<'a>(field: &'static str, text: &'a str) -> Result<[&'a str; 2], NfenError> {
    let split: IResult<&str, (&str, &str)> = all_consuming(separated_pair(
        take_while(|c: char| c != '/'),
        char('/'),
        take_while(|c: char| c != '/'),
    ))(text);
    match split {
        Ok((_, (a, b))) => Ok([a, b]),
        Err(_) => Err(err(
            field,
            format!("expected <first>/<second> with one '/', found '{}'", shown(text)),
        )),
    }
}

fn parse_pools(text: &str) -> Result<[u8; 2], NfenError> {
    let [a, b] = halves("pools", text)?;
    let mut pools = [0u8; 2];
    for (side, t) in Side::BOTH.into_iter().zip([a, b]) {
        let what = format!("{} player's pool", player(side));
        let v = decimal(t, &what).map_err(|r| err("pools", r))?;
        // Past a u8 it is out of the vault's range anyway: the same error `from_setup` gives.
        pools[side.index()] = u8::try_from(v).map_err(|_| SetupError::Pool(v, side))?;
    }
    Ok(pools)
}

/// A keep or graveyard list: `-` or comma-separated non-empty items.
fn list_items<'a>(field: &'static str, side: Side, text: &'a str) -> Result<Vec<&'a str>, NfenError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    if text.is_empty() {
        return Err(err(
            field,
            format!("the {} player's list is empty; write '-'", player(side)),
        ));
    }
    let items: IResult<&str, Vec<&str>> =
        all_consuming(separated_list1(char(','), take_while(|c: char| c != ',')))(text);
    let items = items.map(|(_, v)| v).unwrap_or_default();
    if items.iter().any(|s| s.is_empty()) {
        return Err(err(
            field,
            format!("empty item in the {} player's list (stray comma)", player(side)),
        ));
    }
    Ok(items)
}

/// A Maseitai id in a keep or graveyard: upper case, known, a Maseitai.
fn list_id(field: &'static str, where_: &str, item: &str, cat: &Catalogue) -> Result<Kind, NfenError> {
    let parsed: IResult<&str, (char, &str)> = all_consuming(raw_id)(item);
    let Ok((_, (letter, digits))) = parsed else {
        return Err(err(field, format!("'{}' is not a catalogue id", shown(item))));
    };
    if letter.is_ascii_lowercase() {
        return Err(err(
            field,
            format!("'{}': {where_} are written in upper case", shown(item)),
        ));
    }
    // Whether it is a Maseitai is for `from_setup` to say.
    let (kind, _) = resolve_id(cat, letter, digits).map_err(|r| err(field, r))?;
    Ok(kind)
}

fn parse_keeps(text: &str, cat: &Catalogue) -> Result<[Vec<Kind>; 2], NfenError> {
    let [a, b] = halves("keeps", text)?;
    let mut keeps: [Vec<Kind>; 2] = Default::default();
    for (side, t) in Side::BOTH.into_iter().zip([a, b]) {
        let keep = &mut keeps[side.index()];
        for item in list_items("keeps", side, t)? {
            let k = list_id("keeps", "keeps", item, cat)?;
            if keep.last().is_some_and(|&last| last > k) {
                return Err(err(
                    "keeps",
                    format!(
                        "the {} player's keep is not in ascending order at {}",
                        player(side),
                        shown(item)
                    ),
                ));
            }
            keep.push(k);
        }
    }
    Ok(keeps)
}

/// Sort key of a graveyard item: every `B`, then the ids in catalogue order, then every `R`.
fn grave_rank(item: &GraveItem) -> u32 {
    match *item {
        GraveItem::Black => 0,
        GraveItem::Maseitai(k) => 1 + k.0 as u32,
        GraveItem::Red => u32::MAX,
    }
}

enum GraveItem {
    Black,
    Red,
    Maseitai(Kind),
}

fn parse_graves(text: &str, cat: &Catalogue) -> Result<[GraveSetup; 2], NfenError> {
    let [a, b] = halves("graveyards", text)?;
    let mut graves: [GraveSetup; 2] = Default::default();
    for (side, t) in Side::BOTH.into_iter().zip([a, b]) {
        let grave = &mut graves[side.index()];
        let mut last = 0u32;
        for item in list_items("graveyards", side, t)? {
            let g = match item {
                "B" => GraveItem::Black,
                "R" => GraveItem::Red,
                "b" | "r" => {
                    return Err(err(
                        "graveyards",
                        format!("'{item}': graveyards are written in upper case"),
                    ));
                }
                _ => GraveItem::Maseitai(list_id("graveyards", "graveyards", item, cat)?),
            };
            let r = grave_rank(&g);
            if r < last {
                return Err(err(
                    "graveyards",
                    format!(
                        "the {} player's graveyard is not in order (B first, then ids ascending, then R) at {}",
                        player(side),
                        shown(item)
                    ),
                ));
            }
            last = r;
            // Counts saturate: `from_setup` refuses anything past the game's totals (D15).
            match g {
                GraveItem::Black => grave.black = grave.black.saturating_add(1),
                GraveItem::Red => grave.red = grave.red.saturating_add(1),
                GraveItem::Maseitai(k) => grave.maseitai.push(k),
            }
        }
    }
    Ok(graves)
}

/// A side letter, `w` or `b`.
fn side_letter(i: &str) -> IResult<&str, Side> {
    alt((map(char('w'), |_| Side::White), map(char('b'), |_| Side::Black)))(i)
}

/// One lasting effect as written in field 6. A new kind of lasting state adds an
/// `alt` arm here and a line in `lasting_text`.
fn lasting_effect(i: &str) -> IResult<&str, Lasting> {
    alt((
        map(preceded(tag("goal:"), side_letter), Lasting::NaviaGoal),
        map(preceded(tag("freeze:"), pair(square, square)), |(by, target)| {
            Lasting::Freeze(Freeze { by, target })
        }),
    ))(i)
}

/// The canonical text of a lasting effect.
fn lasting_text(l: &Lasting) -> String {
    match *l {
        Lasting::NaviaGoal(side) => format!("goal:{}", side.letter()),
        Lasting::Freeze(f) => format!("freeze:{}{}", f.by, f.target),
    }
}

fn parse_effects(text: &str) -> Result<Vec<Lasting>, NfenError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let items: IResult<&str, Vec<&str>> =
        all_consuming(separated_list1(char(','), take_while(|c: char| c != ',')))(text);
    let items = items.map(|(_, v)| v).unwrap_or_default();
    let mut out: Vec<Lasting> = Vec::new();
    let mut last = String::new();
    for item in items {
        if item.is_empty() {
            return Err(err("effects", "empty item (stray comma)"));
        }
        let Ok((_, l)) = all_consuming(lasting_effect)(item) else {
            return Err(err(
                "effects",
                format!(
                    "unknown effect '{}' (known: goal:w, goal:b, freeze:<square><square>)",
                    shown(item)
                ),
            ));
        };
        let t = lasting_text(&l);
        if t <= last {
            return Err(err(
                "effects",
                format!("'{t}' out of order or repeated; effects are listed once, ascending"),
            ));
        }
        last = t;
        out.push(l);
    }
    Ok(out)
}

fn parse_turn(text: &str) -> Result<u16, NfenError> {
    let v = decimal(text, "turn").map_err(|r| err("turn", r))?;
    u16::try_from(v).map_err(|_| err("turn", format!("turn {v} is out of range (1 to 65535)")))
}

impl From<SetupError> for NfenError {
    /// A setup error names its own field.
    fn from(e: SetupError) -> NfenError {
        err(e.field().name(), e.to_string())
    }
}

// ---------------------------------------------------------------- NFEN printing

/// A position debugs as its NFEN (printed here, so `position` needs nothing from `notation`).
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", nfen(self))
    }
}

/// The canonical NFEN of a position.
pub fn nfen(pos: &Position) -> String {
    let cat = pos.catalogue();
    let mut out = String::with_capacity(96);
    for rank in (0..SIZE).rev() {
        let mut empty = 0;
        for file in 0..SIZE {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let Some(pl) = pos.piece_at(sq) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                out.push(char::from(b'0' + empty));
                empty = 0;
            }
            let upper = pl.side == Side::White;
            let case = |c: char| if upper { c } else { c.to_ascii_lowercase() };
            match pl.piece {
                Piece::BlackGulled => out.push(case('B')),
                Piece::RedGulled => out.push(case('R')),
                Piece::Navia(k) | Piece::Maseitai(k) => {
                    out.push('[');
                    if pl.dratped {
                        out.push('+');
                    }
                    let code = cat.get(k).code.to_string();
                    out.push_str(&if upper { code } else { code.to_ascii_lowercase() });
                    out.push(']');
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(pos.side_to_move().letter());
    out.push_str(&format!(" {}/{} ", pos.pool(Side::White), pos.pool(Side::Black)));
    let list = |items: Vec<String>| {
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(",")
        }
    };
    let keep = |s: Side| {
        list(
            pos.keep(s)
                .as_slice()
                .iter()
                .map(|&k| cat.get(k).code.to_string())
                .collect(),
        )
    };
    out.push_str(&format!("{}/{} ", keep(Side::White), keep(Side::Black)));
    let grave = |s: Side| {
        let g = pos.grave(s);
        let mut items = vec!["B".to_string(); g.black as usize];
        items.extend(g.maseitai.as_slice().iter().map(|&k| cat.get(k).code.to_string()));
        items.extend(std::iter::repeat_n("R".to_string(), g.red as usize));
        list(items)
    };
    out.push_str(&format!("{}/{} ", grave(Side::White), grave(Side::Black)));
    let mut effects: Vec<String> = pos.lasting().iter().map(lasting_text).collect();
    effects.sort();
    out.push_str(&list(effects));
    out.push_str(&format!(" {}", pos.turn()));
    out
}

// ---------------------------------------------------------------- moves

/// The canonical text of an action on any board (protocol.md "Moves"; F37 on the cross: `=<square>` after a
/// Navia take, seat letters in drain and steal tokens).
pub fn action_text<G: Geometry>(a: &ActionOf<G>, cat: &Catalogue) -> String {
    let id = |k: Kind| cat.get(k).code.to_string();
    let mut out = match a.kind {
        ActionKind::Summon(k) => return format!("{}@{}", id(k), a.to),
        ActionKind::Move => format!("{}{}", a.from, a.to),
        ActionKind::InPlace => a.from.to_string(),
        ActionKind::LineOver | ActionKind::Goal => format!("{}^", a.from),
    };
    if let Some(p) = a.pharaoh {
        out.push_str(&format!("={p}"));
    }
    match a.follow {
        Follow::Nothing => {}
        Follow::Dratp => out.push('+'),
        Follow::Invoke => out.push('*'),
    }
    for (n, t) in a.choices.iter().enumerate() {
        out.push(if n == 0 { ':' } else { ',' });
        let gulled = |red: bool| if red { 'R' } else { 'B' };
        match t {
            TokenOf::Square(s) => out.push_str(&s.to_string()),
            TokenOf::Pair(f, t) => out.push_str(&format!("{f}{t}")),
            TokenOf::Placed(k, s) => out.push_str(&format!("{}@{s}", id(k))),
            TokenOf::Gulled { red, to } => out.push_str(&format!("{}@{to}", gulled(red))),
            TokenOf::Gyullas => out.push('G'),
            TokenOf::Seat(seat) => out.push(seat.letter()),
            TokenOf::StolenGulled { seat, red, to } => out.push_str(&format!("{}{}@{to}", seat.letter(), gulled(red))),
            TokenOf::StolenMaseitai { seat, kind, to } => out.push_str(&format!("{}{}@{to}", seat.letter(), id(kind))),
            TokenOf::NaviaTake { from, to, pharaoh } => out.push_str(&format!("{from}{to}={pharaoh}")),
        }
    }
    out
}

/// A square name of board `G`: a file letter and the rank in decimal, two digits read whole on a board of ten
/// ranks or more (`c10c9`, F1); `G` decides whether the square exists.
fn square_of<G: Geometry>(i: &str) -> IResult<&str, SquareOf<G>> {
    let digits = if G::HEIGHT >= 10 { 2 } else { 1 };
    map_opt(
        recognize(pair(
            satisfy(|c| c.is_ascii_lowercase()),
            take_while_m_n(1, digits, |c: char| c.is_ascii_digit()),
        )),
        SquareOf::from_name,
    )(i)
}

/// A square of the two-player board, `a1` to `g7`.
fn square(i: &str) -> IResult<&str, Square> {
    square_of::<Duel>(i)
}

/// F37: `=<square>`, where a taken Navia goes; not part of the grammar on a board without Pharaoh squares.
fn pharaoh_mark<G: Geometry>(i: &str) -> IResult<&str, SquareOf<G>> {
    if G::pharaoh().is_empty() {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Verify,
        )));
    }
    preceded(char('='), square_of::<G>)(i)
}

/// F37: a seat letter, on a board where effects name seats (more than two teams).
fn seat_letter<G: Geometry>(i: &str) -> IResult<&str, G::Team> {
    if G::teams().as_ref().len() <= 2 {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Verify,
        )));
    }
    map_opt(anychar, |c| {
        G::teams().as_ref().iter().copied().find(|t| t.letter() == c)
    })(i)
}

/// What a stolen piece is, as written after the seat letter: `B`, `R` or an id.
enum RawLoot<'a> {
    Gulled(bool),
    Id((char, &'a str)),
}

/// A choice token as written, before its id is looked up.
enum RawToken<'a, G: Geometry> {
    Square(SquareOf<G>),
    Pair(SquareOf<G>, SquareOf<G>),
    NaviaTake(SquareOf<G>, SquareOf<G>, SquareOf<G>),
    Placed((char, &'a str), SquareOf<G>),
    Gulled(bool, SquareOf<G>),
    Stolen(G::Team, RawLoot<'a>, SquareOf<G>),
    Seat(G::Team),
    Gyullas,
}

fn raw_token<G: Geometry>(i: &str) -> IResult<&str, RawToken<'_, G>> {
    alt((
        map(
            tuple((
                seat_letter::<G>,
                alt((
                    map(one_of("BR"), |c| RawLoot::Gulled(c == 'R')),
                    map(raw_id, RawLoot::Id),
                )),
                preceded(char('@'), square_of::<G>),
            )),
            |(seat, loot, to)| RawToken::Stolen(seat, loot, to),
        ),
        map(separated_pair(raw_id, char('@'), square_of::<G>), |(id, s)| {
            RawToken::Placed(id, s)
        }),
        map(separated_pair(one_of("BR"), char('@'), square_of::<G>), |(c, s)| {
            RawToken::Gulled(c == 'R', s)
        }),
        map(
            pair(square_of::<G>, opt(pair(square_of::<G>, opt(pharaoh_mark::<G>)))),
            |(a, b)| match b {
                Some((b, Some(p))) => RawToken::NaviaTake(a, b, p),
                Some((b, None)) => RawToken::Pair(a, b),
                None => RawToken::Square(a),
            },
        ),
        map(seat_letter::<G>, RawToken::Seat),
        map(char('G'), |_| RawToken::Gyullas),
    ))(i)
}

/// A move text as written, before ids are looked up and the parts checked together.
enum RawMove<'a, G: Geometry> {
    Summon((char, &'a str), SquareOf<G>),
    Body {
        from: SquareOf<G>,
        to: Option<SquareOf<G>>,
        pharaoh: Option<SquareOf<G>>,
        mark: Option<char>,
        tokens: Option<Vec<RawToken<'a, G>>>,
    },
}

fn raw_move<G: Geometry>(i: &str) -> IResult<&str, RawMove<'_, G>> {
    alt((
        map(separated_pair(raw_id, char('@'), square_of::<G>), |(id, s)| {
            RawMove::Summon(id, s)
        }),
        map(
            tuple((
                square_of::<G>,
                opt(square_of::<G>),
                opt(pharaoh_mark::<G>),
                opt(one_of("+*^")),
                opt(preceded(char(':'), separated_list1(char(','), raw_token::<G>))),
            )),
            |(from, to, pharaoh, mark, tokens)| RawMove::Body {
                from,
                to,
                pharaoh,
                mark,
                tokens,
            },
        ),
    ))(i)
}

/// A whole move text read by the grammar, or the syntax error that says where it stopped.
fn whole_raw_move<G: Geometry>(text: &str) -> Result<RawMove<'_, G>, MoveError> {
    let bad = |why: String| MoveError::Syntax(shown(text), why);
    if text.is_empty() {
        return Err(bad("empty move".into()));
    }
    match raw_move::<G>(text) {
        Ok(("", raw)) => Ok(raw),
        Ok((rest, _)) => {
            let at = text.len() - rest.len();
            Err(bad(format!(
                "unexpected {} after '{}'",
                found(rest),
                shown(&text[..at])
            )))
        }
        Err(_) => {
            // Name what went wrong after an id, so a broken summon is not reported as a bad start.
            let why = match raw_id(text) {
                Ok((rest, _)) => format!(
                    "a summon is <id>@<square>; after '{}' found {}",
                    shown(&text[..text.len() - rest.len()]),
                    found(rest)
                ),
                Err(_) => format!("expected a square or <id>@<square> at the start, found {}", found(text)),
            };
            Err(bad(why))
        }
    }
}

/// A Maseitai id in the move `text`: upper case, in the catalogue, not a Navia.
fn maseitai_id(text: &str, cat: &Catalogue, (letter, digits): (char, &str)) -> Result<Kind, MoveError> {
    let bad = |why: String| MoveError::Syntax(shown(text), why);
    if letter.is_ascii_lowercase() {
        return Err(bad("ids are written in upper case".into()));
    }
    let (k, _) = resolve_id(cat, letter, digits).map_err(&bad)?;
    if cat.get(k).is_navia() {
        return Err(bad(format!("{} is a Navia, not a Maseitai", cat.get(k).code)));
    }
    Ok(k)
}

/// The choice tokens of the move `text`, ids looked up in `cat`.
fn choices_of<G: Geometry>(
    text: &str,
    cat: &Catalogue,
    tokens: Vec<RawToken<'_, G>>,
) -> Result<ChoicesOf<G>, MoveError> {
    let mut choices = ChoicesOf::NONE;
    for t in tokens {
        let token = match t {
            RawToken::Square(s) => TokenOf::Square(s),
            RawToken::Pair(a, b) => TokenOf::Pair(a, b),
            RawToken::NaviaTake(from, to, pharaoh) => TokenOf::NaviaTake { from, to, pharaoh },
            RawToken::Placed(id, s) => TokenOf::Placed(maseitai_id(text, cat, id)?, s),
            RawToken::Gulled(red, to) => TokenOf::Gulled { red, to },
            RawToken::Stolen(seat, RawLoot::Gulled(red), to) => TokenOf::StolenGulled { seat, red, to },
            RawToken::Stolen(seat, RawLoot::Id(id), to) => TokenOf::StolenMaseitai {
                seat,
                kind: maseitai_id(text, cat, id)?,
                to,
            },
            RawToken::Seat(seat) => TokenOf::Seat(seat),
            RawToken::Gyullas => TokenOf::Gyullas,
        };
        if !choices.push(token) {
            let why = format!("more than {} choices", ChoicesOf::<G>::CAPACITY);
            return Err(MoveError::Syntax(shown(text), why));
        }
    }
    Ok(choices)
}

/// Parse a two-player move text's syntax only (no position): ids are looked up in `cat`.
pub fn parse_action_syntax(text: &str, cat: &Catalogue) -> Result<Action, MoveError> {
    parse_action_syntax_of::<Duel>(text, cat)
}

/// Parse a move text of board `G` by its syntax only (no position): ids are looked up in `cat`.
pub fn parse_action_syntax_of<G: Geometry>(text: &str, cat: &Catalogue) -> Result<ActionOf<G>, MoveError> {
    let bad = |why: String| MoveError::Syntax(shown(text), why);
    let raw = whole_raw_move::<G>(text)?;
    let (from, to, pharaoh, mark, tokens) = match raw {
        RawMove::Summon(id, sq) => {
            let k = maseitai_id(text, cat, id)?;
            return Ok(ActionOf {
                kind: ActionKind::Summon(k),
                from: sq,
                to: sq,
                pharaoh: None,
                follow: Follow::Nothing,
                choices: ChoicesOf::NONE,
            });
        }
        RawMove::Body {
            from,
            to,
            pharaoh,
            mark,
            tokens,
        } => (from, to, pharaoh, mark, tokens.unwrap_or_default()),
    };
    if pharaoh.is_some() && (to.is_none() || mark == Some('^')) {
        return Err(bad(
            "'=<square>' names where a taken Navia goes; it follows a move's destination, as in 'd5d6=c9'".into(),
        ));
    }
    let choices = choices_of::<G>(text, cat, tokens)?;
    let gyullas = choices.iter().any(|t| t == TokenOf::Gyullas);
    let has_choices = !choices.is_empty();
    let (kind, follow) = match (to, mark) {
        (_, Some('^')) if to.is_some() => {
            return Err(bad(
                "a line over or goal names only the starting square, as in 'c7^'".into()
            ));
        }
        (_, Some('^')) => {
            if choices.len() > 1
                || (has_choices && !matches!(choices.get(0), Some(TokenOf::Gyullas | TokenOf::Placed(..))))
            {
                return Err(bad("a line over takes one bonus: ':G' or ':<id>@<square>'".into()));
            }
            let kind = if has_choices {
                ActionKind::LineOver
            } else if G::teams().as_ref().iter().all(|&t| G::navia_goal(t).is_empty()) {
                return Err(bad(
                    "no Navia goal on this board (F8); a line over names its bonus, as in 'e11^:G'".into(),
                ));
            } else {
                ActionKind::Goal
            };
            return Ok(ActionOf {
                kind,
                from,
                to: from,
                pharaoh: None,
                follow: Follow::Nothing,
                choices,
            });
        }
        (None, None) => {
            return Err(bad(
                "a square alone is not a move; add a destination, '+', '*' or '^'".into()
            ))
        }
        (Some(_), None) if has_choices => {
            return Err(bad("choices follow only '+', '*' or '^'".into()));
        }
        (Some(_), None) => (ActionKind::Move, Follow::Nothing),
        (to, Some(m)) => {
            let kind = if to.is_some() {
                ActionKind::Move
            } else {
                ActionKind::InPlace
            };
            (kind, if m == '+' { Follow::Dratp } else { Follow::Invoke })
        }
    };
    if gyullas {
        return Err(bad("'G' is the line-over bonus; it follows '^'".into()));
    }
    if to == Some(from) {
        return Err(bad(format!(
            "a move must leave {from}; to use the piece in place write '{from}+' or '{from}*'"
        )));
    }
    Ok(ActionOf {
        kind,
        from,
        to: to.unwrap_or(from),
        pharaoh,
        follow,
        choices,
    })
}

/// Parse a move text and check it is legal in `pos`, on any board.
pub fn parse_action<G: Geometry>(text: &str, pos: &PositionOf<G>) -> Result<ActionOf<G>, MoveError> {
    let a = parse_action_syntax_of::<G>(text, pos.catalogue())?;
    let illegal = |why: String| MoveError::Illegal(shown(text), why);
    if pos.outcome().is_some() {
        return Err(illegal("the game is over".into()));
    }
    let side = pos.side_to_move();
    match a.kind {
        ActionKind::Summon(k) => {
            if pos.keep(side).count(k) == 0 {
                let code = pos.catalogue().get(k).code;
                return Err(illegal(format!("{code} is not in the keep of the side to move")));
            }
        }
        _ => {
            if pos.piece_at(a.from).is_none_or(|p| p.side != side) {
                return Err(illegal(format!("no piece of the side to move on {}", a.from)));
            }
        }
    }
    if pos.is_legal(&a) {
        return Ok(a);
    }
    let legal = pos.legal_actions();
    let same_move = |l: &&ActionOf<G>| l.kind == a.kind && l.from == a.from && l.to == a.to;
    if legal
        .iter()
        .filter(same_move)
        .any(|l| l.pharaoh != a.pharaoh && l.pharaoh.is_some())
        && a.pharaoh.is_none()
    {
        return Err(illegal(
            "taking a Navia names the empty Pharaoh square it goes to, as in 'd5d6=c9' (F14)".into(),
        ));
    }
    let same_but_choices = legal
        .iter()
        .filter(same_move)
        .any(|l| l.pharaoh == a.pharaoh && l.follow == a.follow);
    if same_but_choices {
        Err(illegal("the effect choices are not valid here".into()))
    } else {
        Err(illegal("not a legal action here".into()))
    }
}
