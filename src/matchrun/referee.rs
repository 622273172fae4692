//! The referee: plays one game between two engine processes, checking every
//! `bestmove` with the rules core, keeping the clocks, and ending the game by the
//! rules (R19–R27), by a forfeit (illegal move, crash, stall, time), by the move
//! limit, or by score adjudication.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

use super::cli::{DrawAdjudication, EngineConfig, Proto, ResignAdjudication};
use super::engine_proc::{EngineError, EngineProc};
use crate::rules::{Action, EndReason, Game, GameResult, MoveError, Position, Side};

/// A score an engine reported, from its own point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EngineScore {
    /// Centipawn-like units.
    Cp(i32),
    /// Mate in N moves (negative: being mated).
    Mate(i32),
}

impl EngineScore {
    /// The score in centipawns, mates as ±100000 minus the distance.
    pub fn as_cp(self) -> i32 {
        match self {
            EngineScore::Cp(c) => c,
            EngineScore::Mate(n) if n > 0 => 100_000 - n,
            EngineScore::Mate(n) => -100_000 - n,
        }
    }
}

/// One move of a record with what the engine said about it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveRecord {
    /// Canonical move text.
    pub text: String,
    /// Last score reported before `bestmove`.
    pub score: Option<EngineScore>,
    /// Last depth reported before `bestmove`.
    pub depth: Option<u32>,
    /// Time from `go` to `bestmove`.
    pub time: Duration,
}

/// How a game ended, in PGN's `Termination` vocabulary.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Termination {
    /// The rules ended it.
    Normal,
    /// Move limit or score adjudication.
    Adjudication,
    /// A side exceeded its time.
    TimeForfeit,
    /// An illegal, unparsable or missing move.
    RulesInfraction,
    /// An engine crashed, stalled or could not be started.
    Abandoned,
    /// The match was stopped during the game.
    Unterminated,
}

impl Termination {
    /// The PGN tag value.
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Unterminated => "unterminated",
        }
    }

    /// The value for a PGN tag value, if known.
    pub fn from_pgn(text: &str) -> Option<Termination> {
        [
            Termination::Normal,
            Termination::Adjudication,
            Termination::TimeForfeit,
            Termination::RulesInfraction,
            Termination::Abandoned,
            Termination::Unterminated,
        ]
        .into_iter()
        .find(|t| t.pgn() == text)
    }
}

/// The end of a game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The winner; `None` for a draw (or an unfinished game).
    pub winner: Option<Side>,
    /// How it ended.
    pub termination: Termination,
    /// A sentence for the record, e.g. `Black makes an illegal move: a1a9`.
    pub reason: String,
}

impl Outcome {
    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, or `*` when unfinished.
    pub fn result_token(&self) -> &'static str {
        match (self.termination, self.winner) {
            (Termination::Unterminated, _) => "*",
            (_, Some(Side::White)) => "1-0",
            (_, Some(Side::Black)) => "0-1",
            (_, None) => "1/2-1/2",
        }
    }

    /// The outcome the rules give a finished game.
    pub fn from_rules(r: GameResult) -> Outcome {
        let who = |s: Side| side_name(s);
        let reason = match (r.reason, r.winner) {
            (EndReason::NaviaTaken, Some(w)) => format!("{} takes the Navia", who(w)),
            (EndReason::NaviaDratp, Some(w)) => format!("{} dratps its Navia", who(w)),
            (EndReason::NaviaGoal, Some(w)) => format!("{} makes a Navia goal", who(w)),
            (EndReason::PerpetualCheck, Some(w)) => format!("{} wins: perpetual check", who(w)),
            (EndReason::NoAction, Some(w)) => format!("{} has no legal action", who(w.opponent())),
            (reason, _) => format!("Draw by {}", reason.describe()),
        };
        Outcome {
            winner: r.winner,
            termination: Termination::Normal,
            reason,
        }
    }
}

