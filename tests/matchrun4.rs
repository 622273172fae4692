//! dratp-match for four players (F43): the command line, the seat rotation, scores and
//! average places, the record's tags, games between fake engines that fail on purpose
//! (each failure eliminates only its seat and the game goes on, F33), records that
//! replay, shards that merge, and matches of the real engine.

use std::path::Path;

use dratp::matchrun::cli::{parse_args, Variant};
use dratp::matchrun::four::record::replay_game4;
use dratp::matchrun::four::referee::Outcome4;
use dratp::matchrun::four::standings::{seat_scores, Finished4, Summary4};
use dratp::matchrun::four::table::run4;
use dratp::matchrun::four::{schedule4, seating, Job4};
use dratp::matchrun::pgn::read_games;
use dratp::rules::round::notation::ranking_text;
use dratp::rules::{Catalogue, Game4, Seat, SeatSet, Termination4};

mod match_common;
use match_common::{config, dratp_match, fake, scratch, words};

/// Four fakes, named a b c d, with the flags given per engine.
fn fakes(flags: [&str; 4]) -> String {
    ["a", "b", "c", "d"]
        .iter()
        .zip(flags)
        .map(|(n, f)| fake(n, f))
        .collect::<Vec<_>>()
        .join(" ")
}

fn play4(text: &str) -> (Summary4, String) {
    let mut out = Vec::new();
    let s = run4(&config(text), &mut out).unwrap_or_else(|e| panic!("match failed: {e}"));
    (s, String::from_utf8(out).unwrap())
}

/// Every record of the file replayed: the verdicts.
fn replay_all(pgn: &Path) -> Vec<Result<String, String>> {
    let text = std::fs::read_to_string(pgn).unwrap();
    let games = read_games(&text).unwrap();
    games
        .iter()
        .enumerate()
        .map(|(i, g)| replay_game4(i + 1, g, Catalogue::builtin()).verdict)
        .collect()
}

fn outcome(winner: Option<Seat>, eliminated: &[Seat], ranking: [u8; 4]) -> Outcome4 {
    Outcome4 {
        winner,
        termination: Some(if winner.is_some() {
            Termination4::ThreeNavia
        } else {
            Termination4::RoundLimit
        }),
        ranking,
        eliminated: eliminated.iter().copied().collect::<SeatSet>(),
        reason: String::new(),
    }
}

// ---- command line ----

#[test]
fn four_engines_exactly_and_only_four_player_options() {
    let four = "-variant naviadratp4 -each depth=1 -engine cmd=a -engine cmd=b -engine cmd=c -engine cmd=d";
    let c = config(&format!("{four} -roundlimit 30 -games 8 -concurrency 2"));
    assert_eq!((c.variant, c.round_limit, c.games), (Variant::Four, 30, 8));
    // F39: each engine is told the variant and the round limit before the game.
    let options = &c.engines[0].options;
    assert!(options.contains(&("UCI_Variant".to_string(), "naviadratp4".to_string())));
    assert!(options.contains(&("Round Limit".to_string(), "30".to_string())));
    assert_eq!(config(four).round_limit, 200);
    // The same program four times, told apart by name.
    let same = "-variant naviadratp4 -each cmd=x depth=1 -engine name=p -engine name=q -engine name=r -engine name=s";
    assert_eq!(config(same).engines.len(), 4);
    let err = |s: &str| parse_args(&words(s)).unwrap_err().to_string();
    assert!(
        err("-variant naviadratp4 -each depth=1 -engine cmd=a -engine cmd=b").contains("exactly four engines, got 2")
    );
    assert!(err(&format!("{four} -engine cmd=e")).contains("exactly four engines, got 5"));
    for duel_only in [
        "-repeat",
        "-sprt elo0=0 elo1=5 alpha=0.05 beta=0.05",
        "-draft",
        "-maxmoves 9",
        "-tournament gauntlet",
    ] {
        let e = err(&format!("{four} {duel_only}"));
        assert!(e.contains("not with -variant naviadratp4"), "{duel_only}: {e}");
    }
    assert!(err(&format!("{four} -roundlimit 0")).contains("from 1 to 10000"));
    assert!(err(&format!("{four} -roundlimit x")).starts_with("-roundlimit:"));
    assert!(err("-each depth=1 -engine cmd=a -engine cmd=b -roundlimit 9").contains("needs -variant naviadratp4"));
    assert!(err("-variant chess -each depth=1 -engine cmd=a -engine cmd=b").contains("not naviadratp or naviadratp4"));
}

