//! Workers: each thread owns one process per engine, takes games from the queue and
//! plays them at a [`Table`], which knows the game (two-player or four-player) and
//! reports back. [`run_games`] is the whole loop of a run: queue, workers, messages.

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

/// What a worker tells the tournament about the game at an index of the table.
pub enum Msg<R> {
    /// A game began.
    Started(usize),
    /// A game ended (or was cut off by a stop).
    Finished(usize, Box<R>),
}

/// The games of a run and how one is played: the two-player [`Duel`] or the four-player table.
pub trait Table: Send + Sync + 'static {
    /// What a played game reports.
    type Report: Send + 'static;
    /// How many games.
    fn count(&self) -> usize;
    /// Play game `index` with the worker's engine processes (started or restarted as
    /// needed), and drop the processes that must be restarted before their next game.
    fn play(&self, index: usize, procs: &mut [Option<EngineProc>], instance: usize) -> Self::Report;
}

/// Play every game of `table` on `concurrency` workers sharing the engines `configs`;
/// `on_msg` sees each message on the calling thread, in arrival order. Setting `stop`
/// lets the workers finish their games and quit.
pub fn run_games<T: Table>(
    table: Arc<T>,
    configs: &[Arc<EngineConfig>],
    concurrency: usize,
    stop: &Arc<AtomicBool>,
    mut on_msg: impl FnMut(Msg<T::Report>),
) {
    let (queue_tx, queue) = crossbeam_channel::unbounded::<usize>();
    for i in 0..table.count() {
        queue_tx.send(i).expect("the job queue is open");
    }
    drop(queue_tx);
    let (tx, rx) = crossbeam_channel::unbounded::<Msg<T::Report>>();
    let workers: Vec<_> = (0..concurrency.min(table.count()).max(1))
        .map(|w| {
            let (table, queue, tx, stop) = (table.clone(), queue.clone(), tx.clone(), stop.clone());
            let configs = configs.len();
            thread::spawn(move || work(w + 1, &*table, configs, &stop, &queue, &tx))
        })
        .collect();
    drop(tx);
    for msg in rx.iter() {
        on_msg(msg);
    }
    for w in workers {
        let _ = w.join();
    }
}

fn work<T: Table>(
    instance: usize,
    table: &T,
    engines: usize,
    stop: &AtomicBool,
    queue: &Receiver<usize>,
    tx: &Sender<Msg<T::Report>>,
) {
    let mut procs: Vec<Option<EngineProc>> = (0..engines).map(|_| None).collect();
    while !stop.load(Ordering::SeqCst) {
        let Ok(index) = queue.recv() else { break };
        let _ = tx.send(Msg::Started(index));
        let report = table.play(index, &mut procs, instance);
        if tx.send(Msg::Finished(index, Box::new(report))).is_err() {
            break;
        }
    }
    for p in procs.into_iter().flatten() {
        p.quit();
    }
}

/// The two-player table: the scheduled games, the engines and the match settings.
pub struct Duel {
    /// The games, indexed by the queue's entries.
    pub games: Vec<Scheduled>,
    /// The engines' settings.
    pub configs: Vec<Arc<EngineConfig>>,
    /// The `-debug` log.
    pub log: Option<Arc<IoLog>>,
    /// Set when the match stops.
    pub stop: Arc<AtomicBool>,
    /// Adjudication and move limits.
    pub cfg: Arc<MatchConfig>,
}

impl Table for Duel {
    type Report = GameReport;

    fn count(&self) -> usize {
        self.games.len()
    }

    fn play(&self, index: usize, procs: &mut [Option<EngineProc>], instance: usize) -> GameReport {
        let Scheduled { job, start } = &self.games[index];
        let report = match &start.forfeit {
            Some((outcome, crashed)) => GameReport::forfeit(outcome.clone(), *crashed),
            None => {
                let rules = GameRules {
                    start: start.pos,
                    start_nfen: &start.nfen,
                    maxmoves: self.cfg.maxmoves,
                    draw: self.cfg.draw,
                    resign: self.cfg.resign,
                    stop: &self.stop,
                };
                self.play_job(job, &rules, procs, instance)
            }
        };
        for (k, &p) in job.players.iter().enumerate() {
            if report.restart[k] {
                procs[p] = None;
            }
        }
        report
    }
}

impl Duel {
    /// Play one job with the worker's engine processes, starting (or restarting) them as needed.
    fn play_job(&self, job: &Job, rules: &GameRules, procs: &mut [Option<EngineProc>], instance: usize) -> GameReport {
        for (k, &p) in job.players.iter().enumerate() {
            if let Err(e) = EngineProc::ensure_running(&mut procs[p], &self.configs[p], instance, &self.log) {
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
