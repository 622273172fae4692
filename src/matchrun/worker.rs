//! Workers: each thread owns one process per engine, takes games from the queue,
//! plays them (or scores a forfeit decided before the game) and reports back.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;

use crossbeam_channel::{Receiver, Sender};

use super::cli::{EngineConfig, MatchConfig};
use super::engine_proc::{EngineProc, IoLog};
use super::referee::{play_game, start_failure_outcome, GameReport, GameRules};
use super::tournament::{Job, JobStart};
use crate::rules::Side;

/// A game of the tournament with what it starts from.
#[derive(Clone, Debug)]
pub struct Scheduled {
    /// The game.
    pub job: Job,
    /// Its start.
    pub start: JobStart,
}

/// What a worker tells the tournament.
pub enum Msg {
    /// A game began.
    Started(Job),
    /// A game ended (or was cut off by a stop: `Termination::Unterminated`).
    Finished(Job, Box<GameReport>),
}

/// What every worker shares.
#[derive(Clone)]
pub struct Shared {
    /// The games, indexed by the queue's entries.
    pub games: Arc<Vec<Scheduled>>,
    /// The engines' settings.
    pub configs: Vec<Arc<EngineConfig>>,
    /// The `-debug` log.
    pub log: Option<Arc<IoLog>>,
    /// Set when the match stops.
    pub stop: Arc<AtomicBool>,
    /// Adjudication and move limits.
    pub cfg: Arc<MatchConfig>,
}

/// Start `count` workers over the queue of game indices; each reports on `tx`.
pub fn spawn(count: usize, shared: &Shared, queue: &Receiver<usize>, tx: &Sender<Msg>) -> Vec<thread::JoinHandle<()>> {
    (0..count)
        .map(|w| {
            let (shared, queue, tx) = (shared.clone(), queue.clone(), tx.clone());
            thread::spawn(move || work(w + 1, &shared, &queue, &tx))
        })
        .collect()
}

fn work(instance: usize, shared: &Shared, queue: &Receiver<usize>, tx: &Sender<Msg>) {
    let mut procs: Vec<Option<EngineProc>> = shared.configs.iter().map(|_| None).collect();
    while !shared.stop.load(Ordering::SeqCst) {
        let Ok(index) = queue.recv() else { break };
        let Scheduled { job, start } = &shared.games[index];
        let _ = tx.send(Msg::Started(*job));
        let report = match &start.forfeit {
            Some((outcome, crashed)) => GameReport::forfeit(outcome.clone(), *crashed),
            None => {
                let rules = GameRules {
                    start: start.pos,
                    start_nfen: &start.nfen,
                    maxmoves: shared.cfg.maxmoves,
                    draw: shared.cfg.draw,
                    resign: shared.cfg.resign,
                    stop: &shared.stop,
                };
                play_job(job, &rules, shared, &mut procs, instance)
            }
        };
        for (k, &p) in job.players.iter().enumerate() {
            if report.restart[k] {
                procs[p] = None;
            }
        }
        if tx.send(Msg::Finished(*job, Box::new(report))).is_err() {
            break;
        }
    }
    for p in procs.into_iter().flatten() {
        p.quit();
    }
}

/// Play one job with the worker's engine processes, starting (or restarting) them as needed.
fn play_job(
    job: &Job,
    rules: &GameRules,
    shared: &Shared,
    procs: &mut [Option<EngineProc>],
    instance: usize,
) -> GameReport {
    for (k, &p) in job.players.iter().enumerate() {
        if let Err(e) = EngineProc::ensure_running(&mut procs[p], &shared.configs[p], instance, &shared.log) {
            let side = Side::BOTH[k];
            let mut crashed = [false; 2];
            crashed[side.index()] = true;
            return GameReport::forfeit(start_failure_outcome(side, &e), crashed);
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

/// Two distinct engines of a worker's list, mutably, in the order asked.
pub fn two_mut<T>(items: &mut [T], a: usize, b: usize) -> (&mut T, &mut T) {
    if a < b {
        let (lo, hi) = items.split_at_mut(b);
        (&mut lo[a], &mut hi[0])
    } else {
        let (lo, hi) = items.split_at_mut(a);
        (&mut hi[0], &mut lo[b])
    }
}
