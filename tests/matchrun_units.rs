//! dratp-match without engines: statistics against known values, the command
//! line, records written and read back, replay checks, random forces (R28, R29).

use std::time::Duration;

use dratp::matchrun::cli::{
    parse_args, parse_tc, Clock, Command, DraftConfig, DraftNavia, DraftPair, ForceRule, ForcesConfig, MatchConfig,
    OpeningOrder, Proto,
};
use dratp::matchrun::json::Json;
use dratp::matchrun::openings::{order_openings, parse_openings, random_forces, random_start};
use dratp::matchrun::pgn::{read_games, replay_game, write_game, RecordInfo};
use dratp::matchrun::referee::{go_line, parse_info, EngineScore, MoveRecord, Outcome, Termination};
use dratp::matchrun::stats::{
    elo_from_score, elo_line, erf, fmt_fixed, fmt_g3, pentanomial_line, score_line, Elo, Pentanomial, Sprt, SprtResult,
    Wdl,
};
use dratp::matchrun::tournament::{engine_threads, pgn_date, schedule, time_control_text, Job};
use dratp::rules::forces::{random_force, start_position, validate};
use dratp::rules::{nfen, Catalogue, Game, Position, Side, START_NFEN};

fn wdl(wins: u32, losses: u32, draws: u32) -> Wdl {
    Wdl { wins, losses, draws }
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_string).collect()
}

fn run_cfg(s: &str) -> MatchConfig {
    match parse_args(&args(s)) {
        Ok(Command::Run(c)) => *c,
        other => panic!("expected a match config, got {other:?}"),
    }
}

// ---- statistics ----

#[test]
fn the_cores_a_game_needs_count_each_engines_threads() {
    let cfg = run_cfg("-engine cmd=a option.Threads=2 -engine cmd=b -each tc=2+0.02 -engine cmd=c option.threads=x");
    let threads: Vec<usize> = cfg.engines.iter().map(engine_threads).collect();
    // Unset or unreadable: the engine's own default of one thread.
    assert_eq!(threads, [2, 1, 1]);
    let cfg = run_cfg("-engine cmd=a -engine cmd=b -each option.Threads=4 depth=3");
    assert_eq!(cfg.engines.iter().map(engine_threads).collect::<Vec<_>>(), [4, 4]);
}

#[test]
fn elo_of_60_40_0_is_70_4() {
    let e = Elo::new(wdl(60, 40, 0));
    assert!(close(e.diff(), 70.4365, 1e-3), "{}", e.diff());
    assert!(close(e.error_margin(), 70.5712, 1e-3), "{}", e.error_margin());
    assert!(close(e.los(), 97.7250, 1e-3), "{}", e.los());
    assert_eq!(e.draw_ratio(), 0.0);
    assert_eq!(
        elo_line(wdl(60, 40, 0)),
        "Elo difference: 70.4 +/- 70.6, LOS: 97.7 %, DrawRatio: 0.0 %"
    );
}

#[test]
fn elo_with_draws_matches_reference_values() {
    // Reference values computed independently with Python's math.erf and the same formulas.
    let e = Elo::new(wdl(52, 38, 110));
    assert!(close(e.diff(), 24.3603, 1e-3));
    assert!(close(e.error_margin(), 32.3774, 1e-3));
    assert!(close(e.los(), 92.9992, 1e-3));
    assert!(close(e.draw_ratio(), 55.0, 1e-9));
    let even = Elo::new(wdl(10, 10, 5));
    assert!(close(even.diff(), 0.0, 1e-9));
    assert!(close(even.error_margin(), 127.2094, 1e-3));
    assert!(close(even.los(), 50.0, 1e-4));
}

#[test]
fn elo_and_score_are_inverse() {
    for elo in [-400.0, -70.0, 0.0, 35.5, 300.0] {
        let p = 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        assert!(close(elo_from_score(p), elo, 1e-9));
    }
}

