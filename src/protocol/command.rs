//! Every input line of the protocol as a typed [`Command`], parsed with nom.
//!
//! Parsing is purely textual: NFEN, move texts and option values are checked
//! later against the engine's state, so this module needs no position.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1, take_while, take_while1};
use nom::character::complete::{char, multispace0};
use nom::combinator::{all_consuming, map, opt, value};
use nom::multi::{separated_list0, separated_list1};
use nom::sequence::{delimited, separated_pair, terminated};
use nom::IResult;
use thiserror::Error;

use crate::rules::{Phase, Seat};

/// The protocol dialect a GUI chose with its first command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    /// `uci`: chess-style GUIs.
    Uci,
    /// `ugi`: the Universal Game Interface of generic tournament managers.
    Ugi,
}

/// Where a `position` command starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StartPos {
    /// `startpos`: the default start (R7, R31).
    Start,
    /// `fen <NFEN>`: the seven fields joined by single spaces, not yet checked.
    Fen(String),
    /// `startpos forces <force> …`: the standard setup with these forces, not yet checked; the variant wants
    /// two (R7) or four in seat order (F40).
    Forces(Vec<ForceWords>),
}

/// One force as written, `<navia>:<maseitai>,<maseitai>,…`: ids or names, resolved against the catalogue later.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ForceWords {
    /// The Navia's id or name.
    pub navia: String,
    /// The Maseitai's ids or names, in the order written.
    pub maseitai: Vec<String>,
}

/// The words of a `go` command; times in milliseconds exactly as sent (they may be negative).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GoParams {
    /// Remaining clock per player from `p1time` … `p4time`: the duel's first player, or South (F9), first.
    pub time: [Option<i64>; 4],
    /// Increment per move per player from `p1inc` … `p4inc`.
    pub inc: [Option<i64>; 4],
    /// The chess clock words `wtime`, `btime`, `winc`, `binc`, in that order: the duel reads them as `p1time`,
    /// `p2time`, `p1inc`, `p2inc`; `naviadratp4` refuses them (F41).
    pub chess_clock: [Option<i64>; 4],
    /// `movestogo`.
    pub movestogo: Option<u32>,
    /// `movetime`.
    pub movetime: Option<i64>,
    /// `depth`.
    pub depth: Option<u32>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `mate`.
    pub mate: Option<u32>,
    /// `infinite`.
    pub infinite: bool,
    /// `ponder`.
    pub ponder: bool,
    /// `searchmoves`: move texts, checked against the position later.
    pub searchmoves: Vec<String>,
    /// `seat <s|w|n|e>`: the seat to answer for (F41).
    pub seat: Option<Seat>,
    /// `declare`, `bid` or `promise`: the phase the GUI expects the answer for (F41).
    pub expect: Option<Phase>,
}

/// The words `go` reads as the phase the GUI expects (F41).
const EXPECT_WORDS: [(&str, Phase); 3] = [
    ("declare", Phase::Decision),
    ("bid", Phase::Bidding),
    ("promise", Phase::Promise),
];

/// The word `go` reads as the phase `p`, if there is one (`declare`, `bid`, `promise`; none for phase `a`).
pub fn expect_word(p: Phase) -> Option<&'static str> {
    EXPECT_WORDS.iter().find(|(_, q)| *q == p).map(|(w, _)| *w)
}

/// The clock words of the players after the second, `naviadratp4`'s alone (F41).
const FOUR_CLOCK_WORDS: [(&str, usize, bool); 4] = [
    ("p3time", 2, false),
    ("p4time", 3, false),
    ("p3inc", 2, true),
    ("p4inc", 3, true),
];

impl GoParams {
    /// The duel's clocks, remaining time and increment, first player first: `p1time` or else `wtime`, and so on.
    pub fn duel_clock(&self) -> ([Option<i64>; 2], [Option<i64>; 2]) {
        let c = &self.chess_clock;
        (
            [self.time[0].or(c[0]), self.time[1].or(c[1])],
            [self.inc[0].or(c[2]), self.inc[1].or(c[3])],
        )
    }

    /// The search runs until `stop`: `infinite`, or no limit at all (no clock,
    /// `movetime`, `depth`, `nodes` or `mate`) and not pondering. The one place
    /// that says "no limit means infinite".
    pub fn until_stop(&self) -> bool {
        let no_limit = self.time.iter().chain(&self.chess_clock[..2]).all(Option::is_none)
            && self.movetime.is_none()
            && self.depth.is_none()
            && self.nodes.is_none()
            && self.mate.is_none();
        self.infinite || (no_limit && !self.ponder)
    }

