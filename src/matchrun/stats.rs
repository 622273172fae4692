//! Match statistics: logistic Elo with 95% error bars, LOS, draw ratio, pentanomial
//! pair counts and the generalised SPRT, printed in cutechess-cli's form.

/// The 97.5% quantile of the standard normal distribution (two-sided 95% bars).
const Z_975: f64 = 1.959_963_984_540_054;

/// Wins, losses and draws of one player (or one side of a pairing).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Wdl {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points per game (win 1, draw ½); NaN with no games.
    pub fn score(&self) -> f64 {
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games() as f64
    }

    /// Add one game scored 1, ½ or 0 (given as 2, 1 or 0 half-points).
    pub fn add_half_points(&mut self, half_points: u8) {
        match half_points {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
    }
}

/// Game pairs (same opening, colours swapped) by the pair's total score for the
/// first player: 0, ½, 1, 1½, 2 points (`Ptnml(0-2)` in fastchess's output).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Pentanomial {
    /// Counts by pair score in half-points / 1: index 0 = LL, 1 = LD, 2 = DD or WL, 3 = WD, 4 = WW.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Add a pair from the two games' half-points (2 win, 1 draw, 0 loss).
    pub fn add_pair(&mut self, a: u8, b: u8) {
        self.counts[(a.min(2) + b.min(2)) as usize] += 1;
    }

    /// Number of pairs.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
}

/// The logistic Elo difference for a score fraction `p` (cutechess's `Elo::diff`).
pub fn elo_from_score(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The expected score for a logistic Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, by the Chebyshev fit of Numerical Recipes (`erfcc`,
/// fractional error below 1.2e-7): plenty for one-decimal percentages.
pub fn erf(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc
    } else {
        erfc - 1.0
    }
}

/// Elo estimate of a W/L/D record, computed as cutechess-cli does.
#[derive(Clone, Copy, Debug)]
pub struct Elo {
    wdl: Wdl,
    mu: f64,
    stdev: f64,
}

impl Elo {
    /// The estimate for a record.
    pub fn new(wdl: Wdl) -> Elo {
        let n = wdl.games() as f64;
        let (w, l, d) = (wdl.wins as f64 / n, wdl.losses as f64 / n, wdl.draws as f64 / n);
        let mu = w + d / 2.0;
        let var = w * (1.0 - mu).powi(2) + l * mu.powi(2) + d * (0.5 - mu).powi(2);
        Elo {
            wdl,
            mu,
            stdev: var.sqrt() / n.sqrt(),
        }
    }

    /// Elo difference from the score.
    pub fn diff(&self) -> f64 {
        elo_from_score(self.mu)
    }

    /// Half the width of the 95% confidence interval, in Elo.
    pub fn error_margin(&self) -> f64 {
        let lo = self.mu - Z_975 * self.stdev;
        let hi = self.mu + Z_975 * self.stdev;
        (elo_from_score(hi) - elo_from_score(lo)) / 2.0
    }

    /// Likelihood of superiority, in percent (draws ignored).
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wdl.wins as f64, self.wdl.losses as f64);
        100.0 * (0.5 + 0.5 * erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    /// Share of drawn games, in percent.
    pub fn draw_ratio(&self) -> f64 {
        100.0 * self.wdl.draws as f64 / self.wdl.games() as f64
    }
}

/// What the SPRT concluded so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SprtResult {
    /// Neither bound reached.
    Continue,
    /// The lower bound was reached: the result fits `elo0` better than `elo1`.
    AcceptH0,
    /// The upper bound was reached: the result fits `elo1` better than `elo0`.
    AcceptH1,
}

/// A sequential probability ratio test between two logistic Elo hypotheses.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sprt {
    /// Elo of the null hypothesis.
    pub elo0: f64,
    /// Elo of the alternative hypothesis.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