/// `White` or `Black`, as the records name the two players.
pub fn side_name(s: Side) -> &'static str {
    match s {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// A played (or forfeited) game with `N` engines: its moves (two players) or events
/// (four players), its end, and what became of the engines, in side or seat order.
#[derive(Clone, Debug)]
pub struct GameReportOf<M, O, const N: usize> {
    /// The moves or events, all legal.
    pub moves: Vec<M>,
    /// The end.
    pub outcome: O,
    /// Which engines must be restarted before their next game (crashed, stalled, or
    /// still thinking after a late answer).
    pub restart: [bool; N],
    /// Which engines crashed or stalled (stops a match without `-recover`).
    pub crashed: [bool; N],
    /// When the game started.
    pub started: SystemTime,
}

impl<M, O, const N: usize> GameReportOf<M, O, N> {
    /// A game with nothing played yet that ends as `outcome` unless play goes on;
    /// `crashed` engines are also restarted.
    pub fn new(outcome: O, crashed: [bool; N]) -> GameReportOf<M, O, N> {
        GameReportOf {
            moves: Vec::new(),
            outcome,
            restart: crashed,
            crashed,
            started: SystemTime::now(),
        }
    }
}

/// A two-player game: white first; `Termination::Unterminated` when the match stopped during it.
pub type GameReport = GameReportOf<MoveRecord, Outcome, 2>;

impl GameReport {
    /// A game lost before its first move (an engine that could not be started or
    /// prepared, or a failed draft); `crashed` engines are also restarted.
    pub fn forfeit(outcome: Outcome, crashed: [bool; 2]) -> GameReport {
        GameReport::new(outcome, crashed)
    }
}

/// What a game is played under, besides the engines.
pub struct GameRules<'a> {
    /// Start position.
    pub start: Position,
    /// Its NFEN, sent with `position fen`.
    pub start_nfen: &'a str,
    /// Draw after this many moves per side.
    pub maxmoves: Option<u32>,
    /// Draw adjudication.
    pub draw: Option<DrawAdjudication>,
    /// Resign adjudication.
    pub resign: Option<ResignAdjudication>,
    /// Set when the match stops: the game ends unterminated before the next move.
    pub stop: &'a AtomicBool,
}

/// One engine's clock in a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SideClock {
    /// Time left on the clock (zero without a clock).
    pub remaining: Duration,
    /// Answers made, for `movestogo`.
    pub moves: u32,
}

impl SideClock {
    /// A clock before the first move: the base time of the engine's control, none without one.
    pub fn start(config: &EngineConfig) -> SideClock {
        SideClock {
            remaining: config.tc.map_or(Duration::ZERO, |c| c.base),
            moves: 0,
        }
    }
}

/// The draw by `maxmoves`, once both sides have made that many moves.
fn move_limit(rules: &GameRules, game: &Game) -> Option<Outcome> {
    let max = rules.maxmoves?;
    (game.actions().len() >= 2 * max as usize).then(|| Outcome {
        winner: None,
        termination: Termination::Adjudication,
        reason: format!("Draw by move limit ({max} moves)"),
    })
}

/// What an engine answered to one `go`.
pub enum Answer {
    /// The word after the answer's keyword (`e2e3`, `B`, `5`, `yes`), when the line
    /// arrived, and the last score and depth its `info` lines reported.
    Move {
        /// The answer.
        text: String,
        /// When the reader thread received the line.
        at: Instant,
        /// The last score reported.
        score: Option<EngineScore>,
        /// The last depth reported.
        depth: Option<u32>,
    },
    /// No usable answer.
    Failed(Failure),
}

/// Why an engine gave no usable answer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Failure {
    /// How a two-player game records it.
    pub termination: Termination,
    /// What the engine did, after its side's name: `disconnects`.
    pub what: String,
    /// Whether it crashed or stalled (it is restarted).
    pub dead: bool,
}

impl Failure {
    fn new(termination: Termination, what: String, dead: bool) -> Failure {
        Failure {
            termination,
            what,
            dead,
        }
    }
}

