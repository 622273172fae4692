//! The catalogue file format (CATALOGUE.md): nom parser and printer.
//!
//! PLACEHOLDER: the catalogue helper fills this file in.

use thiserror::Error;

use super::PieceDef;

/// One problem in a catalogue file.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseIssue {
    /// 1-based line number (0 when the problem is not on one line).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A catalogue file refused whole, with every problem found.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("{}", .issues.iter().map(|i| format!("line {}: {}", i.line, i.message)).collect::<Vec<_>>().join("; "))]
pub struct CatalogueError {
    /// The problems, in line order.
    pub issues: Vec<ParseIssue>,
}

impl CatalogueError {
    /// An error with one problem.
    pub fn single(line: usize, message: String) -> CatalogueError {
        CatalogueError { issues: vec![ParseIssue { line, message }] }
    }
}

pub(super) fn parse_entries(_text: &str) -> Result<Vec<PieceDef>, CatalogueError> {
    todo!()
}

pub(super) fn print_entries(_entries: &[PieceDef]) -> String {
    todo!()
}
