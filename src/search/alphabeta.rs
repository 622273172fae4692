//! The search proper: principal-variation alpha-beta with a transposition
//! table, null-move pruning, late-move reductions and a quiescence search,
//! run by one `Worker` per thread.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::rules::constants::NAVIA_DRATP_COST;
use crate::rules::movegen::ReachMap;
use crate::rules::{Action, ActionKind, Position, Side};

use super::eval::{evaluate, victim_value, Weights};
use super::movelist::MoveList;
use super::ordering::{
    capture_order, history_slot, is_capture, quick_win, score_action, searched_as_tactical, update_history,
    HISTORY_SLOTS, LINE_OVER_ORDER, TT_MOVE,
};
use super::params::SearchParams;
use super::score::{is_mate, lost_at, won_at, INF};
use super::time::TimeManager;
use super::tt::{Tt, TtHit};
use super::{Bound, Signals};

/// Deepest ply the search goes (iterations, extensions and quiescence included).
pub(super) const MAX_PLY: usize = 96;
/// The main thread reads the clock when its node count is a multiple of this plus one.
const CLOCK_MASK: u64 = 7;

/// State shared by all threads of one search.
pub(super) struct Shared {
    /// The transposition table.
    pub tt: Arc<Tt>,
    /// Set when every thread must return.
    pub stop: AtomicBool,
    /// Nodes of all threads, flushed now and then.
    pub nodes: AtomicU64,
    /// `go nodes`: the budget.
    pub node_limit: Option<u64>,
    /// Threads searching.
    pub threads: usize,
    /// Use the transposition table (turned off only by tests that compare).
    pub use_tt: bool,
    /// Evaluation weights.
    pub weights: Weights,
    /// Margins, reductions and limits.
    pub params: SearchParams,
}

/// One root action with its latest score and line.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    /// The action.
    pub action: Action,
    /// Score from the last search of it (−INF when it failed low).
    pub score: i32,
    /// Score from the iteration before.
    pub prev_score: i32,
    /// Bound kind of `score`.
    pub bound: Bound,
    /// The line, starting with `action`.
    pub pv: Vec<Action>,
    /// Deepest ply reached under it.
    pub seldepth: usize,
}

/// Per-thread search state.
pub(super) struct Worker<'a> {
    shared: &'a Shared,
    /// The protocol's signals, which only the main thread reads.
    signals: Option<&'a Signals>,
    /// Main thread: polls the signals and the clock.
    pub main: bool,
    /// The clock (main thread only).
    pub tm: Option<TimeManager>,
    /// Nodes searched by this thread.
    pub nodes: u64,
    flushed: u64,
    /// Whether this thread has seen the stop.
    pub stopped: bool,
    /// Keys of every position from the game's start to the current node.
    keys: Vec<u64>,
    /// Whether the side to move was in check at each of those positions (R26).
    checked: Vec<bool>,
    /// The reach map of the node at each ply, made once when the node is entered.
    maps: Vec<ReachMap>,
    /// Index in `keys` of the root.
    root_index: usize,
    /// Repetitions are not looked for before this index (the last null move).
    rep_floor: usize,
    history: Vec<i16>,
    killers: Vec<[Option<Action>; 2]>,
    pv: Vec<Vec<Action>>,
    /// Per ply: the move list, and the quiet actions tried (for history), kept to avoid allocation.
    lists: Vec<MoveList>,
    quiets: Vec<Vec<Action>>,
    /// Deepest ply reached in this iteration.
    pub seldepth: usize,
    /// Depth of the current iteration.
    root_depth: i32,
    /// Root actions, best first after each iteration.
    pub root_moves: Vec<RootMove>,
    /// When the search started (for nps).
    pub started: Instant,
}

