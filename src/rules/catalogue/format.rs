//! The catalogue file format (CATALOGUE.md): nom parser and canonical printer.
//!
//! The format is line-oriented: one `piece <id>` … `end` block per entry, one
//! `key value` per line, `#` starts a comment. Parsing never stops at the first
//! problem: every issue is collected with its line so a user fixes a file in one go.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::rules::constants::{MAX_CHOICES, NAVIA_DRATP_COST, VAULT_CAP};
use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::{char, digit1, i64 as signed, one_of, u64 as unsigned};
use nom::combinator::all_consuming;
use nom::multi::many0;
use nom::sequence::{pair, preceded, separated_pair, terminated};
use nom::IResult;
use thiserror::Error;

use super::{
    Area, Compass, Effect, EffectStep, Invoke, Mark, MarkKind, Passive, PieceClass, PieceCode, PieceDef, Place, Scope,
    Target, MAX_KINDS,
};

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
        CatalogueError {
            issues: vec![ParseIssue { line, message }],
        }
    }
}

/// Largest offset component: a 7x7 board spans at most 6 squares.
const MAX_OFFSET: i64 = 6;
/// Largest cost or gyullas amount: a pool never exceeds the vault cap (R12).
const MAX_GYULLAS: u64 = VAULT_CAP as u64;
/// Keys that may appear at most once per entry.
const SINGLE_KEYS: [&str; 8] = ["name", "set", "cost", "guard", "grid", "before", "after", "invoke"];
/// Keys every entry must give.
const REQUIRED_KEYS: [&str; 4] = ["name", "cost", "before", "after"];

/// Parse a whole catalogue file into entries in file order, or every problem found.
pub(super) fn parse_entries(text: &str) -> Result<Vec<PieceDef>, CatalogueError> {
    let mut parser = Parser::default();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        parser.line(i + 1, raw);
    }
    parser.finish()
}

/// Print entries in the canonical form. Names, aliases, sets and notes must hold no `#` and no
/// line break, and have no surrounding spaces: the parser never produces such values.
pub(super) fn print_entries(entries: &[PieceDef]) -> String {
    let mut out = String::from("# dratp piece catalogue; the syntax is described in CATALOGUE.md\n");
    for e in entries {
        out.push('\n');
        print_entry(&mut out, e);
    }
    out
}

fn print_entry(out: &mut String, e: &PieceDef) {
    let _ = writeln!(out, "piece {}", e.code);
    let mut kv = |key: &str, value: &str| {
        let _ = writeln!(out, "  {key:<9} {value}");
    };
    kv("name", &e.name);
    for a in &e.aliases {
        kv("alias", a);
    }
    if !e.set.is_empty() {
        kv("set", &e.set);
    }
    kv("cost", &e.cost.to_string());
    kv("guard", if e.navia_guard { "yes" } else { "no" });
    kv("grid", if e.provisional { "provisional" } else { "known" });
    kv("before", &compass_text(&e.before));
    kv("after", &compass_text(&e.after));
    if let Some(inv) = &e.effect.invoke {
        kv("invoke", &format!("{} {}", inv.cost, step_text(&inv.step)));
    }
    for a in &e.effect.on_dratp {
        kv("dratp", &step_text(a));
    }
    for p in &e.effect.passives {
        kv("passive", &passive_text(p));
    }
    for n in &e.notes {
        kv("note", n);
    }
    out.push_str("end\n");
}

fn compass_text(c: &Compass) -> String {
    if c.marks.is_empty() {
        return "none".to_string();
    }
    let mut s = String::new();
    let mut last = None;
    for m in &c.marks {
        if last != Some(m.kind) {
            if !s.is_empty() {
                s.push(' ');
            }
            s.push_str(m.kind.word());
            last = Some(m.kind);
        }
        let _ = write!(s, " {},{}", m.dx, m.dy);
    }
    s
}

/// An enum written as one word: its one table serves parsing, printing and the lists in error texts.
trait Word: Copy + PartialEq + 'static {
    /// What the words name, for error texts (`target`, `place`).
    const WHAT: &'static str;
    /// Every value with its word, in the order error texts list them.
    const WORDS: &'static [(Self, &'static str)];

    /// The word of a value.
    fn word(self) -> &'static str {
        Self::WORDS
            .iter()
            .find(|(v, _)| *v == self)
            .map(|(_, w)| *w)
            .expect("every value has a word")
    }

    /// The value of a word, if it is one.
    fn from_word(w: &str) -> Option<Self> {
        Self::WORDS.iter().find(|(_, x)| *x == w).map(|(v, _)| *v)
    }

    /// The value of a word, or an error that lists the words.
    fn parse_word(w: &str) -> Result<Self, String> {
        Self::from_word(w).ok_or_else(|| format!("unknown {} `{w}`: expected {}", Self::WHAT, Self::expected()))
    }

    /// The words as a list for error texts: `a, b or c`.
    fn expected() -> String {
        one_of_words(Self::WORDS.iter().map(|(_, w)| *w))
    }
}

