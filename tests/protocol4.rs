//! The `naviadratp4` dialect (F39–F42) over pipes with the real binary: the message flow of F41, queries,
//! `legal` per phase, `go` answers in every phase, errors that leave the game as it was, and the duel unchanged
//! after switching back.

mod engine_pipe;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use engine_pipe::Engine;

use dratp::rules::round::notation::declaration_text;
use dratp::rules::{Catalogue, Game4, Phase, Seat, START_NFEN};
use dratp::search::four::{bench4, Weights4, BENCH4_POSITIONS};

/// F36: the start position.
const START4: &str = "nBnR1n[N02]1nRnB/1nBnBnBnBnB1/wB9eB/wRwB7eBeR/1wB7eB1/w[N03]wB7eBe[N04]/1wB7eB1/wRwB7eBeR/wB9eB/1sBsBsBsBsB1/sBsR1s[N01]1sRsB d nwse - - 0/0/0/0 M01,M02,M03,M04,M05,M06,M07/M15,M16,M17,M18,M19,M20,M21/M08,M09,M10,M11,M12,M13,M14/M30,M31,M32,M33,M34,M35,M36 -/-/-/- - 1";
/// T1: South's Gulled on d5 can take West's Navia on d6.
const T1: &str =
    "3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/7/3s[N01]3 a swne B/N/N/N - 0/0/0/0 -/-/-/- -/-/-/- - 5";
/// T7: phase b, declarations revealed, base order `nwse`.
const T7: &str = "3n[N02]3/2nB4/11/11/11/w[N03]1w[M17]7e[N04]/1wB9/10eR/11/2sB4/1sR1s[N01]3 b nwse B/M17/N/R - 5/4/0/6 -/-/-/- -/-/-/- - 14";
/// T10: South and West tie at the end of bidding and reach the promise step.
const T10: &str = "3n[N02]3/2nB4/11/11/11/w[N03]2wB6e[N04]/1wB1sB5eB1/11/11/2sB4/3s[N01]3 b nwse B/B/N/N - 3/3/0/0 M01/M15/-/- -/-/-/- - 8";
/// T4 after South's `e6e7=i9`: South holds three Navia and has won.
const T4: &str =
    "7/4nB2/11/11/4e[N04]6/w[N03]3sB6/11/11/2s[N02]8/7/3s[N01]3 a swne B/N/B/N - 0/0/0/0 -/-/-/- -/-/-/- - 20";

fn cat() -> &'static Catalogue {
    Catalogue::builtin()
}

/// An engine switched to `naviadratp4`.
fn engine4() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("setoption name UCI_Variant value naviadratp4");
    assert!(e.sync().is_empty());
    e
}

/// The game a `position` command gives, built in the test.
fn game(fen: &str, events: &[&str]) -> Game4 {
    let mut g = Game4::from_nfen4(fen, cat(), 200).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for ev in events {
        g.play_text(ev).unwrap_or_else(|e| panic!("{ev}: {e}"));
    }
    g
}

fn position(fen: &str, events: &[&str]) -> String {
    if events.is_empty() {
        format!("position fen {fen}")
    } else {
        format!("position fen {fen} moves {}", events.join(" "))
    }
}

/// One line in answer to a one-line command.
fn ask(e: &mut Engine, line: &str) -> String {
    e.send(line);
    let mut l = e.sync();
    assert_eq!(l.len(), 1, "{line}: {l:?}");
    l.pop().unwrap()
}

/// The lines of a `go`, up to its `best…` answer.
fn go(e: &mut Engine, line: &str) -> Vec<String> {
    e.send(line);
    e.until(|l| l.starts_with("best"))
}

/// The answer of the last line of a `go`: its word and value.
fn answer(lines: &[String]) -> (String, String) {
    let last = lines.last().unwrap();
    let (word, value) = last.split_once(' ').unwrap_or_else(|| panic!("{lines:?}"));
    (word.to_string(), value.to_string())
}

/// Whether the `go` answer is a legal choice of `seat` in `g` (F41).
fn assert_legal_answer(g: &Game4, seat: Seat, lines: &[String]) {
    let state = g.state();
    let (word, value) = answer(lines);
    match state.phase() {
        Phase::Decision => {
            assert_eq!(word, "bestdeclare", "{lines:?}");
            let kinds: Vec<String> = state
                .declarable(seat)
                .into_iter()
                .map(|d| declaration_text(d, cat()))
                .collect();
            assert!(kinds.contains(&value), "{value} not declarable by {seat:?}: {kinds:?}");
        }
        Phase::Bidding => {
            assert_eq!(word, "bestbid", "{lines:?}");
            let bid: u8 = value.parse().unwrap();
            assert!(bid <= state.max_bid(seat), "bid {bid} above the pool of {seat:?}");
        }
        Phase::Promise => {
            assert_eq!(word, "bestpromise", "{lines:?}");
            assert!(value == "yes" || value == "no", "{value}");
        }
        Phase::Actions => {
            assert_eq!(word, "bestmove", "{lines:?}");
            state
                .parse_action(&value)
                .unwrap_or_else(|e| panic!("bestmove {value}: {e}"));
        }
    }
}