impl<'a> Worker<'a> {
    /// A worker for the game whose positions are `history` (root last); the main
    /// thread's worker is the one given the protocol's `signals`.
    pub(super) fn new(shared: &'a Shared, history: &[Position], signals: Option<&'a Signals>) -> Worker<'a> {
        let keys: Vec<u64> = history.iter().map(|p| p.key()).collect();
        let checked = history.iter().map(|p| p.in_check(p.side_to_move())).collect();
        let root_index = keys.len() - 1;
        Worker {
            shared,
            signals,
            main: signals.is_some(),
            tm: None,
            nodes: 0,
            flushed: 0,
            stopped: false,
            keys,
            checked,
            maps: vec![history[root_index].reach_map(); MAX_PLY + 2],
            root_index,
            rep_floor: 0,
            history: vec![0; 2 * HISTORY_SLOTS],
            killers: vec![[None; 2]; MAX_PLY + 2],
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
            lists: (0..MAX_PLY + 2).map(|_| MoveList::default()).collect(),
            quiets: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(64)).collect(),
            seldepth: 0,
            root_depth: 1,
            root_moves: Vec::new(),
            started: Instant::now(),
        }
    }

    /// Nodes of all threads.
    pub(super) fn total_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed) + (self.nodes - self.flushed)
    }

    /// Count a node; the main thread reads `stop` at every node (a relaxed load
    /// costs nothing next to a node) and the clock every few nodes, since in a
    /// wide position one node can take a tenth of a millisecond.
    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.main {
            if let Some(limit) = self.shared.node_limit {
                let total = if self.shared.threads == 1 {
                    self.nodes
                } else {
                    self.total_nodes()
                };
                if total >= limit {
                    self.shared.stop.store(true, Ordering::Relaxed);
                }
            }
            if self.nodes & CLOCK_MASK == 0 || self.signals.is_some_and(|s| s.stop.load(Ordering::Relaxed)) {
                self.poll();
            }
        }
        if self.nodes & 1023 == 0 {
            self.shared
                .nodes
                .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
            self.flushed = self.nodes;
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
    }

    /// Inside a long stretch of work within one node: look at the signals and the
    /// clock (main thread) and say whether the search must return.
    fn interrupted(&mut self) -> bool {
        if self.main {
            self.poll();
        }
        self.stopped |= self.shared.stop.load(Ordering::Relaxed);
        self.stopped
    }

    /// Main thread: act on `stop`, `ponderhit` and the clock.
    pub(super) fn poll(&mut self) {
        let Some(sig) = self.signals else { return };
        if sig.stop.load(Ordering::Relaxed) {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        if let Some(tm) = self.tm.as_mut() {
            if tm.pondering() && sig.ponderhit.load(Ordering::Relaxed) {
                tm.ponderhit();
            }
            if tm.out_of_time() {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// The search parameters.
    pub(super) fn params(&self) -> &SearchParams {
        &self.shared.params
    }

    /// Transposition-table fill, per mille.
    pub(super) fn hashfull(&self) -> u32 {
        self.shared.tt.hashfull()
    }

    /// Flush the node count to the shared total.
    pub(super) fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// Enter the node `child` at `ply`: its key, its reach map and whether its side to move is in check.
    fn push(&mut self, child: &Position, ply: usize) {
        let map = child.reach_map();
        self.keys.push(child.key());
        self.checked.push(map.in_check(child, child.side_to_move()));
        self.maps[ply] = map;
    }

    /// Play `a` in `pos` and enter the child at `ply`, counting it as a node.
    fn play(&mut self, pos: &Position, a: &Action, ply: usize) -> Position {
        let child = pos.play(a);
        self.push(&child, ply);
        self.tick();
        child
    }

    /// `push` for a null move: a pass changes no piece's reach, so the map is copied.
    fn push_pass(&mut self, child: &Position, ply: usize) {
        let map = self.maps[ply - 1];
        self.keys.push(child.key());
        self.checked.push(map.in_check(child, child.side_to_move()));
        self.maps[ply] = map;
    }

    fn pop(&mut self) {
        self.keys.pop();
        self.checked.pop();
    }

    /// R26 for the node just pushed: `Some(score)` if its position repeats one
    /// of the game or of the line. A repetition inside the line is scored as
    /// the third occurrence it leads to (the players can repeat the cycle);
    /// one with the game's history counts only when it is the real third.
    fn repetition(&self, ply: usize) -> Option<i32> {
        let n = self.keys.len() - 1;
        let key = self.keys[n];
        let mut i = n;
        let mut first = None;
        let mut seen = 1;
        while i >= 2 && i - 2 >= self.rep_floor {
            i -= 2;
            if self.keys[i] == key {
                seen += 1;
                if i >= self.root_index || seen >= 3 {
                    first = Some(i);
                    break;
                }
            }
        }
        let first = first?;
        // Who was in check at every own turn from the first occurrence on.
        let mover_always = (first..=n).rev().step_by(2).all(|j| self.checked[j]);
        let other_always = first < n && (first + 1..n).rev().step_by(2).all(|j| self.checked[j]);
        Some(match (mover_always, other_always) {
            (true, false) => won_at(ply),
            (false, true) => lost_at(ply),
            _ => 0,
        })
    }

    /// The score of a node whose side to move wins at once; on PV nodes the
    /// winning action ends the principal variation (found by generating).
    fn win_now(&mut self, pos: &Position, ply: usize, pv_node: bool) -> i32 {
        if pv_node {
            let mut list = std::mem::take(&mut self.lists[ply]);
            list.generate(pos, &self.maps[ply]);
            self.listed_win(pos, &mut list, ply);
            self.lists[ply] = list;
        }
        won_at(ply + 1)
    }

    /// If an action of the generated `list` wins at once, it becomes the whole line of `ply` and the node's
    /// score is returned.
    fn listed_win(&mut self, pos: &Position, list: &mut MoveList, ply: usize) -> Option<i32> {
        let a = list.first_win(pos, &mut || self.interrupted())?;
        self.pv[ply].clear();
        self.pv[ply].push(a);
        Some(won_at(ply + 1))
    }

    /// Search one iteration at the root: every root move from `pv_index` on,
    /// with the window (alpha, beta). Updates `root_moves` and returns the best score.
    pub(super) fn root_search(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        pv_index: usize,
    ) -> i32 {
        let mut best = -INF;
        self.seldepth = 0;
        self.root_depth = depth;
        self.pv[0].clear();
        for i in pv_index..self.root_moves.len() {
            let a = self.root_moves[i].action;
            let child = self.play(pos, &a, 1);
            let ext = i32::from(self.checked[self.keys.len() - 1]);
            let score = if i == pv_index {
                -self.search(&child, depth - 1 + ext, -beta, -alpha, 1, false, true)
            } else {
                self.search_late(&child, depth - 1 + ext, 0, alpha, beta, 0, true, false)
            };
            self.pop();
            if self.stopped {
                break;
            }
            let rm = &mut self.root_moves[i];
            if i == pv_index || score > alpha {
                rm.score = score;
                rm.seldepth = self.seldepth;
                rm.bound = Bound::of(score, alpha, beta);
                rm.pv.clear();
                rm.pv.push(a);
                rm.pv.extend_from_slice(&self.pv[1]);
            } else {
                rm.score = -INF;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Alpha-beta search of a node at `ply` > 0 whose position is the last pushed.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
        allow_null: bool,
    ) -> i32 {
        if let Some(score) = self.enter(pos, ply) {
            return score;
        }
        if let Some(s) = self.repetition(ply) {
            return s;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos, &self.maps[ply], &self.shared.weights);
        }
        // Mate distance pruning.
        alpha = alpha.max(lost_at(ply));
        beta = beta.min(won_at(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        // The special wins come before any pruning.
        let quick = quick_win(pos, &self.maps[ply]);
        if quick == Some(true) {
            return self.win_now(pos, ply, beta - alpha > 1);
        }
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let hit = if self.shared.use_tt {
            self.shared.tt.probe(key, ply)
        } else {
            None
        };
        if let Some(h) = hit.filter(|h| !pv_node && h.cuts(depth, alpha, beta)) {
            return h.score;
        }

        let mut list = std::mem::take(&mut self.lists[ply]);
        list.generate(pos, &self.maps[ply]);
        let win = quick.is_none().then(|| self.listed_win(pos, &mut list, ply)).flatten();
        let result = match win {
            Some(score) => score,
            None => self.search_list(pos, &mut list, depth, alpha, beta, ply, cut_node, allow_null, hit),
        };
        self.lists[ply] = list;
        result
    }

    /// The move loop of `search`, with the node's actions generated into `list`: static pruning (RFP, NMP),
    /// then each action in order, late quiet ones pruned (LMP) or reduced (LMR), and the result stored.
    /// About 100 lines on purpose: the loop shares alpha, the best score, the killers and the quiets tried,
    /// and the hottest loop of the search should not pass them to helpers by reference.
    #[allow(clippy::too_many_arguments)]
    fn search_list(
        &mut self,
        pos: &Position,
        list: &mut MoveList,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
        allow_null: bool,
        hit: Option<TtHit>,
    ) -> i32 {
        let us = pos.side_to_move();
        // R27: no legal action loses.
        if list.is_empty() {
            return lost_at(ply);
        }
        let p = &self.shared.params;
        let pv_node = beta - alpha > 1;
        let in_check = self.checked[self.keys.len() - 1];
        let danger = in_check || threat(pos);
        let eval = evaluate(pos, &self.maps[ply], &self.shared.weights);

        // RFP: far above beta with nothing hanging over the Navia.
        if !pv_node && !danger && depth <= p.rfp_max_depth && !is_mate(beta) && eval - p.rfp_margin * depth >= beta {
            return eval;
        }
        if !pv_node && !danger && allow_null && depth >= p.nmp_min_depth && eval >= beta && !is_mate(beta) {
            if let Some(score) = self.null_move(pos, depth, beta, ply, cut_node) {
                return score;
            }
        }

        let killers = self.killers[ply];
        self.order(pos, list, &killers, hit);
        let mut quiets_tried = std::mem::take(&mut self.quiets[ply]);
        quiets_tried.clear();

        let alpha_orig = alpha;
        let mut best = -INF;
        let mut best_ref: Option<(u16, u16)> = None;
        let mut searched = 0usize;
        let mut n = 0;
        loop {
            let mut score = |a: &Action, head: bool| score_action(pos, a, head, &killers, self.side_history(us));
            let Some(e) = list.pick(pos, n, &mut score) else { break };
            n += 1;
            let a = e.action;
            let tactical = searched_as_tactical(pos, &a);
            let quiet_late = !danger && !tactical && searched > 0;
            if quiet_late && !pv_node && self.late_move_pruned(depth, searched) {
                continue;
            }
            let child = self.play(pos, &a, ply + 1);
            let gives_check = self.checked[self.keys.len() - 1];
            // Check extension, bounded so chains of checks cannot run away.
            let ext = i32::from(gives_check && (ply as i32) < p.check_extension_depths * self.root_depth);
            let new_depth = depth - 1 + ext;
            let score = if searched == 0 {
                -self.search(&child, new_depth, -beta, -alpha, ply + 1, !pv_node && !cut_node, true)
            } else {
                let r = if quiet_late && !gives_check {
                    self.late_move_reduction(depth, new_depth, searched, pv_node, killers.contains(&Some(a)))
                } else {
                    0
                };
                self.search_late(&child, new_depth, r, alpha, beta, ply, pv_node, cut_node)
            };
            self.pop();
            if self.stopped {
                self.quiets[ply] = quiets_tried;
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_ref = Some((e.item, e.option));
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, a);
                    if score >= beta {
                        if !tactical {
                            self.reward_quiet(us, ply, depth, &a, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried.push(a);
            }
        }
        self.quiets[ply] = quiets_tried;
        if searched == 0 {
            // Everything was pruned: fall back on the static score.
            return eval.min(beta);
        }
        if self.shared.use_tt {
            self.store(pos, ply, depth, best, Bound::of(best, alpha_orig, beta), best_ref);
        }
        best
    }

    /// Give every entry of `list` its ordering score, the hash move of `hit` first.
    fn order(&self, pos: &Position, list: &mut MoveList, killers: &[Option<Action>; 2], hit: Option<TtHit>) {
        let history = self.side_history(pos.side_to_move());
        let mut score = |a: &Action, head: bool| score_action(pos, a, head, killers, history);
        list.score_all(&mut score);
        if let Some(tt) = hit.and_then(|h| h.action) {
            list.mark_tt(pos, tt, TT_MOVE, &mut score);
        }
    }

    /// Store a node's result; an action whose place does not fit 16 bits is stored without it.
    fn store(&self, pos: &Position, ply: usize, depth: i32, best: i32, bound: Bound, best_ref: Option<(u16, u16)>) {
        let stored = best_ref.filter(|&(item, option)| item != u16::MAX && option != u16::MAX);
        self.shared.tt.store(pos.key(), ply, best, depth, bound, stored);
    }

    /// NMP at a node whose evaluation is at least beta: pass, and search the reply reduced with a null window.
    /// `Some` score when the node fails high anyway (or the search stopped).
    fn null_move(&mut self, pos: &Position, depth: i32, beta: i32, ply: usize, cut_node: bool) -> Option<i32> {
        let p = &self.shared.params;
        let r = p.nmp_reduction + depth / p.nmp_depth_divisor;
        let np = pos.pass();
        self.push_pass(&np, ply + 1);
        let floor = std::mem::replace(&mut self.rep_floor, self.keys.len() - 1);
        self.tick();
        let s = -self.search(&np, depth - 1 - r, -beta, -beta + 1, ply + 1, !cut_node, false);
        self.rep_floor = floor;
        self.pop();
        if self.stopped {
            return Some(0);
        }
        (s >= beta).then_some(if is_mate(s) { beta } else { s })
    }

    /// LMP: whether a late quiet action at a non-PV node is skipped, `searched` actions in.
    fn late_move_pruned(&self, depth: i32, searched: usize) -> bool {
        let p = &self.shared.params;
        depth <= p.lmp_max_depth && searched >= (p.lmp_base + p.lmp_per_depth_sq * depth * depth) as usize
    }

    /// LMR: plies off `new_depth` for a late quiet action that gives no check, `searched` actions in.
    fn late_move_reduction(&self, depth: i32, new_depth: i32, searched: usize, pv_node: bool, killer: bool) -> i32 {
        let p = &self.shared.params;
        if depth < p.lmr_min_depth || searched < p.lmr_min_moves as usize {
            return 0;
        }
        let mut r = p.lmr(depth, searched);
        if !pv_node {
            r += p.lmr_non_pv;
        }
        if killer {
            r -= p.lmr_killer;
        }
        r.clamp(0, new_depth - 1)
    }

    /// Any action but the first: a null-window search reduced by `r`, again at full depth if it beats alpha,
    /// then with the full window on PV nodes if the score lands inside it.
    #[allow(clippy::too_many_arguments)]
    fn search_late(
        &mut self,
        child: &Position,
        new_depth: i32,
        r: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        let mut s = -self.search(child, new_depth - r, -alpha - 1, -alpha, ply + 1, true, true);
        if s > alpha && r > 0 && !self.stopped {
            s = -self.search(child, new_depth, -alpha - 1, -alpha, ply + 1, !cut_node, true);
        }
        if s > alpha && s < beta && pv_node && !self.stopped {
            s = -self.search(child, new_depth, -beta, -alpha, ply + 1, false, true);
        }
        s
    }

    /// The history table of one side.
    fn side_history(&self, us: Side) -> &[i16] {
        &self.history[us.index() * HISTORY_SLOTS..(us.index() + 1) * HISTORY_SLOTS]
    }

    fn reward_quiet(&mut self, us: Side, ply: usize, depth: i32, a: &Action, tried: &[Action]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(*a) {
            k[1] = k[0];
            k[0] = Some(*a);
        }
        let p = &self.shared.params;
        let bonus = (depth * depth * p.history_depth_sq).min(p.history_bonus_max);
        let base = us.index() * HISTORY_SLOTS;
        update_history(&mut self.history[base + history_slot(a)], bonus, p.history_max);
        for q in tried {
            update_history(&mut self.history[base + history_slot(q)], -bonus, p.history_max);
        }
    }

    /// A new best action at `ply`: its line becomes the action followed by the child's line.
    fn update_pv(&mut self, ply: usize, a: Action) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(a);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The start of every node: clear its PV, note the depth reached, and score a finished game (a win
    /// of the side to move's opponent is a loss here) or a stopped search at once.
    fn enter(&mut self, pos: &Position, ply: usize) -> Option<i32> {
        self.pv[ply].clear();
        self.seldepth = self.seldepth.max(ply);
        if let Some(o) = pos.outcome() {
            let mate = won_at(ply);
            return Some(if o.winner == pos.side_to_move() { mate } else { -mate });
        }
        self.stopped.then_some(0)
    }

    /// Quiescence: captures and line overs, every action while the Navia is in danger.
    fn qsearch(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        if let Some(score) = self.enter(pos, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos, &self.maps[ply], &self.shared.weights);
        }
        let quick = quick_win(pos, &self.maps[ply]);
        if quick == Some(true) {
            return self.win_now(pos, ply, beta - alpha > 1);
        }
        let danger = self.checked[self.keys.len() - 1] || threat(pos);
        let stand = evaluate(pos, &self.maps[ply], &self.shared.weights);
        if danger && qply >= self.shared.params.qs_danger_plies as u32 {
            return stand;
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        let r = if quick == Some(false) && !danger {
            // Stand pat, then only plain captures, without generating every action.
            if stand >= beta {
                stand
            } else {
                list.clear();
                push_captures(pos, &self.maps[ply], &mut list);
                self.qsearch_list(pos, &mut list, alpha, beta, ply, qply, false, stand)
            }
        } else {
            list.generate(pos, &self.maps[ply]);
            let win = quick.is_none().then(|| self.listed_win(pos, &mut list, ply)).flatten();
            if list.is_empty() {
                // R27: no legal action loses.
                lost_at(ply)
            } else if let Some(score) = win {
                score
            } else {
                self.qsearch_list(pos, &mut list, alpha, beta, ply, qply, danger, stand)
            }
        };
        self.lists[ply] = list;
        r
    }

    /// The move loop of `qsearch`: every action in danger, else captures and line overs.
    #[allow(clippy::too_many_arguments)]
    fn qsearch_list(
        &mut self,
        pos: &Position,
        list: &mut MoveList,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
        danger: bool,
        stand: i32,
    ) -> i32 {
        let mut best;
        if danger {
            best = lost_at(ply);
        } else {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            list.retain(|a| is_capture(pos, a) || a.kind == ActionKind::LineOver);
        }
        let mut score = |a: &Action, _: bool| {
            if is_capture(pos, a) {
                capture_order(pos, a)
            } else if a.kind == ActionKind::LineOver {
                LINE_OVER_ORDER
            } else {
                0
            }
        };
        list.score_all(&mut score);
        let mut n = 0;
        while let Some(e) = list.pick(pos, n, &mut score) {
            n += 1;
            let a = e.action;
            // Delta pruning: even this capture's gyullas and piece cannot reach alpha.
            let p = &self.shared.params;
            if !danger
                && is_capture(pos, &a)
                && stand + p.delta_per_victim * victim_value(pos, a.to) + p.delta_margin < alpha
            {
                continue;
            }
            let child = self.play(pos, &a, ply + 1);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, qply + 1);
            self.pop();
            if self.stopped {
                best = 0;
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, a);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// The plain captures of the side to move (R20): a move onto an enemy piece
/// its reach allows, with nothing after it. These are exactly the legal
/// actions `Move from to` with no follow whose target holds an enemy piece.
fn push_captures(pos: &Position, map: &ReachMap, out: &mut MoveList) {
    let us = pos.side_to_move();
    let enemy = pos.side_bb(us.opponent());
    if (map.side(us) & enemy).is_empty() {
        return;
    }
    for from in pos.side_bb(us) {
        for to in map.reach(from) & enemy {
            out.add(Action::step(from, to));
        }
    }
}

/// The opponent of the side to move would win on their turn without being
/// taken first: a full pool (R19; whether their Navia is safe is for the
/// search to see) or their Navia on our back rank with an empty keep (R23).
fn threat(pos: &Position) -> bool {
    let them = pos.side_to_move().opponent();
    pos.pool(them) >= NAVIA_DRATP_COST
        || pos
            .navia_square(them)
            .is_some_and(|n| n.rank() == pos.side_to_move().back_rank() && pos.keep(them).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rng::Rng;
    use crate::rules::{parse_nfen, Catalogue, Follow};
    use crate::search::BENCH_POSITIONS;

    #[test]
    fn plain_captures_are_the_legal_plain_captures() {
        let cat = Catalogue::builtin();
        let mut rng = Rng::new(7);
        for text in BENCH_POSITIONS {
            let mut pos = parse_nfen(text, cat).unwrap();
            for _ in 0..30 {
                let legal = pos.legal_actions();
                if legal.is_empty() {
                    break;
                }
                let enemy = pos.side_bb(pos.side_to_move().opponent());
                let mut want: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| a.kind == ActionKind::Move && a.follow == Follow::Nothing && enemy.has(a.to))
                    .collect();
                let mut list = MoveList::default();
                push_captures(&pos, &pos.reach_map(), &mut list);
                let mut got = list.actions();
                want.sort();
                got.sort();
                assert_eq!(got, want, "{pos:?}");
                pos = pos.play(&legal[rng.below(legal.len())]);
            }
        }
    }
}
