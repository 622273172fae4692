//! The tournament: the schedule (round robin or gauntlet, colours alternating,
//! openings repeated in pairs), start positions, worker threads each owning its
//! engine processes, and the running statistics, records and summary.

use std::collections::HashMap;
use std::fs::OpenOptions;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{SystemTime, UNIX_EPOCH};

use super::cli::{DraftConfig, DraftPair, EngineConfig, MatchConfig, TournamentKind};
use super::draft::{failure_reason, ids_text, pair_navias, pair_pool, run_draft, DraftFailure};
use super::engine_proc::{EngineError, EngineProc, IoLog};
use super::json::Json;
use super::openings::{order_openings, parse_openings, random_start};
use super::pgn::{write_game, RecordInfo};
use super::referee::{
    play_game, start_failure_outcome, start_failure_text, GameReport, GameRules, Outcome, Termination,
};
use super::stats::{
    elo_line, fmt_f1, fmt_fixed, pentanomial_line, score_line, Elo, Pentanomial, Sprt, SprtResult, Wdl,
};
use crate::rules::forces::start_position;
use crate::rules::{nfen, Catalogue, Force, Position, Side};

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
        let text = std::fs::read_to_string(&o.file).map_err(|e| format!("-openings: {}: {e}", o.file.display()))?;
        let list = parse_openings(&text, cat).map_err(|e| format!("-openings: {}: {e}", o.file.display()))?;
        return Ok(order_openings(list, o));
    }
    if let Some(f) = &cfg.forces {
        return (0..slots.max(1))
            .map(|p| random_start(cat, f.rule, f.seed, p))
            .collect();
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
struct JobStart {
    pos: Position,
    nfen: String,
    draft: Option<Arc<DraftInfo>>,
    /// A game already lost by a failed draft: the outcome and which side crashed or stalled.
    forfeit: Option<(Outcome, [bool; 2])>,
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

/// Two distinct engines of a worker's list, mutably, in the order asked.
fn two_mut<T>(items: &mut [T], a: usize, b: usize) -> (&mut T, &mut T) {
    if a < b {
        let (lo, hi) = items.split_at_mut(b);
        (&mut lo[a], &mut hi[0])
    } else {
        let (lo, hi) = items.split_at_mut(a);
        (&mut hi[0], &mut lo[b])
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
    slots: usize,
    configs: &[Arc<EngineConfig>],
    procs: &mut [Option<EngineProc>],
    log: &Option<Arc<IoLog>>,
) -> Result<Vec<JobStart>, String> {
    let default = Position::startpos(cat).map_err(|e| format!("default start: {e}"))?;
    // One draft per unit: (slot, pickers in order); each job's unit index.
    let (units, unit_of): (Vec<(usize, [usize; 2])>, Vec<usize>) = match d.pair {
        DraftPair::Redraft => (
            jobs.iter().map(|j| (j.slot, j.players)).collect(),
            (0..jobs.len()).collect(),
        ),
        DraftPair::Keep => (
            (0..slots)
                .map(|slot| {
                    let first = jobs.iter().find(|j| j.slot == slot).expect("every slot has a job");
                    (slot, first.players)
                })
                .collect(),
            jobs.iter().map(|j| j.slot).collect(),
        ),
    };
    let mut drafts: Vec<(Arc<DraftInfo>, DraftResult)> = Vec::new();
    for &(slot, players) in &units {
        let pool = pair_pool(cat, d, slot)?;
        let navias = pair_navias(cat, d, slot)?;
        let mut start_error = None;
        for (k, &p) in players.iter().enumerate() {
            if procs[p].as_mut().is_some_and(|e| !e.is_alive()) {
                procs[p] = None;
            }
            if procs[p].is_none() && start_error.is_none() {
                match EngineProc::start(configs[p].clone(), 0, log.clone()) {
                    Ok(e) => procs[p] = Some(e),
                    Err(e) => start_error = Some((k, e)),
                }
            }
        }
        let outcome = match start_error {
            Some((k, e)) => super::draft::DraftOutcome {
                pool: pool.clone(),
                picks: Vec::new(),
                forces: Err(DraftFailure {
                    offender: k,
                    termination: Termination::Abandoned,
                    what: format!("could not be started for the draft: {}", start_failure_text(&e)),
                }),
            },
            None => {
                let (a, b) = two_mut(procs, players[0], players[1]);
                let (a, b) = (a.as_mut().expect("started above"), b.as_mut().expect("started above"));
                run_draft(pool, navias, [a, b], cat)
            }
        };
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
            let [w, b] = job.players;
            let mut start = JobStart::plain(default);
            start.draft = Some(info.clone());
            match result {
                Ok(forces) => {
                    let of = |p: usize| &forces.iter().find(|(e, _)| *e == p).expect("a drafting engine").1;
                    start = JobStart::plain(start_position(of(w), of(b), cat).map_err(|e| format!("-draft: {e}"))?);
                    start.draft = Some(info.clone());
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
                    start.forfeit = Some((o, crashed));
                }
            }
            Ok(start)
        })
        .collect()
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

/// One game as counted by the tournament.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// The scheduled job.
    pub job: Job,
    /// How it ended.
    pub outcome: Outcome,
    /// Moves played.
    pub plies: usize,
    /// Start NFEN.
    pub start: String,
    /// The pair's draft, in a draft match.
    pub draft: Option<Arc<DraftInfo>>,
}

/// One engine's totals.
#[derive(Clone, Debug, Default)]
pub struct PlayerStats {
    /// Display name.
    pub name: String,
    /// The `id name` the engine sent in the handshake.
    pub id_name: Option<String>,
    /// All games.
    pub total: Wdl,
    /// Games as the first player.
    pub white: Wdl,
    /// Games as the second player.
    pub black: Wdl,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Counted games in the order they finished.
    pub games: Vec<FinishedGame>,
    /// Per engine, in command-line order.
    pub players: Vec<PlayerStats>,
    /// Pair counts from the first engine's point of view (two-engine matches with `-repeat`).
    pub pentanomial: Pentanomial,
    /// The last LLR, when `-sprt` was given.
    pub llr: Option<f64>,
    /// Why the match stopped early, if it did.
    pub stopped: Option<String>,
}

enum Msg {
    Started(Job),
    Finished(Job, Box<GameReport>),
}

/// Run the whole match, printing progress and results to `out` in cutechess-cli's form.
pub fn run(cfg: &MatchConfig, out: &mut dyn Write) -> Result<Summary, String> {
    let cat = super::load_catalogue(cfg.catalogue.as_deref())?;
    let (jobs, slots) = schedule(cfg.engines.len(), cfg.tournament, cfg.games, cfg.rounds, cfg.repeat);
    let log = match &cfg.debug {
        None => None,
        Some(None) => Some(IoLog::new(Box::new(std::io::stderr()))),
        Some(Some(path)) => {
            let f = std::fs::File::create(path).map_err(|e| format!("-debug: {}: {e}", path.display()))?;
            Some(IoLog::new(Box::new(f)))
        }
    };
    let configs: Vec<Arc<EngineConfig>> = cfg.engines.iter().cloned().map(Arc::new).collect();
    let mut id_names = Vec::new();
    let mut first_procs = Vec::new();
    for c in &configs {
        // Without -recover, fail before the first game when an engine cannot even start;
        // with it, each of that engine's games is tried and, failing, lost as `abandoned`.
        match EngineProc::start(c.clone(), 0, log.clone()) {
            Ok(e) => {
                id_names.push(e.id_name.clone());
                first_procs.push(Some(e));
            }
            Err(e) if cfg.recover => {
                eprintln!(
                    "dratp-match: warning: engine '{}' could not be started: {}",
                    c.name,
                    start_failure_text(&e)
                );
                id_names.push(None);
                first_procs.push(None);
            }
            Err(e) => return Err(format!("engine '{}': {e}", c.name)),
        }
    }
    let starts: Vec<JobStart> = match &cfg.draft {
        Some(d) => draft_starts(d, cat, &jobs, slots, &configs, &mut first_procs, &log)?,
        None => {
            let list = start_positions(cfg, cat, slots)?;
            jobs.iter()
                .map(|j| JobStart::plain(list[j.slot % list.len()]))
                .collect()
        }
    };
    for e in first_procs.into_iter().flatten() {
        e.quit();
    }
    let mut pgn = match &cfg.pgnout {
        Some(p) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("-pgnout: {}: {e}", p.display()))?,
        ),
        None => None,
    };
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    if cfg.concurrency > cores {
        // One engine thinks at a time in a game: more games than cores makes engines share CPU and lose time.
        eprintln!(
            "dratp-match: warning: -concurrency {} plays more games at once than the {cores} cores can run",
            cfg.concurrency
        );
    }
    let stop = Arc::new(AtomicBool::new(false));
    let (job_tx, job_rx) = crossbeam_channel::unbounded::<Job>();
    for j in &jobs {
        job_tx.send(*j).expect("the job queue is open");
    }
    drop(job_tx);
    let (msg_tx, msg_rx) = crossbeam_channel::unbounded::<Msg>();
    let starts = Arc::new(starts);
    let mut workers = Vec::new();
    for w in 0..cfg.concurrency.min(jobs.len()).max(1) {
        let (job_rx, msg_tx, stop, starts, configs, log) = (
            job_rx.clone(),
            msg_tx.clone(),
            stop.clone(),
            starts.clone(),
            configs.clone(),
            log.clone(),
        );
        let rules_cfg = (cfg.maxmoves, cfg.draw, cfg.resign);
        workers.push(thread::spawn(move || {
            let mut procs: Vec<Option<EngineProc>> = configs.iter().map(|_| None).collect();
            while !stop.load(Ordering::SeqCst) {
                let Ok(job) = job_rx.recv() else { break };
                let _ = msg_tx.send(Msg::Started(job));
                let js = &starts[job.number as usize - 1];
                let rules = GameRules {
                    start: js.pos,
                    start_nfen: &js.nfen,
                    maxmoves: rules_cfg.0,
                    draw: rules_cfg.1,
                    resign: rules_cfg.2,
                    stop: &stop,
                };
                let report = match &js.forfeit {
                    Some((outcome, crashed)) => GameReport {
                        moves: Vec::new(),
                        outcome: outcome.clone(),
                        restart: [false; 2],
                        crashed: *crashed,
                        started: SystemTime::now(),
                    },
                    None => play_job(&job, &rules, &configs, &mut procs, w + 1, &log),
                };
                for (k, &p) in job.players.iter().enumerate() {
                    if report.restart[k] {
                        procs[p] = None;
                    }
                }
                if msg_tx.send(Msg::Finished(job, Box::new(report))).is_err() {
                    break;
                }
            }
            for p in procs.into_iter().flatten() {
                p.quit();
            }
        }));
    }
    drop(msg_tx);

    let names: Vec<String> = configs.iter().map(|c| c.name.clone()).collect();
    let mut summary = Summary {
        games: Vec::new(),
        players: names
            .iter()
            .zip(id_names)
            .map(|(n, id_name)| PlayerStats {
                name: n.clone(),
                id_name,
                ..Default::default()
            })
            .collect(),
        pentanomial: Pentanomial::default(),
        llr: cfg.sprt.map(|_| 0.0),
        stopped: None,
    };
    let mut h2h = vec![vec![Wdl::default(); names.len()]; names.len()];
    let mut pending_pairs: HashMap<usize, u8> = HashMap::new();
    let total = jobs.len();
    let say = |out: &mut dyn Write, s: &str| {
        // Output is best effort: a closed stdout must not leave engines running.
        let _ = writeln!(out, "{s}");
        let _ = out.flush();
    };
    let mut failure: Option<String> = None;
    for msg in msg_rx.iter() {
        let (job, report) = match msg {
            Msg::Started(job) => {
                if !stop.load(Ordering::SeqCst) {
                    let [w, b] = job.players;
                    say(
                        out,
                        &format!("Started game {} of {total} ({} vs {})", job.number, names[w], names[b]),
                    );
                }
                continue;
            }
            Msg::Finished(job, report) => (job, report),
        };
        if stop.load(Ordering::SeqCst) || report.outcome.termination == Termination::Unterminated {
            continue;
        }
        let [w, b] = job.players;
        let o = &report.outcome;
        say(
            out,
            &format!(
                "Finished game {} ({} vs {}): {} {{{}}}",
                job.number,
                names[w],
                names[b],
                o.result_token(),
                o.reason
            ),
        );
        let white_half: u8 = match o.winner {
            Some(Side::White) => 2,
            Some(Side::Black) => 0,
            None => 1,
        };
        summary.players[w].total.add_half_points(white_half);
        summary.players[w].white.add_half_points(white_half);
        summary.players[b].total.add_half_points(2 - white_half);
        summary.players[b].black.add_half_points(2 - white_half);
        h2h[w][b].add_half_points(white_half);
        h2h[b][w].add_half_points(2 - white_half);
        let (lo, hi) = (w.min(b), w.max(b));
        say(out, &score_line(&names[lo], &names[hi], h2h[lo][hi]));
        if let Some(pair) = job.pair.filter(|_| names.len() == 2) {
            let first_half = if w == 0 { white_half } else { 2 - white_half };
            match pending_pairs.remove(&pair) {
                Some(other) => summary.pentanomial.add_pair(other, first_half),
                None => {
                    pending_pairs.insert(pair, first_half);
                }
            }
        }
        let js = &starts[job.number as usize - 1];
        let (start, start_nfen) = (&js.pos, &js.nfen);
        if let Some(f) = pgn.as_mut() {
            let rec = write_game(&RecordInfo {
                event: &cfg.event,
                site: &cfg.site,
                date: pgn_date(report.started),
                round: job.number,
                white: &names[w],
                black: &names[b],
                fen: start_nfen,
                start_turn: start.turn(),
                black_first: start.side_to_move() == Side::Black,
                time_controls: [time_control_text(&configs[w]), time_control_text(&configs[b])],
                moves: &report.moves,
                outcome: o,
                draft: js.draft.as_ref().map(|d| super::pgn::DraftTags {
                    pool: &d.pool,
                    picks: &d.picks,
                    first: if d.first == w { Side::White } else { Side::Black },
                }),
            });
            if let Err(e) = f.write_all(rec.as_bytes()).and_then(|_| f.flush()) {
                // Stop cleanly: the workers finish and their engines quit before the error is returned.
                failure = Some(format!("-pgnout: {e}"));
                stop.store(true, Ordering::SeqCst);
                continue;
            }
        }
        summary.games.push(FinishedGame {
            job,
            outcome: o.clone(),
            plies: report.moves.len(),
            start: start_nfen.clone(),
            draft: js.draft.clone(),
        });
        if let Some(s) = &cfg.sprt {
            let llr = sprt_llr(s, &summary);
            summary.llr = Some(llr);
            if s.result(llr) != SprtResult::Continue {
                summary.stopped = Some(s.status_line(llr));
                stop.store(true, Ordering::SeqCst);
            }
        }
        if report.crashed.iter().any(|&c| c) && !cfg.recover {
            let who = if report.crashed[0] { &names[w] } else { &names[b] };
            summary.stopped = Some(format!("engine {who} crashed or stalled (use -recover to go on)"));
            say(
                out,
                &format!("Stopping: engine {who} crashed or stalled; use -recover to go on"),
            );
            stop.store(true, Ordering::SeqCst);
        }
        let n = summary.games.len() as u32;
        let last = n as usize == total || stop.load(Ordering::SeqCst);
        if !last && cfg.rating_interval > 0 && n.is_multiple_of(cfg.rating_interval) {
            say(out, &results_block(cfg, &summary));
        }
    }
    for w in workers {
        let _ = w.join();
    }
    if let Some(e) = failure {
        return Err(e);
    }
    say(out, &results_block(cfg, &summary));
    say(out, "Finished match");
    if let Some(path) = &cfg.jsonout {
        std::fs::write(path, summary_json(cfg, &summary).pretty())
            .map_err(|e| format!("-jsonout: {}: {e}", path.display()))?;
    }
    Ok(summary)
}

