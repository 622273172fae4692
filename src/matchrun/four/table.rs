//! A four-player run (F43): the schedule and each rotation's start (F36, or random
//! forces for four seats), the [`Table`] the workers play it at, the counting of the
//! finished games (progress lines, records, standings), the JSON summary, and the
//! merge of a sharded run.

use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::record::{result_text, write_game4, Record4};
use super::referee::{play_game4, GameRules4, Outcome4, Report4, SeatEngine};
use super::standings::{Finished4, Summary4};
use super::{schedule4, Job4};
use crate::matchrun::cli::{EngineConfig, MatchConfig};
use crate::matchrun::engine_proc::{EngineError, EngineProc, IoLog};
use crate::matchrun::json::Json;
use crate::matchrun::openings::{load_openings, parse_openings4, random_forces};
use crate::matchrun::summary::{run_fields, MergeRequest, Shards};
use crate::matchrun::tournament::{
    engine_threads, open_records, pgn_date, start_lineup, time_control_text, warn_concurrency, Lineup,
};
use crate::matchrun::worker::{run_games, Msg, Table};
use crate::rules::round::notation::ranking_text;
use crate::rules::{Catalogue, Game4, Seat, SeatSet, Termination4};

/// A start of a four-player game.
#[derive(Clone)]
pub struct Start4 {
    /// The game before its first event.
    pub game: Game4,
    /// Its NFEN4.
    pub nfen: String,
    /// Whether it is F36's start (no `FEN` tag).
    pub standard: bool,
}

/// The start of each slot (used modulo their count): the openings file's NFEN4s in order of use, F36 (the
/// default forces), or random forces for the four seats (`-forces`).
pub fn starts4(cfg: &MatchConfig, cat: &'static Catalogue, slots: usize) -> Result<Vec<Start4>, String> {
    if let Some(o) = &cfg.openings {
        let list = load_openings(o, |text| parse_openings4(text, cat, cfg.round_limit))?;
        return Ok(list
            .into_iter()
            .map(|(game, nfen)| Start4 {
                game,
                nfen,
                standard: false,
            })
            .collect());
    }
    (0..slots.max(1))
        .map(|slot| {
            let forces = match &cfg.forces {
                Some(f) => Some(random_forces::<4>(cat, f, slot)?),
                None => None,
            };
            let game = Game4::startpos(cat, forces.as_ref(), cfg.round_limit).map_err(|e| format!("start: {e}"))?;
            Ok(Start4 {
                nfen: game.state().nfen4(),
                standard: forces.is_none(),
                game,
            })
        })
        .collect()
}

/// The four-player table: the games of this shard, their starts, the engines.
pub struct Four {
    /// The games, in game-number order.
    pub jobs: Vec<Job4>,
    /// The starts, by slot.
    pub starts: Vec<Start4>,
    /// The engines' settings.
    pub configs: Vec<Arc<EngineConfig>>,
    /// The `-debug` log.
    pub log: Option<Arc<IoLog>>,
    /// Set when the match stops.
    pub stop: Arc<AtomicBool>,
}

impl Four {
    fn start(&self, job: &Job4) -> &Start4 {
        &self.starts[job.slot % self.starts.len()]
    }
}

impl Table for Four {
    type Report = Report4;

    fn count(&self) -> usize {
        self.jobs.len()
    }

    fn play(&self, index: usize, procs: &mut [Option<EngineProc>], instance: usize) -> Report4 {
        let job = self.jobs[index];
        let started: Vec<Result<(), EngineError>> = job
            .seats
            .iter()
            .map(|&e| EngineProc::ensure_running(&mut procs[e], &self.configs[e], instance, &self.log).map(|_| ()))
            .collect();
        let report = {
            let mut by_engine: Vec<Option<&mut EngineProc>> = procs.iter_mut().map(Option::as_mut).collect();
            let seats = Seat::ALL.map(|s| {
                let e = job.seats[s.index()];
                let proc = started[s.index()]
                    .clone()
                    .and_then(|()| by_engine[e].take().ok_or(EngineError::Disconnected));
                SeatEngine::new(proc, &self.configs[e])
            });
            let start = self.start(&job);
            let rules = GameRules4 {
                start: &start.game,
                start_nfen: &start.nfen,
                stop: &self.stop,
            };
            play_game4(&rules, seats)
        };
        for s in Seat::ALL {
            if report.restart[s.index()] {
                procs[job.seats[s.index()]] = None;
            }
        }
        report
    }
}

