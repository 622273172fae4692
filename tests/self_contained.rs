//! The repository explains itself: no text file points to documents outside it,
//! and every relative link in the Markdown documents names a file that exists.

use std::fs;
use std::path::{Path, PathBuf};

/// The repository root (the engine crate is the workspace root).
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every text file of the repository that people read: sources, documents, data, scripts, CI.
fn text_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                // Build output and version control are not the repository's text; `.ci` is.
                if name != "target" && name != "node_modules" && (name == ".ci" || !name.starts_with('.')) {
                    walk(&path, out);
                }
            } else {
                let ext = path.extension().and_then(|x| x.to_str()).unwrap_or("");
                let in_ci = dir.file_name().is_some_and(|d| d == ".ci");
                if in_ci || ["md", "rs", "py", "cat", "toml", "txt", "sh"].contains(&ext) {
                    out.push(path);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&root(), &mut out);
    out.sort();
    out
}

#[test]
fn no_file_points_outside_the_repository() {
    // Built from parts so that this file does not match itself.
    let outside = [
        ["..", "/shared/"].concat(),
        ["shared", "/spec"].concat(),
        ["shared", "/seeds"].concat(),
        ["maseitai", "-facts"].concat(),
        ["spec/", "rules.md"].concat(),
        ["spec/", "notation.md"].concat(),
        ["/work", "/"].concat(),
    ];
    let files = text_files();
    assert!(
        files.len() > 50,
        "found only {} text files under {:?}",
        files.len(),
        root()
    );
    let mut found = Vec::new();
    for path in &files {
        let Ok(text) = fs::read_to_string(path) else { continue };
        for (n, line) in text.lines().enumerate() {
            if outside.iter().any(|pat| line.contains(pat.as_str())) {
                found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "cite RULES.md, protocol.md or CATALOGUE.md instead:\n{}",
        found.join("\n")
    );
}

/// The targets of the Markdown links `[text](target)` in `text`.
fn link_targets(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        if let Some(end) = rest.find(')') {
            out.push(&rest[..end]);
            rest = &rest[end..];
        }
    }
    out
}

#[test]
fn markdown_links_name_files_in_the_repository() {
    let mut broken = Vec::new();
    for path in text_files().iter().filter(|p| p.extension().is_some_and(|x| x == "md")) {
        let text = fs::read_to_string(path).unwrap();
        for target in link_targets(&text) {
            let file = target.split('#').next().unwrap_or("");
            if file.is_empty() || file.contains("://") || file.contains(' ') {
                continue;
            }
            let dir = path.parent().unwrap_or(Path::new("."));
            if !dir.join(file).exists() {
                broken.push(format!("{}: ({target})", path.display()));
            }
        }
    }
    assert!(broken.is_empty(), "links to missing files:\n{}", broken.join("\n"));
}