// ---- seats, scores, places ----

#[test]
fn seats_rotate_so_each_engine_sits_at_each_seat_once_per_rotation() {
    // F43: game g seats engine i at seat (i + g) mod 4.
    assert_eq!(seating(0), [0, 1, 2, 3]);
    assert_eq!(seating(1), [3, 0, 1, 2]);
    assert_eq!(seating(2), [2, 3, 0, 1]);
    assert_eq!(seating(5), seating(1));
    for g in 0..8 {
        for i in 0..4 {
            assert_eq!(seating(g)[(i + g) % 4], i);
        }
    }
    let jobs = schedule4(3, 2);
    assert_eq!(jobs.len(), 6);
    assert_eq!(jobs.iter().map(|j| j.number).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
    // A rotation of four games shares its start and its shard.
    assert_eq!(jobs.iter().map(|j| j.slot).collect::<Vec<_>>(), [0, 0, 0, 0, 1, 1]);
    for engine in 0..4 {
        let mut seats: Vec<usize> = jobs[..4]
            .iter()
            .map(|j| j.seats.iter().position(|&e| e == engine).unwrap())
            .collect();
        seats.sort_unstable();
        assert_eq!(seats, [0, 1, 2, 3], "engine {engine} over one rotation");
    }
}

#[test]
fn scores_and_average_places_of_hand_made_results() {
    use Seat::*;
    // A winner scores 1; no winner: 1/k to each of the k seats not eliminated (in twelfths).
    assert_eq!(seat_scores(&outcome(Some(North), &[], [2, 3, 1, 4])), [0, 0, 12, 0]);
    assert_eq!(seat_scores(&outcome(None, &[], [1, 2, 3, 4])), [3, 3, 3, 3]);
    assert_eq!(seat_scores(&outcome(None, &[West], [1, 4, 2, 3])), [4, 0, 4, 4]);
    assert_eq!(seat_scores(&outcome(None, &[West, East], [1, 4, 2, 3])), [6, 0, 6, 0]);
    let names: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
    let mut s = Summary4::new(&names, vec![None; 4], 3);
    let game = |number: u32, o: Outcome4| Finished4 {
        job: Job4 {
            number,
            seats: seating(number as usize - 1),
            slot: 0,
        },
        outcome: o,
        events: 10,
        start: String::new(),
    };
    // Game 1 (a S, b W, c N, d E): North (c) wins; places c 1, a 2, b 3, d 4.
    let line = s.record(game(1, outcome(Some(North), &[], [2, 3, 1, 4])));
    assert_eq!(line, "Standings after 1 games: a 0.00, b 0.00, c 1.00, d 0.00");
    // Game 2 (d S, a W, b N, c E): no winner, West (a) eliminated: d, b, c 1/3 each.
    s.record(game(2, outcome(None, &[West], [1, 4, 2, 2])));
    // Game 3 (c S, d W, a N, b E): no winner, nobody out: 1/4 each.
    let line = s.record(game(3, outcome(None, &[], [1, 1, 3, 4])));
    assert_eq!(line, "Standings after 3 games: a 0.25, b 0.58, c 1.58, d 0.58");
    let p = |name: &str| s.players.iter().find(|p| p.name == name).unwrap();
    assert_eq!((p("c").score, p("c").wins, p("c").games), (19, 1, 3));
    // Places: a 2, 4, 3; b 3, 2, 4; c 1, 2, 1; d 4, 1, 1.
    assert_eq!(p("a").average_place(), 3.0);
    assert_eq!(p("c").average_place(), 4.0 / 3.0);
    assert_eq!(p("d").average_place(), 2.0);
    // Score by seat: c won at North, took 1/3 at East and 1/4 at South.
    assert_eq!(p("c").by_seat, [(1, 3), (0, 0), (1, 12), (1, 4)]);
    let table = s.table();
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("Rank Name"), "{table}");
    assert!(
        lines[1].contains(" c ") && lines[1].contains("1.58") && lines[1].contains("1.33"),
        "{table}"
    );
    assert!(lines[1].contains("1.00/1"), "{table}");
    // b and d share 0.58; d's average place (2.00) is better than b's (3.00).
    assert!(lines[2].contains(" d ") && lines[3].contains(" b "), "{table}");
}

