//! The descent: Adam on real-valued weights (each weight moves about `rate` a
//! step whatever its slope's scale), the best weights seen kept (by their
//! error on a separate check set when one is given: early stopping), and a
//! text checkpoint from which a stopped run resumes exactly.

use super::texel::{gradient, mean_error, words, Dataset, TuneError};
use super::weights_file::{weight_index, WEIGHTS};
use crate::search::eval::Weights;

/// Adam's decay rates and guard.
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-12;

/// How a checkpoint names a data set: its size and fingerprint.
fn id(d: &Dataset) -> String {
    format!("{} {:016x}", d.len(), d.fingerprint())
}

/// A Texel run in progress: the fixed K, Adam's state, the best weights so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuner {
    /// The scale, fitted before the descent and then fixed.
    pub k: f64,
    /// Adam's step size, in weight units.
    pub rate: f64,
    /// Steps done.
    pub iteration: u32,
    /// Lowest error seen (on the check set, if any), and the weights that gave it.
    pub best_error: f64,
    /// The weights with `best_error`.
    pub best: Weights,
    theta: Vec<f64>,
    m: Vec<f64>,
    v: Vec<f64>,
    data_id: String,
    check_id: Option<String>,
}

/// What one step found.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The step's number, from 1.
    pub iteration: u32,
    /// The error of the weights the step started from.
    pub error: f64,
    /// Their error on the check set, if any.
    pub check_error: Option<f64>,
    /// The weights after the step.
    pub weights: Weights,
}

impl Tuner {
    /// A run on `data` (best weights judged on `check` if given) from the weights `start`, at scale `k`.
    pub fn new(data: &Dataset, check: Option<&Dataset>, start: &Weights, k: f64, rate: f64) -> Tuner {
        let n = WEIGHTS.len();
        Tuner {
            k,
            rate,
            iteration: 0,
            best_error: f64::INFINITY,
            best: *start,
            theta: start.values().iter().map(|&v| v as f64).collect(),
            m: vec![0.0; n],
            v: vec![0.0; n],
            data_id: id(data),
            check_id: check.map(id),
        }
    }

    /// The current weights: the real values rounded, within range.
    pub fn weights(&self) -> Weights {
        let v: Vec<i32> = self.theta.iter().map(|t| t.round() as i32).collect();
        Weights::from_values(&v).clamped()
    }

    /// One Adam step from the current weights (`check`: the run's check set).
    pub fn step(&mut self, data: &Dataset, check: Option<&Dataset>, threads: usize) -> Step {
        let w = self.weights();
        let (error, grad) = gradient(data, &w, self.k, threads);
        let check_error = check.map(|c| mean_error(c, &w, self.k, threads));
        if check_error.unwrap_or(error) < self.best_error {
            (self.best_error, self.best) = (check_error.unwrap_or(error), w);
        }
        self.iteration += 1;
        let t = self.iteration as i32;
        for (i, g) in grad.into_iter().enumerate() {
            self.m[i] = BETA1 * self.m[i] + (1.0 - BETA1) * g;
            self.v[i] = BETA2 * self.v[i] + (1.0 - BETA2) * g * g;
            let m = self.m[i] / (1.0 - BETA1.powi(t));
            let v = self.v[i] / (1.0 - BETA2.powi(t));
            let spec = &WEIGHTS[i];
            self.theta[i] =
                (self.theta[i] - self.rate * m / (v.sqrt() + EPSILON)).clamp(spec.min as f64, spec.max as f64);
        }
        Step {
            iteration: self.iteration,
            error,
            check_error,
            weights: self.weights(),
        }
    }

    /// The checkpoint text: every number printed so that it reads back exactly.
    pub fn to_checkpoint(&self) -> String {
        let mut out = String::from("# dratp-tune texel checkpoint\n");
        out.push_str(&format!("data {}\n", self.data_id));
        if let Some(c) = &self.check_id {
            out.push_str(&format!("check {c}\n"));
        }
        out.push_str(&format!("k {}\nrate {}\n", self.k, self.rate));
        out.push_str(&format!(
            "iteration {}\nbest_error {}\n",
            self.iteration, self.best_error
        ));
        let best = self.best.values();
        for (i, spec) in WEIGHTS.iter().enumerate() {
            out.push_str(&format!(
                "weight {} {} {} {} {}\n",
                spec.name, self.theta[i], self.m[i], self.v[i], best[i]
            ));
        }
        out
    }

    /// A run resumed from a checkpoint of the same data and check sets.
    pub fn from_checkpoint(text: &str, data: &Dataset, check: Option<&Dataset>) -> Result<Tuner, TuneError> {
        let mut t = Tuner::new(data, check, &Weights::DEFAULT, 0.0, 0.0);
        let mut check_seen = None;
        let mut best = t.best.values();
        let mut seen = vec![false; WEIGHTS.len()];
        let (mut has_data, mut has_k) = (false, false);
        for (n, raw) in text.lines().enumerate() {
            let fail = |reason: String| TuneError {
                file: "checkpoint",
                line: n + 1,
                reason,
            };
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (_, w) = words(line).map_err(|_| fail("unreadable line".into()))?;
            let num = |s: &str| s.parse::<f64>().map_err(|_| fail(format!("'{s}' is not a number")));
            match (w[0], w.len()) {
                ("data" | "check", 3) => {
                    let (theirs, ours) = (
                        format!("{} {}", w[1], w[2]),
                        if w[0] == "data" {
                            Some(&t.data_id)
                        } else {
                            t.check_id.as_ref()
                        },
                    );
                    if ours != Some(&theirs) {
                        return Err(fail(format!(
                            "made on {} set '{theirs}', this run's is '{}'",
                            w[0],
                            ours.map_or("none", |s| s)
                        )));
                    }
                    if w[0] == "data" {
                        has_data = true
                    } else {
                        check_seen = Some(theirs)
                    }
                }
                ("k", 2) => (t.k, has_k) = (num(w[1])?, true),
                ("rate", 2) => t.rate = num(w[1])?,
                ("iteration", 2) => t.iteration = w[1].parse().map_err(|_| fail("bad iteration".into()))?,
                ("best_error", 2) => t.best_error = num(w[1])?,
                ("weight", 6) => {
                    let i = weight_index(w[1]).ok_or_else(|| fail(format!("unknown weight '{}'", w[1])))?;
                    (t.theta[i], t.m[i], t.v[i]) = (num(w[2])?, num(w[3])?, num(w[4])?);
                    best[i] = w[5]
                        .parse()
                        .map_err(|_| fail(format!("'{}' is not an integer", w[5])))?;
                    seen[i] = true;
                }
                _ => return Err(fail(format!("unexpected '{line}'"))),
            }
        }
        let whole = |reason: &str| TuneError {
            file: "checkpoint",
            line: 0,
            reason: reason.to_string(),
        };
        if !has_data || !has_k || seen.contains(&false) {
            return Err(whole("incomplete: needs data, k and every weight"));
        }
        if check_seen != t.check_id {
            return Err(whole(
                "the run had no check set; give the same --check as before (or none)",
            ));
        }
        t.best = Weights::from_values(&best).clamped();
        Ok(t)
    }
}
