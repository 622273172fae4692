//! dratp-match against real processes: the fake engine's illegal moves, crashes,
//! hangs and late answers are each scored and the match goes on; adjudication,
//! SPRT early stop, records that replay, and a match between two `dratp` engines.

use std::path::PathBuf;

use dratp::matchrun::pgn::{read_games, replay_game};
use dratp::matchrun::referee::Termination;
use dratp::matchrun::tournament::{run, Summary};
use dratp::rules::Catalogue;

mod match_common;
use match_common::{config, fake, scratch, FAKE};

fn play(text: &str) -> (Summary, String) {
    let mut out = Vec::new();
    let summary = run(&config(text), &mut out).unwrap_or_else(|e| panic!("match failed: {e}"));
    (summary, String::from_utf8(out).unwrap())
}

/// Per game: result token, termination, reason.
fn results(s: &Summary) -> Vec<(String, Termination, String)> {
    let mut g = s.games.clone();
    g.sort_by_key(|g| g.job.number);
    g.iter()
        .map(|g| {
            (
                g.outcome.result_token().to_string(),
                g.outcome.termination,
                g.outcome.reason.clone(),
            )
        })
        .collect()
}

fn replay_all(pgn: &PathBuf) -> Vec<Result<String, String>> {
    let games = read_games(&std::fs::read_to_string(pgn).unwrap()).unwrap();
    games
        .iter()
        .enumerate()
        .map(|(i, g)| replay_game(i + 1, g, Catalogue::builtin()).verdict)
        .collect()
}

#[test]
fn illegal_move_loses_and_the_match_goes_on() {
    let dir = scratch("illegal");
    let pgn = dir.join("games.pgn");
    let (s, out) = play(&format!(
        "{} {} -each tc=10+0.1 -games 2 -repeat -pgnout {}",
        fake("A", ""),
        fake("B", "--fail illegal --after 2"),
        pgn.display()
    ));
    let r = results(&s);
    assert_eq!(r.len(), 2);
    // Game 1: B (black) fails on its third move; game 2: B (white) on its third.
    assert_eq!(r[0].0, "1-0");
    assert_eq!(r[0].1, Termination::RulesInfraction);
    assert_eq!(r[0].2, "Black makes an illegal move: d7d5 (not a legal action here)");
    assert_eq!(r[1].0, "0-1");
    assert!(r[1].2.starts_with("White makes an illegal move: d1d3"));
    assert_eq!(s.players[0].total.wins, 2);
    assert_eq!(s.pentanomial.counts, [0, 0, 0, 0, 1]);
    assert!(
        out.contains("Finished game 1 (A vs B): 1-0 {Black makes an illegal move: d7d5 (not a legal action here)}\n")
    );
    assert!(out.contains("Score of A vs B: 2 - 0 - 0  [1.000] 2\n"));
    assert!(out.contains("...      A playing White: 1 - 0 - 0  [1.000] 1\n"));
    assert!(out.contains("Elo difference: inf +/- nan, LOS: 92.1 %, DrawRatio: 0.0 %\n"));
    assert!(out.contains("Ptnml(0-2): [0, 0, 0, 0, 1]\n"));
    assert!(out.ends_with("Finished match\n"));
    let verdicts = replay_all(&pgn);
    assert_eq!(verdicts.len(), 2);
    assert!(verdicts.iter().all(|v| v.is_ok()), "{verdicts:?}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert!(text.contains("[Termination \"rules infraction\"]"));
    assert!(text.contains("[PlyCount \"5\"]"));
}

#[test]
fn unreadable_empty_and_missing_moves_lose() {
    let (s, _) = play(&format!(
        "-tournament gauntlet {} {} {} {} {} -each depth=1 -games 1",
        fake("A", ""),
        fake("G", "--fail garbage"),
        fake("E", "--fail empty"),
        fake("N", "--fail nomove"),
        fake("W", "--fail wrongword")
    ));
    let r = results(&s);
    assert_eq!(r.len(), 4);
    assert!(
        r.iter()
            .all(|(res, t, _)| res == "1-0" && *t == Termination::RulesInfraction),
        "{r:?}"
    );
    assert!(r[0].2.starts_with("Black sends an unreadable move: xyz!"), "{}", r[0].2);
    assert_eq!(r[1].2, "Black sends bestmove without a move");
    assert_eq!(r[2].2, "Black claims no move while it has legal actions");
    assert_eq!(r[3].2, "Black answers bestpick where bestmove is due");
    assert_eq!(s.players[0].total.wins, 4);
}

