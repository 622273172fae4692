//! The command line, in cutechess-cli's style: `-engine cmd=… name=… tc=40/60+0.6`,
//! `-each …`, `-games N`, `-rounds N`, `-repeat`, `-sprt elo0=0 elo1=5 …` and so on.
//! Arguments become a typed [`Command`] here or a precise [`CliError`].

use std::path::PathBuf;
use std::time::Duration;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1};
use nom::character::complete::{char, digit1};
use nom::combinator::{all_consuming, map_res, opt, rest};
use nom::number::complete::double;
use nom::sequence::{separated_pair, terminated};
use nom::IResult;
use thiserror::Error;

use super::stats::Sprt;

/// A command-line error: which option and what is wrong with it.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("{option}: {reason}")]
pub struct CliError {
    /// The option (`-engine`, `tc`, …) or `arguments`.
    pub option: String,
    /// What is wrong.
    pub reason: String,
}

fn err<T>(option: &str, reason: impl Into<String>) -> Result<T, CliError> {
    Err(CliError {
        option: option.to_string(),
        reason: reason.into(),
    })
}

/// The protocol dialect an engine speaks (see `protocol.md`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Proto {
    /// `uci` → `uciok`, `ucinewgame`, `go wtime btime winc binc`.
    Uci,
    /// `ugi` → `ugiok`, `uginewgame`, `go p1time p2time p1inc p2inc`.
    Ugi,
}

/// A chess-style clock: `moves/time+increment` (moves = 0 or absent: the whole game).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clock {
    /// Moves per period; the base time is added again after each period.
    pub moves: Option<u32>,
    /// Time per period.
    pub base: Duration,
    /// Time added after each move.
    pub inc: Duration,
}

impl std::fmt::Display for Clock {
    /// The PGN `TimeControl` form: `40/60+0.6`, `10+0.1`, `60`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(m) = self.moves {
            write!(f, "{m}/")?;
        }
        write!(f, "{}", secs_text(self.base))?;
        if !self.inc.is_zero() {
            write!(f, "+{}", secs_text(self.inc))?;
        }
        Ok(())
    }
}

/// Seconds without trailing zeros: `60`, `0.6`, `1.25`.
pub fn secs_text(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{}", ms / 1000)
    } else {
        format!("{:.3}", d.as_secs_f64()).trim_end_matches('0').to_string()
    }
}

/// One engine's settings, after `-each` and its own `-engine` options are merged.
#[derive(Clone, PartialEq, Debug)]
pub struct EngineConfig {
    /// Display name (`name=`, else the command's file name).
    pub name: String,
    /// Program to run (`cmd=`).
    pub cmd: String,
    /// Extra arguments (`arg=`, repeatable).
    pub args: Vec<String>,
    /// Working directory (`dir=`).
    pub dir: Option<PathBuf>,
    /// Dialect (`proto=uci|ugi`).
    pub proto: Proto,
    /// Options sent with `setoption` after the handshake (`option.Hash=64`).
    pub options: Vec<(String, String)>,
    /// Clock (`tc=`); `None` for `tc=inf` or none given.
    pub tc: Option<Clock>,
    /// Fixed time per move (`st=` seconds).
    pub st: Option<Duration>,
    /// Fixed depth (`depth=`).
    pub depth: Option<u32>,
    /// Fixed node count (`nodes=`).
    pub nodes: Option<u64>,
    /// Grace past the limit before a move counts as late (`timemargin=` ms).
    pub margin: Duration,
    /// Longest wait for a move when neither a clock nor `st` bounds it (`maxwait=` seconds).
    pub maxwait: Duration,
    /// File that receives the engine's stderr (`stderr=`); discarded otherwise.
    pub stderr: Option<PathBuf>,
}

/// `-draw movenumber=N movecount=M score=S`: a draw once both engines' scores stay
/// within ±S centipawns for M consecutive moves each, from move N on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrawAdjudication {
    /// First full move at which the rule may apply.
    pub movenumber: u32,
    /// Consecutive moves per side needed.
    pub movecount: u32,
    /// Score bound, centipawns.
    pub score: i32,
}

/// `-resign movecount=N score=S [twosided=true]`: a side loses once its engine scores
/// itself at −S or worse for N consecutive moves (two-sided: or its opponent at +S or better).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ResignAdjudication {
    /// Consecutive moves needed.
    pub movecount: u32,
    /// Score bound, centipawns.
    pub score: i32,
    /// Also count the opponent's winning scores.
    pub twosided: bool,
}

