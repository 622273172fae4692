//! NFEN4 fields 2–10 (F35) and the events (F38) of `naviadratp4`: nom parsers, strict and total, and one
//! canonical printer each.
//!
//! [`parse_fields`] reads the nine fields after the board into plain [`RoundFields`] (syntax only: every field
//! by its grammar); whether they fit the phase and the board is [`Round::from_setup`]'s to say
//! (`super::Round`). [`parse_event`] reads one event; an action is passed on as text for the board core.
//! Printing is canonical: parse then print gives the same text.
//!
//! Forms fixed here, as in the two-player NFEN: numbers are decimal without leading zeros; keeps list ids
//! ascending; graveyards list every `B`, then the ids ascending, then every `R`; effects are listed once each,
//! ascending as strings.
//!
//! [`Round::from_setup`]: super::Round::from_setup

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while};
use nom::character::complete::{char, digit1, one_of, satisfy};
use nom::combinator::{all_consuming, map, map_opt, opt, recognize, value};
use nom::multi::{count, separated_list1};
use nom::sequence::{pair, preceded, tuple};
use nom::IResult;
use thiserror::Error;

use super::{Declaration, Event, Phase, RoundSetup, SeatSet, SEAT_GYULLAS};
use crate::rules::catalogue::{Catalogue, Kind, PieceClass, PieceCode};
use crate::rules::cross::Cross;
use crate::rules::position::{FreezeOf, GraveSetup};
use crate::rules::seat::Seat;
use crate::rules::square::SquareOf;

/// The names of fields 2–10, in order.
const FIELDS: [&str; 9] = [
    "phase",
    "order",
    "declarations",
    "stakes",
    "pools",
    "keeps",
    "graveyards",
    "effects",
    "round",
];

/// Most characters of input quoted back in a message.
const QUOTE_MAX: usize = 24;

/// Why NFEN4 fields were refused; names the field and the reason.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("bad NFEN4: {field}: {reason}")]
pub struct FieldError {
    /// Which field ("fields" when they cannot be split).
    pub field: &'static str,
    /// What is wrong.
    pub reason: String,
}

/// Why an event text was refused.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("bad event '{text}': {reason}")]
pub struct EventError {
    /// The event as written, cut short.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

/// NFEN4 fields 2–10 as plain values: the round's part, and the keeps, graveyards and freezes for the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoundFields {
    /// Phase, order, declarations, stakes, pools, `out:` effects and round number.
    pub round: RoundSetup,
    /// The keeps in seat order, ids ascending.
    pub keeps: [Vec<Kind>; 4],
    /// The graveyards in seat order.
    pub graves: [GraveSetup; 4],
    /// The `freeze:` effects (D16), in string order.
    pub freezes: Vec<FreezeOf<Cross>>,
}

/// `s`, cut short for a message.
pub(crate) fn shown(s: &str) -> String {
    if s.chars().count() <= QUOTE_MAX {
        s.to_string()
    } else {
        let head: String = s.chars().take(QUOTE_MAX).collect();
        format!("{head}…")
    }
}

fn err(field: &'static str, reason: impl Into<String>) -> FieldError {
    FieldError {
        field,
        reason: reason.into(),
    }
}

// ---------------------------------------------------------------- tokens

/// A square name: file `a`–`k`, rank `1`–`11` read whole (F35), existing on the cross (F1).
fn square(i: &str) -> IResult<&str, SquareOf<Cross>> {
    let rank = alt((recognize(pair(char('1'), one_of("01"))), recognize(one_of("123456789"))));
    map_opt(pair(one_of("abcdefghijk"), rank), |(f, r): (char, &str)| {
        let file = (f as u8 - b'a') as i8;
        let rank = r.parse::<i8>().ok()? - 1;
        SquareOf::new(file, rank)
    })(i)
}

fn seat(i: &str) -> IResult<&str, Seat> {
    map_opt(satisfy(|c| c.is_ascii_lowercase()), Seat::from_letter)(i)
}

/// A Maseitai id as written, `M` and digits; the catalogue says whether it exists.
fn raw_maseitai(i: &str) -> IResult<&str, &str> {
    recognize(pair(char('M'), digit1))(i)
}

