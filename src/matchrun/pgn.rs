//! Game records in PGN's tag-pair and movetext syntax, with our move texts:
//! written by the match, read back by `-replay` to re-check every game through
//! the rules core.

use std::time::Duration;

use nom::branch::alt;
use nom::bytes::complete::{escaped_transform, is_not, tag, take_till, take_while1};
use nom::character::complete::{char, digit1, multispace0, multispace1, none_of};
use nom::combinator::{eof, map, opt, peek, recognize, value};
use nom::sequence::{delimited, pair, preceded, separated_pair, terminated, tuple};
use nom::IResult;
use thiserror::Error;

use super::referee::{EngineScore, MoveRecord, Outcome, Termination};
use crate::rules::{parse_nfen, Catalogue, Game, Side, START_NFEN};

/// One game of a record file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The moves with their comments' score, depth and time.
    pub moves: Vec<MoveRecord>,
    /// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`; for four players `S`, `W`, `N`, `E` or `draw`.
    pub result: String,
    /// The comment just before the result (why the game ended).
    pub final_comment: Option<String>,
}

impl PgnGame {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// The draft tags of a game of a draft match (R30).
pub struct DraftTags<'a> {
    /// `DraftPool`: the 15 ids, comma-separated.
    pub pool: &'a str,
    /// `DraftPicks`: the ids in pick order, comma-separated.
    pub picks: &'a str,
    /// `DraftFirst`: the side of this game whose engine picked first.
    pub first: Side,
}

/// Everything the writer needs about one finished game.
pub struct RecordInfo<'a> {
    /// `Event` tag.
    pub event: &'a str,
    /// `Site` tag.
    pub site: &'a str,
    /// `Date` tag, `YYYY.MM.DD`.
    pub date: String,
    /// `Round` tag (the game number).
    pub round: u32,
    /// First player's engine.
    pub white: &'a str,
    /// Second player's engine.
    pub black: &'a str,
    /// Start NFEN.
    pub fen: &'a str,
    /// Turn number of the start (NFEN field 7) and whether black moves first.
    pub start_turn: u16,
    /// Whether the second player moves first.
    pub black_first: bool,
    /// Time controls of white and black, PGN style.
    pub time_controls: [String; 2],
    /// Moves played.
    pub moves: &'a [MoveRecord],
    /// How it ended.
    pub outcome: &'a Outcome,
    /// The pair's draft, in a draft match.
    pub draft: Option<DraftTags<'a>>,
}