impl Sprt {
    /// A test; refuses inconsistent parameters with the reason.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if elo0.partial_cmp(&elo1) != Some(std::cmp::Ordering::Less) {
            return Err(format!("elo0 ({elo0}) must be less than elo1 ({elo1})"));
        }
        for (name, v) in [("alpha", alpha), ("beta", beta)] {
            if !(v > 0.0 && v < 1.0) {
                return Err(format!("{name} must be between 0 and 1, got {v}"));
            }
        }
        if alpha + beta >= 1.0 {
            return Err("alpha + beta must be less than 1".to_string());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Lower LLR bound: ln(β / (1 − α)).
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// Upper LLR bound: ln((1 − β) / α).
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// LLR of a trinomial record (games not in pairs).
    pub fn llr_trinomial(&self, wdl: Wdl) -> f64 {
        if wdl.games() == 0 {
            return 0.0;
        }
        let counts = [wdl.losses, wdl.draws, wdl.wins];
        self.llr(&[0.0, 0.5, 1.0], &counts)
    }

    /// LLR of pentanomial pair counts (pair scores 0, ¼, ½, ¾, 1 per game).
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        self.llr(&[0.0, 0.25, 0.5, 0.75, 1.0], &p.counts)
    }

    /// Generalised SPRT (M. Van den Bergh, "Comments on Normalized Elo"): the
    /// log-likelihood ratio of the maximum-likelihood outcome distributions whose
    /// means are the expected scores of `elo1` and `elo0`. Empty cells count as
    /// 0.001 so that the logarithms stay finite, as fastchess does.
    fn llr(&self, scores: &[f64], counts: &[u32]) -> f64 {
        let reg: Vec<f64> = counts.iter().map(|&c| if c == 0 { 1e-3 } else { c as f64 }).collect();
        let total: f64 = reg.iter().sum();
        let probs: Vec<f64> = reg.iter().map(|c| c / total).collect();
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        let p0 = mle(scores, &probs, s0);
        let p1 = mle(scores, &probs, s1);
        total
            * probs
                .iter()
                .zip(p0.iter().zip(&p1))
                .map(|(p, (a, b))| p * (b.ln() - a.ln()))
                .sum::<f64>()
    }

    /// The verdict for an LLR.
    pub fn result(&self, llr: f64) -> SprtResult {
        if llr >= self.upper_bound() {
            SprtResult::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtResult::AcceptH0
        } else {
            SprtResult::Continue
        }
    }

    /// cutechess-cli's status line: `SPRT: llr 0.5 (17.2%), lbound -2.94, ubound 2.94`,
    /// with ` - H0 was accepted` or ` - H1 was accepted` once decided.
    pub fn status_line(&self, llr: f64) -> String {
        let mut s = format!(
            "SPRT: llr {} ({:.1}%), lbound {}, ubound {}",
            fmt_g3(llr),
            llr / self.upper_bound() * 100.0,
            fmt_g3(self.lower_bound()),
            fmt_g3(self.upper_bound())
        );
        match self.result(llr) {
            SprtResult::AcceptH0 => s.push_str(" - H0 was accepted"),
            SprtResult::AcceptH1 => s.push_str(" - H1 was accepted"),
            SprtResult::Continue => {}
        }
        s
    }
}

/// The distribution closest to `probs` (maximum likelihood) with mean `s`:
/// p_i = p̂_i / (1 + θ (a_i − s)), θ the root of Σ p̂_i (a_i − s) / (1 + θ (a_i − s)) = 0.
/// That sum falls from +∞ to −∞ on the open interval found below, so bisection finds θ.
fn mle(scores: &[f64], probs: &[f64], s: f64) -> Vec<f64> {
    let f = |theta: f64| -> f64 {
        scores
            .iter()
            .zip(probs)
            .map(|(a, p)| p * (a - s) / (1.0 + theta * (a - s)))
            .sum()
    };
    let mut lo = -1.0 / (scores[scores.len() - 1] - s);
    let mut hi = -1.0 / (scores[0] - s);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = (lo + hi) / 2.0;
    scores
        .iter()
        .zip(probs)
        .map(|(a, p)| p / (1.0 + theta * (a - s)))
        .collect()
}

/// A number printed like C's `%.3g` (Qt's `'g'` with precision 3), as cutechess does.
pub fn fmt_g3(x: f64) -> String {
    if x.is_nan() {
        return "nan".to_string();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    if x == 0.0 {
        return "0".to_string();
    }
    let exp = format!("{:.2e}", x);
    let (mantissa, e) = exp.split_once('e').expect("exponent form");
    let e: i32 = e.parse().expect("exponent digits");
    let trim = |s: String| {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    if !(-4..3).contains(&e) {
        let sign = if e < 0 { '-' } else { '+' };
        format!("{}e{}{:02}", trim(mantissa.to_string()), sign, e.abs())
    } else {
        let decimals = (2 - e).max(0) as usize;
        trim(format!("{:.*}", decimals, x))
    }
}

/// A number with one decimal, printed as cutechess does for infinities and NaN.
pub fn fmt_f1(x: f64) -> String {
    fmt_fixed(x, 1)
}

/// A number with `decimals` decimals; `nan`, `inf` and `-inf` as in C, and no `-0`.
pub fn fmt_fixed(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.to_string()
    } else {
        let s = format!("{x:.decimals$}");
        if s.starts_with('-') && s[1..].chars().all(|c| c == '0' || c == '.') {
            s[1..].to_string()
        } else {
            s
        }
    }
}

/// cutechess-cli's head-to-head line: `Score of A vs B: W - L - D  [0.600] N`.
pub fn score_line(a: &str, b: &str, wdl: Wdl) -> String {
    let score = if wdl.games() == 0 { f64::NAN } else { wdl.score() };
    let score = if score.is_nan() {
        "nan".to_string()
    } else {
        format!("{score:.3}")
    };
    format!(
        "Score of {a} vs {b}: {} - {} - {}  [{score}] {}",
        wdl.wins,
        wdl.losses,
        wdl.draws,
        wdl.games()
    )
}

/// cutechess-cli's Elo line: `Elo difference: X +/- Y, LOS: Z %, DrawRatio: R %`.
pub fn elo_line(wdl: Wdl) -> String {
    let e = Elo::new(wdl);
    format!(
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        fmt_f1(e.diff()),
        fmt_f1(e.error_margin()),
        fmt_f1(e.los()),
        fmt_f1(e.draw_ratio())
    )
}

/// fastchess's pentanomial line: `Ptnml(0-2): [LL, LD, DD+WL, WD, WW]`.
pub fn pentanomial_line(p: &Pentanomial) -> String {
    let c = p.counts;
    format!("Ptnml(0-2): [{}, {}, {}, {}, {}]", c[0], c[1], c[2], c[3], c[4])
}
