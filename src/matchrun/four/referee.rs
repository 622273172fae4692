//! The referee of a four-player game (F43): every round, the seats that decide at the
//! same time are all asked before any answer is read; each answer is checked with
//! `Game4` on its own, so that a bad answer eliminates only its seat (`x:`, F33) and
//! the game goes on. Each engine has its own clock, running from its `go` to its
//! answer line (stamped by the engine's reader thread), so engines thinking at the
//! same time are each charged their own time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::matchrun::cli::EngineConfig;
use crate::matchrun::engine_proc::{EngineError, EngineProc};
use crate::matchrun::referee::{
    advance_clock, deadline_for, go_limits, overstep, position_line, read_answer, send_go, start_failure_text, Answer,
    Failure, GameReportOf, SideClock, Termination,
};
use crate::rules::round::notation::declaration_text;
use crate::rules::{Declaration, Event, Game4, Phase, Result4, Seat, SeatSet, Termination4};

/// One event of a record, with the reason of an elimination.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EventRecord {
    /// The canonical event (F38).
    pub text: String,
    /// For `x:`: what the seat's engine did.
    pub note: Option<String>,
}

/// How a four-player game ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome4 {
    /// The winning seat; `None` for no winner.
    pub winner: Option<Seat>,
    /// How the rules ended it; `None` when the match stopped during it.
    pub termination: Option<Termination4>,
    /// F34: each seat's place, seat order (1 = best; shared places equal).
    pub ranking: [u8; 4],
    /// Seats eliminated (F33).
    pub eliminated: SeatSet,
    /// A sentence for the record: `South holds three Navia`.
    pub reason: String,
}

/// A played four-player game: its events, its end, and by seat the engines to restart
/// and those that crashed.
pub type Report4 = GameReportOf<EventRecord, Outcome4, 4>;

/// What a game is played under, besides the engines.
pub struct GameRules4<'a> {
    /// The start (its round limit included).
    pub start: &'a Game4,
    /// Its NFEN4, sent with `position fen`.
    pub start_nfen: &'a str,
    /// Set when the match stops: the game ends unterminated before the next question.
    pub stop: &'a AtomicBool,
}

/// One seat's engine in a game: the process (gone once the seat is eliminated), its settings and its clock.
pub struct SeatEngine<'a> {
    proc: Option<&'a mut EngineProc>,
    config: &'a EngineConfig,
    clock: SideClock,
    /// Why the engine could not be started, if so: the seat is eliminated before the first event.
    unstarted: Option<String>,
}

impl<'a> SeatEngine<'a> {
    /// A seat played by `proc`, or by nobody when its engine could not be started.
    pub fn new(proc: Result<&'a mut EngineProc, EngineError>, config: &'a EngineConfig) -> SeatEngine<'a> {
        let (proc, unstarted) = match proc {
            Ok(p) => (Some(p), None),
            Err(e) => (None, Some(format!("could not be started: {}", start_failure_text(&e)))),
        };
        SeatEngine {
            proc,
            config,
            clock: SideClock::start(config),
            unstarted,
        }
    }
}

/// The failure of a seat that has no engine (the rules let only seats in the game decide, so never met).
fn gone() -> Failure {
    Failure {
        termination: Termination::Abandoned,
        what: "has no engine".to_string(),
        dead: true,
    }
}

/// A checked answer of a seat in a simultaneous step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Choice {
    Declare(Declaration),
    Bid(u8),
    Promise(bool),
}

/// The `go` word of a phase (F41) and the keyword of its answer.
fn phase_words(phase: Phase) -> (&'static str, &'static str) {
    match phase {
        Phase::Decision => ("go declare", "bestdeclare"),
        Phase::Bidding => ("go bid", "bestbid"),
        Phase::Promise => ("go promise", "bestpromise"),
        Phase::Actions => ("go", "bestmove"),
    }
}