/// Play one job with the worker's engine processes, starting (or restarting) them as needed.
fn play_job(
    job: &Job,
    rules: &GameRules,
    configs: &[Arc<EngineConfig>],
    procs: &mut [Option<EngineProc>],
    instance: usize,
    log: &Option<Arc<IoLog>>,
) -> GameReport {
    for (k, &p) in job.players.iter().enumerate() {
        if procs[p].as_mut().is_some_and(|e| !e.is_alive()) {
            procs[p] = None;
        }
        if procs[p].is_none() {
            match EngineProc::start(configs[p].clone(), instance, log.clone()) {
                Ok(e) => procs[p] = Some(e),
                Err(e) => return start_failure(Side::BOTH[k], &e),
            }
        }
    }
    let [w, b] = job.players;
    let (white, black) = two_mut(procs, w, b);
    let (white, black) = (
        white.as_mut().expect("started above"),
        black.as_mut().expect("started above"),
    );
    play_game(rules, [white, black])
}

fn start_failure(side: Side, e: &EngineError) -> GameReport {
    let mut restart = [false; 2];
    restart[side.index()] = true;
    GameReport {
        moves: Vec::new(),
        outcome: start_failure_outcome(side, e),
        restart,
        crashed: restart,
        started: SystemTime::now(),
    }
}