#[test]
fn round_robin_of_three_prints_a_ranking() {
    let (s, out) = play(&format!(
        "{} {} {} -each depth=1 -games 2",
        fake("A", ""),
        fake("B", "--fail illegal --after 2"),
        fake("Cee", "--fail garbage")
    ));
    assert_eq!(s.games.len(), 6);
    assert!(out.contains("Score of B vs Cee: 2 - 0 - 0  [1.000] 2\n"), "{out}");
    let table = "Rank Name                          Elo     +/-   nGames   Score    Draw\n   \
                 1 A                             inf     nan        4  100.0%    0.0%\n   \
                 2 B                               0     798        4   50.0%    0.0%\n   \
                 3 Cee                          -inf     nan        4    0.0%    0.0%\nFinished match\n";
    assert!(out.ends_with(table), "{out}");
}

#[test]
fn crash_loses_and_with_recover_the_engine_is_restarted() {
    let (s, _) = play(&format!(
        "{} {} -each tc=5+0.1 -games 4 -recover",
        fake("A", ""),
        fake("C", "--fail crash --after 1")
    ));
    let r = results(&s);
    assert_eq!(r.len(), 4, "every game is played: the crashed engine restarts");
    for (i, (res, t, reason)) in r.iter().enumerate() {
        let c_side = if i % 2 == 0 { "Black" } else { "White" };
        assert_eq!(*t, Termination::Abandoned);
        assert_eq!(reason, &format!("{c_side} disconnects"));
        assert_eq!(res, if i % 2 == 0 { "1-0" } else { "0-1" });
    }
    assert!(s.stopped.is_none());
}

#[test]
fn crash_without_recover_stops_the_match() {
    let (s, out) = play(&format!(
        "{} {} -each depth=1 -games 4",
        fake("A", ""),
        fake("C", "--fail crash")
    ));
    assert_eq!(s.games.len(), 1);
    assert!(s.stopped.as_deref().unwrap().contains("C crashed or stalled"));
    assert!(out.contains("Stopping: engine C crashed or stalled; use -recover to go on\n"));
}

#[test]
fn hang_on_a_clock_is_a_time_forfeit_and_the_engine_is_replaced() {
    let (s, _) = play(&format!(
        "{} {} -each tc=0.5+0 -games 2",
        fake("A", ""),
        fake("H", "--fail hang --after 1")
    ));
    let r = results(&s);
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].0, "1-0");
    assert_eq!(r[1].0, "0-1");
    for (_, t, reason) in &r {
        assert_eq!(*t, Termination::TimeForfeit);
        assert!(reason.contains("loses on time (no move within"), "{reason}");
    }
    assert!(s.stopped.is_none(), "a time forfeit does not stop the match");
}

#[test]
fn hang_without_a_clock_stalls() {
    let (s, _) = play(&format!(
        "{} {} -each depth=3 maxwait=0.5 -games 2 -recover",
        fake("A", ""),
        fake("H", "--fail hang")
    ));
    let r = results(&s);
    assert_eq!(r.len(), 2);
    assert!(
        r.iter()
            .all(|(_, t, reason)| *t == Termination::Abandoned && reason.contains("stalls")),
        "{r:?}"
    );
}

#[test]
fn late_answers_lose_on_time_past_the_margin_only() {
    // 1 s per move, answers after 1.2 s: forfeit with a 100 ms margin, fine with 500 ms.
    let (s, _) = play(&format!(
        "{} {} -each st=1 timemargin=100 -games 1",
        fake("A", ""),
        fake("L", "--fail late --delay 1200")
    ));
    let r = results(&s);
    assert_eq!((r[0].0.as_str(), r[0].1), ("1-0", Termination::TimeForfeit));
    let (s, _) = play(&format!(
        "{} {} -each st=1 timemargin=500 -games 1 -maxmoves 1",
        fake("A", ""),
        fake("L", "--fail late --delay 1200")
    ));
    let r = results(&s);
    assert_eq!(
        (r[0].0.as_str(), r[0].1),
        ("1/2-1/2", Termination::Adjudication),
        "{r:?}"
    );
}