    /// A word only `naviadratp4` knows (`seat`, `declare`, `bid`, `promise`, `p3time` …), if any is given.
    pub fn four_player_word(&self) -> Option<&'static str> {
        let expect = EXPECT_WORDS.iter().find(|(_, p)| Some(*p) == self.expect);
        let clock = FOUR_CLOCK_WORDS.iter().find(|&&(_, i, inc)| {
            let set = if inc { self.inc[i] } else { self.time[i] };
            set.is_some()
        });
        let seat = self.seat.map(|_| "seat");
        seat.or(expect.map(|e| e.0)).or(clock.map(|c| c.0))
    }

    /// The given words that `naviadratp4` refuses (F41): the chess clocks, `ponder`, `mate`, `searchmoves`.
    pub fn duel_only_words(&self) -> Vec<&'static str> {
        let chess = ["wtime", "btime", "winc", "binc"];
        let mut words: Vec<&'static str> = chess
            .into_iter()
            .zip(&self.chess_clock)
            .filter(|(_, v)| v.is_some())
            .map(|(w, _)| w)
            .collect();
        words.extend(self.ponder.then_some("ponder"));
        words.extend(self.mate.map(|_| "mate"));
        words.extend((!self.searchmoves.is_empty()).then_some("searchmoves"));
        words
    }

    /// The same `go` without the words `naviadratp4` refuses and ignores (F41).
    pub fn without_duel_words(&self) -> GoParams {
        GoParams {
            chess_clock: [None; 4],
            ponder: false,
            mate: None,
            searchmoves: Vec::new(),
            ..self.clone()
        }
    }
}

/// What `query` asks about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Query {
    /// `query gameover` → `response true|false`.
    GameOver,
    /// `query p1turn` → `response true|false`.
    P1Turn,
    /// `query result` → `response p1win|p2win|draw|none` (`swin|wwin|nwin|ewin|draw|none` in `naviadratp4`).
    Result,
    /// `query phase` → `response d|b|p|a` (F42, `naviadratp4` only).
    Phase,
    /// `query seats` → the seats deciding now (F42, `naviadratp4` only).
    Seats,
    /// `query ranking` → the F34 ranking as it stands (F42, `naviadratp4` only).
    Ranking,
}

impl Query {
    /// The word after `query`.
    pub fn word(self) -> &'static str {
        match self {
            Query::GameOver => "gameover",
            Query::P1Turn => "p1turn",
            Query::Result => "result",
            Query::Phase => "phase",
            Query::Seats => "seats",
            Query::Ranking => "ranking",
        }
    }
}

/// One parsed input line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// `uci` or `ugi`: identify, list options, choose the dialect.
    Hello(Dialect),
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `setoption name <name> [value <value>]`; name and value with inner spaces kept single.
    SetOption {
        /// The option name as sent.
        name: String,
        /// The value, if any.
        value: Option<String>,
    },
    /// `ucinewgame` or `uginewgame`.
    NewGame,
    /// `position startpos|fen <NFEN> [moves …]`.
    Position {
        /// The start.
        start: StartPos,
        /// Move texts played from it.
        moves: Vec<String>,
    },
    /// `go …` (boxed: its many words would make every command large).
    Go(Box<GoParams>),
    /// `perft <depth> [full]` or `go perft <depth> [full]`.
    Perft {
        /// Plies to count.
        depth: u32,
        /// Make every leaf instead of counting the last ply (`perft <depth> full`).
        full: bool,
    },
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `query gameover|p1turn|result|phase|seats|ranking`.
    Query(Query),
    /// `d`: board diagram, NFEN, key, result.
    Display,
    /// `legal [seat <s|w|n|e>]`: every legal move, canonical and sorted; in `naviadratp4` the seat's choices (F42).
    Legal(Option<Seat>),
    /// `bench [depth]`.
    Bench(Option<u32>),
    /// `eval`: the static evaluation and its terms.
    Eval,
    /// `catalogue`: the loaded catalogue in its file format.
    Catalogue,
    /// `go draft pool <15|29 pieces> [picks <pieces>]`: answer `bestpick` for the side or seat to pick (R30, F11).
    Draft {
        /// The drawn Maseitai, ids or names.
        pool: Vec<String>,
        /// The picks so far in pick order, first player first.
        picks: Vec<String>,
    },
}

/// Deepest `perft` the engine accepts; deeper would not finish in a lifetime.
pub const MAX_PERFT_DEPTH: u32 = 20;

/// Deepest `bench` the engine accepts.
pub const MAX_BENCH_DEPTH: u32 = 64;

/// Why a line is not a command.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum CommandError {
    /// The first word is no command (ignored, reported only in debug mode).
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// A known command with bad arguments.
    #[error("{command}: {reason}")]
    Bad {
        /// The command word.
        command: &'static str,
        /// What is wrong and where.
        reason: String,
    },
}

impl CommandError {
    fn bad(command: &'static str, reason: impl Into<String>) -> CommandError {
        CommandError::Bad {
            command,
            reason: reason.into(),
        }
    }
}

