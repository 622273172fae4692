//! The evaluation weights by name, and the weights file: `name value` per
//! line, `#` starts a comment, names not listed keep their default. One
//! printer (`Weights::to_text`) and one parser (`Weights::from_text`).

use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{all_consuming, opt, recognize};
use nom::sequence::{pair, terminated, tuple};
use nom::IResult;
use thiserror::Error;

use crate::search::eval::Weights;
use crate::search::params::{Param, Tunable};

/// Every weight in `Weights` field order, with its name and range (declared with the struct in `eval`).
pub const WEIGHTS: &[Param<Weights>] = Weights::PARAMS;

impl Weights {
    /// The values in `WEIGHTS` order.
    pub fn values(&self) -> Vec<i32> {
        WEIGHTS.iter().map(|p| (p.get)(self)).collect()
    }

    /// Weights from values in `WEIGHTS` order (unchecked; see `clamped`).
    pub fn from_values(values: &[i32]) -> Weights {
        assert_eq!(values.len(), WEIGHTS.len(), "one value per weight");
        let mut w = Weights::DEFAULT;
        WEIGHTS.iter().zip(values).for_each(|(p, &v)| (p.put)(&mut w, v));
        w
    }
}

/// Why a weights file was refused: the first bad line and what is wrong with it.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("weights file line {line}: {reason}")]
pub struct WeightsFileError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// The index of the weight with this name.
pub fn weight_index(name: &str) -> Option<usize> {
    WEIGHTS.iter().position(|s| s.name == name)
}

/// `name value [# comment]`, or a blank or comment-only line (`None`).
fn line(input: &str) -> IResult<&str, Option<(&str, &str)>> {
    let name = take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_');
    let number = recognize(pair(opt(char('-')), digit1));
    let entry = tuple((name, space1, number));
    let comment = opt(pair(char('#'), take_while(|_| true)));
    let (rest, (_, e, _, _)) = all_consuming(tuple((space0, opt(entry), space0, comment)))(input)?;
    Ok((rest, e.map(|(n, _, v)| (n, v))))
}

impl Weights {
    /// The weights file of these weights: every weight, one a line, in table order.
    pub fn to_text(&self) -> String {
        let mut out = String::from("# dratp evaluation weights: name value (names not listed keep their default)\n");
        for (spec, v) in WEIGHTS.iter().zip(self.values()) {
            out.push_str(&format!("{} {v}\n", spec.name));
        }
        out
    }

    /// Read a weights file over the defaults. Refuses the whole file at its
    /// first malformed line, unknown or repeated name, or value out of range.
    pub fn from_text(text: &str) -> Result<Weights, WeightsFileError> {
        let mut values = Weights::DEFAULT.values();
        let mut seen = vec![false; WEIGHTS.len()];
        for (n, raw) in text.lines().enumerate() {
            let fail = |reason: String| WeightsFileError { line: n + 1, reason };
            let Ok((_, entry)) = terminated(line, space0)(raw.trim_end_matches('\r')) else {
                return Err(fail(format!("expected `name value`, found '{}'", raw.trim())));
            };
            let Some((name, value)) = entry else { continue };
            let i = weight_index(name).ok_or_else(|| fail(format!("unknown weight '{name}'")))?;
            let v: i32 = value
                .parse()
                .map_err(|_| fail(format!("{name}: '{value}' is not a number")))?;
            // The range check and its message are the parameter table's.
            let mut check = Weights::DEFAULT;
            check.set(name, v).map_err(|e| fail(e.to_string()))?;
            if std::mem::replace(&mut seen[i], true) {
                return Err(fail(format!("{name} is given twice")));
            }
            values[i] = v;
        }
        Ok(Weights::from_values(&values))
    }

    /// These weights moved into every weight's range.
    pub fn clamped(&self) -> Weights {
        let v: Vec<i32> = WEIGHTS
            .iter()
            .zip(self.values())
            .map(|(s, v)| v.clamp(s.min, s.max))
            .collect();
        Weights::from_values(&v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn print_then_parse_gives_the_same_weights() {
        assert_eq!(Weights::from_text(&Weights::DEFAULT.to_text()), Ok(Weights::DEFAULT));
        let mut v = Weights::DEFAULT.values();
        for (i, x) in v.iter_mut().enumerate() {
            *x = WEIGHTS[i].min + (i as i32 * 7) % (WEIGHTS[i].max - WEIGHTS[i].min + 1);
        }
        let w = Weights::from_values(&v);
        assert_eq!(Weights::from_text(&w.to_text()), Ok(w));
    }

    #[test]
    fn the_defaults_are_within_their_ranges() {
        assert_eq!(Weights::DEFAULT.clamped(), Weights::DEFAULT);
        assert_eq!(WEIGHTS.len(), Weights::DEFAULT.values().len());
    }

    #[test]
    fn names_follow_the_fields() {
        let mut w = Weights::DEFAULT;
        w.mobility = 7;
        w.tempo = 11;
        let v = w.values();
        assert_eq!(v[weight_index("mobility").unwrap()], 7);
        assert_eq!(v[weight_index("tempo").unwrap()], 11);
    }

    #[test]
    fn a_partial_file_with_comments_keeps_the_other_defaults() {
        let w = Weights::from_text("# tuned\n\n  mobility 5   # was 3\r\ntempo 0\n").unwrap();
        assert_eq!((w.mobility, w.tempo, w.gyullas), (5, 0, Weights::DEFAULT.gyullas));
    }

    #[test]
    fn bad_files_are_refused_with_their_line() {
        let cases = [
            ("mobility 3\nmobilty 4\n", 2, "unknown weight 'mobilty'"),
            ("tempo ten\n", 1, "expected `name value`"),
            ("tempo 10 12\n", 1, "expected `name value`"),
            ("\n\nmobility 99\n", 3, "parameter mobility takes 0 to 30, not 99"),
            ("tempo 1\ntempo 2\n", 2, "tempo is given twice"),
            ("tempo 99999999999\n", 1, "is not a number"),
            ("tempo\n", 1, "expected `name value`"),
        ];
        for (text, line, reason) in cases {
            let e = Weights::from_text(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}");
            assert!(e.reason.contains(reason), "{text:?}: {e}");
        }
    }
}
