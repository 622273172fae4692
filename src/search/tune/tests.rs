//! Tuning tests on positions from short self-play games.

use std::sync::OnceLock;

use super::*;
use crate::rules::{nfen, parse_nfen, Catalogue, Game};
use crate::search::eval::{evaluate, Weights};

const CONFIG: PlayConfig = PlayConfig {
    depth: 2,
    nodes: 1_500,
    random_plies: 6,
    max_plies: 120,
};

/// A few short self-play games from random forces, played once for all tests.
fn games() -> &'static Vec<Played> {
    static GAMES: OnceLock<Vec<Played>> = OnceLock::new();
    GAMES.get_or_init(|| {
        (0..6)
            .map(|seed| {
                play_game(
                    random_start(seed, Catalogue::builtin()),
                    [Weights::DEFAULT; 2],
                    &CONFIG,
                    seed,
                )
            })
            .collect()
    })
}

/// Every position of the games, labelled by `label` (the evaluation's view included).
fn labelled(label: impl Fn(&crate::rules::Position) -> f64) -> Dataset {
    let lines: Vec<String> = games()
        .iter()
        .flat_map(|p| p.game.positions()[..p.game.actions().len()].iter())
        .map(|pos| sample_line(pos, label(pos)))
        .collect();
    Dataset::parse(&lines.join("\n"), Catalogue::builtin()).expect("printed lines parse")
}

#[test]
fn dumped_lines_parse_back_to_the_same_positions() {
    let mut total = 0;
    for (seed, p) in games().iter().enumerate() {
        let winner = p.result.and_then(|r| r.winner);
        let lines = quiet_samples(&p.game, winner, CONFIG.random_plies, &p.decided, 0, seed as u64);
        for line in &lines {
            let (result, fen) = line.split_once(' ').unwrap();
            let pos = parse_nfen(fen, Catalogue::builtin()).unwrap();
            assert_eq!(nfen(&pos), fen);
            assert!(!pos.in_check(pos.side_to_move()), "{line}");
            assert!(["0", "0.5", "1"].contains(&result), "{line}");
            if winner.is_some() {
                assert_eq!(result.parse::<f64>().unwrap(), result_for(pos.side_to_move(), winner));
            }
        }
        let sampled = quiet_samples(&p.game, winner, CONFIG.random_plies, &p.decided, 3, seed as u64);
        assert!(sampled.len() <= 3 && sampled.iter().all(|l| lines.contains(l)));
        total += lines.len();
    }
    assert!(total > 50, "only {total} quiet positions");
    let data = Dataset::parse(&format!("# header\n\n{}", "1 x\n"), Catalogue::builtin());
    assert_eq!(data.err().map(|e| (e.line, e.file)), Some((3, "data")));
}

#[test]
fn bad_data_lines_are_refused_with_their_line() {
    let good = sample_line(games()[0].game.start(), 1.0);
    let cat = Catalogue::builtin();
    for (bad, reason) in [
        ("2 x", "not a number from 0 to 1"),
        ("0.5", "expected"),
        ("0.5 x y", "NFEN"),
    ] {
        let e = Dataset::parse(&format!("{good}\n{bad}\n"), cat).err().unwrap();
        assert_eq!(e.line, 2);
        assert!(e.reason.contains(reason), "{bad}: {e}");
    }
    assert_eq!(Dataset::parse(&good, cat).unwrap().len(), 1);
}

#[test]
fn the_scale_k_is_recovered() {
    // Results that are exactly the prediction at K = 1.7 for the default weights.
    let w = Weights::DEFAULT;
    let data = labelled(|pos| expected(1.7, evaluate(pos, &pos.reach_map(), &w) as f64));
    let k = fit_k(&data, &w, 2);
    assert!((k - 1.7).abs() < 0.01, "K = {k}");
    assert!(mean_error(&data, &w, k, 1) < 1e-8);
}

#[test]
fn a_moved_weight_is_recovered() {
    let mut truth = Weights::DEFAULT;
    truth.mobility = 7;
    truth.tempo = 30;
    let data = labelled(|pos| expected(1.0, evaluate(pos, &pos.reach_map(), &truth) as f64));
    let mut t = Tuner::new(&data, None, &Weights::DEFAULT, 1.0, 1.0);
    let first = t.step(&data, None, 2).error;
    for _ in 0..150 {
        t.step(&data, None, 2);
    }
    assert!(t.best_error < first / 20.0, "{} vs {first}", t.best_error);
    assert!((t.best.mobility - 7).abs() <= 1, "{:?}", t.best);
    assert!((t.best.tempo - 30).abs() <= 4, "{:?}", t.best);
}