/// Parse one input line; `Ok(None)` for a blank line.
pub fn parse_line(line: &str) -> Result<Option<Command>, CommandError> {
    let words = split_words(line);
    let Some((&first, rest)) = words.split_first() else {
        return Ok(None);
    };
    let no_args = |cmd: &'static str, c: Command| {
        if rest.is_empty() {
            Ok(c)
        } else {
            Err(CommandError::bad(
                cmd,
                format!("takes no arguments, got '{}'", rest.join(" ")),
            ))
        }
    };
    let cmd = match first {
        "uci" => no_args("uci", Command::Hello(Dialect::Uci)),
        "ugi" => no_args("ugi", Command::Hello(Dialect::Ugi)),
        "isready" => no_args("isready", Command::IsReady),
        "ucinewgame" => no_args("ucinewgame", Command::NewGame),
        "uginewgame" => no_args("uginewgame", Command::NewGame),
        "stop" => no_args("stop", Command::Stop),
        "ponderhit" => no_args("ponderhit", Command::PonderHit),
        "quit" => no_args("quit", Command::Quit),
        "d" => no_args("d", Command::Display),
        "legal" => parse_legal(rest),
        "eval" => no_args("eval", Command::Eval),
        "catalogue" => no_args("catalogue", Command::Catalogue),
        "debug" => parse_debug(rest),
        "setoption" => parse_setoption(rest),
        "position" => parse_position(rest),
        "go" => parse_go(rest),
        "perft" => parse_perft("perft", rest),
        "bench" => parse_bench(rest),
        "query" => parse_query(rest),
        other => Err(CommandError::Unknown(other.to_string())),
    }?;
    Ok(Some(cmd))
}

/// The words of a line. Words are cut and separated by the same rule, Unicode
/// whitespace (form feed, no-break space, U+2028, U+3000 …), so no line can fall
/// between the two and vanish unanswered.
fn split_words(line: &str) -> Vec<&str> {
    let word = || take_till1::<_, _, nom::error::Error<&str>>(char::is_whitespace);
    let space0 = || take_while(char::is_whitespace);
    let space1 = take_while1(char::is_whitespace);
    let mut words = all_consuming(delimited(space0(), separated_list0(space1, word()), space0()));
    // Cannot fail: every non-space run is a word and every space run a separator.
    words(line).map(|(_, w)| w).unwrap_or_default()
}

/// A whole word that is an unsigned or signed number, with a message naming the bound.
fn number<T>(command: &'static str, what: &str, word: Option<&&str>) -> Result<T, CommandError>
where
    T: std::str::FromStr + Bounded,
{
    let Some(&w) = word else {
        return Err(CommandError::bad(command, format!("{what} needs a value")));
    };
    let digits: IResult<&str, &str> = all_consuming(nom::combinator::recognize(nom::sequence::pair(
        opt(tag("-")),
        nom::character::complete::digit1,
    )))(w);
    match digits {
        Ok(_) => w.parse::<T>().map_err(|_| {
            CommandError::bad(
                command,
                format!("{what} '{w}' is out of range ({} to {})", T::MIN_TEXT, T::MAX_TEXT),
            )
        }),
        Err(_) => Err(CommandError::bad(
            command,
            format!("{what} needs an integer, got '{w}'"),
        )),
    }
}

/// Integer types `number` can read, with their range for messages.
trait Bounded {
    const MIN_TEXT: &'static str;
    const MAX_TEXT: &'static str;
}

impl Bounded for u32 {
    const MIN_TEXT: &'static str = "0";
    const MAX_TEXT: &'static str = "4294967295";
}

impl Bounded for u64 {
    const MIN_TEXT: &'static str = "0";
    const MAX_TEXT: &'static str = "18446744073709551615";
}

impl Bounded for i64 {
    const MIN_TEXT: &'static str = "-9223372036854775808";
    const MAX_TEXT: &'static str = "9223372036854775807";
}

fn parse_debug(rest: &[&str]) -> Result<Command, CommandError> {
    let on_off = alt((value(true, tag("on")), value(false, tag("off"))));
    let mut p = all_consuming::<_, _, nom::error::Error<&str>, _>(on_off);
    match rest {
        [w] => p(w)
            .map(|(_, on)| Command::Debug(on))
            .map_err(|_| CommandError::bad("debug", format!("expected on or off, got '{w}'"))),
        _ => Err(CommandError::bad("debug", "expected on or off")),
    }
}

fn parse_setoption(rest: &[&str]) -> Result<Command, CommandError> {
    match rest.split_first() {
        Some((&"name", after)) => {
            let at = after.iter().position(|w| w.eq_ignore_ascii_case("value"));
            let (name, value) = match at {
                Some(i) => (&after[..i], Some(after[i + 1..].join(" "))),
                None => (after, None),
            };
            if name.is_empty() {
                return Err(CommandError::bad("setoption", "missing option name after 'name'"));
            }
            Ok(Command::SetOption {
                name: name.join(" "),
                value,
            })
        }
        _ => Err(CommandError::bad(
            "setoption",
            "expected 'name <option> [value <value>]'",
        )),
    }
}

/// `seat <s|w|n|e>`'s value.
fn seat_word(command: &'static str, word: Option<&&str>) -> Result<Seat, CommandError> {
    let Some(&w) = word else {
        return Err(CommandError::bad(command, "seat needs a value: s, w, n or e"));
    };
    let mut chars = w.chars();
    match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(CommandError::bad(
            command,
            format!("seat needs s, w, n or e, got '{w}'"),
        )),
    }
}