#[test]
fn ranking_tags_join_shared_places() {
    assert_eq!(ranking_text([1, 4, 2, 2]), "s n=e w");
    assert_eq!(ranking_text([1, 2, 3, 4]), "s w n e");
    assert_eq!(ranking_text([4, 1, 1, 1]), "w=n=e s");
    assert_eq!(ranking_text([2, 3, 4, 1]), "e s w n");
}

#[test]
fn go_lines_carry_every_seats_clock_and_the_phase_word() {
    use dratp::matchrun::engine_proc::EngineError;
    use dratp::matchrun::four::referee::{go_line4, SeatEngine};
    use dratp::rules::Phase;
    let c = config(
        "-variant naviadratp4 -engine cmd=a tc=60+0.5 -engine cmd=b tc=40/30+0.1 -engine cmd=c st=0.2 \
         -engine cmd=d depth=3 nodes=900",
    );
    let seats: [SeatEngine; 4] =
        std::array::from_fn(|i| SeatEngine::new(Err(EngineError::Disconnected), &c.engines[i]));
    // F41: p1…p4 are South…East; each engine's own clock and increment.
    let clocks = "p1time 60000 p2time 30000 p3time 0 p4time 0 p1inc 500 p2inc 100 p3inc 0 p4inc 0";
    assert_eq!(
        go_line4(&seats, Seat::South, Phase::Decision),
        format!("go declare seat s {clocks}")
    );
    assert_eq!(
        go_line4(&seats, Seat::West, Phase::Bidding),
        format!("go bid seat w {clocks} movestogo 40")
    );
    assert_eq!(
        go_line4(&seats, Seat::North, Phase::Promise),
        "go promise seat n movetime 200"
    );
    assert_eq!(
        go_line4(&seats, Seat::East, Phase::Actions),
        "go seat e depth 3 nodes 900"
    );
}

// ---- games between fake engines ----

/// A match of the fakes a b c d with `flags` and `options`, recorded: the summary, the
/// output and the records' text. Every record replays.
fn recorded(test: &str, flags: [&str; 4], options: &str) -> (Summary4, String, String) {
    let pgn = scratch(test).join("games.pgn");
    let (s, out) = play4(&format!(
        "-variant naviadratp4 {} {options} -pgnout {}",
        fakes(flags),
        pgn.display()
    ));
    let verdicts = replay_all(&pgn);
    assert_eq!(verdicts.len(), s.games.len(), "{out}");
    assert!(verdicts.iter().all(Result::is_ok), "{verdicts:?}");
    (s, out, std::fs::read_to_string(&pgn).unwrap())
}

/// The first game ended with `winner` as the last seat left (F33) and this ranking.
fn last_seat(s: &Summary4, winner: Seat, ranking: &str) {
    let o = &s.games[0].outcome;
    assert_eq!((o.winner, o.termination), (Some(winner), Some(Termination4::LastSeat)));
    assert_eq!(ranking_text(o.ranking), ranking);
}