/// The `go` line for `seat` (F41): the phase word, the seat, every seat's clock (`p1time` … `p4inc`) or the
/// seat's fixed time, then any depth or node limit.
pub fn go_line4(seats: &[SeatEngine; 4], seat: Seat, phase: Phase) -> String {
    let names = [
        "p1time", "p2time", "p3time", "p4time", "p1inc", "p2inc", "p3inc", "p4inc",
    ];
    let values = seats
        .iter()
        .map(|s| s.clock.remaining.as_millis())
        .chain(seats.iter().map(|s| s.config.tc.map_or(0, |t| t.inc.as_millis())));
    let clocks: Vec<(&str, u128)> = names.into_iter().zip(values).collect();
    let me = &seats[seat.index()];
    format!(
        "{} seat {}{}",
        phase_words(phase).0,
        seat.letter(),
        go_limits(me.config, &clocks, me.clock.moves)
    )
}

/// The sentence of a finished game.
pub fn end_reason(r: &Result4, round_limit: u16) -> String {
    let name = |s: Seat| s.name();
    match (r.termination, r.winner) {
        (Termination4::ThreeNavia, Some(w)) => format!("{} holds three Navia", name(w)),
        (Termination4::NaviaDratp, Some(w)) => format!("{} dratps a Navia", name(w)),
        (Termination4::LastSeat, Some(w)) => format!("{} is the last seat left", name(w)),
        (Termination4::RoundLimit, _) => format!("No winner: round limit ({round_limit} rounds)"),
        (t, _) => format!("No winner: {}", t.text()),
    }
}

/// One game and its engines.
struct Referee<'r, 'e> {
    rules: &'r GameRules4<'r>,
    game: Game4,
    seats: [SeatEngine<'e>; 4],
    report: Report4,
    texts: Vec<String>,
    /// An event the rules refused although the referee built it from checked answers: the game cannot go on.
    broken: Option<String>,
}

/// Play one game; `seats` in seat order.
pub fn play_game4(rules: &GameRules4, seats: [SeatEngine; 4]) -> Report4 {
    let mut r = Referee {
        rules,
        game: rules.start.clone(),
        seats,
        report: Report4::new(
            Outcome4 {
                winner: None,
                termination: None,
                ranking: rules.start.state().ranking(),
                eliminated: SeatSet::EMPTY,
                reason: String::new(),
            },
            [false; 4],
        ),
        texts: Vec::new(),
        broken: None,
    };
    for seat in Seat::ALL {
        if let Some(why) = r.seats[seat.index()].unstarted.take() {
            r.report.crashed[seat.index()] = true;
            r.eliminate(seat, why, true);
        }
    }
    for seat in Seat::ALL {
        let ready = r.seats[seat.index()].proc.as_mut().map(|p| p.new_game());
        if let Some(Err(e)) = ready {
            let why = match e {
                EngineError::Disconnected => "disconnects".to_string(),
                other => format!("is not ready for the game ({other})"),
            };
            r.eliminate(seat, why, true);
        }
    }
    r.play();
    r.report
}

impl Referee<'_, '_> {
    /// Play until the rules end the game or the match stops.
    fn play(&mut self) {
        let mut chosen: [Option<Choice>; 4] = [None; 4];
        loop {
            if let Some(res) = self.game.result() {
                let o = &mut self.report.outcome;
                o.winner = res.winner;
                o.termination = Some(res.termination);
                o.reason = end_reason(&res, self.game.state().round_limit());
                o.ranking = self.game.state().ranking();
                o.eliminated = Seat::ALL
                    .into_iter()
                    .filter(|&s| self.game.state().round().is_out(s))
                    .collect();
                return;
            }
            if let Some(e) = self.broken.take() {
                self.report.outcome.reason = format!("referee error: {e}");
                return;
            }
            if self.rules.stop.load(Ordering::SeqCst) {
                self.report.outcome.reason = "match stopped".to_string();
                return;
            }
            let state = *self.game.state();
            let phase = state.phase();
            if phase == Phase::Actions {
                match state.deciding().iter().next() {
                    Some(seat) => self.act(seat),
                    None => self.broken = Some("no seat to act in an unfinished game".to_string()),
                }
                continue;
            }
            let missing: Vec<Seat> = state
                .deciding()
                .iter()
                .filter(|s| chosen[s.index()].is_none())
                .collect();
            if !missing.is_empty() {
                // Eliminations change who decides; ask again until every seat of the step has answered.
                for (seat, choice) in self.ask_all(&missing, phase) {
                    chosen[seat.index()] = Some(choice);
                }
                continue;
            }
            let event = step_event(phase, &state, &chosen);
            chosen = [None; 4];
            self.push(&event);
        }
    }