/// `a, b or c` from a list of words.
fn one_of_words<'a>(words: impl Iterator<Item = &'a str>) -> String {
    let words: Vec<&str> = words.collect();
    match words.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl Word for MarkKind {
    const WHAT: &'static str = "mark";
    const WORDS: &'static [(Self, &'static str)] = &[
        (MarkKind::Step, "step"),
        (MarkKind::Slide, "slide"),
        (MarkKind::Jump, "jump"),
        (MarkKind::Bounce, "bounce"),
        (MarkKind::Dot, "dot"),
    ];
}

impl Word for Target {
    const WHAT: &'static str = "target";
    const WORDS: &'static [(Self, &'static str)] = &[
        (Target::Itself, "itself"),
        (Target::AnyBattle, "any-battle"),
        (Target::OwnBattle, "own-battle"),
        (Target::AnyMaseitai, "any-maseitai"),
    ];
}

impl Word for Place {
    const WHAT: &'static str = "place";
    const WORDS: &'static [(Self, &'static str)] = &[
        (Place::Dots, "dots"),
        (Place::AnyEmpty, "any-empty"),
        (Place::OwnSummon, "own-summon"),
        (Place::NaviaRing, "navia-ring"),
        (Place::EnemySummon, "enemy-summon"),
    ];
}

impl Word for Area {
    const WHAT: &'static str = "area";
    const WORDS: &'static [(Self, &'static str)] = &[(Area::File, "file"), (Area::Block, "block")];
}

impl Word for Scope {
    const WHAT: &'static str = "scope";
    const WORDS: &'static [(Self, &'static str)] = &[(Scope::Itself, "itself"), (Scope::Others, "others")];
}

/// The effect step verbs, in the order error texts list them.
const STEP_VERBS: [&str; 16] = [
    "remove",
    "remove-area",
    "sacrifice",
    "revive",
    "revive-gulled",
    "steal",
    "relocate",
    "swap",
    "return-to-keep",
    "freeze",
    "undo",
    "gain",
    "drain",
    "gain-per-grave",
    "advance-gulled",
    "extra-moves",
];

/// The passives as written, in the order error texts list them.
const PASSIVE_FORMS: [&str; 10] = [
    "bounty <n>",
    "move-income <n>",
    "battle-move-income <n>",
    "immortal",
    "immobile",
    "double-rewards",
    "protect-dots",
    "revenge",
    "summon-dots",
    "outpost",
];

fn step_text(a: &EffectStep) -> String {
    match *a {
        EffectStep::Remove(t) => format!("remove {}", t.word()),
        EffectStep::Sacrifice => "sacrifice".to_string(),
        EffectStep::Revive(p) => format!("revive to {}", p.word()),
        EffectStep::Relocate { who, to, optional } => format!(
            "relocate {} to {}{}",
            who.word(),
            to.word(),
            if optional { " optional" } else { "" }
        ),
        EffectStep::Swap(t) => format!("swap {}", t.word()),
        EffectStep::ReturnToKeep(t) => format!("return-to-keep {}", t.word()),
        EffectStep::RemoveArea(a) => format!("remove-area {}", a.word()),
        EffectStep::ReviveGulled => "revive-gulled".to_string(),
        EffectStep::Steal(p) => format!("steal to {}", p.word()),
        EffectStep::Freeze(t) => format!("freeze {}", t.word()),
        EffectStep::Undo(s) => format!("undo {}", s.word()),
        EffectStep::Gain(n) => format!("gain {n}"),
        EffectStep::Drain(n) => format!("drain {n}"),
        EffectStep::GainPerGrave => "gain-per-grave".to_string(),
        EffectStep::AdvanceGulled => "advance-gulled".to_string(),
        EffectStep::ExtraMoves(n) => format!("extra-moves {n}"),
    }
}