#[test]
fn the_message_flow_of_f41() {
    let mut e = engine4();
    e.send("position startpos");
    assert_eq!(ask(&mut e, "query seats"), "response s w n e");
    let lines = go(&mut e, "go seat w movetime 200");
    assert_legal_answer(&game(START4, &[]), Seat::West, &lines);
    e.send("position startpos moves d:B/M16/M09/R");
    assert_eq!(ask(&mut e, "query phase"), "response b");
    e.send("position startpos moves d:B/M16/M09/R b:0/0/0/0");
    assert_eq!(ask(&mut e, "query seats"), "response n");
    let lines = go(&mut e, "go p1time 60000 p2time 60000 p3time 60000 p4time 60000");
    let g = game(START4, &["d:B/M16/M09/R", "b:0/0/0/0"]);
    assert_legal_answer(&g, Seat::North, &lines);
    assert_eq!(e.fen(), g.state().nfen4());
    e.quit();
}

#[test]
fn the_variant_option_resets_and_ucinewgame_returns_to_the_start() {
    let mut e = engine4();
    assert_eq!(e.fen(), START4);
    e.send(&position(T1, &[]));
    assert_eq!(e.fen(), T1);
    e.send("ucinewgame");
    assert_eq!(e.fen(), START4);
    e.send(&position(T1, &[]));
    // Setting the variant the engine already plays changes nothing.
    e.send("setoption name UCI_Variant value NaviaDratp4");
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), T1);
    assert_eq!(ask(&mut e, "query p1turn"), "response true");
    e.send("setoption name Round Limit value 0");
    let l = e.sync();
    assert!(
        l.len() == 1 && l[0] == "info string error: setoption: Round Limit takes an integer from 1 to 10000, got '0'",
        "{l:?}"
    );
    e.quit();
}

#[test]
fn every_query_of_f42() {
    let mut e = engine4();
    e.send("position startpos");
    for (q, want) in [
        ("gameover", "false"),
        ("result", "none"),
        ("phase", "d"),
        ("seats", "s w n e"),
        ("p1turn", "true"),
    ] {
        assert_eq!(ask(&mut e, &format!("query {q}")), format!("response {want}"), "{q}");
    }
    // F36: team totals North 92, West 98, South 102, East 107; ranking by team total (F34).
    assert_eq!(ask(&mut e, "query ranking"), "response e s w n");
    // T7: the first bid step; North's pool is empty, so its 0 is forced and it does not decide.
    e.send(&position(T7, &[]));
    assert_eq!(ask(&mut e, "query phase"), "response b");
    assert_eq!(ask(&mut e, "query seats"), "response s w e");
    e.send(&position(T7, &["b:3/3/0/1"]));
    assert_eq!(ask(&mut e, "query seats"), "response s w");
    assert_eq!(ask(&mut e, "query p1turn"), "response true");
    e.send(&position(T7, &["b:3/3/0/1", "b:1/0/-/-"]));
    assert_eq!(ask(&mut e, "query phase"), "response a");
    assert_eq!(ask(&mut e, "query seats"), "response s");
    // T10: the promise step.
    e.send(&position(T10, &["b:3/3/0/0", "b:0/0/-/-"]));
    assert_eq!(ask(&mut e, "query phase"), "response p");
    assert_eq!(ask(&mut e, "query seats"), "response s w");
    // T4: South holds three Navia.
    e.send(&position(T4, &["e6e7=i9"]));
    for (q, want) in [
        ("gameover", "true"),
        ("result", "swin"),
        ("seats", "-"),
        ("p1turn", "false"),
    ] {
        assert_eq!(ask(&mut e, &format!("query {q}")), format!("response {want}"), "{q}");
    }
    assert!(ask(&mut e, "query ranking").starts_with("response s "));
    e.quit();
}