fn parse_legal(rest: &[&str]) -> Result<Command, CommandError> {
    match rest {
        [] => Ok(Command::Legal(None)),
        ["seat", value @ ..] if value.len() <= 1 => seat_word("legal", value.first()).map(|s| Command::Legal(Some(s))),
        _ => Err(CommandError::bad(
            "legal",
            format!("takes no arguments or 'seat <s|w|n|e>', got '{}'", rest.join(" ")),
        )),
    }
}

fn parse_position(rest: &[&str]) -> Result<Command, CommandError> {
    let moves_at = rest.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&rest[..i], rest[i + 1..].iter().map(|m| m.to_string()).collect()),
        None => (rest, Vec::new()),
    };
    let start = match head.split_first() {
        Some((&"startpos", [])) => StartPos::Start,
        Some((&"startpos", [w, forces @ ..])) if *w == "forces" => {
            StartPos::Forces(forces.iter().map(|f| force_words(f)).collect::<Result<_, _>>()?)
        }
        Some((&"startpos", extra)) => {
            return Err(CommandError::bad(
                "position",
                format!("expected 'moves' after startpos, got '{}'", extra[0]),
            ))
        }
        Some((&"fen", [])) => return Err(CommandError::bad("position", "missing NFEN after 'fen'")),
        Some((&"fen", fields)) => StartPos::Fen(fields.join(" ")),
        Some((w, _)) => {
            return Err(CommandError::bad(
                "position",
                format!("expected startpos or fen, got '{w}'"),
            ))
        }
        None => return Err(CommandError::bad("position", "expected startpos or fen")),
    };
    Ok(Command::Position { start, moves })
}

/// One force word, `<navia>:<m>,<m>,…`, split into its pieces (resolved later).
fn force_words(word: &str) -> Result<ForceWords, CommandError> {
    let item = || take_till1::<_, _, nom::error::Error<&str>>(|c| c == ',' || c == ':');
    let mut force = all_consuming(separated_pair(item(), char(':'), separated_list1(char(','), item())));
    match force(word) {
        Ok((_, (navia, maseitai))) => Ok(ForceWords {
            navia: navia.to_string(),
            maseitai: maseitai.into_iter().map(str::to_string).collect(),
        }),
        Err(_) => Err(CommandError::bad(
            "position",
            format!("bad force '{word}': expected <navia>:<maseitai>,<maseitai>,… (ids or names, no empty item)"),
        )),
    }
}

/// `go draft pool <pieces> [picks <pieces>]`.
fn parse_draft(rest: &[&str]) -> Result<Command, CommandError> {
    let bad = |reason: String| CommandError::bad("go draft", reason);
    let Some((&"pool", after)) = rest.split_first() else {
        return Err(bad("expected 'pool <15 pieces> [picks <pieces>]'".into()));
    };
    let at = after.iter().position(|w| *w == "picks");
    let (pool, picks) = match at {
        Some(i) => (&after[..i], &after[i + 1..]),
        None => (after, &[][..]),
    };
    if let Some(w) = pool.iter().chain(picks).find(|w| **w == "pool" || **w == "picks") {
        return Err(bad(format!("'{w}' given twice")));
    }
    let words = |ws: &[&str]| ws.iter().map(|w| w.to_string()).collect();
    Ok(Command::Draft {
        pool: words(pool),
        picks: words(picks),
    })
}

/// The words `go` knows, so `searchmoves` knows where its list ends.
const GO_WORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "p3time",
    "p4time",
    "p3inc",
    "p4inc",
    "seat",
    "declare",
    "bid",
    "promise",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

