//! A `dratp` process driven over pipes, for the protocol tests.
#![allow(dead_code)] // each test file uses its own subset

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub const WAIT: Duration = Duration::from_secs(30);

/// A running engine with a thread draining its stdout.
pub struct Engine {
    /// The process.
    pub child: Child,
    /// Its standard input; `None` once closed.
    pub stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dratp"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start dratp");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines }
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to engine");
        stdin.flush().unwrap();
    }

    /// Lines up to and including the first one that satisfies `done`.
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + WAIT;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let stop = done(&l);
                    got.push(l);
                    if stop {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("timed out; got so far: {got:#?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("engine ended; got so far: {got:#?}"),
            }
        }
    }

    /// Send `isready` and return everything printed before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut l = self.until(|l| l == "readyok");
        l.pop();
        l
    }

    /// The `d` diagram's fixed line starting with `prefix`, without the prefix.
    pub fn d_line(&mut self, prefix: &str) -> String {
        self.send("d");
        let l = self.until(|l| l.starts_with("Result:"));
        l.iter()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("no {prefix} in {l:?}"))
            .to_string()
    }

    /// The current position's NFEN, from `d`.
    pub fn fen(&mut self) -> String {
        self.d_line("Fen: ")
    }

    pub fn result_line(&mut self) -> String {
        self.send("d");
        self.until(|l| l.starts_with("Result:")).pop().unwrap()
    }

    pub fn bestmove(&mut self) -> Vec<String> {
        self.until(|l| l.starts_with("bestmove"))
    }

    pub fn quit(mut self) {
        self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(Instant::now() < deadline, "engine did not quit");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}