/// Look up a written Maseitai id; it must be written as the catalogue prints it (`M06`, not `M6`).
fn maseitai(cat: &Catalogue, written: &str) -> Result<Kind, String> {
    let digits = &written[1..];
    // Five digits already exceed any u16; longer runs are junk.
    let number = (digits.len() <= 5).then(|| digits.parse::<u16>().ok()).flatten();
    let Some(number) = number else {
        return Err(format!("unknown id {}", shown(written)));
    };
    let code = PieceCode {
        class: PieceClass::Maseitai,
        number,
    };
    if code.to_string() != written {
        return Err(format!("id {} is written {code}", shown(written)));
    }
    cat.find(code)
        .ok_or_else(|| format!("unknown id {code}: not in the catalogue"))
}

/// A decimal number without leading zeros, at most `max`.
fn number(text: &str, max: u32, what: &str) -> Result<u32, String> {
    let well_formed = all_consuming(digit1::<&str, nom::error::Error<&str>>)(text).is_ok();
    if !well_formed {
        return Err(format!("{what} '{}' is not a decimal number", shown(text)));
    }
    if text.len() > 1 && text.starts_with('0') {
        return Err(format!("{what} '{}' has a leading zero", shown(text)));
    }
    match text.parse::<u32>() {
        Ok(v) if v <= max => Ok(v),
        _ => Err(format!("{what} {} is above {max}", shown(text))),
    }
}

#[derive(Clone, Copy)]
/// A declaration as written: its kind (an `M` id still as text) and whether `!` follows.
enum RawDecl<'a> {
    Plain(Declaration),
    Maseitai(&'a str),
}

fn raw_declaration(i: &str) -> IResult<&str, (RawDecl<'_>, bool)> {
    let kind = alt((
        value(RawDecl::Plain(Declaration::Nothing), char('-')),
        value(RawDecl::Plain(Declaration::Navia), char('N')),
        value(RawDecl::Plain(Declaration::Black), char('B')),
        value(RawDecl::Plain(Declaration::Red), char('R')),
        map(raw_maseitai, RawDecl::Maseitai),
    ));
    map(pair(kind, opt(char('!'))), |(k, bang)| (k, bang.is_some()))(i)
}

/// One declaration, `!` allowed or not; the reason on refusal.
fn declaration(text: &str, cat: &Catalogue, bang_allowed: bool) -> Result<(Declaration, bool), String> {
    let Ok((_, (raw, bang))) = all_consuming(raw_declaration)(text) else {
        return Err(format!("'{}' is not N, M<id>, B, R or -", shown(text)));
    };
    if bang && !bang_allowed {
        return Err(format!("'{}': no '!' here", shown(text)));
    }
    let d = match raw {
        RawDecl::Plain(d) => d,
        RawDecl::Maseitai(id) => Declaration::Maseitai(maseitai(cat, id)?),
    };
    if bang && d == Declaration::Nothing {
        return Err("'-!': a seat that declared nothing makes no promise".into());
    }
    Ok((d, bang))
}

/// The canonical text of a declaration (F20): `N`, `M<id>`, `B`, `R` or `-`.
pub fn declaration_text(d: Declaration, cat: &Catalogue) -> String {
    match d {
        Declaration::Navia => "N".into(),
        Declaration::Maseitai(k) => cat.get(k).code.to_string(),
        Declaration::Black => "B".into(),
        Declaration::Red => "R".into(),
        Declaration::Nothing => "-".into(),
    }
}

/// Split at `sep` into non-empty parts (empty parts are kept, to be refused by the caller).
fn split(text: &str, sep: char) -> Vec<&str> {
    let parts: IResult<&str, Vec<&str>> =
        all_consuming(separated_list1(char(sep), take_while(|c: char| c != sep)))(text);
    parts.map(|(_, p)| p).unwrap_or_default()
}

/// `<s>/<w>/<n>/<e>`: four parts in seat order.
fn quarters(text: &str) -> Result<[&str; 4], String> {
    let parts = split(text, '/');
    <[&str; 4]>::try_from(parts.as_slice()).map_err(|_| format!("expected <s>/<w>/<n>/<e>, found '{}'", shown(text)))
}