#[test]
fn legal_lists_the_choices_of_each_phase() {
    let mut e = engine4();
    e.send("position startpos");
    let g = game(START4, &[]);
    for seat in Seat::ALL {
        let kinds: Vec<String> = g
            .state()
            .declarable(seat)
            .into_iter()
            .map(|d| declaration_text(d, cat()))
            .collect();
        assert_eq!(
            ask(&mut e, &format!("legal seat {}", seat.letter())),
            format!("legal {}", kinds.join(" "))
        );
    }
    let l = ask(&mut e, "legal");
    assert_eq!(
        l,
        "info string error: legal: 4 seats decide now (s w n e); name one with 'seat <s|w|n|e>'"
    );
    e.send(&position(T7, &[]));
    assert_eq!(ask(&mut e, "legal seat s"), "legal 0-5");
    assert_eq!(ask(&mut e, "legal seat e"), "legal 0-6");
    assert_eq!(
        ask(&mut e, "legal seat n"),
        "legal",
        "North's pool is empty: nothing to decide"
    );
    e.send(&position(T10, &["b:3/3/0/0", "b:0/0/-/-"]));
    assert_eq!(ask(&mut e, "legal seat w"), "legal no yes");
    e.send(&position(T1, &[]));
    assert_eq!(ask(&mut e, "legal"), "legal d5d6=c3 d5d6=c9 d5d6=i3 d5d6=i9");
    assert_eq!(ask(&mut e, "legal seat s"), "legal d5d6=c3 d5d6=c9 d5d6=i3 d5d6=i9");
    assert_eq!(ask(&mut e, "legal seat w"), "legal", "West acts later");
    e.send(&position(T1, &["d5d6=c9"]));
    // West declared N but lost its Navia: the fallback (F26).
    assert_eq!(ask(&mut e, "legal"), "legal b4c4");
    e.send(&position(T4, &["e6e7=i9"]));
    assert_eq!(ask(&mut e, "legal"), "legal", "the game is over");
    e.quit();
}

#[test]
fn a_position_is_refused_as_a_whole_and_errors_change_nothing() {
    let mut e = engine4();
    e.send(&position(T7, &["b:3/3/0/1"]));
    let fen = e.fen();
    for (line, want) in [
        (
            format!("position fen {T7} moves b:3/3/0/1 b:5/0/-/-"),
            "info string error: illegal move 'b:5/0/-/-' at index 1: South bids 5 with 2 in its pool",
        ),
        (
            "position startpos moves d:B/B/B/B b:1/0/0/0".to_string(),
            "info string error: illegal move 'b:1/0/0/0' at index 1: South bids 1 with 0 in its pool",
        ),
        (
            "position startpos moves c2c3".to_string(),
            "info string error: illegal move 'c2c3' at index 0: ",
        ),
        ("position fen 7/7/7 d".to_string(), "info string error: "),
        (
            "position startpos forces N01:M01,M02,M03,M04,M05,M06,M07".to_string(),
            "info string error: position: forces takes four forces in seat order s w n e (<navia>:<maseitai>,…), got 1",
        ),
        (
            "position startpos forces N01:M01,M02,M03,M04,M05,M06,M07 N03:M15 N02:M08 N04:M30".to_string(),
            "info string error: position: bad force for West: 1 Maseitai; a force has exactly 7 (R6)",
        ),
    ] {
        let l = ask(&mut e, &line);
        assert!(l.starts_with(want), "{line}: {l}");
        assert_eq!(e.fen(), fen, "{line} changed the position");
    }
    for line in [
        "query phases",
        "legal seat x",
        "go seat q",
        "perft 2",
        "perft 1 full",
        "go draft pool M01",
    ] {
        e.send(line);
        let l = e.until(|l| l.starts_with("info string error: "));
        assert_eq!(l.len(), 1, "{line}: {l:?}");
        if line.starts_with("go seat") {
            // A bad `go` is still answered once: two seats decide here, so with no seat it is `(none)`.
            assert_eq!(e.until(|l| l.starts_with("best")).last().unwrap(), "bestbid (none)");
        }
        assert_eq!(e.fen(), fen, "{line} changed the position");
    }
    e.quit();
}

#[test]
fn forces_in_seat_order_set_the_navias_and_keeps() {
    let mut e = engine4();
    e.send("position startpos forces N01:M01,M02,M03,M04,M05,M06,M07 N03:M15,M16,M17,M18,M19,M20,M21 N02:M08,M09,M10,M11,M12,M13,M14 N04:M30,M31,M32,M33,M34,M35,M36");
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), START4, "the default forces give the default start");
    e.send("position startpos forces N02:M01,M01,M03,M04,M05,M06,M07 N02:M15,M16,M17,M18,M19,M20,M21 N01:M08,M09,M10,M11,M12,M13,M14 N04:M30,M31,M32,M33,M34,M35,M36 moves d:N/N/N/N");
    assert!(e.sync().is_empty());
    let fen = e.fen();
    assert!(
        fen.contains("s[N02]") && fen.contains("w[N02]") && fen.contains("n[N01]"),
        "{fen}"
    );
    assert!(fen.contains(" M01,M01,M03,"), "{fen}");
    e.send("setoption name Force Rule value singleton");
    let l = ask(&mut e, "position startpos forces N02:M01,M01,M03,M04,M05,M06,M07 N02:M15,M16,M17,M18,M19,M20,M21 N01:M08,M09,M10,M11,M12,M13,M14 N04:M30,M31,M32,M33,M34,M35,M36");
    assert_eq!(
        l,
        "info string error: position: bad force for South: M01 appears 2 times; the singleton rule allows at most 1 (R29)"
    );
    assert_eq!(e.fen(), fen);
    e.quit();
}

