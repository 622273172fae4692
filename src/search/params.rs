//! Search parameters: every margin, reduction, limit and time factor the search
//! decides by, declared once with its compiled default and its tuning range.
//!
//! Vocabulary:
//! - *depth*: plies still to search below a node; *ply*: plies from the root.
//! - *margin*: evaluation units (100 ≈ one black Gulled) added to or taken from
//!   the static evaluation before it is compared with a bound.
//! - *reduction*: plies taken off the depth a child is searched to.
//! - *RFP* reverse futility pruning: a node whose evaluation beats beta by a
//!   margin per ply of depth returns at once.
//! - *NMP* null-move pruning: pass, and if a reduced search still fails high,
//!   so does the node.
//! - *LMP* late-move pruning: late quiet actions at low depth are not searched.
//! - *LMR* late-move reductions: late quiet actions are searched shallower
//!   first, `base + ln(depth) × ln(moves) / divisor` plies.
//! - *QS* quiescence search; *delta pruning* skips a capture that cannot bring
//!   the score up to alpha even with a margin.
//! - *aspiration window*: the root is searched with a narrow window around the
//!   last score, widened on each failure.
//! - *history*: per side, per action shape, how often a quiet action refuted a
//!   node; bonuses grow with depth² and saturate ("gravity").
//! - *TM* time management: when the next iteration may start.
//! - `_pct`: hundredths, so that every value is an integer a text option can set.
//!
//! `SearchParams::DEFAULT` is what the engine plays. Its `Tunable::PARAMS` lists
//! every value with its name and range, so a tuner can set any of them by name
//! at run time (`Tunable::set`); the evaluation's `Weights` are declared the same way.

use thiserror::Error;

use crate::rules::rng::splitmix64;

/// One tunable value of a `T`: its name, compiled default, range, and how to read and write it.
#[derive(Debug)]
pub struct Param<T: 'static> {
    /// The name a tuner sets it by (the field's name).
    pub name: &'static str,
    /// The compiled default.
    pub default: i32,
    /// Smallest value that keeps the engine sound.
    pub min: i32,
    /// Largest value that keeps the engine sound.
    pub max: i32,
    /// Read the value.
    pub get: fn(&T) -> i32,
    /// Write the value (unchecked: `Tunable::set` checks the range).
    pub put: fn(&mut T, i32),
}

/// Why a value could not be set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParamError {
    /// No parameter has this name.
    #[error("no parameter named '{0}'")]
    Unknown(String),
    /// The value is outside the parameter's range.
    #[error("parameter {name} takes {min} to {max}, not {value}")]
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value refused.
        value: i32,
        /// Its smallest value.
        min: i32,
        /// Its largest value.
        max: i32,
    },
}

/// A set of named integer values a tuner may change at run time (search parameters, evaluation weights).
pub trait Tunable: Sized + 'static {
    /// Every value, in declaration order, with its default and range.
    const PARAMS: &'static [Param<Self>];

    /// The parameter called `name` (ASCII case ignored).
    fn find(name: &str) -> Option<&'static Param<Self>> {
        Self::PARAMS.iter().find(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// Set the parameter `name` (ASCII case ignored) to `value` within its range.
    fn set(&mut self, name: &str, value: i32) -> Result<(), ParamError> {
        let p = Self::find(name).ok_or_else(|| ParamError::Unknown(name.to_string()))?;
        if !(p.min..=p.max).contains(&value) {
            return Err(ParamError::OutOfRange {
                name: p.name,
                value,
                min: p.min,
                max: p.max,
            });
        }
        (p.put)(self, value);
        Ok(())
    }

    /// The value of the parameter `name` (ASCII case ignored).
    fn get(&self, name: &str) -> Option<i32> {
        Self::find(name).map(|p| (p.get)(self))
    }

    /// A hash of every value: sets that differ in any value differ here (but for a 2⁻⁶⁴ chance).
    fn fingerprint(&self) -> u64 {
        Self::PARAMS.iter().fold(0x7E57_AB1E, |h, p| {
            splitmix64(&mut (h ^ (p.get)(self) as u32 as u64).rotate_left(32))
        })
    }
}

