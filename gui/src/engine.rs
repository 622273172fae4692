//! Engine processes: started only from the command line's `--engine` list, driven over pipes, one text line at a
//! time. The browser picks an engine by its index, never a program.

use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::mpsc;

/// Longest line an engine may print (the `legal` list of a crowded position is a few kilobytes).
pub const MAX_ENGINE_LINE: usize = 1 << 20;

/// An engine the user named on the command line: the program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Display name: the program's file name.
    pub name: String,
    /// Program then arguments.
    pub argv: Vec<String>,
}

impl EngineSpec {
    /// Reads one `--engine` value: a program path and arguments separated by blanks.
    pub fn parse(cmd: &str) -> Option<EngineSpec> {
        let argv: Vec<String> = cmd.split_whitespace().map(str::to_owned).collect();
        let program = argv.first()?;
        let name = std::path::Path::new(program)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| program.clone());
        Some(EngineSpec { name, argv })
    }
}

/// What an engine slot reports to the browser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineEvent {
    /// One line the engine printed.
    Line(String),
    /// The engine ended without being asked (crash or exit); the message is for people.
    Exited(String),
    /// The engine misbehaved but is still running: `hang` (no expected answer in time) or `garbage`.
    Trouble { kind: &'static str, message: String },
}

/// A running engine process with its writer; the reader runs as its own task.
pub struct EngineProc {
    child: Child,
    stdin: ChildStdin,
    stopping: Arc<Mutex<bool>>,
    expect: Arc<Mutex<Option<(u64, String)>>>,
    expect_ids: AtomicU64,
    events: mpsc::UnboundedSender<EngineEvent>,
}

impl EngineProc {
    /// Starts the engine; its lines and its end are sent to `events`.
    pub fn start(spec: &EngineSpec, events: mpsc::UnboundedSender<EngineEvent>) -> std::io::Result<EngineProc> {
        let mut child = Command::new(&spec.argv[0])
            .args(&spec.argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stopping = Arc::new(Mutex::new(false));
        let expect: Arc<Mutex<Option<(u64, String)>>> = Arc::new(Mutex::new(None));
        tokio::spawn(read_lines(stdout, events.clone(), expect.clone(), stopping.clone()));
        Ok(EngineProc {
            child,
            stdin,
            stopping,
            expect,
            expect_ids: AtomicU64::new(0),
            events,
        })
    }

    /// Writes one protocol line. When `expect` is given (a reply's first word and a time limit), a missing reply
    /// is reported as a hang.
    pub async fn send(&mut self, line: &str, expect: Option<(String, Duration)>) -> std::io::Result<()> {
        if let Some((word, limit)) = expect {
            let id = self.expect_ids.fetch_add(1, Ordering::Relaxed);
            *self.expect.lock().unwrap() = Some((id, word.clone()));
            let pending = self.expect.clone();
            let events = self.events.clone();
            tokio::spawn(async move {
                tokio::time::sleep(limit).await;
                let mut guard = pending.lock().unwrap();
                if guard.as_ref().is_some_and(|(i, _)| *i == id) {
                    *guard = None;
                    let message = format!(
                        "the engine did not answer '{word}' within {} ms; it may be hanging",
                        limit.as_millis()
                    );
                    let _ = events.send(EngineEvent::Trouble { kind: "hang", message });
                }
            });
        }
        self.stdin.write_all(line.as_bytes()).await?;
        self.stdin.write_all(b"\n").await?;
        self.stdin.flush().await
    }

    /// Ends the engine: `quit`, then a kill if it has not left after a short grace.
    pub async fn stop(mut self) {
        *self.stopping.lock().unwrap() = true;
        let _ = self.stdin.write_all(b"quit\n").await;
        let _ = self.stdin.flush().await;
        if tokio::time::timeout(Duration::from_millis(500), self.child.wait())
            .await
            .is_err()
        {
            let _ = self.child.kill().await;
        }
    }
}

/// Reads the engine's stdout line by line, clears a pending expectation when its reply arrives, and reports the
/// end of the process (unless it was asked to stop).
async fn read_lines(
    mut stdout: tokio::process::ChildStdout,
    events: mpsc::UnboundedSender<EngineEvent>,
    expect: Arc<Mutex<Option<(u64, String)>>>,
    stopping: Arc<Mutex<bool>>,
) {
    let mut pending: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; 8192];
    let end = loop {
        let n = match stdout.read(&mut chunk).await {
            Ok(0) => break "the engine closed its output and ended".to_owned(),
            Ok(n) => n,
            Err(e) => break format!("reading from the engine failed: {e}"),
        };
        pending.extend_from_slice(&chunk[..n]);
        while let Some(pos) = pending.iter().position(|&b| b == b'\n') {
            let raw: Vec<u8> = pending.drain(..=pos).collect();
            let line = String::from_utf8_lossy(&raw).trim_end_matches(['\n', '\r']).to_owned();
            if line.contains('\u{FFFD}') || line.chars().any(|c| c.is_control() && c != '\t') {
                let message = format!("the engine printed a line that is not text: {:?}", shorten(&line));
                let _ = events.send(EngineEvent::Trouble {
                    kind: "garbage",
                    message,
                });
                continue;
            }
            {
                let mut guard = expect.lock().unwrap();
                if guard
                    .as_ref()
                    .is_some_and(|(_, word)| line.split_whitespace().next() == Some(word.as_str()))
                {
                    *guard = None;
                }
            }
            if events.send(EngineEvent::Line(line)).is_err() {
                return;
            }
        }
        if pending.len() > MAX_ENGINE_LINE {
            let message = format!("the engine printed a line longer than {MAX_ENGINE_LINE} bytes");
            let _ = events.send(EngineEvent::Trouble {
                kind: "garbage",
                message,
            });
            pending.clear();
        }
    };
    // A process that has ended owes no reply: its pending watch must not report a hang later.
    *expect.lock().unwrap() = None;
    if !*stopping.lock().unwrap() {
        let _ = events.send(EngineEvent::Exited(format!("{end} (it crashed or quit by itself)")));
    }
}

fn shorten(s: &str) -> String {
    s.chars().take(80).collect()
}

/// Why a line from the browser was not passed to an engine.
pub fn check_line(line: &str, max: usize) -> Result<(), String> {
    if line.len() > max {
        return Err(format!(
            "the line is {} bytes; at most {max} are passed to an engine",
            line.len()
        ));
    }
    if let Some(c) = line.chars().find(|c| c.is_control()) {
        return Err(format!(
            "the line holds the control character U+{:04X}; an engine gets exactly one line with no control characters",
            c as u32
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_spec_splits_program_and_arguments() {
        let spec = EngineSpec::parse("/usr/bin/python3 fake.py --fail crash").unwrap();
        assert_eq!(spec.name, "python3");
        assert_eq!(spec.argv, ["/usr/bin/python3", "fake.py", "--fail", "crash"]);
        assert!(EngineSpec::parse("   ").is_none());
    }

    #[test]
    fn lines_with_newlines_or_control_characters_are_refused() {
        assert!(check_line("position startpos moves c2c3", 100).is_ok());
        assert!(check_line("isready\nquit", 100).is_err());
        assert!(check_line("go\rquit", 100).is_err());
        assert!(check_line("go\u{0}", 100).is_err());
        assert!(check_line(&"x".repeat(101), 100).is_err());
    }
}