#[test]
fn go_answers_legally_in_every_phase() {
    let mut e = engine4();
    let cases: [(&str, &[&str], Option<Seat>); 6] = [
        (START4, &[], Some(Seat::South)),
        (START4, &[], Some(Seat::East)),
        (T7, &[], Some(Seat::East)),
        (T7, &["b:3/3/0/1"], Some(Seat::West)),
        (T10, &["b:3/3/0/0", "b:0/0/-/-"], Some(Seat::South)),
        (T1, &[], None),
    ];
    for (fen, events, seat) in cases {
        e.send(&position(fen, events));
        let g = game(fen, events);
        let line = match seat {
            Some(s) => format!("go seat {} movetime 100", s.letter()),
            None => "go depth 2".to_string(),
        };
        let lines = go(&mut e, &line);
        let seat = seat.unwrap_or(Seat::South);
        assert_legal_answer(&g, seat, &lines);
        assert!(lines.iter().all(|l| !l.starts_with("info string error")), "{lines:?}");
        assert!(e.sync().iter().all(|l| !l.starts_with("best")), "one answer per go");
    }
    e.quit();
}

#[test]
fn go_errors_of_f41() {
    let mut e = engine4();
    e.send("position startpos");
    // Four seats decide: without `seat` there is no answer.
    let lines = go(&mut e, "go depth 1");
    assert_eq!(
        lines,
        [
            "info string error: go: 4 seats decide now (s w n e); name one with 'seat <s|w|n|e>'",
            "bestdeclare (none)"
        ]
    );
    // A seat that decides nothing in this step.
    e.send(&position(T7, &["b:3/3/0/1"]));
    let lines = go(&mut e, "go seat n depth 1");
    assert_eq!(
        lines,
        [
            "info string error: go: North decides nothing in phase b (bidding); deciding now: s w",
            "bestbid (none)"
        ]
    );
    // A word of the wrong phase: an error, and the answer follows the phase.
    let lines = go(&mut e, "go declare seat s depth 1");
    assert_eq!(
        lines[0],
        "info string error: go: 'declare' does not fit phase b (bidding); the answer follows the phase"
    );
    assert_legal_answer(&game(T7, &["b:3/3/0/1"]), Seat::South, &lines);
    // The duel's words are refused and ignored.
    e.send(&position(T1, &[]));
    let lines = go(
        &mut e,
        "go wtime 100 btime 100 ponder mate 2 searchmoves d5d6=c3 depth 1",
    );
    for w in ["wtime", "btime", "ponder", "mate", "searchmoves"] {
        let want = format!("info string error: go: '{w}' is not a naviadratp4 word");
        assert!(lines.iter().any(|l| l.starts_with(&want)), "{w}: {lines:?}");
    }
    assert_legal_answer(&game(T1, &[]), Seat::South, &lines);
    // A finished game: `best…(none)` without an error line.
    e.send(&position(T4, &["e6e7=i9"]));
    assert_eq!(go(&mut e, "go depth 1"), ["bestmove (none)"]);
    assert_eq!(go(&mut e, "go seat w depth 1"), ["bestmove (none)"]);
    // A bad go is still answered once.
    e.send(&position(T1, &[]));
    let lines = go(&mut e, "go depth x");
    assert!(
        lines[0].starts_with("info string error: go: depth needs an integer"),
        "{lines:?}"
    );
    assert_legal_answer(&game(T1, &[]), Seat::South, &lines);
    e.quit();
}

#[test]
fn stop_and_isready_during_a_four_player_search() {
    let mut e = engine4();
    for (fen, events, seat) in [(START4, &[][..], "w"), (T7, &[][..], "s"), (T1, &[][..], "s")] {
        e.send(&position(fen, events));
        e.send(&format!("go seat {seat} infinite"));
        std::thread::sleep(Duration::from_millis(200));
        let before = e.sync();
        assert!(
            before.iter().all(|l| !l.starts_with("best")),
            "answer before stop: {before:?}"
        );
        let t = Instant::now();
        e.send("stop");
        let lines = e.until(|l| l.starts_with("best"));
        assert!(t.elapsed() < Duration::from_secs(5), "stop took {:?}", t.elapsed());
        let seat = Seat::from_letter(seat.chars().next().unwrap()).unwrap();
        assert_legal_answer(&game(fen, events), seat, &lines);
        assert!(e.sync().iter().all(|l| !l.starts_with("best")), "one answer per go");
    }
    // A go during a go stops the first: two answers, in order.
    e.send(&position(T1, &[]));
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    e.send("go depth 1");
    let first = e.until(|l| l.starts_with("best"));
    let second = e.until(|l| l.starts_with("best"));
    assert_legal_answer(&game(T1, &[]), Seat::South, &first);
    assert_legal_answer(&game(T1, &[]), Seat::South, &second);
    e.quit();
}