/// A seat's comma list: `-` or non-empty items.
fn items(text: &str, seat: Seat) -> Result<Vec<&str>, String> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let items = split(text, ',');
    if items.iter().any(|s| s.is_empty()) {
        return Err(format!(
            "{}: empty list or stray comma; an empty list is '-'",
            seat.name()
        ));
    }
    Ok(items)
}

fn per_seat<T>(text: &str, mut each: impl FnMut(Seat, &str) -> Result<T, String>) -> Result<[T; 4], String> {
    let q = quarters(text)?;
    let [s, w, n, e] = Seat::ALL;
    Ok([each(s, q[0])?, each(w, q[1])?, each(n, q[2])?, each(e, q[3])?])
}

// ---------------------------------------------------------------- fields

/// Parse NFEN4 fields 2–10, separated by single spaces (F35).
pub fn parse_fields(text: &str, cat: &Catalogue) -> Result<RoundFields, FieldError> {
    let parts = split(text, ' ');
    if parts.iter().any(|p| p.is_empty()) {
        return Err(err(
            "fields",
            "empty text, or a space at an end or doubled; fields are separated by single spaces",
        ));
    }
    let f = <[&str; 9]>::try_from(parts.as_slice()).map_err(|_| {
        err(
            "fields",
            format!("{} fields, expected 9: {}", parts.len(), FIELDS.join(" ")),
        )
    })?;
    let field = |n: usize| move |reason: String| err(FIELDS[n], reason);
    let phase = parse_phase(f[0]).map_err(field(0))?;
    let (order, done) = parse_order(f[1]).map_err(field(1))?;
    let (declarations, promised) = parse_declarations(f[2], cat).map_err(field(2))?;
    let stakes = dash_or(f[3], |t| per_seat(t, |s, x| gyullas(x, s, "stake"))).map_err(field(3))?;
    let pools = per_seat(f[4], |s, x| gyullas(x, s, "pool")).map_err(field(4))?;
    let keeps = per_seat(f[5], |s, x| keep(x, s, cat)).map_err(field(5))?;
    let graves = per_seat(f[6], |s, x| grave(x, s, cat)).map_err(field(6))?;
    let (freezes, out) = parse_effects(f[7]).map_err(field(7))?;
    let number = number(f[8], u16::MAX.into(), "round").map_err(field(8))?;
    if number == 0 {
        return Err(err("round", "rounds are numbered from 1"));
    }
    Ok(RoundFields {
        round: RoundSetup {
            number: number as u16,
            phase,
            order,
            done,
            declarations,
            promised,
            stakes,
            pools,
            out,
        },
        keeps,
        graves,
        freezes,
    })
}

fn dash_or<T>(text: &str, f: impl FnOnce(&str) -> Result<T, String>) -> Result<Option<T>, String> {
    if text == "-" {
        Ok(None)
    } else {
        f(text).map(Some)
    }
}

fn parse_phase(text: &str) -> Result<Phase, String> {
    let mut chars = text.chars();
    match (chars.next().and_then(Phase::from_letter), chars.next()) {
        (Some(p), None) => Ok(p),
        _ => Err(format!("expected d, b, p or a, found '{}'", shown(text))),
    }
}

/// The four seat letters once each; upper case marks a seat done.
fn parse_order(text: &str) -> Result<([Seat; 4], SeatSet), String> {
    let letter = map_opt(one_of("swneSWNE"), |c: char| {
        Seat::from_letter(c.to_ascii_lowercase()).map(|s| (s, c.is_ascii_uppercase()))
    });
    let bad = || format!("expected the four seat letters once each, found '{}'", shown(text));
    let (_, letters) = all_consuming(count(letter, 4))(text).map_err(|_: nom::Err<nom::error::Error<&str>>| bad())?;
    let order = [letters[0].0, letters[1].0, letters[2].0, letters[3].0];
    if order.iter().copied().collect::<SeatSet>().len() != 4 {
        return Err(bad());
    }
    let done = letters.iter().filter(|(_, upper)| *upper).map(|(s, _)| *s).collect();
    Ok((order, done))
}

