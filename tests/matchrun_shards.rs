//! `-shard K/N` and `-merge` (issue 15 part 1): shards are disjoint slices that keep
//! pairs together, and with depth-limited engines the merged records and standings of
//! the shards are those of the unsharded run, game for game.

use std::path::{Path, PathBuf};

use dratp::matchrun::cli::{parse_args, Command, Shard, TournamentKind};
use dratp::matchrun::json::Json;
use dratp::matchrun::pgn::{read_games, PgnGame};
use dratp::matchrun::tournament::{run, schedule, Summary};

mod match_common;
use match_common::{dratp_match, scratch, words};

fn play(text: &str) -> (Summary, String) {
    let Ok(Command::Run(cfg)) = parse_args(&words(text)) else {
        panic!("bad command line {text}")
    };
    let mut out = Vec::new();
    let s = run(&cfg, &mut out).unwrap_or_else(|e| panic!("match failed: {e}"));
    (s, String::from_utf8(out).unwrap())
}

/// A record's tags, moves, result and final comment.
type Comparable = (Vec<(String, String)>, Vec<String>, String, Option<String>);

/// A record without what differs between two runs of the same game (date, move times).
fn comparable(g: &PgnGame) -> Comparable {
    let tags = g.tags.iter().filter(|(n, _)| n != "Date").cloned().collect();
    let moves = g
        .moves
        .iter()
        .map(|m| format!("{} {:?} {:?}", m.text, m.score, m.depth))
        .collect();
    (tags, moves, g.result.clone(), g.final_comment.clone())
}