#[test]
fn go_draft_picks_for_the_seat_in_snake_order() {
    let mut e = engine4();
    let pool: Vec<String> = (1..=29).map(|i| format!("M{i:02}")).collect();
    let picks = ["M01", "M02", "M03", "M04", "M05"];
    e.send(&format!("go draft pool {} picks {}", pool.join(" "), picks.join(" ")));
    let lines = e.until(|l| l.starts_with("bestpick"));
    // Picks 0–4 are S W N E E: pick 5 is North's (F11).
    assert!(lines[0].contains(" seat n name "), "{lines:?}");
    let best = lines.last().unwrap().strip_prefix("bestpick ").unwrap();
    assert!(pool[5..].contains(&best.to_string()), "{best}");
    e.send(&format!(
        "go draft pool {} picks {}",
        pool.join(" "),
        pool[..28].join(" ")
    ));
    assert_eq!(
        e.until(|l| l.starts_with("bestpick")),
        ["info string draft complete: 28 picks", "bestpick (none)"]
    );
    let l = ask(&mut e, &format!("go draft pool {}", pool[..15].join(" ")));
    assert_eq!(
        l,
        "info string error: go draft: a draft pool holds 29 Maseitai, got 15 (F11)"
    );
    e.quit();
}

#[test]
fn d_draws_the_cross_and_perft_counts_actions() {
    let mut e = engine4();
    e.send(&position(T1, &[]));
    e.send("d");
    let lines = e.until(|l| l.starts_with("Result:"));
    for prefix in [
        "Phase: a (actions), round 5",
        "Order: swne",
        "Declarations: B/N/N/N",
        "Stakes: -",
        "Pools: 0/0/0/0",
        "Keeps: -/-/-/-",
        "Graveyards: -/-/-/-",
        "Effects: -",
        "Key: ",
        "Result: none",
    ] {
        assert!(lines.iter().any(|l| l.starts_with(prefix)), "{prefix}: {lines:#?}");
    }
    assert!(lines.iter().any(|l| l == &format!("Fen: {T1}")));
    // Rank 6 holds West's Navia on d6; rank 1 has no squares on a, b, j, k.
    let rank6 = lines.iter().find(|l| l.starts_with(" 6 ")).unwrap();
    assert!(rank6.contains("wN03") && rank6.contains("eN04"), "{rank6}");
    let rank1 = lines.iter().find(|l| l.starts_with(" 1 ")).unwrap();
    assert!(rank1.contains("sN01"), "{rank1}");
    assert!(rank1.starts_with(&format!(" 1 {}|", " ".repeat(12))), "{rank1}");
    let g = game(T1, &[]);
    e.send("perft 2");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    let total: u64 = g.state().perft(2);
    assert_eq!(lines.last().unwrap(), &format!("Nodes searched: {total}"));
    assert_eq!(lines.len(), 4 + 2, "one line per action, info, total: {lines:?}");
    e.send("position startpos");
    e.send("perft 1");
    let l = e.until(|l| l.starts_with("info string error: "));
    assert_eq!(
        l,
        ["info string error: perft: naviadratp4 counts actions in phase a; the position is in phase d (decision)"]
    );
    e.quit();
}

#[test]
fn eval_reports_each_seats_terms_and_score() {
    let mut e = engine4();
    e.send(&position(T1, &[]));
    assert!(e.sync().is_empty());
    e.send("eval");
    let lines = e.sync();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["term", "South", "West", "North", "East"]
    );
    let rows: Vec<(String, [i32; 4])> = lines[1..lines.len() - 1]
        .iter()
        .map(|l| {
            let (name, nums) = l.split_at(15);
            let v: Vec<i32> = nums.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (name.trim().to_string(), v.try_into().unwrap())
        })
        .collect();
    let get = |name: &str| {
        rows.iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name}: {lines:?}"))
            .1
    };
    let terms = &rows[..rows.len() - 2];
    assert_eq!(terms.len(), 10, "{lines:?}");
    let total = get("total");
    for s in 0..4 {
        assert_eq!(terms.iter().map(|(_, v)| v[s]).sum::<i32>(), total[s], "seat {s}");
        // The score: the seat's worth less the others' mean, the strongest other counted twice.
        let others: Vec<i32> = (0..4).filter(|&o| o != s).map(|o| total[o]).collect();
        let max = others.iter().copied().max().unwrap();
        assert_eq!(
            get("score")[s],
            total[s] - (others.iter().sum::<i32>() + max) / 4,
            "seat {s}"
        );
    }
    // T1: South's Gulled on d5 can take West's Navia (F14), the only Navia in danger; each seat holds one.
    let hanging = Weights4::DEFAULT.navia_hanging;
    let safety = get("navia safety");
    assert!(safety[1] <= -hanging, "{safety:?}");
    assert!([0, 2, 3].iter().all(|&s| safety[s] > -hanging), "{safety:?}");
    assert!(get("navias").iter().all(|&v| v == get("navias")[0] && v > 0));
    assert_eq!(e.fen(), T1, "eval changed the position");
    e.quit();
}

