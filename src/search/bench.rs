//! `bench`: a fixed-depth search of fixed positions on one thread. Its node
//! total is the signature of the search: any change to what the search does
//! changes it.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::rules::{parse_nfen, Catalogue, Game};

use super::{Limits, SearchOptions, Searcher, Signals};

/// The bench positions (NFEN, default catalogue): the start, then four
/// positions from each of eight engine games (opening, early and late
/// middlegame with dratped pieces and effects, endgame with high pools).
pub const BENCH_POSITIONS: &[&str] = &[
    crate::rules::START_NFEN,
    "1r[n02]1[m13]r[m09]/bbbbbbb/7/7/7/BBBBBBB/[M02]R[M04][N01][M03]R[M07] b 0/0 M01,M05,M06/M08,M10,M11,M12,M14 -/- - 4",
    "[+M03][m14][n02][+m08][m13]r[m09]/1bbbbbb/br5/4[m10]2/1BR4/B1BBBBB/[M02]1[M04][N01][M06]R[M07] w 2/3 M01,M05/M11,M12 -/- - 11",
    "[n02]1[m12][+m08]1r[m09]/[m11]b1bbbb/brR4/4[+m10][+m13]1/1B[+M04]4/B[+M05]BBBBB/[M02][M03]1[N01][M06]R[M07] w 7/0 M01/- -/B,M14 - 18",
    "[n02][+M04]1[+m08]1r[m09]/[m11]b1bbbb/b1R4/4[+m10]2/2[+M03]B3/B[+M02]B2BB/3[N01][M06]R[M07] b 1/16 M01/- B,B,M05/B,M12,M13,M14,R - 24",
    "[m09]r[n02]1[m10]r[m13]/b1bbbbb/1b5/7/1B5/BRBBBBB/[M06]1[M04][N01][M07]R[M03] b 4/1 M01,M02,M05/M08,M11,M12,M14 -/- - 6",
    "[m09][+m08][n02]1[m10][M03][m11]/[m14]r1b1[m13]1/bbb1bbb/3R3/RB1B1B1/B[+M06]B1B1B/[M02][M05][+M04][N01][M07]1r w 7/5 M01/M12 -/- - 17",
    "[m09][+m08]2[m10]1[+m11]/3b2[+m12]/bb[n02]1[+M04]bb/7/RB[N01]B1B1/B[+M06]B1B[M07]B/[M02][+M05][+m13]1[M01][M03]1 b 5/17 -/- R/B,B,M14,R,R - 28",
    "6[+m11]/1[+m08][n02]2[+m12]1/bb3b1/3[N01]2b/RB1B3/B[+M06]B[+M03]B[M07]B/[M02]2B[M01]2 w 14/36 -/- M04,M05,R/B,B,B,M09,M10,M13,M14,R,R - 40",
    "[m14]r[n02]2r1/bbbbbbb/7/7/7/BBBBBBB/[M02]R[M04][N01][M07]R1 b 0/0 M01,M03,M05,M06/M08,M09,M10,M11,M12,M13 -/- - 3",
    "[m14]r[n02]1[m09]r[m10]/bbbbbb[m13]/6b/1[M03]5/B6/1BBBBBB/[M02]R[M04][N01][M07]R[M06] b 1/1 M01,M05/M08,M11,M12 -/- - 7",
    "[m14]r[n02][m08]1r[m10]/bbb1b[m09][m13]/5bb/1[+M03]Rb3/B6/1BBBBBB/[M02]1[M04][N01][M07]R[M06] w 5/4 M01,M05/M11,M12 -/- - 12",
    "[m14]r1[n02]1r[m10]/bbb1b[m09][m13]/1B[+m08]R1bb/3b3/[+M03]1[+M04]4/1BBBBBB/[M02]2[N01][M07]R[M06] w 4/0 M01,M05/M11,M12 -/- - 16",
    "[m09][+m08][n02]1[m10]r1/bbrbbbb/7/1[M03]1[M02]3/2B4/BB1BBBB/1R[M04][N01]bR[M07] b 1/0 M01,M05,M06/M11,M12,M13,M14 -/- - 8",
    "[m09]3[m10]r[m14]/3[n02]1bb/[+m08]b[+m11]b1[+m13]1/4b2/[M03]BB[M02]3/B1[M01]BBBB/[M06]1[M04][N01][+M05]R[M07] w 8/13 -/M12 R/B,B,R - 23",
    "4[m10]1[m14]/[+M03][+m08][m12][n02]1bb/5[+m13]1/2[+m11]4/1[+M01]2RB1/B2[N01][+M04]1B/[M06]3[+M05]1[M07] w 18/49 -/- B,B,B,B,M02,R/B,B,B,B,B,M09,R,R - 38",
    "7/5bb/2[+m13]4/[+M03]3[n02]R1/3[+M01]1B1/B2[N01]2B/1[+M06]2[+M05]2 b 8/49 -/- B,B,B,B,M02,M04,M07,R/B,B,B,B,B,M08,M09,M10,M11,M12,M14,R,R - 53",
    "[m10]r[n02]2r[m13]/bbbbbb[m14]/6b/7/B6/[M03]BBBBBB/[M02]R[M04][N01][M07]R1 w 1/1 M01,M05,M06/M08,M09,M11,M12 -/- - 6",
    "[m10]r2[m12]r1/bb[+m08]1bb[M07]/2[n02]b2b/3[+m13]3/B6/RBBBBBB/[M02][+M05][M03][N01][m14]R[M06] w 6/5 M01/M11 M04/B,M09 - 16",
    "[m10]r[m11][n02][m12]2/bb[+m08][+m13]b2/3b1[+M03]1/6b/B2Br2/RBB[N01]BBB/[M02][+M05]3R[M06] w 13/36 -/- M01,M04,M07/B,B,M09,M14 - 26",
    "[m10][+m11]5/rb1[+m13][+m12]R1/b[+m08][n02]bb2/2B3[+M03]/BR1B[N01]B1/1B2B1B/[M02][+M05]4[M06] b 38/33 -/- M01,M04,M07/B,B,B,M09,M14,R - 36",
    "[m14]r[n02]1[m09]r1/bbbbbbb/7/7/7/BBBBBBB/[M02]R[M04][N01][M07]R[M05] b 0/0 M01,M03,M06/M08,M10,M11,M12,M13 -/- - 4",
    "[m14][+m08][n02]2[m09][m10]/b1bbbbb/1br4/7/B2BBR1/[M03]BB2BB/[M02]R[M04][N01][M07]1r w 9/8 M01,M06/M11,M12,M13 M05/- - 11",
    "[m14]1[n02][+m12]1[m09][m10]/b[+m08]bbbbb/1br4/[+M03]4R[+m13]/B2BBB1/RBB1[M01]1B/[M02]1[M04][N01][M07][M06]1 w 7/14 -/M11 M05/R - 18",
    "[m14]1[n02]1[+m12][m09][m10]/1[+m08]bbbbb/b1r4/B4B1/1R1BB1B/1BB1[M01]2/[+M02][+M04]1[N01][M07][M06]1 w 1/47 -/M11 M03,M05,R/B,M13,R - 25",
    "[m10]r[n02]1[m09]r1/1bbbbbb/b6/7/7/BBBBBBB/[M02]R[M04][N01][M03]R[M07] w 0/1 M01,M05,M06/M08,M11,M12,M13,M14 -/- - 5",
    "[m10]r[n02][+m08][+M03][m11][m14]/[m13]bbbbbr/b5b/2R1[m09]2/1B2B2/B1BB1BB/[M02][+M04]1[N01]1R[M07] b 1/1 M01,M05,M06/M12 -/- - 12",
    "[m10]r1[n02]1[m11][m14]/[m13]bbb1br/b3b1b/3[+m09][+M01]2/1B2B2/B2[+M05]1BB/[M02][+M04][M03][N01]1R[M07] w 0/10 M06/M12 B,B,R/M08 - 21",
    "[m12]3[n02][m11][m14]/rbbb1br/6b/5B1/1B1[M03]R2/B2[+M05]2B/3[N01]2[M07] w 49/33 M06/- B,B,B,M01,M02,M04,R/B,B,M08,M09,M10,M13 - 29",
    "[m09]r[n02]1[m10]r1/bbbbbbb/7/7/7/BBBBBBB/[M03]R[M04][N01][M07]R1 w 0/0 M01,M02,M05,M06/M08,M11,M12,M13,M14 -/- - 4",
    "[m09][+m08][n02]1[m10]r1/bb1bbbb/2[M06]r3/1[M03]5/7/BBBBBBB/bR[M04][N01][M07]R[M02] b 0/3 M01,M05/M11,M12,M13,M14 -/- - 9",
    "[m09][+m08][n02]1[m10]r[m14]/bb1bbbb/2[M06]4/1[M03]3[+m13]1/B2RB2/RBB2BB/2[M04][N01][M07]1[M02] b 15/13 M01,M05/M11,M12 B/B,R - 15",
    "[m09][+m08][n02]1[m10][m11]1/bb2b1b/3[M06]rb1/1[+M03]3[+m13]1/B2RB2/RBB2BB/1[M05][M04][N01][M07]1[M02] w 6/13 M01/M12 B/B,B,M14,R - 21",
];