/// In which order opening positions are used.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OpeningOrder {
    /// File order, wrapping around.
    Sequential,
    /// Shuffled once with the seed, then in that order.
    Random,
}

/// `-openings file=… [order=random|sequential] [seed=N] [start=N]`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct OpeningsConfig {
    /// A file of NFEN positions, one a line (`#` comments and blank lines skipped).
    pub file: PathBuf,
    /// Order of use.
    pub order: OpeningOrder,
    /// Shuffle seed.
    pub seed: u64,
    /// First opening to use, counted from 1.
    pub start: usize,
}

pub use crate::rules::ForceRule;

/// `-forces random|singleton [seed=N] [sides=apart|mirror]`: each side's Navia and 7 Maseitai drawn at random.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ForcesConfig {
    /// Copies allowed per Maseitai.
    pub rule: ForceRule,
    /// Random seed.
    pub seed: u64,
    /// Every side of a game gets the same force (`sides=mirror`), so no game is won by the draw alone.
    pub mirror: bool,
}

/// Where a draft match's Navias come from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DraftNavia {
    /// Drawn per pair with the pair's seed.
    Random,
    /// The catalogue's first two Navias (N01 for the first picker, N02 for the other).
    Fixed,
}

/// How the second game of a pair gets its forces in a draft match.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DraftPair {
    /// Drafted again from the same pool, the new first player picking first.
    Redraft,
    /// Each engine keeps the force it drafted for the first game.
    Keep,
}

/// `-draft [seed=N] [navia=random|fixed] [pair=redraft|keep]`: per game pair a pool
/// of 15 Maseitai the engines draft from (R30).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DraftConfig {
    /// The pool of pair `p` (from 0) is drawn with seed `seed + p`.
    pub seed: u64,
    /// The Navias.
    pub navia: DraftNavia,
    /// The second game's forces.
    pub pair: DraftPair,
}

/// The game the match plays (`-variant`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Variant {
    /// `naviadratp`: two engines a game, White and Black.
    Duel,
    /// `naviadratp4`: four engines a game, one per seat (F43).
    Four,
}

impl Variant {
    /// The name on the command line, in the PGN `Variant` tag and in `UCI_Variant`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Duel => "naviadratp",
            Variant::Four => "naviadratp4",
        }
    }
}

pub use crate::rules::DEFAULT_ROUND_LIMIT;

/// Who plays whom.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TournamentKind {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// `-shard K/N`: play the K-th (from 1) of N disjoint slices of the games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shard {
    /// K, from 1.
    pub index: u32,
    /// N.
    pub count: u32,
}

impl Shard {
    /// Whether a game with this start slot belongs to the shard: slots are dealt out in
    /// turn, so a pair (one slot) stays in one shard.
    pub fn holds(&self, slot: usize) -> bool {
        slot % self.count as usize == self.index as usize - 1
    }
}

/// The options that do not change which games are played or how: a shard's summary
/// leaves them out of its recorded arguments, so shards may differ in them.
pub const RUN_ONLY_OPTIONS: [&str; 6] = [
    "-shard",
    "-pgnout",
    "-jsonout",
    "-concurrency",
    "-debug",
    "-ratinginterval",
];