fn parse_go(rest: &[&str]) -> Result<Command, CommandError> {
    if let Some((&"perft", args)) = rest.split_first() {
        return parse_perft("go perft", args);
    }
    if let Some((&"draft", args)) = rest.split_first() {
        return parse_draft(args);
    }
    let mut g = GoParams::default();
    let mut i = 0;
    while i < rest.len() {
        let w = rest[i];
        let val = rest.get(i + 1);
        i += 2;
        match w {
            "wtime" => g.chess_clock[0] = Some(number("go", w, val)?),
            "btime" => g.chess_clock[1] = Some(number("go", w, val)?),
            "winc" => g.chess_clock[2] = Some(number("go", w, val)?),
            "binc" => g.chess_clock[3] = Some(number("go", w, val)?),
            "p1time" => g.time[0] = Some(number("go", w, val)?),
            "p2time" => g.time[1] = Some(number("go", w, val)?),
            "p3time" => g.time[2] = Some(number("go", w, val)?),
            "p4time" => g.time[3] = Some(number("go", w, val)?),
            "p1inc" => g.inc[0] = Some(number("go", w, val)?),
            "p2inc" => g.inc[1] = Some(number("go", w, val)?),
            "p3inc" => g.inc[2] = Some(number("go", w, val)?),
            "p4inc" => g.inc[3] = Some(number("go", w, val)?),
            "seat" => g.seat = Some(seat_word("go", val)?),
            "declare" | "bid" | "promise" => {
                g.expect = EXPECT_WORDS.iter().find(|(e, _)| *e == w).map(|&(_, p)| p);
                i -= 1;
            }
            "movestogo" => g.movestogo = Some(number("go", w, val)?),
            "movetime" => g.movetime = Some(number("go", w, val)?),
            "depth" => g.depth = Some(number("go", w, val)?),
            "nodes" => g.nodes = Some(number("go", w, val)?),
            "mate" => g.mate = Some(number("go", w, val)?),
            "infinite" => {
                g.infinite = true;
                i -= 1;
            }
            "ponder" => {
                g.ponder = true;
                i -= 1;
            }
            "searchmoves" => {
                i -= 1;
                while i < rest.len() && !GO_WORDS.contains(&rest[i]) {
                    g.searchmoves.push(rest[i].to_string());
                    i += 1;
                }
            }
            "perft" => return Err(CommandError::bad("go", "perft must come alone: 'go perft <depth>'")),
            other => return Err(CommandError::bad("go", format!("unknown word '{other}'"))),
        }
    }
    Ok(Command::Go(Box::new(g)))
}

fn parse_perft(command: &'static str, rest: &[&str]) -> Result<Command, CommandError> {
    let (depth_word, full) = match rest {
        [d] => (Some(d), false),
        [d, "full"] => (Some(d), true),
        [] => (None, false),
        _ => {
            return Err(CommandError::bad(
                command,
                format!("expected a depth and optionally 'full', got '{}'", rest.join(" ")),
            ))
        }
    };
    let depth: u32 = number(command, "depth", depth_word)?;
    if depth > MAX_PERFT_DEPTH {
        return Err(CommandError::bad(
            command,
            format!("depth {depth} is above the maximum {MAX_PERFT_DEPTH}"),
        ));
    }
    Ok(Command::Perft { depth, full })
}

fn parse_bench(rest: &[&str]) -> Result<Command, CommandError> {
    match rest {
        [] => Ok(Command::Bench(None)),
        [_] => {
            let d: u32 = number("bench", "depth", rest.first())?;
            if d == 0 || d > MAX_BENCH_DEPTH {
                return Err(CommandError::bad(
                    "bench",
                    format!("depth {d} is outside 1 to {MAX_BENCH_DEPTH}"),
                ));
            }
            Ok(Command::Bench(Some(d)))
        }
        _ => Err(CommandError::bad(
            "bench",
            format!("expected at most one depth, got '{}'", rest.join(" ")),
        )),
    }
}

