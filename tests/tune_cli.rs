//! `dratp-tune` end to end: dump a few games, fit, stop, resume, compare; and
//! clear errors for bad command lines and files.

use std::path::PathBuf;
use std::process::{Command, Output};

use dratp::rules::{parse_nfen, Catalogue};
use dratp::search::eval::Weights;

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dratp-tune-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn tune(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dratp-tune"))
        .args(args)
        .output()
        .unwrap()
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

#[test]
fn dump_fit_resume_and_compare() {
    let dir = scratch("run");
    let p = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let small = ["--depth", "2", "--nodes", "1500", "--max-plies", "150"];
    let o = tune(
        &[
            &["dump", "--games", "4", "--threads", "2", "--out", &p("data")],
            &small[..],
        ]
        .concat(),
    );
    assert!(o.status.success(), "{:?}", text(&o));
    let data = std::fs::read_to_string(p("data")).unwrap();
    let lines: Vec<&str> = data.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(lines.len() >= 10, "{data}");
    for l in &lines {
        let (r, fen) = l.split_once(' ').unwrap();
        assert!(["0", "0.5", "1"].contains(&r));
        parse_nfen(fen, Catalogue::builtin()).unwrap();
    }

    let fit = |iterations: &str| {
        let o = tune(&[
            "texel",
            "--data",
            &p("data"),
            "--iterations",
            iterations,
            "--checkpoint",
            &p("ck"),
            "--out",
            &p("w"),
        ]);
        assert!(o.status.success(), "{:?}", text(&o));
        text(&o).0
    };
    let first = fit("3");
    assert!(first.contains("K ") && first.contains("iter 3 error"), "{first}");
    let resumed = fit("5");
    assert!(
        resumed.contains("resumed from") && resumed.contains("iter 4 ") && resumed.contains("iter 5 "),
        "{resumed}"
    );
    assert!(!resumed.contains("iter 3 "), "{resumed}");
    let w = Weights::from_text(&std::fs::read_to_string(p("w")).unwrap()).unwrap();
    assert!(resumed.contains(&w.to_text()));

    // A check set chooses the best weights; its checkpoint does not resume without it.
    let checked = [
        "texel",
        "--data",
        &p("data"),
        "--check",
        &p("data"),
        "--iterations",
        "2",
        "--checkpoint",
        &p("ck2"),
    ];
    let o = tune(&checked);
    assert!(o.status.success() && text(&o).0.contains("iter 2 error") && text(&o).0.contains(" check "));
    let o = tune(&checked[..3].iter().chain(&checked[5..]).copied().collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(2), "{:?}", text(&o));
    assert!(text(&o).1.contains("made on check set"), "{:?}", text(&o));

    let o = tune(&[&["compare", "--weights", &p("w"), "--pairs", "1"], &small[..]].concat());
    let (out, _) = text(&o);
    assert!(o.status.success() && out.contains("tuned vs base: 2 games"), "{out}");
}

#[test]
fn bad_command_lines_and_files_are_refused_clearly() {
    let dir = scratch("bad");
    let bad_weights = dir.join("bad.weights");
    std::fs::write(&bad_weights, "mobility 3\nmobilty 4\n").unwrap();
    let bad_data = dir.join("bad.data");
    std::fs::write(&bad_data, "# x\n1.5 whatever\n").unwrap();
    let cases: [(&[&str], &str); 7] = [
        (&["frobnicate"], "unknown command 'frobnicate'"),
        (&["dump", "--games", "2"], "--out is required"),
        (
            &["dump", "--out", "x", "--games", "two"],
            "--games: 'two' is not a valid number",
        ),
        (&["texel", "--data"], "--data needs a value"),
        (&["texel", "--data", "x", "--speed", "3"], "unknown option '--speed'"),
        (
            &["compare", "--weights", bad_weights.to_str().unwrap()],
            "line 2: unknown weight 'mobilty'",
        ),
        (
            &["texel", "--data", bad_data.to_str().unwrap()],
            "data line 2: result '1.5'",
        ),
    ];
    for (args, message) in cases {
        let o = tune(args);
        let (_, err) = text(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    let o = tune(&["--help"]);
    assert!(o.status.success() && text(&o).0.contains("usage: dratp-tune dump"));
}

#[test]
fn dump_reads_match_records() {
    use dratp::rules::{action_text, nfen, Side};
    use dratp::search::tune::{play_game, quiet_samples, random_start, PlayConfig};
    let dir = scratch("pgn");
    let cfg = PlayConfig {
        depth: 2,
        nodes: 1_500,
        random_plies: 4,
        max_plies: 60,
    };
    let cat = Catalogue::builtin();
    let p = play_game(random_start(9, cat), [Weights::DEFAULT; 2], &cfg, 9);
    let g = &p.game;
    let moves: Vec<String> = (0..g.actions().len())
        .map(|i| {
            let m = action_text(&g.actions()[i], cat);
            if i % 2 == 0 {
                format!("{}. {m}", i / 2 + 1)
            } else {
                m
            }
        })
        .collect();
    // Recorded as a first-player win whatever happened: the labels must follow the record.
    let record = format!(
        "[FEN \"{}\"]\n[Result \"1-0\"]\n\n{} 1-0\n",
        nfen(g.start()),
        moves.join(" ")
    );
    let path = dir.join("games.pgn");
    std::fs::write(&path, format!("{record}\n{}", record.replace("1-0", "*"))).unwrap();
    let out = dir.join("data").to_string_lossy().into_owned();
    let o = tune(&[
        "dump",
        "--pgn",
        path.to_str().unwrap(),
        "--random-plies",
        "4",
        "--per-game",
        "0",
        "--out",
        &out,
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    let lines: Vec<String> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    assert_eq!(lines, quiet_samples(g, Some(Side::White), 4, &[], 0, 1));
    assert!(!lines.is_empty());
}