/// Everything a match run needs.
#[derive(Clone, PartialEq, Debug)]
pub struct MatchConfig {
    /// The game played (`-variant`).
    pub variant: Variant,
    /// The round limit of a four-player game (`-roundlimit`, F31).
    pub round_limit: u16,
    /// Two or more engines; exactly four for `naviadratp4`.
    pub engines: Vec<EngineConfig>,
    /// Pairing scheme (`-tournament`).
    pub tournament: TournamentKind,
    /// Games per encounter of two engines (`-games`).
    pub games: u32,
    /// Rounds (`-rounds`).
    pub rounds: u32,
    /// Play each opening twice with colours swapped (`-repeat`).
    pub repeat: bool,
    /// Games played at once (`-concurrency`).
    pub concurrency: usize,
    /// Opening positions (`-openings`).
    pub openings: Option<OpeningsConfig>,
    /// Random forces (`-forces`).
    pub forces: Option<ForcesConfig>,
    /// Drafted forces (`-draft`).
    pub draft: Option<DraftConfig>,
    /// Catalogue file for the referee and random forces (`-catalogue`); built-in if absent.
    pub catalogue: Option<PathBuf>,
    /// Draw after this many moves per side (`-maxmoves`).
    pub maxmoves: Option<u32>,
    /// Draw adjudication (`-draw`).
    pub draw: Option<DrawAdjudication>,
    /// Resign adjudication (`-resign`).
    pub resign: Option<ResignAdjudication>,
    /// Sequential test (`-sprt`).
    pub sprt: Option<Sprt>,
    /// PGN-syntax records (`-pgnout`).
    pub pgnout: Option<PathBuf>,
    /// JSON summary (`-jsonout`).
    pub jsonout: Option<PathBuf>,
    /// Go on after an engine crashed or stalled (`-recover`).
    pub recover: bool,
    /// Log every line exchanged with the engines (`-debug [FILE]`): `None` for no log,
    /// `Some(None)` for stderr, `Some(Some(file))` for a file.
    pub debug: Option<Option<PathBuf>>,
    /// PGN `Event` (`-event`).
    pub event: String,
    /// PGN `Site` (`-site`).
    pub site: String,
    /// Print the rating block every N games (`-ratinginterval`; 0 = only at the end).
    pub rating_interval: u32,
    /// Play one slice of the games (`-shard K/N`).
    pub shard: Option<Shard>,
    /// The arguments that define the games (all but [`RUN_ONLY_OPTIONS`]), as given.
    pub arguments: Vec<String>,
}

/// What the program was asked to do.
#[derive(Clone, PartialEq, Debug)]
pub enum Command {
    /// Run a match or tournament.
    Run(Box<MatchConfig>),
    /// Replay the games of a record file through the rules core (`-replay FILE [-catalogue FILE]`).
    Replay {
        /// The record file.
        file: PathBuf,
        /// Catalogue to check against; built-in if absent.
        catalogue: Option<PathBuf>,
    },
    /// Merge the summaries (and records) of a run's shards (`-merge FILE… [-pgnout F] [-jsonout F]`).
    Merge {
        /// The shards' `-jsonout` summaries and, optionally, their `-pgnout` records.
        files: Vec<PathBuf>,
        /// Where to write the merged records (needs the shards' records among `files`).
        pgnout: Option<PathBuf>,
        /// Where to write the merged summary.
        jsonout: Option<PathBuf>,
        /// Merge the shards given even if some are missing (`-partial`).
        partial: bool,
    },
    /// Print the usage text.
    Help,
    /// Print the version.
    Version,
}

/// The usage text of `-help`.
pub const USAGE: &str = "\
usage: dratp-match -engine cmd=PROG [OPTS] -engine cmd=PROG [OPTS] [-each OPTS] [MATCH OPTIONS]
       dratp-match -variant naviadratp4 -engine … -engine … -engine … -engine … [MATCH OPTIONS]
       dratp-match -replay FILE [-catalogue FILE]
       dratp-match -merge SUMMARY.json… [SHARD.pgn…] [-pgnout FILE] [-jsonout FILE] [-partial]

engine options (after -engine, or -each for all engines):
  cmd=PROG  arg=ARG (repeatable)  name=NAME  dir=DIR  proto=uci|ugi  option.NAME=VALUE
  tc=[MOVES/]TIME[+INC] | tc=inf   st=SECONDS   depth=N   nodes=N
  timemargin=MS  maxwait=SECONDS  stderr=FILE
match options:
  -tournament round-robin|gauntlet  -games N  -rounds N  -repeat  -concurrency N
  -openings file=FILE [order=sequential|random] [seed=N] [start=N]
  -forces random|singleton [seed=N] [sides=apart|mirror]
  -draft [seed=N] [navia=random|fixed] [pair=redraft|keep]
  -catalogue FILE   -maxmoves N   -variant naviadratp|naviadratp4   -roundlimit N (naviadratp4)
  -draw movenumber=N movecount=N score=CP   -resign movecount=N score=CP [twosided=true]
  -sprt elo0=E0 elo1=E1 alpha=A beta=B   -ratinginterval N
  -pgnout FILE  -jsonout FILE  -event NAME  -site NAME  -recover  -debug [FILE]  -shard K/N
  -help  -version";