fn passive_text(p: &Passive) -> String {
    match *p {
        Passive::Bounty(n) => format!("bounty {n}"),
        Passive::MoveIncome(n) => format!("move-income {n}"),
        Passive::Immortal => "immortal".to_string(),
        Passive::BattleMoveIncome(n) => format!("battle-move-income {n}"),
        Passive::Immobile => "immobile".to_string(),
        Passive::DoubleRewards => "double-rewards".to_string(),
        Passive::ProtectDots => "protect-dots".to_string(),
        Passive::Revenge => "revenge".to_string(),
        Passive::SummonDots => "summon-dots".to_string(),
        Passive::Outpost => "outpost".to_string(),
    }
}

// ---------------------------------------------------------------------------
// Lexical layer (nom).

fn is_space(c: char) -> bool {
    c.is_whitespace()
}

fn word(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| !is_space(c))(i)
}

fn spaces(i: &str) -> IResult<&str, &str> {
    take_while(is_space)(i)
}

/// The whitespace-separated words of a value.
fn words(s: &str) -> Vec<&str> {
    preceded(spaces, many0(terminated(word, spaces)))(s)
        .map(|(_, w)| w)
        .unwrap_or_default()
}

/// A content line: its keyword and the rest of the line, trimmed.
fn keyword_line(s: &str) -> Option<(&str, &str)> {
    let parsed: IResult<&str, (&str, &str)> = preceded(spaces, pair(word, spaces))(s);
    parsed.ok().map(|(rest, (kw, _))| (kw, rest.trim_end()))
}

fn parse_id(w: &str) -> Result<PieceCode, String> {
    let parsed: IResult<&str, (char, &str)> = all_consuming(pair(one_of("NM"), digit1))(w);
    let bad = || format!("bad id `{w}`: expected N or M and at least two digits, such as N01 or M06");
    let (letter, digits) = parsed.map_err(|_| bad())?.1;
    if digits.len() < 2 {
        return Err(bad());
    }
    let number: u16 = digits
        .parse()
        .map_err(|_| format!("id `{w}`: the number is too large (at most {})", u16::MAX))?;
    if number == 0 {
        return Err(format!("id `{w}`: the number must be 1 or more"));
    }
    let class = if letter == 'N' {
        PieceClass::Navia
    } else {
        PieceClass::Maseitai
    };
    Ok(PieceCode { class, number })
}

/// An offset word; `None` when the word does not look like an offset at all.
fn parse_offset(w: &str) -> Option<Result<(i8, i8), String>> {
    let parsed: IResult<&str, (i64, i64)> = all_consuming(separated_pair(signed, char(','), signed))(w);
    let Ok((_, (dx, dy))) = parsed else {
        return w.contains(',').then(|| {
            Err(format!(
                "bad offset `{w}`: expected dx,dy with each part within -6..6, such as 0,1"
            ))
        });
    };
    let range = -MAX_OFFSET..=MAX_OFFSET;
    Some(if !range.contains(&dx) || !range.contains(&dy) {
        Err(format!(
            "offset {dx},{dy} is out of range: each part must be within -6..6"
        ))
    } else if dx == 0 && dy == 0 {
        Err("offset 0,0 is the piece's own square".to_string())
    } else {
        Ok((dx as i8, dy as i8))
    })
}

/// A number of gyullas from 1 to 60.
fn parse_amount(w: &str, what: &str) -> Result<u8, String> {
    let parsed: IResult<&str, u64> = all_consuming(unsigned)(w);
    match parsed {
        Ok((_, n)) if (1..=MAX_GYULLAS).contains(&n) => Ok(n as u8),
        Ok((_, n)) => Err(format!("{what} {n} is out of range 1..{MAX_GYULLAS}")),
        Err(_) if w.bytes().all(|b| b.is_ascii_digit()) => Err(format!("{what} {w} is out of range 1..{MAX_GYULLAS}")),
        Err(_) => Err(format!("{what} must be a number from 1 to {MAX_GYULLAS}, not `{w}`")),
    }
}

