//! The summary of a match: the result block printed every `-ratinginterval` games
//! and at the end (in cutechess-cli's form), and the `-jsonout` document.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::cli::{parse_args, Command, MatchConfig, Variant};
use super::json::Json;
use super::referee::{Outcome, Termination};
use super::standings::{FinishedGame, PlayerStats, Standings, Summary};
use super::stats::{elo_line, fmt_f1, fmt_fixed, pentanomial_line, Elo, SprtResult, Wdl};
use super::tournament::{schedule, DraftInfo, Job};
use crate::rules::Side;

/// The block printed every `-ratinginterval` games and at the end.
pub fn results_block(cfg: &MatchConfig, s: &Summary) -> String {
    let mut lines: Vec<String> = Vec::new();
    if s.players.len() == 2 {
        let p = &s.players[0];
        let side = |label: String, wdl: Wdl| {
            let score = if wdl.games() == 0 {
                "nan".to_string()
            } else {
                format!("{:.3}", wdl.score())
            };
            format!(
                "...      {label}: {} - {} - {}  [{score}] {}",
                wdl.wins,
                wdl.losses,
                wdl.draws,
                wdl.games()
            )
        };
        if p.white.games() > 0 {
            lines.push(side(format!("{} playing White", p.name), p.white));
        }
        if p.black.games() > 0 {
            lines.push(side(format!("{} playing Black", p.name), p.black));
        }
        let white_side = Wdl {
            wins: p.white.wins + p.black.losses,
            losses: p.white.losses + p.black.wins,
            draws: p.total.draws,
        };
        if p.total.games() > 0 {
            lines.push(side("White vs Black".to_string(), white_side));
        }
        lines.push(elo_line(p.total));
        if cfg.repeat {
            lines.push(pentanomial_line(&s.pentanomial));
        }
    } else {
        lines.push(format!(
            "{:<4} {:<25} {:>7} {:>7} {:>8} {:>7} {:>7}",
            "Rank", "Name", "Elo", "+/-", "nGames", "Score", "Draw"
        ));
        let mut order: Vec<&PlayerStats> = s.players.iter().collect();
        order.sort_by(|a, b| b.total.score().total_cmp(&a.total.score()));
        for (i, p) in order.iter().enumerate() {
            let e = Elo::new(p.total);
            lines.push(format!(
                "{:>4} {:<25} {:>7} {:>7} {:>8} {:>6}% {:>6}%",
                i + 1,
                p.name,
                fmt_fixed(e.diff(), 0),
                fmt_fixed(e.error_margin(), 0),
                p.total.games(),
                fmt_f1(p.total.score() * 100.0),
                fmt_f1(e.draw_ratio())
            ));
        }
    }
    if let (Some(sprt), Some(llr)) = (&cfg.sprt, s.llr) {
        lines.push(sprt.status_line(llr));
    }
    lines.join("\n")
}

fn wdl_json(w: Wdl) -> Vec<(&'static str, Json)> {
    let e = Elo::new(w);
    vec![
        ("games", Json::Int(w.games() as i64)),
        ("wins", Json::Int(w.wins as i64)),
        ("losses", Json::Int(w.losses as i64)),
        ("draws", Json::Int(w.draws as i64)),
        ("score", Json::Num(w.score())),
        ("elo", Json::Num(e.diff())),
        ("elo_error", Json::Num(e.error_margin())),
        ("los", Json::Num(e.los())),
        ("draw_ratio", Json::Num(e.draw_ratio())),
    ]
}

/// The fields that open every summary: the event, the arguments that define the games,
/// the shard (`[1, 1]` for a whole run) and the games of the whole run (`-merge` reads them).
pub fn run_fields(cfg: &MatchConfig, scheduled: usize) -> Vec<(&'static str, Json)> {
    let shard = cfg.shard.map_or([1, 1], |s| [s.index, s.count]);
    vec![
        ("event", Json::str(cfg.event.clone())),
        (
            "arguments",
            Json::Arr(cfg.arguments.iter().map(|a| Json::str(a.clone())).collect()),
        ),
        ("shard", Json::Arr(shard.iter().map(|&v| Json::Int(v.into())).collect())),
        ("games_scheduled", Json::Int(scheduled as i64)),
    ]
}

