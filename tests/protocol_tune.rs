//! Run-time tuning and strength limiting over pipes (issue 15): the `Tune`
//! option and its `Tune_` spins, `Weights File`, `UCI_LimitStrength` and `UCI_Elo`.

mod engine_pipe;

use engine_pipe::Engine;

use dratp::search::eval::Weights;
use dratp::search::four::Weights4;
use dratp::search::params::{SearchParams, Tunable};
use dratp::search::{MAX_ELO, MIN_ELO};

/// Depth of the searches whose node counts are compared.
const DEPTH: u32 = 5;

/// A fresh game from the start, searched to `DEPTH`: the node count of the final `info` and the `bestmove` line.
fn search(e: &mut Engine) -> (u64, String) {
    e.send("ucinewgame");
    e.send("position startpos");
    e.send(&format!("go depth {DEPTH}"));
    let lines = e.bestmove();
    let nodes = lines
        .iter()
        .rev()
        .find_map(|l| {
            let mut words = l.split_whitespace().skip_while(|w| *w != "nodes");
            words.nth(1).and_then(|n| n.parse().ok())
        })
        .unwrap_or_else(|| panic!("no node count in {lines:?}"));
    (nodes, lines.last().unwrap().clone())
}

/// `setoption` that must be accepted silently.
fn set(e: &mut Engine, name: &str, value: &str) {
    e.send(&format!("setoption name {name} value {value}"));
    let l = e.sync();
    assert!(l.is_empty(), "{name}={value} refused: {l:?}");
}

/// `setoption` that must be refused with one error line containing `why`.
fn refused(e: &mut Engine, name: &str, value: &str, why: &str) {
    e.send(&format!("setoption name {name} value {value}"));
    let l = e.sync();
    assert!(
        l.len() == 1 && l[0].starts_with("info string error: setoption: ") && l[0].contains(why),
        "{name}={value}: {l:?}"
    );
}

fn uci(e: &mut Engine) -> Vec<String> {
    e.send("uci");
    e.until(|l| l == "uciok")
}

#[test]
fn tune_lists_every_parameter_and_its_options_change_the_search() {
    let mut e = Engine::start();
    let plain = uci(&mut e);
    assert!(plain.iter().any(|l| l == "option name Tune type check default false"));
    assert!(!plain.iter().any(|l| l.starts_with("option name Tune_")), "{plain:?}");
    let (base, _) = search(&mut e);
    refused(&mut e, "Tune_rfp_margin", "120", "set Tune to true first");

    set(&mut e, "Tune", "true");
    let listed = uci(&mut e);
    let tune_lines: Vec<&String> = listed.iter().filter(|l| l.starts_with("option name Tune_")).collect();
    assert_eq!(
        tune_lines.len(),
        SearchParams::PARAMS.len() + Weights::PARAMS.len() + Weights4::PARAMS.len()
    );
    for p in SearchParams::PARAMS {
        let want = format!(
            "option name Tune_{} type spin default {} min {} max {}",
            p.name, p.default, p.min, p.max
        );
        assert!(listed.contains(&want), "{want}");
    }
    assert!(listed
        .iter()
        .any(|l| l.starts_with("option name Tune_mobility type spin default ")));
    assert_eq!(search(&mut e).0, base, "Tune alone changes nothing");

    // A search parameter: other nodes; back at its default, the same nodes again.
    set(&mut e, "Tune_lmr_base_pct", "200");
    let (reduced, _) = search(&mut e);
    assert_ne!(reduced, base, "a larger reduction changes the tree");
    refused(
        &mut e,
        "tune_lmr_base_pct",
        "301",
        "Tune_lmr_base_pct takes an integer from -100 to 300, got '301'",
    );
    refused(&mut e, "Tune_lmr_base_pct", "much", "takes an integer");
    refused(&mut e, "Tune_lmr_base", "1", "unknown option 'Tune_lmr_base'");
    assert_eq!(search(&mut e).0, reduced, "a refused value keeps the previous one");
    let default = SearchParams::DEFAULT.lmr_base_pct.to_string();
    set(&mut e, "Tune_lmr_base_pct", &default);
    assert_eq!(search(&mut e).0, base);

    // An evaluation weight, the same way.
    set(&mut e, "Tune_mobility", "0");
    let flat = search(&mut e).0;
    assert_ne!(flat, base, "another evaluation changes the tree");
    // Tune off hides the options again and restores every value.
    set(&mut e, "Tune", "false");
    assert!(!uci(&mut e).iter().any(|l| l.starts_with("option name Tune_")));
    assert_eq!(search(&mut e).0, base);
    refused(&mut e, "Tune_mobility", "0", "set Tune to true first");
    e.quit();
}

/// The first iteration of South's depth-1 declaration after the first round of `naviadratp4`: its score (the best
/// line's) and its nodes.
fn declaration_iteration(e: &mut Engine) -> (i32, u64) {
    e.send("position startpos moves d:M07/M18/M09/M35 b:0/0/0/0 M09@i10 M18@b3 M07@c2 M35@j9");
    e.send("go declare seat s depth 1");
    let lines = e.until(|l| l.starts_with("bestdeclare"));
    let word = |l: &str, w: &str| {
        let mut words = l.split_whitespace().skip_while(|x| *x != w);
        words.nth(1).and_then(|n| n.parse::<i64>().ok())
    };
    lines
        .iter()
        .find_map(|l| Some((word(l, "cp")? as i32, word(l, "nodes")? as u64)))
        .unwrap_or_else(|| panic!("no iteration in {lines:?}"))
}