#[test]
fn the_fit_lowers_the_error_on_game_results() {
    let w = Weights::DEFAULT;
    let mut lines = Vec::new();
    for (seed, p) in games().iter().enumerate() {
        let winner = p.result.and_then(|r| r.winner);
        lines.extend(quiet_samples(&p.game, winner, 0, &p.decided, 0, seed as u64));
    }
    let data = Dataset::parse(&lines.join("\n"), Catalogue::builtin()).unwrap();
    let k = fit_k(&data, &w, 2);
    let before = mean_error(&data, &w, k, 2);
    let mut t = Tuner::new(&data, None, &w, k, 2.0);
    for _ in 0..40 {
        t.step(&data, None, 2);
    }
    assert!(t.best_error < before, "{} vs {before}", t.best_error);
    assert!((mean_error(&data, &t.best, k, 1) - t.best_error).abs() < 1e-12);
}

#[test]
fn a_resumed_run_equals_an_unbroken_one() {
    let data = labelled(|pos| {
        if pos.side_to_move() == crate::rules::Side::White {
            0.7
        } else {
            0.3
        }
    });
    let mut unbroken = Tuner::new(&data, None, &Weights::DEFAULT, 1.3, 1.5);
    let mut first = unbroken.clone();
    for _ in 0..8 {
        unbroken.step(&data, None, 2);
    }
    for _ in 0..3 {
        first.step(&data, None, 2);
    }
    let text = first.to_checkpoint();
    let mut resumed = Tuner::from_checkpoint(&text, &data, None).unwrap();
    assert_eq!(resumed, first);
    for _ in 0..5 {
        resumed.step(&data, None, 2);
    }
    assert_eq!(resumed, unbroken);
    let other = labelled(|_| 0.5);
    let e = Tuner::from_checkpoint(&text, &other, None).unwrap_err();
    assert!(e.reason.contains("made on data set"), "{e}");
    let e = Tuner::from_checkpoint(&text.replace("weight tempo", "weight tempi"), &data, None).unwrap_err();
    assert!(e.reason.contains("unknown weight 'tempi'"), "{e}");
    let cut: String = text.lines().take(6).collect::<Vec<_>>().join("\n");
    assert!(Tuner::from_checkpoint(&cut, &data, None).is_err());
}

#[test]
fn games_end_or_stop_at_the_ply_cap() {
    for p in games() {
        let g: &Game = &p.game;
        assert_eq!(p.decided.len(), g.actions().len());
        match p.result {
            Some(r) => assert_eq!(g.result(), Some(r)),
            None => assert_eq!(g.actions().len(), CONFIG.max_plies),
        }
    }
}

#[test]
fn a_check_set_chooses_the_best_weights_and_binds_the_checkpoint() {
    let mut truth = Weights::DEFAULT;
    truth.mobility = 9;
    let data = labelled(|pos| expected(1.0, evaluate(pos, &pos.reach_map(), &truth) as f64));
    // A check set that says the defaults are right: the best weights stay the first ones.
    let check = labelled(|pos| expected(1.0, evaluate(pos, &pos.reach_map(), &Weights::DEFAULT) as f64));
    let mut t = Tuner::new(&data, Some(&check), &Weights::DEFAULT, 1.0, 1.0);
    let first = t.step(&data, Some(&check), 1);
    assert_eq!(first.check_error, Some(0.0));
    for _ in 0..10 {
        let s = t.step(&data, Some(&check), 1);
        assert!(s.check_error.unwrap() > 0.0 && s.error < first.error);
    }
    assert_eq!((t.best, t.best_error), (Weights::DEFAULT, 0.0));
    let text = t.to_checkpoint();
    assert_eq!(Tuner::from_checkpoint(&text, &data, Some(&check)).unwrap(), t);
    let e = Tuner::from_checkpoint(&text, &data, None).unwrap_err();
    assert!(e.reason.contains("made on check set"), "{e}");
    let plain = Tuner::new(&data, None, &Weights::DEFAULT, 1.0, 1.0).to_checkpoint();
    assert!(Tuner::from_checkpoint(&plain, &data, Some(&check)).is_err());
}
