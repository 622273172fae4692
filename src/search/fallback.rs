//! FALLBACK search, only until the real search (branch `search`) lands: a plain
//! iterative fixed-depth negamax with alpha-beta on material and pools, so the
//! protocol can be driven and tested. Delete this file when merging the real one.

use std::time::{Duration, Instant};

use super::{Bound, Info, Limits, Score, SearchOptions, SearchResult, Signals};
use crate::rules::{Game, Piece, Position, Side, Square};
use std::sync::atomic::Ordering;

const MATE: i32 = 30_000;
const MAX_DEPTH: u32 = 64;

/// The search entry point (fallback: single-threaded, no transposition table).
pub struct Searcher {
    opts: SearchOptions,
}

impl Searcher {
    /// A searcher with these options.
    pub fn new(opts: &SearchOptions) -> Searcher {
        Searcher { opts: opts.clone() }
    }

    /// Take new options.
    pub fn set_options(&mut self, opts: &SearchOptions) {
        self.opts = opts.clone();
    }

    /// Heavy allocation point; the fallback allocates nothing.
    pub fn prepare(&mut self) {}

    /// Forget the previous game; the fallback keeps nothing.
    pub fn new_game(&mut self) {}

    /// Iterative deepening to the limits; returns when stopped, out of time, or at the depth.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        signals: &Signals,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        let root = *game.position();
        let mut roots = root.legal_actions();
        if !limits.searchmoves.is_empty() {
            roots.retain(|a| limits.searchmoves.contains(a));
        }
        if roots.is_empty() || game.result().is_some() {
            return SearchResult::default();
        }
        let deadline = deadline(root.side_to_move(), limits, self.opts.move_overhead).map(|d| start + d);
        let mut s = Ctx {
            nodes: 0,
            signals,
            deadline,
            pondering: limits.ponder,
            node_limit: limits.nodes,
            stopped: false,
        };
        let mut best = SearchResult {
            best: Some(roots[0]),
            ponder: None,
            nodes: 0,
        };
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH);
        for depth in 1..=max_depth.max(1) {
            let mut alpha = -MATE - 1;
            let mut pv_best = None;
            for &a in &roots {
                let child = root.play(&a);
                let v = -s.negamax(&child, depth - 1, -MATE - 1, -alpha, 1);
                if s.stopped {
                    break;
                }
                if v > alpha {
                    alpha = v;
                    pv_best = Some(a);
                }
            }
            if s.stopped && pv_best.is_none() {
                break;
            }
            if let Some(a) = pv_best {
                if let Some(i) = roots.iter().position(|&r| r == a) {
                    roots[..=i].rotate_right(1);
                }
                best.best = Some(a);
                let elapsed = start.elapsed();
                let score = if alpha.abs() >= MATE - 100 {
                    let plies = MATE - alpha.abs();
                    Score::Mate(alpha.signum() * (plies + 1) / 2)
                } else {
                    Score::Cp(alpha)
                };
                info(&Info {
                    depth,
                    seldepth: depth,
                    multipv: 1,
                    score,
                    bound: if s.stopped { Bound::Lower } else { Bound::Exact },
                    nodes: s.nodes,
                    nps: nps(s.nodes, elapsed),
                    hashfull: 0,
                    time: elapsed,
                    pv: vec![a],
                });
                if let Score::Mate(_) = score {
                    break;
                }
            }
            if s.stopped {
                break;
            }
        }
        best.nodes = s.nodes;
        best
    }

    /// The static evaluation and its terms, one per line.
    pub fn eval_report(game: &Game) -> String {
        let pos = game.position();
        let (m, p) = (material(pos), pools(pos));
        format!(
            "material (first player): {m}\npools (first player): {p}\ntotal (side to move): {}",
            evaluate(pos)
        )
    }
}

/// Fixed-depth search from the start position: (nodes, time).
pub fn bench(depth: u32, info: &mut dyn FnMut(&str)) -> (u64, Duration) {
    let start = Instant::now();
    let Ok(pos) = Position::startpos(crate::rules::Catalogue::builtin()) else {
        return (0, start.elapsed());
    };
    let game = Game::new(pos);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let signals = Signals::default();
    let r = Searcher::new(&SearchOptions::default()).search(&game, &limits, &signals, &mut |i| {
        info(&format!("depth {} nodes {}", i.depth, i.nodes));
    });
    (r.nodes, start.elapsed())
}

fn nps(nodes: u64, t: Duration) -> u64 {
    (nodes as u128 * 1000 / t.as_millis().max(1)) as u64
}

/// Time for this move: `movetime`, or a thirtieth of the clock plus half the increment.
fn deadline(side: Side, l: &Limits, overhead: Duration) -> Option<Duration> {
    if l.infinite {
        return None;
    }
    if let Some(t) = l.movetime {
        return Some(t.saturating_sub(overhead));
    }
    let t = l.time[side.index()]?;
    let inc = l.inc[side.index()].unwrap_or_default();
    let share = t / l.movestogo.unwrap_or(30).max(1) + inc / 2;
    Some(share.min(t / 2).saturating_sub(overhead))
}

struct Ctx<'a> {
    nodes: u64,
    signals: &'a Signals,
    deadline: Option<Instant>,
    /// The clock counts only after `ponderhit`.
    pondering: bool,
    node_limit: Option<u64>,
    stopped: bool,
}

impl Ctx<'_> {
    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.pondering && self.signals.ponderhit.load(Ordering::Relaxed) {
            self.pondering = false;
        }
        if self.nodes.is_multiple_of(1024)
            && (self.signals.stop.load(Ordering::Relaxed)
                || (!self.pondering && self.deadline.is_some_and(|d| Instant::now() >= d))
                || self.node_limit.is_some_and(|n| self.nodes >= n))
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if let Some(o) = pos.outcome() {
            return if o.winner == pos.side_to_move() {
                MATE - ply
            } else {
                -(MATE - ply)
            };
        }
        if depth == 0 {
            return evaluate(pos);
        }
        let actions = pos.legal_actions();
        if actions.is_empty() {
            return -(MATE - ply); // R27
        }
        let mut best = -MATE - 1;
        for a in &actions {
            let v = -self.negamax(&pos.play(a), depth - 1, -beta, -alpha, ply + 1);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Material from the first player's view: Gulled 100/300, Maseitai 100 per dratp-cost gyullas.
fn material(pos: &Position) -> i32 {
    let mut v = 0;
    for sq in Square::all() {
        let Some(pl) = pos.piece_at(sq) else { continue };
        let worth = match pl.piece {
            Piece::BlackGulled => 100,
            Piece::RedGulled => 300,
            Piece::Maseitai(k) => 100 * pos.catalogue().get(k).cost as i32,
            Piece::Navia(_) => 0,
        };
        v += if pl.side == Side::White { worth } else { -worth };
    }
    v
}

/// Gyullas in the pools from the first player's view, 50 each.
fn pools(pos: &Position) -> i32 {
    50 * (pos.pool(Side::White) as i32 - pos.pool(Side::Black) as i32)
}

fn evaluate(pos: &Position) -> i32 {
    let v = material(pos) + pools(pos);
    if pos.side_to_move() == Side::White {
        v
    } else {
        -v
    }
}