/// A compass face; every bad word is reported.
fn parse_compass(value: &str) -> Result<Compass, Vec<String>> {
    let ws = words(value);
    if ws.is_empty() {
        return Err(vec![
            "no marks: list marks such as `step 0,1 -1,1`, or write `none`".to_string()
        ]);
    }
    if ws == ["none"] {
        return Ok(Compass::default());
    }
    let mut errs = Vec::new();
    let mut marks: Vec<Mark> = Vec::new();
    // The current mark word and whether any word followed it.
    let mut kind: Option<(MarkKind, &str)> = None;
    let mut followed = true;
    // After an unknown word, the offsets that follow it are not reported again.
    let mut unknown = false;
    for w in ws {
        if let Some(k) = MarkKind::from_word(w) {
            if let (Some((_, kw)), false) = (kind, followed) {
                errs.push(format!("`{kw}` is followed by no offset"));
            }
            kind = Some((k, w));
            followed = false;
            unknown = false;
            continue;
        }
        followed = true;
        match parse_offset(w) {
            None if w == "none" => errs.push("`none` must be alone on the line".to_string()),
            None => {
                (kind, unknown) = (None, true);
                errs.push(format!(
                    "`{w}` is neither a mark ({}) nor an offset dx,dy such as 0,1",
                    MarkKind::WORDS.iter().map(|(_, w)| *w).collect::<Vec<_>>().join(", ")
                ));
            }
            Some(Err(e)) => errs.push(e),
            Some(Ok((dx, dy))) => {
                let Some((k, kw)) = kind else {
                    if !unknown {
                        errs.push(format!(
                            "offset {dx},{dy} comes before any mark word (step, slide, ...)"
                        ));
                    }
                    continue;
                };
                let line = matches!(k, MarkKind::Slide | MarkKind::Jump | MarkKind::Bounce);
                if line && (dx.abs() > 1 || dy.abs() > 1) {
                    errs.push(format!(
                        "{kw} {dx},{dy} is not a direction: slide, jump and bounce take one of the 8 directions, each part within -1..1"
                    ));
                    continue;
                }
                let mark = Mark { kind: k, dx, dy };
                if marks.contains(&mark) {
                    errs.push(format!("{kw} {dx},{dy} is listed twice"));
                    continue;
                }
                marks.push(mark);
            }
        }
    }
    if let (Some((_, kw)), false) = (kind, followed) {
        errs.push(format!("`{kw}` is followed by no offset"));
    }
    if errs.is_empty() {
        Ok(Compass { marks })
    } else {
        Err(errs)
    }
}

/// One effect step from its words.
fn parse_step(ws: &[&str]) -> Result<EffectStep, String> {
    let Some((&verb, args)) = ws.split_first() else {
        return Err(format!(
            "missing effect: expected {}",
            one_of_words(STEP_VERBS.into_iter())
        ));
    };
    let usage = |form: &str| format!("`{verb}` is written `{form}`");
    let one_target = |form: &str| match args {
        [t] => Target::parse_word(t),
        _ => Err(usage(form)),
    };
    match verb {
        "remove" => match one_target("remove <target>")? {
            Target::Itself => Err("`remove itself` is written `sacrifice`".to_string()),
            t => Ok(EffectStep::Remove(t)),
        },
        "sacrifice" if args.is_empty() => Ok(EffectStep::Sacrifice),
        "sacrifice" => Err(usage("sacrifice")),
        "revive" => match args {
            ["to", p] => Ok(EffectStep::Revive(Place::parse_word(p)?)),
            _ => Err(usage("revive to <place>")),
        },
        "relocate" => {
            let form = "relocate <target> to <place> [optional]";
            let (who, to, optional) = match args {
                [who, "to", to] => (who, to, false),
                [who, "to", to, "optional"] => (who, to, true),
                _ => return Err(usage(form)),
            };
            Ok(EffectStep::Relocate {
                who: Target::parse_word(who)?,
                to: Place::parse_word(to)?,
                optional,
            })
        }
        "swap" => match one_target("swap <target>")? {
            Target::Itself => {
                Err("`swap itself` names no second piece: use any-battle, own-battle or any-maseitai".to_string())
            }
            t => Ok(EffectStep::Swap(t)),
        },
        "return-to-keep" => Ok(EffectStep::ReturnToKeep(one_target("return-to-keep <target>")?)),
        "remove-area" => match args {
            [a] => Area::from_word(a)
                .map(EffectStep::RemoveArea)
                .ok_or_else(|| usage("remove-area file|block")),
            _ => Err(usage("remove-area file|block")),
        },
        "steal" => match args {
            ["to", p] => Ok(EffectStep::Steal(Place::parse_word(p)?)),
            _ => Err(usage("steal to <place>")),
        },
        "freeze" => match one_target("freeze <target>")? {
            Target::Itself => Err("`freeze itself` would freeze the piece that freezes".to_string()),
            t => Ok(EffectStep::Freeze(t)),
        },
        "undo" => match args {
            [w] => Scope::from_word(w)
                .map(EffectStep::Undo)
                .ok_or_else(|| usage("undo itself|others")),
            _ => Err(usage("undo itself|others")),
        },
        "gain" | "drain" | "extra-moves" => match args {
            [n] => {
                let n = parse_amount(n, verb)?;
                Ok(match verb {
                    "gain" => EffectStep::Gain(n),
                    "drain" => EffectStep::Drain(n),
                    // An action carries at most `MAX_CHOICES` tokens, one per further move.
                    _ if n as usize > MAX_CHOICES => {
                        return Err(format!(
                            "extra-moves {n} is out of range 1..{}: an action names at most {} further moves",
                            MAX_CHOICES, MAX_CHOICES
                        ))
                    }
                    _ => EffectStep::ExtraMoves(n),
                })
            }
            _ => Err(usage(&format!("{verb} <n>"))),
        },
        "revive-gulled" | "gain-per-grave" | "advance-gulled" if !args.is_empty() => Err(usage(verb)),
        "revive-gulled" => Ok(EffectStep::ReviveGulled),
        "gain-per-grave" => Ok(EffectStep::GainPerGrave),
        "advance-gulled" => Ok(EffectStep::AdvanceGulled),
        _ => Err(format!(
            "unknown effect `{verb}`: expected {}",
            one_of_words(STEP_VERBS.into_iter())
        )),
    }
}