#[test]
fn move_limit_and_score_adjudication() {
    let (s, _) = play(&format!(
        "{} {} -each depth=1 -maxmoves 3",
        fake("A", ""),
        fake("B", "")
    ));
    assert_eq!(
        results(&s)[0],
        (
            "1/2-1/2".to_string(),
            Termination::Adjudication,
            "Draw by move limit (3 moves)".to_string()
        )
    );
    assert_eq!(s.games[0].plies, 6);

    let (s, _) = play(&format!(
        "{} {} -each depth=1 -draw movenumber=2 movecount=2 score=10",
        fake("A", "--score 5"),
        fake("B", "--score -3")
    ));
    assert_eq!(results(&s)[0].2, "Draw by adjudication");
    assert_eq!(s.games[0].plies, 4);

    let (s, _) = play(&format!(
        "{} {} -each depth=1 -resign movecount=2 score=200 -games 2",
        fake("A", "--score 300"),
        fake("B", "--score -300")
    ));
    let r = results(&s);
    assert_eq!(
        r[0],
        (
            "1-0".to_string(),
            Termination::Adjudication,
            "Black resigns (adjudication)".to_string()
        )
    );
    assert_eq!(
        r[1],
        (
            "0-1".to_string(),
            Termination::Adjudication,
            "White resigns (adjudication)".to_string()
        )
    );
    let plies: Vec<usize> = s.games.iter().map(|g| g.plies).collect();
    assert_eq!(plies.iter().sum::<usize>(), 4 + 3);

    // Two-sided: the winner must agree. A scoring 0 does not, so B plays on to the move limit.
    let two_sided = |a_score: i32| {
        play(&format!(
            "{} {} -each depth=1 -maxmoves 4 -resign movecount=2 score=200 twosided=true",
            fake("A", &format!("--score {a_score}")),
            fake("B", "--score -300")
        ))
        .0
    };
    let s = two_sided(300);
    assert_eq!(results(&s)[0].2, "Black resigns (adjudication)");
    assert_eq!(s.games[0].plies, 4);
    let s = two_sided(0);
    assert_eq!(results(&s)[0].2, "Draw by move limit (4 moves)");
}

#[test]
fn sprt_stops_early_and_json_summarises() {
    let dir = scratch("sprt");
    let json = dir.join("summary.json");
    let (s, out) = play(&format!(
        "{} {} -each depth=1 -games 2 -rounds 20 -repeat -sprt elo0=0 elo1=200 alpha=0.05 beta=0.05 -ratinginterval 4 -jsonout {}",
        fake("A", ""),
        fake("B", "--fail illegal"),
        json.display()
    ));
    // All pairs won: the LLR is 2.93 after 7 pairs and 3.35 after 8, past the 2.94 bound.
    assert_eq!(s.games.len(), 16);
    assert_eq!(s.pentanomial.counts, [0, 0, 0, 0, 8]);
    assert!(s.stopped.as_deref().unwrap().ends_with("H1 was accepted"));
    assert!(
        out.contains("SPRT: llr 3.35 (113.7%), lbound -2.94, ubound 2.94 - H1 was accepted\n"),
        "{out}"
    );
    assert!(
        out.contains("SPRT: llr 1.67 (56.9%), lbound -2.94, ubound 2.94\n"),
        "interval block after 8 games"
    );
    let doc = std::fs::read_to_string(&json).unwrap();
    assert!(doc.contains("\"result\": \"H1\""));
    assert!(doc.contains("\"pentanomial\": [\n    0,\n    0,\n    0,\n    0,\n    8\n  ]"));
    assert_eq!(doc.matches("\"number\":").count(), 16);
    assert!(doc.contains("\"name\": \"A\",\n      \"id_name\": \"fake\","), "{doc}");
}

