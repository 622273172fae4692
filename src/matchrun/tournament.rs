//! The tournament: the schedule (round robin or gauntlet, colours alternating,
//! openings repeated in pairs), each game's start (openings, random forces or a
//! draft), the prepared tournament, and the run that hands games to the
//! [`worker`](super::worker)s and counts them in the [`standings`](super::standings).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use super::cli::{DraftConfig, DraftPair, EngineConfig, MatchConfig, TournamentKind};
use super::draft::{failure_reason, ids_text, pair_navias, pair_pool, run_draft, DraftFailure, DraftOutcome};
use super::engine_proc::{EngineProc, IoLog};
use super::openings::{load_openings, parse_openings, random_start};
use super::pgn::{write_game, RecordInfo};
use super::referee::{start_failure_text, GameReport, Outcome, Termination};
use super::standings::{FinishedGame, Standings};
use super::summary::{results_block, summary_json};
use super::worker::{run_games, two_mut, Duel, Msg, Scheduled};
use crate::rules::forces::start_position;
use crate::rules::{nfen, Catalogue, Force, Position, Side};

pub use super::standings::{PlayerStats, Summary};

/// One scheduled game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Job {
    /// Game number, from 1.
    pub number: u32,
    /// Engine indices: white (first player), black.
    pub players: [usize; 2],
    /// Index of the start position slot.
    pub slot: usize,
    /// Pair id when this game and another share an opening with colours swapped.
    pub pair: Option<usize>,
}

/// The games of a tournament in order, and how many start slots they use.
pub fn schedule(engines: usize, kind: TournamentKind, games: u32, rounds: u32, repeat: bool) -> (Vec<Job>, usize) {
    let pairings: Vec<(usize, usize)> = match kind {
        TournamentKind::RoundRobin => (0..engines)
            .flat_map(|a| (a + 1..engines).map(move |b| (a, b)))
            .collect(),
        TournamentKind::Gauntlet => (1..engines).map(|b| (0, b)).collect(),
    };
    let mut jobs = Vec::new();
    let mut slots = 0;
    for _ in 0..rounds {
        for &(a, b) in &pairings {
            for g in 0..games {
                let second_of_pair = repeat && g % 2 == 1;
                if !second_of_pair {
                    slots += 1;
                }
                let players = if g % 2 == 0 { [a, b] } else { [b, a] };
                let paired = repeat && (second_of_pair || g + 1 < games);
                jobs.push(Job {
                    number: jobs.len() as u32 + 1,
                    players,
                    slot: slots - 1,
                    pair: paired.then_some(slots - 1),
                });
            }
        }
    }
    (jobs, slots)
}

/// The start positions by slot (used modulo their count): the openings file in
/// order of use, random forces one per slot, or the default start (R31).
pub fn start_positions(cfg: &MatchConfig, cat: &'static Catalogue, slots: usize) -> Result<Vec<Position>, String> {
    if let Some(o) = &cfg.openings {
        return load_openings(o, |text| parse_openings(text, cat));
    }
    if let Some(f) = &cfg.forces {
        return (0..slots.max(1)).map(|p| random_start(cat, f, p)).collect();
    }
    Position::startpos(cat)
        .map(|p| vec![p])
        .map_err(|e| format!("default start: {e}"))
}

/// A pair's draft as the records and the summary show it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DraftInfo {
    /// The pool's ids, comma-separated, ascending.
    pub pool: String,
    /// The picks' ids in pick order, comma-separated.
    pub picks: String,
    /// The engine (index) that picked first.
    pub first: usize,
}

/// What one job starts from.
#[derive(Clone, Debug)]
pub struct JobStart {
    /// The start position.
    pub pos: Position,
    /// Its NFEN.
    pub nfen: String,
    /// The pair's draft, in a draft match.
    pub draft: Option<Arc<DraftInfo>>,
    /// A game already lost by a failed draft: the outcome and which side crashed or stalled.
    pub forfeit: Option<(Outcome, [bool; 2])>,
}

impl JobStart {
    fn plain(pos: Position) -> JobStart {
        JobStart {
            nfen: nfen(&pos),
            pos,
            draft: None,
            forfeit: None,
        }
    }
}

/// A draft's forces by engine index, or the engine at fault and what it did.
type DraftResult = Result<[(usize, Force); 2], (usize, DraftFailure)>;

