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
        if thread > 0 && depth > 1 && skips(thread, depth, w.game_ply()) {
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

/// Whether helper `thread` (1 and up) skips the iteration `depth` at `game_ply`. Helpers search in blocks of
/// `size` depths and skip every other block, each from its own phase, so that at any moment the threads are
/// spread over several depths: a helper a ply or two ahead of the main thread fills the shared table with the
/// deeper results the main thread's next iteration reads, and often finishes an iteration the main thread does
/// not (then it answers, `deeper_helper`). The phase also turns with the game's ply, so the same helper is not
/// always on the same parity. (Skipping every third depth kept the helper on the main thread's own iteration
/// most of the time, two threads doing the same work.)
fn skips(thread: usize, depth: i32, game_ply: usize) -> bool {
    // Block sizes grow with the thread number: 2 helpers of size 1, 4 of size 2, 6 of size 3, 8 of size 4, …
    let mut i = (thread - 1) % 20;
    let mut size = 1;
    while i >= 2 * size {
        i -= 2 * size;
        size += 1;
    }
    let phase = i as i32;
    ((depth + game_ply as i32 % 2 + phase) / size as i32) % 2 == 1
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

/// The helper whose answer to play instead of the main thread's: one that completed a deeper iteration (helpers
/// run ahead by skipping depths, so the clock often stops the main thread inside an iteration a helper has
/// finished), or one that proved a higher win. Among several, a proven win first, then the deepest. `None` when
/// the main thread's answer stands. (Stockfish's weighted vote was tried first: with two threads it let a
/// shallower helper's higher score overrule a deeper main thread, and scores of different depths do not compare.)
fn deeper_helper(main_depth: i32, main: &RootMove, helpers: Vec<ThreadBest>) -> Option<ThreadBest> {
    let win = |rm: &RootMove| (rm.score >= MATE_BOUND).then_some(rm.score);
    helpers
        .into_iter()
        .filter(|t| t.best.score > -INF)
        .filter(|t| t.depth > main_depth || win(&t.best) > win(main))
        .max_by_key(|t| (win(&t.best), t.depth))
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
    /// Takes the helper's answer, then is dropped (also if the helper panics), which is how the main thread
    /// knows it is done.
    done: Sender<ThreadBest>,
}

/// One thread's answer: its deepest completed iteration and the root move it ranks first.
struct ThreadBest {
    /// Last completed depth.
    depth: i32,
    /// Its best root move.
    best: RootMove,
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
        let depth = iterate(&mut w, &root, &task.cfg, task.thread, &mut |_| {});
        w.flush_nodes();
        let best = w.root_moves.swap_remove(0);
        let _ = task.done.send(ThreadBest { depth, best });
    }
}

/// Run one search on the main thread and `shared.threads - 1` helpers of
/// `pool`; returns the main worker's root moves (first the answer of a helper
/// that searched deeper, if any) and the nodes of all threads. The helpers are done when it returns.
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
    let (done_tx, done_rx) = unbounded::<ThreadBest>();
    if shared.threads > 1 {
        let (history, moves): (Arc<[Position]>, Arc<[Action]>) = (history.into(), moves.into());
        for t in 1..shared.threads {
            let task = Task {
                shared: shared.clone(),
                history: history.clone(),
                moves: moves.clone(),
                cfg: cfg.clone(),
                thread: t,
                done: done_tx.clone(),
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
    let helpers: Vec<ThreadBest> = done_rx.iter().collect();
    let multipv = cfg.multipv.clamp(1, w.root_moves.len());
    // With one line, a helper that searched deeper answers; with several lines (MultiPV, Skill Level) the main
    // thread's ranked list is the answer.
    if multipv == 1 {
        if let Some(chosen) = deeper_helper(depth, &w.root_moves[0], helpers) {
            let i = w
                .root_moves
                .iter()
                .position(|rm| rm.action == chosen.best.action)
                .expect("every thread searches the same root moves");
            w.root_moves[i] = chosen.best;
            w.root_moves[..=i].rotate_right(1);
            report(&w, chosen.depth.max(1), 1, info);
            return (std::mem::take(&mut w.root_moves), shared.nodes.load(Ordering::Relaxed));
        }
    }
    // An interrupted iteration may have changed the best move: report it.
    let best = &w.root_moves[0];
    if w.stopped && (best.score > -INF || best.prev_score > -INF) {
        report(&w, depth.max(1), multipv, info);
    }
    (std::mem::take(&mut w.root_moves), shared.nodes.load(Ordering::Relaxed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{parse_nfen, Catalogue};
    use crate::search::BENCH_POSITIONS;

    /// Two different root moves of a bench position, each with a score.
    fn two_moves(a: i32, b: i32) -> (RootMove, RootMove) {
        let pos = parse_nfen(BENCH_POSITIONS[0], Catalogue::builtin()).unwrap();
        let legal = pos.legal_actions();
        let mut moves = root_moves(&legal[..2]);
        moves[0].score = a;
        moves[1].score = b;
        let second = moves.pop().unwrap();
        (moves.pop().unwrap(), second)
    }

    fn answer(depth: i32, best: &RootMove) -> ThreadBest {
        ThreadBest {
            depth,
            best: best.clone(),
        }
    }

    #[test]
    fn a_helper_that_completed_a_deeper_iteration_answers() {
        let (main, helper) = two_moves(40, 10);
        let chosen = deeper_helper(8, &main, vec![answer(9, &helper)]).expect("the deeper helper answers");
        assert_eq!(chosen.best.action, helper.action);
        assert_eq!(chosen.depth, 9);
    }

    #[test]
    fn a_shallower_or_equal_helper_does_not_overrule_the_main_thread_whatever_its_score() {
        let (main, helper) = two_moves(10, 400);
        assert!(deeper_helper(8, &main, vec![answer(7, &helper)]).is_none());
        assert!(deeper_helper(8, &main, vec![answer(8, &helper)]).is_none());
    }

    #[test]
    fn a_proven_win_answers_at_any_depth_and_an_unfinished_helper_never_does() {
        let (main, won) = two_moves(100, MATE_BOUND + 10);
        let chosen = deeper_helper(8, &main, vec![answer(5, &won)]).expect("a proven win answers");
        assert_eq!(chosen.best.action, won.action);
        let (main, unfinished) = two_moves(100, -INF);
        assert!(deeper_helper(8, &main, vec![answer(12, &unfinished)]).is_none());
    }

    #[test]
    fn the_first_two_helpers_search_every_other_depth_on_opposite_parities_that_turn_with_the_game() {
        let searched = |thread, ply| (2..12).filter(|&d| !skips(thread, d, ply)).collect::<Vec<i32>>();
        assert_eq!(searched(1, 0), [2, 4, 6, 8, 10]);
        assert_eq!(searched(2, 0), [3, 5, 7, 9, 11]);
        assert_eq!(searched(1, 1), [3, 5, 7, 9, 11]);
        assert_eq!(searched(2, 7), [2, 4, 6, 8, 10]);
    }

    #[test]
    fn every_helper_skips_half_of_the_depths_in_blocks_of_its_size() {
        // Helpers 1–2 have blocks of 1, 3–6 of 2, 7–12 of 3, 13–20 of 4; then the pattern repeats.
        for (thread, size) in [
            (1, 1),
            (2, 1),
            (3, 2),
            (6, 2),
            (7, 3),
            (12, 3),
            (13, 4),
            (20, 4),
            (21, 1),
            (23, 2),
        ] {
            for ply in 0..4 {
                let skipped: Vec<bool> = (2..2 + 16 * size).map(|d| skips(thread, d, ply)).collect();
                assert_eq!(
                    skipped.iter().filter(|&&s| s).count(),
                    8 * size as usize,
                    "thread {thread}"
                );
                // Runs of searched or skipped depths between two changes are `size` long.
                let changes: Vec<usize> = (1..skipped.len()).filter(|&i| skipped[i] != skipped[i - 1]).collect();
                assert!(
                    changes.windows(2).all(|w| w[1] - w[0] == size as usize),
                    "thread {thread}"
                );
            }
        }
    }

    #[test]
    fn among_deeper_helpers_the_deepest_answers() {
        let (main, helper) = two_moves(0, 0);
        let chosen = deeper_helper(6, &main, vec![answer(7, &main), answer(9, &helper), answer(8, &main)]).unwrap();
        assert_eq!((chosen.depth, chosen.best.action), (9, helper.action));
    }
}