/// Positions where one node is slow (very wide effect choices: dratped pieces
/// from the whole catalogue), kept apart from [`BENCH_POSITIONS`] so the bench
/// signature stays; [`latency`] measures `stop` and `movetime` on both sets.
pub const WIDE_POSITIONS: &[&str] = &[
    "2[m23][n01][+m21][m42][m07]/r1b1b1b/[m40]3[+m34]b1/1bR2[+m24]B/2[+M05]BrR1/[+M38]1B2B1/[M28][+M33][M29][N04]1[+M44][M32] w 9/17 -/- B,B,B/B,B - 27",
];

/// The default bench depth.
pub const BENCH_DEPTH: u32 = 8;

/// Search every bench position to `depth` with a fresh table; report one line
/// per position through `info`; return the nodes and the time spent.
pub fn bench(depth: u32, info: &mut dyn FnMut(&str)) -> (u64, Duration) {
    bench_until(depth, &Signals::default(), info)
}

/// [`bench`] that ends soon after `signals.stop` (`stop`, `quit`, end of input):
/// the totals are then those of the positions searched so far.
pub fn bench_until(depth: u32, signals: &Signals, info: &mut dyn FnMut(&str)) -> (u64, Duration) {
    let cat = Catalogue::builtin();
    let opts = SearchOptions {
        hash_mb: 16,
        threads: 1,
        multipv: 1,
        ..SearchOptions::default()
    };
    let mut searcher = Searcher::new(&opts);
    searcher.prepare();
    let limits = Limits {
        depth: Some(depth.max(1)),
        ..Limits::default()
    };
    let mut total = 0;
    let started = Instant::now();
    for (i, text) in BENCH_POSITIONS.iter().enumerate() {
        let pos = match parse_nfen(text, cat) {
            Ok(p) => p,
            Err(e) => {
                info(&format!("position {}: {e}", i + 1));
                continue;
            }
        };
        if signals.stop.load(Ordering::Relaxed) {
            info(&format!("stopped after {i} of {} positions", BENCH_POSITIONS.len()));
            break;
        }
        searcher.new_game();
        let r = searcher.search(&Game::new(pos), &limits, signals, &mut |_| {});
        total += r.nodes;
        let best = r
            .best
            .map_or("(none)".to_string(), |a| crate::rules::action_text(&a, cat));
        info(&format!(
            "position {}/{}: best {best}, nodes {}",
            i + 1,
            BENCH_POSITIONS.len(),
            r.nodes
        ));
    }
    (total, started.elapsed())
}