#[test]
fn sound_fakes_play_until_their_script_ends_and_the_last_seat_wins() {
    let (s, out, text) = recorded("sound", ["", "", "", ""], "-each depth=1");
    assert_eq!(s.games.len(), 1, "{out}");
    // Five rounds of Gulled steps, then North, West and South claim no action in round 6's
    // queue (n w s e); F34: the winner first, then the later eliminated higher.
    last_seat(&s, Seat::East, "e s w n");
    let eliminated = [Seat::North, Seat::West, Seat::South].into_iter().collect();
    assert_eq!(s.games[0].outcome.eliminated, eliminated);
    for line in [
        "Started game 1 of 1 (S a, W b, N c, E d)",
        "Finished game 1 (S a, W b, N c, E d): E {East is the last seat left}",
        "Standings after 1 games: a 0.00, b 0.00, c 0.00, d 1.00",
    ] {
        assert!(out.contains(line), "{line} missing:\n{out}");
    }
    for tag in [
        "[South \"a\"]",
        "[West \"b\"]",
        "[North \"c\"]",
        "[East \"d\"]",
        "[Result \"E\"]",
        "[Variant \"naviadratp4\"]",
        "[Ranking \"e s w n\"]",
        "[Termination \"last seat\"]",
        "[RoundLimit \"200\"]",
        // One round a line after its number.
        "\n1. d:B/B/B/B b:0/0/0/0 d10d9 b4c4 d2d3 j4i4\n",
        "\n2. d:B/B/B/B b:0/0/0/0 e10e9 b5c5 e2e3 j5i5\n",
        "x:n {North claims no action while it has legal actions}",
        "{East is the last seat left} E\n",
    ] {
        assert!(text.contains(tag), "{tag} missing:\n{text}");
    }
    assert!(!text.contains("[FEN"), "F36's start has no FEN tag:\n{text}");
}

#[test]
fn an_illegal_declaration_eliminates_its_seat_and_the_game_goes_on() {
    let (s, _, text) = recorded("illegal", ["", "--fail illegal", "", ""], "-each depth=1");
    last_seat(&s, Seat::East, "e s n w");
    // F33: eliminated before the declarations are revealed, West declares `-` from then on.
    let first = "1. x:w {West makes an illegal declaration: M40 (not declarable now, F20)} d:B/-/B/B b:0/-/0/0";
    assert!(text.contains(first), "{text}");
    assert!(text.contains("\n5. d:B/-/B/B"), "the game goes on:\n{text}");
}

#[test]
fn garbage_empty_missing_and_wrong_answers_eliminate() {
    // b: a garbage action after its first declaration; c: an empty bid in round 2; d: `(none)` at once.
    let flags = [
        "",
        "--fail garbage --after 1",
        "--fail empty --after 3",
        "--fail nomove",
    ];
    let (s, _, text) = recorded("garbage", flags, "-each depth=1");
    last_seat(&s, Seat::South, "s n w e");
    for x in [
        "x:e {East makes an illegal declaration: (none)",
        "x:w {West makes an illegal action: xyz!",
        "x:n {North sends bestbid without an answer}",
    ] {
        assert!(text.contains(x), "{x} missing:\n{text}");
    }
    // Another answer word where `bestdeclare` is due.
    let (s, _, text) = recorded("wrongword", ["", "", "", "--fail wrongword"], "-each depth=1");
    last_seat(&s, Seat::South, "s w n e");
    assert!(
        text.contains("x:e {East answers bestpick where bestdeclare is due}"),
        "{text}"
    );
}

#[test]
fn a_late_answer_eliminates_only_that_seat() {
    // c (North) declares and acts in round 1, then its round-2 declaration comes too late.
    let flags = ["", "", "--fail late --delay 600 --after 2", ""];
    let (s, _, text) = recorded("late", flags, "-each st=0.1 timemargin=50");
    assert!(
        text.contains("x:n {North loses on time (no answer within 150 ms)}"),
        "{text}"
    );
    // The others go on to the end of their scripts.
    last_seat(&s, Seat::East, "e s w n");
}

