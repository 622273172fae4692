//! The single writer of protocol output: one message per line, flushed at once,
//! so lines from the reader thread and the search worker never interleave.

use std::fs::File;
use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard};

struct Inner {
    out: Box<dyn Write + Send>,
    /// `Debug Log File`: a copy of every line in and out.
    log: Option<File>,
}

/// A cloneable handle on the protocol's output stream.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Inner>>,
}

impl Output {
    /// Output to the process's stdout.
    pub fn stdout() -> Output {
        Output::to_writer(Box::new(io::stdout()))
    }

    /// Output to any writer (tests capture lines this way).
    pub fn to_writer(out: Box<dyn Write + Send>) -> Output {
        Output {
            inner: Arc::new(Mutex::new(Inner { out, log: None })),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves whole lines only, so the data is still good.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Write one message as a line and flush it. A closed stdout (the GUI went
    /// away) ends the process quietly: nobody is left to read the answer.
    pub fn line(&self, msg: &str) {
        write_line(&mut self.lock(), msg);
    }

    /// Write several lines as one block, so no other line lands between them.
    pub fn lines<I: IntoIterator<Item = S>, S: AsRef<str>>(&self, msgs: I) {
        let mut g = self.lock();
        for m in msgs {
            write_line(&mut g, m.as_ref());
        }
    }

    /// Copy an input line to the debug log, if one is open.
    pub fn log_input(&self, line: &str) {
        if let Some(f) = self.lock().log.as_mut() {
            let _ = writeln!(f, ">> {line}");
        }
    }

    /// Start copying all I/O to `path` (appending); an empty path stops it.
    pub fn set_log_file(&self, path: &str) -> io::Result<()> {
        let file = if path.is_empty() {
            None
        } else {
            Some(std::fs::OpenOptions::new().create(true).append(true).open(path)?)
        };
        self.lock().log = file;
        Ok(())
    }
}

fn write_line(g: &mut Inner, msg: &str) {
    let res = writeln!(g.out, "{msg}").and_then(|_| g.out.flush());
    if let Err(e) = res {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        log::error!("cannot write to stdout: {e}");
    }
    if let Some(f) = g.log.as_mut() {
        let _ = writeln!(f, "<< {msg}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose bytes the test can read back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_from_many_threads_never_interleave() {
        let buf = Shared::default();
        let out = Output::to_writer(Box::new(buf.clone()));
        let threads: Vec<_> = (0..4)
            .map(|t| {
                let out = out.clone();
                std::thread::spawn(move || {
                    for i in 0..200 {
                        out.line(&format!("info string thread {t} line {i} {}", "x".repeat(100)));
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let text = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text.lines().count(), 800);
        assert!(text
            .lines()
            .all(|l| l.starts_with("info string thread ") && l.ends_with(&"x".repeat(100))));
    }

    #[test]
    fn debug_log_copies_input_and_output() {
        let path = std::env::temp_dir().join(format!("dratp-output-test-{}.log", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let out = Output::to_writer(Box::new(Shared::default()));
        out.set_log_file(path.to_str().unwrap()).unwrap();
        out.log_input("isready");
        out.line("readyok");
        out.set_log_file("").unwrap();
        out.line("not logged");
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, ">> isready\n<< readyok\n");
        let _ = std::fs::remove_file(&path);
    }
}
