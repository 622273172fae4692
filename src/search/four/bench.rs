//! `bench` in `naviadratp4`: the four-seat player's answers to fixed positions at a fixed depth, on one thread.
//! Its node total is the signature of the player, as the duel's `bench` is of the duel's search: any change to
//! what the player does in any phase changes it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::rules::round::notation::declaration_text;
use crate::rules::{Catalogue, Game4, State4};

use super::{think, Answer4, Info4, Limits4, Settings4};

/// The bench positions (NFEN4, built-in catalogue) from engine games, each with the depth `bench` searches it to
/// (chosen so that most answers cost thousands of nodes; 2 in the phases that stop there anyway,
/// `Weights4::sealed_iterations`): four in the declaration phase, four in a bid step, one in the promise step
/// (T10's tie) and six in the action phase, with pools from 0 to the Navia dratp's 60.
pub const BENCH4_POSITIONS: &[(u32, &str)] = &[
    (
        2,
        "2n[+M08]n[N01]n[M05]2/1nBnBnBnBnBnB/wB1nB7eB/1wB7eB1/w[N01]wB7eB1/1wB6eBe[N01]1/w[+M08]wB7eB1/1wB7eB1/wB1wR2sB3w[M31]eB/s[M09]sBsBs[M16]s[N01]sB1/sB5sB d wens - - 14/13/4/8 M05,M08,M10,M14,M31/M05,M09,M10,M14,M16/M09,M10,M14,M16,M31/M08,M10,M14,M16,M31 B,R,R/R/R,R/M05,M09,R,R - 9",
    ),
    (
        2,
        "nB1n[M28]n[N02]n[M22]nRnB/1nBnBnBnBnB1/wB1nR7eB/wR1wB6eBeR/w[M17]wB7eBe[M11]/w[N02]wB7eBe[N02]/w[M28]1wB6eB1/wRwB6eReB1/wB9eB/s[M28]sBsBsBsBsBsR/sBsR1s[N02]2sB d swne - - 28/2/6/19 M05,M10,M11,M17,M22/M05,M10,M11,M18,M22/M05,M10,M11,M17,M18/M05,M10,M17,M18,M22 M18/-/-/M28 - 5",
    ),
    (
        2,
        "nB2n[N03]2nB/n[+M34]nBnBnBnBnBeR/wB1wR5e[M13]1eB/9eB1/1wB7eBe[N03]/w[N03]wB7eB1/w[M29]wB7eBe[M40]/1wB7sReR/wB9eB/1sRsBsBsBsB1/sB1s[M34]s[N03]s[M40]1sB d eswn - - 16/19/13/8 M03,M13,M18,M27,M29/M03,M13,M18,M27,M34,M40/M03,M13,M18,M27,M29,M40/M03,M18,M27,M29,M34 B/B,R/R,R/B - 7",
    ),
    (
        2,
        "nBn[M20]n[M20]1eR2/6e[M35]/wB5nBnB2eB/1wB7eB1/1wB3nB3eBe[M01]/1w[N02]7eBe[N02]/w[M01]wB2w[N02]1eR2eBe[M29]/1wB7eB1/wBwR1sB4sBsReB/s[M20]1sBsBsBsB1/sB1s[M01]s[N02]3 d ewsn - - 21/44/60/32 M20,M27,M29,M31/M20,M20,M27,M31/M01,M29/M20,M20,M27,M31 M35,R/B,M29,M35,R/B,B,B,M27,M31,M35,R,R/- - 15",
    ),
    (
        2,
        "2n[M31]n[N04]2nB/nRnBnBnBnBnBn[M07]/wBw[M07]8eB/1wB7nR1/1wB7eB1/w[N04]wB6eB2/1wB6eB1e[N04]/2wB6eB1/wB1sR3sBsR1eReB/2sBsB1sBsB/sB2s[N04]s[M31]2 b nwse R/M07/R/R - 22/17/17/8 M04,M05,M07,M12,M30,M32/M04,M05,M12,M30,M31,M32/M04,M05,M12,M30,M32/M04,M07,M12,M30,M31,M32 B/R,R/B/B,M05,R - 8",
    ),
    (
        2,
        "nB1n[N03]3nB/1nBnBnBnBe[M03]1/wB1w[+M38]7eB/wRnR8eR/1wB5nR1eBe[M05]/1wB7eBe[N03]/w[N03]wB7eBe[M37]/1wB6eB2/wB4sB2n[N03]1eB/sR3sBsBs[M37]/sB2s[+M05]1sRsB b news M37/R/N/M03 - 1/46/45/25 M03,M29,M31,M38,M41/M03,M05,M29,M31,M37,M41/M03,M05,M29,M31,M37,M38,M41/M29,M31,M38,M41 B,B/B,R/B/B,R - 9",
    ),
    (
        2,
        "nB2n[N02]n[M01]nRnB/1nBnB1nBnB1/wB4nB2eBeRe[M35]/9eB1/9eB1/2wB4sR1e[N02]1/1nR7eBe[M40]/1wB7eB1/1w[M23]1sB5eB1/2sBsBsBn[N02]1/sBsRs[M35]s[N02]n[M31]1sB b snew N/M23/M31/R - 46/35/42/5 M01,M13,M23,M23,M31/M01,M23,M31/M13,M23,M23,M40/M01,M13,M23,M23,M31 B,M40/B,B,B,B,M13,M35,M40,R,R/M35/B,R - 12",
    ),
    (
        2,
        "nB5e[+M24]/1n[N03]nBnBe[M03]1eR/wB9eB/9eB1/1w[N03]7eB1/1wB7eBe[N03]/w[M15]wB7eB1/1wB7eBeR/wBw[M23]sB2sB4eB/s[M41]sBsB1sBsBs[M23]/s[M29]1s[M27]s[N03]2sB b enws M41/M23/M23/R - 20/20/11/8 M15,M24/M24,M27,M29,M41/M15,M23,M27,M29,M41/M15,M23,M29,M41 M03,R,R/B,B,M03,R,R/B,B,B,B,M03,M24,R,R/M27 - 12",
    ),
    (
        2,
        "3n[N02]3/2nB4/11/11/11/w[N03]2wB6e[N04]/1wB1sB5eB1/11/11/2sB4/3s[N01]3 p nwse B/B/N/N 3/3/0/0 0/0/0/0 M01/M15/-/- -/-/-/- - 8",
    ),
    (
        7,
        "nB6/3n[N01]nBnB1/1n[N01]n[M01]5nB1eB/1wB2nB4eB1/s[+M43]wB5eR1eBe[N01]/1wB7eB1/w[M32]sR7eBe[M44]/9s[N01]1/2wB5eR1eB/1sBsBsBsBsB1/sB2e[+M10]2sB a snew R/M32/N/R - 5/9/19/9 M01,M10,M19,M44/M01,M05,M10,M19/M05,M10,M19,M43/M01,M05,M19,M43 M05,M32,R/B,B,B,M43,M44,R,R/B,B,M32,M44,R,R/B,M32 - 13",
    ),
    (
        7,
        "nB1n[M26]n[N01]n[+M38]nR1/n[+M35]nBnB1nBnBnB/5nB4eB/1wB7eB1/1wB7eBe[M26]/1wB6eB2/1sR7eBe[N01]/9eB1/wB1s[N01]wR4eBe[M37]1/1sBsBsBsBsB1/sB2s[N01]2sB a nswe N/R/M35/M37 - 50/59/8/35 M26,M37,M38,M42,M43/M21,M26,M37,M42,M43/M42,M43/M21,M38,M42,M43 M21,M35,R/B,B,B,M35,M38,R/M21,M37,R/M35,R,R - 12",
    ),
    (
        7,
        "nBn[M02]n[M26]n[N04]n[M22]nRnB/1nBnB1nBnBn[M21]/2w[N04]2nB4eB/w[M02]wB7eB1/1wB7eB1/n[+M13]1wB6eBe[N04]/1wB3eR2eB2/1n[N04]7sR1/wB1s[M02]4sBeB2/3sBsB2/sB3wR1sB a senw M02/N/N/R - 43/60/29/28 M13,M23,M26,M31/M13,M21,M22,M23,M31/M23,M31/M02,M13,M21,M22,M23,M31 B,B,M21,M22,R/B,B,M26,R/R/B,M26,R - 12",
    ),
    (
        7,
        "nB2n[N01]n[M32]2/2wRnBnBe[M18]1/wB3nB5eB/1wB2nR4eB1/1wB7eB1/w[N01]wB7eBe[N01]/1sR7eB1/9eBeR/wB7eB2/1sBsBsBsBsBsR/sB2s[N01]2sB a swne R/R/M32/M18 - 3/10/1/0 M12,M17,M18,M21,M32,M38/M12,M17,M18,M21,M32,M38,M42/M12,M17,M18,M21,M38,M42/M12,M17,M21,M32,M38,M42 M42/B,B,R/B,B,B,R/R - 8",
    ),
    (
        7,
        "nB2n[N01]2nB/3nBnB2/wB2n[M15]nB2nBnR1eB/1w[N01]6e[M37]eB1/1wB7eB1/1wB7eBe[N01]/1sR7eB1/9eB1/wB9eB/sB1wRsBsBs[M07]1/1s[N01]4sB a snwe N/R/R/M37 - 47/54/22/32 M10,M12,M15,M27,M37/M07,M10,M12,M15,M27,M39/M07,M10,M12,M27,M37/M10,M12,M15,M27 B,B,B,M39,R/B,B,B,M37,R/B,M39,R/M07,M39,R,R - 13",
    ),
    (
        7,
        "nB2n[N04]1nRnB/1nBnB1nBnB1/wB4nB2eRe[M23]eB/1nR7eB1/1wB7eBe[N04]/w[N04]wB2wR4eB1/1wB7eB1/wRwB7eB1/1wBs[M32]8/1sBsBsBsBsBsB/sBsRs[M30]s[N04]3 a eswn R/B/R/R - 11/23/23/27 M05,M11,M19,M20/M05,M11,M19,M20,M30,M32/M05,M11,M19,M23,M30,M32/M05,M11,M19,M20,M30,M32 M23,R/B,M23/M20/B,R - 8",
    ),
];