#[test]
fn bench_answers_the_four_seat_positions_and_totals_their_nodes() {
    let mut e = engine4();
    e.send(&position(T1, &[]));
    e.send("bench 1");
    let lines = e.until(|l| l.starts_with("Nodes/second: "));
    // The same bench in-process: its total is the signature the pipe reports.
    let mut answers = Vec::new();
    let (nodes, _) = bench4(Some(1), &AtomicBool::new(false), &mut |l| {
        answers.push(format!("info string {l}"))
    });
    assert_eq!(lines[..lines.len() - 2], answers[..]);
    assert_eq!(lines[lines.len() - 2], format!("Nodes searched: {nodes}"));
    for phase in ["d", "b", "p", "a"] {
        assert!(
            answers.iter().any(|l| l.contains(&format!(" phase {phase} seat "))),
            "{phase}: {answers:?}"
        );
    }
    assert_eq!(e.fen(), T1, "bench changed the game");
    e.quit();
}

/// The `multipv` lines of the last depth among `lines`: (rank, score, first word of the pv).
fn multipv_lines(lines: &[String]) -> Vec<(u32, i32, String)> {
    let word = |l: &str, w: &str| {
        let mut it = l.split_whitespace();
        it.position(|x| x == w).and_then(|_| it.next()).map(str::to_string)
    };
    let depth = lines
        .iter()
        .rev()
        .find_map(|l| word(l, "multipv").and(word(l, "depth")));
    lines
        .iter()
        .filter(|l| word(l, "multipv").is_some() && word(l, "depth") == depth)
        .map(|l| {
            let n = |w| word(l, w).unwrap().parse().unwrap();
            (n("multipv") as u32, n("cp"), word(l, "pv").unwrap())
        })
        .collect()
}

#[test]
fn multipv_reports_the_best_actions_and_kinds_in_order() {
    let mut e = engine4();
    let in_phase = |letter: &str| {
        let (_, fen) = BENCH4_POSITIONS
            .iter()
            .find(|(_, f)| f.split(' ').nth(1) == Some(letter))
            .unwrap();
        fen.to_string()
    };
    e.send("setoption name MultiPV value 3");
    for (letter, go) in [("a", "go depth 3"), ("d", "go seat s depth 1")] {
        e.send(&format!("position fen {}", in_phase(letter)));
        let lines = self::go(&mut e, go);
        let best = multipv_lines(&lines);
        assert_eq!(
            best.iter().map(|b| b.0).collect::<Vec<_>>(),
            [1, 2, 3],
            "{letter}: {lines:?}"
        );
        assert!(
            best.windows(2).all(|w| w[0].1 >= w[1].1),
            "{letter}: best first: {lines:?}"
        );
        let (_, answer) = answer(&lines);
        assert_eq!(answer, best[0].2, "{letter}: the answer is the first line");
        assert_ne!(best[0].2, best[1].2, "{letter}: three different choices");
    }
    // One line, as before, with the default.
    e.send("setoption name MultiPV value 1");
    let lines = self::go(&mut e, "go seat s depth 1");
    assert!(lines.iter().all(|l| !l.contains("multipv")), "{lines:?}");
    e.quit();
}

/// Lines that must not change the position nor kill the engine.
fn bad_line(i: u64) -> String {
    const WORDS: &[&str] = &[
        "go",
        "seat",
        "declare",
        "bid",
        "promise",
        "p3time",
        "p4inc",
        "query",
        "phase",
        "seats",
        "ranking",
        "legal",
        "position",
        "fen",
        "startpos",
        "forces",
        "moves",
        "d:B/B/B/B",
        "b:9/9/9/9",
        "p:y/y/y/y",
        "x:q",
        "perft",
        "draft",
        "pool",
        "picks",
        "w",
        "q",
        "-1",
        "99999999999999999999",
        "☃",
        "\u{0}",
        "M01",
        "N01:M01",
        "d5d6=c9",
        "d5d6=z9",
    ];
    let mut x = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let n = 1 + next() % 6;
    let words: Vec<&str> = (0..n).map(|_| WORDS[(next() % WORDS.len() as u64) as usize]).collect();
    words.join(" ")
}