#[test]
fn erf_is_accurate() {
    for (x, want) in [
        (0.0, 0.0),
        (0.5, 0.520_499_877_8),
        (1.0, 0.842_700_792_9),
        (-1.5, -0.966_105_146_5),
        (3.0, 0.999_977_909_5),
    ] {
        assert!(close(erf(x), want, 2e-7), "erf({x}) = {} not {want}", erf(x));
    }
}

#[test]
fn sprt_bounds_and_llr_match_reference_values() {
    let s = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
    assert!(close(s.lower_bound(), -2.944_438_979, 1e-9));
    assert!(close(s.upper_bound(), 2.944_438_979, 1e-9));
    // Reference LLRs from an independent Python implementation of the same GSPRT.
    assert!(close(s.llr_trinomial(wdl(52, 38, 110)), 0.402_194_733, 1e-6));
    assert!(close(s.llr_trinomial(wdl(500, 400, 1200)), 2.853_093_506, 1e-6));
    let penta = Pentanomial {
        counts: [10, 50, 200, 60, 15],
    };
    assert!(close(s.llr_pentanomial(&penta), 0.699_264_973, 1e-6));
    let s2 = Sprt::new(-1.0, 3.0, 0.05, 0.05).unwrap();
    assert!(close(
        s2.llr_pentanomial(&Pentanomial {
            counts: [100, 500, 2000, 600, 150]
        }),
        6.649_677_59,
        1e-5
    ));
}

#[test]
fn sprt_llr_is_close_to_the_normal_approximation() {
    // LLR ≈ N (s1 − s0)(2 s̄ − s0 − s1) / (2 σ²) for small Elo differences.
    let s = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
    let r = wdl(52, 38, 110);
    let n = r.games() as f64;
    let mean = r.score();
    let var =
        (r.wins as f64 * (1.0 - mean).powi(2) + r.losses as f64 * mean.powi(2) + r.draws as f64 * (0.5 - mean).powi(2))
            / n;
    let sc = |e: f64| 1.0 / (1.0 + 10f64.powf(-e / 400.0));
    let approx = n * (sc(5.0) - sc(0.0)) * (2.0 * mean - sc(0.0) - sc(5.0)) / (2.0 * var);
    assert!(
        close(s.llr_trinomial(r), approx, 0.01),
        "{} vs {approx}",
        s.llr_trinomial(r)
    );
}

#[test]
fn sprt_verdicts_and_status_line() {
    let s = Sprt::new(0.0, 200.0, 0.05, 0.05).unwrap();
    let all_won = |n| Pentanomial {
        counts: [0, 0, 0, 0, n],
    };
    assert_eq!(s.result(s.llr_pentanomial(&all_won(7))), SprtResult::Continue);
    assert_eq!(s.result(s.llr_pentanomial(&all_won(8))), SprtResult::AcceptH1);
    let all_lost = Pentanomial {
        counts: [8, 0, 0, 0, 0],
    };
    assert_eq!(s.result(s.llr_pentanomial(&all_lost)), SprtResult::AcceptH0);
    let s5 = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
    assert_eq!(
        s5.status_line(0.402_194_733),
        "SPRT: llr 0.402 (13.7%), lbound -2.94, ubound 2.94"
    );
    assert_eq!(
        s5.status_line(3.0),
        "SPRT: llr 3 (101.9%), lbound -2.94, ubound 2.94 - H1 was accepted"
    );
    assert!(s5.status_line(-3.1).ends_with(" - H0 was accepted"));
    assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
    assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
    assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
}

