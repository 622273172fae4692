//! One engine process: spawned with piped stdin/stdout, a reader thread that
//! stamps every line with the moment it arrived and hands it over a channel, and
//! the handshake of either dialect. Times are taken in the reader thread so that
//! the runner's own delays are never charged to an engine's clock.

use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError};
use thiserror::Error;

use super::cli::{EngineConfig, Proto};

/// How long an engine may take to answer `uci`/`ugi` and `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a `quit` may take before the process is killed.
const QUIT_GRACE: Duration = Duration::from_millis(300);

/// Why talking to an engine failed.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start '{0}': {1}")]
    Spawn(String, String),
    /// The engine closed its output (it exited or crashed).
    #[error("the engine disconnected")]
    Disconnected,
    /// No expected answer before the deadline.
    #[error("no {0} within {1} ms")]
    Timeout(String, u128),
}

/// A line from the engine, stamped when the reader thread got it.
#[derive(Clone, Debug)]
pub enum Event {
    /// One line of output, without its line break.
    Line(Instant, String),
    /// End of output.
    Eof,
}

/// Where `-debug` copies every line exchanged with every engine.
pub struct IoLog {
    start: Instant,
    out: Mutex<Box<dyn Write + Send>>,
}

impl IoLog {
    /// A log writing to `out`, times counted from now.
    pub fn new(out: Box<dyn Write + Send>) -> Arc<IoLog> {
        Arc::new(IoLog {
            start: Instant::now(),
            out: Mutex::new(out),
        })
    }

    /// Record one line; `dir` is `>` for lines sent, `<` for lines received.
    pub fn line(&self, who: &str, dir: char, text: &str) {
        let ms = self.start.elapsed().as_millis();
        if let Ok(mut out) = self.out.lock() {
            // The log is best effort: a failing log must not stop a game.
            let _ = writeln!(out, "{ms} {who} {dir} {text}");
            let _ = out.flush();
        }
    }
}

/// A running engine.
pub struct EngineProc {
    config: Arc<EngineConfig>,
    label: String,
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Event>,
    log: Option<Arc<IoLog>>,
    alive: bool,
    /// The engine's `id name`, if it sent one.
    pub id_name: Option<String>,
}

impl EngineProc {
    /// Start the program and complete the handshake: `uci`→`uciok` (or `ugi`→`ugiok`),
    /// the configured options, then `isready`→`readyok`. `instance` tells concurrent
    /// copies apart in the log.
    pub fn start(
        config: Arc<EngineConfig>,
        instance: usize,
        log: Option<Arc<IoLog>>,
    ) -> Result<EngineProc, EngineError> {
        let program = match &config.dir {
            // Resolve a relative path with a slash in the engine's directory, as cutechess does.
            Some(dir) if config.cmd.contains('/') && !config.cmd.starts_with('/') => {
                dir.join(&config.cmd).to_string_lossy().into_owned()
            }
            _ => config.cmd.clone(),
        };
        let mut cmd = Command::new(&program);
        cmd.args(&config.args).stdin(Stdio::piped()).stdout(Stdio::piped());
        if let Some(dir) = &config.dir {
            cmd.current_dir(dir);
        }
        let spawn_err = |e: std::io::Error| EngineError::Spawn(program.clone(), e.to_string());
        match &config.stderr {
            Some(path) => {
                let f = OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(spawn_err)?;
                cmd.stderr(Stdio::from(f));
            }
            None => {
                cmd.stderr(Stdio::null());
            }
        }
        let mut child = cmd.spawn().map_err(spawn_err)?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let label = format!("{}({instance})", config.name);
        let (tx, rx) = crossbeam_channel::unbounded();
        let (log2, label2) = (log.clone(), label.clone());
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let at = Instant::now();
                        let text = String::from_utf8_lossy(&buf).trim_end_matches(['\n', '\r']).to_string();
                        if let Some(l) = &log2 {
                            l.line(&label2, '<', &text);
                        }
                        if tx.send(Event::Line(at, text)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = tx.send(Event::Eof);
        });
        let mut e = EngineProc {
            config,
            label,
            child,
            stdin,
            rx,
            log,
            alive: true,
            id_name: None,
        };
        e.handshake()?;
        Ok(e)
    }

    fn handshake(&mut self) -> Result<(), EngineError> {
        let (hello, ok) = match self.config.proto {
            Proto::Uci => ("uci", "uciok"),
            Proto::Ugi => ("ugi", "ugiok"),
        };
        self.send(hello)?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let (_, line) = self.recv(deadline, ok)?;
            if let Some(name) = line.strip_prefix("id name ") {
                self.id_name = Some(name.trim().to_string());
            }
            if line.trim() == ok {
                break;
            }
        }
        for (name, value) in self.config.options.clone() {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.sync()
    }

    /// Send `isready` and wait for `readyok`, dropping anything before it.
    pub fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let (_, line) = self.recv(deadline, "readyok")?;
            if line.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// Prepare for a new game: `ucinewgame`/`uginewgame`, then `isready`.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        let cmd = match self.config.proto {
            Proto::Uci => "ucinewgame",
            Proto::Ugi => "uginewgame",
        };
        self.send(cmd)?;
        self.sync()
    }

    /// Write one line and flush it; returns the moment it was written.
    pub fn send(&mut self, line: &str) -> Result<Instant, EngineError> {
        if let Some(l) = &self.log {
            l.line(&self.label, '>', line);
        }
        let res = writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush());
        let at = Instant::now();
        res.map_err(|_| {
            self.alive = false;
            EngineError::Disconnected
        })?;
        Ok(at)
    }

    /// The next line before `deadline`; `waiting_for` names it in the timeout error.
    pub fn recv(&mut self, deadline: Instant, waiting_for: &str) -> Result<(Instant, String), EngineError> {
        if !self.alive {
            return Err(EngineError::Disconnected);
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.rx.recv_timeout(wait) {
            Ok(Event::Line(at, text)) => Ok((at, text)),
            Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => {
                self.alive = false;
                Err(EngineError::Disconnected)
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout(waiting_for.to_string(), wait.as_millis())),
        }
    }

    /// Whether the engine has not been seen to exit.
    pub fn is_alive(&mut self) -> bool {
        if self.alive && matches!(self.child.try_wait(), Ok(Some(_))) {
            self.alive = false;
        }
        self.alive
    }

    /// The engine in `slot`, restarted first if it died or was dropped: the one place
    /// where an engine that crashed, stalled or lost on time gets a fresh process.
    pub fn ensure_running<'a>(
        slot: &'a mut Option<EngineProc>,
        config: &Arc<EngineConfig>,
        instance: usize,
        log: &Option<Arc<IoLog>>,
    ) -> Result<&'a mut EngineProc, EngineError> {
        if slot.as_mut().is_some_and(|e| !e.is_alive()) {
            *slot = None;
        }
        if slot.is_none() {
            *slot = Some(EngineProc::start(config.clone(), instance, log.clone())?);
        }
        Ok(slot.as_mut().expect("started above"))
    }

    /// The engine's settings.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Ask the engine to quit; kill it if it does not within a short grace.
    pub fn quit(mut self) {
        if self.alive && self.send("quit").is_ok() {
            let until = Instant::now() + QUIT_GRACE;
            while Instant::now() < until {
                if matches!(self.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                thread::sleep(Duration::from_millis(5));
            }
        }
    }
}

impl Drop for EngineProc {
    fn drop(&mut self) {
        // Never leave a process behind: kill (a no-op once it exited) and reap it.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