/// Play one game; `engines[0]` has the first move's side `w` (white), `engines[1]` black.
pub fn play_game(rules: &GameRules, engines: [&mut EngineProc; 2]) -> GameReport {
    let unfinished = Outcome {
        winner: None,
        termination: Termination::Unterminated,
        reason: String::new(),
    };
    let mut report = GameReport::new(unfinished, [false; 2]);
    for side in Side::BOTH {
        if let Err(e) = engines[side.index()].new_game() {
            let mut crashed = [false; 2];
            crashed[side.index()] = true;
            return GameReport::forfeit(forfeit_outcome(side, &e, Termination::Abandoned), crashed);
        }
    }
    let mut clocks = engines.each_ref().map(|e| SideClock::start(e.config()));
    let mut game = Game::new(rules.start);
    let mut adj = Adjudicator::default();
    let mut move_texts: Vec<String> = Vec::new();
    loop {
        if let Some(r) = game.result() {
            report.outcome = Outcome::from_rules(r);
            return report;
        }
        if rules.stop.load(Ordering::SeqCst) {
            report.outcome.reason = "match stopped".to_string();
            return report;
        }
        if let Some(o) = move_limit(rules, &game) {
            report.outcome = o;
            return report;
        }
        let side = game.position().side_to_move();
        let i = side.index();
        let remaining = [clocks[0].remaining, clocks[1].remaining];
        let go = go_line(
            engines[0].config(),
            engines[1].config(),
            remaining,
            clocks[i].moves,
            side,
        );
        let answer = ask(
            engines[i],
            rules.start_nfen,
            &move_texts,
            &go,
            deadline_for(engines[i].config(), &clocks[i]),
        );
        let (text, at, score, depth, sent) = match answer {
            (Answer::Move { text, at, score, depth }, sent) => (text, at, score, depth, sent),
            (
                Answer::Failed(Failure {
                    termination,
                    what,
                    dead,
                }),
                _,
            ) => {
                report.restart[i] = true;
                report.crashed[i] = dead;
                report.outcome = Outcome {
                    winner: Some(side.opponent()),
                    termination,
                    reason: format!("{} {what}", side_name(side)),
                };
                return report;
            }
        };
        let elapsed = at.saturating_duration_since(sent);
        // Clocks count whole milliseconds, as the protocol does: the part of a
        // millisecond that pipes and scheduling add is never charged.
        let charged = Duration::from_millis(elapsed.as_millis() as u64);
        let action = match judge(&mut game, engines[i].config(), &clocks[i], side, &text, charged) {
            Ok(a) => a,
            Err(o) => {
                report.outcome = o;
                return report;
            }
        };
        let canonical = crate::rules::action_text(&action, rules.start.catalogue());
        advance_clock(engines[i].config(), &mut clocks[i], charged);
        move_texts.push(canonical.clone());
        report.moves.push(MoveRecord {
            text: canonical,
            score,
            depth,
            time: elapsed,
        });
        if game.result().is_none() {
            if let Some(o) = adj.add(rules, side, score, game.actions().len()) {
                report.outcome = o;
                return report;
            }
        }
    }
}

/// Check a `bestmove` against the clock and the rules: play it, or the mover's loss.
fn judge(
    game: &mut Game,
    config: &EngineConfig,
    clock: &SideClock,
    side: Side,
    text: &str,
    charged: Duration,
) -> Result<Action, Outcome> {
    let lose = |termination, reason: String| Outcome {
        winner: Some(side.opponent()),
        termination,
        reason: format!("{} {reason}", side_name(side)),
    };
    if let Some(lateness) = overstep(config, clock, charged) {
        return Err(lose(Termination::TimeForfeit, format!("loses on time ({lateness})")));
    }
    if text == "(none)" {
        return Err(lose(
            Termination::RulesInfraction,
            "claims no move while it has legal actions".to_string(),
        ));
    }
    game.play_text(text).map_err(|e| {
        let reason = match e {
            MoveError::Syntax(t, why) => format!("sends an unreadable move: {t} ({why})"),
            MoveError::Illegal(t, why) => format!("makes an illegal move: {t} ({why})"),
        };
        lose(Termination::RulesInfraction, reason)
    })
}

/// The outcome when an engine fails before it could move.
pub fn forfeit_outcome(side: Side, e: &EngineError, termination: Termination) -> Outcome {
    Outcome {
        winner: Some(side.opponent()),
        termination,
        reason: format!("{} {}", side_name(side), failure_text(e)),
    }
}

/// The loss of an engine that could not be started (spawned and through its handshake):
/// `abandoned`, whatever went wrong, so that the reason names the start.
pub fn start_failure_outcome(side: Side, e: &EngineError) -> Outcome {
    Outcome {
        winner: Some(side.opponent()),
        termination: Termination::Abandoned,
        reason: format!("{} could not be started: {}", side_name(side), start_failure_text(e)),
    }
}

/// What went wrong while starting an engine, without the "could not be started" itself.
pub fn start_failure_text(e: &EngineError) -> String {
    match e {
        EngineError::Spawn(program, why) => format!("'{program}': {why}"),
        EngineError::Disconnected => "it exited during the handshake".to_string(),
        EngineError::Timeout(what, ms) => format!("no {what} within {ms} ms"),
    }
}

fn failure_text(e: &EngineError) -> String {
    match e {
        EngineError::Disconnected => "disconnects".to_string(),
        EngineError::Timeout(what, ms) => format!("stalls (no {what} within {ms} ms)"),
        EngineError::Spawn(..) => format!("could not be started: {}", start_failure_text(e)),
    }
}