#[test]
fn two_hundred_bad_lines_never_kill_the_engine() {
    use dratp::protocol::command::{parse_line, Command};
    let mut e = engine4();
    e.send(&position(T1, &[]));
    let fen = e.fen();
    let mut gos = 0;
    let mut sent = 0;
    let mut i = 0;
    while sent < 200 {
        i += 1;
        let line = bad_line(i);
        // Only lines that cannot be a valid change of the game or an unbounded search.
        let keep = match parse_line(&line) {
            Ok(Some(Command::Position { .. } | Command::NewGame | Command::Quit | Command::Bench(_))) => false,
            Ok(Some(Command::Go(p))) => {
                // naviadratp4 ignores the duel's words, so a go limited by them alone is infinite.
                if p.without_duel_words().until_stop() {
                    false
                } else {
                    gos += 1;
                    true
                }
            }
            Ok(Some(Command::Perft { depth, .. })) => depth <= 2,
            Err(dratp::protocol::command::CommandError::Bad { command: "go", .. }) => {
                gos += 1;
                true
            }
            _ => true,
        };
        if keep {
            e.send(&line);
            sent += 1;
        }
    }
    e.send("go depth 1");
    let seen = std::cell::Cell::new(0);
    let out = e.until(|l| {
        if l.starts_with("best") && !l.starts_with("bestpick") {
            seen.set(seen.get() + 1);
        }
        seen.get() == gos + 1
    });
    assert!(out.iter().all(|l| !l.contains("panicked")));
    assert_legal_answer(&game(T1, &[]), Seat::South, &out);
    assert_eq!(e.fen(), fen);
    e.quit();
}

#[test]
fn the_duel_is_unchanged_after_switching_back() {
    let mut e = engine4();
    e.send(&position(T1, &["d5d6=c9"]));
    e.send("setoption name UCI_Variant value naviadratp");
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), START_NFEN, "back to the duel's start");
    for (line, want) in [
        ("query p1turn", "response true"),
        ("query result", "response none"),
        (
            "query phase",
            "info string error: query: 'phase' is a naviadratp4 word; the variant is naviadratp (see UCI_Variant)",
        ),
        (
            "legal seat s",
            "info string error: legal: 'seat' is a naviadratp4 word; the variant is naviadratp (see UCI_Variant)",
        ),
    ] {
        assert_eq!(ask(&mut e, line), want, "{line}");
    }
    let lines = go(&mut e, "go seat s depth 1");
    assert_eq!(
        lines[0],
        "info string error: go: 'seat' is a naviadratp4 word; the variant is naviadratp (see UCI_Variant)"
    );
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    e.send("position startpos moves c2c3");
    e.send("go depth 2");
    let lines = e.bestmove();
    let best = lines.last().unwrap().split(' ').nth(1).unwrap().to_string();
    let pos = dratp::rules::parse_nfen(START_NFEN, cat()).unwrap();
    let after = pos.play(&dratp::rules::parse_action("c2c3", &pos).unwrap());
    dratp::rules::parse_action(&best, &after).unwrap();
    e.send("ucinewgame");
    assert_eq!(e.fen(), START_NFEN);
    e.quit();
}

#[test]
fn round_limit_and_catalogue_file_apply_to_the_four_player_game() {
    let mut e = engine4();
    e.send("setoption name Round Limit value 1");
    assert!(e.sync().is_empty());
    // Round 1 played to its end with each seat's first legal action.
    let mut g = Game4::startpos(cat(), None, 1).unwrap();
    let mut events = vec!["d:B/B/B/B".to_string(), "b:0/0/0/0".to_string()];
    for ev in &events {
        g.play_text(ev).unwrap();
    }
    while g.state().phase() == Phase::Actions && g.result().is_none() {
        let state = g.state();
        let a = state.action_text(&state.legal_actions()[0]);
        g.play_text(&a).unwrap();
        events.push(a);
    }
    e.send(&format!("position startpos moves {}", events.join(" ")));
    assert!(e.sync().is_empty());
    assert_eq!(ask(&mut e, "query result"), "response draw");
    assert_eq!(e.result_line(), "Result: draw round limit");
    assert_eq!(go(&mut e, "go depth 1"), ["bestdeclare (none)"]);
    // A new catalogue replays the game on it.
    let dir = std::env::temp_dir().join(format!("dratp-protocol4-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("same.cat");
    std::fs::write(&file, dratp::rules::catalogue::BUILTIN_TEXT).unwrap();
    let fen = e.fen();
    e.send(&format!("setoption name Catalogue File value {}", file.display()));
    assert!(e.sync().is_empty());
    assert_eq!(e.fen(), fen);
    assert_eq!(ask(&mut e, "query result"), "response draw");
    let _ = std::fs::remove_dir_all(&dir);
    e.quit();
}

/// xorshift64*: a seeded generator so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n as u64) as usize
    }
}

