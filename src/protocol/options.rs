//! The engine's options, each declared once (as Stockfish's `OptionsMap`): its
//! name, type, built-in default, range and meaning. That one declaration gives
//! the `uci` listing, checks every `setoption` value, and is the table of
//! protocol.md (a test compares them).

use crate::rules::forces::ForceRule;
use crate::rules::round::game::DEFAULT_ROUND_LIMIT as ROUND_LIMIT;
use crate::search::eval::Weights;
use crate::search::four::Weights4;
use crate::search::params::{Param, SearchParams, Tunable};
use crate::search::{SearchOptions, MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO};

/// The `UCI_Variant` of the two-player game, the default.
pub const VARIANT: &str = "naviadratp";
/// The `UCI_Variant` of the four-player game (F39).
pub const VARIANT4: &str = "naviadratp4";
/// `Round Limit`'s default (F31).
pub const DEFAULT_ROUND_LIMIT: u16 = ROUND_LIMIT;
/// Largest `Round Limit` (F39).
const MAX_ROUND_LIMIT: u64 = 10000;

/// Largest `Hash` in MiB.
const MAX_HASH_MB: u64 = 65536;
/// Most `Threads`.
const MAX_THREADS: u64 = 256;
/// Most `MultiPV` lines.
const MAX_MULTIPV: u64 = 256;
/// Largest `Move Overhead` in milliseconds.
const MAX_OVERHEAD_MS: u64 = 5000;
/// Largest `Random Seed` (a signed 32-bit spin, which every GUI can show).
const MAX_SEED: u64 = i32::MAX as u64;

/// Which option a declaration is; the session applies a checked value by it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptionId {
    /// `Hash`.
    Hash,
    /// `Threads`.
    Threads,
    /// `MultiPV`.
    MultiPv,
    /// `Ponder`.
    Ponder,
    /// `Move Overhead`.
    MoveOverhead,
    /// `Skill Level`.
    SkillLevel,
    /// `Random Seed`.
    RandomSeed,
    /// `UCI_Variant`.
    UciVariant,
    /// `Catalogue File`.
    CatalogueFile,
    /// `Debug Log File`.
    DebugLogFile,
    /// `Force Rule`.
    ForceRule,
    /// `Round Limit`.
    RoundLimit,
    /// `UCI_LimitStrength`.
    UciLimitStrength,
    /// `UCI_Elo`.
    UciElo,
    /// `Weights File`.
    WeightsFile,
    /// `Tune`.
    Tune,
}

/// An option's type with its default and range.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// An integer from `min` to `max`.
    Spin {
        /// Built-in value.
        default: u64,
        /// Smallest value.
        min: u64,
        /// Largest value.
        max: u64,
    },
    /// `true` or `false`.
    Check {
        /// Built-in value.
        default: bool,
    },
    /// One word of a list (case-insensitive).
    Combo {
        /// Built-in value.
        default: &'static str,
        /// Every allowed value.
        vars: &'static [&'static str],
    },
    /// Free text (a path); empty by default, written `<empty>`.
    Text,
}

/// A value that passed its option's check.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OptionValue {
    /// A spin's value.
    Int(u64),
    /// A check's value.
    Bool(bool),
    /// A combo's value as declared, or a string option's text.
    Text(String),
}

/// One option's declaration.
#[derive(Clone, Copy, Debug)]
pub struct OptionDef {
    /// Which option.
    pub id: OptionId,
    /// The name GUIs show and send.
    pub name: &'static str,
    /// Type, default and range.
    pub kind: OptionKind,
    /// What it sets, for protocol.md's table.
    pub meaning: &'static str,
}

const FORCE_RULES: [&str; 2] = [ForceRule::ALL[0].name(), ForceRule::ALL[1].name()];