/// The worst reaction to `stop` and the worst `movetime` overrun over a set of positions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Latency {
    /// Longest time from setting `stop` to the search's return.
    pub stop: Duration,
    /// Longest time past `movetime` (with no move overhead) before the search returned.
    pub overrun: Duration,
}

/// Measure [`Latency`] on every bench and wide position with `threads`
/// threads: `rounds` searches of `movetime` each, and `rounds` searches until a
/// `stop` sent after a few milliseconds. Reports each position through `info`.
pub fn latency(threads: usize, movetime: Duration, rounds: u32, info: &mut dyn FnMut(&str)) -> Latency {
    let cat = Catalogue::builtin();
    let opts = SearchOptions {
        threads,
        move_overhead: Duration::ZERO,
        ..SearchOptions::default()
    };
    let mut searcher = Searcher::new(&opts);
    searcher.prepare();
    let mut worst = Latency::default();
    for (i, text) in BENCH_POSITIONS.iter().chain(WIDE_POSITIONS).enumerate() {
        let Ok(pos) = parse_nfen(text, cat) else { continue };
        let game = Game::new(pos);
        let mut here = Latency::default();
        for round in 0..rounds {
            let timed = Limits {
                movetime: Some(movetime),
                ..Limits::default()
            };
            let t = Instant::now();
            searcher.search(&game, &timed, &Signals::default(), &mut |_| {});
            here.overrun = here.overrun.max(t.elapsed().saturating_sub(movetime));
            let signals = Signals::default();
            let until_stop = Limits {
                infinite: true,
                ..Limits::default()
            };
            let stop = std::thread::scope(|s| {
                let sender = s.spawn(|| {
                    std::thread::sleep(Duration::from_millis(5 + u64::from(round) * 3));
                    signals.stop.store(true, Ordering::SeqCst);
                    Instant::now()
                });
                searcher.search(&game, &until_stop, &signals, &mut |_| {});
                let returned = Instant::now();
                returned.saturating_duration_since(sender.join().expect("the stop thread does not panic"))
            });
            here.stop = here.stop.max(stop);
        }
        info(&format!(
            "position {}: stop {} us, overrun {} us",
            i + 1,
            here.stop.as_micros(),
            here.overrun.as_micros()
        ));
        worst.stop = worst.stop.max(here.stop);
        worst.overrun = worst.overrun.max(here.overrun);
    }
    worst
}