/// One tag pair line, `[Name "value"]` with `\` and `"` escaped, and its line break.
pub fn tag_line(name: &str, value: &str) -> String {
    format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The comment after a move: `+0.12/5 0.100s` (score in hundreds, `+M3` for mates).
pub fn move_comment(m: &MoveRecord) -> String {
    let mut c = String::new();
    if let Some(s) = m.score {
        c += &match s {
            EngineScore::Cp(v) => format!("{:+.2}", v as f64 / 100.0),
            EngineScore::Mate(n) if n >= 0 => format!("+M{n}"),
            EngineScore::Mate(n) => format!("-M{}", -n),
        };
        if let Some(d) = m.depth {
            c += &format!("/{d}");
        }
        c.push(' ');
    }
    c += &format!("{:.3}s", m.time.as_secs_f64());
    c
}

/// Write one game record, ending with a blank line.
pub fn write_game(r: &RecordInfo) -> String {
    let mut out = String::new();
    let mut tagline = |n: &str, v: &str| out += &tag_line(n, v);
    tagline("Event", r.event);
    tagline("Site", r.site);
    tagline("Date", &r.date);
    tagline("Round", &r.round.to_string());
    tagline("White", r.white);
    tagline("Black", r.black);
    tagline("Result", r.outcome.result_token());
    tagline("Variant", "naviadratp");
    tagline("FEN", r.fen);
    tagline("SetUp", "1");
    if let Some(d) = &r.draft {
        tagline("DraftPool", d.pool);
        tagline("DraftPicks", d.picks);
        tagline("DraftFirst", super::referee::side_name(d.first));
    }
    if r.time_controls[0] == r.time_controls[1] {
        tagline("TimeControl", &r.time_controls[0]);
    } else {
        tagline("WhiteTimeControl", &r.time_controls[0]);
        tagline("BlackTimeControl", &r.time_controls[1]);
    }
    tagline("PlyCount", &r.moves.len().to_string());
    tagline("Termination", r.outcome.termination.pgn());
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    let mut turn = r.start_turn;
    let mut black = r.black_first;
    for (i, m) in r.moves.iter().enumerate() {
        // A move number stays on the line of its move.
        if !black {
            tokens.push(format!("{turn}. {}", m.text));
        } else if i == 0 {
            tokens.push(format!("{turn}... {}", m.text));
        } else {
            tokens.push(m.text.clone());
        }
        tokens.push(format!("{{{}}}", move_comment(m)));
        if black {
            turn = turn.saturating_add(1);
        }
        black = !black;
    }
    if !r.outcome.reason.is_empty() {
        tokens.push(format!("{{{}}}", r.outcome.reason.replace('}', ")")));
    }
    tokens.push(r.outcome.result_token().to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 80 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &t;
    }
    out += &line;
    out += "\n\n";
    out
}

/// Why a record file could not be read.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("record file, game {game}: {reason} near '{near}'")]
pub struct PgnError {
    /// 1-based game index.
    pub game: usize,
    /// What is wrong.
    pub reason: String,
    /// The text where reading stopped (first 40 characters).
    pub near: String,
}

fn tag_pair(i: &str) -> IResult<&str, (String, String)> {
    let value = alt((
        escaped_transform(
            none_of("\\\""),
            '\\',
            alt((value("\\", tag("\\")), value("\"", tag("\"")))),
        ),
        map(tag(""), |_| String::new()),
    ));
    map(
        delimited(
            char('['),
            separated_pair(
                take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_'),
                multispace1,
                delimited(char('"'), value, char('"')),
            ),
            preceded(multispace0, char(']')),
        ),
        |(n, v): (&str, String)| (n.to_string(), v),
    )(i)
}

/// One movetext token.
#[derive(Debug)]
enum Token<'a> {
    Number,
    Comment(&'a str),
    Result(&'a str),
    Move(&'a str),
}

fn token(i: &str) -> IResult<&str, Token<'_>> {
    alt((
        map(delimited(char('{'), take_till(|c| c == '}'), char('}')), Token::Comment),
        map(preceded(char(';'), take_till(|c| c == '\n')), |_| Token::Number),
        map(preceded(char('$'), digit1), |_| Token::Number),
        map(alt((tag("1-0"), tag("0-1"), tag("1/2-1/2"), tag("*"))), Token::Result),
        // A four-player record ends in its Result tag's word (F43), a word of its own.
        map(
            terminated(
                alt((tag("draw"), tag("S"), tag("W"), tag("N"), tag("E"))),
                peek(alt((multispace1, eof))),
            ),
            Token::Result,
        ),
        map(terminated(digit1, take_while1(|c| c == '.')), |_| Token::Number),
        map(is_not(" \t\r\n{};[]"), Token::Move),
    ))(i)
}

/// `+0.12/5 0.100s`, `-M3/9 1.000s`, `0.100s` → score, depth, time.
fn parse_move_comment(c: &str) -> (Option<EngineScore>, Option<u32>, Duration) {
    fn secs(i: &str) -> IResult<&str, f64> {
        terminated(nom::number::complete::double, char('s'))(i)
    }
    fn score(i: &str) -> IResult<&str, (EngineScore, Option<u32>)> {
        let mate = map(
            pair(alt((char('+'), char('-'))), preceded(char('M'), digit1)),
            |(s, n): (char, &str)| {
                let n: i32 = n.parse().unwrap_or(i32::MAX);
                EngineScore::Mate(if s == '-' { -n } else { n })
            },
        );
        let cp = map(
            recognize(tuple((
                alt((char('+'), char('-'))),
                digit1,
                opt(pair(char('.'), digit1)),
            ))),
            |t: &str| EngineScore::Cp((t.parse::<f64>().unwrap_or(0.0) * 100.0).round() as i32),
        );
        pair(
            alt((mate, cp)),
            opt(preceded(char('/'), map(digit1, |d: &str| d.parse().unwrap_or(0)))),
        )(i)
    }
    let parsed: IResult<&str, _> = tuple((opt(terminated(score, multispace1)), secs))(c.trim());
    match parsed {
        Ok((_, (s, t))) => {
            let time = Duration::from_secs_f64(if t.is_finite() && t >= 0.0 { t } else { 0.0 });
            (s.map(|x| x.0), s.and_then(|x| x.1), time)
        }
        Err(_) => (None, None, Duration::ZERO),
    }
}

/// Read every game of a record file.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut rest = text.trim_start_matches('\u{feff}');
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(games);
        }
        let n = games.len() + 1;
        let fail = |reason: &str, at: &str| PgnError {
            game: n,
            reason: reason.to_string(),
            near: at.chars().take(40).collect(),
        };
        let mut g = PgnGame {
            tags: Vec::new(),
            moves: Vec::new(),
            result: String::new(),
            final_comment: None,
        };
        while rest.starts_with('[') {
            let (r, t) = tag_pair(rest).map_err(|_| fail("bad tag pair", rest))?;
            g.tags.push(t);
            rest = r.trim_start();
        }
        let mut pending_comment: Option<String> = None;
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                return Err(fail("movetext ends without a result", rest));
            }
            let (r, t) = token(rest).map_err(|_| fail("unreadable movetext", rest))?;
            match t {
                Token::Number => {}
                Token::Comment(c) => {
                    if let Some(m) = g.moves.last_mut().filter(|_| pending_comment.is_none()) {
                        if m.time.is_zero() && m.score.is_none() {
                            let (score, depth, time) = parse_move_comment(c);
                            if !time.is_zero() || score.is_some() {
                                (m.score, m.depth, m.time) = (score, depth, time);
                                rest = r;
                                continue;
                            }
                        }
                    }
                    pending_comment = Some(c.trim().to_string());
                }
                Token::Result(res) => {
                    g.result = res.to_string();
                    g.final_comment = pending_comment.take();
                    rest = r;
                    break;
                }
                Token::Move(m) => {
                    pending_comment = None;
                    g.moves.push(MoveRecord {
                        text: m.to_string(),
                        score: None,
                        depth: None,
                        time: Duration::ZERO,
                    });
                }
            }
            rest = r;
        }
        games.push(g);
    }
}