/// Run a four-player match, printing progress and the standings to `out`.
pub fn run4(cfg: &MatchConfig, out: &mut dyn Write) -> Result<Summary4, String> {
    let cat = crate::matchrun::load_catalogue(cfg.catalogue.as_deref())?;
    let all = schedule4(cfg.games, cfg.rounds);
    let total = all.len();
    let slots = all.last().map_or(1, |j| j.slot + 1);
    let jobs: Vec<Job4> = all
        .into_iter()
        .filter(|j| cfg.shard.is_none_or(|s| s.holds(j.slot)))
        .collect();
    let starts = starts4(cfg, cat, slots)?;
    let Lineup {
        configs,
        id_names,
        procs,
        log,
    } = start_lineup(cfg)?;
    for e in procs.into_iter().flatten() {
        e.quit();
    }
    // Four engines think at once in the simultaneous phases (F43), each with its threads.
    warn_concurrency(cfg.concurrency, cfg.engines.iter().map(engine_threads).sum());
    let stop = Arc::new(AtomicBool::new(false));
    let table = Arc::new(Four {
        jobs,
        starts,
        configs: configs.clone(),
        log,
        stop: stop.clone(),
    });
    let names: Vec<String> = configs.iter().map(|c| c.name.clone()).collect();
    let mut counter = Counter4 {
        cfg,
        table: &table,
        names: &names,
        total,
        pgn: open_records(cfg)?,
        out,
        summary: Summary4::new(&names, id_names, total),
        failure: None,
    };
    run_games(table.clone(), &configs, cfg.concurrency, &stop, |msg| {
        counter.on_msg(msg)
    });
    if let Some(e) = counter.failure {
        return Err(e);
    }
    let summary = counter.summary;
    say(counter.out, &summary.table());
    say(counter.out, "Finished match");
    if let Some(path) = &cfg.jsonout {
        std::fs::write(path, summary_json4(cfg, &summary).pretty())
            .map_err(|e| format!("-jsonout: {}: {e}", path.display()))?;
    }
    Ok(summary)
}

/// Print one line; output is best effort.
fn say(out: &mut dyn Write, s: &str) {
    let _ = writeln!(out, "{s}");
    let _ = out.flush();
}

/// The engines of a game by seat: `S a, W b, N c, E d`.
fn seats_text(job: &Job4, names: &[String]) -> String {
    Seat::ALL
        .map(|s| format!("{} {}", super::result_letter(s), names[job.seats[s.index()]]))
        .join(", ")
}

/// The main thread's side of a four-player run.
struct Counter4<'a> {
    cfg: &'a MatchConfig,
    table: &'a Four,
    names: &'a [String],
    total: usize,
    pgn: Option<File>,
    out: &'a mut dyn Write,
    summary: Summary4,
    failure: Option<String>,
}

