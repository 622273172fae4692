//! The engine stays in control over pipes (issue 11): odd input, huge numbers,
//! option defaults, weak levels that vary, and `stop`, `quit` and `isready`
//! during every long command.

mod engine_pipe;

use std::time::{Duration, Instant};

use engine_pipe::{Engine, WAIT};

/// The number after `word` in a line, if any.
fn field(line: &str, word: &str) -> Option<u64> {
    let mut it = line.split(' ');
    it.find(|w| *w == word)?;
    it.next()?.parse().ok()
}

#[test]
fn every_unicode_whitespace_separates_words_and_no_line_vanishes() {
    let mut e = Engine::start();
    for line in ["isready\x0c", "isready\u{2028}", "\u{3000}isready", "isready\u{a0}"] {
        e.send(line);
        assert_eq!(e.until(|_| true), ["readyok"], "{line:?}");
    }
    for go in ["go depth 1\x0b", "go\u{a0}depth\u{3000}1", "go depth\u{2028}1"] {
        e.send(go);
        let answer = e.bestmove();
        assert!(answer.iter().all(|l| !l.contains("error")), "{go:?}: {answer:?}");
    }
    // A go word joined to a strange character is a bad go: one error line, and still a bestmove.
    e.send("go depth\u{feff} 1");
    let answer = e.bestmove();
    assert_eq!(answer.iter().filter(|l| l.contains("error")).count(), 1, "{answer:?}");
    e.quit();
}

#[test]
fn a_depth_beyond_the_engine_searches_as_deep_as_it_goes() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 4294967295");
    let got = e.until(|l| l.starts_with("bestmove") || field(l, "depth").is_some_and(|d| d >= 3));
    assert!(!got.last().unwrap().starts_with("bestmove"), "stopped early: {got:?}");
    e.send("stop");
    e.bestmove();
    // `go mate` with the largest count is a search until stop too, not a wrapped count.
    e.send("go mate 4294967295");
    let got = e.until(|l| l.starts_with("bestmove") || field(l, "depth").is_some_and(|d| d >= 3));
    assert!(!got.last().unwrap().starts_with("bestmove"), "stopped early: {got:?}");
    e.send("stop");
    e.bestmove();
    e.quit();
}

#[test]
fn uci_lists_built_in_defaults_after_setoption() {
    let mut e = Engine::start();
    e.send("uci");
    let first = e.until(|l| l == "uciok");
    for set in [
        "setoption name Hash value 2",
        "setoption name Threads value 2",
        "setoption name Skill Level value 3",
        "setoption name Move Overhead value 77",
        "setoption name Ponder value true",
        "setoption name Random Seed value 9",
        "setoption name Force Rule value singleton",
    ] {
        e.send(set);
    }
    assert!(e.sync().is_empty());
    e.send("uci");
    assert_eq!(e.until(|l| l == "uciok"), first);
    assert!(first.contains(&"option name Threads type spin default 1 min 1 max 256".to_string()));
    assert!(first.contains(&"option name Random Seed type spin default 0 min 0 max 2147483647".to_string()));
    e.quit();
}

/// The moves a Skill Level 0 engine plays from a few positions, in one process.
fn skill_zero_moves(seed: u64) -> Vec<String> {
    let mut e = Engine::start();
    e.send("setoption name Skill Level value 0");
    e.send(&format!("setoption name Random Seed value {seed}"));
    let mut moves = Vec::new();
    for game in 0..3 {
        e.send("ucinewgame");
        let mut played: Vec<String> = Vec::new();
        for _ in 0..6 {
            e.send(&format!("position startpos moves {}", played.join(" ")));
            e.send("go depth 1");
            let best = e.bestmove().pop().unwrap();
            let mv = best.split(' ').nth(1).unwrap().to_string();
            moves.push(format!("{game}:{mv}"));
            played.push(mv);
        }
    }
    e.quit();
    moves
}

#[test]
fn skill_zero_varies_between_runs_unless_the_seed_is_fixed() {
    // 18 random moves among about 35 each: two runs agree on all by chance with probability ~1e-27.
    assert_ne!(skill_zero_moves(0), skill_zero_moves(0));
    assert_eq!(skill_zero_moves(12345), skill_zero_moves(12345));
}

/// The pick a Skill Level 0 engine makes in a few drafts, in one process.
fn skill_zero_picks(seed: u64) -> Vec<String> {
    let mut e = Engine::start();
    e.send("setoption name Skill Level value 0");
    e.send(&format!("setoption name Random Seed value {seed}"));
    let pool = "M03 M05 M09 M12 M17 M17 M20 M23 M28 M31 M35 M36 M40 M41 M44";
    let mut picks = Vec::new();
    for game in 0..4 {
        e.send("ucinewgame");
        for done in 0..4 {
            let taken: Vec<&str> = pool.split(' ').take(done).collect();
            e.send(&format!("go draft pool {pool} picks {}", taken.join(" ")));
            picks.push(format!(
                "{game}:{}",
                e.until(|l| l.starts_with("bestpick")).pop().unwrap()
            ));
        }
    }
    e.quit();
    picks
}