#[test]
fn numbers_print_like_cutechess() {
    assert_eq!(fmt_g3(2.944_438_979), "2.94");
    assert_eq!(fmt_g3(-2.944_438_979), "-2.94");
    assert_eq!(fmt_g3(0.5), "0.5");
    assert_eq!(fmt_g3(0.0), "0");
    assert_eq!(fmt_g3(12.345), "12.3");
    assert_eq!(fmt_g3(123.4), "123");
    assert_eq!(fmt_g3(1234.0), "1.23e+03");
    assert_eq!(fmt_g3(0.000_123_4), "0.000123");
    assert_eq!(fmt_g3(0.000_012_34), "1.23e-05");
    assert_eq!(fmt_fixed(-0.0001, 0), "0");
    assert_eq!(fmt_fixed(-0.6, 0), "-1");
    assert_eq!(fmt_fixed(f64::NAN, 1), "nan");
    assert_eq!(fmt_fixed(f64::NEG_INFINITY, 1), "-inf");
    assert_eq!(fmt_fixed(70.4365, 1), "70.4");
    assert_eq!(
        score_line("A", "B", wdl(60, 40, 0)),
        "Score of A vs B: 60 - 40 - 0  [0.600] 100"
    );
    let mut p = Pentanomial::default();
    p.add_pair(2, 2);
    p.add_pair(2, 0);
    p.add_pair(1, 0);
    assert_eq!(pentanomial_line(&p), "Ptnml(0-2): [0, 1, 1, 0, 1]");
}

// ---- command line ----

#[test]
fn command_line_in_cutechess_style() {
    let c = run_cfg(
        "-engine cmd=./dratp name=new option.Hash=64 tc=40/60+0.6 -engine cmd=/usr/bin/old arg=--x arg=y proto=ugi \
         -each tc=10+0.1 timemargin=50 option.Threads=1 -games 2 -rounds 5 -repeat -concurrency 2 \
         -openings file=o.nfen order=random seed=7 -maxmoves 200 -draw movenumber=40 movecount=8 score=10 \
         -resign movecount=3 score=400 twosided=true -sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 \
         -pgnout out.pgn -jsonout out.json -recover -debug",
    );
    let [a, b] = [&c.engines[0], &c.engines[1]];
    assert_eq!((a.name.as_str(), a.cmd.as_str()), ("new", "./dratp"));
    assert_eq!(
        a.tc,
        Some(Clock {
            moves: Some(40),
            base: Duration::from_secs(60),
            inc: Duration::from_millis(600)
        })
    );
    assert_eq!(
        b.tc,
        Some(Clock {
            moves: None,
            base: Duration::from_secs(10),
            inc: Duration::from_millis(100)
        })
    );
    assert_eq!(
        a.options,
        vec![
            ("Threads".to_string(), "1".to_string()),
            ("Hash".to_string(), "64".to_string())
        ]
    );
    assert_eq!(b.name, "old");
    assert_eq!(b.args, vec!["--x", "y"]);
    assert_eq!((a.proto, b.proto), (Proto::Uci, Proto::Ugi));
    assert_eq!(a.margin, Duration::from_millis(50));
    assert_eq!((c.games, c.rounds, c.repeat, c.concurrency), (2, 5, true, 2));
    let o = c.openings.as_ref().unwrap();
    assert_eq!((o.order, o.seed), (OpeningOrder::Random, 7));
    assert_eq!(c.maxmoves, Some(200));
    assert_eq!(c.draw.unwrap().movecount, 8);
    assert!(c.resign.unwrap().twosided);
    assert_eq!(c.sprt.unwrap().beta, 0.1);
    assert!(c.recover);
    assert_eq!(c.debug, Some(None));
    assert_eq!(
        run_cfg("-each depth=1 -engine cmd=a -engine cmd=b -debug io.log").debug,
        Some(Some("io.log".into()))
    );
    let d = |s: &str| run_cfg(&format!("-each depth=1 -engine cmd=a -engine cmd=b {s}")).draft;
    assert_eq!(d(""), None);
    assert_eq!(
        d("-draft"),
        Some(DraftConfig {
            seed: 1,
            navia: DraftNavia::Random,
            pair: DraftPair::Redraft
        })
    );
    assert_eq!(
        d("-draft navia=fixed seed=9 pair=keep"),
        Some(DraftConfig {
            seed: 9,
            navia: DraftNavia::Fixed,
            pair: DraftPair::Keep
        })
    );
    let f = |s: &str| run_cfg(&format!("-each depth=1 -engine cmd=a -engine cmd=b {s}")).forces;
    assert_eq!(f("-forces random"), Some(forces(ForceRule::Standard, 1, false)));
    assert_eq!(
        f("-forces singleton seed=4 sides=mirror"),
        Some(forces(ForceRule::Singleton, 4, true))
    );
    assert_eq!(
        f("-forces random sides=apart"),
        Some(forces(ForceRule::Standard, 1, false))
    );
}