fn parse_passive(ws: &[&str]) -> Result<Passive, String> {
    match ws {
        ["bounty", n] => Ok(Passive::Bounty(parse_amount(n, "bounty")?)),
        ["move-income", n] => Ok(Passive::MoveIncome(parse_amount(n, "move-income")?)),
        ["battle-move-income", n] => Ok(Passive::BattleMoveIncome(parse_amount(n, "battle-move-income")?)),
        ["immortal"] => Ok(Passive::Immortal),
        ["immobile"] => Ok(Passive::Immobile),
        ["double-rewards"] => Ok(Passive::DoubleRewards),
        ["protect-dots"] => Ok(Passive::ProtectDots),
        ["revenge"] => Ok(Passive::Revenge),
        ["summon-dots"] => Ok(Passive::SummonDots),
        ["outpost"] => Ok(Passive::Outpost),
        ["bounty" | "move-income" | "battle-move-income", ..] => {
            Err(format!("`{}` is written `{} <gyullas>`", ws[0], ws[0]))
        }
        [w @ ("immortal" | "immobile" | "double-rewards" | "protect-dots" | "revenge" | "summon-dots" | "outpost"), ..] => {
            Err(format!("`{w}` takes no value"))
        }
        [w, ..] => Err(format!(
            "unknown passive `{w}`: expected {}",
            one_of_words(PASSIVE_FORMS.into_iter())
        )),
        [] => Err(format!(
            "missing passive: expected {}",
            one_of_words(PASSIVE_FORMS.into_iter())
        )),
    }
}

fn parse_flag(value: &str, yes: &str, no: &str, key: &str) -> Result<bool, String> {
    match words(value).as_slice() {
        [w] if *w == yes => Ok(true),
        [w] if *w == no => Ok(false),
        _ => Err(format!("`{key}` is `{yes}` or `{no}`, not `{value}`")),
    }
}