/// Parse the arguments after the program name.
pub fn parse_args(args: &[String]) -> Result<Command, CliError> {
    let groups = group(args)?;
    if groups.iter().any(|(f, _)| f == "-help" || f == "--help" || f == "-h") {
        return Ok(Command::Help);
    }
    if groups.iter().any(|(f, _)| f == "-version" || f == "--version") {
        return Ok(Command::Version);
    }
    if let Some((_, v)) = groups.iter().find(|(f, _)| f == "-replay") {
        let file = one_value("-replay", v)?;
        let mut catalogue = None;
        for (flag, values) in &groups {
            match flag.as_str() {
                "-replay" => {}
                "-catalogue" => catalogue = Some(PathBuf::from(one_value(flag, values)?)),
                other => return err(other, "not allowed with -replay"),
            }
        }
        return Ok(Command::Replay {
            file: PathBuf::from(file),
            catalogue,
        });
    }
    if groups.iter().any(|(f, _)| f == "-merge") {
        return parse_merge(&groups);
    }
    let mut m = parse_match(&groups)?;
    m.arguments = groups
        .iter()
        .filter(|(f, _)| !RUN_ONLY_OPTIONS.contains(&f.as_str()))
        .flat_map(|(f, v)| std::iter::once(f.clone()).chain(v.iter().cloned()))
        .collect();
    Ok(Command::Run(Box::new(m)))
}

fn parse_merge(groups: &[(String, Vec<String>)]) -> Result<Command, CliError> {
    let (mut files, mut pgnout, mut jsonout, mut partial) = (Vec::new(), None, None, false);
    for (flag, values) in groups {
        match flag.as_str() {
            "-merge" if values.is_empty() => return err(flag, "needs the shards' summary files"),
            "-merge" => files.extend(values.iter().map(PathBuf::from)),
            "-pgnout" => pgnout = Some(PathBuf::from(one_value(flag, values)?)),
            "-jsonout" => jsonout = Some(PathBuf::from(one_value(flag, values)?)),
            "-partial" => {
                no_value(flag, values)?;
                partial = true;
            }
            other => return err(other, "not allowed with -merge"),
        }
    }
    Ok(Command::Merge {
        files,
        pgnout,
        jsonout,
        partial,
    })
}

fn shard(flag: &str, text: &str) -> Result<Shard, CliError> {
    let bad = || err(flag, format!("'{text}' is not K/N with 1 <= K <= N"));
    let Some((k, n)) = text.split_once('/') else {
        return bad();
    };
    match (k.parse::<u32>(), n.parse::<u32>()) {
        (Ok(index), Ok(count)) if (1..=count).contains(&index) => Ok(Shard { index, count }),
        _ => bad(),
    }
}

/// Split the arguments into flags, each with the values that follow it. A flag is
/// a `-` followed by a letter, so negative numbers stay values.
fn group(args: &[String]) -> Result<Vec<(String, Vec<String>)>, CliError> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for a in args {
        let is_flag = a.starts_with('-') && a[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '-');
        if is_flag {
            out.push((a.clone(), Vec::new()));
        } else if let Some(last) = out.last_mut() {
            last.1.push(a.clone());
        } else {
            return err("arguments", format!("'{a}' does not follow an option"));
        }
    }
    Ok(out)
}

fn one_value<'a>(flag: &str, values: &'a [String]) -> Result<&'a str, CliError> {
    match values {
        [v] => Ok(v),
        [] => err(flag, "needs a value"),
        _ => err(flag, format!("takes one value, got {}", values.len())),
    }
}

fn no_value(flag: &str, values: &[String]) -> Result<(), CliError> {
    if values.is_empty() {
        Ok(())
    } else {
        err(flag, format!("takes no value, got '{}'", values.join(" ")))
    }
}

/// `key=value`, split at the first `=`.
fn key_value(text: &str) -> IResult<&str, (&str, &str)> {
    all_consuming(separated_pair(take_till1(|c| c == '='), char('='), rest))(text)
}

fn pairs<'a>(flag: &str, values: &'a [String]) -> Result<Vec<(&'a str, &'a str)>, CliError> {
    values
        .iter()
        .map(|v| match key_value(v) {
            Ok((_, kv)) => Ok(kv),
            Err(_) => err(flag, format!("expected key=value, got '{v}'")),
        })
        .collect()
}