/// Every bench position answered by each seat deciding in it, full strength, with the default weights, at most
/// `depth` actions deep (`None`: each position's own depth); one line per answer through `info`. The nodes and the
/// time spent; `stop` ends it between answers, with the totals so far.
pub fn bench4(depth: Option<u32>, stop: &AtomicBool, info: &mut dyn FnMut(&str)) -> (u64, Duration) {
    let cat = Catalogue::builtin();
    let settings = Settings4::FULL;
    let never = AtomicBool::new(false);
    let (mut total, started) = (0, Instant::now());
    let n = BENCH4_POSITIONS.len();
    for (i, &(own_depth, text)) in BENCH4_POSITIONS.iter().enumerate() {
        let limits = Limits4 {
            depth: Some(depth.unwrap_or(own_depth).max(1)),
            ..Limits4::default()
        };
        let game = match Game4::from_nfen4(text, cat, u16::MAX) {
            Ok(g) => g,
            Err(e) => {
                info(&format!("position {}: {e}", i + 1));
                continue;
            }
        };
        for seat in game.state().deciding().iter() {
            if stop.load(Ordering::Relaxed) {
                info(&format!("stopped after {i} of {n} positions"));
                return (total, started.elapsed());
            }
            let mut nodes = 0;
            let answer = think(&game, seat, &limits, &settings, &never, &mut |r: &Info4| {
                nodes = r.nodes
            });
            total += nodes;
            let phase = game.state().phase().letter();
            let best = answer_text(&answer, game.state());
            info(&format!(
                "position {}/{n} phase {phase} seat {seat}: {best}, nodes {nodes}",
                i + 1
            ));
        }
    }
    (total, started.elapsed())
}