#[test]
fn time_controls() {
    assert_eq!(parse_tc("inf").unwrap(), None);
    let c = parse_tc("40/1:30+0.5").unwrap().unwrap();
    assert_eq!(
        (c.moves, c.base, c.inc),
        (Some(40), Duration::from_secs(90), Duration::from_millis(500))
    );
    assert_eq!(c.to_string(), "40/90+0.5");
    assert_eq!(parse_tc("10+0.1").unwrap().unwrap().to_string(), "10+0.1");
    assert_eq!(parse_tc("0/5").unwrap().unwrap().moves, None);
    for bad in ["", "abc", "10+", "40/", "-5", "0", "10+0.1x", "1e300"] {
        assert!(parse_tc(bad).is_err(), "{bad} accepted");
    }
}

#[test]
fn bad_command_lines_give_precise_errors() {
    let err = |s: &str| parse_args(&args(s)).unwrap_err().to_string();
    assert!(err("-engine cmd=a depth=1").contains("at least two engines"));
    assert!(err("-engine cmd=a -engine cmd=b").contains("no limit"));
    assert!(err("-engine cmd=a depth=1 -engine cmd=a depth=1").contains("two engines are named 'a'"));
    assert!(err("-each depth=1 -engine cmd=a -engine cmd=b -games x").starts_with("-games:"));
    assert!(err("-each depth=1 -engine cmd=a -engine cmd=b -games 0").contains("at least 1"));
    assert!(err("-each depth=x -engine cmd=a -engine cmd=b").starts_with("depth:"));
    assert!(err("-each depth=1 wibble=2 -engine cmd=a -engine cmd=b").contains("unknown engine setting 'wibble'"));
    assert!(err("-each depth=1 proto=xboard -engine cmd=a -engine cmd=b").contains("not uci or ugi"));
    assert!(
        err("-each depth=1 -engine cmd=a -engine cmd=b -sprt elo0=5 elo1=0 alpha=0.05 beta=0.05").contains("less than")
    );
    assert!(err("-each depth=1 -engine cmd=a -engine cmd=b -draw movenumber=1").contains("needs movenumber"));
    assert!(err("-each depth=1 -engine cmd=a -engine cmd=b -frobnicate").contains("unknown option"));
    assert!(err("stray -engine cmd=a").contains("does not follow an option"));
    assert!(
        err("-each depth=1 -engine cmd=a -engine cmd=b -forces random -openings file=x").contains("cannot be combined")
    );
    assert!(err("-each depth=1 -engine cmd=a -engine cmd=b -draft -forces random").contains("cannot be combined"));
    assert!(err("-each depth=1 -engine cmd=a -engine cmd=b -forces random sides=same").contains("not apart or mirror"));
    assert!(err("-each depth=1 -engine cmd=a -engine cmd=b -draft navia=N05").contains("not random or fixed"));
    assert!(err("-each depth=1 -engine cmd=a -engine cmd=b -draft sed=3").contains("unknown setting 'sed'"));
    assert!(err("-each depth=1 -engine cmd=a -engine cmd=b -draft pair=swap").contains("not redraft or keep"));
    assert_eq!(parse_args(&args("-help")), Ok(Command::Help));
    assert_eq!(
        parse_args(&args("-replay games.pgn")),
        Ok(Command::Replay {
            file: "games.pgn".into(),
            catalogue: None
        })
    );
}