fn number<T: std::str::FromStr>(option: &str, text: &str) -> Result<T, CliError> {
    text.trim()
        .parse::<T>()
        .or_else(|_| err(option, format!("'{text}' is not a valid number")))
}

fn seconds(option: &str, text: &str) -> Result<Duration, CliError> {
    let v: f64 = number(option, text)?;
    if !(0.0..=1e9).contains(&v) {
        return err(option, format!("'{text}' is not a number of seconds"));
    }
    Ok(Duration::from_secs_f64(v))
}

fn positive<T: Default + PartialOrd + std::str::FromStr>(option: &str, text: &str) -> Result<T, CliError> {
    let v: T = number(option, text)?;
    if v <= T::default() {
        return err(option, format!("'{text}' must be at least 1"));
    }
    Ok(v)
}

/// Seconds as `S`, `S.F` or `M:S`.
fn time_value(i: &str) -> IResult<&str, f64> {
    alt((
        nom::combinator::map(
            separated_pair(map_res(digit1, str::parse::<u32>), char(':'), double),
            |(m, s)| m as f64 * 60.0 + s,
        ),
        double,
    ))(i)
}

/// Moves per period, base seconds, increment seconds.
type ClockParts = (Option<u32>, f64, f64);

/// A time control: `[moves/]time[+increment]`, `inf`, or `infinite`.
fn clock(i: &str) -> IResult<&str, Option<ClockParts>> {
    alt((
        nom::combinator::map(alt((tag("infinite"), tag("inf"))), |_| None),
        nom::combinator::map(
            nom::sequence::tuple((
                opt(terminated(map_res(digit1, str::parse::<u32>), char('/'))),
                time_value,
                opt(nom::sequence::preceded(char('+'), double)),
            )),
            |(moves, base, inc)| Some((moves, base, inc.unwrap_or(0.0))),
        ),
    ))(i)
}

/// Parse a `tc=` value; `None` means no clock (`inf`).
pub fn parse_tc(text: &str) -> Result<Option<Clock>, CliError> {
    let Ok((_, parsed)) = all_consuming(clock)(text) else {
        return err("tc", format!("'{text}' is not [moves/]time[+increment] or inf"));
    };
    let Some((moves, base, inc)) = parsed else {
        return Ok(None);
    };
    let ok = |v: f64| v.is_finite() && (0.0..1e9).contains(&v);
    if !ok(base) || !ok(inc) {
        return err("tc", format!("'{text}': times must be non-negative seconds"));
    }
    if base == 0.0 && inc == 0.0 {
        return err("tc", format!("'{text}' gives no time at all"));
    }
    Ok(Some(Clock {
        moves: moves.filter(|&m| m > 0),
        base: Duration::from_secs_f64(base),
        inc: Duration::from_secs_f64(inc),
    }))
}

/// Build one engine's settings: `-each` values first, then its own, later ones winning.
fn engine_config(each: &[(&str, &str)], own: &[(&str, &str)]) -> Result<EngineConfig, CliError> {
    let mut c = EngineConfig {
        name: String::new(),
        cmd: String::new(),
        args: Vec::new(),
        dir: None,
        proto: Proto::Uci,
        options: Vec::new(),
        tc: None,
        st: None,
        depth: None,
        nodes: None,
        margin: Duration::ZERO,
        maxwait: Duration::from_secs(60),
        stderr: None,
    };
    let mut own_args = false;
    for (from_each, &(k, v)) in each.iter().map(|kv| (true, kv)).chain(own.iter().map(|kv| (false, kv))) {
        match k {
            "cmd" => c.cmd = v.to_string(),
            "name" => c.name = v.to_string(),
            "arg" => {
                // An engine's own arg= list replaces the -each one.
                if !from_each && !own_args {
                    c.args.clear();
                    own_args = true;
                }
                c.args.push(v.to_string());
            }
            "dir" => c.dir = Some(PathBuf::from(v)),
            "proto" => {
                c.proto = match v {
                    "uci" => Proto::Uci,
                    "ugi" => Proto::Ugi,
                    _ => return err("proto", format!("'{v}' is not uci or ugi")),
                }
            }
            "tc" => c.tc = parse_tc(v)?,
            "st" => c.st = Some(seconds("st", v)?).filter(|d| !d.is_zero()),
            "depth" => c.depth = Some(positive("depth", v)?),
            "nodes" => c.nodes = Some(positive("nodes", v)?),
            "timemargin" => c.margin = Duration::from_millis(number("timemargin", v)?),
            "maxwait" => c.maxwait = seconds("maxwait", v)?,
            "stderr" => c.stderr = Some(PathBuf::from(v)),
            _ => {
                let Some(name) = k.strip_prefix("option.").filter(|n| !n.is_empty()) else {
                    return err("-engine", format!("unknown engine setting '{k}'"));
                };
                c.options.retain(|(n, _)| n != name);
                c.options.push((name.to_string(), v.to_string()));
            }
        }
    }
    if c.cmd.is_empty() {
        return err("-engine", "cmd= is required");
    }
    if c.name.is_empty() {
        c.name = std::path::Path::new(&c.cmd)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| c.cmd.clone());
    }
    if c.tc.is_none() && c.st.is_none() && c.depth.is_none() && c.nodes.is_none() {
        return err(
            "-engine",
            format!("engine '{}' has no limit: give tc=, st=, depth= or nodes=", c.name),
        );
    }
    if c.tc.is_some() && c.st.is_some() {
        return err(
            "-engine",
            format!("engine '{}': tc= and st= exclude each other", c.name),
        );
    }
    Ok(c)
}

