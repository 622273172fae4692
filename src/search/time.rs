//! Time management: how long to think about one move.

use std::time::{Duration, Instant};

use crate::rules::Side;

use super::params::SearchParams;
use super::Limits;

/// The time budget of one search.
#[derive(Clone, Debug)]
pub(super) struct TimeManager {
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
    params: SearchParams,
}

#[derive(Clone, Debug, Default)]
struct LimitsClock {
    time: [Option<Duration>; 2],
    inc: [Option<Duration>; 2],
    movestogo: Option<u32>,
    movetime: Option<Duration>,
}

impl TimeManager {
    /// The budget for `side` to move under `limits`, by the time factors of `params`.
    pub(super) fn new(limits: &Limits, side: Side, overhead: Duration, params: &SearchParams) -> TimeManager {
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
            params: *params,
        };
        if !limits.infinite {
            tm.compute();
        }
        tm
    }

    fn compute(&mut self) {
        let l = &self.limits;
        let p = &self.params;
        let i = self.limits_side.index();
        if let Some(mt) = l.movetime {
            // The whole time is for this move: no early stop, only the hard limit.
            let t = mt.saturating_sub(self.overhead).max(Duration::from_millis(1));
            self.optimum = None;
            self.maximum = Some(t);
        } else if let Some(remaining) = l.time[i] {
            let inc = l.inc[i].unwrap_or_default();
            // Keep the overhead for every move still to come before the next control.
            let mtg = l
                .movestogo
                .unwrap_or(p.tm_moves_to_go as u32)
                .clamp(1, p.tm_moves_to_go_max as u32);
            let usable = remaining.saturating_sub(self.overhead * mtg.min(p.tm_overhead_moves as u32));
            let share = usable / mtg + inc * p.tm_inc_pct as u32 / 100;
            let cap_pct = if mtg == 1 { p.tm_last_move_cap_pct } else { p.tm_cap_pct };
            let cap = usable.mul_f64(cap_pct as f64 / 100.0);
            let optimum = share.min(cap).max(Duration::from_millis(1));
            let maximum = (optimum * p.tm_max_factor as u32).min(cap).max(optimum);
            self.optimum = Some(optimum);
            self.maximum = Some(maximum);
        }
    }

    /// Whether the search is still pondering.
    pub(super) fn pondering(&self) -> bool {
        self.pondering
    }

    /// `ponderhit`: the clock starts now.
    pub(super) fn ponderhit(&mut self) {
        self.pondering = false;
        self.start = Instant::now();
        self.compute();
    }

    /// Time since the clock started.
    pub(super) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the hard limit has passed.
    pub(super) fn out_of_time(&self) -> bool {
        !self.pondering && self.maximum.is_some_and(|m| self.elapsed() >= m)
    }

    /// Whether the next iteration may start, after `stable` iterations with the same best
    /// action and a score `drop` in the last one, `single` when there is only one legal action.
    /// The next iteration costs a few times the last one, so it starts only in the first part
    /// of the optimum time (`tm_start_pct`), scaled by how unsettled the search is.
    pub(super) fn may_start_iteration(&self, stable: u32, drop: i32, single: bool) -> bool {
        let p = &self.params;
        let stability = match stable {
            0 => p.tm_stable0_pct,
            1 => p.tm_stable1_pct,
            2 => p.tm_stable2_pct,
            3 => p.tm_stable3_pct,
            _ => p.tm_stable4_pct,
        } as f64
            / 100.0;
        let falling = 1.0 + (drop as f64 / p.tm_falling_scale as f64).min(1.0);
        let single = if single {
            p.tm_single_reply_pct as f64 / 100.0
        } else {
            1.0
        };
        self.may_continue(p.tm_start_pct as f64 / 100.0 * stability * falling * single)
    }

    /// Whether another iteration may start, given a share of the optimum time
    /// (kept within 0.3 to 3 so no setting starves or overruns a move).
    fn may_continue(&self, factor: f64) -> bool {
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
            let tm = TimeManager::new(&limits(ms, inc, mtg), Side::White, oh, &SearchParams::default());
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
        let mut tm = TimeManager::new(&l, Side::Black, Duration::from_millis(20), &SearchParams::default());
        assert_eq!(tm.maximum, Some(Duration::from_millis(480)));
        assert!(tm.pondering() && !tm.out_of_time());
        tm.ponderhit();
        assert!(!tm.pondering());
    }
}