/// An answer as the bench reports it: `declare M01`, `bid 2`, `promise yes`, `move e2e3` or `none`.
fn answer_text(answer: &Answer4, state: &State4) -> String {
    match answer {
        Answer4::Declare(d) => format!("declare {}", declaration_text(*d, state.catalogue())),
        Answer4::Bid(n) => format!("bid {n}"),
        Answer4::Promise(yes) => format!("promise {}", if *yes { "yes" } else { "no" }),
        Answer4::Action(a) => format!("move {}", state.action_text(a)),
        Answer4::None => "none".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Phase;

    #[test]
    fn the_positions_cover_every_phase_and_each_has_a_decider() {
        let cat = Catalogue::builtin();
        let mut phases = Vec::new();
        for (_, text) in BENCH4_POSITIONS {
            let game = Game4::from_nfen4(text, cat, u16::MAX).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(!game.state().deciding().is_empty(), "{text}");
            phases.push(game.state().phase());
        }
        for p in [Phase::Decision, Phase::Bidding, Phase::Promise, Phase::Actions] {
            assert!(phases.contains(&p), "{p:?}");
        }
    }

    #[test]
    fn the_bench_is_the_same_twice_and_stops_between_answers() {
        let never = AtomicBool::new(false);
        let mut lines = Vec::new();
        let (nodes, _) = bench4(Some(1), &never, &mut |l| lines.push(l.to_string()));
        let mut again = Vec::new();
        assert_eq!(bench4(Some(1), &never, &mut |l| again.push(l.to_string())).0, nodes);
        assert_eq!(lines, again);
        assert!(nodes > 0);
        assert!(
            lines.len() > BENCH4_POSITIONS.len(),
            "several seats decide in phases d and b"
        );
        let stopped = AtomicBool::new(true);
        let mut first = Vec::new();
        assert_eq!(bench4(Some(1), &stopped, &mut |l| first.push(l.to_string())).0, 0);
        assert_eq!(
            first,
            [format!("stopped after 0 of {} positions", BENCH4_POSITIONS.len())]
        );
    }
}