fn sprt_llr(s: &Sprt, summary: &Summary) -> f64 {
    if summary.pentanomial.pairs() > 0 {
        s.llr_pentanomial(&summary.pentanomial)
    } else {
        s.llr_trinomial(summary.players[0].total)
    }
}

/// The block printed every `-ratinginterval` games and at the end.
fn results_block(cfg: &MatchConfig, s: &Summary) -> String {
    let mut lines: Vec<String> = Vec::new();
    if s.players.len() == 2 {
        let p = &s.players[0];
        let side = |label: String, wdl: Wdl| {
            let score = if wdl.games() == 0 {
                "nan".to_string()
            } else {
                format!("{:.3}", wdl.score())
            };
            format!(
                "...      {label}: {} - {} - {}  [{score}] {}",
                wdl.wins,
                wdl.losses,
                wdl.draws,
                wdl.games()
            )
        };
        if p.white.games() > 0 {
            lines.push(side(format!("{} playing White", p.name), p.white));
        }
        if p.black.games() > 0 {
            lines.push(side(format!("{} playing Black", p.name), p.black));
        }
        let white_side = Wdl {
            wins: p.white.wins + p.black.losses,
            losses: p.white.losses + p.black.wins,
            draws: p.total.draws,
        };
        if p.total.games() > 0 {
            lines.push(side("White vs Black".to_string(), white_side));
        }
        lines.push(elo_line(p.total));
        if cfg.repeat {
            lines.push(pentanomial_line(&s.pentanomial));
        }
    } else {
        lines.push(format!(
            "{:<4} {:<25} {:>7} {:>7} {:>8} {:>7} {:>7}",
            "Rank", "Name", "Elo", "+/-", "nGames", "Score", "Draw"
        ));
        let mut order: Vec<&PlayerStats> = s.players.iter().collect();
        order.sort_by(|a, b| b.total.score().total_cmp(&a.total.score()));
        for (i, p) in order.iter().enumerate() {
            let e = Elo::new(p.total);
            lines.push(format!(
                "{:>4} {:<25} {:>7} {:>7} {:>8} {:>6}% {:>6}%",
                i + 1,
                p.name,
                fmt_fixed(e.diff(), 0),
                fmt_fixed(e.error_margin(), 0),
                p.total.games(),
                fmt_f1(p.total.score() * 100.0),
                fmt_f1(e.draw_ratio())
            ));
        }
    }
    if let (Some(sprt), Some(llr)) = (&cfg.sprt, s.llr) {
        lines.push(sprt.status_line(llr));
    }
    lines.join("\n")
}