fn parse_match(groups: &[(String, Vec<String>)]) -> Result<MatchConfig, CliError> {
    let mut each: Vec<(&str, &str)> = Vec::new();
    let mut engines_kv: Vec<Vec<(&str, &str)>> = Vec::new();
    let mut m = MatchConfig {
        variant: Variant::Duel,
        round_limit: DEFAULT_ROUND_LIMIT,
        engines: Vec::new(),
        tournament: TournamentKind::RoundRobin,
        games: 1,
        rounds: 1,
        repeat: false,
        concurrency: 1,
        openings: None,
        forces: None,
        draft: None,
        catalogue: None,
        maxmoves: None,
        draw: None,
        resign: None,
        sprt: None,
        pgnout: None,
        jsonout: None,
        recover: false,
        debug: None,
        event: "dratp-match".to_string(),
        site: "?".to_string(),
        rating_interval: 10,
        shard: None,
        arguments: Vec::new(),
    };
    for (flag, values) in groups {
        let f = flag.as_str();
        match f {
            "-engine" => engines_kv.push(pairs(f, values)?),
            "-each" => each.extend(pairs(f, values)?),
            "-tournament" => {
                m.tournament = match one_value(f, values)? {
                    "round-robin" => TournamentKind::RoundRobin,
                    "gauntlet" => TournamentKind::Gauntlet,
                    v => return err(f, format!("'{v}' is not round-robin or gauntlet")),
                }
            }
            "-games" => m.games = positive(f, one_value(f, values)?)?,
            "-rounds" => m.rounds = positive(f, one_value(f, values)?)?,
            "-repeat" => {
                match values.as_slice() {
                    [] => {}
                    [v] if v == "2" => {}
                    _ => {
                        return err(
                            f,
                            "only '-repeat' or '-repeat 2' (each opening played twice) is supported",
                        )
                    }
                }
                m.repeat = true;
            }
            "-concurrency" => m.concurrency = positive(f, one_value(f, values)?)?,
            "-maxmoves" => m.maxmoves = Some(positive(f, one_value(f, values)?)?),
            "-ratinginterval" => m.rating_interval = number(f, one_value(f, values)?)?,
            "-pgnout" => {
                // cutechess accepts trailing `min` / `fi` flags; records here are always full.
                let Some(file) = values.first() else {
                    return err(f, "needs a file name");
                };
                m.pgnout = Some(PathBuf::from(file));
            }
            "-jsonout" => m.jsonout = Some(PathBuf::from(one_value(f, values)?)),
            "-catalogue" => m.catalogue = Some(PathBuf::from(one_value(f, values)?)),
            "-event" => m.event = values.join(" "),
            "-site" => m.site = values.join(" "),
            "-recover" => {
                no_value(f, values)?;
                m.recover = true;
            }
            "-debug" => {
                m.debug = Some(match values.as_slice() {
                    [] => None,
                    [file] => Some(PathBuf::from(file)),
                    _ => return err(f, "takes at most one file name"),
                })
            }
            "-openings" => m.openings = Some(openings(f, values)?),
            "-forces" => m.forces = Some(forces(f, values)?),
            "-draft" => m.draft = Some(draft_option(f, values)?),
            "-draw" => m.draw = Some(draw(f, values)?),
            "-resign" => m.resign = Some(resign(f, values)?),
            "-sprt" => m.sprt = Some(sprt(f, values)?),
            "-shard" => m.shard = Some(shard(f, one_value(f, values)?)?),
            "-variant" => {
                m.variant = match one_value(f, values)? {
                    "naviadratp" => Variant::Duel,
                    "naviadratp4" => Variant::Four,
                    v => return err(f, format!("'{v}' is not naviadratp or naviadratp4")),
                }
            }
            "-roundlimit" => {
                m.round_limit = number(f, one_value(f, values)?)?;
                if !(1..=10_000).contains(&m.round_limit) {
                    return err(f, format!("'{}' is not a round limit from 1 to 10000", m.round_limit));
                }
            }
            _ => return err(f, "unknown option (see -help)"),
        }
    }
    for own in &engines_kv {
        m.engines.push(engine_config(&each, own)?);
    }
    if m.variant == Variant::Four {
        // F39: the engines play the four-player game with the referee's round limit (F31).
        for e in &mut m.engines {
            for (name, value) in [
                ("UCI_Variant", Variant::Four.name().to_string()),
                ("Round Limit", m.round_limit.to_string()),
            ] {
                if !e.options.iter().any(|(n, _)| n == name) {
                    e.options.insert(0, (name.to_string(), value));
                }
            }
        }
    }
    check_match(&m, groups)?;
    Ok(m)
}