fn parse_query(rest: &[&str]) -> Result<Command, CommandError> {
    let what = alt((
        value(Query::GameOver, tag("gameover")),
        value(Query::P1Turn, tag("p1turn")),
        value(Query::Result, tag("result")),
        value(Query::Phase, tag("phase")),
        value(Query::Seats, tag("seats")),
        value(Query::Ranking, tag("ranking")),
    ));
    let mut p = all_consuming::<_, _, nom::error::Error<&str>, _>(map(terminated(what, multispace0), Command::Query));
    match rest {
        [w] => p(w).map(|(_, c)| c).map_err(|_| {
            CommandError::bad(
                "query",
                format!("expected gameover, p1turn, result, phase, seats or ranking, got '{w}'"),
            )
        }),
        _ => Err(CommandError::bad(
            "query",
            "expected one of gameover, p1turn, result, phase, seats, ranking",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse_line(line)
            .unwrap_or_else(|e| panic!("{line:?}: {e}"))
            .unwrap_or_else(|| panic!("{line:?}: blank"))
    }

    fn bad(line: &str) -> String {
        match parse_line(line) {
            Err(e) => e.to_string(),
            Ok(c) => panic!("{line:?} parsed as {c:?}"),
        }
    }

    #[test]
    fn simple_commands_and_blank_lines() {
        assert_eq!(ok("uci"), Command::Hello(Dialect::Uci));
        assert_eq!(ok("  ugi \t"), Command::Hello(Dialect::Ugi));
        assert_eq!(ok("isready"), Command::IsReady);
        assert_eq!(ok("ucinewgame"), Command::NewGame);
        assert_eq!(ok("uginewgame"), Command::NewGame);
        assert_eq!(ok("stop"), Command::Stop);
        assert_eq!(ok("ponderhit"), Command::PonderHit);
        assert_eq!(ok("quit"), Command::Quit);
        assert_eq!(ok("d"), Command::Display);
        assert_eq!(ok("legal"), Command::Legal(None));
        assert_eq!(ok("legal seat e"), Command::Legal(Some(Seat::East)));
        assert_eq!(bad("legal seat"), "legal: seat needs a value: s, w, n or e");
        assert_eq!(bad("legal seat x"), "legal: seat needs s, w, n or e, got 'x'");
        assert_eq!(bad("legal seat ee"), "legal: seat needs s, w, n or e, got 'ee'");
        assert_eq!(
            bad("legal now"),
            "legal: takes no arguments or 'seat <s|w|n|e>', got 'now'"
        );
        assert_eq!(
            bad("legal seat w n"),
            "legal: takes no arguments or 'seat <s|w|n|e>', got 'seat w n'"
        );
        assert_eq!(ok("eval"), Command::Eval);
        assert_eq!(ok("catalogue"), Command::Catalogue);
        assert_eq!(parse_line(""), Ok(None));
        assert_eq!(parse_line(" \t  \r"), Ok(None));
        assert_eq!(bad("isready now"), "isready: takes no arguments, got 'now'");
    }

    #[test]
    fn unknown_commands_are_typed_apart() {
        assert_eq!(parse_line("joho debug on"), Err(CommandError::Unknown("joho".into())));
        assert_eq!(parse_line("Uci"), Err(CommandError::Unknown("Uci".into())));
        assert_eq!(parse_line("ŝtop ☃"), Err(CommandError::Unknown("ŝtop".into())));
    }

    #[test]
    fn debug_on_off() {
        assert_eq!(ok("debug on"), Command::Debug(true));
        assert_eq!(ok("debug off"), Command::Debug(false));
        assert_eq!(bad("debug"), "debug: expected on or off");
        assert_eq!(bad("debug onn"), "debug: expected on or off, got 'onn'");
    }

    #[test]
    fn setoption_names_and_values_with_spaces() {
        assert_eq!(
            ok("setoption name Hash value 64"),
            Command::SetOption {
                name: "Hash".into(),
                value: Some("64".into())
            }
        );
        assert_eq!(
            ok("setoption  name Move   Overhead value 30"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert_eq!(
            ok("setoption name Catalogue File value /tmp/my cats/a.cat"),
            Command::SetOption {
                name: "Catalogue File".into(),
                value: Some("/tmp/my cats/a.cat".into())
            }
        );
        assert_eq!(
            ok("setoption name Catalogue File value"),
            Command::SetOption {
                name: "Catalogue File".into(),
                value: Some(String::new())
            }
        );
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(bad("setoption"), "setoption: expected 'name <option> [value <value>]'");
        assert_eq!(
            bad("setoption name value 3"),
            "setoption: missing option name after 'name'"
        );
        assert_eq!(
            bad("setoption Hash 3"),
            "setoption: expected 'name <option> [value <value>]'"
        );
    }

    #[test]
    fn position_startpos_and_fen_with_moves() {
        assert_eq!(
            ok("position startpos"),
            Command::Position {
                start: StartPos::Start,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position startpos moves"),
            Command::Position {
                start: StartPos::Start,
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position startpos moves c2c3 c6c5 M06@a1"),
            Command::Position {
                start: StartPos::Start,
                moves: vec!["c2c3".into(), "c6c5".into(), "M06@a1".into()]
            }
        );
        let nfen = "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[N01]1R1 w 0/0 M01,M02,M03,M04,M05,M06,M07/M08,M09,M10,M11,M12,M13,M14 -/- - 1";
        assert_eq!(
            ok(&format!("position fen {nfen} moves c2c3")),
            Command::Position {
                start: StartPos::Fen(nfen.into()),
                moves: vec!["c2c3".into()]
            }
        );
        // Extra spaces collapse: the NFEN reaches the notation parser with single spaces.
        assert_eq!(
            ok("position fen  7/7  w moves"),
            Command::Position {
                start: StartPos::Fen("7/7 w".into()),
                moves: vec![]
            }
        );
        assert_eq!(bad("position"), "position: expected startpos or fen");
        assert_eq!(bad("position fen"), "position: missing NFEN after 'fen'");
        assert_eq!(bad("position fen moves c2c3"), "position: missing NFEN after 'fen'");
        assert_eq!(bad("position start"), "position: expected startpos or fen, got 'start'");
        assert_eq!(
            bad("position startpos c2c3"),
            "position: expected 'moves' after startpos, got 'c2c3'"
        );
    }

    #[test]
    fn position_startpos_forces() {
        let words = |navia: &str, m: &[&str]| ForceWords {
            navia: navia.into(),
            maseitai: m.iter().map(|s| s.to_string()).collect(),
        };
        assert_eq!(
            ok("position startpos forces N01:M01,M02 Debora:Troll,Hamulus_Garuda moves c2c3"),
            Command::Position {
                start: StartPos::Forces(vec![
                    words("N01", &["M01", "M02"]),
                    words("Debora", &["Troll", "Hamulus_Garuda"])
                ]),
                moves: vec!["c2c3".into()]
            }
        );
        // How many forces the variant wants is the session's to check (two, or four in seat order).
        let count = |line: &str| match ok(line) {
            Command::Position {
                start: StartPos::Forces(f),
                ..
            } => f.len(),
            c => panic!("{c:?}"),
        };
        assert_eq!(count("position startpos forces N01:M01"), 1);
        assert_eq!(count("position startpos forces a:b c:d e:f g:h moves d:B/B/B/B"), 4);
        assert_eq!(count("position startpos forces moves"), 0);
        for w in ["N01", "N01:", ":M01", "N01:M01,", "N01:M01,,M02", "N01:M01:M02"] {
            assert_eq!(
                bad(&format!("position startpos forces {w} N02:M08")),
                format!(
                    "position: bad force '{w}': expected <navia>:<maseitai>,<maseitai>,… (ids or names, no empty item)"
                )
            );
        }
    }

    #[test]
    fn go_draft_pool_and_picks() {
        let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            ok("go draft pool M01 M02 M03 picks M02"),
            Command::Draft {
                pool: strings(&["M01", "M02", "M03"]),
                picks: strings(&["M02"])
            }
        );
        assert_eq!(
            ok("go draft pool M01 M02"),
            Command::Draft {
                pool: strings(&["M01", "M02"]),
                picks: vec![]
            }
        );
        assert_eq!(
            bad("go draft"),
            "go draft: expected 'pool <15 pieces> [picks <pieces>]'"
        );
        assert_eq!(
            bad("go draft picks M01"),
            "go draft: expected 'pool <15 pieces> [picks <pieces>]'"
        );
        assert_eq!(
            bad("go draft pool M01 picks M01 picks M02"),
            "go draft: 'picks' given twice"
        );
    }

    #[test]
    fn go_words_in_any_order_both_dialects() {
        let g = match ok("go btime 2000 wtime 1000 binc 20 winc 10 movestogo 5") {
            Command::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert_eq!(g.duel_clock(), ([Some(1000), Some(2000)], [Some(10), Some(20)]));
        assert_eq!(g.chess_clock, [Some(1000), Some(2000), Some(10), Some(20)]);
        assert_eq!(g.duel_only_words(), ["wtime", "btime", "winc", "binc"]);
        assert_eq!(g.movestogo, Some(5));
        let u = match ok("go p2inc 20 p1time 1000 p1inc 10 p2time 2000 movestogo 5") {
            Command::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert_eq!(u.duel_clock(), g.duel_clock());
        assert_eq!(
            (u.time, u.inc),
            ([Some(1000), Some(2000), None, None], [Some(10), Some(20), None, None])
        );
        assert!(u.duel_only_words().is_empty() && u.four_player_word().is_none());
        // A `p` word wins over its chess alias.
        let both = match ok("go p1time 5 wtime 7") {
            Command::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert_eq!(both.duel_clock().0, [Some(5), None]);
        let s = match ok("go infinite searchmoves c2c3 M06@a1 depth 7 ponder nodes 99 mate 3 movetime -5") {
            Command::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert!(s.infinite && s.ponder);
        assert_eq!(s.searchmoves, vec!["c2c3".to_string(), "M06@a1".to_string()]);
        assert_eq!(
            (s.depth, s.nodes, s.mate, s.movetime),
            (Some(7), Some(99), Some(3), Some(-5))
        );
        assert_eq!(ok("go"), Command::Go(Box::default()));
    }

    #[test]
    fn go_words_of_four_players() {
        let g = match ok("go declare seat w p4time 9 p3inc 3 movetime 200 p3time 8 p4inc 4 p1time 6 p2time 7") {
            Command::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert_eq!(g.seat, Some(Seat::West));
        assert_eq!(g.expect, Some(Phase::Decision));
        assert_eq!(g.time, [Some(6), Some(7), Some(8), Some(9)]);
        assert_eq!(g.inc, [None, None, Some(3), Some(4)]);
        assert_eq!(g.movetime, Some(200));
        assert_eq!(g.four_player_word(), Some("seat"));
        assert!(!g.until_stop());
        for (line, word, phase) in [
            ("go bid", "bid", Phase::Bidding),
            ("go promise depth 2", "promise", Phase::Promise),
        ] {
            let g = match ok(line) {
                Command::Go(g) => g,
                c => panic!("{c:?}"),
            };
            assert_eq!((g.expect, g.four_player_word()), (Some(phase), Some(word)));
        }
        let clock = match ok("go p4inc 10") {
            Command::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert_eq!(clock.four_player_word(), Some("p4inc"));
        assert!(clock.until_stop(), "an increment alone is no limit");
        // The words naviadratp4 refuses are listed, and dropped by `without_duel_words`.
        let g = match ok("go ponder mate 3 seat n searchmoves c2c3 btime 5 depth 4") {
            Command::Go(g) => g,
            c => panic!("{c:?}"),
        };
        assert_eq!(g.searchmoves, ["c2c3"]);
        assert_eq!(g.duel_only_words(), ["btime", "ponder", "mate", "searchmoves"]);
        let clean = g.without_duel_words();
        assert!(clean.duel_only_words().is_empty());
        assert_eq!((clean.seat, clean.depth), (Some(Seat::North), Some(4)));
        assert_eq!(bad("go seat"), "go: seat needs a value: s, w, n or e");
        assert_eq!(bad("go seat south"), "go: seat needs s, w, n or e, got 'south'");
        assert_eq!(bad("go p3time x"), "go: p3time needs an integer, got 'x'");
    }

    #[test]
    fn go_errors_name_the_word() {
        assert_eq!(bad("go depth"), "go: depth needs a value");
        assert_eq!(bad("go depth x"), "go: depth needs an integer, got 'x'");
        assert_eq!(bad("go depth -1"), "go: depth '-1' is out of range (0 to 4294967295)");
        assert_eq!(
            bad("go nodes 99999999999999999999999"),
            "go: nodes '99999999999999999999999' is out of range (0 to 18446744073709551615)"
        );
        assert_eq!(bad("go wtime 1e3"), "go: wtime needs an integer, got '1e3'");
        assert_eq!(bad("go fast"), "go: unknown word 'fast'");
        assert_eq!(
            bad("go depth 3 perft 2"),
            "go: perft must come alone: 'go perft <depth>'"
        );
    }

    #[test]
    fn perft_bench_query() {
        assert_eq!(ok("perft 3"), Command::Perft { depth: 3, full: false });
        assert_eq!(ok("perft 4 full"), Command::Perft { depth: 4, full: true });
        assert_eq!(ok("go perft 2"), Command::Perft { depth: 2, full: false });
        assert!(parse_line("perft 4 fast").is_err());
        assert_eq!(bad("perft"), "perft: depth needs a value");
        assert_eq!(bad("perft 21"), "perft: depth 21 is above the maximum 20");
        assert_eq!(
            bad("go perft 2 3"),
            "go perft: expected a depth and optionally 'full', got '2 3'"
        );
        assert_eq!(ok("bench"), Command::Bench(None));
        assert_eq!(ok("bench 5"), Command::Bench(Some(5)));
        assert_eq!(bad("bench 0"), "bench: depth 0 is outside 1 to 64");
        assert_eq!(ok("query gameover"), Command::Query(Query::GameOver));
        assert_eq!(ok("query p1turn"), Command::Query(Query::P1Turn));
        assert_eq!(ok("query result"), Command::Query(Query::Result));
        for q in [Query::Phase, Query::Seats, Query::Ranking] {
            assert_eq!(ok(&format!("query {}", q.word())), Command::Query(q));
        }
        assert_eq!(
            bad("query"),
            "query: expected one of gameover, p1turn, result, phase, seats, ranking"
        );
        assert_eq!(
            bad("query winner"),
            "query: expected gameover, p1turn, result, phase, seats or ranking, got 'winner'"
        );
    }

    #[test]
    fn any_unicode_whitespace_separates_words() {
        assert_eq!(ok("isready\x0c"), Command::IsReady);
        assert_eq!(ok("\u{3000}isready\u{2028}"), Command::IsReady);
        assert_eq!(ok("go depth 1\x0b"), ok("go depth 1"));
        assert_eq!(ok("go\u{a0}depth\u{3000}1"), ok("go depth 1"));
        assert_eq!(
            ok("position\u{2028}startpos moves\x0cc2c3"),
            ok("position startpos moves c2c3")
        );
        assert_eq!(parse_line("\u{a0}\x0b\u{2028}"), Ok(None));
    }

    #[test]
    fn never_panics_on_odd_bytes() {
        for line in [
            "\u{0}",
            "go \u{feff}depth 3",
            "position fen \u{1F600}",
            "setoption name \u{7f} value \u{0}",
            "go searchmoves",
        ] {
            let _ = parse_line(line);
        }
    }
}