#[test]
fn the_four_player_weights_are_tuning_options_too() {
    let mut e = Engine::start();
    set(&mut e, "UCI_Variant", "naviadratp4");
    let base = declaration_iteration(&mut e);
    refused(&mut e, "Tune_navia_held", "100", "set Tune to true first");
    set(&mut e, "Tune", "true");
    let listed = uci(&mut e);
    for p in Weights4::PARAMS {
        let want = format!(
            "option name Tune_{} type spin default {} min {} max {}",
            p.name, p.default, p.min, p.max
        );
        assert!(listed.contains(&want), "{want}");
    }
    // Every seat holds one Navia: a lower worth per Navia held moves every seat alike, so the search stays;
    // the two-player weights the seats' worth is built on change it.
    set(&mut e, "Tune_navia_held", "100");
    assert_eq!(declaration_iteration(&mut e), base);
    set(&mut e, "Tune_mobility", "0");
    assert_ne!(
        declaration_iteration(&mut e),
        base,
        "another evaluation changes the search"
    );
    refused(
        &mut e,
        "Tune_war_place",
        "6001",
        "Tune_war_place takes an integer from 0 to 6000, got '6001'",
    );
    set(&mut e, "Tune", "false");
    // The default weights again: the table holds the first search's lines, which `ucinewgame` forgets.
    assert_eq!(declaration_iteration(&mut e).0, base.0);
    e.send("ucinewgame");
    assert_eq!(declaration_iteration(&mut e), base);
    e.quit();
}

#[test]
fn weights_file_loads_checked_and_a_bad_one_keeps_the_weights() {
    let dir = std::env::temp_dir().join(format!("dratp-tune-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.weights");
    let bad = dir.join("bad.weights");
    let big = dir.join("big.weights");
    std::fs::write(&good, "# flatter\nmobility 0\n").unwrap();
    std::fs::write(&bad, "mobility 0\ntempo 1000000\n").unwrap();
    std::fs::write(&big, "#".repeat(2 << 20)).unwrap();
    let mut e = Engine::start();
    let (base, _) = search(&mut e);

    set(&mut e, "Weights File", &good.display().to_string());
    let loaded = search(&mut e).0;
    assert_ne!(loaded, base);
    for (path, why) in [
        (
            bad.display().to_string(),
            "refused: weights file line 2: parameter tempo takes",
        ),
        (dir.display().to_string(), "refused: not a regular file (a directory)"),
        (big.display().to_string(), "refused: larger than 1 MB"),
        (
            "/no/such/file.weights".to_string(),
            "Weights File: cannot read '/no/such/file.weights'",
        ),
    ] {
        refused(&mut e, "Weights File", &path, why);
        assert_eq!(search(&mut e).0, loaded, "{path}: the loaded weights stay");
    }
    // The file's weights are where `Tune false` returns to; empty returns to the compiled weights.
    set(&mut e, "Tune", "true");
    set(&mut e, "Tune_mobility", "3");
    assert_eq!(search(&mut e).0, base, "mobility 3 is the compiled default");
    set(&mut e, "Tune", "false");
    assert_eq!(search(&mut e).0, loaded);
    set(&mut e, "Weights File", "<empty>");
    assert_eq!(search(&mut e).0, base);
    e.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uci_elo_plays_its_skill_level_only_with_limit_strength() {
    let mut e = Engine::start();
    let listed = uci(&mut e);
    let elo_line = format!("option name UCI_Elo type spin default {MIN_ELO} min {MIN_ELO} max {MAX_ELO}");
    assert!(listed.contains(&elo_line), "{listed:?}");
    assert!(listed.contains(&"option name UCI_LimitStrength type check default false".to_string()));
    set(&mut e, "Random Seed", "7");
    let (full, full_move) = search(&mut e);
    assert!(full > 0);

    // UCI_Elo alone changes nothing.
    set(&mut e, "UCI_Elo", &MIN_ELO.to_string());
    assert_eq!(search(&mut e), (full, full_move.clone()));
    // The lowest Elo is Skill Level 0: the same random move from the same seed, and no search.
    set(&mut e, "UCI_LimitStrength", "true");
    let lowest = search(&mut e);
    set(&mut e, "UCI_LimitStrength", "false");
    set(&mut e, "Skill Level", "0");
    assert_eq!(search(&mut e), lowest);
    assert_eq!(lowest.0, 0, "a random mover searches nothing");
    // With the limit on, UCI_Elo decides whatever Skill Level says; the highest Elo is full strength.
    set(&mut e, "UCI_LimitStrength", "true");
    set(&mut e, "UCI_Elo", &MAX_ELO.to_string());
    assert_eq!(search(&mut e), (full, full_move));
    refused(
        &mut e,
        "UCI_Elo",
        &(MAX_ELO + 1).to_string(),
        "UCI_Elo takes an integer from",
    );
    e.quit();
}