/// The options that only a two-player match has: colours, pairs, draft, score adjudication, SPRT.
const DUEL_ONLY_OPTIONS: [&str; 7] = [
    "-tournament",
    "-repeat",
    "-draft",
    "-maxmoves",
    "-draw",
    "-resign",
    "-sprt",
];

/// F43: exactly four engines, and only the options a four-player match has.
fn check_four(m: &MatchConfig, groups: &[(String, Vec<String>)]) -> Result<(), CliError> {
    if m.variant == Variant::Duel {
        return match groups.iter().find(|(f, _)| f == "-roundlimit") {
            Some((f, _)) => err(f, "needs -variant naviadratp4"),
            None => Ok(()),
        };
    }
    if m.engines.len() != 4 {
        return err(
            "-engine",
            format!("naviadratp4 needs exactly four engines, got {}", m.engines.len()),
        );
    }
    match groups.iter().find(|(f, _)| DUEL_ONLY_OPTIONS.contains(&f.as_str())) {
        Some((f, _)) => err(f, "is for two-player matches; not with -variant naviadratp4"),
        None => Ok(()),
    }
}

/// The rules between options: engines, names, and which options combine.
fn check_match(m: &MatchConfig, groups: &[(String, Vec<String>)]) -> Result<(), CliError> {
    check_four(m, groups)?;
    if m.engines.len() < 2 {
        return err(
            "-engine",
            format!("at least two engines are needed, got {}", m.engines.len()),
        );
    }
    if m.openings.is_some() && m.forces.is_some() {
        return err("-forces", "cannot be combined with -openings");
    }
    if m.draft.is_some() && (m.openings.is_some() || m.forces.is_some()) {
        return err("-draft", "cannot be combined with -openings or -forces");
    }
    if m.sprt.is_some() && m.engines.len() != 2 {
        return err("-sprt", "needs exactly two engines");
    }
    let mut names: Vec<&str> = m.engines.iter().map(|e| e.name.as_str()).collect();
    names.sort_unstable();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        return err("-engine", format!("two engines are named '{}'; give them name=", w[0]));
    }
    Ok(())
}

fn openings(flag: &str, values: &[String]) -> Result<OpeningsConfig, CliError> {
    let mut o = OpeningsConfig {
        file: PathBuf::new(),
        order: OpeningOrder::Sequential,
        seed: 0,
        start: 1,
    };
    for (k, v) in pairs(flag, values)? {
        match k {
            "file" => o.file = PathBuf::from(v),
            "order" => {
                o.order = match v {
                    "sequential" => OpeningOrder::Sequential,
                    "random" => OpeningOrder::Random,
                    _ => return err(flag, format!("order '{v}' is not sequential or random")),
                }
            }
            "seed" => o.seed = number(flag, v)?,
            "start" => o.start = positive(flag, v)?,
            "format" if v == "nfen" || v == "epd" => {}
            _ => return err(flag, format!("unknown setting '{k}={v}'")),
        }
    }
    if o.file.as_os_str().is_empty() {
        return err(flag, "file= is required");
    }
    Ok(o)
}

