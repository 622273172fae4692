//! Iterative deepening with aspiration windows, MultiPV, and Lazy SMP: helper
//! threads (a [`Pool`] that lives between searches) run the same loop on the
//! shared transposition table, and the threads vote on the answer ([`vote`]).

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
pub(super) fn iterate(w: &mut Worker, root: &Position, cfg: &IdConfig, info: &mut dyn FnMut(&Info)) -> i32 {
    let multipv = cfg.multipv.clamp(1, w.root_moves.len().max(1));
    let mut completed = 0;
    let mut last_best: Option<Action> = None;
    let mut stable_iterations = 0u32;
    let mut last_score = -INF;
    let mut depth = 1;
    while depth <= cfg.max_depth {
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

/// The thread whose answer to play: an index into `threads` (the main thread first, then the helpers). Every
/// helper searches every depth, as the main thread does (Stockfish's Lazy SMP), so the threads finish their
/// iterations at nearly the same depths, each with its own order and table hits; their answers are weighed by a
/// vote: each thread gives its best move (score − lowest score + 14) × its completed depth, and the move with
/// the most votes is played, as its deepest voter saw it. A proven win overrules the vote, the higher one first.
/// Threads that completed no iteration do not vote. (Helpers used to skip every other depth so that one was often
/// an iteration ahead, and answered only when deeper: two threads reached half a ply deeper at 50 ms a move but
/// scored about +20 Elo against one; with every depth and the vote, see BENCHMARKS.md, "Threads".)
fn vote(threads: &[ThreadBest]) -> usize {
    let voters: Vec<usize> = (0..threads.len()).filter(|&i| threads[i].best.score > -INF).collect();
    let Some(low) = voters.iter().map(|&i| threads[i].best.score).min() else {
        return 0;
    };
    let votes = |action: Action| -> i64 {
        voters
            .iter()
            .map(|&i| &threads[i])
            .filter(|t| t.best.action == action)
            .map(|t| i64::from(t.best.score - low + 14) * i64::from(t.depth.max(1)))
            .sum()
    };
    let mut chosen = voters[0];
    for &i in &voters[1..] {
        let (t, c) = (&threads[i], &threads[chosen]);
        let better = if c.best.score >= MATE_BOUND || t.best.score >= MATE_BOUND {
            t.best.score > c.best.score
        } else {
            let (vt, vc) = (votes(t.best.action), votes(c.best.action));
            vt > vc || (vt == vc && t.depth > c.depth)
        };
        if better {
            chosen = i;
        }
    }
    chosen
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
        .stack_size(super::SEARCH_STACK)
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
        let depth = iterate(&mut w, &root, &task.cfg, &mut |_| {});
        w.flush_nodes();
        let best = w.root_moves.swap_remove(0);
        let _ = task.done.send(ThreadBest { depth, best });
    }
}

/// Run one search on the main thread and `shared.threads - 1` helpers of
/// `pool`; returns the main worker's root moves (first the move the threads
/// voted for, if a helper's) and the nodes of all threads. The helpers are done when it returns.
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
    let depth = iterate(&mut w, &root, cfg, info);
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
    // With one line, the threads vote (a helper's move may win); with several lines (MultiPV, Skill Level) the
    // main thread's ranked list is the answer.
    if multipv == 1 && !helpers.is_empty() {
        let mut threads = vec![ThreadBest {
            depth,
            best: w.root_moves[0].clone(),
        }];
        threads.extend(helpers);
        let chosen = vote(&threads);
        if threads[chosen].best.action != w.root_moves[0].action {
            let chosen = threads.swap_remove(chosen);
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
    fn the_move_with_most_votes_is_played_as_its_deepest_voter_saw_it() {
        let (a, b) = two_moves(40, 10);
        // Alone, the main thread answers.
        assert_eq!(vote(&[answer(8, &a)]), 0);
        // One vote each: the higher score weighs more ((40 - 10 + 14) * 8 against 14 * 8).
        assert_eq!(vote(&[answer(8, &a), answer(8, &b)]), 0);
        // Two helpers on b outvote the main thread on a: 2 * 14 * 9 = 252 against 44 * 5 = 220.
        let threads = [answer(5, &a), answer(9, &b), answer(9, &b)];
        assert_eq!(vote(&threads), 1);
        // Among voters for the same move, the deepest answers.
        let threads = [answer(5, &a), answer(9, &b), answer(10, &b)];
        assert_eq!(vote(&threads), 2);
    }

    #[test]
    fn a_deeper_score_counts_more_but_does_not_overrule_a_clearly_better_one() {
        let (a, b) = two_moves(10, 60);
        // b's helper at depth 6: (50 + 14) * 6 = 384 beats a's main thread at depth 12: 14 * 12 = 168.
        assert_eq!(vote(&[answer(12, &a), answer(6, &b)]), 1);
        // With equal scores the deeper thread's move wins.
        let (a, b) = two_moves(30, 30);
        assert_eq!(vote(&[answer(7, &a), answer(9, &b)]), 1);
        assert_eq!(vote(&[answer(9, &a), answer(7, &b)]), 0);
    }

    #[test]
    fn a_proven_win_overrules_the_vote_and_a_thread_without_an_iteration_never_votes() {
        let (main, won) = two_moves(100, MATE_BOUND + 10);
        let threads = [answer(9, &main), answer(3, &won), answer(9, &main)];
        assert_eq!(vote(&threads), 1);
        // The higher (shorter) win first.
        let (short, long) = two_moves(MATE_BOUND + 20, MATE_BOUND + 10);
        assert_eq!(vote(&[answer(4, &long), answer(2, &short)]), 1);
        assert_eq!(vote(&[answer(4, &short), answer(8, &long)]), 0);
        let (main, unfinished) = two_moves(100, -INF);
        assert_eq!(
            vote(&[answer(8, &main), answer(12, &unfinished), answer(12, &unfinished)]),
            0
        );
    }
}