/// Every option, in `uci` listing order.
pub const OPTIONS: &[OptionDef] = &[
    OptionDef {
        id: OptionId::Hash,
        name: "Hash",
        kind: OptionKind::Spin {
            default: SearchOptions::DEFAULT.hash_mb as u64,
            min: 1,
            max: MAX_HASH_MB,
        },
        meaning: "transposition table size in MiB; allocated at the next `isready`/`go`; a size above three quarters \
                  of the free memory (`MemAvailable`) is refused with an error line, since filling it would get the \
                  process killed",
    },
    OptionDef {
        id: OptionId::Threads,
        name: "Threads",
        kind: OptionKind::Spin {
            default: SearchOptions::DEFAULT.threads as u64,
            min: 1,
            max: MAX_THREADS,
        },
        meaning: "search threads (Lazy SMP on a shared table), kept alive between searches; one `bestmove` whatever \
                  the count; at most as many run at once as the machine has hardware threads",
    },
    OptionDef {
        id: OptionId::MultiPv,
        name: "MultiPV",
        kind: OptionKind::Spin {
            default: SearchOptions::DEFAULT.multipv as u64,
            min: 1,
            max: MAX_MULTIPV,
        },
        meaning: "number of best lines reported as `info … multipv k …`",
    },
    OptionDef {
        id: OptionId::Ponder,
        name: "Ponder",
        kind: OptionKind::Check { default: false },
        meaning: "the GUI may send `go ponder`; the engine ponders only when asked",
    },
    OptionDef {
        id: OptionId::MoveOverhead,
        name: "Move Overhead",
        kind: OptionKind::Spin {
            default: SearchOptions::DEFAULT.move_overhead.as_millis() as u64,
            min: 0,
            max: MAX_OVERHEAD_MS,
        },
        meaning: "milliseconds kept back per move for communication lag",
    },
    OptionDef {
        id: OptionId::SkillLevel,
        name: "Skill Level",
        kind: OptionKind::Spin {
            default: MAX_SKILL_LEVEL as u64,
            min: 0,
            max: MAX_SKILL_LEVEL as u64,
        },
        meaning: "0 plays a random legal move, 1 a one-ply greedy move, 2–19 search 200 to 40 000 nodes a move \
                  (about 1.37 times more at each level) and now and then play a worse line, the highest level full \
                  strength; the weak levels vary from game to game (see `Random Seed`), and each is measurably \
                  stronger than the one below (see [Strength ladder](#strength-ladder))",
    },
    OptionDef {
        id: OptionId::RandomSeed,
        name: "Random Seed",
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: MAX_SEED,
        },
        meaning: "0: the weak skill levels draw a new seed from the clock and the process at start and at every \
                  `ucinewgame`; any other value fixes the seed, so the same commands replay the same moves",
    },
    OptionDef {
        id: OptionId::UciVariant,
        name: "UCI_Variant",
        kind: OptionKind::Combo {
            default: VARIANT,
            vars: &[VARIANT, VARIANT4],
        },
        meaning: "the game: two players, or four (see [Four players](#four-players-naviadratp4)); a change resets \
                  the game to that variant's start and `ucinewgame` returns to it; the variant already played \
                  changes nothing",
    },
    OptionDef {
        id: OptionId::CatalogueFile,
        name: "Catalogue File",
        kind: OptionKind::Text,
        meaning: "piece catalogue to load; empty = the built-in one",
    },
    OptionDef {
        id: OptionId::DebugLogFile,
        name: "Debug Log File",
        kind: OptionKind::Text,
        meaning: "copy every input and output line to this file (appending); empty = off",
    },
    OptionDef {
        id: OptionId::ForceRule,
        name: "Force Rule",
        kind: OptionKind::Combo {
            default: FORCE_RULES[0],
            vars: &FORCE_RULES,
        },
        meaning: "the copy limit `position startpos forces` checks, for two forces or four: twice (R28) or once \
                  (R29)",
    },
    OptionDef {
        id: OptionId::RoundLimit,
        name: "Round Limit",
        kind: OptionKind::Spin {
            default: DEFAULT_ROUND_LIMIT as u64,
            min: 1,
            max: MAX_ROUND_LIMIT,
        },
        meaning: "`naviadratp4` only: a game ends with no winner when this round is completed (F31); applies to \
                  games set up after it (`position`, `ucinewgame`, `UCI_Variant`)",
    },
    OptionDef {
        id: OptionId::UciLimitStrength,
        name: "UCI_LimitStrength",
        kind: OptionKind::Check { default: false },
        meaning: "play at the strength `UCI_Elo` asks for instead of `Skill Level`",
    },
    OptionDef {
        id: OptionId::UciElo,
        name: "UCI_Elo",
        kind: OptionKind::Spin {
            default: MIN_ELO as u64,
            min: MIN_ELO as u64,
            max: MAX_ELO as u64,
        },
        meaning: "with `UCI_LimitStrength`, the Elo to play at: mapped onto the measured `Skill Level` ladder (see \
                  [Strength ladder](#strength-ladder)); the lowest value is Skill Level 0, the highest full strength",
    },
    OptionDef {
        id: OptionId::WeightsFile,
        name: "Weights File",
        kind: OptionKind::Text,
        meaning: "evaluation weights to load (`name value` a line; names not listed keep their compiled default); \
                  empty = the compiled weights",
    },
    OptionDef {
        id: OptionId::Tune,
        name: "Tune",
        kind: OptionKind::Check { default: false },
        meaning: "list every search parameter and evaluation weight as a `Tune_<name>` spin and let `setoption` \
                  set them; false hides them again and restores their values (see [Tuning](#tuning))",
    },
];