#[test]
fn go_lines_for_each_limit_and_dialect() {
    let c = run_cfg("-engine cmd=a tc=40/60+0.5 -engine cmd=b proto=ugi tc=10+0.1 depth=9");
    let (a, b) = (&c.engines[0], &c.engines[1]);
    let rem = [Duration::from_millis(60_000), Duration::from_millis(9_500)];
    assert_eq!(
        go_line(a, b, rem, 3, Side::White),
        "go wtime 60000 btime 9500 winc 500 binc 100 movestogo 37"
    );
    assert_eq!(
        go_line(a, b, rem, 0, Side::Black),
        "go p1time 60000 p2time 9500 p1inc 500 p2inc 100 depth 9"
    );
    let c = run_cfg("-engine cmd=a st=0.25 -engine cmd=b nodes=5000 depth=3");
    let (a, b) = (&c.engines[0], &c.engines[1]);
    assert_eq!(go_line(a, b, [Duration::ZERO; 2], 0, Side::White), "go movetime 250");
    assert_eq!(
        go_line(a, b, [Duration::ZERO; 2], 0, Side::Black),
        "go depth 3 nodes 5000"
    );
    assert_eq!(time_control_text(a), "1/0.25");
    assert_eq!(time_control_text(b), "- depth=3 nodes=5000");
}

#[test]
fn info_lines() {
    assert_eq!(
        parse_info("info depth 7 seldepth 9 score cp -35 nodes 100 pv a2a3"),
        (Some(EngineScore::Cp(-35)), Some(7))
    );
    assert_eq!(
        parse_info("info depth 12 score mate -3 pv d1d2"),
        (Some(EngineScore::Mate(-3)), Some(12))
    );
    assert_eq!(parse_info("info depth 5 score cp 20 lowerbound"), (None, Some(5)));
    assert_eq!(parse_info("info string depth 5 score cp 20"), (None, None));
    assert_eq!(parse_info("info score cp nonsense depth x"), (None, None));
    assert_eq!(EngineScore::Mate(3).as_cp(), 99_997);
    assert_eq!(EngineScore::Mate(-2).as_cp(), -99_998);
}

// ---- schedule ----

#[test]
fn schedules_alternate_colours_and_pair_openings() {
    let (jobs, slots) = schedule(2, dratp::matchrun::cli::TournamentKind::RoundRobin, 2, 3, true);
    assert_eq!((jobs.len(), slots), (6, 3));
    assert_eq!(
        jobs[0],
        Job {
            number: 1,
            players: [0, 1],
            slot: 0,
            pair: Some(0)
        }
    );
    assert_eq!(
        jobs[1],
        Job {
            number: 2,
            players: [1, 0],
            slot: 0,
            pair: Some(0)
        }
    );
    assert_eq!(
        jobs[5],
        Job {
            number: 6,
            players: [1, 0],
            slot: 2,
            pair: Some(2)
        }
    );
    let (jobs, slots) = schedule(3, dratp::matchrun::cli::TournamentKind::RoundRobin, 1, 1, false);
    assert_eq!((jobs.len(), slots), (3, 3));
    assert!(jobs.iter().all(|j| j.pair.is_none()));
    let (jobs, _) = schedule(4, dratp::matchrun::cli::TournamentKind::Gauntlet, 2, 1, false);
    assert_eq!(jobs.len(), 6);
    assert!(jobs.iter().all(|j| j.players.contains(&0)));
}

// ---- records ----

fn sample_moves() -> Vec<MoveRecord> {
    let m = |t: &str, s, d, ms| MoveRecord {
        text: t.to_string(),
        score: s,
        depth: d,
        time: Duration::from_millis(ms),
    };
    vec![
        m("a2a3", Some(EngineScore::Cp(12)), Some(5), 100),
        m("a6a5", Some(EngineScore::Cp(-250)), Some(6), 1250),
        m("b2b3", Some(EngineScore::Mate(3)), Some(9), 7),
        m("b6b5", None, None, 30),
    ]
}

fn record(moves: &[MoveRecord], outcome: &Outcome, fen: &str) -> String {
    write_game(&RecordInfo {
        event: "test \"quoted\"",
        site: "here",
        date: "2026.11.22".to_string(),
        round: 3,
        white: "A",
        black: "B",
        fen,
        start_turn: 1,
        black_first: false,
        time_controls: ["10+0.1".to_string(), "10+0.1".to_string()],
        moves,
        outcome,
        draft: None,
    })
}