#[test]
fn a_crash_eliminates_the_seat_the_game_goes_on_and_recover_restarts_the_engine() {
    let flags = ["", "--fail crash --after 3", "", ""];
    let (s, out, text) = recorded("crash", flags, "-each depth=1 -games 2 -recover");
    assert_eq!(s.games.len(), 2, "{out}");
    assert!(text.contains("x:w {West disconnects}"), "{text}");
    // Game 2 seats b at North: a fresh process answers again (and crashes again after three answers).
    assert!(text.contains("x:n {North disconnects}"), "{text}");
    // An engine that cannot be started loses its seat before the first event (with -recover).
    let (s, _, text) = recorded("unstarted", ["", "", "", "--fail startup"], "-each depth=1 -recover");
    last_seat(&s, Seat::South, "s w n e");
    assert!(
        text.contains("\n1. x:e {East could not be started: it exited during the handshake} d:B/B/B/-"),
        "{text}"
    );
    // Without -recover the match stops after the game.
    let (s, out) = play4(&format!("-variant naviadratp4 {} -each depth=1 -games 4", fakes(flags)));
    assert_eq!(s.games.len(), 1, "{out}");
    assert!(out.contains("Stopping: engine b crashed or stalled"), "{out}");
}

#[test]
fn rotations_shard_and_merge_into_the_unsharded_run() {
    let dir = scratch("shards");
    let base = format!(
        "-variant naviadratp4 {} -each depth=1 -games 8",
        fakes(["", "--fail illegal --after 4", "", "--fail nomove --after 9"])
    );
    let full_json = dir.join("full.json");
    let (full, _) = play4(&format!("{base} -jsonout {}", full_json.display()));
    let mut merge_args = vec!["-merge".to_string()];
    for k in 1..=2 {
        let (json, pgn) = (dir.join(format!("s{k}.json")), dir.join(format!("s{k}.pgn")));
        let (part, _) = play4(&format!(
            "{base} -shard {k}/2 -jsonout {} -pgnout {}",
            json.display(),
            pgn.display()
        ));
        // Rotation k holds games 4k-3 … 4k.
        let mut numbers: Vec<u32> = part.games.iter().map(|g| g.job.number).collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (4 * k - 3..=4 * k).collect::<Vec<u32>>());
        merge_args.push(json.display().to_string());
        merge_args.push(pgn.display().to_string());
    }
    let merged_pgn = dir.join("merged.pgn");
    merge_args.extend(["-pgnout".to_string(), merged_pgn.display().to_string()]);
    let (code, out) = dratp_match(&merge_args);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("Merged 2 of 2 shards: 8 games"), "{out}");
    let full_text: Vec<String> = full.table().lines().map(str::to_string).collect();
    for line in &full_text {
        assert!(out.contains(line.as_str()), "{line} missing from:\n{out}");
    }
    assert!(replay_all(&merged_pgn).iter().all(Result::is_ok));
    assert_eq!(replay_all(&merged_pgn).len(), 8);
}

/// The `FEN` tag of every record, in game-number order (the workers may finish them in another).
fn fens_by_game(text: &str) -> Vec<String> {
    let mut fens: Vec<(u32, String)> = read_games(text)
        .unwrap()
        .iter()
        .map(|g| {
            (
                g.tag("Round").unwrap().parse().unwrap(),
                g.tag("FEN").unwrap().to_string(),
            )
        })
        .collect();
    fens.sort();
    fens.into_iter().map(|f| f.1).collect()
}

