//! Catalogue files read safely (issue 11 item 8): only regular files, at most 1 MB,
//! short error lines; the same loader behind `Catalogue File`, `dratp-match -catalogue`
//! and `dratp check-catalogue`.

mod engine_pipe;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use dratp::catalogue_file::{load, LoadError, MAX_BYTES};
use dratp::rules::catalogue::BUILTIN_TEXT;
use engine_pipe::Engine;

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dratp-catfile-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(ok.success());
}

/// `load` on another thread, failing the test instead of hanging it.
fn load_within(path: &Path, secs: u64) -> Result<usize, LoadError> {
    let (tx, rx) = std::sync::mpsc::channel();
    let p = path.to_path_buf();
    std::thread::spawn(move || {
        let _ = tx.send(load(&p).map(|c| c.entries().len()));
    });
    rx.recv_timeout(Duration::from_secs(secs))
        .unwrap_or_else(|_| panic!("loading {} did not return", path.display()))
}

#[test]
fn the_builtin_text_loads_from_a_file() {
    let dir = scratch("good");
    let f = dir.join("good.cat");
    std::fs::write(&f, BUILTIN_TEXT).unwrap();
    assert_eq!(
        load_within(&f, 10),
        Ok(dratp::rules::Catalogue::builtin().entries().len())
    );
}

#[test]
fn fifos_devices_and_directories_are_refused_without_reading() {
    let dir = scratch("special");
    let fifo = dir.join("pipe");
    mkfifo(&fifo);
    assert_eq!(load_within(&fifo, 10), Err(LoadError::NotRegular("a FIFO")));
    assert_eq!(
        load_within(Path::new("/dev/zero"), 10),
        Err(LoadError::NotRegular("a device"))
    );
    assert_eq!(load_within(&dir, 10), Err(LoadError::NotRegular("a directory")));
    assert!(matches!(
        load_within(&dir.join("none"), 10),
        Err(LoadError::Unreadable(_))
    ));
}

#[test]
fn oversize_and_binary_files_are_refused() {
    let dir = scratch("size");
    let big = dir.join("big.cat");
    // A valid catalogue padded with comments past the cap is still refused.
    let mut text = BUILTIN_TEXT.to_string();
    while (text.len() as u64) <= MAX_BYTES {
        text += "# padding padding padding padding padding padding padding padding\n";
    }
    std::fs::write(&big, &text).unwrap();
    assert_eq!(load_within(&big, 10), Err(LoadError::TooLarge));
    let exact = dir.join("exact.cat");
    text.truncate(MAX_BYTES as usize);
    let cut = text.rfind('\n').unwrap() + 1;
    text.truncate(cut);
    std::fs::write(&exact, &text).unwrap();
    assert!(load_within(&exact, 10).is_ok(), "a file under the cap loads");
    let binary = dir.join("binary.cat");
    std::fs::write(&binary, b"# one\n# two\n\xff\xfe\n").unwrap();
    assert_eq!(load_within(&binary, 10), Err(LoadError::NotText(3)));
}

#[test]
fn errors_are_short_and_name_lines() {
    let dir = scratch("garbage");
    let garbage = dir.join("garbage.cat");
    let secret = "s3cret".repeat(150_000);
    std::fs::write(&garbage, format!("{secret}\n")).unwrap();
    let e = load_within(&garbage, 10).unwrap_err().to_string();
    assert!(e.starts_with("line 1: "), "{e}");
    assert!(e.chars().count() < 200, "{} characters", e.chars().count());
    // Many bad lines: the first few, then a count.
    let many = dir.join("many.cat");
    std::fs::write(&many, "junk\n".repeat(10)).unwrap();
    let e = load_within(&many, 10).unwrap_err().to_string();
    assert!(e.starts_with("line 1: ") && e.contains("; line 3: "), "{e}");
    assert!(!e.contains("line 4:") && e.ends_with("; and 7 more problems"), "{e}");
}

#[test]
fn the_engine_refuses_a_fifo_or_garbage_with_one_short_line_and_keeps_answering() {
    let dir = scratch("engine");
    let fifo = dir.join("pipe");
    mkfifo(&fifo);
    let garbage = dir.join("garbage.cat");
    std::fs::write(&garbage, "x".repeat(1_000_000)).unwrap();
    let mut e = Engine::start();
    for path in [&fifo, &garbage, &PathBuf::from("/dev/zero")] {
        e.send(&format!("setoption name Catalogue File value {}", path.display()));
        let l = e.sync();
        assert_eq!(l.len(), 1, "{l:?}");
        assert!(
            l[0].starts_with("info string error: setoption: Catalogue File: ") && l[0].contains("refused"),
            "{l:?}"
        );
        assert!(l[0].chars().count() < 300, "{} characters", l[0].chars().count());
    }
    e.quit();
}

fn check_catalogue(path: &Path) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dratp"))
        .arg("check-catalogue")
        .arg(path)
        .output()
        .unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap())
}

#[test]
fn check_catalogue_lists_every_problem_and_sets_the_exit_code() {
    let dir = scratch("check");
    let good = dir.join("good.cat");
    std::fs::write(&good, BUILTIN_TEXT).unwrap();
    let (code, out) = check_catalogue(&good);
    assert_eq!(code, 0, "{out}");
    let pieces = dratp::rules::Catalogue::builtin().entries().len();
    assert_eq!(out, format!("{}: ok, {pieces} pieces\n", good.display()));
    let bad = dir.join("bad.cat");
    std::fs::write(&bad, "junk\n".repeat(10)).unwrap();
    let (code, out) = check_catalogue(&bad);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 11, "{out}");
    for (i, l) in lines[..10].iter().enumerate() {
        assert!(l.starts_with(&format!("{}:{}: ", bad.display(), i + 1)), "{l}");
    }
    assert_eq!(lines[10], format!("{}: 10 problems", bad.display()));
    let fifo = dir.join("pipe");
    mkfifo(&fifo);
    let (code, out) = check_catalogue(&fifo);
    assert_eq!(
        (code, out),
        (1, format!("{}: not a regular file (a FIFO)\n", fifo.display()))
    );
    let usage = Command::new(env!("CARGO_BIN_EXE_dratp"))
        .arg("check-catalogue")
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn dratp_match_reads_its_catalogue_through_the_same_loader() {
    let dir = scratch("match");
    let fifo = dir.join("pipe");
    mkfifo(&fifo);
    let e = dratp::matchrun::load_catalogue(Some(&fifo)).unwrap_err();
    assert_eq!(
        e,
        format!("-catalogue: {}: not a regular file (a FIFO)", fifo.display())
    );
}