    /// Apply an event the referee built and record it.
    fn push(&mut self, event: &Event) {
        match self.game.play(event) {
            Ok(()) => self.record_last(),
            Err(e) => self.broken = Some(format!("{} refused: {e}", self.game.event_text(event))),
        }
    }

    /// F33: eliminate `seat`, recording what its engine did; a dead or still busy engine is restarted later.
    fn eliminate(&mut self, seat: Seat, what: String, restart: bool) {
        let i = seat.index();
        self.seats[i].proc = None;
        self.report.restart[i] |= restart;
        if self.game.result().is_some() {
            // An earlier answer of the same step ended the game (F33: the last seat).
            return;
        }
        self.push(&Event::Eliminate(seat));
        if let Some(last) = self.report.moves.last_mut().filter(|_| self.broken.is_none()) {
            last.note = Some(format!("{} {what}", seat.name()));
        }
    }

    /// Ask each of `seats` at once (position and `go` to all, then the answers); the
    /// checked choices, the others eliminated.
    fn ask_all(&mut self, seats: &[Seat], phase: Phase) -> Vec<(Seat, Choice)> {
        let sent: Vec<(Seat, Result<Instant, Failure>)> = seats.iter().map(|&s| (s, self.send(s, phase))).collect();
        let answers: Vec<(Seat, Result<String, Fault>)> = sent
            .into_iter()
            .map(|(s, at)| (s, at.map_err(Fault::from).and_then(|at| self.answer(s, at, phase))))
            .collect();
        let mut chosen = Vec::new();
        for (seat, answer) in answers {
            let checked = answer.and_then(|text| self.check(seat, phase, &text).map_err(Fault::rules));
            match checked {
                Ok(c) => chosen.push((seat, c)),
                Err(f) => self.fail(seat, f),
            }
        }
        chosen
    }

    /// Ask the seat to act and play its action, or eliminate it.
    fn act(&mut self, seat: Seat) {
        let answer = self
            .send(seat, Phase::Actions)
            .map_err(Fault::from)
            .and_then(|at| self.answer(seat, at, Phase::Actions));
        let result = answer.and_then(|text| {
            if text == "(none)" {
                return Err(Fault::rules("claims no action while it has legal actions".to_string()));
            }
            self.game
                .play_text(&text)
                .map_err(|e| Fault::rules(format!("makes an illegal action: {text} ({e})")))
        });
        match result {
            Ok(()) => self.record_last(),
            Err(f) => self.fail(seat, f),
        }
    }

    /// Record the event just played.
    fn record_last(&mut self) {
        if let Some(event) = self.game.events().last() {
            let text = self.game.event_text(event);
            self.texts.push(text.clone());
            self.report.moves.push(EventRecord { text, note: None });
        }
    }

    /// A seat whose engine failed: eliminated, and restarted after the game if need be.
    fn fail(&mut self, seat: Seat, f: Fault) {
        self.report.crashed[seat.index()] |= f.crashed;
        self.eliminate(seat, f.what, f.restart);
    }

    /// Send the position and the seat's `go`.
    fn send(&mut self, seat: Seat, phase: Phase) -> Result<Instant, Failure> {
        let go = go_line4(&self.seats, seat, phase);
        let position = position_line(self.rules.start_nfen, &self.texts);
        match self.seats[seat.index()].proc.as_mut() {
            Some(proc) => send_go(proc, &position, &go),
            None => Err(gone()),
        }
    }

