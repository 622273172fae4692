//! The limits of one `think`: the clock (through the two-player [`TimeManager`], fed with the answering seat's
//! clock), the node and depth limits, and `stop`. Every search of the four-player player counts its nodes here
//! and asks [`Budget::tick`] whether to go on.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::rules::Side;

use super::super::params::SearchParams;
use super::super::time::TimeManager;
use super::super::Limits;
use super::{Limits4, Settings4};

/// The hard time limit is read once per this many nodes; `stop` at every node (a relaxed load is cheap, and a
/// node of the cross costs microseconds, so `stop` is answered well within a millisecond).
const CLOCK_EVERY: u64 = 64;

/// The limits of one `think` and the nodes counted so far.
pub(super) struct Budget<'a> {
    tm: TimeManager,
    stop: &'a AtomicBool,
    node_limit: Option<u64>,
    /// Deepest iteration allowed, in actions.
    pub(super) max_depth: u32,
    nodes: u64,
    halted: bool,
}

impl<'a> Budget<'a> {
    /// The budget of a `go` with `limits` for the answering seat; iterations never go past `depth_cap` actions.
    pub(super) fn new(limits: &Limits4, settings: &Settings4, stop: &'a AtomicBool, depth_cap: u32) -> Budget<'a> {
        // The seat's own clock is the only one that matters: it is handed to the time manager as the first
        // player's. Moves to go count the seat's decisions (declarations, bids and actions alike).
        let two = Limits {
            time: [limits.time_left_ms.map(Duration::from_millis), None],
            inc: [Some(Duration::from_millis(limits.inc_ms)), None],
            movestogo: limits.movestogo,
            movetime: limits.movetime_ms.map(Duration::from_millis),
            infinite: limits.infinite,
            ..Limits::default()
        };
        let overhead = Duration::from_millis(settings.move_overhead_ms);
        let tm = TimeManager::new(&two, Side::White, overhead, &SearchParams::default());
        Budget {
            tm,
            stop,
            node_limit: limits.nodes,
            max_depth: limits.depth.unwrap_or(u32::MAX).clamp(1, depth_cap),
            nodes: 0,
            halted: false,
        }
    }

    /// Count one node; true when the search must unwind now (stop, node limit or hard time limit).
    #[inline]
    pub(super) fn tick(&mut self) -> bool {
        if self.halted {
            return true;
        }
        self.nodes += 1;
        if self.stop.load(Ordering::Relaxed)
            || self.node_limit.is_some_and(|n| self.nodes >= n)
            || (self.nodes.is_multiple_of(CLOCK_EVERY) && self.tm.out_of_time())
        {
            self.halted = true;
        }
        self.halted
    }

    /// Whether a search was cut short; its unfinished iteration is not trusted.
    pub(super) fn halted(&self) -> bool {
        self.halted
    }

    /// Whether the next iteration, `depth` actions deep, may start: within the depth cap, not halted, no
    /// `stop`, and early enough in the optimum time (`stable` iterations have kept the same answer).
    pub(super) fn may_deepen(&mut self, depth: u32, stable: u32) -> bool {
        if self.stop.load(Ordering::Relaxed) || self.tm.out_of_time() {
            self.halted = true;
        }
        !self.halted
            && depth <= self.max_depth
            && self.node_limit.is_none_or(|n| self.nodes < n)
            && self.tm.may_start_iteration(stable, 0, false)
    }

    /// A budget for a search inside this one: the same clock, `stop` and nodes left, at most `depth` actions
    /// deep; [`Budget::absorb`] counts its nodes here.
    pub(super) fn child(&self, depth: u32) -> Budget<'a> {
        Budget {
            tm: self.tm.clone(),
            stop: self.stop,
            node_limit: self.node_limit.map(|n| n.saturating_sub(self.nodes)),
            max_depth: depth,
            nodes: 0,
            halted: self.halted,
        }
    }

    /// Count the nodes of a [`Budget::child`]'s search.
    pub(super) fn absorb(&mut self, child: &Budget) {
        self.nodes += child.nodes;
    }

    /// Nodes counted so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the `go`.
    pub(super) fn elapsed_ms(&self) -> u64 {
        self.tm.elapsed().as_millis() as u64
    }

    /// `infinite`: hold the answer until `stop` (UCI), checking every millisecond.
    pub(super) fn hold(&self, limits: &Limits4) {
        while limits.infinite && !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(overhead: u64) -> Settings4 {
        Settings4 {
            move_overhead_ms: overhead,
            ..Settings4::FULL
        }
    }

    #[test]
    fn nodes_depth_and_stop_end_the_search() {
        let stop = AtomicBool::new(false);
        let limits = Limits4 {
            nodes: Some(10),
            depth: Some(3),
            ..Limits4::default()
        };
        let mut b = Budget::new(&limits, &settings(0), &stop, 64);
        assert!(b.may_deepen(3, 0) && !b.may_deepen(4, 0));
        assert!((0..9).all(|_| !b.tick()));
        assert!(b.tick() && b.halted() && b.nodes() == 10);
        let free = Limits4::default();
        let mut b = Budget::new(&free, &settings(0), &stop, 5);
        assert_eq!(b.max_depth, 5);
        assert!(!b.tick());
        stop.store(true, Ordering::Relaxed);
        assert!(b.tick() && !b.may_deepen(1, 0));
    }

    #[test]
    fn the_clock_keeps_the_overhead_and_stops_at_the_hard_limit() {
        let stop = AtomicBool::new(false);
        let limits = Limits4 {
            movetime_ms: Some(30),
            ..Limits4::default()
        };
        let mut b = Budget::new(&limits, &settings(20), &stop, 64);
        assert!(b.may_deepen(1, 0));
        std::thread::sleep(Duration::from_millis(12));
        // 30 ms less 20 of overhead: the 10 ms limit has passed.
        assert!(!b.may_deepen(2, 0));
        // A short clock: the seat never spends most of what is left.
        let limits = Limits4 {
            time_left_ms: Some(100),
            ..Limits4::default()
        };
        let mut b = Budget::new(&limits, &settings(10), &stop, 64);
        std::thread::sleep(Duration::from_millis(95));
        assert!(!b.may_deepen(2, 0));
    }
}