/// Draft with the engines in `procs`, starting them as needed, and give each job its
/// start. Every pair (slot) has one pool. With `pair=redraft` each game is drafted
/// from it, its first player picking first (R30), so in a pair each engine picks
/// first once; with `pair=keep` the pair's first game is drafted and each engine
/// keeps its force and Navia in the second, the forces changing sides with the
/// colours. A failed draft loses the games it was for, for the engine at fault.
fn draft_starts(
    d: &DraftConfig,
    cat: &'static Catalogue,
    jobs: &[Job],
    configs: &[Arc<EngineConfig>],
    procs: &mut [Option<EngineProc>],
    log: &Option<Arc<IoLog>>,
) -> Result<Vec<JobStart>, String> {
    let default = Position::startpos(cat).map_err(|e| format!("default start: {e}"))?;
    // One draft per unit: (slot, pickers in order); each job's unit index.
    let mut units: Vec<(usize, [usize; 2])> = Vec::new();
    let mut unit_of = Vec::new();
    for j in jobs {
        let shared = d.pair == DraftPair::Keep;
        match units.iter().position(|u| shared && u.0 == j.slot) {
            Some(u) => unit_of.push(u),
            None => {
                unit_of.push(units.len());
                units.push((j.slot, j.players));
            }
        }
    }
    let mut drafts: Vec<(Arc<DraftInfo>, DraftResult)> = Vec::new();
    for &(slot, players) in &units {
        let pool = pair_pool(cat, d, slot)?;
        let navias = pair_navias(cat, d, slot)?;
        let outcome = draft_with(pool, navias, players, cat, configs, procs, log);
        let info = Arc::new(DraftInfo {
            pool: ids_text(&outcome.pool, cat),
            picks: ids_text(&outcome.picks, cat),
            first: players[0],
        });
        let result = match outcome.forces {
            Ok([f, s]) => Ok([(players[0], f), (players[1], s)]),
            Err(fail) => {
                // The engine at fault may be dead or still thinking: start it afresh next time.
                procs[players[fail.offender]] = None;
                Err((players[fail.offender], fail))
            }
        };
        drafts.push((info, result));
    }
    jobs.iter()
        .zip(unit_of)
        .map(|(job, unit)| {
            let (info, result) = &drafts[unit];
            drafted_start(job, info, result, default, cat)
        })
        .collect()
}

/// One draft between the engines `players` (first picker first), started as needed.
fn draft_with(
    pool: Vec<crate::rules::Kind>,
    navias: [crate::rules::Kind; 2],
    players: [usize; 2],
    cat: &'static Catalogue,
    configs: &[Arc<EngineConfig>],
    procs: &mut [Option<EngineProc>],
    log: &Option<Arc<IoLog>>,
) -> DraftOutcome {
    for (k, &p) in players.iter().enumerate() {
        if let Err(e) = EngineProc::ensure_running(&mut procs[p], &configs[p], 0, log) {
            return DraftOutcome {
                pool,
                picks: Vec::new(),
                forces: Err(DraftFailure {
                    offender: k,
                    termination: Termination::Abandoned,
                    what: format!("could not be started for the draft: {}", start_failure_text(&e)),
                }),
            };
        }
    }
    let (a, b) = two_mut(procs, players[0], players[1]);
    let (a, b) = (a.as_mut().expect("started above"), b.as_mut().expect("started above"));
    run_draft(pool, navias, [a, b], cat)
}

/// A job's start from its draft: the drafted forces, or the default start and the forfeit.
fn drafted_start(
    job: &Job,
    info: &Arc<DraftInfo>,
    result: &DraftResult,
    default: Position,
    cat: &'static Catalogue,
) -> Result<JobStart, String> {
    let [w, b] = job.players;
    let mut start = match result {
        Ok(forces) => {
            let of = |p: usize| &forces.iter().find(|(e, _)| *e == p).expect("a drafting engine").1;
            JobStart::plain(start_position(of(w), of(b), cat).map_err(|e| format!("-draft: {e}"))?)
        }
        Err((offender, fail)) => {
            let side = if *offender == w { Side::White } else { Side::Black };
            let mut crashed = [false; 2];
            crashed[side.index()] = fail.termination == Termination::Abandoned;
            let o = Outcome {
                winner: Some(side.opponent()),
                termination: fail.termination,
                reason: failure_reason(side, fail),
            };
            let mut start = JobStart::plain(default);
            start.forfeit = Some((o, crashed));
            start
        }
    };
    start.draft = Some(info.clone());
    Ok(start)
}