#[test]
fn records_round_trip_and_replay() {
    let moves = sample_moves();
    let outcome = Outcome {
        winner: Some(Side::Black),
        termination: Termination::TimeForfeit,
        reason: "White loses on time".into(),
    };
    let text = record(&moves, &outcome, START_NFEN);
    assert!(text.contains("[Variant \"naviadratp\"]\n"));
    assert!(text.contains("[Event \"test \\\"quoted\\\"\"]\n"));
    assert!(text.lines().filter(|l| !l.starts_with('[')).all(|l| l.len() <= 80));
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("1. a2a3 {+0.12/5 0.100s} a6a5 {-2.50/6 1.250s} 2. b2b3 {+M3/9 0.007s} b6b5 {0.030s}"));
    let games = read_games(&(text.clone() + &text)).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    assert_eq!(g.moves, moves);
    assert_eq!(g.result, "0-1");
    assert_eq!(g.tag("Event"), Some("test \"quoted\""));
    assert_eq!(g.tag("Termination"), Some("time forfeit"));
    assert_eq!(g.final_comment.as_deref(), Some("White loses on time"));
    let check = replay_game(1, g, Catalogue::builtin());
    assert_eq!(check.plies, 4);
    assert_eq!(check.verdict, Ok("0-1 White loses on time".to_string()));
}

#[test]
fn records_of_a_second_player_start_number_moves_from_its_turn() {
    let fen = START_NFEN.replace(" w ", " b ").replace(" - 1", " - 7");
    let moves: Vec<MoveRecord> = ["a6a5", "a2a3", "b6b5"]
        .iter()
        .map(|t| MoveRecord {
            text: t.to_string(),
            score: None,
            depth: None,
            time: Duration::from_millis(5),
        })
        .collect();
    let outcome = Outcome {
        winner: None,
        termination: Termination::Adjudication,
        reason: "Draw by adjudication".into(),
    };
    let text = write_game(&RecordInfo {
        event: "e",
        site: "s",
        date: "2026.11.22".to_string(),
        round: 1,
        white: "A",
        black: "B",
        fen: &fen,
        start_turn: 7,
        black_first: true,
        time_controls: ["-".to_string(), "1/0.5".to_string()],
        moves: &moves,
        outcome: &outcome,
        draft: None,
    });
    assert!(text.contains("[WhiteTimeControl \"-\"]\n[BlackTimeControl \"1/0.5\"]\n"));
    assert!(
        text.contains("7... a6a5 {0.005s} 8. a2a3 {0.005s} b6b5 {0.005s}"),
        "{text}"
    );
    let g = &read_games(&text).unwrap()[0];
    assert_eq!(g.moves, moves);
    assert_eq!(
        replay_game(1, g, Catalogue::builtin()).verdict,
        Ok("1/2-1/2 Draw by adjudication".to_string())
    );
}

#[test]
fn replay_catches_bad_records() {
    let moves = sample_moves();
    let normal = Outcome {
        winner: Some(Side::White),
        termination: Termination::Normal,
        reason: "White takes the Navia".into(),
    };
    let text = record(&moves, &normal, START_NFEN);
    let g = &read_games(&text).unwrap()[0];
    let v = replay_game(1, g, Catalogue::builtin()).verdict.unwrap_err();
    assert!(v.contains("rules have not ended"), "{v}");
    let mut illegal = moves.clone();
    illegal[2].text = "d1d3".into();
    let adj = Outcome {
        winner: None,
        termination: Termination::Adjudication,
        reason: "Draw by adjudication".into(),
    };
    let g = &read_games(&record(&illegal, &adj, START_NFEN)).unwrap()[0];
    let v = replay_game(1, g, Catalogue::builtin()).verdict.unwrap_err();
    assert!(v.starts_with("ply 3:"), "{v}");
    let tampered = record(&moves, &adj, START_NFEN).replace("[Result \"1/2-1/2\"]", "[Result \"1-0\"]");
    let g = &read_games(&tampered).unwrap()[0];
    assert!(replay_game(1, g, Catalogue::builtin())
        .verdict
        .unwrap_err()
        .contains("Result tag"));
    assert!(read_games("[Event \"x\"]\n\n1. a2a3")
        .unwrap_err()
        .reason
        .contains("without a result"));
    assert!(read_games("[Event x]\n1-0").is_err());
}