    /// Read the seat's answer to the `go` sent at `sent`, check its time and charge its clock.
    fn answer(&mut self, seat: Seat, sent: Instant, phase: Phase) -> Result<String, Fault> {
        let engine = &mut self.seats[seat.index()];
        let wait = deadline_for(engine.config, &engine.clock);
        let Some(proc) = engine.proc.as_mut() else {
            return Err(Fault::from(gone()));
        };
        match read_answer(proc, sent, wait, phase_words(phase).1) {
            Answer::Move { text, at, .. } => {
                // Whole milliseconds, as the protocol counts them (see the two-player referee).
                let charged = Duration::from_millis(at.saturating_duration_since(sent).as_millis() as u64);
                if let Some(late) = overstep(engine.config, &engine.clock, charged) {
                    return Err(Fault {
                        what: format!("answers too late ({late})"),
                        restart: true,
                        crashed: false,
                    });
                }
                advance_clock(engine.config, &mut engine.clock, charged);
                Ok(text)
            }
            Answer::Failed(f) => Err(Fault::from(f)),
        }
    }

    /// F20, F23, F24: check a simultaneous answer on its own.
    fn check(&self, seat: Seat, phase: Phase, text: &str) -> Result<Choice, String> {
        let state = self.game.state();
        match phase {
            Phase::Decision => {
                let cat = state.catalogue();
                state
                    .declarable(seat)
                    .into_iter()
                    .find(|&d| declaration_text(d, cat) == text)
                    .map(Choice::Declare)
                    .ok_or_else(|| format!("makes an illegal declaration: {text} (not declarable now, F20)"))
            }
            Phase::Bidding => {
                let pool = state.max_bid(seat);
                match text.parse::<u8>() {
                    Ok(n) if n <= pool => Ok(Choice::Bid(n)),
                    _ => Err(format!("makes an illegal bid: {text} (0 to its pool of {pool}, F23)")),
                }
            }
            _ => match text {
                "yes" => Ok(Choice::Promise(true)),
                "no" => Ok(Choice::Promise(false)),
                _ => Err(format!("makes an unreadable promise: {text} (yes or no, F24)")),
            },
        }
    }
}

/// Why a seat's engine is eliminated: what it did, whether to restart it after the game, whether it crashed.
struct Fault {
    what: String,
    restart: bool,
    crashed: bool,
}

impl Fault {
    /// A well-formed exchange with a wrong answer: the engine stays as it is.
    fn rules(what: String) -> Fault {
        Fault {
            what,
            restart: false,
            crashed: false,
        }
    }
}

impl From<Failure> for Fault {
    /// No usable answer (gone, silent, late, no answer word): restarted, and `dead` counts as a crash.
    fn from(f: Failure) -> Fault {
        Fault {
            what: f.what,
            restart: true,
            crashed: f.dead,
        }
    }
}

/// The step's event from the seats' checked choices (F38): in `d`, `-` for the seats not
/// asked; in `b`, 0 for the step's seats with an empty pool and `-` outside the step; in
/// `p`, `-` for the seats not asked.
fn step_event(phase: Phase, state: &crate::rules::State4, chosen: &[Option<Choice>; 4]) -> Event {
    match phase {
        Phase::Decision => Event::Declare(Seat::ALL.map(|s| match chosen[s.index()] {
            Some(Choice::Declare(d)) => d,
            _ => Declaration::Nothing,
        })),
        Phase::Bidding => {
            let step = state.round().bid_step();
            Event::Bid(Seat::ALL.map(|s| match chosen[s.index()] {
                Some(Choice::Bid(n)) => Some(n),
                _ => step.contains(s).then_some(0),
            }))
        }
        _ => Event::Promise(Seat::ALL.map(|s| match chosen[s.index()] {
            Some(Choice::Promise(p)) => Some(p),
            _ => None,
        })),
    }
}