/// Declares a struct of `i32` values, its `DEFAULT` and `Default`, and its `Tunable` table from one list, so
/// that each value's name, default, range and doc are written exactly once.
macro_rules! tunable {
    (
        $(#[doc = $sdoc:literal])+
        $name:ident {
            $($(#[doc = $doc:literal])+ $field:ident = $default:literal, $min:literal..=$max:literal;)+
        }
    ) => {
        $(#[doc = $sdoc])+
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name {
            $($(#[doc = $doc])+ pub $field: i32,)+
        }

        impl $name {
            /// The compiled defaults: what the engine plays.
            pub const DEFAULT: $name = $name { $($field: $default,)+ };
        }

        impl Default for $name {
            fn default() -> Self {
                $name::DEFAULT
            }
        }

        impl $crate::search::params::Tunable for $name {
            const PARAMS: &'static [$crate::search::params::Param<$name>] = &[$($crate::search::params::Param {
                name: stringify!($field),
                default: $default,
                min: $min,
                max: $max,
                get: |p| p.$field,
                put: |p, v| p.$field = v,
            },)+];
        }
    };
}
pub(crate) use tunable;

tunable! {
    /// The values the search decides by; see the module's vocabulary.
    SearchParams {
    /// RFP: deepest node it applies to.
    rfp_max_depth = 5, 0..=12;
    /// RFP: margin per ply of depth.
    rfp_margin = 90, 10..=400;
    /// NMP: shallowest node it applies to.
    nmp_min_depth = 3, 1..=10;
    /// NMP: reduction at any depth (the pass itself costs one ply more).
    nmp_reduction = 3, 1..=8;
    /// NMP: one more ply of reduction per this many plies of depth.
    nmp_depth_divisor = 4, 1..=16;
    /// LMP: deepest node it applies to.
    lmp_max_depth = 3, 0..=8;
    /// LMP: actions searched before any is pruned, at any depth.
    lmp_base = 6, 1..=40;
    /// LMP: more actions searched per depth².
    lmp_per_depth_sq = 5, 0..=20;
    /// LMR: shallowest node it applies to.
    lmr_min_depth = 3, 2..=10;
    /// LMR: actions searched in full before the first reduced one.
    lmr_min_moves = 2, 1..=10;
    /// LMR: base of the reduction formula, in hundredths of a ply.
    lmr_base_pct = 56, -100..=300;
    /// LMR: divisor of the reduction formula, in hundredths.
    lmr_divisor_pct = 217, 100..=800;
    /// LMR: extra plies off outside the principal variation.
    lmr_non_pv = 1, 0..=3;
    /// LMR: plies given back to a killer action.
    lmr_killer = 1, 0..=3;
    /// Check extension: only while the ply is below this many times the iteration depth.
    check_extension_depths = 2, 1..=4;
    /// QS: plies in which every action is searched while the side to move is in danger.
    qs_danger_plies = 3, 0..=8;
    /// Delta pruning: margin per gyullas of the piece taken.
    delta_per_victim = 41, 0..=200;
    /// Delta pruning: margin at any capture.
    delta_margin = 299, 0..=2000;
    /// History: bonus per depth² for a cutoff (the quiets tried before it lose as much).
    history_depth_sq = 14, 1..=128;
    /// History: largest bonus of one cutoff.
    history_bonus_max = 2000, 1..=16384;
    /// History: scores saturate at this (the table holds `i16`).
    history_max = 16384, 1024..=32767;
    /// Aspiration: shallowest iteration searched with a window.
    asp_min_depth = 4, 1..=12;
    /// Aspiration: first half-width of the window.
    asp_delta = 30, 5..=400;
    /// Aspiration: growth of the half-width on each failure, in percent.
    asp_growth_pct = 50, 10..=300;
    /// Aspiration: past this half-width the window opens fully.
    asp_full_window = 1000, 100..=10000;
    /// TM: a new iteration starts only before this share of the optimum time, in percent.
    tm_start_pct = 50, 10..=150;
    /// TM: time factor when the best action changed in the last iteration, in percent.
    tm_stable0_pct = 160, 30..=300;
    /// TM: time factor after one iteration with the same best action, in percent.
    tm_stable1_pct = 120, 30..=300;
    /// TM: time factor after two iterations with the same best action, in percent.
    tm_stable2_pct = 100, 30..=300;
    /// TM: time factor after three iterations with the same best action, in percent.
    tm_stable3_pct = 80, 30..=300;
    /// TM: time factor after four or more iterations with the same best action, in percent.
    tm_stable4_pct = 60, 30..=300;
    /// TM: a score drop of this much doubles the time (at most).
    tm_falling_scale = 100, 10..=1000;
    /// TM: time factor with a single legal action, in percent.
    tm_single_reply_pct = 10, 1..=100;
    /// TM: moves to go assumed when the clock gives none.
    tm_moves_to_go = 30, 5..=80;
    /// TM: the time is shared among at most this many moves.
    tm_moves_to_go_max = 40, 5..=80;
    /// TM: the move overhead is kept back for at most this many moves.
    tm_overhead_moves = 10, 1..=40;
    /// TM: share of the increment used at once, in percent.
    tm_inc_pct = 75, 0..=100;
    /// TM: no move takes more than this share of the remaining time, in percent.
    tm_cap_pct = 60, 10..=90;
    /// TM: the same before the last move of a time control, in percent.
    tm_last_move_cap_pct = 90, 10..=95;
    /// TM: the hard limit is this many times the optimum (within the cap).
    tm_max_factor = 4, 1..=10;
    }
}

impl SearchParams {
    /// LMR: the reduction in plies at `depth` for the `moves`-th action searched.
    pub fn lmr(&self, depth: i32, moves: usize) -> i32 {
        let base = self.lmr_base_pct as f64 / 100.0;
        let divisor = self.lmr_divisor_pct as f64 / 100.0;
        (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::eval::Weights;

    #[test]
    fn the_table_holds_each_field_once_with_its_default_inside_its_range() {
        table_is_sound::<SearchParams>();
        table_is_sound::<Weights>();
    }

    /// Each entry of `T`'s table has its own name, its default inside its range, and writes its own field only.
    fn table_is_sound<T: Tunable + Copy + Default>() {
        let d = T::default();
        let mut names: Vec<&str> = T::PARAMS.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), T::PARAMS.len());
        for p in T::PARAMS {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert_eq!((p.get)(&d), p.default, "{}", p.name);
        }
        for (i, p) in T::PARAMS.iter().enumerate() {
            let mut s = d;
            let v = if p.default == p.max { p.min } else { p.max };
            s.set(p.name, v).unwrap();
            for (j, q) in T::PARAMS.iter().enumerate() {
                let want = if i == j { v } else { q.default };
                assert_eq!((q.get)(&s), want, "setting {} changed {}", p.name, q.name);
            }
        }
    }

    #[test]
    fn the_fingerprint_changes_with_every_value() {
        let d = Weights::DEFAULT;
        assert_eq!(d.fingerprint(), Weights::default().fingerprint());
        for p in Weights::PARAMS {
            let mut w = d;
            w.set(p.name, if p.default == p.max { p.min } else { p.max }).unwrap();
            assert_ne!(w.fingerprint(), d.fingerprint(), "{}", p.name);
        }
        assert_ne!(SearchParams::default().fingerprint(), d.fingerprint());
    }

    #[test]
    fn set_checks_the_name_and_the_range() {
        let mut w = Weights::DEFAULT;
        w.set("Tempo", 12).unwrap();
        assert_eq!((w.tempo, w.get("tempo")), (12, Some(12)));
        let mut s = SearchParams::default();
        s.set("RFP_Margin", 120).unwrap();
        assert_eq!((s.rfp_margin, s.get("rfp_margin")), (120, Some(120)));
        assert_eq!(s.set("rfp_margins", 1), Err(ParamError::Unknown("rfp_margins".into())));
        let err = s.set("lmr_killer", 4).unwrap_err();
        assert_eq!(
            err,
            ParamError::OutOfRange {
                name: "lmr_killer",
                value: 4,
                min: 0,
                max: 3
            }
        );
        assert_eq!(err.to_string(), "parameter lmr_killer takes 0 to 3, not 4");
        // A refused value leaves everything as it was.
        assert_eq!(s.lmr_killer, 1);
        assert_eq!(s.get("nothing"), None);
    }

    #[test]
    fn the_lmr_formula_in_hundredths_is_the_compiled_one() {
        let p = SearchParams::default();
        for depth in 1..64 {
            for moves in 1..200 {
                let want = (0.56 + (depth as f64).ln() * (moves as f64).ln() / 2.17) as i32;
                assert_eq!(p.lmr(depth, moves), want, "{depth} {moves}");
            }
        }
    }
}