/// What replaying one record found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayCheck {
    /// 1-based game index in the file.
    pub index: usize,
    /// Recorded result token.
    pub result: String,
    /// Moves (two players) or events (four players) replayed.
    pub plies: usize,
    /// What `plies` counts: `plies` or `events`.
    pub unit: &'static str,
    /// `Ok(summary)` when the record agrees with the rules, `Err(problem)` otherwise.
    pub verdict: Result<String, String>,
}

impl ReplayCheck {
    /// The check of game `index` of a record file before anything is replayed; `unit` names what is counted.
    pub fn start(index: usize, g: &PgnGame, unit: &'static str) -> ReplayCheck {
        ReplayCheck {
            index,
            result: g.result.clone(),
            plies: 0,
            unit,
            verdict: Ok(String::new()),
        }
    }
}

/// Replay one record through the rules core and check its result: a game the
/// rules ended must carry that result and `Termination "normal"`; any other
/// game must still be in progress after its last move.
pub fn replay_game(index: usize, g: &PgnGame, cat: &'static Catalogue) -> ReplayCheck {
    let mut check = ReplayCheck::start(index, g, "plies");
    let fen = g.tag("FEN").unwrap_or(START_NFEN);
    let start = match parse_nfen(fen, cat) {
        Ok(p) => p,
        Err(e) => {
            check.verdict = Err(format!("FEN tag: {e}"));
            return check;
        }
    };
    if let Some(tagged) = g.tag("Result") {
        if tagged != g.result {
            check.verdict = Err(format!(
                "Result tag '{tagged}' differs from the movetext's '{}'",
                g.result
            ));
            return check;
        }
    }
    let mut game = Game::new(start);
    for (i, m) in g.moves.iter().enumerate() {
        if let Err(e) = game.play_text(&m.text) {
            check.verdict = Err(format!("ply {}: {e}", i + 1));
            return check;
        }
        check.plies += 1;
    }
    let termination = g.tag("Termination").and_then(Termination::from_pgn);
    check.verdict = match game.result() {
        Some(r) => {
            let o = Outcome::from_rules(r);
            if o.result_token() != g.result {
                Err(format!(
                    "the rules give {} ({}), the record says {}",
                    o.result_token(),
                    o.reason,
                    g.result
                ))
            } else if termination != Some(Termination::Normal) {
                Err(format!(
                    "the rules ended the game ({}) but Termination is not \"normal\"",
                    o.reason
                ))
            } else {
                Ok(format!("{} {}", g.result, o.reason))
            }
        }
        None if termination == Some(Termination::Normal) => {
            Err("Termination is \"normal\" but the rules have not ended the game".to_string())
        }
        None => Ok(format!(
            "{} {}",
            g.result,
            g.final_comment
                .clone()
                .unwrap_or_else(|| termination.map_or("?", |t| t.pgn()).to_string())
        )),
    };
    check
}