#[test]
fn skill_zero_drafts_vary_between_runs_unless_the_seed_is_fixed() {
    // 16 picks among about 12 each: two runs agree on all by chance with probability ~1e-17.
    assert_ne!(skill_zero_picks(0), skill_zero_picks(0));
    assert_eq!(skill_zero_picks(777), skill_zero_picks(777));
}

/// `stop` and `isready` during a long command: `readyok` at once (before the
/// command's answer), then the answer after `stop`.
fn stop_during(e: &mut Engine, command: &str, answer: impl Fn(&str) -> bool) {
    e.send(command);
    std::thread::sleep(Duration::from_millis(200));
    let t = Instant::now();
    let ready = e.sync();
    assert!(
        !ready.iter().any(|l| answer(l)),
        "{command}: finished before stop: {ready:?}"
    );
    assert!(t.elapsed() < WAIT / 2, "{command}: isready took {:?}", t.elapsed());
    e.send("stop");
    e.until(&answer);
    assert!(e.sync().iter().all(|l| !answer(l)), "{command}: a second answer");
}

#[test]
fn stop_and_isready_during_bench_perft_and_go_mate() {
    let mut e = Engine::start();
    stop_during(&mut e, "bench 30", |l| l.starts_with("Nodes searched"));
    stop_during(&mut e, "perft 9", |l| l.starts_with("info string perft stopped"));
    stop_during(&mut e, "perft 9 full", |l| l.starts_with("info string perft stopped"));
    e.send("position startpos");
    stop_during(&mut e, "go mate 2", |l| l.starts_with("bestmove"));
    e.quit();
}

/// Send `isready`, then read until `readyok` and `n` bestmoves have all come.
fn ready_and_bestmoves(e: &mut Engine, n: usize) -> Vec<String> {
    e.send("isready");
    let mut got: Vec<String> = Vec::new();
    while !(got.iter().any(|l| l == "readyok") && got.iter().filter(|l| l.starts_with("bestmove")).count() >= n) {
        got.extend(e.until(|_| true));
    }
    got
}

#[test]
fn a_second_go_stops_the_first_and_each_gets_one_bestmove() {
    let mut e = Engine::start();
    e.send("position startpos");
    // A finite search and a search for a mate that is not there: neither blocks later lines.
    for first in ["go movetime 60000", "go mate 2", "go depth 60"] {
        e.send(first);
        std::thread::sleep(Duration::from_millis(100));
        e.send("go depth 1");
        let got = ready_and_bestmoves(&mut e, 2);
        assert_eq!(
            got.iter().filter(|l| l.starts_with("bestmove")).count(),
            2,
            "{first}: {got:?}"
        );
        assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")), "{first}");
    }
    // `go mate 2` without a mate, then `go` (until stop): the first answers, isready answers at once,
    // stop answers the second.
    e.send("go mate 2");
    e.send("go");
    let got = ready_and_bestmoves(&mut e, 1);
    assert_eq!(got.iter().filter(|l| l.starts_with("bestmove")).count(), 1, "{got:?}");
    e.send("stop");
    e.bestmove();
    assert!(e.sync().iter().all(|l| !l.starts_with("bestmove")));
    e.quit();
}

/// The process ends soon after `quit` (or end of input) sent during `command`.
fn quit_during(command: &str, close_input: bool) {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send(command);
    std::thread::sleep(Duration::from_millis(200));
    if close_input {
        e.stdin = None;
    } else {
        e.send("quit");
    }
    let deadline = Instant::now() + WAIT;
    while e.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "{command}: still running after quit");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn quit_and_end_of_input_end_every_long_command() {
    for command in ["bench 30", "perft 10", "go mate 2", "go infinite", "go depth 60"] {
        quit_during(command, false);
        quit_during(command, true);
    }
    // A queued go behind a go that waits for a mate.
    quit_during("go mate 2\ngo depth 60", false);
}

/// Threads of the engine process, as Linux lists them.
fn threads_of(e: &Engine) -> usize {
    std::fs::read_dir(format!("/proc/{}/task", e.child.id()))
        .expect("Linux lists a process's threads")
        .count()
}

#[test]
fn search_threads_live_between_searches_and_256_stop_promptly() {
    let mut e = Engine::start();
    e.sync();
    let idle = threads_of(&e);
    e.send("setoption name Threads value 256");
    e.send("position startpos");
    e.send("go depth 3");
    e.bestmove();
    e.sync();
    let helpers = threads_of(&e) - idle;
    let hardware = std::thread::available_parallelism().map_or(1, |n| n.get());
    // The helpers stay parked after the search; no more run than the machine has threads.
    assert_eq!(helpers, hardware.min(256) - 1);
    for _ in 0..5 {
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(30));
        e.send("stop");
        e.bestmove();
        e.sync();
        assert_eq!(threads_of(&e) - idle, helpers, "no thread is started per go");
    }
    e.quit();
}