/// The PGN time control of an engine: `40/60+0.6`, `1/0.5` for a fixed time per
/// move, `-` for none, then any depth or node limit.
pub fn time_control_text(c: &EngineConfig) -> String {
    let mut s = match (c.tc, c.st) {
        (Some(tc), _) => tc.to_string(),
        (None, Some(st)) => format!("1/{}", super::cli::secs_text(st)),
        (None, None) => "-".to_string(),
    };
    if let Some(d) = c.depth {
        s += &format!(" depth={d}");
    }
    if let Some(n) = c.nodes {
        s += &format!(" nodes={n}");
    }
    s
}

/// `YYYY.MM.DD` (UTC) for the PGN `Date` tag.
pub fn pgn_date(t: SystemTime) -> String {
    let days = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Civil-from-days (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// A tournament ready to play: its catalogue, its games (this shard's, with -shard)
/// each with its start, the engines, and the open record file.
pub struct Prepared {
    /// The catalogue the referee uses.
    pub cat: &'static Catalogue,
    /// The games to play, in game-number order.
    pub games: Vec<Scheduled>,
    /// Games in the whole run (all shards).
    pub total: usize,
    /// The engines' settings.
    pub configs: Vec<Arc<EngineConfig>>,
    /// Each engine's `id name`, from a first start.
    pub id_names: Vec<Option<String>>,
    /// The `-debug` log.
    pub log: Option<Arc<IoLog>>,
    /// The `-pgnout` file, opened for appending.
    pub pgn: Option<File>,
}

/// The engines of a run, each started once before the first game, and the `-debug` log.
pub struct Lineup {
    /// The engines' settings.
    pub configs: Vec<Arc<EngineConfig>>,
    /// Each engine's `id name`, from its first start.
    pub id_names: Vec<Option<String>>,
    /// The started engines (`None`: could not be started, with `-recover`).
    pub procs: Vec<Option<EngineProc>>,
    /// The `-debug` log.
    pub log: Option<Arc<IoLog>>,
}

/// Open the `-debug` log and start every engine once: its `id name`, and a failure
/// before the first game for an engine that cannot even start (unless `-recover`).
pub fn start_lineup(cfg: &MatchConfig) -> Result<Lineup, String> {
    let log = match &cfg.debug {
        None => None,
        Some(None) => Some(IoLog::new(Box::new(std::io::stderr()))),
        Some(Some(path)) => {
            let f = File::create(path).map_err(|e| format!("-debug: {}: {e}", path.display()))?;
            Some(IoLog::new(Box::new(f)))
        }
    };
    let configs: Vec<Arc<EngineConfig>> = cfg.engines.iter().cloned().map(Arc::new).collect();
    let mut id_names = Vec::new();
    let mut procs = Vec::new();
    for c in &configs {
        // Without -recover, fail before the first game when an engine cannot even start;
        // with it, each of that engine's games is tried and, failing, lost as `abandoned`.
        match EngineProc::start(c.clone(), 0, log.clone()) {
            Ok(e) => {
                id_names.push(e.id_name.clone());
                procs.push(Some(e));
            }
            Err(e) if cfg.recover => {
                eprintln!(
                    "dratp-match: warning: engine '{}' could not be started: {}",
                    c.name,
                    start_failure_text(&e)
                );
                id_names.push(None);
                procs.push(None);
            }
            Err(e) => return Err(format!("engine '{}': {e}", c.name)),
        }
    }
    Ok(Lineup {
        configs,
        id_names,
        procs,
        log,
    })
}

/// The `-pgnout` file, opened for appending.
pub fn open_records(cfg: &MatchConfig) -> Result<Option<File>, String> {
    cfg.pgnout
        .as_ref()
        .map(|p| {
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("-pgnout: {}: {e}", p.display()))
        })
        .transpose()
}

/// Everything a run does before its first game: load the catalogue, schedule, start
/// each engine once (its `id name`; drafts), and give every game its start.
pub fn prepare(cfg: &MatchConfig) -> Result<Prepared, String> {
    let cat = super::load_catalogue(cfg.catalogue.as_deref())?;
    let (all, slots) = schedule(cfg.engines.len(), cfg.tournament, cfg.games, cfg.rounds, cfg.repeat);
    let total = all.len();
    let jobs: Vec<Job> = all
        .into_iter()
        .filter(|j| cfg.shard.is_none_or(|s| s.holds(j.slot)))
        .collect();
    let Lineup {
        configs,
        id_names,
        mut procs,
        log,
    } = start_lineup(cfg)?;
    let starts: Vec<JobStart> = match &cfg.draft {
        Some(d) => draft_starts(d, cat, &jobs, &configs, &mut procs, &log)?,
        None => {
            let list = start_positions(cfg, cat, slots)?;
            jobs.iter()
                .map(|j| JobStart::plain(list[j.slot % list.len()]))
                .collect()
        }
    };
    for e in procs.into_iter().flatten() {
        e.quit();
    }
    let pgn = open_records(cfg)?;
    let games = jobs
        .into_iter()
        .zip(starts)
        .map(|(job, start)| Scheduled { job, start })
        .collect();
    Ok(Prepared {
        cat,
        games,
        total,
        configs,
        id_names,
        log,
        pgn,
    })
}

/// Run the whole match, printing progress and results to `out` in cutechess-cli's form.
pub fn run(cfg: &MatchConfig, out: &mut dyn Write) -> Result<Summary, String> {
    let mut p = prepare(cfg)?;
    // One engine of a game thinks at a time, with all its threads.
    let thinking = cfg.engines.iter().map(engine_threads).max().unwrap_or(1);
    warn_concurrency(cfg.concurrency, thinking);
    let stop = Arc::new(AtomicBool::new(false));
    let table = Arc::new(Duel {
        games: std::mem::take(&mut p.games),
        configs: p.configs.clone(),
        log: p.log.clone(),
        stop: stop.clone(),
        cfg: Arc::new(cfg.clone()),
    });
    let names: Vec<String> = p.configs.iter().map(|c| c.name.clone()).collect();
    let mut standings = Standings::new(&names, std::mem::take(&mut p.id_names), cfg.sprt, p.total);
    let mut counter = Counter {
        cfg,
        prepared: &mut p,
        games: &table.games,
        names: &names,
        stop: &stop,
        out,
        failure: None,
    };
    run_games(
        table.clone(),
        &counter.prepared.configs.clone(),
        cfg.concurrency,
        &stop,
        |msg| counter.on_msg(msg, &mut standings),
    );
    if let Some(e) = counter.failure {
        return Err(e);
    }
    say(out, &results_block(cfg, standings.summary()));
    say(out, "Finished match");
    let summary = standings.into_summary();
    if let Some(path) = &cfg.jsonout {
        std::fs::write(path, summary_json(cfg, &summary).pretty())
            .map_err(|e| format!("-jsonout: {}: {e}", path.display()))?;
    }
    Ok(summary)
}

/// The search threads an engine was given (`option.Threads=N`; 1 when unset or unreadable).
pub fn engine_threads(e: &EngineConfig) -> usize {
    e.options
        .iter()
        .rev()
        .find(|(name, _)| name.eq_ignore_ascii_case("Threads"))
        .and_then(|(_, value)| value.trim().parse::<usize>().ok())
        .map_or(1, |n| n.max(1))
}

/// Warn when `-concurrency` games, each keeping `thinking` cores busy at once, need more cores than there are.
pub fn warn_concurrency(concurrency: usize, thinking: usize) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if concurrency * thinking > cores {
        // Engines that share a core lose time on their clocks, and a helper thread without a core of its own slows
        // its main thread instead of helping it.
        eprintln!(
            "dratp-match: warning: -concurrency {concurrency} needs {} cores ({thinking} per game), the machine has {cores}",
            concurrency * thinking
        );
    }
}