#[test]
fn concurrent_games_all_count() {
    let dir = scratch("concurrency");
    let pgn = dir.join("games.pgn");
    let (s, _) = play(&format!(
        "{} {} -each tc=5+0.05 -games 6 -concurrency 3 -maxmoves 4 -pgnout {}",
        fake("A", "--score 0"),
        fake("B", "--score 0"),
        pgn.display()
    ));
    assert_eq!(s.games.len(), 6);
    assert_eq!(s.players[0].total.draws, 6);
    let mut numbers: Vec<u32> = s.games.iter().map(|g| g.job.number).collect();
    numbers.sort();
    assert_eq!(numbers, vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(replay_all(&pgn).iter().filter(|v| v.is_ok()).count(), 6);
}

#[test]
fn openings_file_and_random_forces_set_the_starts() {
    let dir = scratch("openings");
    let file = dir.join("o.nfen");
    let second = dratp::rules::START_NFEN.replace(" 0/0 ", " 5/5 ");
    std::fs::write(
        &file,
        format!("# two openings\n{}\n{second}\n", dratp::rules::START_NFEN),
    )
    .unwrap();
    let (s, _) = play(&format!(
        "{} {} -each depth=1 -games 2 -rounds 2 -repeat -maxmoves 1 -openings file={} order=sequential",
        fake("A", ""),
        fake("B", ""),
        file.display()
    ));
    let mut g = s.games.clone();
    g.sort_by_key(|g| g.job.number);
    let starts: Vec<&str> = g.iter().map(|g| g.start.as_str()).collect();
    assert_eq!(
        starts,
        vec![dratp::rules::START_NFEN, dratp::rules::START_NFEN, &second, &second]
    );

    let (s, _) = play(&format!(
        "{} {} -each depth=1 -games 2 -rounds 2 -repeat -maxmoves 1 -forces singleton seed=3",
        fake("A", ""),
        fake("B", "")
    ));
    let mut g = s.games.clone();
    g.sort_by_key(|g| g.job.number);
    assert_eq!(g[0].start, g[1].start, "a pair shares its forces");
    assert_ne!(g[0].start, g[2].start, "each pair draws new forces");
}

#[test]
fn an_engine_that_cannot_start_is_reported() {
    let mut out = Vec::new();
    let e = run(
        &config(&format!(
            "{} {} -each depth=1",
            fake("A", ""),
            fake("S", "--fail startup")
        )),
        &mut out,
    )
    .unwrap_err();
    assert!(e.starts_with("engine 'S':"), "{e}");
    let e = run(
        &config("-engine cmd=/nonexistent/engine -engine cmd=/nonexistent/other -each depth=1"),
        &mut out,
    )
    .unwrap_err();
    assert!(e.contains("cannot start '/nonexistent/engine'"), "{e}");
}

#[test]
fn io_log_shows_both_dialects_options_and_clocks() {
    let dir = scratch("iolog");
    let log = dir.join("io.log");
    let (s, _) = play(&format!(
        "{} proto=ugi tc=2+0.5 {} tc=1+0.25 option.Hash=16 -games 1 -maxmoves 1 -debug {}",
        fake("U", ""),
        fake("C", ""),
        log.display()
    ));
    assert_eq!(s.games.len(), 1);
    let text = std::fs::read_to_string(&log).unwrap();
    let has = |needle: &str| text.lines().any(|l| l.contains(needle));
    assert!(
        has("U(1) > ugi") && has("U(1) < ugiok") && has("U(1) > uginewgame"),
        "{text}"
    );
    assert!(
        has("C(1) > uci") && has("C(1) < uciok") && has("C(1) > ucinewgame"),
        "{text}"
    );
    assert!(has("C(1) > setoption name Hash value 16"), "{text}");
    assert!(has("U(1) > go p1time 2000 p2time 1000 p1inc 500 p2inc 250"), "{text}");
    assert!(
        has("C(1) > position fen 1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[N01]1R1 w 0/0 "),
        "{text}"
    );
    assert!(has("C(1) > go wtime "), "{text}");
    assert!(has("U(1) < bestmove a2a3") && has("C(1) < bestmove a6a5"), "{text}");
}

#[test]
fn the_binary_runs_a_match_and_replays_its_records() {
    let dir = scratch("binary");
    let pgn = dir.join("games.pgn");
    let bin = env!("CARGO_BIN_EXE_dratp-match");
    let run_bin = |args: &[&str]| std::process::Command::new(bin).args(args).output().unwrap();
    let out = run_bin(&[
        "-engine",
        &format!("cmd={FAKE}"),
        "name=A",
        "-engine",
        &format!("cmd={FAKE}"),
        "name=B",
        "arg=--fail",
        "arg=illegal",
        "arg=--after",
        "arg=1",
        "-each",
        "tc=10+0.1",
        "option.Move Overhead=10",
        "-games",
        "2",
        "-pgnout",
        pgn.to_str().unwrap(),
        "-debug",
        dir.join("io.log").to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let log = std::fs::read_to_string(dir.join("io.log")).unwrap();
    assert!(log.contains("A(0) > setoption name Move Overhead value 10\n"), "{log}");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("Score of A vs B: 2 - 0 - 0  [1.000] 2\n"), "{stdout}");
    let out = run_bin(&["-replay", pgn.to_str().unwrap()]);
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("Game 1: ok, 3 plies, 1-0 Black makes an illegal move: d7d5"),
        "{stdout}"
    );
    assert!(stdout.ends_with("Replayed 2 games: 2 ok, 0 mismatched\n"), "{stdout}");
    let tampered = dir.join("tampered.pgn");
    let text = std::fs::read_to_string(&pgn).unwrap().replacen("a6a5", "a6a4", 1);
    std::fs::write(&tampered, text).unwrap();
    let out = run_bin(&["-replay", tampered.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("Game 1: MISMATCH after 1 plies: ply 2:"));
    let out = run_bin(&["-engine", "cmd=x", "depth=1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .starts_with("dratp-match: -engine: at least two engines"));
}

#[test]
fn dratp_at_two_depths_plays_a_match_that_replays() {
    let dir = scratch("real");
    let pgn = dir.join("games.pgn");
    let dratp = env!("CARGO_BIN_EXE_dratp");
    let (s, out) = play(&format!(
        "-engine cmd={dratp} name=d1 depth=1 -engine cmd={dratp} name=d2 depth=2 -each maxwait=60 -games 2 -rounds 2 -repeat \
         -maxmoves 80 -forces random seed=11 -pgnout {}",
        pgn.display()
    ));
    assert_eq!(s.games.len(), 4, "{out}");
    for g in &s.games {
        assert!(
            matches!(g.outcome.termination, Termination::Normal | Termination::Adjudication),
            "{:?}",
            g.outcome
        );
    }
    let verdicts = replay_all(&pgn);
    assert_eq!(verdicts.len(), 4);
    assert!(verdicts.iter().all(|v| v.is_ok()), "{verdicts:?}");
}

/// The tags of every game in a record file, by name.
fn tags_of(pgn: &PathBuf) -> Vec<std::collections::HashMap<String, String>> {
    read_games(&std::fs::read_to_string(pgn).unwrap())
        .unwrap()
        .into_iter()
        .map(|g| g.tags.into_iter().collect())
        .collect()
}

#[test]
fn draft_matches_pick_in_turn_and_give_each_game_its_forces() {
    // R30: both fakes pick the first piece left, so the picks are the sorted pool's first 14, alternately.
    use dratp::matchrun::cli::{DraftConfig, DraftNavia, DraftPair};
    use dratp::matchrun::draft::{ids_text, pair_navias, pair_pool};
    use dratp::rules::forces::start_position;
    use dratp::rules::{nfen, Force};
    let cat = Catalogue::builtin();
    let dir = scratch("draft");
    for pair_mode in [DraftPair::Keep, DraftPair::Redraft] {
        let keep = pair_mode == DraftPair::Keep;
        let (pgn, json) = (dir.join(format!("d{keep}.pgn")), dir.join(format!("d{keep}.json")));
        let (s, out) = play(&format!(
            "{} {} -each depth=1 -games 2 -rounds 2 -repeat -maxmoves 2 -draft seed=5 pair={} -pgnout {} -jsonout {}",
            fake("A", ""),
            fake("B", ""),
            if keep { "keep" } else { "redraft" },
            pgn.display(),
            json.display()
        ));
        assert_eq!(s.games.len(), 4, "{out}");
        let d = DraftConfig {
            seed: 5,
            navia: DraftNavia::Random,
            pair: pair_mode,
        };
        let tags = tags_of(&pgn);
        let mut by_round: Vec<_> = tags.iter().collect();
        by_round.sort_by_key(|t| t["Round"].parse::<u32>().unwrap());
        for pair in 0..2 {
            let pool = pair_pool(cat, &d, pair).unwrap();
            let navias = pair_navias(cat, &d, pair).unwrap();
            // The first picker's force (0) and the other's (1).
            let force = |i: usize| Force {
                navia: navias[i],
                maseitai: pool[..14].iter().skip(i).step_by(2).copied().collect(),
            };
            let (g1, g2) = (by_round[2 * pair], by_round[2 * pair + 1]);
            assert_eq!(g1["DraftPool"], ids_text(&pool, cat));
            assert_eq!(g2["DraftPool"], g1["DraftPool"], "one pool per pair");
            assert_eq!(g1["DraftPicks"], ids_text(&pool[..14], cat));
            assert_eq!(g2["DraftPicks"], g1["DraftPicks"]);
            assert_eq!((g1["White"].as_str(), g1["DraftFirst"].as_str()), ("A", "White"));
            assert_eq!(g1["FEN"], nfen(&start_position(&force(0), &force(1), cat).unwrap()));
            assert_eq!(g2["White"], "B");
            if keep {
                // A picked first and keeps its force as Black.
                assert_eq!(g2["DraftFirst"], "Black");
                assert_eq!(g2["FEN"], nfen(&start_position(&force(1), &force(0), cat).unwrap()));
            } else {
                // B, now the first player, picks first.
                assert_eq!(g2["DraftFirst"], "White");
                assert_eq!(g2["FEN"], g1["FEN"]);
            }
        }
        assert_ne!(
            by_round[0]["DraftPool"], by_round[2]["DraftPool"],
            "each pair draws a new pool"
        );
        assert!(replay_all(&pgn).iter().all(|v| v.is_ok()));
        let j = std::fs::read_to_string(&json).unwrap();
        assert!(j.contains("\"draft\"") && j.contains("\"first\": \"A\""), "{j}");
        assert_eq!(j.contains("\"first\": \"B\""), !keep, "{j}");
    }
}

#[test]
fn a_bad_draft_pick_loses_the_pairs_games() {
    let dir = scratch("draft-bad");
    let pgn = dir.join("d.pgn");
    let (s, out) = play(&format!(
        "{} {} -each depth=1 -games 2 -repeat -maxmoves 2 -draft -pgnout {}",
        fake("A", ""),
        fake("B", "--draft illegal"),
        pgn.display()
    ));
    assert_eq!(s.games.len(), 2, "{out}");
    for (_, termination, reason) in results(&s) {
        assert_eq!(termination, Termination::RulesInfraction);
        assert!(reason.contains("makes an illegal draft pick"), "{reason}");
    }
    assert_eq!(s.players[0].total.wins, 2, "{out}");
    // Game 1: A picks first, then B fails; game 2 (redrafted): B, picking first, fails at once.
    let mut tags = tags_of(&pgn);
    tags.sort_by_key(|t| t["Round"].parse::<u32>().unwrap());
    assert_eq!(tags[0]["DraftPicks"].split(',').count(), 1);
    assert_eq!(tags[1]["DraftPicks"], "");
    assert_eq!((tags[0]["Result"].as_str(), tags[1]["Result"].as_str()), ("1-0", "0-1"));
    assert!(replay_all(&pgn).iter().all(|v| v.is_ok()));

    let (s, out) = play(&format!(
        "{} {} -each depth=1 -games 2 -rounds 2 -repeat -maxmoves 2 -draft -recover",
        fake("A", "--draft crash"),
        fake("B", "")
    ));
    assert_eq!(s.games.len(), 4, "{out}");
    for (_, termination, reason) in results(&s) {
        assert_eq!(termination, Termination::Abandoned);
        assert!(reason.contains("disconnects during the draft"), "{reason}");
    }
    assert_eq!(s.players[1].total.wins, 4);

    let (s, out) = play(&format!(
        "{} {} -each depth=1 -games 2 -rounds 2 -repeat -maxmoves 2 -draft",
        fake("A", "--draft crash"),
        fake("B", "")
    ));
    assert!(s.games.len() < 4, "{out}");
    assert!(s.stopped.as_deref().unwrap_or("").contains("crashed"), "{out}");
}

#[test]
fn dratp_drafts_against_itself_and_the_records_replay() {
    let dir = scratch("draft-real");
    let pgn = dir.join("games.pgn");
    let dratp = env!("CARGO_BIN_EXE_dratp");
    let (s, out) = play(&format!(
        "-engine cmd={dratp} name=a -engine cmd={dratp} name=b -each depth=1 maxwait=60 -games 2 -rounds 2 -repeat \
         -maxmoves 60 -draft seed=3 navia=fixed pair=keep -pgnout {}",
        pgn.display()
    ));
    assert_eq!(s.games.len(), 4, "{out}");
    for g in &s.games {
        assert!(
            matches!(g.outcome.termination, Termination::Normal | Termination::Adjudication),
            "{:?}",
            g.outcome
        );
    }
    let tags = tags_of(&pgn);
    assert!(tags.iter().all(|t| t["DraftPicks"].split(',').count() == 14));
    // navia=fixed: the first picker has N01 (d1 as White, d7 as Black).
    for t in &tags {
        let (white_navia, black_navia) = if t["DraftFirst"] == "White" {
            ("N01", "n02")
        } else {
            ("N02", "n01")
        };
        assert!(t["FEN"].contains(&format!("[{white_navia}]")), "{t:?}");
        assert!(t["FEN"].contains(&format!("[{black_navia}]")), "{t:?}");
    }
    let verdicts = replay_all(&pgn);
    assert_eq!(verdicts.len(), 4);
    assert!(verdicts.iter().all(|v| v.is_ok()), "{verdicts:?}");
}

#[test]
fn the_draft_loop_asks_in_turn_and_stops_at_a_bad_pick() {
    // R30 with the fake engine: 14 picks, first picker first; an illegal pick stops the draft at once.
    use dratp::matchrun::cli::{parse_args, Command};
    use dratp::matchrun::draft::run_draft;
    use dratp::matchrun::engine_proc::EngineProc;
    use dratp::rules::forces::random_draft_pool;
    use std::sync::Arc;
    let cat = Catalogue::builtin();
    let engine = |flags: &str| {
        let args: Vec<String> = format!("{} {} -each depth=1", fake("A", flags), fake("B", ""))
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let Ok(Command::Run(c)) = parse_args(&args) else {
            panic!("bad test command line")
        };
        EngineProc::start(Arc::new(c.engines[0].clone()), 0, None).unwrap()
    };
    let pool = random_draft_pool(cat, 4).unwrap();
    let navias = [cat.find_by_name("N01").unwrap(), cat.find_by_name("N03").unwrap()];
    let (mut a, mut b) = (engine(""), engine(""));
    let d = run_draft(pool.clone(), navias, [&mut a, &mut b], cat);
    assert_eq!(d.picks, pool[..14].to_vec());
    let forces = d.forces.unwrap();
    assert_eq!(forces[0].navia, navias[0]);
    assert_eq!(
        forces[0].maseitai,
        pool[..14].iter().step_by(2).copied().collect::<Vec<_>>()
    );
    assert_eq!(
        forces[1].maseitai,
        pool[1..14].iter().step_by(2).copied().collect::<Vec<_>>()
    );

    let mut bad = engine("--draft illegal");
    let d = run_draft(pool.clone(), navias, [&mut a, &mut bad], cat);
    assert_eq!(d.picks, vec![pool[0]]);
    let f = d.forces.unwrap_err();
    assert_eq!((f.offender, f.termination), (1, Termination::RulesInfraction));
    assert!(f.what.starts_with("makes an illegal draft pick: M"), "{}", f.what);

    let mut crash = engine("--draft crash");
    let f = run_draft(pool, navias, [&mut crash, &mut b], cat).forces.unwrap_err();
    assert_eq!((f.offender, f.termination), (0, Termination::Abandoned));
    assert_eq!(f.what, "disconnects during the draft");
    for e in [a, b, bad, crash] {
        e.quit();
    }
}

#[test]
fn with_recover_an_engine_that_cannot_start_forfeits_its_games() {
    let (s, out) = play(&format!(
        "{} {} -each depth=1 -games 2 -recover",
        fake("A", ""),
        fake("S", "--fail startup")
    ));
    let r = results(&s);
    assert_eq!(r.len(), 2, "the run goes on: {out}");
    for (i, (res, t, reason)) in r.iter().enumerate() {
        let s_side = if i % 2 == 0 { "Black" } else { "White" };
        assert_eq!(*t, Termination::Abandoned);
        assert_eq!(
            reason,
            &format!("{s_side} could not be started: it exited during the handshake")
        );
        assert_eq!(res, if i % 2 == 0 { "1-0" } else { "0-1" });
    }
    assert!(s.stopped.is_none());
    let (s, _) = play(&format!(
        "{} -engine cmd=/nonexistent/engine name=N -each depth=1 -games 1 -recover",
        fake("A", "")
    ));
    let r = results(&s);
    assert_eq!(r.len(), 1);
    assert!(
        r[0].2
            .starts_with("Black could not be started: '/nonexistent/engine': "),
        "{r:?}"
    );
}