/// Names compare as `Catalogue::find_by_name` does: letters and digits, case-insensitive.
fn norm_name(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// R9: the only grid a Navia has, on both faces; the rules core moves every Navia this way.
const NAVIA_RING: &str = "step -1,1 0,1 1,1 -1,0 1,0 -1,-1 0,-1 1,-1";

/// Whether a face is exactly the Navia's ring: a step to each of the 8 neighbours (the parser refuses repeats).
fn is_king_ring(c: &Compass) -> bool {
    c.marks.len() == 8
        && c.marks
            .iter()
            .all(|m| m.kind == MarkKind::Step && m.dx.abs() <= 1 && m.dy.abs() <= 1)
}

/// Whether a piece leaves the board with this step (later steps would act on nothing).
fn leaves_board(a: &EffectStep) -> bool {
    matches!(a, EffectStep::Sacrifice | EffectStep::ReturnToKeep(Target::Itself))
}

fn uses_dots(a: &EffectStep) -> bool {
    matches!(
        a,
        EffectStep::Revive(Place::Dots) | EffectStep::Steal(Place::Dots) | EffectStep::Relocate { to: Place::Dots, .. }
    )
}

// ---------------------------------------------------------------------------
// Line-by-line structure.

/// An entry being read; values are kept with the line they came from.
#[derive(Default)]
struct Block {
    line: usize,
    code: Option<PieceCode>,
    issues_at_start: usize,
    seen: HashMap<&'static str, usize>,
    name: Option<String>,
    aliases: Vec<(String, usize)>,
    set: Option<String>,
    cost: Option<u8>,
    guard: Option<bool>,
    provisional: Option<bool>,
    before: Option<Compass>,
    after: Option<Compass>,
    invoke: Option<(Invoke, usize)>,
    dratp: Vec<(EffectStep, usize)>,
    passives: Vec<(Passive, usize)>,
    notes: Vec<String>,
}

#[derive(Default)]
struct Parser {
    issues: Vec<ParseIssue>,
    block: Option<Block>,
    entries: Vec<PieceDef>,
    /// Every id seen in a header, with its line, for duplicate detection.
    ids: HashMap<PieceCode, usize>,
    /// Every normalised name, alias and id, with its piece and line.
    names: HashMap<String, (String, usize)>,
    pieces: usize,
}

impl Parser {
    fn issue(&mut self, line: usize, message: impl Into<String>) {
        self.issues.push(ParseIssue {
            line,
            message: message.into(),
        });
    }

    fn line(&mut self, n: usize, raw: &str) {
        let content = raw.split('#').next().unwrap_or("");
        if let Some(c) = content.chars().find(|c| c.is_control() && !is_space(*c)) {
            self.issue(n, format!("control character U+{:04X} is not allowed", c as u32));
            return;
        }
        let Some((key, value)) = keyword_line(content) else {
            return;
        };
        match key {
            "piece" => self.open(n, value),
            "end" => self.close(n, value),
            _ => {
                if self.block.is_some() {
                    self.key(n, key, value);
                } else {
                    self.issue(n, format!("`{key}` outside a piece block: expected `piece <id>`"));
                }
            }
        }
    }

    fn open(&mut self, n: usize, value: &str) {
        if let Some(b) = self.block.take() {
            self.issue(b.line, format!("{} has no `end` before line {n}", block_label(&b)));
        }
        self.pieces += 1;
        if self.pieces == MAX_KINDS + 1 {
            self.issue(n, format!("too many pieces: a catalogue holds at most {MAX_KINDS}"));
        }
        let mut block = Block {
            line: n,
            issues_at_start: self.issues.len(),
            ..Block::default()
        };
        match words(value).as_slice() {
            [] => self.issue(n, "`piece` needs an id, such as `piece M06`"),
            [id, rest @ ..] => {
                match parse_id(id) {
                    Ok(code) => {
                        if let Some(first) = self.ids.get(&code) {
                            self.issue(n, format!("id {code} is already defined on line {first}"));
                        } else {
                            self.ids.insert(code, n);
                        }
                        block.code = Some(code);
                    }
                    Err(e) => self.issue(n, e),
                }
                if let Some(extra) = rest.first() {
                    self.issue(n, format!("unexpected `{extra}` after the id"));
                }
            }
        }
        self.block = Some(block);
    }

    fn close(&mut self, n: usize, value: &str) {
        if !value.is_empty() {
            self.issue(n, format!("unexpected `{value}` after `end`"));
        }
        match self.block.take() {
            None => self.issue(n, "`end` without a `piece` line before it"),
            Some(b) => self.finish_block(b),
        }
    }

    fn key(&mut self, n: usize, key: &str, value: &str) {
        let Some(mut b) = self.block.take() else {
            return;
        };
        if let Some(&k) = SINGLE_KEYS.iter().find(|k| **k == key) {
            if let Some(first) = b.seen.get(k) {
                self.issue(n, format!("`{key}` given twice in one piece (first on line {first})"));
                self.block = Some(b);
                return;
            }
            b.seen.insert(k, n);
        }
        let text = |what: &str| -> Result<String, String> {
            if value.is_empty() {
                Err(format!("`{what}` needs a value"))
            } else {
                Ok(value.to_string())
            }
        };
        let ws = words(value);
        let result: Result<(), String> = match key {
            "name" => text("name").map(|v| b.name = Some(v)),
            "alias" => text("alias").map(|v| b.aliases.push((v, n))),
            "set" => text("set").map(|v| b.set = Some(v)),
            "note" => text("note").map(|v| b.notes.push(v)),
            "cost" => match ws.as_slice() {
                [w] => parse_amount(w, "cost").map(|c| b.cost = Some(c)),
                _ => Err(format!("`cost` takes one number from 1 to {MAX_GYULLAS}")),
            },
            "guard" => parse_flag(value, "yes", "no", "guard").map(|g| b.guard = Some(g)),
            "grid" => parse_flag(value, "provisional", "known", "grid").map(|p| b.provisional = Some(p)),
            "before" | "after" => match parse_compass(value) {
                Ok(c) => {
                    *(if key == "before" { &mut b.before } else { &mut b.after }) = Some(c);
                    Ok(())
                }
                Err(errs) => {
                    for e in errs {
                        self.issue(n, e);
                    }
                    Ok(())
                }
            },
            "invoke" => match ws.split_first() {
                Some((cost, step)) => parse_amount(cost, "invoke cost").and_then(|cost| {
                    let step = parse_step(step)?;
                    b.invoke = Some((Invoke { cost, step }, n));
                    Ok(())
                }),
                None => Err("`invoke` is written `invoke <cost> <effect>`".to_string()),
            },
            "dratp" => parse_step(&ws).map(|a| b.dratp.push((a, n))),
            "passive" => parse_passive(&ws).and_then(|p| {
                if b.passives.iter().any(|(q, _)| std::mem::discriminant(q) == std::mem::discriminant(&p)) {
                    return Err(format!("passive `{}` is given twice", ws[0]));
                }
                b.passives.push((p, n));
                Ok(())
            }),
            _ => Err(format!(
                "unknown key `{key}`: expected name, alias, set, cost, guard, grid, before, after, invoke, dratp, passive, note or end"
            )),
        };
        if let Err(e) = result {
            self.issue(n, e);
        }
        self.block = Some(b);
    }

    /// Check a complete block and keep it when it has no problem.
    fn finish_block(&mut self, b: Block) {
        let label = block_label(&b);
        for k in REQUIRED_KEYS {
            if !b.seen.contains_key(k) {
                self.issue(b.line, format!("{label} has no `{k}`"));
            }
        }
        let line_of = |k: &str| b.seen.get(k).copied().unwrap_or(b.line);
        let navia = b.code.is_some_and(|c| c.class == PieceClass::Navia);
        if navia {
            if b.cost.is_some_and(|c| c != NAVIA_DRATP_COST) {
                self.issue(line_of("cost"), format!("a Navia's cost is {NAVIA_DRATP_COST} (R19)"));
            }
            if b.guard == Some(true) {
                self.issue(line_of("guard"), "a Navia cannot be a Navia Guard");
            }
            for (key, face) in [("before", &b.before), ("after", &b.after)] {
                if face.as_ref().is_some_and(|c| !is_king_ring(c)) {
                    self.issue(
                        line_of(key),
                        format!("a Navia steps to its 8 neighbours on both faces (R9): write `{key}  {NAVIA_RING}`"),
                    );
                }
            }
            let effect_lines = b.dratp.iter().map(|d| d.1).chain(b.invoke.iter().map(|i| i.1));
            for l in effect_lines.chain(b.passives.iter().map(|p| p.1)).collect::<Vec<_>>() {
                self.issue(l, "a Navia has no effect: its dratp wins the game (R19)");
            }
        }
        let mut gone = false;
        for (a, l) in &b.dratp {
            if gone {
                self.issue(
                    *l,
                    "this step comes after the piece left the board (sacrifice or return-to-keep itself)",
                );
            }
            gone |= leaves_board(a);
        }
        let has_dots = b
            .after
            .as_ref()
            .is_some_and(|c| c.marks.iter().any(|m| m.kind == MarkKind::Dot));
        let steps = b
            .dratp
            .iter()
            .map(|&(a, l)| (a, l))
            .chain(b.invoke.iter().map(|&(i, l)| (i.step, l)));
        for (a, l) in steps.collect::<Vec<_>>() {
            if uses_dots(&a) && !has_dots && b.after.is_some() {
                self.issue(l, "the effect places on dots but the after face has no `dot` mark");
            }
        }
        for &(p, l) in &b.passives {
            let on_dots = matches!(p, Passive::SummonDots | Passive::ProtectDots | Passive::Outpost);
            if on_dots && !has_dots && b.after.is_some() {
                self.issue(l, "this passive acts on dots but the after face has no `dot` mark");
            }
        }
        self.check_names(&b);
        if self.issues.len() > b.issues_at_start {
            return;
        }
        let (Some(code), Some(name), Some(cost), Some(before), Some(after)) =
            (b.code, b.name, b.cost, b.before, b.after)
        else {
            return;
        };
        self.entries.push(PieceDef {
            code,
            name,
            aliases: b.aliases.into_iter().map(|a| a.0).collect(),
            set: b.set.unwrap_or_default(),
            cost,
            navia_guard: b.guard.unwrap_or(false),
            provisional: b.provisional.unwrap_or(false),
            before,
            after,
            effect: Effect {
                on_dratp: b.dratp.into_iter().map(|d| d.0).collect(),
                invoke: b.invoke.map(|i| i.0),
                passives: b.passives.into_iter().map(|p| p.0).collect(),
            },
            notes: b.notes,
        });
    }

    /// Names, aliases and ids must be unique across the file so `find_by_name` is unambiguous.
    fn check_names(&mut self, b: &Block) {
        let label = block_label(b);
        let name_line = b.seen.get("name").copied().unwrap_or(b.line);
        let mut own: Vec<(String, usize)> = Vec::new();
        // A duplicated id is already reported; its name check would only repeat it.
        if let Some(c) = b.code.filter(|c| self.ids.get(c) == Some(&b.line)) {
            own.push((c.to_string(), b.line));
        }
        if let Some(n) = &b.name {
            own.push((n.clone(), name_line));
        }
        own.extend(b.aliases.iter().cloned());
        let mut mine: HashMap<String, usize> = HashMap::new();
        for (text, line) in own {
            let key = norm_name(&text);
            if key.is_empty() {
                self.issue(line, format!("name `{text}` has no letter or digit"));
                continue;
            }
            if let Some(first) = mine.get(&key) {
                self.issue(line, format!("`{text}` repeats a name of this piece (line {first})"));
                continue;
            }
            if let Some((other, first)) = self.names.get(&key) {
                self.issue(line, format!("`{text}` is already a name of {other} (line {first})"));
                continue;
            }
            mine.insert(key, line);
        }
        for (key, line) in mine {
            self.names.insert(key, (label.clone(), line));
        }
    }

    fn finish(mut self) -> Result<Vec<PieceDef>, CatalogueError> {
        if let Some(b) = self.block.take() {
            self.issue(
                b.line,
                format!("{} has no `end` (the file ends first)", block_label(&b)),
            );
        }
        if self.issues.is_empty() {
            if self.pieces == 0 {
                self.issue(0, "the file holds no piece");
            } else if !self.entries.iter().any(PieceDef::is_navia) {
                self.issue(0, "the catalogue has no Navia");
            }
        }
        if self.issues.is_empty() {
            return Ok(self.entries);
        }
        self.issues.sort_by_key(|i| i.line);
        Err(CatalogueError { issues: self.issues })
    }
}

fn block_label(b: &Block) -> String {
    match b.code {
        Some(c) => format!("piece {c}"),
        None => format!("the piece on line {}", b.line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets() {
        assert_eq!(parse_offset("0,1"), Some(Ok((0, 1))));
        assert_eq!(parse_offset("-6,6"), Some(Ok((-6, 6))));
        assert!(matches!(parse_offset("7,0"), Some(Err(_))));
        assert!(matches!(parse_offset("0,0"), Some(Err(_))));
        assert_eq!(parse_offset("0;1"), None);
        assert!(matches!(parse_offset("1,"), Some(Err(_))));
        assert!(matches!(parse_offset("99999999999999999999,1"), Some(Err(_))));
        assert_eq!(parse_offset("slide"), None);
    }

    #[test]
    fn ids() {
        assert_eq!(
            parse_id("M06"),
            Ok(PieceCode {
                class: PieceClass::Maseitai,
                number: 6
            })
        );
        assert_eq!(
            parse_id("N101"),
            Ok(PieceCode {
                class: PieceClass::Navia,
                number: 101
            })
        );
        assert!(parse_id("M6").is_err());
        assert!(parse_id("M00").is_err());
        assert!(parse_id("m06").is_err());
        assert!(parse_id("X06").is_err());
        assert!(parse_id("M99999").is_err());
    }

    #[test]
    fn compass_round_trip() {
        let c = parse_compass("step 0,1 -1,1 slide 1,1 step 0,-1 dot 2,2").unwrap();
        assert_eq!(c.marks.len(), 5);
        assert_eq!(compass_text(&c), "step 0,1 -1,1 slide 1,1 step 0,-1 dot 2,2");
        assert_eq!(parse_compass("none"), Ok(Compass::default()));
        assert_eq!(parse_compass("slide 0,2 step").unwrap_err().len(), 2);
    }

    #[test]
    fn actions_round_trip() {
        for text in [
            "remove any-battle",
            "sacrifice",
            "revive to own-summon",
            "relocate itself to any-empty optional",
            "relocate own-battle to dots",
            "swap any-battle",
            "return-to-keep any-maseitai",
        ] {
            let a = parse_step(&words(text)).unwrap();
            assert_eq!(step_text(&a), text);
        }
        assert!(parse_step(&["remove", "itself"]).is_err());
        assert!(parse_step(&["relocate", "itself", "any-empty"]).is_err());
    }
}
