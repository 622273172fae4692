//! Time management: how long to think about one move.

use std::time::{Duration, Instant};

use crate::rules::Side;

use super::Limits;

/// The time budget of one search.
#[derive(Clone, Debug)]
pub struct TimeManager {
    /// When the clock started (at `go`, or at `ponderhit` when pondering).
    start: Instant,
    /// Time after which no new iteration starts (scaled by stability).
    optimum: Option<Duration>,
    /// Hard limit: the search stops at once past this.
    maximum: Option<Duration>,
    /// Still pondering: no clock until `ponderhit`.
    pondering: bool,
    limits_side: Side,
    limits: LimitsClock,
    overhead: Duration,
}

#[derive(Clone, Debug, Default)]
struct LimitsClock {
    time: [Option<Duration>; 2],
    inc: [Option<Duration>; 2],
    movestogo: Option<u32>,
    movetime: Option<Duration>,
}

impl TimeManager {
    /// The budget for `side` to move under `limits`.
    pub fn new(limits: &Limits, side: Side, overhead: Duration) -> TimeManager {
        let mut tm = TimeManager {
            start: Instant::now(),
            optimum: None,
            maximum: None,
            pondering: limits.ponder,
            limits_side: side,
            limits: LimitsClock {
                time: limits.time,
                inc: limits.inc,
                movestogo: limits.movestogo,
                movetime: limits.movetime,
            },
            overhead,
        };
        if !limits.infinite {
            tm.compute();
        }
        tm
    }

    fn compute(&mut self) {
        let l = &self.limits;
        let i = self.limits_side.index();
        if let Some(mt) = l.movetime {
            // The whole time is for this move: no early stop, only the hard limit.
            let t = mt.saturating_sub(self.overhead).max(Duration::from_millis(1));
            self.optimum = None;
            self.maximum = Some(t);
        } else if let Some(remaining) = l.time[i] {
            let inc = l.inc[i].unwrap_or_default();
            // Keep the overhead for every move still to come before the next control.
            let mtg = l.movestogo.unwrap_or(30).clamp(1, 40);
            let usable = remaining.saturating_sub(self.overhead * mtg.min(10));
            let share = usable / mtg + inc * 3 / 4;
            let cap = usable.mul_f64(if mtg == 1 { 0.9 } else { 0.6 });
            let optimum = share.min(cap).max(Duration::from_millis(1));
            let maximum = (optimum * 4).min(cap).max(optimum);
            self.optimum = Some(optimum);
            self.maximum = Some(maximum);
        }
    }

    /// Whether the search is still pondering.
    pub fn pondering(&self) -> bool {
        self.pondering
    }

    /// `ponderhit`: the clock starts now.
    pub fn ponderhit(&mut self) {
        self.pondering = false;
        self.start = Instant::now();
        self.compute();
    }

    /// Time since the clock started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard limit has passed.
    pub fn out_of_time(&self) -> bool {
        !self.pondering && self.maximum.is_some_and(|m| self.elapsed() >= m)
    }

    /// Whether another iteration may start, given how unsettled the search is
    /// (1.0 normal, lower when the best move is stable, higher when the score drops).
    pub fn may_continue(&self, factor: f64) -> bool {
        match (self.pondering, self.optimum) {
            (true, _) | (_, None) => true,
            (false, Some(o)) => {
                let target = o.mul_f64(factor.clamp(0.3, 3.0));
                let target = self.maximum.map_or(target, |m| target.min(m));
                self.elapsed() < target
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(ms: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            time: [Some(Duration::from_millis(ms)), Some(Duration::from_millis(1))],
            inc: [Some(Duration::from_millis(inc)), None],
            movestogo: mtg,
            ..Limits::default()
        }
    }

    #[test]
    fn budget_stays_well_inside_the_clock() {
        let oh = Duration::from_millis(10);
        for (ms, inc, mtg) in [
            (60_000, 0, None),
            (1_000, 100, None),
            (50, 0, Some(1)),
            (5, 0, None),
            (10_000, 0, Some(2)),
        ] {
            let tm = TimeManager::new(&limits(ms, inc, mtg), Side::White, oh);
            let max = tm.maximum.unwrap();
            assert!(
                max <= Duration::from_millis(ms).mul_f64(0.9).max(Duration::from_millis(1)),
                "{ms} {max:?}"
            );
            assert!(tm.optimum.unwrap() <= max);
        }
    }

    #[test]
    fn movetime_subtracts_overhead_and_ponder_waits() {
        let l = Limits {
            movetime: Some(Duration::from_millis(500)),
            ponder: true,
            ..Limits::default()
        };
        let mut tm = TimeManager::new(&l, Side::Black, Duration::from_millis(20));
        assert_eq!(tm.maximum, Some(Duration::from_millis(480)));
        assert!(tm.pondering() && !tm.out_of_time());
        tm.ponderhit();
        assert!(!tm.pondering());
    }
}