#[test]
fn round_limit_draws_share_the_point_and_random_forces_go_by_rotation() {
    let (s, out, text) = recorded(
        "limit",
        ["", "", "", ""],
        "-each depth=1 -games 5 -roundlimit 3 -forces random seed=3 -concurrency 2",
    );
    assert_eq!(s.games.len(), 5, "{out}");
    for g in &s.games {
        // F31: no winner after round 3; F43: 1/4 to each of the four seats left.
        assert_eq!(
            (g.outcome.winner, g.outcome.termination),
            (None, Some(Termination4::RoundLimit))
        );
        assert_eq!(g.outcome.reason, "No winner: round limit (3 rounds)");
    }
    assert!(
        out.contains("Standings after 5 games: a 1.25, b 1.25, c 1.25, d 1.25"),
        "{out}"
    );
    assert_eq!(text.matches("[RoundLimit \"3\"]").count(), 5);
    assert_eq!(text.matches("[Result \"draw\"]").count(), 5);
    assert!(text.contains("{No winner: round limit (3 rounds)} draw\n"), "{text}");
    // Random forces: one start per rotation of four games, each written as a FEN tag
    // (records in the order the two workers finished them).
    let fens = fens_by_game(&text);
    assert!(fens[..4].iter().all(|f| *f == fens[0]), "{fens:?}");
    assert_ne!(fens[4], fens[0]);
}

/// F36's start after `rounds` rounds in which every seat declares `R`, bids nothing and plays its first action;
/// its NFEN4.
fn opening_after(rounds: usize) -> String {
    let mut game = Game4::startpos(Catalogue::builtin(), None, 200).unwrap();
    for _ in 0..rounds {
        game.play_text("d:R/R/R/R").unwrap();
        game.play_text("b:0/0/0/0").unwrap();
        for _ in 0..4 {
            let state = *game.state();
            let first = state.legal_actions()[0];
            game.play_text(&state.action_text(&first)).unwrap();
        }
    }
    game.state().nfen4()
}

#[test]
fn an_openings_file_of_nfen4_lines_gives_each_rotation_its_start() {
    let dir = scratch("openings4-files");
    let (one, two) = (opening_after(1), opening_after(2));
    assert_ne!(one, two);
    let file = dir.join("o.nfen4");
    std::fs::write(&file, format!("# two openings\n{one}\n\n  {two}\n")).unwrap();
    let (s, out, text) = recorded(
        "openings4",
        ["", "", "", ""],
        &format!("-each depth=1 -games 9 -roundlimit 4 -openings file={}", file.display()),
    );
    assert_eq!(s.games.len(), 9, "{out}");
    // One start per rotation of four games, in file order and then round again, each as a FEN tag.
    let fens = fens_by_game(&text);
    let expected: Vec<&str> = (0..9).map(|g| [&one, &two][g / 4 % 2].as_str()).collect();
    assert_eq!(fens, expected);
    // The records number the rounds from the opening's: round 2 is the first of the first opening's games.
    assert!(text.contains("\n2. d:") && !text.contains("\n1. d:"), "{text}");
    // `order=random` with a seed, and `start`, as in the duel; bad files are refused before any game.
    let c = config(&format!(
        "-variant naviadratp4 {} -each depth=1 -openings file={} order=random seed=5 start=2",
        fakes(["", "", "", ""]),
        file.display()
    ));
    assert_eq!(c.openings.as_ref().map(|o| o.start), Some(2));
    let refused = |body: &str| {
        let bad = dir.join("bad.nfen4");
        std::fs::write(&bad, body).unwrap();
        let cfg = config(&format!(
            "-variant naviadratp4 {} -each depth=1 -openings file={}",
            fakes(["", "", "", ""]),
            bad.display()
        ));
        match run4(&cfg, &mut Vec::new()) {
            Err(e) => e,
            Ok(_) => panic!("{body} was accepted"),
        }
    };
    assert!(refused(&format!("{one}\nnot a position\n")).contains("line 2:"));
    assert!(refused("# only a comment\n").contains("no positions in the file"));
    // A duel's NFEN is not an NFEN4.
    assert!(refused("3n3/7/7/7/7/7/3N3 w 0/0 - - - - 1\n").contains("line 1:"));
}

// ---- the real engine ----