/// Print one line; output is best effort: a closed stdout must not leave engines running.
fn say(out: &mut dyn Write, s: &str) {
    let _ = writeln!(out, "{s}");
    let _ = out.flush();
}

/// The main thread's side of a run: reads the workers' messages, prints progress,
/// writes records, counts games, and stops the match when it must.
struct Counter<'a> {
    cfg: &'a MatchConfig,
    prepared: &'a mut Prepared,
    games: &'a [Scheduled],
    names: &'a [String],
    stop: &'a AtomicBool,
    out: &'a mut dyn Write,
    /// A failure that ends the run (a record that cannot be written).
    failure: Option<String>,
}

impl Counter<'_> {
    /// One message of the workers: print a start, count a finished game.
    fn on_msg(&mut self, msg: Msg<GameReport>, standings: &mut Standings) {
        if self.stop.load(Ordering::SeqCst) {
            return;
        }
        match msg {
            Msg::Started(index) => {
                let job = self.games[index].job;
                let [w, b] = job.players;
                let line = format!(
                    "Started game {} of {} ({} vs {})",
                    job.number, self.prepared.total, self.names[w], self.names[b]
                );
                say(self.out, &line);
            }
            Msg::Finished(index, report) if report.outcome.termination != Termination::Unterminated => {
                if let Err(e) = self.count(self.games[index].job, &report, standings) {
                    // Stop cleanly: the workers finish and their engines quit before the error is returned.
                    self.failure = Some(e);
                    self.stop.store(true, Ordering::SeqCst);
                }
            }
            Msg::Finished(..) => {}
        }
    }

    /// One finished game: its lines, its record, the standings, and whether to stop.
    fn count(&mut self, job: Job, report: &GameReport, standings: &mut Standings) -> Result<(), String> {
        let [w, b] = job.players;
        let o = &report.outcome;
        let line = format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            job.number,
            self.names[w],
            self.names[b],
            o.result_token(),
            o.reason
        );
        say(self.out, &line);
        let start = &self
            .games
            .iter()
            .find(|g| g.job == job)
            .expect("a scheduled game")
            .start;
        if let Some(f) = self.prepared.pgn.as_mut() {
            let rec = record_text(self.cfg, &self.prepared.configs, self.names, job, start, report);
            f.write_all(rec.as_bytes())
                .and_then(|_| f.flush())
                .map_err(|e| format!("-pgnout: {e}"))?;
        }
        let score = standings.record(FinishedGame {
            job,
            outcome: o.clone(),
            plies: report.moves.len(),
            start: start.nfen.clone(),
            draft: start.draft.clone(),
        });
        say(self.out, &score);
        // A shard plays all its games: the SPRT is decided over the merged shards.
        if let Some(decision) = standings.sprt_decision().filter(|_| self.cfg.shard.is_none()) {
            standings.stop(decision);
            self.stop.store(true, Ordering::SeqCst);
        }
        if report.crashed.iter().any(|&c| c) && !self.cfg.recover {
            let who = if report.crashed[0] {
                &self.names[w]
            } else {
                &self.names[b]
            };
            standings.stop(format!("engine {who} crashed or stalled (use -recover to go on)"));
            say(
                self.out,
                &format!("Stopping: engine {who} crashed or stalled; use -recover to go on"),
            );
            self.stop.store(true, Ordering::SeqCst);
        }
        let n = standings.summary().games.len() as u32;
        let last = n as usize == self.games.len() || self.stop.load(Ordering::SeqCst);
        if !last && self.cfg.rating_interval > 0 && n.is_multiple_of(self.cfg.rating_interval) {
            say(self.out, &results_block(self.cfg, standings.summary()));
        }
        Ok(())
    }
}

/// A game's record in PGN syntax.
fn record_text(
    cfg: &MatchConfig,
    configs: &[Arc<EngineConfig>],
    names: &[String],
    job: Job,
    start: &JobStart,
    report: &GameReport,
) -> String {
    let [w, b] = job.players;
    write_game(&RecordInfo {
        event: &cfg.event,
        site: &cfg.site,
        date: pgn_date(report.started),
        round: job.number,
        white: &names[w],
        black: &names[b],
        fen: &start.nfen,
        start_turn: start.pos.turn(),
        black_first: start.pos.side_to_move() == Side::Black,
        time_controls: [time_control_text(&configs[w]), time_control_text(&configs[b])],
        moves: &report.moves,
        outcome: &report.outcome,
        draft: start.draft.as_ref().map(|d| super::pgn::DraftTags {
            pool: &d.pool,
            picks: &d.picks,
            first: if d.first == w { Side::White } else { Side::Black },
        }),
    })
}