impl Counter4<'_> {
    fn on_msg(&mut self, msg: Msg<Report4>) {
        if self.table.stop.load(Ordering::SeqCst) {
            return;
        }
        match msg {
            Msg::Started(index) => {
                let job = &self.table.jobs[index];
                let line = format!(
                    "Started game {} of {} ({})",
                    job.number,
                    self.total,
                    seats_text(job, self.names)
                );
                say(self.out, &line);
            }
            Msg::Finished(index, report) if report.outcome.termination.is_some() => {
                if let Err(e) = self.count(self.table.jobs[index], &report) {
                    self.failure = Some(e);
                    self.table.stop.store(true, Ordering::SeqCst);
                }
            }
            Msg::Finished(..) => {}
        }
    }

    fn count(&mut self, job: Job4, report: &Report4) -> Result<(), String> {
        let o = &report.outcome;
        let line = format!(
            "Finished game {} ({}): {} {{{}}}",
            job.number,
            seats_text(&job, self.names),
            result_text(o.winner),
            o.reason
        );
        say(self.out, &line);
        let start = self.table.start(&job);
        if let Some(f) = self.pgn.as_mut() {
            let rec = write_game4(&Record4 {
                event: &self.cfg.event,
                site: &self.cfg.site,
                date: pgn_date(report.started),
                round: job.number,
                names: job.seats.map(|e| self.names[e].as_str()),
                fen: (!start.standard).then_some(start.nfen.as_str()),
                round_limit: self.cfg.round_limit,
                time_controls: job.seats.map(|e| time_control_text(&self.table.configs[e])),
                start_round: start.game.state().round().number(),
                starts_with_decision: start.game.state().phase() == crate::rules::Phase::Decision,
                events: &report.moves,
                outcome: o,
            });
            f.write_all(rec.as_bytes())
                .and_then(|_| f.flush())
                .map_err(|e| format!("-pgnout: {e}"))?;
        }
        let line = self.summary.record(Finished4 {
            job,
            outcome: o.clone(),
            events: report.moves.len(),
            start: start.nfen.clone(),
        });
        say(self.out, &line);
        if let Some(seat) = Seat::ALL
            .into_iter()
            .find(|s| report.crashed[s.index()] && !self.cfg.recover)
        {
            let who = &self.names[job.seats[seat.index()]];
            self.summary.stopped = Some(format!("engine {who} crashed or stalled (use -recover to go on)"));
            say(
                self.out,
                &format!("Stopping: engine {who} crashed or stalled; use -recover to go on"),
            );
            self.table.stop.store(true, Ordering::SeqCst);
        }
        let n = self.summary.games.len();
        let last = n == self.table.jobs.len() || self.table.stop.load(Ordering::SeqCst);
        if !last && self.cfg.rating_interval > 0 && n.is_multiple_of(self.cfg.rating_interval as usize) {
            say(self.out, &self.summary.table());
        }
        Ok(())
    }
}

/// The `-jsonout` document of a four-player run.
pub fn summary_json4(cfg: &MatchConfig, s: &Summary4) -> Json {
    let seat_key = |seat: Seat| seat.name().to_ascii_lowercase();
    let players = s
        .players
        .iter()
        .map(|p| {
            let by_seat = Seat::ALL
                .iter()
                .map(|&seat| {
                    let (games, score) = p.by_seat[seat.index()];
                    (
                        seat_key(seat),
                        Json::obj(vec![
                            ("games", Json::Int(games.into())),
                            ("score", Json::Num(f64::from(score) / 12.0)),
                        ]),
                    )
                })
                .collect();
            Json::obj(vec![
                ("name", Json::str(p.name.clone())),
                ("id_name", p.id_name.clone().map_or(Json::Null, Json::Str)),
                ("games", Json::Int(p.games.into())),
                ("wins", Json::Int(p.wins.into())),
                ("score", Json::Num(f64::from(p.score) / 12.0)),
                ("average_place", Json::Num(p.average_place())),
                ("by_seat", Json::Obj(by_seat)),
            ])
        })
        .collect();
    let games = s
        .games
        .iter()
        .map(|g| {
            let o = &g.outcome;
            let seats = Seat::ALL
                .iter()
                .map(|&seat| {
                    (
                        seat_key(seat),
                        Json::str(s.players[g.job.seats[seat.index()]].name.clone()),
                    )
                })
                .collect();
            Json::obj(vec![
                ("number", Json::Int(g.job.number.into())),
                ("seats", Json::Obj(seats)),
                ("result", Json::str(result_text(o.winner))),
                (
                    "termination",
                    Json::str(o.termination.map_or("unterminated", |t| t.text())),
                ),
                ("ranking", Json::str(ranking_text(o.ranking))),
                (
                    "places",
                    Json::Arr(o.ranking.iter().map(|&p| Json::Int(p.into())).collect()),
                ),
                (
                    "eliminated",
                    Json::Arr(
                        o.eliminated
                            .iter()
                            .map(|seat| Json::str(seat.letter().to_string()))
                            .collect(),
                    ),
                ),
                ("reason", Json::str(o.reason.clone())),
                ("events", Json::Int(g.events as i64)),
                ("start", Json::str(g.start.clone())),
            ])
        })
        .collect();
    let mut doc = run_fields(cfg, s.scheduled);
    doc.extend([
        ("variant", Json::str(cfg.variant.name())),
        ("players", Json::Arr(players)),
        ("games", Json::Arr(games)),
        ("stopped", s.stopped.clone().map_or(Json::Null, Json::Str)),
    ]);
    Json::obj(doc)
}