/// A four-player match of the real engine, seated as `a`, `b`, `c` and `d`, with the other `options` given.
fn play_dratp4(options: &str) -> (Summary4, String) {
    let dratp = env!("CARGO_BIN_EXE_dratp");
    let engines: String = ["a", "b", "c", "d"]
        .iter()
        .map(|n| format!(" -engine cmd={dratp} name={n}"))
        .collect();
    play4(&format!("-variant naviadratp4{engines} {options}"))
}

#[test]
fn dratp_plays_four_player_games_that_end_by_the_rules_and_replay() {
    // A small soak: two rotations, forces from the whole catalogue, the engine at depth 1
    // (its nodes bounded: a depth-1 declaration searches the rest of the round).
    let dir = scratch("dratp");
    let (pgn, json) = (dir.join("games.pgn"), dir.join("games.json"));
    let (s, out) = play_dratp4(&format!(
        "-each depth=1 nodes=20000 -games 8 -forces random seed=1 -pgnout {} -jsonout {}",
        pgn.display(),
        json.display()
    ));
    assert_eq!(s.games.len(), 8, "{out}");
    for g in &s.games {
        // Every game ends by the rules, and no sound engine is eliminated.
        assert!(g.outcome.termination.is_some(), "{out}");
        assert!(g.outcome.eliminated.is_empty(), "game {}: {out}", g.job.number);
    }
    let total: u32 = s.players.iter().map(|p| p.score).sum();
    assert_eq!(total, 8 * 12, "the points of 8 games, in twelfths");
    let (code, replay) = dratp_match(&words(&format!("-replay {}", pgn.display())));
    assert_eq!(code, 0, "{replay}");
    assert!(replay.ends_with("Replayed 8 games: 8 ok, 0 mismatched\n"), "{replay}");
    let doc = dratp::matchrun::json::Json::parse(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(doc.get("variant").and_then(|v| v.as_str()), Some("naviadratp4"));
    let games = doc.get("games").and_then(|g| g.as_array()).unwrap();
    assert_eq!(games.len(), 8);
    for g in games {
        for key in [
            "seats",
            "result",
            "termination",
            "ranking",
            "places",
            "eliminated",
            "events",
        ] {
            assert!(g.get(key).is_some(), "{key} missing");
        }
    }
}

#[test]
fn identical_full_strength_engines_play_one_game_in_every_seat_of_a_rotation() {
    // Four copies of the engine at full strength with a node limit: whichever copy sits where, each game of the
    // rotation is the same game, which is what pairing two runs game by game (MATCH.md) rests on. The
    // declarations' determinizations once drew from each process's clock seed and made one game of most rotations
    // differ (this opening: the second).
    let dir = scratch("dratp-rotation");
    let (file, pgn) = (dir.join("o.nfen4"), dir.join("games.pgn"));
    let opening = "nBnRn[M08]n[N02]1nRnB/1nBnBnBnBnBn[M23]/wBw[M18]8eB/wRwB7eBeR/w[M31]wB7eBe[M31]/w[N02]wB7eBe[N02]/1wB7eBe[M08]/wRwB7eBeR/wB9eB/1sBsBsBsBsB1/sBsRs[M31]s[N02]s[M18]sRsB d swne - - 0/0/0/0 M08,M15,M23,M39,M41/M08,M15,M23,M39,M41/M15,M18,M31,M39,M41/M15,M18,M23,M39,M41 -/-/-/- - 3";
    std::fs::write(&file, format!("{opening}\n")).unwrap();
    let (s, out) = play_dratp4(&format!(
        "-each nodes=6000 -games 4 -openings file={} -pgnout {}",
        file.display(),
        pgn.display()
    ));
    assert_eq!(s.games.len(), 4, "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = read_games(&text).unwrap();
    let moves: Vec<String> = games
        .iter()
        .map(|g| g.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>().join(" "))
        .collect();
    assert!(moves[0].len() > 100, "{}", moves[0]);
    for (g, m) in s.games.iter().zip(&moves) {
        assert_eq!(m, &moves[0], "game {}", g.job.number);
        assert_eq!(g.outcome.ranking, s.games[0].outcome.ranking, "game {}", g.job.number);
    }
}
