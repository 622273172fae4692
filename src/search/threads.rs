//! Iterative deepening with aspiration windows, MultiPV, and Lazy SMP: helper
//! threads (a [`Pool`] that lives between searches) run the same loop on the
//! shared transposition table.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

use crossbeam_channel::{unbounded, Receiver, SendError, Sender};

use crate::rules::{Action, Position};

use super::alphabeta::{RootMove, Shared, Worker, MAX_PLY};
use super::score::{is_mate, to_score, INF, MATE_BOUND};
use super::{Bound, Info, Signals};

/// What one iterative-deepening run may do.
#[derive(Clone, Debug)]
pub(super) struct IdConfig {
    /// Last iteration.
    pub max_depth: i32,
    /// Lines to search fully at the root.
    pub multipv: usize,
    /// `go mate N`: stop once a win in N moves or fewer is proven.
    pub mate: Option<u32>,
}

/// The deepest iteration a search may start.
pub(super) const MAX_DEPTH: i32 = (MAX_PLY as i32) - 16;

/// Root moves for a list of actions, in the given order.
pub(super) fn root_moves(actions: &[Action]) -> Vec<RootMove> {
    actions
        .iter()
        .map(|&action| RootMove {
            action,
            score: -INF,
            prev_score: -INF,
            bound: Bound::Upper,
            pv: vec![action],
            seldepth: 0,
        })
        .collect()
}

/// Run iterative deepening on `w` from `root`; the main thread reports
/// through `info`. Returns the last completed depth.
pub(super) fn iterate(
    w: &mut Worker,
    root: &Position,
    cfg: &IdConfig,
    thread: usize,
    info: &mut dyn FnMut(&Info),
) -> i32 {
    let multipv = cfg.multipv.clamp(1, w.root_moves.len().max(1));
    let mut completed = 0;
    let mut last_best: Option<Action> = None;
    let mut stable_iterations = 0u32;
    let mut last_score = -INF;
    let mut depth = 1;
    while depth <= cfg.max_depth {
        // Helpers skip some depths so the threads spread over the tree.
        if thread > 0 && depth > 1 && (depth as usize + thread).is_multiple_of(3) {
            depth += 1;
            continue;
        }
        for rm in w.root_moves.iter_mut() {
            rm.prev_score = rm.score;
        }
        for pv_index in 0..multipv {
            aspiration(w, root, depth, pv_index);
            w.root_moves[..=pv_index].sort_by_key(|m| std::cmp::Reverse(m.score));
            if w.main && !w.stopped {
                report(w, depth, multipv, info);
            }
        }
        if w.stopped {
            break;
        }
        completed = depth;
        if !w.main {
            depth += 1;
            continue;
        }
        let best = &w.root_moves[0];
        if let Some(n) = cfg.mate {
            if best.score >= MATE_BOUND
                && matches!(to_score(best.score), super::Score::Mate(m) if u32::try_from(m).is_ok_and(|m| m <= n))
            {
                break;
            }
        }
        // A proven result does not change with depth.
        if is_mate(best.score) && depth >= 2 * (super::score::MATE - best.score.abs()) + 2 {
            break;
        }
        if last_best == Some(best.action) {
            stable_iterations += 1;
        } else {
            stable_iterations = 0;
        }
        last_best = Some(best.action);
        let drop = if last_score > -INF {
            (last_score - best.score).max(0)
        } else {
            0
        };
        last_score = best.score;
        let single = w.root_moves.len() == 1;
        if w.tm
            .as_ref()
            .is_some_and(|tm| !tm.may_start_iteration(stable_iterations, drop, single))
        {
            break;
        }
        depth += 1;
    }
    completed
}

/// Search the root move `pv_index` on, at `depth`, in an aspiration window
/// around its last score that widens until the score falls inside it.
fn aspiration(w: &mut Worker, root: &Position, depth: i32, pv_index: usize) {
    let p = *w.params();
    let prev = w.root_moves[pv_index].prev_score;
    let mut delta = p.asp_delta;
    let (mut alpha, mut beta) = if depth >= p.asp_min_depth && prev > -INF && !is_mate(prev) {
        (prev - delta, prev + delta)
    } else {
        (-INF, INF)
    };
    loop {
        let score = w.root_search(root, depth, alpha, beta, pv_index);
        w.root_moves[pv_index..].sort_by_key(|m| std::cmp::Reverse(m.score));
        if w.stopped {
            break;
        }
        if score <= alpha {
            beta = (alpha + beta) / 2;
            alpha = (score - delta).max(-INF);
        } else if score >= beta {
            beta = (score + delta).min(INF);
        } else {
            break;
        }
        delta += delta * p.asp_growth_pct / 100;
        if delta > p.asp_full_window {
            alpha = -INF;
            beta = INF;
        }
    }
}

