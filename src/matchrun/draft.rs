//! Draft matches (R30): for each game pair a pool of 15 Maseitai is drawn and the
//! two engines pick from it in turn with `go draft pool … picks …` → `bestpick`;
//! the tournament decides whose turn starts and which games a draft is for.

use std::time::{Duration, Instant};

use super::cli::{DraftConfig, DraftNavia};
use super::engine_proc::{EngineError, EngineProc};
use super::referee::Termination;
use crate::rules::catalogue::PieceClass;
use crate::rules::forces::random_draft_pool;
use crate::rules::rng::Rng;
use crate::rules::{Catalogue, Draft, Force, Kind, Side};

/// How long an engine may take for one `bestpick` (a pick is not a search: engines answer in milliseconds).
pub const PICK_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a draft ended without two forces: the engine at fault and what it did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DraftFailure {
    /// The offender: 0 for the engine that picked first, 1 for the other.
    pub offender: usize,
    /// `RulesInfraction` for an illegal or unreadable pick, `Abandoned` for a crash or a timeout.
    pub termination: Termination,
    /// What it did, after its side's name: `makes an illegal draft pick: M99 (…)`.
    pub what: String,
}

/// One pair's draft: the pool, the picks made, and the forces (first picker first) or why it failed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DraftOutcome {
    /// The 15 Maseitai drawn, ascending.
    pub pool: Vec<Kind>,
    /// The picks in order, the first picker's first.
    pub picks: Vec<Kind>,
    /// The two forces, first picker first, once all 14 picks are made.
    pub forces: Result<[Force; 2], DraftFailure>,
}

/// Ids joined by commas, as the `DraftPool` and `DraftPicks` tags hold them.
pub fn ids_text(kinds: &[Kind], cat: &Catalogue) -> String {
    kinds
        .iter()
        .map(|&k| cat.get(k).code.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The Navias of a pair, first picker first: drawn with the pair's seed, or the catalogue's first two.
pub fn pair_navias(cat: &Catalogue, cfg: &DraftConfig, pair: usize) -> Result<[Kind; 2], String> {
    let navias: Vec<Kind> = cat
        .kinds()
        .filter(|&k| cat.get(k).code.class == PieceClass::Navia)
        .collect();
    if navias.is_empty() {
        return Err("-draft: the catalogue has no Navia".to_string());
    }
    Ok(match cfg.navia {
        DraftNavia::Fixed => [navias[0], navias[1 % navias.len()]],
        DraftNavia::Random => {
            let mut rng = Rng::new(cfg.seed.wrapping_add(pair as u64));
            [
                navias[rng.below_unbiased(navias.len())],
                navias[rng.below_unbiased(navias.len())],
            ]
        }
    })
}

/// The pair's pool: `random_draft_pool` with the seed plus the pair index.
pub fn pair_pool(cat: &Catalogue, cfg: &DraftConfig, pair: usize) -> Result<Vec<Kind>, String> {
    random_draft_pool(cat, cfg.seed.wrapping_add(pair as u64)).map_err(|e| format!("-draft: {e}"))
}

/// Run a draft: `engines[0]` picks first, then turn about, until 14 picks are made.
/// An illegal or unreadable pick, a missing answer or a crash stops the draft.
pub fn run_draft(pool: Vec<Kind>, navias: [Kind; 2], engines: [&mut EngineProc; 2], cat: &Catalogue) -> DraftOutcome {
    let mut draft = Draft::new(pool.clone(), Vec::new(), cat).expect("a drawn pool is a valid draft pool");
    let pool_text = ids_text(draft.pool(), cat).replace(',', " ");
    let fail = |draft: &Draft, offender, termination, what| DraftOutcome {
        pool: draft.pool().to_vec(),
        picks: draft.picks().to_vec(),
        forces: Err(DraftFailure {
            offender,
            termination,
            what,
        }),
    };
    while let Some(side) = draft.to_pick() {
        let i = side.index();
        let picks_text = ids_text(draft.picks(), cat).replace(',', " ");
        let line = if picks_text.is_empty() {
            format!("go draft pool {pool_text}")
        } else {
            format!("go draft pool {pool_text} picks {picks_text}")
        };
        let word = match ask_pick(engines[i], &line) {
            Ok(w) => w,
            Err((termination, what)) => return fail(&draft, i, termination, what),
        };
        let kind = cat.find_by_name(&word);
        match kind {
            Some(k) if draft.pick(k) => {}
            Some(_) => {
                let what = format!("makes an illegal draft pick: {word} (not left in the pool)");
                return fail(&draft, i, Termination::RulesInfraction, what);
            }
            None => {
                let what = format!("sends an unreadable draft pick: {word}");
                return fail(&draft, i, Termination::RulesInfraction, what);
            }
        }
    }
    let forces = draft.forces(navias).expect("14 picks made");
    DraftOutcome {
        pool: draft.pool().to_vec(),
        picks: draft.picks().to_vec(),
        forces: Ok(forces),
    }
}

/// Send one `go draft` line and read up to `bestpick <word>`; an `info string error` line is a failure.
fn ask_pick(e: &mut EngineProc, line: &str) -> Result<String, (Termination, String)> {
    let lost = |err: EngineError| match err {
        EngineError::Timeout(..) => (
            Termination::Abandoned,
            format!("sends no draft pick within {} s", PICK_TIMEOUT.as_secs()),
        ),
        _ => (Termination::Abandoned, "disconnects during the draft".to_string()),
    };
    e.send(line).map_err(lost)?;
    let deadline = Instant::now() + PICK_TIMEOUT;
    loop {
        let (_, text) = e.recv(deadline, "bestpick").map_err(lost)?;
        let mut words = text.split_whitespace();
        match words.next() {
            Some("bestpick") => {
                return match words.next() {
                    Some(w) => Ok(w.to_string()),
                    None => Err((
                        Termination::RulesInfraction,
                        "sends bestpick without a piece".to_string(),
                    )),
                }
            }
            Some("bestmove") => {
                return Err((
                    Termination::RulesInfraction,
                    "answers go draft with bestmove (no draft support?)".to_string(),
                ))
            }
            Some("info") if text.contains("info string error") => {
                return Err((
                    Termination::RulesInfraction,
                    format!("refuses the draft: {}", text.trim()),
                ))
            }
            _ => {}
        }
    }
}

/// The sentence for a game lost by a draft failure: the offender's side in this game, then what it did.
pub fn failure_reason(side: Side, f: &DraftFailure) -> String {
    format!("{} {}", super::referee::side_name(side), f.what)
}
