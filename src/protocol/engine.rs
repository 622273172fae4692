//! The engine process: a reader that turns input lines into commands, and a
//! worker thread that runs the [`Session`](super::session::Session).
//!
//! The reader never waits: it answers `isready` itself while a command runs
//! (or is queued), sets the stop and ponderhit flags at once, and stops the
//! running `go`, `perft` or `bench` when a new one arrives. Every other command
//! goes to the worker over a channel, so commands take effect in the order they
//! were sent.

use std::io::BufRead;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crossbeam_channel::{unbounded, Sender};

use super::command::{parse_line, Command, CommandError, GoParams};
use super::output::Output;
use super::session::Session;
use crate::search::{Signals, SEARCH_STACK};

/// What the reader hands the worker.
pub(super) enum Job {
    /// A parsed line, or why it did not parse.
    Line(Result<Command, CommandError>),
    /// `go`, `perft`, `go perft` or `bench`: runs until done or stopped.
    Long {
        cmd: Command,
        signals: Arc<Signals>,
        error: Option<CommandError>,
    },
    /// `isready` while idle: answered after the jobs before it.
    IsReady,
    /// Finish the queued jobs, then end.
    Quit,
}

/// Run the engine: on the command-line arguments if there are any (see
/// [`arg_commands`]), else on stdin until `quit` or end of input.
pub fn run(args: &[String]) {
    let out = Output::stdout();
    let (tx, rx) = unbounded();
    let pending = Arc::new(AtomicUsize::new(0));
    let worker = {
        let (out, pending) = (out.clone(), pending.clone());
        std::thread::Builder::new()
            .name("worker".into())
            .stack_size(SEARCH_STACK)
            .spawn(move || Session::new(out, pending).serve(rx))
            .expect("cannot start the worker thread")
    };
    let mut reader = Reader {
        tx,
        out,
        pending,
        current: Arc::new(Signals::default()),
        current_waits: false,
        interactive: args.is_empty(),
    };
    if args.is_empty() {
        let mut stdin = std::io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            // A read error counts as end of input; bytes that are not UTF-8 become U+FFFD
            // (and so an error line), never the end of the engine.
            match stdin.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let text = String::from_utf8_lossy(&buf);
            if !reader.line(text.trim_end_matches(['\n', '\r'])) {
                break;
            }
        }
        reader.quit(true);
    } else {
        for cmd in arg_commands(args) {
            if !reader.line(&cmd) {
                break;
            }
        }
        // Commands from the command line run to their end (a `go depth 5` finishes).
        reader.quit(false);
    }
    let _ = worker.join();
}

/// The commands that command-line arguments stand for. If any argument holds a
/// blank, each argument is a command (`dratp "position startpos" "perft 4"`);
/// otherwise all of them together are one (`dratp bench 8`). Either way `;`
/// also separates commands (`dratp "position startpos moves c2c3; d"`).
pub fn arg_commands(args: &[String]) -> Vec<String> {
    let lines: Vec<String> = if args.iter().any(|a| a.contains(char::is_whitespace)) {
        args.to_vec()
    } else {
        vec![args.join(" ")]
    };
    lines.iter().flat_map(|l| l.split(';')).map(str::to_string).collect()
}

/// The reader side: parses lines and routes them.
struct Reader {
    tx: Sender<Job>,
    out: Output,
    /// Long jobs sent and not yet finished.
    pending: Arc<AtomicUsize>,
    /// Signals of the latest long job.
    current: Arc<Signals>,
    /// Whether the latest long job runs until `stop` or `ponderhit`.
    current_waits: bool,
    /// Lines come from stdin (not from the command line).
    interactive: bool,
}

impl Reader {
    /// Handle one input line; false once `quit` was read.
    fn line(&mut self, line: &str) -> bool {
        self.out.log_input(line);
        let parsed = match parse_line(line) {
            Ok(None) => return true,
            Ok(Some(c)) => Ok(c),
            Err(e) => Err(e),
        };
        match parsed {
            Ok(Command::IsReady) => {
                if self.pending.load(Ordering::SeqCst) > 0 {
                    self.out.line("readyok");
                } else {
                    self.send(Job::IsReady);
                }
            }
            Ok(Command::Stop) => self.current.stop.store(true, Ordering::SeqCst),
            Ok(Command::PonderHit) => self.current.ponderhit.store(true, Ordering::SeqCst),
            Ok(Command::Quit) => return false,
            Ok(cmd @ (Command::Go(_) | Command::Perft { .. } | Command::Bench(_))) => self.long(cmd, None),
            // A `go` that does not parse is still answered with one `bestmove`, from a depth-1 search.
            Err(e @ CommandError::Bad { command: "go", .. }) => self.long(
                Command::Go(Box::new(GoParams {
                    depth: Some(1),
                    ..GoParams::default()
                })),
                Some(e),
            ),
            other => self.send(Job::Line(other)),
        }
        true
    }

    /// Queue a long job. On stdin a new long job first stops the running one (as
    /// a new `go` does in Stockfish): that one still answers (its `bestmove`,
    /// its `perft` or `bench` lines), then the new one starts, and the reader
    /// never waits, so `isready`, `stop` and `quit` are always read at once.
    /// `stop` and `ponderhit` mean the job sent last. Commands from the command
    /// line instead run one after the other to their end (a job that would wait
    /// for `stop` forever is stopped).
    fn long(&mut self, cmd: Command, error: Option<CommandError>) {
        if self.interactive || self.current_waits {
            self.current.stop.store(true, Ordering::SeqCst);
        }
        while !self.interactive && self.pending.load(Ordering::SeqCst) > 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
        self.current_waits = matches!(&cmd, Command::Go(p) if p.until_stop() || p.ponder);
        self.current = Arc::new(Signals::default());
        self.pending.fetch_add(1, Ordering::SeqCst);
        self.send(Job::Long {
            cmd,
            signals: self.current.clone(),
            error,
        });
    }

    fn send(&self, job: Job) {
        // The worker only ends after `Quit`, so a failed send means it is already gone.
        let _ = self.tx.send(job);
    }

    /// End: optionally stop the running job, then let the worker drain its queue.
    fn quit(&self, stop: bool) {
        if stop {
            self.current.stop.store(true, Ordering::SeqCst);
        }
        self.send(Job::Quit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<String> {
        arg_commands(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn command_line_arguments_become_commands() {
        assert_eq!(args(&["bench", "8"]), ["bench 8"]);
        assert_eq!(
            args(&["position startpos", "perft 4"]),
            ["position startpos", "perft 4"]
        );
        assert_eq!(
            args(&["position startpos moves c2c3; d"]),
            ["position startpos moves c2c3", " d"]
        );
        assert_eq!(args(&["position", "startpos", ";", "d"]), ["position startpos ", " d"]);
    }
}