fn parse_declarations(text: &str, cat: &Catalogue) -> Result<(Option<[Declaration; 4]>, SeatSet), String> {
    let Some(marked) = dash_or(text, |t| per_seat(t, |_, x| declaration(x, cat, true)))? else {
        return Ok((None, SeatSet::EMPTY));
    };
    let promised = Seat::ALL.into_iter().filter(|s| marked[s.index()].1).collect();
    Ok((Some(marked.map(|(d, _)| d)), promised))
}

fn gyullas(text: &str, seat: Seat, what: &str) -> Result<u8, String> {
    let what = format!("{}'s {what}", seat.name());
    number(text, SEAT_GYULLAS.into(), &what).map(|v| v as u8)
}

fn keep(text: &str, seat: Seat, cat: &Catalogue) -> Result<Vec<Kind>, String> {
    let mut keep: Vec<Kind> = Vec::new();
    for item in items(text, seat)? {
        let k = maseitai(cat, item).map_err(|r| format!("{}: {r}", seat.name()))?;
        if keep.last().is_some_and(|&last| last > k) {
            return Err(format!("{}'s keep is not ascending at {}", seat.name(), shown(item)));
        }
        keep.push(k);
    }
    Ok(keep)
}

fn grave(text: &str, seat: Seat, cat: &Catalogue) -> Result<GraveSetup, String> {
    let mut g = GraveSetup::default();
    // Sort rank of the last item: every B, then ids ascending, then every R.
    let mut last = 0u32;
    for item in items(text, seat)? {
        let rank = match item {
            "B" => {
                g.black = g.black.saturating_add(1);
                0
            }
            "R" => {
                g.red = g.red.saturating_add(1);
                u32::MAX
            }
            _ => {
                let k = maseitai(cat, item).map_err(|r| format!("{}: {r}", seat.name()))?;
                g.maseitai.push(k);
                1 + u32::from(k.0)
            }
        };
        if rank < last {
            return Err(format!(
                "{}'s graveyard is not in order (B, then ids ascending, then R) at {}",
                seat.name(),
                shown(item)
            ));
        }
        last = rank;
    }
    Ok(g)
}

/// One effect of field 9.
enum Effect4 {
    Freeze(FreezeOf<Cross>),
    Out(Seat),
}

fn effect(i: &str) -> IResult<&str, Effect4> {
    alt((
        map(preceded(tag("freeze:"), pair(square, square)), |(by, target)| {
            Effect4::Freeze(FreezeOf { by, target })
        }),
        map(preceded(tag("out:"), seat), Effect4::Out),
    ))(i)
}

fn effect_text(e: &Effect4) -> String {
    match e {
        Effect4::Freeze(f) => format!("freeze:{}{}", f.by, f.target),
        Effect4::Out(s) => format!("out:{s}"),
    }
}

fn parse_effects(text: &str) -> Result<(Vec<FreezeOf<Cross>>, SeatSet), String> {
    let mut freezes = Vec::new();
    let mut out = SeatSet::EMPTY;
    if text == "-" {
        return Ok((freezes, out));
    }
    let mut last = String::new();
    for item in split(text, ',') {
        let Ok((_, e)) = all_consuming(effect)(item) else {
            return Err(format!(
                "unknown effect '{}' (known: freeze:<square><square>, out:<seat>)",
                shown(item)
            ));
        };
        let t = effect_text(&e);
        if t <= last {
            return Err(format!(
                "'{t}' out of order or repeated; effects are listed once, ascending"
            ));
        }
        last = t;
        match e {
            Effect4::Freeze(f) => freezes.push(f),
            Effect4::Out(s) => out.insert(s),
        }
    }
    Ok((freezes, out))
}