/// What names a tuning option: `Tune_` and the parameter's or weight's name.
pub const TUNE_PREFIX: &str = "Tune_";

/// A search parameter or evaluation weight, exposed as the spin `Tune_<name>` while `Tune` is on.
#[derive(Clone, Copy, Debug)]
pub enum TuneParam {
    /// One of `SearchParams`.
    Search(&'static Param<SearchParams>),
    /// One of the evaluation's `Weights`.
    Eval(&'static Param<Weights>),
    /// One of the four-player evaluation's own `Weights4`.
    Eval4(&'static Param<Weights4>),
}

impl TuneParam {
    /// Every tuning option: the search parameters, the weights, then the four-player weights, each in table
    /// order.
    pub fn all() -> impl Iterator<Item = TuneParam> {
        let search = SearchParams::PARAMS.iter().map(TuneParam::Search);
        let eval = Weights::PARAMS.iter().map(TuneParam::Eval);
        search.chain(eval).chain(Weights4::PARAMS.iter().map(TuneParam::Eval4))
    }

    /// The tuning option called `name` (`Tune_` and the name, case-insensitive).
    pub fn find(name: &str) -> Option<TuneParam> {
        let prefix = name.get(..TUNE_PREFIX.len())?;
        if !prefix.eq_ignore_ascii_case(TUNE_PREFIX) {
            return None;
        }
        let name = &name[TUNE_PREFIX.len()..];
        SearchParams::find(name)
            .map(TuneParam::Search)
            .or_else(|| Weights::find(name).map(TuneParam::Eval))
            .or_else(|| Weights4::find(name).map(TuneParam::Eval4))
    }

    /// The parameter's name, compiled default, and range.
    fn spec(&self) -> (&'static str, i32, i32, i32) {
        match self {
            TuneParam::Search(p) => (p.name, p.default, p.min, p.max),
            TuneParam::Eval(p) => (p.name, p.default, p.min, p.max),
            TuneParam::Eval4(p) => (p.name, p.default, p.min, p.max),
        }
    }

    /// The option's name as `uci` lists it.
    pub fn option_name(&self) -> String {
        format!("{TUNE_PREFIX}{}", self.spec().0)
    }

    /// The option's `uci` line, with the compiled default.
    pub fn uci_line(&self) -> String {
        let (_, default, min, max) = self.spec();
        format!(
            "option name {} type spin default {default} min {min} max {max}",
            self.option_name()
        )
    }

    /// Check a `setoption` value against the parameter's range.
    pub fn parse(&self, value: Option<&str>) -> Result<i32, String> {
        let (_, _, min, max) = self.spec();
        let name = self.option_name();
        let v = value.ok_or_else(|| format!("{name} needs a value"))?;
        match v.parse::<i32>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(format!("{name} takes an integer from {min} to {max}, got '{v}'")),
        }
    }

    /// Write the checked `value` into the search parameters or the weights.
    pub fn put(&self, value: i32, params: &mut SearchParams, weights: &mut Weights, weights4: &mut Weights4) {
        match self {
            TuneParam::Search(p) => (p.put)(params, value),
            TuneParam::Eval(p) => (p.put)(weights, value),
            TuneParam::Eval4(p) => (p.put)(weights4, value),
        }
    }
}

/// The declaration of the option called `name` (case-insensitive).
pub fn find(name: &str) -> Option<&'static OptionDef> {
    OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

impl OptionDef {
    /// The option's `uci` line, with its built-in default.
    pub fn uci_line(&self) -> String {
        let name = self.name;
        match self.kind {
            OptionKind::Spin { default, min, max } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            OptionKind::Check { default } => format!("option name {name} type check default {default}"),
            OptionKind::Combo { default, vars } => {
                let vars: String = vars.iter().map(|v| format!(" var {v}")).collect();
                format!("option name {name} type combo default {default}{vars}")
            }
            OptionKind::Text => format!("option name {name} type string default <empty>"),
        }
    }

    /// Check a `setoption` value (`None` when no `value` word was sent; `<empty>` is the empty string).
    pub fn parse(&self, value: Option<&str>) -> Result<OptionValue, String> {
        let name = self.name;
        let value = value.map(|v| if v == "<empty>" { "" } else { v });
        match self.kind {
            OptionKind::Spin { min, max, .. } => {
                let v = value.ok_or_else(|| format!("{name} needs a value"))?;
                match v.parse::<u64>() {
                    Ok(n) if (min..=max).contains(&n) => Ok(OptionValue::Int(n)),
                    _ => Err(format!("{name} takes an integer from {min} to {max}, got '{v}'")),
                }
            }
            OptionKind::Check { .. } => match value.map(str::to_ascii_lowercase).as_deref() {
                Some(b @ ("true" | "false")) => Ok(OptionValue::Bool(b == "true")),
                _ => Err(format!("{name} takes true or false")),
            },
            OptionKind::Combo { vars, .. } => {
                let found = value.and_then(|v| vars.iter().find(|w| w.eq_ignore_ascii_case(v)));
                match found {
                    Some(w) => Ok(OptionValue::Text(w.to_string())),
                    None => Err(format!("{name} takes {}", vars.join(" or "))),
                }
            }
            OptionKind::Text => Ok(OptionValue::Text(value.unwrap_or("").to_string())),
        }
    }

    /// The option's row in protocol.md's table.
    pub fn table_row(&self) -> String {
        let (kind, default, range) = match self.kind {
            OptionKind::Spin { default, min, max } => ("spin", default.to_string(), format!("{min}–{max}")),
            OptionKind::Check { default } => ("check", default.to_string(), String::new()),
            OptionKind::Combo { default, vars } => {
                let vars: Vec<String> = vars.iter().map(|v| format!("`{v}`")).collect();
                ("combo", format!("`{default}`"), vars.join(", "))
            }
            OptionKind::Text => ("string", "`<empty>`".to_string(), "path".to_string()),
        };
        format!("| `{}` | {kind} | {default} | {range} | {} |", self.name, self.meaning)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_built_in_settings() {
        let o = SearchOptions::default();
        let spin = |id| match OPTIONS.iter().find(|d| d.id == id).map(|d| d.kind) {
            Some(OptionKind::Spin { default, .. }) => default,
            k => panic!("{k:?}"),
        };
        assert_eq!(spin(OptionId::Hash), o.hash_mb as u64);
        assert_eq!(spin(OptionId::Threads), o.threads as u64);
        assert_eq!(spin(OptionId::SkillLevel), u64::from(o.skill_level));
        assert_eq!(spin(OptionId::MoveOverhead), o.move_overhead.as_millis() as u64);
        assert_eq!(FORCE_RULES[0], ForceRule::default().name());
    }

    #[test]
    fn values_are_checked_against_the_declaration() {
        let hash = find("hash").unwrap();
        assert_eq!(hash.parse(Some("64")), Ok(OptionValue::Int(64)));
        assert_eq!(
            hash.parse(Some("0")),
            Err("Hash takes an integer from 1 to 65536, got '0'".to_string())
        );
        assert_eq!(hash.parse(None), Err("Hash needs a value".to_string()));
        let rule = find("Force Rule").unwrap();
        assert_eq!(rule.parse(Some("SINGLETON")), Ok(OptionValue::Text("singleton".into())));
        assert_eq!(
            rule.parse(Some("draft")),
            Err("Force Rule takes standard or singleton".to_string())
        );
        assert_eq!(
            find("Catalogue File").unwrap().parse(Some("<empty>")),
            Ok(OptionValue::Text(String::new()))
        );
        assert!(find("Contempt").is_none());
        let variant = find("uci_variant").unwrap();
        assert_eq!(
            variant.parse(Some("NAVIADRATP4")),
            Ok(OptionValue::Text(VARIANT4.into()))
        );
        assert_eq!(
            variant.parse(Some("chess")),
            Err("UCI_Variant takes naviadratp or naviadratp4".to_string())
        );
        let limit = find("Round Limit").unwrap();
        assert_eq!(limit.parse(Some("10000")), Ok(OptionValue::Int(10000)));
        assert_eq!(
            limit.parse(Some("10001")),
            Err("Round Limit takes an integer from 1 to 10000, got '10001'".to_string())
        );
    }

    #[test]
    fn every_parameter_and_weight_is_one_tuning_option_of_its_own() {
        let all: Vec<TuneParam> = TuneParam::all().collect();
        assert_eq!(
            all.len(),
            SearchParams::PARAMS.len() + Weights::PARAMS.len() + Weights4::PARAMS.len()
        );
        let mut names: Vec<String> = all.iter().map(|t| t.option_name().to_ascii_lowercase()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all.len(), "a search parameter and a weight share a name");
        for t in &all {
            let name = t.option_name();
            assert!(find(&name).is_none(), "{name} is also a registry option");
            let found = TuneParam::find(&name.to_ascii_uppercase()).expect("found by its name");
            assert_eq!(found.option_name(), name);
        }
        assert!(TuneParam::find("rfp_margin").is_none(), "the prefix is needed");
        assert!(TuneParam::find("Tune_").is_none());
        assert!(TuneParam::find("Tune_Hash").is_none());
        let rfp = TuneParam::find("tune_RFP_MARGIN").unwrap();
        assert_eq!(
            rfp.uci_line(),
            "option name Tune_rfp_margin type spin default 90 min 10 max 400"
        );
        assert_eq!(rfp.parse(Some("400")), Ok(400));
        assert_eq!(
            rfp.parse(Some("401")),
            Err("Tune_rfp_margin takes an integer from 10 to 400, got '401'".to_string())
        );
        assert_eq!(rfp.parse(None), Err("Tune_rfp_margin needs a value".to_string()));
        let lmr = TuneParam::find("Tune_lmr_base_pct").unwrap();
        assert_eq!(lmr.parse(Some("-100")), Ok(-100));
        let (mut p, mut w, mut w4) = (SearchParams::DEFAULT, Weights::DEFAULT, Weights4::DEFAULT);
        lmr.put(-20, &mut p, &mut w, &mut w4);
        TuneParam::find("Tune_tempo").unwrap().put(3, &mut p, &mut w, &mut w4);
        TuneParam::find("Tune_war_place")
            .unwrap()
            .put(250, &mut p, &mut w, &mut w4);
        assert_eq!((p.lmr_base_pct, w.tempo, w4.war_place), (-20, 3, 250));
    }

    #[test]
    fn protocol_md_lists_exactly_the_declared_options() {
        let doc = include_str!("../../protocol.md");
        let table: Vec<&str> = doc
            .split("## Options")
            .nth(1)
            .expect("an Options section")
            .lines()
            .skip_while(|l| !l.starts_with("| `"))
            .take_while(|l| l.starts_with('|'))
            .collect();
        let want: Vec<String> = OPTIONS.iter().map(OptionDef::table_row).collect();
        assert_eq!(table, want, "protocol.md's option table must be the registry's rows");
        let listing: Vec<String> = OPTIONS.iter().map(OptionDef::uci_line).collect();
        for line in &listing {
            assert!(
                doc.contains(line.as_str()),
                "protocol.md's uci transcript lacks '{line}'"
            );
        }
    }
}