/// The `-jsonout` document.
pub fn summary_json(cfg: &MatchConfig, s: &Summary) -> Json {
    let name = |i: usize| Json::str(s.players[i].name.clone());
    let players = s
        .players
        .iter()
        .map(|p| {
            let mut f = vec![
                ("name", Json::str(p.name.clone())),
                ("id_name", p.id_name.clone().map_or(Json::Null, Json::Str)),
            ];
            f.extend(wdl_json(p.total));
            f.push(("as_white", Json::obj(wdl_json(p.white))));
            f.push(("as_black", Json::obj(wdl_json(p.black))));
            Json::obj(f)
        })
        .collect();
    let games = s
        .games
        .iter()
        .map(|g| {
            let mut f = vec![
                ("number", Json::Int(g.job.number as i64)),
                ("white", name(g.job.players[0])),
                ("black", name(g.job.players[1])),
                ("result", Json::str(g.outcome.result_token())),
                ("termination", Json::str(g.outcome.termination.pgn())),
                ("reason", Json::str(g.outcome.reason.clone())),
                ("plies", Json::Int(g.plies as i64)),
                ("start", Json::str(g.start.clone())),
            ];
            if let Some(d) = &g.draft {
                f.push((
                    "draft",
                    Json::obj(vec![
                        ("pool", Json::str(d.pool.clone())),
                        ("picks", Json::str(d.picks.clone())),
                        ("first", name(d.first)),
                    ]),
                ));
            }
            Json::obj(f)
        })
        .collect();
    let mut doc = run_fields(cfg, s.scheduled);
    doc.push(("players", Json::Arr(players)));
    doc.push(("games", Json::Arr(games)));
    if s.players.len() == 2 {
        doc.push((
            "pentanomial",
            Json::Arr(s.pentanomial.counts.iter().map(|&c| Json::Int(c as i64)).collect()),
        ));
    }
    if let (Some(sp), Some(llr)) = (&cfg.sprt, s.llr) {
        let verdict = match sp.result(llr) {
            SprtResult::Continue => "continue",
            SprtResult::AcceptH0 => "H0",
            SprtResult::AcceptH1 => "H1",
        };
        doc.push((
            "sprt",
            Json::obj(vec![
                ("elo0", Json::Num(sp.elo0)),
                ("elo1", Json::Num(sp.elo1)),
                ("alpha", Json::Num(sp.alpha)),
                ("beta", Json::Num(sp.beta)),
                ("llr", Json::Num(llr)),
                ("lbound", Json::Num(sp.lower_bound())),
                ("ubound", Json::Num(sp.upper_bound())),
                ("result", Json::str(verdict)),
            ]),
        ));
    }
    doc.push(("stopped", s.stopped.clone().map_or(Json::Null, Json::Str)));
    Json::obj(doc)
}

/// One shard's `-jsonout` summary, as `-merge` reads it.
struct ShardSummary {
    file: String,
    arguments: Vec<String>,
    shard: [u32; 2],
    doc: Json,
}

impl ShardSummary {
    fn read(file: &Path, text: &str) -> Result<ShardSummary, String> {
        let name = file.display().to_string();
        let bad = |what: &str| format!("-merge: {name}: {what}");
        let doc = Json::parse(text).map_err(|e| bad(&e))?;
        let arguments = doc
            .get("arguments")
            .and_then(Json::as_array)
            .ok_or_else(|| bad("no \"arguments\": not a dratp-match summary"))?
            .iter()
            .map(|a| a.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| bad("\"arguments\" must be strings"))?;
        let shard = match doc.get("shard").and_then(Json::as_array) {
            Some([Json::Int(k), Json::Int(n)]) if (1..=*n).contains(k) => [*k as u32, *n as u32],
            _ => return Err(bad("no valid \"shard\": [K, N]")),
        };
        Ok(ShardSummary {
            file: name,
            arguments,
            shard,
            doc,
        })
    }
}

/// What `-merge` was given.
pub struct MergeRequest<'a> {
    /// Summaries and record files.
    pub files: &'a [PathBuf],
    /// Merged records.
    pub pgnout: Option<&'a Path>,
    /// Merged summary.
    pub jsonout: Option<&'a Path>,
    /// Accept missing shards.
    pub partial: bool,
}

/// The shards of one run, as `-merge` reads them: their summaries and records, checked
/// to belong together, and the run's configuration from their arguments.
pub struct Shards {
    /// Each shard's summary document, with its file name.
    pub docs: Vec<(String, Json)>,
    /// Game records by game number (`Round` tag), from the record files given.
    pub records: Vec<(u32, String)>,
    /// The shards merged (K of each K/N), ascending.
    pub merged: Vec<u32>,
    /// N.
    pub count: u32,
    /// The run's configuration.
    pub cfg: MatchConfig,
}

