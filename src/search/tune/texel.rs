//! Texel tuning: positions labelled by the game's result (1 win, 0.5 draw, 0
//! loss for the side to move), the scaling constant K that best maps the
//! evaluation onto results, then gradient descent (Adam) on the weights to
//! minimise the mean squared error of `expected(K, eval)` against the results.
//!
//! The evaluation is taken as it is (`eval::evaluate`, integer weights): each
//! weight's slope is a central difference of ±1, exact for the weights the
//! evaluation is linear in and a fair slope for the rest (`race_start`,
//! `keep_percent`). The descent moves real-valued weights; the evaluation
//! uses them rounded.

use nom::bytes::complete::take_till1;
use nom::character::complete::space1;
use nom::multi::separated_list1;
use nom::IResult;
use thiserror::Error;

use super::weights_file::WEIGHTS;
use crate::rules::movegen::ReachMap;
use crate::rules::{nfen, parse_nfen, Catalogue, Position};
use crate::search::eval::{evaluate, Weights};

/// A labelled position of a data file.
#[derive(Clone)]
pub struct Sample {
    pos: Position,
    map: ReachMap,
    result: f64,
}

/// The positions of a data file, with a fingerprint that ties checkpoints to it.
pub struct Dataset {
    samples: Vec<Sample>,
    fingerprint: u64,
}

/// A data file or checkpoint refused: which line and why.
#[derive(Clone, PartialEq, Debug, Error)]
#[error("{file} line {line}: {reason}")]
pub struct TuneError {
    /// `data` or `checkpoint`.
    pub file: &'static str,
    /// 1-based line number (0: the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// One data line: the result for the side to move, a space, the NFEN (the one printer of data lines).
pub fn sample_line(pos: &Position, result: f64) -> String {
    format!("{result} {}", nfen(pos))
}

/// FNV-1a, to fingerprint a data set.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(hash, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Whitespace-separated words of a line.
pub(super) fn words(input: &str) -> IResult<&str, Vec<&str>> {
    separated_list1(space1, take_till1(|c: char| c == ' ' || c == '\t'))(input)
}

impl Dataset {
    /// Read a data file (`#` lines and blank lines are skipped); refuses it at its first bad line.
    pub fn parse(text: &str, cat: &'static Catalogue) -> Result<Dataset, TuneError> {
        let mut samples = Vec::new();
        let mut fingerprint = 0xcbf2_9ce4_8422_2325;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fail = |reason: String| TuneError {
                file: "data",
                line: n + 1,
                reason,
            };
            let (result, fen) = line
                .split_once(' ')
                .ok_or_else(|| fail("expected `result NFEN`".into()))?;
            let result: f64 = result
                .parse()
                .ok()
                .filter(|r| (0.0..=1.0).contains(r))
                .ok_or_else(|| fail(format!("result '{result}' is not a number from 0 to 1")))?;
            let pos = parse_nfen(fen.trim(), cat).map_err(|e| fail(format!("NFEN: {e}")))?;
            fingerprint = fnv(fingerprint, line.as_bytes());
            let map = pos.reach_map();
            samples.push(Sample { pos, map, result });
        }
        Ok(Dataset { samples, fingerprint })
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// No positions.
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// A hash of the data lines, in order.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }
}

/// The expected result for an evaluation `q` (side to move's view) at scale `k`.
pub fn expected(k: f64, q: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * q / 400.0))
}

/// Sum `f` over the samples on `threads` threads; chunk sums are added in order, so the total does not depend on timing.
fn par_sum(data: &Dataset, threads: usize, width: usize, f: &(dyn Fn(&Sample, &mut [f64]) + Sync)) -> Vec<f64> {
    let chunk = data.samples.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<Vec<f64>> = std::thread::scope(|s| {
        let handles: Vec<_> = data
            .samples
            .chunks(chunk)
            .map(|c| {
                s.spawn(move || {
                    let mut acc = vec![0.0; width];
                    c.iter().for_each(|x| f(x, &mut acc));
                    acc
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a tuning thread"))
            .collect()
    });
    let mut total = vec![0.0; width];
    for p in parts {
        total.iter_mut().zip(p).for_each(|(t, x)| *t += x);
    }
    total
}

/// Mean squared error of the predictions at weights `w` and scale `k`.
pub fn mean_error(data: &Dataset, w: &Weights, k: f64, threads: usize) -> f64 {
    let sum = par_sum(data, threads, 1, &|s, acc| {
        let q = evaluate(&s.pos, &s.map, w) as f64;
        acc[0] += (expected(k, q) - s.result).powi(2);
    });
    sum[0] / data.len().max(1) as f64
}

/// The scale K (0.01–20) minimising the error at weights `w`: golden-section search on ln K.
pub fn fit_k(data: &Dataset, w: &Weights, threads: usize) -> f64 {
    let err = |lk: f64| mean_error(data, w, lk.exp(), threads);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.01f64.ln(), 20f64.ln());
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (err(c), err(d));
    while b - a > 1e-5 {
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - g * (b - a);
            fc = err(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + g * (b - a);
            fd = err(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// The error at `w` and its slope along each weight.
pub fn gradient(data: &Dataset, w: &Weights, k: f64, threads: usize) -> (f64, Vec<f64>) {
    let n = WEIGHTS.len();
    let base = w.values();
    // For each weight, the two neighbours (one side only at a bound) and the step between them.
    let probes: Vec<(Weights, Weights, f64)> = (0..n)
        .map(|i| {
            let (lo, hi) = ((base[i] - 1).max(WEIGHTS[i].min), (base[i] + 1).min(WEIGHTS[i].max));
            let at = |v: i32| {
                let mut x = base.clone();
                x[i] = v;
                Weights::from_values(&x)
            };
            (at(lo), at(hi), (hi - lo).max(1) as f64)
        })
        .collect();
    let sums = par_sum(data, threads, n + 1, &|s, acc| {
        let q = evaluate(&s.pos, &s.map, w) as f64;
        let p = expected(k, q);
        acc[n] += (p - s.result).powi(2);
        // d/dq of (p - r)²: 2 (p - r) p (1 - p) ln 10 K / 400.
        let dq = 2.0 * (p - s.result) * p * (1.0 - p) * std::f64::consts::LN_10 * k / 400.0;
        for (i, (lo, hi, step)) in probes.iter().enumerate() {
            let slope = (evaluate(&s.pos, &s.map, hi) - evaluate(&s.pos, &s.map, lo)) as f64 / step;
            acc[i] += dq * slope;
        }
    });
    let m = data.len().max(1) as f64;
    (sums[n] / m, sums[..n].iter().map(|g| g / m).collect())
}
