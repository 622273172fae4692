//! The standings: every counted game recorded once, with each engine's totals, the
//! head-to-head scores, the pentanomial pair counts and the SPRT's LLR kept up to
//! date. A run and a merge of shards both build their result through [`Standings::record`].

use std::collections::HashMap;
use std::sync::Arc;

use super::referee::Outcome;
use super::stats::{score_line, Pentanomial, Sprt, SprtResult, Wdl};
use super::tournament::{DraftInfo, Job};
use crate::rules::Side;

/// One game as counted by the tournament.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// The scheduled job.
    pub job: Job,
    /// How it ended.
    pub outcome: Outcome,
    /// Moves played.
    pub plies: usize,
    /// Start NFEN.
    pub start: String,
    /// The pair's draft, in a draft match.
    pub draft: Option<Arc<DraftInfo>>,
}

/// One engine's totals.
#[derive(Clone, Debug, Default)]
pub struct PlayerStats {
    /// Display name.
    pub name: String,
    /// The `id name` the engine sent in the handshake.
    pub id_name: Option<String>,
    /// All games.
    pub total: Wdl,
    /// Games as the first player.
    pub white: Wdl,
    /// Games as the second player.
    pub black: Wdl,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Counted games in the order they finished.
    pub games: Vec<FinishedGame>,
    /// Per engine, in command-line order.
    pub players: Vec<PlayerStats>,
    /// Pair counts from the first engine's point of view (two-engine matches with `-repeat`).
    pub pentanomial: Pentanomial,
    /// The last LLR, when `-sprt` was given.
    pub llr: Option<f64>,
    /// Why the match stopped early, if it did.
    pub stopped: Option<String>,
    /// Games in the whole run (all shards), counted or not.
    pub scheduled: usize,
}

/// The running standings of a match.
pub struct Standings {
    summary: Summary,
    sprt: Option<Sprt>,
    /// Head-to-head results, `h2h[a][b]` from `a`'s side.
    h2h: Vec<Vec<Wdl>>,
    /// First games of pairs whose second game has not finished: pair id → first engine's half points.
    pending_pairs: HashMap<usize, u8>,
}

impl Standings {
    /// Empty standings for engines with these names and handshake names, of a run of `scheduled` games.
    pub fn new(names: &[String], id_names: Vec<Option<String>>, sprt: Option<Sprt>, scheduled: usize) -> Standings {
        Standings {
            summary: Summary {
                games: Vec::new(),
                players: names
                    .iter()
                    .zip(id_names)
                    .map(|(n, id_name)| PlayerStats {
                        name: n.clone(),
                        id_name,
                        ..Default::default()
                    })
                    .collect(),
                pentanomial: Pentanomial::default(),
                llr: sprt.map(|_| 0.0),
                stopped: None,
                scheduled,
            },
            sprt,
            h2h: vec![vec![Wdl::default(); names.len()]; names.len()],
            pending_pairs: HashMap::new(),
        }
    }

    /// Count one game; returns the `Score of A vs B` line of its two engines.
    pub fn record(&mut self, game: FinishedGame) -> String {
        let [w, b] = game.job.players;
        let white_half: u8 = match game.outcome.winner {
            Some(Side::White) => 2,
            Some(Side::Black) => 0,
            None => 1,
        };
        let players = &mut self.summary.players;
        players[w].total.add_half_points(white_half);
        players[w].white.add_half_points(white_half);
        players[b].total.add_half_points(2 - white_half);
        players[b].black.add_half_points(2 - white_half);
        self.h2h[w][b].add_half_points(white_half);
        self.h2h[b][w].add_half_points(2 - white_half);
        if let Some(pair) = game.job.pair.filter(|_| players.len() == 2) {
            let first_half = if w == 0 { white_half } else { 2 - white_half };
            match self.pending_pairs.remove(&pair) {
                Some(other) => self.summary.pentanomial.add_pair(other, first_half),
                None => {
                    self.pending_pairs.insert(pair, first_half);
                }
            }
        }
        self.summary.games.push(game);
        if let Some(s) = &self.sprt {
            let llr = if self.summary.pentanomial.pairs() > 0 {
                s.llr_pentanomial(&self.summary.pentanomial)
            } else {
                s.llr_trinomial(self.summary.players[0].total)
            };
            self.summary.llr = Some(llr);
        }
        let (lo, hi) = (w.min(b), w.max(b));
        let names = &self.summary.players;
        score_line(&names[lo].name, &names[hi].name, self.h2h[lo][hi])
    }

    /// The SPRT's status line once it has accepted a hypothesis.
    pub fn sprt_decision(&self) -> Option<String> {
        let (s, llr) = (self.sprt.as_ref()?, self.summary.llr?);
        (s.result(llr) != SprtResult::Continue).then(|| s.status_line(llr))
    }

    /// Record why the match stopped early.
    pub fn stop(&mut self, why: String) {
        self.summary.stopped = Some(why);
    }

    /// The standings so far.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The final standings.
    pub fn into_summary(self) -> Summary {
        self.summary
    }
}