/// A random legal event of `g` (F38): declarations, bid steps and promise steps for every seat at once, or an
/// action of the seat to act.
fn random_event(g: &Game4, rng: &mut Rng) -> String {
    let state = g.state();
    let deciding = state.deciding();
    let per_seat = |f: &mut dyn FnMut(Seat) -> String| Seat::ALL.map(f).join("/");
    match state.phase() {
        Phase::Decision => {
            let text = per_seat(&mut |s| {
                let kinds = state.declarable(s);
                if kinds.is_empty() {
                    "-".to_string()
                } else {
                    declaration_text(kinds[rng.below(kinds.len())], cat())
                }
            });
            format!("d:{text}")
        }
        Phase::Bidding => {
            let step = state.round().bid_step();
            let text = per_seat(&mut |s| match (step.contains(s), state.max_bid(s)) {
                (false, _) => "-".to_string(),
                (true, pool) => rng.below(usize::from(pool).min(3) + 1).to_string(),
            });
            format!("b:{text}")
        }
        Phase::Promise => {
            let text = per_seat(&mut |s| match (deciding.contains(s), rng.below(2)) {
                (false, _) => "-".to_string(),
                (true, 0) => "n".to_string(),
                (true, _) => "y".to_string(),
            });
            format!("p:{text}")
        }
        Phase::Actions => {
            let actions = state.legal_actions();
            state.action_text(&actions[rng.below(actions.len())])
        }
    }
}

#[test]
fn go_answers_legally_along_random_games() {
    let mut rng = Rng(0x4_5EA7_0041);
    let mut e = engine4();
    let mut asked = [0; 4];
    for game_no in 0..6 {
        let mut g = Game4::startpos(cat(), None, 200).unwrap();
        let mut events: Vec<String> = Vec::new();
        for _ in 0..24 {
            if g.result().is_some() {
                break;
            }
            let ev = random_event(&g, &mut rng);
            g.play_text(&ev).unwrap_or_else(|err| panic!("{ev}: {err}"));
            events.push(ev);
            let deciding: Vec<Seat> = g.state().deciding().iter().collect();
            if deciding.is_empty() || g.result().is_some() {
                continue;
            }
            let seat = deciding[rng.below(deciding.len())];
            e.send(&format!("position startpos moves {}", events.join(" ")));
            let lines = go(&mut e, &format!("go seat {} nodes 300", seat.letter()));
            assert_legal_answer(&g, seat, &lines);
            asked[phase_index(g.state().phase())] += 1;
        }
        assert_eq!(e.fen(), g.state().nfen4(), "game {game_no}");
    }
    // A promise step needs equal figure values and team totals: rare in random games, asked in T10 above.
    assert!(
        asked[0] > 0 && asked[1] > 0 && asked[3] > 0,
        "phases d, b, a asked: {asked:?}"
    );
    e.quit();
}

fn phase_index(p: Phase) -> usize {
    match p {
        Phase::Decision => 0,
        Phase::Bidding => 1,
        Phase::Promise => 2,
        Phase::Actions => 3,
    }
}

#[test]
fn full_strength_replays_its_answers_in_any_process_after_any_new_game() {
    // A declaration two iterations deep draws every determinization of `Tune_declare_worlds`; with `Random
    // Seed` 0 each process and each `ucinewgame` draws a new seed from the clock, which full strength must not read.
    let fen = BENCH4_POSITIONS[0].1;
    let replayable = |lines: &[String]| -> Vec<String> {
        let keep = |l: &&String| !l.starts_with("info") || l.contains(" score ");
        // Time and speed vary from run to run; the rest of each line may not.
        let fixed = |l: &String| {
            let mut words = l.split(' ');
            let mut kept = Vec::new();
            while let Some(w) = words.next() {
                if w == "time" || w == "nps" {
                    words.next();
                } else {
                    kept.push(w);
                }
            }
            kept.join(" ")
        };
        lines.iter().filter(keep).map(fixed).collect()
    };
    let run = || {
        let mut e = engine4();
        let mut out = Vec::new();
        for _ in 0..2 {
            e.send("ucinewgame");
            e.send(&position(fen, &[]));
            out.push(replayable(&go(&mut e, "go seat s depth 2")));
        }
        e.quit();
        out
    };
    let first = run();
    assert_eq!(first[0], first[1], "after ucinewgame");
    assert!(first[0].iter().any(|l| l.contains(" score ")), "{first:?}");
    assert_eq!(run(), first, "in another process");
}
