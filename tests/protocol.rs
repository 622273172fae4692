//! The engine binary driven over pipes, as a GUI drives it (issue 3).

mod engine_pipe;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use engine_pipe::{Engine, WAIT};

use dratp::rules::{action_text, nfen, parse_action, parse_nfen, Catalogue, Game, Position, START_NFEN};

/// xorshift64*: a seeded generator so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

fn start() -> Position {
    Position::startpos(Catalogue::builtin()).unwrap()
}

/// A random game of `len` actions from the start that has not ended (no win, no thousand war).
fn random_game(rng: &mut Rng, len: usize) -> Game {
    'again: loop {
        let mut g = Game::new(start());
        for _ in 0..len {
            let pos = *g.position();
            // Cheap filter: no win on the board and no third repetition (R26).
            let ok: Vec<_> = pos
                .legal_actions()
                .into_iter()
                .filter(|a| {
                    let child = pos.play(a);
                    child.outcome().is_none() && g.positions().iter().filter(|p| p.key() == child.key()).count() < 2
                })
                .collect();
            if ok.is_empty() {
                continue 'again;
            }
            g.play(*rng.pick(&ok));
        }
        if g.result().is_none() {
            return g;
        }
    }
}

fn moves_text(g: &Game) -> String {
    g.actions()
        .iter()
        .zip(g.positions())
        .map(|(a, p)| action_text(a, p.catalogue()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `bestmove` is legal in `pos`, and the final `info` pv is legal move after move.
fn assert_answer_legal(pos: &Position, lines: &[String], ugi: bool) {
    let best = lines.last().unwrap();
    let words: Vec<&str> = best.split_whitespace().collect();
    assert_eq!(words[0], "bestmove", "{lines:?}");
    if ugi {
        assert_eq!(words.len(), 2, "UGI bestmove carries no ponder: {best}");
    }
    let a =
        parse_action(words[1], pos).unwrap_or_else(|e| panic!("bestmove {} illegal in {}: {e}", words[1], nfen(pos)));
    if words.len() == 4 {
        assert_eq!(words[2], "ponder");
        parse_action(words[3], &pos.play(&a)).expect("ponder move legal after bestmove");
    }
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info") && !l.starts_with("info string"));
    let info = info.unwrap_or_else(|| panic!("no info before bestmove: {lines:?}"));
    if let Some(pv) = info.split(" pv ").nth(1) {
        let mut p = *pos;
        for m in pv.split_whitespace() {
            let a = parse_action(m, &p).unwrap_or_else(|e| panic!("pv move {m} illegal: {e} in {info}"));
            p = p.play(&a);
        }
    }
}

#[test]
fn uci_handshake_lists_every_option() {
    let mut e = Engine::start();
    e.send("uci");
    let l = e.until(|l| l == "uciok");
    assert!(l[0].starts_with("id name dratp"), "{l:?}");
    assert!(l.iter().any(|l| l.starts_with("id author")));
    for name in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Move Overhead",
        "Skill Level",
        "UCI_Variant",
        "Catalogue File",
        "Debug Log File",
    ] {
        assert!(
            l.iter().any(|l| l.starts_with(&format!("option name {name} type "))),
            "{name} missing: {l:?}"
        );
    }
    assert!(
        l.contains(&"option name UCI_Variant type combo default naviadratp var naviadratp var naviadratp4".to_string())
    );
    assert!(e.sync().is_empty());
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go depth 1");
    let answer = e.bestmove();
    assert_answer_legal(&start(), &answer, false);
    e.quit();
}

#[test]
fn ugi_handshake_queries_and_two_word_bestmove() {
    let mut e = Engine::start();
    e.send("ugi");
    let l = e.until(|l| l == "ugiok");
    assert!(l[0].starts_with("id name dratp"));
    e.send("uginewgame");
    e.send("position startpos");
    for (q, want) in [("gameover", "false"), ("p1turn", "true"), ("result", "none")] {
        e.send(&format!("query {q}"));
        assert_eq!(e.until(|_| true), vec![format!("response {want}")]);
    }
    e.send("position startpos moves c2c3");
    e.send("query p1turn");
    assert_eq!(e.until(|_| true), vec!["response false".to_string()]);
    e.send("go p1time 2000 p2time 2000 p1inc 10 p2inc 10");
    let answer = e.bestmove();
    let pos = start().play(&parse_action("c2c3", &start()).unwrap());
    assert_answer_legal(&pos, &answer, true);
    e.quit();
}

#[test]
fn isready_answers_during_go_infinite_and_stop_is_prompt() {
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    e.sync();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let before = e.sync();
    assert!(
        !before.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop: {before:?}"
    );
    let t = Instant::now();
    e.send("stop");
    let answer = e.bestmove();
    let latency = t.elapsed();
    println!("stop latency (pipe round trip included): {latency:?}");
    assert!(latency < Duration::from_secs(5), "stop took {latency:?}");
    assert_answer_legal(&start(), &answer, false);
    // Exactly one bestmove: nothing else arrives before the next readyok.
    assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")));
    // stop at once after go, depth 0 and a bad go all still give exactly one bestmove.
    for go in [
        "go infinite",
        "go depth 0",
        "go depth x",
        "go wtime -50 btime -50",
        "go ponder",
        "go",
        "go searchmoves c2c3 d1c1",
    ] {
        e.send(go);
        let unbounded = ["infinite", "ponder", "searchmoves"].iter().any(|w| go.contains(w)) || go == "go";
        if unbounded {
            std::thread::sleep(Duration::from_millis(50));
            assert!(
                e.sync().iter().all(|l| !l.starts_with("bestmove")),
                "{go}: bestmove before stop"
            );
            e.send("stop");
        }
        let answer = e.bestmove();
        assert_answer_legal(&start(), &answer, false);
        if go == "go depth x" {
            assert!(
                answer
                    .iter()
                    .any(|l| l.starts_with("info string error: go: depth needs an integer")),
                "{answer:?}"
            );
        }
        if go.contains("searchmoves") {
            let best = answer.last().unwrap().split(' ').nth(1).unwrap();
            assert!(best == "c2c3" || best == "d1c1", "{best}");
        }
        assert!(
            e.sync().iter().all(|l| !l.starts_with("bestmove")),
            "{go}: a second bestmove"
        );
    }
    e.quit();
}

#[test]
fn go_during_go_infinite_stops_it_and_each_go_gets_its_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("go depth 2");
    let first = e.bestmove();
    assert_answer_legal(&start(), &first, false);
    let second = e.bestmove();
    assert_answer_legal(&start(), &second, false);
    assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")));
    e.quit();
}

#[test]
fn position_with_a_300_move_history() {
    let mut rng = Rng(0x5EED_0300);
    let g = random_game(&mut rng, 300);
    let mut e = Engine::start();
    e.send(&format!("position startpos moves {}", moves_text(&g)));
    assert!(e.sync().is_empty(), "no error expected");
    assert_eq!(e.fen(), nfen(g.position()));
    e.send("go depth 1");
    let answer = e.bestmove();
    assert_answer_legal(g.position(), &answer, false);
    e.quit();
}

#[test]
fn illegal_move_in_position_keeps_the_previous_position() {
    let mut e = Engine::start();
    e.send("position startpos moves c2c3");
    let fen = e.fen();
    e.send("position startpos moves d2d3 c2c5 e2e3");
    let l = e.sync();
    assert_eq!(l.len(), 1, "{l:?}");
    assert!(
        l[0].starts_with("info string error: illegal move 'c2c5' at index 1: "),
        "{l:?}"
    );
    e.send("position fen 7/7/7 w 0/0");
    let l = e.sync();
    assert!(l[0].starts_with("info string error: bad NFEN: "), "{l:?}");
    assert_eq!(e.fen(), fen);
    e.quit();
}

#[test]
fn thousand_war_through_position_moves_is_a_draw() {
    // R26: the Navias walk out and back twice; the start position occurs a third time.
    let mut e = Engine::start();
    e.send("position startpos moves d1c1 d7c7 c1d1 c7d7 d1c1 d7c7 c1d1 c7d7");
    assert!(e.sync().is_empty());
    assert_eq!(e.result_line(), "Result: draw thousand war");
    e.send("query gameover");
    assert_eq!(e.until(|_| true), vec!["response true".to_string()]);
    e.send("query result");
    assert_eq!(e.until(|_| true), vec!["response draw".to_string()]);
    e.send("go depth 3");
    let answer = e.bestmove();
    assert_eq!(answer.last().unwrap(), "bestmove (none)");
    assert!(
        answer.iter().any(|l| l.starts_with("info depth 0 score cp 0")),
        "{answer:?}"
    );
    // Two moves short of it: still going.
    e.send("position startpos moves d1c1 d7c7 c1d1 c7d7 d1c1 d7c7 c1d1");
    assert_eq!(e.result_line(), "Result: none");
    e.quit();
}

/// D14: a finished game has no legal actions, so `legal`, `perft`, `go` and `query gameover` agree, whether the
/// result shows on the board (a Navia goal) or only in the history (R26 repetition) (issue 11.11).
#[test]
fn a_finished_game_lists_no_actions_for_legal_perft_and_go() {
    let mut e = Engine::start();
    for position in [
        "position startpos moves d1c1 d7c7 c1d1 c7d7 d1c1 d7c7 c1d1 c7d7",
        "position fen 7/7/7/7/7/7/3[n02]3 w 0/0 -/- -/- goal:w 9",
    ] {
        e.send(position);
        assert!(e.sync().is_empty(), "{position}");
        e.send("query gameover");
        assert_eq!(e.until(|_| true), vec!["response true".to_string()], "{position}");
        e.send("legal");
        assert_eq!(e.until(|_| true), vec!["legal".to_string()], "{position}");
        for cmd in ["perft 1", "perft 3", "go perft 2"] {
            e.send(cmd);
            let l = e.until(|l| l.starts_with("Nodes searched"));
            assert_eq!(l.last().unwrap(), "Nodes searched: 0", "{position}: {cmd}: {l:?}");
            assert_eq!(l.len(), 2, "no root move lines: {l:?}");
        }
        e.send("go depth 2");
        assert_eq!(e.bestmove().last().unwrap(), "bestmove (none)", "{position}");
    }
    e.quit();
}

#[test]
fn navia_taken_ends_the_game_for_queries() {
    let mut rng = Rng(77);
    // Find a short random game that ends with a win, then replay it over the protocol.
    let (g, winner) = loop {
        let mut g = Game::new(start());
        while g.result().is_none() && g.actions().len() < 200 {
            let acts = g.position().legal_actions();
            g.play(*rng.pick(&acts));
        }
        if let Some(r) = g.result() {
            if let Some(w) = r.winner {
                break (g, w);
            }
        }
    };
    let mut e = Engine::start();
    e.send("ugi");
    e.until(|l| l == "ugiok");
    e.send(&format!("position startpos moves {}", moves_text(&g)));
    e.send("query result");
    let want = if winner == dratp::rules::Side::White {
        "p1win"
    } else {
        "p2win"
    };
    assert_eq!(e.until(|_| true), vec![format!("response {want}")]);
    e.send("go depth 2");
    assert_eq!(e.bestmove().last().unwrap(), "bestmove (none)");
    e.quit();
}

#[test]
fn every_option_is_accepted_and_bad_values_refused() {
    let dir = std::env::temp_dir().join(format!("dratp-protocol-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("io.log");
    let good_cat = dir.join("good.cat");
    let bad_cat = dir.join("bad.cat");
    std::fs::write(&good_cat, dratp::rules::catalogue::BUILTIN_TEXT).unwrap();
    std::fs::write(&bad_cat, "this is not a catalogue\n").unwrap();
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("position startpos moves c2c3");
    let fen = e.fen();
    for good in [
        "setoption name Hash value 1".to_string(),
        "setoption name Threads value 2".to_string(),
        "setoption name MultiPV value 3".to_string(),
        "setoption name Ponder value true".to_string(),
        "setoption name move overhead value 0".to_string(),
        "setoption name Skill Level value 20".to_string(),
        "setoption name UCI_Variant value naviadratp".to_string(),
        format!("setoption name Catalogue File value {}", good_cat.display()),
        format!("setoption name Debug Log File value {}", log.display()),
    ] {
        e.send(&good);
        assert!(e.sync().is_empty(), "{good} refused");
    }
    assert_eq!(e.fen(), fen, "the game is replayed on the new catalogue");
    for (bad, why) in [
        ("setoption name Hash value 0", "Hash takes an integer from 1 to"),
        ("setoption name Threads value many", "Threads takes an integer"),
        ("setoption name MultiPV", "MultiPV needs a value"),
        ("setoption name Ponder value maybe", "Ponder takes true or false"),
        (
            "setoption name Skill Level value 21",
            "Skill Level takes an integer from 0 to 20",
        ),
        (
            "setoption name UCI_Variant value chess",
            "UCI_Variant takes naviadratp or naviadratp4",
        ),
        ("setoption name Contempt value 3", "unknown option 'Contempt'"),
    ] {
        e.send(bad);
        let l = e.sync();
        assert!(
            l.len() == 1 && l[0].starts_with("info string error: setoption: ") && l[0].contains(why),
            "{bad}: {l:?}"
        );
    }
    e.send("catalogue");
    e.send("isready");
    let before = e.until(|l| l == "readyok");
    e.send(&format!("setoption name Catalogue File value {}", bad_cat.display()));
    let l = e.sync();
    assert!(
        l.len() == 1 && l[0].contains("Catalogue File") && l[0].contains("refused"),
        "{l:?}"
    );
    e.send("setoption name Catalogue File value /no/such/file.cat");
    let l = e.sync();
    assert!(l.len() == 1 && l[0].contains("cannot read"), "{l:?}");
    e.send("catalogue");
    e.send("isready");
    assert_eq!(e.until(|l| l == "readyok"), before, "previous catalogue kept");
    assert_eq!(e.fen(), fen);
    // MultiPV 3 at depth 2 still ends with one bestmove; Threads 2 runs.
    e.send("go depth 2");
    assert_answer_legal(&parse_nfen(&fen, Catalogue::builtin()).unwrap(), &e.bestmove(), false);
    e.send("setoption name Debug Log File value");
    e.sync();
    e.quit();
    let text = std::fs::read_to_string(&log).unwrap();
    // Input is logged by the reader as it arrives, output by whoever writes it, so only lines are checked.
    assert!(
        text.lines().any(|l| l == ">> isready") && text.lines().any(|l| l == "<< readyok"),
        "{text}"
    );
    assert!(text.contains(">> go depth 2\n"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("<< bestmove ")), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The built-in catalogue text without one piece's block.
fn catalogue_without(id: &str) -> String {
    let text = dratp::rules::catalogue::BUILTIN_TEXT;
    let start = text
        .find(&format!("piece {id}\n"))
        .expect("piece in the built-in catalogue");
    let end = start + text[start..].find("\nend\n").unwrap() + "\nend\n".len();
    format!("{}{}", &text[..start], &text[end..])
}

#[test]
fn catalogue_file_that_does_not_fit_the_game_resets_or_is_refused() {
    let dir = std::env::temp_dir().join(format!("dratp-protocol-cat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let no_io = dir.join("no-io.cat");
    let no_koma = dir.join("no-koma.cat");
    std::fs::write(&no_io, catalogue_without("N03")).unwrap();
    std::fs::write(&no_koma, catalogue_without("M14")).unwrap();
    let io_start = START_NFEN.replace("[N01]", "[N03]");
    let mut e = Engine::start();
    e.send(&format!("position fen {io_start} moves c2c3"));
    let fen = e.fen();
    // No M14: neither this game nor the default start fits, so the file is refused.
    e.send(&format!("setoption name Catalogue File value {}", no_koma.display()));
    let l = e.sync();
    assert!(
        l.len() == 1 && l[0].starts_with("info string error: setoption: Catalogue File:"),
        "{l:?}"
    );
    assert_eq!(e.fen(), fen);
    // No Navia Io: the game does not fit, the default start does: reset and say so.
    e.send(&format!("setoption name Catalogue File value {}", no_io.display()));
    let l = e.sync();
    assert_eq!(
        l,
        ["info string the current position does not fit the new catalogue; reset to startpos"]
    );
    assert_eq!(e.fen(), START_NFEN);
    e.send(&format!("position fen {io_start}"));
    assert!(
        e.sync()[0].starts_with("info string error: bad NFEN: board:"),
        "Io is unknown now"
    );
    // Back to the built-in catalogue.
    e.send("setoption name Catalogue File value");
    assert!(e.sync().is_empty());
    e.send(&format!("position fen {io_start}"));
    assert!(e.sync().is_empty());
    e.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn skill_levels_answer_legal_moves_with_a_final_info() {
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("position startpos moves c2c3");
    let pos = start().play(&parse_action("c2c3", &start()).unwrap());
    for level in [0, 1, 5, 20] {
        e.send(&format!("setoption name Skill Level value {level}"));
        e.send("go depth 3");
        assert_answer_legal(&pos, &e.bestmove(), false);
    }
    e.quit();
}

#[test]
fn d_names_the_checked_navia() {
    let mut e = Engine::start();
    e.send("d");
    let d = e.until(|l| l.starts_with("Result:"));
    assert!(d.iter().any(|l| l == "Check: none"), "{d:?}");
    // R24: the second player's black Gulled on d2 could take the first player's Navia on d1.
    e.send("position fen 3[n02]3/7/7/7/7/3b3/3[N01]3 w 0/0 -/- -/- - 5");
    e.send("d");
    let d = e.until(|l| l.starts_with("Result:"));
    let check = d
        .iter()
        .position(|l| l == "Check: d1")
        .expect("a Check line before Result");
    assert_eq!(check + 1, d.len() - 1, "Check comes right before Result: {d:?}");
    // Only the side to move's Navia is named: here the second player's is not attacked.
    e.send("position fen 3[n02]3/3B3/7/7/7/7/3[N01]3 w 0/0 -/- -/- - 5");
    e.send("d");
    let d = e.until(|l| l.starts_with("Result:"));
    assert!(d.iter().any(|l| l == "Check: none"), "{d:?}");
    e.quit();
}

#[test]
fn extensions_d_legal_perft_eval_catalogue() {
    let mut e = Engine::start();
    e.send("d");
    let d = e.until(|l| l.starts_with("Result:"));
    assert!(d.iter().any(|l| l == &format!("Fen: {START_NFEN}")), "{d:?}");
    assert!(d.iter().any(|l| l.starts_with("Key: ") && l.len() == 5 + 16));
    assert!(d.iter().any(|l| l.starts_with("1 |")) && d.iter().any(|l| l.starts_with("7 |")));
    e.send("legal");
    let legal = e.until(|_| true).pop().unwrap();
    let moves: Vec<&str> = legal.split(' ').skip(1).collect();
    let mut want: Vec<String> = start()
        .legal_actions()
        .iter()
        .map(|a| action_text(a, Catalogue::builtin()))
        .collect();
    want.sort();
    assert_eq!(moves, want);
    for cmd in ["perft 2", "go perft 2"] {
        e.send(cmd);
        let l = e.until(|l| l.starts_with("Nodes searched"));
        assert_eq!(l.len(), want.len() + 2, "one line per move, the timing line, the total");
        assert!(l[l.len() - 2].starts_with("info string perft 2: "));
        assert_eq!(
            l.last().unwrap(),
            &format!("Nodes searched: {}", dratp::rules::perft::perft(&start(), 2))
        );
    }
    e.send("perft 0");
    assert_eq!(e.until(|_| true), vec!["Nodes searched: 1".to_string()]);
    e.send("eval");
    assert!(!e.sync().is_empty());
    e.send("catalogue");
    let text = e.sync().join("\n");
    let cat = Catalogue::parse(&text).expect("catalogue output parses");
    assert_eq!(cat.entries(), Catalogue::builtin().entries());
    e.quit();
}

#[test]
fn bench_from_the_command_line_and_args_as_commands() {
    let out = Command::new(env!("CARGO_BIN_EXE_dratp"))
        .args(["bench", "2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[lines.len() - 2].starts_with("Nodes searched: "), "{text}");
    assert!(lines[lines.len() - 1].starts_with("Nodes/second: "), "{text}");
    let out = Command::new(env!("CARGO_BIN_EXE_dratp"))
        .args(["position", "startpos", "moves", "c2c3;", "query", "p1turn"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "response false\n");
    let out = Command::new(env!("CARGO_BIN_EXE_dratp"))
        .args(["position startpos moves c2c3 c6c5", "query p1turn", "go depth 1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("response true\n") && text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );
}

#[test]
fn end_of_input_and_a_closed_stdout_end_the_process_quietly() {
    let mut e = Engine::start();
    e.stdin = None;
    let t = Instant::now();
    while e.child.try_wait().unwrap().is_none() {
        assert!(t.elapsed() < WAIT, "engine ignored end of input");
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_dratp"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    for _ in 0..3 {
        let _ = writeln!(stdin, "uci");
        let _ = stdin.flush();
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "status {}", out.status);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn bestmove_is_legal_in_200_random_positions() {
    let mut rng = Rng(0xB357_0200);
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    for i in 0..200 {
        let len = rng.below(40);
        let g = random_game(&mut rng, len);
        let cmd = if i % 2 == 0 {
            format!("position startpos moves {}", moves_text(&g))
        } else {
            format!("position fen {}", nfen(g.position()))
        };
        e.send(cmd.trim_end());
        e.send(if i % 3 == 0 { "go depth 2" } else { "go nodes 300" });
        let answer = e.bestmove();
        assert_answer_legal(g.position(), &answer, false);
    }
    e.quit();
}

/// Lines that must never change the position: garbage, unicode, huge numbers,
/// truncated or mutated NFEN, mutated commands. Lines that would be valid
/// position changes or long searches are left out by construction or checked away.
fn fuzz_line(rng: &mut Rng) -> String {
    const WORDS: &[&str] = &[
        "uci",
        "ugi",
        "debug",
        "isready",
        "setoption",
        "name",
        "value",
        "ucinewgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "wtime",
        "btime",
        "winc",
        "binc",
        "p1time",
        "depth",
        "nodes",
        "mate",
        "movetime",
        "searchmoves",
        "perft",
        "stop",
        "ponderhit",
        "query",
        "gameover",
        "p1turn",
        "result",
        "d",
        "legal",
        "eval",
        "bench",
        "Hash",
        "Threads",
        "on",
        "off",
        "c2c3",
        "M06@a1",
        "d1+",
        "c7^:G",
        "[N01]",
        "w",
        "b",
        "0/0",
        "-/-",
        "-",
    ];
    const ODD: &[&str] = &[
        "\u{0}",
        "\u{feff}",
        "☃",
        "😀",
        "é",
        "\u{301}",
        "ß",
        "中文",
        "\u{202e}",
        "\t",
        "\u{7f}",
        "\\",
        "\"",
        "%s",
        "{}",
        "99999999999999999999999999",
        "-9223372036854775809",
        "18446744073709551616",
        "4294967296",
        "-1",
        "0x10",
        "1e9",
        "NaN",
        "+5",
    ];
    let start_moves = ["c2c3", "d1c1", "M06@a1", "M07@g1", "b1b2"];
    match rng.below(9) {
        0 => (0..rng.below(6) + 1)
            .map(|_| *rng.pick(WORDS))
            .collect::<Vec<_>>()
            .join(" "),
        1 => (0..rng.below(6) + 1)
            .map(|_| *rng.pick(ODD))
            .collect::<Vec<_>>()
            .join(" "),
        2 => {
            let cut = rng.below(START_NFEN.len());
            format!("position fen {}", &START_NFEN[..cut])
        }
        3 => {
            let mut b = START_NFEN.as_bytes().to_vec();
            for _ in 0..rng.below(3) + 1 {
                let i = rng.below(b.len());
                b[i] = *rng.pick(b"0123456789/[]+-,wbBRrNM ?x");
            }
            format!("position fen {}", String::from_utf8(b).unwrap())
        }
        4 => format!("position startpos moves {} {}", rng.pick(&start_moves), rng.pick(ODD)),
        5 => format!(
            "go {} {}",
            rng.pick(&["depth", "nodes", "wtime", "movetime", "mate", "perft"]),
            rng.pick(ODD)
        ),
        6 => format!(
            "{} {}",
            rng.pick(&["perft", "bench", "debug", "query", "setoption name", "isready"]),
            rng.pick(ODD)
        ),
        7 => format!(
            "setoption name {} value {}",
            rng.pick(&["Hash", "Threads", "MultiPV", "Skill Level"]),
            rng.pick(ODD)
        ),
        _ => {
            let line = format!("position startpos moves {}", rng.pick(&start_moves));
            let mut b = line.into_bytes();
            let i = rng.below(b.len());
            b.truncate(i);
            String::from_utf8(b).unwrap()
        }
    }
}

/// Whether a fuzz line leaves the position as it is and starts no long job.
fn harmless(line: &str, fen: &str) -> bool {
    use dratp::protocol::command::{parse_line, Command as Cmd, StartPos};
    match parse_line(line) {
        Ok(Some(Cmd::Position { start: from, moves })) => {
            let pos = match from {
                StartPos::Start => Ok(start()),
                StartPos::Fen(t) => parse_nfen(&t, Catalogue::builtin()),
                // Forces may set a new position; the fuzzer never sends them.
                StartPos::Forces(_) => return false,
            };
            let Ok(pos) = pos else { return true };
            let mut g = Game::new(pos);
            if moves.iter().any(|m| g.play_text(m).is_err()) {
                return true;
            }
            nfen(g.position()) == fen
        }
        Ok(Some(Cmd::Go(_) | Cmd::Perft { .. } | Cmd::Bench(_) | Cmd::NewGame | Cmd::Quit)) => false,
        Ok(Some(Cmd::SetOption { name, .. })) => !name.eq_ignore_ascii_case("hash"),
        _ => true,
    }
}

/// Whether the engine answers this line with a `bestmove` (a `go` that does not parse).
fn bad_go(line: &str) -> bool {
    matches!(
        dratp::protocol::command::parse_line(line),
        Err(dratp::protocol::command::CommandError::Bad { command: "go", .. })
    )
}

#[test]
fn ten_thousand_bad_lines_neither_crash_nor_change_the_position() {
    let mut rng = Rng(0xF022_10000);
    let mut e = Engine::start();
    e.send("debug on");
    // Bytes that are not UTF-8 and Windows line ends are just more bad input.
    e.stdin
        .as_mut()
        .unwrap()
        .write_all(b"\xff\xfe go\xc3 depth 1\r\nisready\r\n")
        .unwrap();
    let answer = e.until(|l| l == "readyok");
    assert_eq!(answer.len(), 2, "{answer:?}");
    assert!(
        answer[0].starts_with("info string error: unknown command '\u{fffd}\u{fffd}'"),
        "{answer:?}"
    );
    e.send(&format!("position fen {START_NFEN}"));
    let fen = e.fen();
    let (mut sent, mut gos) = (0, 0);
    while sent < 10_000 {
        // Keep every line one line, and skip the few that are valid changes.
        let line = fuzz_line(&mut rng).replace(['\n', '\r'], " ");
        if !harmless(&line, &fen) {
            continue;
        }
        gos += bad_go(&line) as usize;
        e.send(&line);
        sent += 1;
    }
    // One bestmove per go: the last one answers this final go.
    e.send("go depth 1");
    let seen = std::cell::Cell::new(0);
    let out = e.until(|l| {
        if l.starts_with("bestmove") {
            seen.set(seen.get() + 1);
        }
        seen.get() == gos + 1
    });
    assert_answer_legal(&start(), &out, false);
    assert!(out.iter().all(|l| !l.contains("panicked")));
    assert_eq!(e.fen(), fen);
    assert!(
        e.sync().iter().all(|l| !l.starts_with("bestmove")),
        "a bestmove too many"
    );
    e.quit();
}