/// The `go` line for the side to move: clocks of both sides (each under its own
/// engine's time control; `remaining` white first), or fixed time, plus any depth
/// or node limit. `moves_made` counts the mover's moves, for `movestogo`.
pub fn go_line(
    white: &EngineConfig,
    black: &EngineConfig,
    remaining: [Duration; 2],
    moves_made: u32,
    side: Side,
) -> String {
    let me = if side == Side::White { white } else { black };
    let inc = |c: &EngineConfig| c.tc.map_or(0, |t| t.inc.as_millis());
    let names = match me.proto {
        Proto::Uci => ["wtime", "btime", "winc", "binc"],
        Proto::Ugi => ["p1time", "p2time", "p1inc", "p2inc"],
    };
    let values = [
        remaining[0].as_millis(),
        remaining[1].as_millis(),
        inc(white),
        inc(black),
    ];
    let clocks: Vec<(&str, u128)> = names.into_iter().zip(values).collect();
    format!("go{}", go_limits(me, &clocks, moves_made))
}

/// The limits of a `go` for the engine `me`: the clock fields (`wtime 60000 …`) and
/// `movestogo` when it has a clock, or `movetime`, then any depth or node limit.
/// `moves_made` counts its answers so far. Each part starts with a space.
pub fn go_limits(me: &EngineConfig, clocks: &[(&str, u128)], moves_made: u32) -> String {
    let mut go = String::new();
    if let Some(tc) = me.tc {
        for (name, value) in clocks {
            go += &format!(" {name} {value}");
        }
        if let Some(m) = tc.moves {
            go += &format!(" movestogo {}", m - moves_made % m);
        }
    } else if let Some(st) = me.st {
        go += &format!(" movetime {}", st.as_millis());
    }
    if let Some(d) = me.depth {
        go += &format!(" depth {d}");
    }
    if let Some(n) = me.nodes {
        go += &format!(" nodes {n}");
    }
    go
}

/// How long to wait for `bestmove`: the clock plus margin, the move time plus
/// margin, or the stall limit for searches bounded only by depth or nodes.
pub fn deadline_for(c: &EngineConfig, clock: &SideClock) -> Duration {
    if c.tc.is_some() {
        clock.remaining + c.margin
    } else if let Some(st) = c.st {
        st + c.margin
    } else {
        c.maxwait
    }
}

/// `Some(description)` when a move that took `elapsed` broke the time limit.
pub fn overstep(c: &EngineConfig, clock: &SideClock, elapsed: Duration) -> Option<String> {
    let limit = if c.tc.is_some() { clock.remaining } else { c.st? };
    (elapsed > limit + c.margin).then(|| {
        format!(
            "{} ms used, {} ms left, margin {} ms",
            elapsed.as_millis(),
            limit.as_millis(),
            c.margin.as_millis()
        )
    })
}

/// Charge an answer's time to the clock and add the increment (and a new period's time).
pub fn advance_clock(c: &EngineConfig, clock: &mut SideClock, elapsed: Duration) {
    let Some(tc) = c.tc else { return };
    clock.remaining = clock.remaining.saturating_sub(elapsed) + tc.inc;
    clock.moves += 1;
    if tc.moves.is_some_and(|m| clock.moves.is_multiple_of(m)) {
        clock.remaining += tc.base;
    }
}

/// Send the position and `go`, then read until `bestmove`; returns the answer and
/// the moment `go` was written (the clock starts then).
fn ask(e: &mut EngineProc, start_nfen: &str, moves: &[String], go: &str, wait: Duration) -> (Answer, Instant) {
    match send_go(e, &position_line(start_nfen, moves), go) {
        Ok(sent) => (read_answer(e, sent, wait, "bestmove"), sent),
        Err(failed) => (Answer::Failed(failed), Instant::now()),
    }
}

/// `position fen <start> [moves <m1> <m2> …]`.
pub fn position_line(start: &str, moves: &[String]) -> String {
    if moves.is_empty() {
        format!("position fen {start}")
    } else {
        format!("position fen {start} moves {}", moves.join(" "))
    }
}

/// Send a position and a `go`; returns the moment `go` was written (the engine's clock
/// starts then), or the failure of an engine that is gone.
pub fn send_go(e: &mut EngineProc, position: &str, go: &str) -> Result<Instant, Failure> {
    let gone = |err: EngineError| Failure::new(Termination::Abandoned, failure_text(&err), true);
    e.send(position).map_err(gone)?;
    e.send(go).map_err(gone)
}