fn wdl_json(w: Wdl) -> Vec<(&'static str, Json)> {
    let e = Elo::new(w);
    vec![
        ("games", Json::Int(w.games() as i64)),
        ("wins", Json::Int(w.wins as i64)),
        ("losses", Json::Int(w.losses as i64)),
        ("draws", Json::Int(w.draws as i64)),
        ("score", Json::Num(w.score())),
        ("elo", Json::Num(e.diff())),
        ("elo_error", Json::Num(e.error_margin())),
        ("los", Json::Num(e.los())),
        ("draw_ratio", Json::Num(e.draw_ratio())),
    ]
}

/// The `-jsonout` document.
pub fn summary_json(cfg: &MatchConfig, s: &Summary) -> Json {
    let name = |i: usize| Json::str(s.players[i].name.clone());
    let players = s
        .players
        .iter()
        .map(|p| {
            let mut f = vec![
                ("name", Json::str(p.name.clone())),
                ("id_name", p.id_name.clone().map_or(Json::Null, Json::Str)),
            ];
            f.extend(wdl_json(p.total));
            f.push(("as_white", Json::obj(wdl_json(p.white))));
            f.push(("as_black", Json::obj(wdl_json(p.black))));
            Json::obj(f)
        })
        .collect();
    let games = s
        .games
        .iter()
        .map(|g| {
            let mut f = vec![
                ("number", Json::Int(g.job.number as i64)),
                ("white", name(g.job.players[0])),
                ("black", name(g.job.players[1])),
                ("result", Json::str(g.outcome.result_token())),
                ("termination", Json::str(g.outcome.termination.pgn())),
                ("reason", Json::str(g.outcome.reason.clone())),
                ("plies", Json::Int(g.plies as i64)),
                ("start", Json::str(g.start.clone())),
            ];
            if let Some(d) = &g.draft {
                f.push((
                    "draft",
                    Json::obj(vec![
                        ("pool", Json::str(d.pool.clone())),
                        ("picks", Json::str(d.picks.clone())),
                        ("first", name(d.first)),
                    ]),
                ));
            }
            Json::obj(f)
        })
        .collect();
    let mut doc = vec![
        ("event", Json::str(cfg.event.clone())),
        ("players", Json::Arr(players)),
        ("games", Json::Arr(games)),
    ];
    if s.players.len() == 2 {
        doc.push((
            "pentanomial",
            Json::Arr(s.pentanomial.counts.iter().map(|&c| Json::Int(c as i64)).collect()),
        ));
    }
    if let (Some(sp), Some(llr)) = (&cfg.sprt, s.llr) {
        let verdict = match sp.result(llr) {
            SprtResult::Continue => "continue",
            SprtResult::AcceptH0 => "H0",
            SprtResult::AcceptH1 => "H1",
        };
        doc.push((
            "sprt",
            Json::obj(vec![
                ("elo0", Json::Num(sp.elo0)),
                ("elo1", Json::Num(sp.elo1)),
                ("alpha", Json::Num(sp.alpha)),
                ("beta", Json::Num(sp.beta)),
                ("llr", Json::Num(llr)),
                ("lbound", Json::Num(sp.lower_bound())),
                ("ubound", Json::Num(sp.upper_bound())),
                ("result", Json::str(verdict)),
            ]),
        ));
    }
    doc.push(("stopped", s.stopped.clone().map_or(Json::Null, Json::Str)));
    Json::obj(doc)
}