#[test]
fn replay_checks_a_finished_game_against_the_rules() {
    // A Navia walks to the far rank with an empty keep and goes over the end line (R23).
    let cat = Catalogue::builtin();
    let start = "3[n02]3/7/7/7/7/7/3[N01]3 w 0/0 -/- -/- - 1";
    let pos = dratp::rules::parse_nfen(start, cat).unwrap();
    let mut game = Game::new(pos);
    let mut moves = Vec::new();
    for t in [
        "d1c2", "d7e7", "c2c3", "e7e6", "c3c4", "e6e5", "c4c5", "e5e4", "c5c6", "e4e3", "c6c7", "e3e2", "c7^",
    ] {
        game.play_text(t).unwrap();
        moves.push(MoveRecord {
            text: t.to_string(),
            score: None,
            depth: None,
            time: Duration::from_millis(1),
        });
    }
    let r = game.result().expect("the goal ends the game");
    let outcome = Outcome::from_rules(r);
    assert_eq!(outcome.result_token(), "1-0");
    let g = &read_games(&record(&moves, &outcome, start)).unwrap()[0];
    assert_eq!(
        replay_game(1, g, cat).verdict,
        Ok("1-0 White makes a Navia goal".to_string())
    );
    let wrong = record(
        &moves,
        &Outcome {
            winner: Some(Side::Black),
            ..outcome
        },
        start,
    );
    let g = &read_games(&wrong).unwrap()[0];
    assert!(replay_game(1, g, cat)
        .verdict
        .unwrap_err()
        .contains("the rules give 1-0"));
}

#[test]
fn pgn_dates() {
    use std::time::{SystemTime, UNIX_EPOCH};
    assert_eq!(pgn_date(UNIX_EPOCH), "1970.01.01");
    assert_eq!(pgn_date(UNIX_EPOCH + Duration::from_secs(1_795_305_600)), "2026.11.22");
    assert_eq!(pgn_date(UNIX_EPOCH + Duration::from_secs(951_782_400)), "2000.02.29");
    assert_eq!(pgn_date(SystemTime::now()).len(), 10);
}

// ---- openings and forces ----

#[test]
fn openings_file() {
    let cat = Catalogue::builtin();
    let text = format!("# openings\n\n{START_NFEN}\n  {}\n", START_NFEN.replace(" w ", " b "));
    let list = parse_openings(&text, cat).unwrap();
    assert_eq!(list.len(), 2);
    let e = parse_openings(&format!("{START_NFEN}\nnot a position\n"), cat).unwrap_err();
    assert!(e.starts_with("line 2:"), "{e}");
    assert!(parse_openings("# nothing\n", cat).is_err());
    let cfg = dratp::matchrun::cli::OpeningsConfig {
        file: "x".into(),
        order: OpeningOrder::Sequential,
        seed: 0,
        start: 2,
    };
    let ordered = order_openings(list.clone(), &cfg);
    assert_eq!(ordered[0], list[1]);
    let many: Vec<Position> = (1..=20)
        .map(|t| dratp::rules::parse_nfen(&START_NFEN.replace(" - 1", &format!(" - {t}")), cat).unwrap())
        .collect();
    let shuffled = |seed| {
        let cfg = dratp::matchrun::cli::OpeningsConfig {
            file: "x".into(),
            order: OpeningOrder::Random,
            seed,
            start: 1,
        };
        order_openings(many.clone(), &cfg)
            .iter()
            .map(|p| p.turn())
            .collect::<Vec<_>>()
    };
    assert_eq!(shuffled(5), shuffled(5));
    assert_ne!(shuffled(5), shuffled(6));
    let mut sorted = shuffled(5);
    sorted.sort();
    assert_eq!(sorted, (1..=20).collect::<Vec<u16>>());
}

fn forces(rule: ForceRule, seed: u64, mirror: bool) -> ForcesConfig {
    ForcesConfig { rule, seed, mirror }
}