fn forces(flag: &str, values: &[String]) -> Result<ForcesConfig, CliError> {
    let Some((rule, rest)) = values.split_first() else {
        return err(flag, "needs random or singleton");
    };
    let rule = match rule.as_str() {
        "random" | "standard" => ForceRule::Standard,
        "singleton" => ForceRule::Singleton,
        v => return err(flag, format!("'{v}' is not random or singleton")),
    };
    let mut c = ForcesConfig {
        rule,
        seed: 1,
        mirror: false,
    };
    for (k, v) in pairs(flag, rest)? {
        match k {
            "seed" => c.seed = number(flag, v)?,
            "sides" => {
                c.mirror = match v {
                    "apart" => false,
                    "mirror" => true,
                    _ => return err(flag, format!("sides '{v}' is not apart or mirror")),
                }
            }
            _ => return err(flag, format!("unknown setting '{k}'")),
        }
    }
    Ok(c)
}

fn draft_option(flag: &str, values: &[String]) -> Result<DraftConfig, CliError> {
    let mut c = DraftConfig {
        seed: 1,
        navia: DraftNavia::Random,
        pair: DraftPair::Redraft,
    };
    for (k, v) in pairs(flag, values)? {
        match k {
            "seed" => c.seed = number(flag, v)?,
            "navia" => {
                c.navia = match v {
                    "random" => DraftNavia::Random,
                    "fixed" => DraftNavia::Fixed,
                    _ => return err(flag, format!("navia '{v}' is not random or fixed")),
                }
            }
            "pair" => {
                c.pair = match v {
                    "redraft" => DraftPair::Redraft,
                    "keep" => DraftPair::Keep,
                    _ => return err(flag, format!("pair '{v}' is not redraft or keep")),
                }
            }
            _ => return err(flag, format!("unknown setting '{k}'")),
        }
    }
    Ok(c)
}

fn draw(flag: &str, values: &[String]) -> Result<DrawAdjudication, CliError> {
    let mut d = DrawAdjudication {
        movenumber: 0,
        movecount: 0,
        score: 0,
    };
    let mut seen = [false; 3];
    for (k, v) in pairs(flag, values)? {
        match k {
            "movenumber" => (d.movenumber, seen[0]) = (number(flag, v)?, true),
            "movecount" => (d.movecount, seen[1]) = (positive(flag, v)?, true),
            "score" => (d.score, seen[2]) = (number(flag, v)?, true),
            _ => return err(flag, format!("unknown setting '{k}'")),
        }
    }
    if seen != [true; 3] {
        return err(flag, "needs movenumber=, movecount= and score=");
    }
    Ok(d)
}

fn resign(flag: &str, values: &[String]) -> Result<ResignAdjudication, CliError> {
    let mut r = ResignAdjudication {
        movecount: 0,
        score: 0,
        twosided: false,
    };
    let mut seen = [false; 2];
    for (k, v) in pairs(flag, values)? {
        match k {
            "movecount" => (r.movecount, seen[0]) = (positive(flag, v)?, true),
            "score" => (r.score, seen[1]) = (number(flag, v)?, true),
            "twosided" => {
                r.twosided = match v {
                    "true" => true,
                    "false" => false,
                    _ => return err(flag, format!("twosided '{v}' is not true or false")),
                }
            }
            _ => return err(flag, format!("unknown setting '{k}'")),
        }
    }
    if seen != [true; 2] {
        return err(flag, "needs movecount= and score=");
    }
    Ok(r)
}

fn sprt(flag: &str, values: &[String]) -> Result<Sprt, CliError> {
    let mut v = [f64::NAN; 4];
    for (k, text) in pairs(flag, values)? {
        let i = match k {
            "elo0" => 0,
            "elo1" => 1,
            "alpha" => 2,
            "beta" => 3,
            _ => return err(flag, format!("unknown setting '{k}'")),
        };
        v[i] = number(flag, text)?;
    }
    if v.iter().any(|x| x.is_nan()) {
        return err(flag, "needs elo0=, elo1=, alpha= and beta=");
    }
    Sprt::new(v[0], v[1], v[2], v[3]).or_else(|e| err(flag, e))
}