/// One game of a four-player summary, matched to its scheduled job.
fn finished4(g: &Json, jobs: &[Job4], names: &[String]) -> Option<Finished4> {
    let text = |k: &str| g.get(k).and_then(Json::as_str);
    let job = *jobs.get(usize::try_from(g.get("number")?.as_int()?).ok()?.checked_sub(1)?)?;
    let seats = g.get("seats")?;
    for seat in Seat::ALL {
        let name = seats.get(&seat.name().to_ascii_lowercase())?.as_str()?;
        if names.iter().position(|n| n == name)? != job.seats[seat.index()] {
            return None;
        }
    }
    let winner = match text("result")? {
        "draw" => None,
        r => Some(Seat::ALL.into_iter().find(|&s| result_text(Some(s)) == r)?),
    };
    let termination = TERMINATIONS
        .into_iter()
        .find(|t| Some(t.text()) == text("termination"))?;
    let places: Vec<u8> = g
        .get("places")?
        .as_array()?
        .iter()
        .map(|p| u8::try_from(p.as_int()?).ok())
        .collect::<Option<_>>()?;
    let mut eliminated = SeatSet::EMPTY;
    for e in g.get("eliminated")?.as_array()? {
        eliminated.insert(Seat::from_letter(e.as_str()?.chars().next()?)?);
    }
    Some(Finished4 {
        job,
        outcome: Outcome4 {
            winner,
            termination: Some(termination),
            ranking: places.try_into().ok()?,
            eliminated,
            reason: text("reason")?.to_string(),
        },
        events: usize::try_from(g.get("events")?.as_int()?).ok()?,
        start: text("start")?.to_string(),
    })
}

/// Every termination, for reading summaries back.
const TERMINATIONS: [Termination4; 6] = [
    Termination4::ThreeNavia,
    Termination4::NaviaDratp,
    Termination4::ThousandWar,
    Termination4::RoundLimit,
    Termination4::NoAction,
    Termination4::LastSeat,
];

/// `-merge` of a four-player run: the shards' games counted in game-number order, the
/// standings printed, the records and the summary written.
pub fn merge4(shards: &Shards, req: &MergeRequest, out: &mut dyn Write) -> Result<Summary4, String> {
    let cfg = &shards.cfg;
    let jobs = schedule4(cfg.games, cfg.rounds);
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    let id_names = names.iter().map(|n| shards.id_name(n)).collect();
    let mut games = Vec::new();
    for (file, doc) in &shards.docs {
        for g in doc.get("games").and_then(Json::as_array).unwrap_or_default() {
            games.push(finished4(g, &jobs, &names).ok_or_else(|| format!("-merge: {file}: a game is malformed"))?);
        }
    }
    games.sort_by_key(|g| g.job.number);
    let mut summary = Summary4::new(&names, id_names, jobs.len());
    for g in games {
        summary.record(g);
    }
    summary.stopped = shards.stopped();
    let numbers = summary.games.iter().map(|g| g.job.number).collect();
    shards.finish(req, out, &summary.table(), numbers, summary_json4(cfg, &summary))?;
    Ok(summary)
}