/// Read the files of `-merge` and check that the summaries are the shards of one run.
pub fn read_shards(req: &MergeRequest) -> Result<Shards, String> {
    let mut shards: Vec<ShardSummary> = Vec::new();
    let mut records: Vec<(u32, String)> = Vec::new();
    for f in req.files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("-merge: {}: {e}", f.display()))?;
        if text.trim_start().starts_with('{') {
            shards.push(ShardSummary::read(f, &text)?);
        } else {
            records.extend(split_records(&text).map_err(|e| format!("-merge: {}: {e}", f.display()))?);
        }
    }
    let merged = check_shards(&shards, req.partial)?;
    let cfg = match parse_args(&shards[0].arguments) {
        Ok(Command::Run(c)) => *c,
        _ => return Err(format!("-merge: {}: its arguments are not a match", shards[0].file)),
    };
    Ok(Shards {
        count: shards[0].shard[1],
        docs: shards.into_iter().map(|s| (s.file, s.doc)).collect(),
        records,
        merged,
        cfg,
    })
}

impl Shards {
    /// The `id name` an engine sent, from the first summary that has it.
    pub fn id_name(&self, name: &str) -> Option<String> {
        self.docs.iter().find_map(|(_, doc)| {
            let players = doc.get("players")?.as_array()?;
            let p = players
                .iter()
                .find(|p| p.get("name").and_then(Json::as_str) == Some(name))?;
            p.get("id_name")?.as_str().map(str::to_string)
        })
    }

    /// The first reason a shard gives for stopping early.
    pub fn stopped(&self) -> Option<String> {
        self.docs
            .iter()
            .find_map(|(_, doc)| doc.get("stopped")?.as_str().map(str::to_string))
    }

    /// Print the merged result block, then write the records of the games counted (`numbers`, in game-number
    /// order) and the merged summary.
    pub fn finish(
        &self,
        req: &MergeRequest,
        out: &mut dyn Write,
        block: &str,
        numbers: Vec<u32>,
        mut doc: Json,
    ) -> Result<(), String> {
        let _ = writeln!(
            out,
            "Merged {} of {} shards: {} games",
            self.merged.len(),
            self.count,
            numbers.len()
        );
        let _ = writeln!(out, "{block}");
        let _ = writeln!(out, "Finished match");
        if let Some(path) = req.pgnout {
            write_records(path, numbers, &self.records)?;
        }
        if let Some(path) = req.jsonout {
            if let Json::Obj(fields) = &mut doc {
                let list = self.merged.iter().map(|&k| Json::Int(k.into())).collect();
                fields.insert(3, ("merged_shards".to_string(), Json::Arr(list)));
            }
            std::fs::write(path, doc.pretty()).map_err(|e| format!("-jsonout: {}: {e}", path.display()))?;
        }
        Ok(())
    }
}

/// `-merge` of a two-player run: check that the summaries are the shards of one run,
/// count their games in game-number order (as one run with `-concurrency 1` would,
/// stopping where its SPRT would), print the result block and write the merged records
/// and summary.
pub fn merge(req: &MergeRequest, out: &mut dyn Write) -> Result<Summary, String> {
    let shards = read_shards(req)?;
    if shards.cfg.variant != Variant::Duel {
        return Err("-merge: these are shards of a four-player run".to_string());
    }
    merge_duel(&shards, req, out)
}

/// The two-player part of `-merge`, once the shards are read.
pub fn merge_duel(shards: &Shards, req: &MergeRequest, out: &mut dyn Write) -> Result<Summary, String> {
    let cfg = &shards.cfg;
    let standings = count_games(cfg, shards)?;
    let summary = standings.into_summary();
    let numbers = summary.games.iter().map(|g| g.job.number).collect();
    let doc = summary_json(cfg, &summary);
    shards.finish(req, out, &results_block(cfg, &summary), numbers, doc)?;
    Ok(summary)
}