/// The canonical text of NFEN4 fields 2–10 (F35).
pub fn fields_text(f: &RoundFields, cat: &Catalogue) -> String {
    let r = &f.round;
    let slash = |parts: [String; 4]| parts.join("/");
    let list = |items: Vec<String>| {
        if items.is_empty() {
            "-".to_string()
        } else {
            items.join(",")
        }
    };
    let order: String = r
        .order
        .iter()
        .map(|&s| {
            let c = s.letter();
            if r.done.contains(s) {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect();
    let declarations = match r.declarations {
        None => "-".to_string(),
        Some(d) => slash(Seat::ALL.map(|s| {
            let bang = if r.promised.contains(s) { "!" } else { "" };
            format!("{}{bang}", declaration_text(d[s.index()], cat))
        })),
    };
    let stakes = r.stakes.map_or("-".to_string(), |st| slash(st.map(|v| v.to_string())));
    let pools = slash(r.pools.map(|v| v.to_string()));
    let id = |k: &Kind| cat.get(*k).code.to_string();
    let keeps = slash(f.keeps.clone().map(|k| list(k.iter().map(id).collect())));
    let graves = slash(f.graves.clone().map(|g| {
        let mut maseitai = g.maseitai.clone();
        maseitai.sort();
        let mut items = vec!["B".to_string(); g.black.into()];
        items.extend(maseitai.iter().map(id));
        items.extend(std::iter::repeat_n("R".to_string(), g.red.into()));
        list(items)
    }));
    let mut effects: Vec<String> = f.freezes.iter().map(|&z| effect_text(&Effect4::Freeze(z))).collect();
    effects.extend(r.out.iter().map(|s| effect_text(&Effect4::Out(s))));
    effects.sort();
    format!(
        "{} {order} {declarations} {stakes} {pools} {keeps} {graves} {} {}",
        r.phase.letter(),
        list(effects),
        r.number
    )
}

// ---------------------------------------------------------------- events

/// Parse one event (F38). Text that is not a `d:`, `b:`, `p:` or `x:` event is an action for the board core,
/// passed on if it is one token of printable characters.
pub fn parse_event(text: &str, cat: &Catalogue) -> Result<Event, EventError> {
    let bad = |reason: String| EventError {
        text: shown(text),
        reason,
    };
    let head: IResult<&str, char> = tuple((one_of("dbpx"), char(':')))(text).map(|(rest, (c, _))| (rest, c));
    let Ok((body, kind)) = head else {
        if text.is_empty() || !text.chars().all(|c| c.is_ascii_graphic()) {
            return Err(bad("an action is one token of printable characters".into()));
        }
        return Ok(Event::Action(text.to_string()));
    };
    match kind {
        'd' => per_seat(body, |_, x| declaration(x, cat, false).map(|(d, _)| d))
            .map(Event::Declare)
            .map_err(bad),
        'b' => per_seat(body, |s, x| dash_or(x, |t| gyullas(t, s, "bid")))
            .map(Event::Bid)
            .map_err(bad),
        'p' => per_seat(body, |s, x| match x {
            "y" => Ok(Some(true)),
            "n" => Ok(Some(false)),
            "-" => Ok(None),
            _ => Err(format!("{}'s promise is y, n or -, found '{}'", s.name(), shown(x))),
        })
        .map(Event::Promise)
        .map_err(bad),
        _ => all_consuming(seat)(body)
            .map(|(_, s)| Event::Eliminate(s))
            .map_err(|_| bad("expected x:<seat> with a seat letter s, w, n or e".into())),
    }
}

/// The canonical text of an event (F38).
pub fn event_text(event: &Event, cat: &Catalogue) -> String {
    let slash = |parts: [String; 4]| parts.join("/");
    match event {
        Event::Declare(d) => format!("d:{}", slash(d.map(|d| declaration_text(d, cat)))),
        Event::Bid(b) => format!("b:{}", slash(b.map(|v| v.map_or("-".into(), |v| v.to_string())))),
        Event::Promise(p) => format!(
            "p:{}",
            slash(p.map(|v| match v {
                Some(true) => "y".into(),
                Some(false) => "n".into(),
                None => "-".into(),
            }))
        ),
        Event::Eliminate(s) => format!("x:{s}"),
        Event::Action(a) => a.clone(),
    }
}

/// The ranking of a game (F34) as `query ranking` and the `Ranking` tag write it (F42, F43): seats from the
/// first place down, a space between places, `=` joining seats that share one (in seat order).
pub fn ranking_text(places: [u8; 4]) -> String {
    let mut seats = Seat::ALL;
    seats.sort_by_key(|s| places[s.index()]);
    let mut out = String::new();
    for (i, s) in seats.iter().enumerate() {
        if i > 0 {
            out.push(if places[s.index()] == places[seats[i - 1].index()] {
                '='
            } else {
                ' '
            });
        }
        out.push(s.letter());
    }
    out
}