/// Read the engine's lines until its answer to the `go` written at `sent`: the line
/// starting with `keyword` (`bestmove`, or `bestdeclare`, `bestbid`, `bestpromise` in
/// four-player games), waiting through `wait`. Another `best…` line is an infraction.
pub fn read_answer(e: &mut EngineProc, sent: Instant, wait: Duration, keyword: &str) -> Answer {
    let what = if keyword == "bestmove" { "move" } else { "answer" };
    let ms = wait.as_millis();
    // Wait through the last whole millisecond of the limit (see the charging in `play_game`).
    let deadline = sent + wait + Duration::from_millis(1);
    let untimed = e.config().tc.is_none() && e.config().st.is_none();
    let (mut score, mut depth) = (None, None);
    loop {
        let failed = |termination, reason: String, dead| Answer::Failed(Failure::new(termination, reason, dead));
        let (at, line) = match e.recv(deadline, keyword) {
            Ok(x) => x,
            Err(EngineError::Timeout(_, _)) if untimed => {
                return failed(
                    Termination::Abandoned,
                    format!("stalls (no {what} within {ms} ms)"),
                    true,
                );
            }
            Err(EngineError::Timeout(_, _)) => {
                let reason = format!("loses on time (no {what} within {ms} ms)");
                return failed(Termination::TimeForfeit, reason, false);
            }
            Err(other) => return failed(Termination::Abandoned, failure_text(&other), true),
        };
        let mut words = line.split_whitespace();
        match words.next() {
            Some("info") => {
                let (s, d) = parse_info(&line);
                score = s.or(score);
                depth = d.or(depth);
            }
            Some(w) if w == keyword => {
                return match words.next() {
                    Some(text) => Answer::Move {
                        text: text.to_string(),
                        at,
                        score,
                        depth,
                    },
                    None => {
                        let reason = format!(
                            "sends {keyword} without a{}",
                            if what == "move" { " move" } else { "n answer" }
                        );
                        failed(Termination::RulesInfraction, reason, false)
                    }
                };
            }
            Some(w) if w.starts_with("best") => {
                return failed(
                    Termination::RulesInfraction,
                    format!("answers {w} where {keyword} is due"),
                    false,
                );
            }
            _ => {}
        }
    }
}

/// Score and depth of an `info` line; bounds and `info string` lines give no score.
pub fn parse_info(line: &str) -> (Option<EngineScore>, Option<u32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.get(1) == Some(&"string") {
        return (None, None);
    }
    let bound = words.iter().any(|w| *w == "lowerbound" || *w == "upperbound");
    let (mut score, mut depth) = (None, None);
    for (i, w) in words.iter().enumerate() {
        match *w {
            "depth" => depth = words.get(i + 1).and_then(|d| d.parse().ok()).or(depth),
            "score" if !bound => {
                let value = words.get(i + 2).and_then(|v| v.parse::<i32>().ok());
                score = match (words.get(i + 1), value) {
                    (Some(&"cp"), Some(v)) => Some(EngineScore::Cp(v)),
                    (Some(&"mate"), Some(v)) => Some(EngineScore::Mate(v)),
                    _ => score,
                };
            }
            _ => {}
        }
    }
    (score, depth)
}

/// Score adjudication state (cutechess's rules).
#[derive(Default)]
struct Adjudicator {
    /// Consecutive plies with both scores within the draw bound.
    draw_plies: u32,
    /// Per side: consecutive plies agreeing that this side is lost.
    resign_plies: [u32; 2],
}

impl Adjudicator {
    /// Account for the score of the move just made by `mover`; `plies` counts moves so far.
    fn add(&mut self, rules: &GameRules, mover: Side, score: Option<EngineScore>, plies: usize) -> Option<Outcome> {
        let cp = score.map(EngineScore::as_cp);
        if let Some(d) = rules.draw {
            self.draw_plies = if cp.is_some_and(|c| c.abs() <= d.score) {
                self.draw_plies + 1
            } else {
                0
            };
            if plies / 2 >= d.movenumber as usize && self.draw_plies >= 2 * d.movecount {
                return Some(Outcome {
                    winner: None,
                    termination: Termination::Adjudication,
                    reason: "Draw by adjudication".to_string(),
                });
            }
        }
        if let Some(r) = rules.resign {
            for loser in Side::BOTH {
                let agrees = match cp {
                    Some(c) if loser == mover => c <= -r.score,
                    Some(c) if r.twosided => c >= r.score,
                    _ if loser != mover && !r.twosided => continue,
                    _ => false,
                };
                let n = &mut self.resign_plies[loser.index()];
                *n = if agrees { *n + 1 } else { 0 };
                let needed = if r.twosided { 2 * r.movecount } else { r.movecount };
                if *n >= needed {
                    return Some(Outcome {
                        winner: Some(loser.opponent()),
                        termination: Termination::Adjudication,
                        reason: format!("{} resigns (adjudication)", side_name(loser)),
                    });
                }
            }
        }
        None
    }
}