/// The shards merged, ascending; refuses mixed arguments, shard counts, repeats and (unless partial) gaps.
fn check_shards(shards: &[ShardSummary], partial: bool) -> Result<Vec<u32>, String> {
    let first = shards.first().ok_or("-merge: no summary (.json) among the files")?;
    let count = first.shard[1];
    let mut seen = vec![false; count as usize];
    for s in shards {
        if s.arguments != first.arguments {
            return Err(format!(
                "-merge: {} was run with different arguments than {}: '{}' vs '{}'",
                s.file,
                first.file,
                s.arguments.join(" "),
                first.arguments.join(" ")
            ));
        }
        if s.shard[1] != count {
            return Err(format!(
                "-merge: {} is a shard of {}, {} of {count}",
                s.file, s.shard[1], first.file
            ));
        }
        let k = s.shard[0] as usize - 1;
        if std::mem::replace(&mut seen[k], true) {
            return Err(format!("-merge: shard {}/{count} is given twice ({})", k + 1, s.file));
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|k| !seen[*k as usize - 1])
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() && !partial {
        return Err(format!(
            "-merge: shard {} of {count} missing (give every shard's summary, or -partial)",
            missing.join(", ")
        ));
    }
    Ok((1..=count).filter(|k| seen[*k as usize - 1]).collect())
}

/// Every shard's games counted in game-number order, up to an SPRT decision.
fn count_games(cfg: &MatchConfig, shards: &Shards) -> Result<Standings, String> {
    let (jobs, _) = schedule(cfg.engines.len(), cfg.tournament, cfg.games, cfg.rounds, cfg.repeat);
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    let id_names = names.iter().map(|n| shards.id_name(n)).collect();
    let mut games = Vec::new();
    for (file, doc) in &shards.docs {
        let list = doc.get("games").and_then(Json::as_array).unwrap_or_default();
        for g in list {
            games.push(finished_game(g, &jobs, &names).ok_or_else(|| format!("-merge: {file}: a game is malformed"))?);
        }
    }
    games.sort_by_key(|g| g.job.number);
    let mut standings = Standings::new(&names, id_names, cfg.sprt, jobs.len());
    for g in games {
        standings.record(g);
        if let Some(decision) = standings.sprt_decision() {
            standings.stop(decision);
            break;
        }
    }
    if standings.summary().stopped.is_none() {
        if let Some(why) = shards.stopped() {
            standings.stop(why);
        }
    }
    Ok(standings)
}

/// One game of a summary, matched to its scheduled job.
fn finished_game(g: &Json, jobs: &[Job], names: &[String]) -> Option<FinishedGame> {
    let text = |k: &str| g.get(k).and_then(Json::as_str);
    let number = g.get("number")?.as_int()?;
    let job = *jobs.get(usize::try_from(number).ok()?.checked_sub(1)?)?;
    let index = |n: &str| names.iter().position(|x| x == n);
    if [index(text("white")?)?, index(text("black")?)?] != job.players {
        return None;
    }
    let winner = match text("result")? {
        "1-0" => Some(Side::White),
        "0-1" => Some(Side::Black),
        "1/2-1/2" => None,
        _ => return None,
    };
    let draft = match g.get("draft") {
        Some(d) => Some(Arc::new(DraftInfo {
            pool: d.get("pool")?.as_str()?.to_string(),
            picks: d.get("picks")?.as_str()?.to_string(),
            first: index(d.get("first")?.as_str()?)?,
        })),
        None => None,
    };
    Some(FinishedGame {
        job,
        outcome: Outcome {
            winner,
            termination: Termination::from_pgn(text("termination")?)?,
            reason: text("reason")?.to_string(),
        },
        plies: usize::try_from(g.get("plies")?.as_int()?).ok()?,
        start: text("start")?.to_string(),
        draft,
    })
}

/// A record file cut into its games, each with its `Round` (the game number).
fn split_records(text: &str) -> Result<Vec<(u32, String)>, String> {
    let mut out: Vec<(u32, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        if line.starts_with("[Event ") {
            out.push((0, String::new()));
        }
        let Some((round, rec)) = out.last_mut() else {
            if line.trim().is_empty() {
                continue;
            }
            return Err("not a record file (no [Event tag first)".to_string());
        };
        if let Some(v) = line.strip_prefix("[Round \"") {
            *round = v
                .trim_end()
                .trim_end_matches("\"]")
                .parse()
                .map_err(|_| format!("bad Round tag: {}", line.trim()))?;
        }
        rec.push_str(line);
    }
    Ok(out)
}

/// The counted games' records in game-number order.
fn write_records(path: &Path, mut numbers: Vec<u32>, records: &[(u32, String)]) -> Result<(), String> {
    let mut text = String::new();
    numbers.sort_unstable();
    for n in numbers {
        let (_, rec) = records
            .iter()
            .find(|(r, _)| *r == n)
            .ok_or_else(|| format!("-merge: no record of game {n} among the record files"))?;
        text += rec;
    }
    std::fs::write(path, text).map_err(|e| format!("-pgnout: {}: {e}", path.display()))
}
