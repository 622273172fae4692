//! Reading a catalogue from a file, safely and in one place: the engine's
//! `Catalogue File` option, `dratp check-catalogue`, and `dratp-match`'s
//! `-catalogue` all load through [`load`]; the engine's `Weights File` reads
//! through the same checks ([`read_text`]).
//!
//! Why a module of its own at the crate root: the rules core parses catalogue
//! text but does no I/O, and both `protocol` and `matchrun` read catalogue files,
//! while `matchrun` must not depend on `protocol` (which pulls in the search). So
//! this module sits between them: it uses `rules` and the standard library only.
//!
//! A path may name anything, so the file is checked before it is read: only a
//! regular file is accepted (a FIFO, `/dev/stdin` or a device would block or never
//! end), at most [`MAX_BYTES`] are read, and problems are reported with line
//! numbers and short excerpts, so that an arbitrary file never floods a log.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::Path;

use crate::rules::catalogue::{CatalogueError, ParseIssue};
use crate::rules::Catalogue;

/// The largest catalogue file accepted: 1 MB, 2^20 bytes (the built-in catalogue is far smaller).
pub const MAX_BYTES: u64 = 1 << 20;

/// How many problems a one-line summary shows; `check-catalogue` shows them all.
pub const SHOWN_PROBLEMS: usize = 3;

/// The longest excerpt of a problem's text, in characters.
const EXCERPT_CHARS: usize = 100;

/// Why a catalogue file was not loaded.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LoadError {
    /// The file could not be opened or read (the system's reason).
    Unreadable(String),
    /// Not a regular file: what it is instead.
    NotRegular(&'static str),
    /// More than [`MAX_BYTES`].
    TooLarge,
    /// Bytes that are not UTF-8 text, first on this line.
    NotText(usize),
    /// The text does not parse as a catalogue.
    Invalid(Vec<ParseIssue>),
}

impl fmt::Display for LoadError {
    /// One line: the first [`SHOWN_PROBLEMS`] problems and how many more there are.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Unreadable(why) => write!(f, "cannot read: {why}"),
            LoadError::NotRegular(what) => write!(f, "not a regular file ({what})"),
            LoadError::TooLarge => write!(
                f,
                "larger than 1 MB ({MAX_BYTES} bytes), the most a catalogue or weights file may hold"
            ),
            LoadError::NotText(line) => write!(f, "line {line}: not UTF-8 text"),
            LoadError::Invalid(issues) => {
                let shown: Vec<String> = issues.iter().take(SHOWN_PROBLEMS).map(issue_text).collect();
                write!(f, "{}", shown.join("; "))?;
                if issues.len() > SHOWN_PROBLEMS {
                    write!(f, "; and {} more problems", issues.len() - SHOWN_PROBLEMS)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LoadError {}

fn issue_text(i: &ParseIssue) -> String {
    format!("line {}: {}", i.line, excerpt(&i.message))
}

/// At most [`EXCERPT_CHARS`] characters of `text`, `…` marking a cut.
fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Parse and check the catalogue file at `path` (see the module doc for the limits).
pub fn load(path: &Path) -> Result<Catalogue, LoadError> {
    let text = read_text(path)?;
    Catalogue::parse(&text).map_err(|CatalogueError { issues }| LoadError::Invalid(issues))
}

/// The text of a regular file of at most [`MAX_BYTES`] (any option that names a file reads through this).
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let unreadable = |e: std::io::Error| LoadError::Unreadable(e.to_string());
    // Look before opening: opening a FIFO for reading blocks until a writer comes.
    check_kind(&std::fs::metadata(path).map_err(unreadable)?)?;
    let file = open_nonblocking(path).map_err(unreadable)?;
    // Look again at what was opened, in case the path changed in between.
    check_kind(&file.metadata().map_err(unreadable)?)?;
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1).read_to_end(&mut bytes).map_err(unreadable)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(LoadError::TooLarge);
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        LoadError::NotText(1 + good.iter().filter(|&&b| b == b'\n').count())
    })
}

fn check_kind(meta: &std::fs::Metadata) -> Result<(), LoadError> {
    let t = meta.file_type();
    if t.is_file() {
        return if meta.len() > MAX_BYTES {
            Err(LoadError::TooLarge)
        } else {
            Ok(())
        };
    }
    Err(LoadError::NotRegular(if t.is_dir() {
        "a directory"
    } else {
        special_kind(t)
    }))
}

#[cfg(unix)]
fn special_kind(t: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: std::fs::FileType) -> &'static str {
    "a special file"
}

/// Open for reading without waiting for a FIFO's writer (O_NONBLOCK), where the
/// platform's flag value is known; the file-type checks around it hold everywhere.
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        #[cfg(any(target_os = "linux", target_os = "android"))]
        const O_NONBLOCK: i32 = 0o4000;
        #[cfg(any(target_os = "macos", target_os = "ios", target_os = "freebsd", target_os = "openbsd"))]
        const O_NONBLOCK: i32 = 0x0004;
        #[cfg(not(any(
            target_os = "linux",
            target_os = "android",
            target_os = "macos",
            target_os = "ios",
            target_os = "freebsd",
            target_os = "openbsd"
        )))]
        const O_NONBLOCK: i32 = 0;
        options.custom_flags(O_NONBLOCK);
    }
    options.open(path)
}

/// `dratp check-catalogue FILE`: every problem on its own line (`FILE:LINE: …`) and
/// exit code 1, or one `FILE: ok, N pieces` line and 0.
pub fn check(path: &Path, out: &mut dyn std::io::Write) -> i32 {
    let shown = path.display();
    let result = match load(path) {
        Ok(cat) => writeln!(out, "{shown}: ok, {} pieces", cat.entries().len()).map(|_| 0),
        Err(LoadError::Invalid(issues)) => issues
            .iter()
            .try_for_each(|i| writeln!(out, "{shown}:{}: {}", i.line, excerpt(&i.message)))
            .and_then(|_| writeln!(out, "{shown}: {} problems", issues.len()))
            .map(|_| 1),
        Err(e) => writeln!(out, "{shown}: {e}").map(|_| 1),
    };
    result.unwrap_or(1)
}