#[test]
fn random_starts_are_standard_setups_and_reproducible() {
    // R7, R28, R29: pair p of `-forces RULE seed=S` sets up random_force(RULE, 2(S+p)) against random_force(RULE, 2(S+p)+1).
    let cat = Catalogue::builtin();
    for rule in [ForceRule::Standard, ForceRule::Singleton] {
        for pair in 0..20 {
            let s = 2 * (7 + pair as u64);
            let (f, g) = (
                random_force(rule, cat, s).unwrap(),
                random_force(rule, cat, s + 1).unwrap(),
            );
            let a = random_start(cat, &forces(rule, 7, false), pair).unwrap();
            assert_eq!(nfen(&a), nfen(&start_position(&f, &g, cat).unwrap()));
            assert_eq!(
                nfen(&a),
                nfen(&random_start(cat, &forces(rule, 7 + pair as u64, false), 0).unwrap())
            );
            for force in [&f, &g] {
                validate(force, rule, cat).unwrap();
            }
        }
    }
    let a = random_start(cat, &forces(ForceRule::Standard, 7, false), 0).unwrap();
    assert_eq!(
        nfen(&a),
        nfen(&random_start(cat, &forces(ForceRule::Standard, 7, false), 0).unwrap())
    );
    let text = nfen(&a);
    // R7: Gulled and Navias as in the default start; only the Navias and keeps vary.
    let board = text.split(' ').next().unwrap();
    let ranks: Vec<&str> = board.split('/').collect();
    assert_eq!(&ranks[1..6], &["bbbbbbb", "7", "7", "7", "BBBBBBB"]);
    assert!(ranks[0].starts_with("1r1[n") && ranks[0].ends_with("]1r1"));
    assert!(ranks[6].starts_with("1R1[N") && ranks[6].ends_with("]1R1"));
    assert_eq!(a.keep(Side::White).len(), 7);
    assert_eq!(a.keep(Side::Black).len(), 7);
    assert_eq!(a.side_to_move(), Side::White);
    assert!(!a.legal_actions().is_empty());
    let c = random_start(cat, &forces(ForceRule::Singleton, 8, false), 0).unwrap();
    assert_ne!(nfen(&a), nfen(&c));
    assert_ne!(
        nfen(&a),
        nfen(&random_start(cat, &forces(ForceRule::Standard, 7, false), 1).unwrap())
    );
}

#[test]
fn mirrored_random_starts_give_both_sides_the_first_force() {
    // `sides=mirror`: pair p sets up random_force(RULE, 2(S+p)) against itself, so the draw favours no side.
    let cat = Catalogue::builtin();
    for pair in 0..20 {
        let f = random_force(ForceRule::Standard, cat, 2 * (7 + pair as u64)).unwrap();
        let a = random_start(cat, &forces(ForceRule::Standard, 7, true), pair).unwrap();
        assert_eq!(nfen(&a), nfen(&start_position(&f, &f, cat).unwrap()));
        assert_eq!(a.keep(Side::White), a.keep(Side::Black));
    }
    // Four players: a rotation's four seats all get the slot's first force.
    let texts = |mirror| -> Vec<String> {
        random_forces::<4>(cat, &forces(ForceRule::Standard, 7, mirror), 3)
            .unwrap()
            .iter()
            .map(|f| f.text(cat))
            .collect()
    };
    let (mirrored, apart) = (texts(true), texts(false));
    assert!(mirrored.iter().all(|t| *t == apart[0]), "{mirrored:?} {apart:?}");
    assert!(apart[1..].iter().any(|t| *t != apart[0]));
}

#[test]
fn json_printer_escapes_and_nulls() {
    let j = Json::obj(vec![
        ("s", Json::str("a\"b\\c\nd")),
        ("n", Json::Num(f64::INFINITY)),
        ("x", Json::Num(70.5)),
        ("a", Json::Arr(vec![Json::Int(1), Json::Bool(false), Json::Null])),
    ]);
    assert_eq!(
        j.pretty(),
        "{\n  \"s\": \"a\\\"b\\\\c\\nd\",\n  \"n\": null,\n  \"x\": 70.5,\n  \"a\": [\n    1,\n    false,\n    null\n  ]\n}\n"
    );
}