/// Send one `Info` per MultiPV line.
pub(super) fn report(w: &Worker, depth: i32, multipv: usize, info: &mut dyn FnMut(&Info)) {
    let nodes = w.total_nodes();
    let time = match w.tm.as_ref() {
        Some(tm) => tm.elapsed().max(w.started.elapsed()),
        None => w.started.elapsed(),
    };
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64;
    let hashfull = w.hashfull();
    for (i, rm) in w.root_moves.iter().take(multipv).enumerate() {
        let updated = rm.score > -INF;
        let score = if updated { rm.score } else { rm.prev_score };
        if score <= -INF {
            continue;
        }
        info(&Info {
            depth: if updated {
                depth as u32
            } else {
                (depth - 1).max(1) as u32
            },
            seldepth: rm.seldepth.max(1) as u32,
            multipv: i as u32 + 1,
            score: to_score(score),
            bound: if updated { rm.bound } else { Bound::Exact },
            nodes,
            nps,
            hashfull,
            time,
            pv: rm.pv.clone(),
        });
    }
}

/// The helper threads of Lazy SMP. They live from one search to the next,
/// each parked on its channel, so a `go` spawns nothing and a large `Threads`
/// costs nothing between searches.
#[derive(Default)]
pub(super) struct Pool {
    helpers: Vec<Sender<Task>>,
}

/// One helper's share of a search.
struct Task {
    shared: Arc<Shared>,
    history: Arc<[Position]>,
    moves: Arc<[Action]>,
    cfg: IdConfig,
    thread: usize,
    /// Dropped when the helper is done (also if it panics), which is how the main thread knows.
    _done: Sender<()>,
}

impl Pool {
    /// Start `task` on helper `i`, starting the helper first if it is not running.
    fn start(&mut self, i: usize, task: Task) {
        while self.helpers.len() <= i {
            self.helpers.push(spawn_helper(self.helpers.len()));
        }
        // A helper that died (a bug made it panic) is replaced.
        if let Err(SendError(task)) = self.helpers[i].send(task) {
            self.helpers[i] = spawn_helper(i);
            let _ = self.helpers[i].send(task);
        }
    }
}

/// Start helper thread `i` (0-based), parked until it is sent a task.
fn spawn_helper(i: usize) -> Sender<Task> {
    let (tx, rx) = unbounded::<Task>();
    std::thread::Builder::new()
        .name(format!("search-{}", i + 1))
        .spawn(move || helper(rx))
        .expect("cannot start a search thread");
    tx
}

/// A helper thread: search each task it is given until its pool is dropped.
fn helper(tasks: Receiver<Task>) {
    for task in tasks {
        let root = *task.history.last().expect("a game has a position");
        let mut w = Worker::new(&task.shared, &task.history, None);
        w.root_moves = root_moves(&task.moves);
        iterate(&mut w, &root, &task.cfg, task.thread, &mut |_| {});
        w.flush_nodes();
    }
}

/// Run one search on the main thread and `shared.threads - 1` helpers of
/// `pool`; returns the main worker's root moves and the nodes of all threads.
/// The helpers are done when it returns.
#[allow(clippy::too_many_arguments)]
pub(super) fn run(
    shared: &Arc<Shared>,
    pool: &mut Pool,
    signals: &Signals,
    history: &[Position],
    moves: &[Action],
    cfg: &IdConfig,
    tm: super::time::TimeManager,
    wait_for_stop: &dyn Fn() -> bool,
    info: &mut dyn FnMut(&Info),
) -> (Vec<RootMove>, u64) {
    let root = *history.last().expect("a game has a position");
    let started = Instant::now();
    let (done_tx, done_rx) = unbounded::<()>();
    if shared.threads > 1 {
        let (history, moves): (Arc<[Position]>, Arc<[Action]>) = (history.into(), moves.into());
        for t in 1..shared.threads {
            let task = Task {
                shared: shared.clone(),
                history: history.clone(),
                moves: moves.clone(),
                cfg: cfg.clone(),
                thread: t,
                _done: done_tx.clone(),
            };
            pool.start(t - 1, task);
        }
    }
    drop(done_tx);
    let mut w = Worker::new(shared, history, Some(signals));
    w.started = started;
    w.tm = Some(tm);
    w.root_moves = root_moves(moves);
    let depth = iterate(&mut w, &root, cfg, 0, info);
    // `go infinite` and pondering: no answer before `stop` (or `ponderhit`).
    while wait_for_stop() {
        w.poll();
        if signals.stop.load(Ordering::Relaxed) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    shared.stop.store(true, Ordering::Relaxed);
    w.flush_nodes();
    // Every task holds a sender: the channel disconnects when the last helper is done.
    let _ = done_rx.recv();
    // An interrupted iteration may have changed the best move: report it.
    let best = &w.root_moves[0];
    if w.stopped && (best.score > -INF || best.prev_score > -INF) {
        let multipv = cfg.multipv.clamp(1, w.root_moves.len());
        report(&w, depth.max(1), multipv, info);
    }
    (std::mem::take(&mut w.root_moves), shared.nodes.load(Ordering::Relaxed))
}