fn records(path: &Path) -> Vec<Comparable> {
    read_games(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .iter()
        .map(comparable)
        .collect()
}

/// Per game in number order: number, players, result, termination, reason, plies, start.
fn games(s: &Summary) -> Vec<String> {
    let mut g = s.games.clone();
    g.sort_by_key(|g| g.job.number);
    g.iter()
        .map(|g| {
            format!(
                "{} {:?} {} {:?} {} {} {}",
                g.job.number,
                g.job.players,
                g.outcome.result_token(),
                g.outcome.termination,
                g.outcome.reason,
                g.plies,
                g.start
            )
        })
        .collect()
}

#[test]
fn shards_are_disjoint_cover_the_run_and_keep_pairs_together() {
    for (engines, kind, games, rounds, repeat) in [
        (2, TournamentKind::RoundRobin, 2, 7, true),
        (3, TournamentKind::RoundRobin, 3, 2, false),
        (4, TournamentKind::Gauntlet, 2, 3, true),
    ] {
        let (jobs, _) = schedule(engines, kind, games, rounds, repeat);
        for n in 1..=5 {
            let mut count = vec![0; jobs.len()];
            for k in 1..=n {
                let shard = Shard { index: k, count: n };
                for j in jobs.iter().filter(|j| shard.holds(j.slot)) {
                    count[j.number as usize - 1] += 1;
                    if let Some(p) = j.pair {
                        assert!(
                            jobs.iter().filter(|o| o.pair == Some(p)).all(|o| shard.holds(o.slot)),
                            "pair {p} split"
                        );
                    }
                }
            }
            assert!(count.iter().all(|&c| c == 1), "{count:?}");
        }
    }
}

#[test]
fn merged_shards_equal_the_unsharded_run_game_for_game() {
    let dir = scratch("merge");
    let dratp = env!("CARGO_BIN_EXE_dratp");
    let base = format!(
        "-engine cmd={dratp} name=d1 depth=1 -engine cmd={dratp} name=d2 nodes=300 -each maxwait=60 \
         -games 2 -rounds 3 -repeat -maxmoves 50 -forces random seed=5 -ratinginterval 0"
    );
    let path = |name: &str| dir.join(name).display().to_string();
    let (full, full_out) = play(&format!(
        "{base} -pgnout {} -jsonout {}",
        path("full.pgn"),
        path("full.json")
    ));
    assert_eq!(full.games.len(), 6);
    let mut merge_args = vec!["-merge".to_string()];
    for k in 1..=3 {
        // Shards may differ in run-only options such as -concurrency.
        let (s, _) = play(&format!(
            "{base} -shard {k}/3 -concurrency {} -pgnout {} -jsonout {}",
            1 + k % 2,
            path(&format!("s{k}.pgn")),
            path(&format!("s{k}.json"))
        ));
        assert_eq!(s.games.len(), 2, "one pair per shard");
        merge_args.push(path(&format!("s{k}.json")));
    }
    for k in 1..=3 {
        merge_args.push(path(&format!("s{k}.pgn")));
    }
    merge_args.extend(words(&format!(
        "-pgnout {} -jsonout {}",
        path("merged.pgn"),
        path("merged.json")
    )));
    let (code, merged_out) = dratp_match(&merge_args);
    assert_eq!(code, 0, "{merged_out}");
    let (first, block) = merged_out.split_once('\n').unwrap();
    assert_eq!(first, "Merged 3 of 3 shards: 6 games");
    assert!(full_out.ends_with(block), "merged:\n{block}\nfull:\n{full_out}");
    assert_eq!(records(&dir.join("merged.pgn")), records(&dir.join("full.pgn")));
    // The merged summary is the JSON of the full run (plus the list of shards merged), and
    // is itself a complete run that merges to the same block.
    let json = |name: &str| Json::parse(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap();
    let Json::Obj(mut merged_fields) = json("merged.json") else {
        panic!()
    };
    merged_fields.retain(|(k, _)| k != "merged_shards");
    assert_eq!(Json::Obj(merged_fields), json("full.json"));
    let again = dratp_match(&words(&format!("-merge {}", path("merged.json"))));
    assert_eq!(again, (0, format!("Merged 1 of 1 shards: 6 games\n{block}")));
    let (merged, _) = {
        let Ok(Command::Merge { .. }) = parse_args(&merge_args) else {
            panic!()
        };
        let req = dratp::matchrun::summary::MergeRequest {
            files: &merge_args[1..7].iter().map(PathBuf::from).collect::<Vec<_>>(),
            pgnout: None,
            jsonout: None,
            partial: false,
        };
        let mut out = Vec::new();
        (dratp::matchrun::summary::merge(&req, &mut out).unwrap(), out)
    };
    assert_eq!(games(&merged), games(&full));
    assert_eq!(merged.pentanomial.counts, full.pentanomial.counts);
    for (m, f) in merged.players.iter().zip(&full.players) {
        assert_eq!((m.total, m.white, m.black), (f.total, f.white, f.black));
    }
    refusals(&dir, &merge_args);
}

/// A missing shard, a shard given twice, or a shard of another run is refused.
fn refusals(dir: &Path, merge_args: &[String]) {
    let err = |args: Vec<String>| {
        let Ok(Command::Merge { files, partial, .. }) = parse_args(&args) else {
            panic!("{args:?}")
        };
        let req = dratp::matchrun::summary::MergeRequest {
            files: &files,
            pgnout: None,
            jsonout: None,
            partial,
        };
        dratp::matchrun::summary::merge(&req, &mut Vec::new()).map(|s| s.games.len())
    };
    let summaries = &merge_args[1..4];
    let e = err(vec!["-merge".into(), summaries[0].clone(), summaries[1].clone()]).unwrap_err();
    assert!(e.contains("shard 3 of 3 missing"), "{e}");
    assert_eq!(
        err(vec![
            "-merge".into(),
            summaries[0].clone(),
            summaries[2].clone(),
            "-partial".into()
        ]),
        Ok(4)
    );
    let e = err(vec!["-merge".into(), summaries[0].clone(), summaries[0].clone()]).unwrap_err();
    assert!(e.contains("shard 1/3 is given twice"), "{e}");
    let other = dir.join("other.json");
    let text = std::fs::read_to_string(&summaries[2]).unwrap();
    std::fs::write(&other, text.replace("seed=5", "seed=6")).unwrap();
    let e = err(vec![
        "-merge".into(),
        summaries[0].clone(),
        summaries[1].clone(),
        other.display().to_string(),
    ])
    .unwrap_err();
    assert!(e.contains("was run with different arguments"), "{e}");
}
