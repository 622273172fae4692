//! The piece catalogue as data: the built-in file, the format's round trip, and
//! refusal of malformed files with every problem and its line (R10, R16, R19).

use dratp::rules::catalogue::{
    Compass, EffectStep, MarkKind, Passive, PieceClass, PieceDef, Place, Target, BUILTIN_TEXT,
};
use dratp::rules::{Catalogue, PieceCode};

const EXTRA: &str = include_str!("data/extra.cat");

fn builtin_and_extra() -> String {
    format!("{}\n{}", BUILTIN_TEXT, EXTRA)
}

fn code(s: &str) -> PieceCode {
    let class = if s.starts_with('N') {
        PieceClass::Navia
    } else {
        PieceClass::Maseitai
    };
    PieceCode {
        class,
        number: s[1..].parse().unwrap(),
    }
}

fn entry<'a>(cat: &'a Catalogue, id: &str) -> &'a PieceDef {
    cat.get(cat.find(code(id)).unwrap_or_else(|| panic!("{id} missing")))
}

/// Squares a face reaches from d4 on an empty board (reflections of bounces not counted).
fn mobility(c: &Compass) -> usize {
    let on = |x: i8, y: i8| (0..7).contains(&x) && (0..7).contains(&y);
    c.marks
        .iter()
        .map(|m| match m.kind {
            MarkKind::Dot => 0,
            MarkKind::Step => usize::from(on(3 + m.dx, 3 + m.dy)),
            _ => (1..7).take_while(|k| on(3 + k * m.dx, 3 + k * m.dy)).count(),
        })
        .sum()
}

fn forward(c: &Compass) -> bool {
    c.marks.iter().any(|m| m.kind != MarkKind::Dot && m.dy > 0)
}

/// The issues of a refused file as (line, message).
fn issues(text: &str) -> Vec<(usize, String)> {
    match Catalogue::parse(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e.issues.into_iter().map(|i| (i.line, i.message)).collect(),
    }
}

/// Assert a file is refused with exactly one issue, on `line`, whose message contains `needle`.
fn refused_once(text: &str, line: usize, needle: &str) {
    let got = issues(text);
    assert_eq!(got.len(), 1, "expected one issue, got {got:?}");
    assert_eq!(got[0].0, line, "wrong line: {got:?}");
    assert!(got[0].1.contains(needle), "message {:?} lacks {needle:?}", got[0].1);
}

/// A small valid file: a Navia and one Maseitai. Line numbers are fixed: `piece M50` is line 9.
const SMALL: &str = "\
# small catalogue
piece N01
  name    Navia Estelle
  cost    60
  before  step -1,1 0,1 1,1 -1,0 1,0 -1,-1 0,-1 1,-1
  after   step -1,1 0,1 1,1 -1,0 1,0 -1,-1 0,-1 1,-1
end

piece M50
  name    Fifty
  cost    7
  before  step 0,1
  after   step 0,1 0,-1
end
";

/// R9: a Navia steps to its 8 neighbours whatever the file says, so any other grid is refused with its line.
#[test]
fn a_navia_grid_other_than_the_ring_is_refused() {
    let slide = SMALL.replacen(
        "after   step -1,1 0,1 1,1 -1,0 1,0 -1,-1 0,-1 1,-1",
        "after   slide 0,1",
        1,
    );
    refused_once(&slide, 6, "a Navia steps to its 8 neighbours");
    let fewer = SMALL.replacen(
        "before  step -1,1 0,1 1,1 -1,0 1,0 -1,-1 0,-1 1,-1",
        "before  step 0,1",
        1,
    );
    refused_once(&fewer, 5, "`before  step -1,1");
    let reordered = SMALL.replacen(
        "before  step -1,1 0,1 1,1 -1,0 1,0 -1,-1 0,-1 1,-1",
        "before  step 1,-1 0,-1 -1,-1 1,0 -1,0 1,1 0,1 -1,1",
        1,
    );
    assert!(
        Catalogue::parse(&reordered).is_ok(),
        "the ring in any order is the ring"
    );
}

/// An action names at most three further moves: `extra-moves 5` is refused, not cut to 3 (issue 12.9).
#[test]
fn extra_moves_beyond_three_are_refused() {
    let five = SMALL.replacen(
        "  after   step 0,1 0,-1\n",
        "  after   step 0,1 0,-1\n  dratp   extra-moves 5\n",
        1,
    );
    refused_once(&five, 14, "extra-moves 5 is out of range 1..3");
    let three = five.replacen("extra-moves 5", "extra-moves 3", 1);
    assert!(Catalogue::parse(&three).is_ok());
}

#[test]
fn small_file_parses_with_defaults() {
    let cat = Catalogue::parse(SMALL).unwrap();
    let m = entry(&cat, "M50");
    assert_eq!(m.name, "Fifty");
    assert_eq!(m.set, "");
    assert!(!m.navia_guard);
    assert!(!m.provisional, "grid defaults to known");
    assert_eq!(m.effect, Default::default());
    assert!(m.notes.is_empty());
}

#[test]
fn builtin_has_all_44_maseitai_and_4_navias() {
    let cat = Catalogue::parse(BUILTIN_TEXT).unwrap();
    let ids: Vec<String> = cat.entries().iter().map(|e| e.code.to_string()).collect();
    let mut want: Vec<String> = (1..=4).map(|n| format!("N{n:02}")).collect();
    want.extend((1..=44).map(|n| format!("M{n:02}")));
    assert_eq!(ids, want);
    // The card facts (CATALOGUE.md, "Where the facts come from"): name, set, cost, Navia Guard.
    let table: [(&str, &str, &str, u8, bool); 44] = [
        ("M01", "Troll", "Starter 1", 4, true),
        ("M02", "Agunilyos", "Starter 1", 16, false),
        ("M03", "Hamulus Garuda", "Starter 1", 9, false),
        ("M04", "Garrison", "Starter 1", 5, false),
        ("M05", "Netol", "Starter 1", 5, false),
        ("M06", "Gundrill", "Starter 1", 6, false),
        ("M07", "Tiny Kiggoshi", "Starter 1", 14, false),
        ("M08", "Olip", "Starter 2", 4, true),
        ("M09", "Gilgame II", "Starter 2", 11, false),
        ("M10", "Moses", "Starter 2", 10, false),
        ("M11", "Nebguard", "Starter 2", 3, false),
        ("M12", "Gyullas Turtle", "Starter 2", 5, false),
        ("M13", "Kapinah", "Starter 2", 8, false),
        ("M14", "Koma", "Starter 2", 8, false),
        ("M15", "Schmidt", "Unleashed Darkness", 4, true),
        ("M16", "Matogayu", "Unleashed Darkness", 4, true),
        ("M17", "Midrah", "Unleashed Darkness", 11, false),
        ("M18", "Kanaba", "Unleashed Darkness", 13, false),
        ("M19", "Sungyullas", "Unleashed Darkness", 8, false),
        ("M20", "Tanhoizer", "Unleashed Darkness", 10, false),
        ("M21", "Kanimiso", "Unleashed Darkness", 5, false),
        ("M22", "Billpentod", "Unleashed Darkness", 8, false),
        ("M23", "Hansa", "Unleashed Darkness", 12, false),
        ("M24", "Kapinahs", "Unleashed Darkness", 3, false),
        ("M25", "Odd (DD)", "Unleashed Darkness", 6, false),
        ("M26", "Coydrocomp", "Unleashed Darkness", 13, false),
        ("M27", "Nemchant", "Unleashed Darkness", 7, false),
        ("M28", "Lord Kiggoshi", "Unleashed Darkness", 25, false),
        ("M29", "Chugyullas", "Unleashed Darkness", 8, false),
        ("M30", "Chakrabat", "Resurgence", 4, true),
        ("M31", "Papillonera", "Resurgence", 4, true),
        ("M32", "Tagu", "Resurgence", 12, false),
        ("M33", "Viskunmateus", "Resurgence", 4, false),
        ("M34", "Laynard", "Resurgence", 10, false),
        ("M35", "Nergalgamesh", "Resurgence", 24, false),
        ("M36", "Kairas", "Resurgence", 6, false),
        ("M37", "Ghoramedusa", "Resurgence", 18, false),
        ("M38", "Gyullasbon", "Resurgence", 2, false),
        ("M39", "Wishborn", "Resurgence", 13, false),
        ("M40", "Peojin", "Resurgence", 18, false),
        ("M41", "Neso", "Resurgence", 8, false),
        ("M42", "Gilgame III", "Resurgence", 5, false),
        ("M43", "Oriondober", "Resurgence", 5, false),
        ("M44", "Sabageo", "Resurgence", 6, false),
    ];
    for (id, name, set, cost, guard) in table {
        let e = entry(&cat, id);
        assert_eq!(
            (e.name.as_str(), e.set.as_str(), e.cost, e.navia_guard),
            (name, set, cost, guard),
            "{id}"
        );
        assert_eq!(e.provisional, id != "M01", "{id}: only Troll's grid is known");
        assert!(!e.notes.is_empty(), "{id} says where its facts come from");
    }
}

#[test]
fn builtin_navias_step_to_the_eight_neighbours_and_cost_60() {
    // R9, R19
    let cat = Catalogue::builtin();
    for (id, name) in [
        ("N01", "Navia Estelle"),
        ("N02", "Navia Debora"),
        ("N03", "Navia Io"),
        ("N04", "Navia Krra"),
    ] {
        let e = entry(cat, id);
        assert_eq!(e.name, name);
        assert!(e.is_navia());
        assert_eq!(e.cost, 60);
        assert!(!e.navia_guard && !e.provisional);
        assert_eq!(e.effect, Default::default());
        for face in [&e.before, &e.after] {
            let mut offs: Vec<(i8, i8)> = face.marks.iter().map(|m| (m.dx, m.dy)).collect();
            offs.sort();
            let mut want: Vec<(i8, i8)> = (-1..=1)
                .flat_map(|x| (-1..=1).map(move |y| (x, y)))
                .filter(|&o| o != (0, 0))
                .collect();
            want.sort();
            assert_eq!(offs, want, "{id}");
            assert!(face.marks.iter().all(|m| m.kind == MarkKind::Step));
        }
    }
}

#[test]
fn troll_grid_is_the_known_one_with_bounty() {
    // The one known Maseitai compass (CATALOGUE.md, "Where the facts come from"); RULES.md D7
    let cat = Catalogue::builtin();
    let kind = cat.find_by_name("Troll").unwrap();
    let t = cat.get(kind);
    let offs = |c: &Compass| {
        let mut v: Vec<(i8, i8)> = c.marks.iter().map(|m| (m.dx, m.dy)).collect();
        v.sort();
        v
    };
    assert_eq!(offs(&t.before), vec![(-1, -1), (-1, 1), (1, -1), (1, 1)]);
    assert_eq!(
        offs(&t.after),
        vec![(-2, 0), (-1, -1), (-1, 1), (0, -2), (0, 2), (1, -1), (1, 1), (2, 0)]
    );
    assert!(t.after.marks.iter().all(|m| m.kind == MarkKind::Step));
    assert_eq!(t.effect.passives, vec![Passive::Bounty(10)]);
    assert!(t.effect.on_dratp.is_empty() && t.effect.invoke.is_none());
    assert_eq!(cat.tables(kind).bounty, 10);
}

#[test]
fn builtin_effects_of_the_starters() {
    let cat = Catalogue::builtin();
    let dratp = |id: &str| entry(cat, id).effect.on_dratp.clone();
    assert_eq!(dratp("M05"), vec![EffectStep::Revive(Place::OwnSummon)]);
    assert_eq!(
        dratp("M07"),
        vec![EffectStep::Remove(Target::AnyBattle), EffectStep::Sacrifice]
    );
    assert_eq!(dratp("M08"), vec![EffectStep::Swap(Target::AnyBattle)]);
    assert_eq!(
        dratp("M13"),
        vec![EffectStep::Relocate {
            who: Target::Itself,
            to: Place::AnyEmpty,
            optional: true
        }]
    );
    assert_eq!(
        dratp("M14"),
        vec![EffectStep::ReturnToKeep(Target::AnyMaseitai), EffectStep::Sacrifice]
    );

    let gundrill = entry(cat, "M06");
    let inv = gundrill.effect.invoke.expect("Gundrill invokes");
    assert_eq!(inv.cost, 4);
    assert_eq!(
        inv.step,
        EffectStep::Relocate {
            who: Target::OwnBattle,
            to: Place::Dots,
            optional: false
        }
    );
    assert!(gundrill.effect.on_dratp.is_empty());
    let dots = gundrill.after.marks.iter().filter(|m| m.kind == MarkKind::Dot).count();
    assert_eq!(dots, 8, "the 8 squares two away");

    let turtle = cat.find_by_name("Gyullas Turtle").unwrap();
    assert_eq!(cat.get(turtle).effect.passives, vec![Passive::MoveIncome(6)]);
    assert_eq!(cat.tables(turtle).move_income, 6);

    let garrison = entry(cat, "M04");
    assert!(
        garrison.after.marks.iter().any(|m| m.kind == MarkKind::Jump),
        "dratp gives jump arrows"
    );
    assert!(garrison.before.marks.iter().all(|m| m.kind != MarkKind::Jump));
    assert_eq!(garrison.effect, Default::default());

    for id in ["M02", "M03", "M09", "M10", "M11"] {
        assert_eq!(entry(cat, id).effect, Default::default(), "{id}: movement-only dratp");
    }
    for id in [
        "M01", "M02", "M03", "M04", "M05", "M07", "M08", "M09", "M10", "M11", "M12", "M13", "M14",
    ] {
        let e = entry(cat, id);
        assert!(
            e.after.marks.iter().all(|m| m.kind != MarkKind::Dot),
            "{id} has no dots"
        );
    }
}

#[test]
fn provisional_grids_follow_the_design_rules() {
    // CATALOGUE.md's design rules: every piece moves forward; dratped face stronger, except Gundrill (reduced).
    let cat = Catalogue::builtin();
    for e in cat.entries() {
        assert!(
            forward(&e.before) && forward(&e.after),
            "{} moves forward on both faces",
            e.code
        );
        if e.is_navia() {
            continue;
        }
        let (b, a) = (mobility(&e.before), mobility(&e.after));
        if ["Gundrill", "Coydrocomp"].contains(&e.name.as_str()) {
            assert!(a < b, "{}'s dratp reduces its movement", e.name);
        } else if ["Kanaba", "Viskunmateus"].contains(&e.name.as_str()) {
            // Kanaba cannot move once dratped; Viskunmateus switches between two different faces.
        } else {
            assert!(a > b, "{}: the dratped face is stronger ({b} -> {a})", e.name);
        }
    }
    // Agunilyos: king steps -> queen-like slides.
    let agu = entry(cat, "M02");
    assert_eq!(agu.before.marks.len(), 8);
    assert!(agu
        .before
        .marks
        .iter()
        .all(|m| m.kind == MarkKind::Step && m.dx.abs() <= 1 && m.dy.abs() <= 1));
    assert_eq!(agu.after.marks.len(), 8);
    assert!(agu.after.marks.iter().all(|m| m.kind == MarkKind::Slide));
    // The dearest starter is the strongest once dratped; the cheapest is no stronger than a silver.
    let strongest = cat
        .entries()
        .iter()
        .filter(|e| e.set.starts_with("Starter"))
        .max_by_key(|e| mobility(&e.after))
        .unwrap();
    assert_eq!(strongest.name, "Agunilyos");
    assert!(mobility(&entry(cat, "M11").before) <= 5);
}

#[test]
fn extra_test_pieces() {
    let cat = Catalogue::parse(&builtin_and_extra()).unwrap();
    assert_eq!(cat.entries().len(), 51);
    let bouncer = entry(&cat, "M90");
    assert_eq!((bouncer.name.as_str(), bouncer.cost), ("Test Bouncer", 12));
    for face in [&bouncer.before, &bouncer.after] {
        assert!(face.marks.iter().any(|m| m.kind == MarkKind::Bounce));
    }
    let kind = cat.find_by_name("test immortal").unwrap();
    let imm = cat.get(kind);
    assert_eq!(imm.cost, 13);
    assert_eq!(imm.effect.passives, vec![Passive::Immortal]);
    assert!(cat.tables(kind).immortal);
    assert!(
        mobility(&imm.after) < mobility(&imm.before),
        "dratp reduces it, like Coydrocomp"
    );
    let jumper = entry(&cat, "M92");
    assert_eq!(jumper.cost, 8);
    assert!(jumper.before.marks.iter().any(|m| m.kind == MarkKind::Jump));
}

#[test]
fn print_parse_round_trip() {
    for text in [BUILTIN_TEXT.to_string(), builtin_and_extra(), SMALL.to_string()] {
        let cat = Catalogue::parse(&text).unwrap();
        let printed = cat.to_text();
        let again = Catalogue::parse(&printed).unwrap();
        assert_eq!(again.entries(), cat.entries());
        assert_eq!(again.to_text(), printed, "printing is canonical");
    }
}

#[test]
fn builtin_is_the_embedded_file() {
    assert_eq!(
        Catalogue::builtin().entries(),
        Catalogue::parse(BUILTIN_TEXT).unwrap().entries()
    );
}

#[test]
fn find_by_name_accepts_names_aliases_and_ids() {
    let cat = Catalogue::builtin();
    let id = |name: &str| cat.find_by_name(name).map(|k| cat.get(k).code.to_string());
    assert_eq!(id("Gundrill").as_deref(), Some("M06"));
    assert_eq!(id("gundril").as_deref(), Some("M06"));
    assert_eq!(id("Tiny Kiggoshi").as_deref(), Some("M07"));
    assert_eq!(id("tiny kiggosh").as_deref(), Some("M07"));
    assert_eq!(id("TinyKiggoshi").as_deref(), Some("M07"));
    assert_eq!(id("Hamlus Garuda").as_deref(), Some("M03"));
    assert_eq!(id("Gilgame").as_deref(), Some("M09"));
    assert_eq!(id("Gilgame II").as_deref(), Some("M09"));
    assert_eq!(id("gyullas-turtle").as_deref(), Some("M12"));
    assert_eq!(id("Navia Krra").as_deref(), Some("N04"));
    assert_eq!(id("Estelle").as_deref(), Some("N01"));
    assert_eq!(id("m13").as_deref(), Some("M13"));
    assert_eq!(id("Coydrocomp").as_deref(), Some("M26"));
    assert_eq!(id("Nergalmesh").as_deref(), Some("M35"));
    assert_eq!(id("Kanimizo").as_deref(), Some("M21"));
    assert_eq!(id("Odd DD").as_deref(), Some("M25"));
    assert_eq!(id("Lord Kiggosh").as_deref(), Some("M28"));
    assert_eq!(id("Zorgnak"), None);
    assert_eq!(id(""), None);
}

#[test]
fn comments_blank_lines_tabs_and_crlf_are_accepted() {
    let text = SMALL
        .replace("  name    Fifty", "\tname\tFifty   # the name\n\n   # a comment line")
        .replace('\n', "\r\n");
    let cat = Catalogue::parse(&text).unwrap();
    assert_eq!(entry(&cat, "M50").name, "Fifty");
    assert_eq!(cat.entries(), Catalogue::parse(SMALL).unwrap().entries());
}

#[test]
fn unknown_key_is_refused_with_its_line() {
    refused_once(
        &SMALL.replace("  cost    7", "  cost    7\n  speed   3"),
        12,
        "unknown key `speed`",
    );
}

#[test]
fn bad_offsets_are_refused() {
    for (bad, needle) in [
        ("step 0,7", "out of range"),
        ("step 0,0", "own square"),
        ("step 0;1", "neither a mark"),
        ("step 1,", "bad offset"),
        ("0,1", "before any mark"),
        ("slide 0,2", "not a direction"),
        ("step 0,1 0,1", "listed twice"),
        ("step", "no offset"),
        ("hop 0,1", "`hop`"),
        ("", "no marks"),
    ] {
        refused_once(
            &SMALL.replace("before  step 0,1", &format!("before  {bad}")),
            12,
            needle,
        );
    }
}

#[test]
fn duplicate_id_is_refused_at_the_second_block() {
    let text = format!("{SMALL}\npiece M50\n  name Other\n  cost 3\n  before step 0,1\n  after step 0,1\nend\n");
    refused_once(&text, 16, "already defined on line 9");
}

#[test]
fn duplicate_key_and_duplicate_name_are_refused() {
    refused_once(
        &SMALL.replace("  cost    7", "  cost    7\n  cost    8"),
        12,
        "`cost` given twice",
    );
    let text = format!("{SMALL}\npiece M51\n  name FIFTY\n  cost 3\n  before step 0,1\n  after step 0,1\nend\n");
    refused_once(&text, 17, "already a name of piece M50");
}

#[test]
fn missing_required_keys_are_refused_at_the_piece_line() {
    refused_once(&SMALL.replace("  cost    7\n", ""), 9, "piece M50 has no `cost`");
    let got = issues(
        &SMALL
            .replace("  name    Fifty\n", "")
            .replace("  after   step 0,1 0,-1\n", ""),
    );
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got.iter().all(|(l, _)| *l == 9));
    assert!(got[0].1.contains("`name`") && got[1].1.contains("`after`"), "{got:?}");
}

#[test]
fn missing_end_is_refused() {
    // Runs into the next block.
    refused_once(
        &SMALL.replacen("end\n", "", 1),
        2,
        "piece N01 has no `end` before line 8",
    );
    // Runs into the end of the file.
    refused_once(
        SMALL.trim_end().strip_suffix("end").unwrap(),
        9,
        "piece M50 has no `end` (the file ends first)",
    );
    refused_once(&format!("{SMALL}end\n"), 15, "`end` without a `piece`");
    refused_once(&format!("  cost 5\n{SMALL}"), 1, "outside a piece block");
}

#[test]
fn navia_rules_are_enforced() {
    // R19: a Navia costs 60 and its dratp is the win, so it has no effect.
    refused_once(&SMALL.replace("cost    60", "cost    59"), 4, "a Navia's cost is 60");
    refused_once(
        &SMALL.replace("cost    60", "cost    60\n  dratp   sacrifice"),
        5,
        "a Navia has no effect",
    );
    refused_once(
        &SMALL.replace("cost    60", "cost    60\n  passive immortal"),
        5,
        "a Navia has no effect",
    );
    refused_once(
        &SMALL.replace("cost    60", "cost    60\n  guard   yes"),
        5,
        "cannot be a Navia Guard",
    );
}

#[test]
fn costs_and_amounts_are_range_checked() {
    refused_once(
        &SMALL.replace("cost    7", "cost    300"),
        11,
        "cost 300 is out of range 1..60",
    );
    refused_once(&SMALL.replace("cost    7", "cost    0"), 11, "out of range");
    refused_once(&SMALL.replace("cost    7", "cost    seven"), 11, "must be a number");
    refused_once(
        &SMALL.replace("cost    7", "cost    99999999999999999999999"),
        11,
        "out of range",
    );
    refused_once(
        &SMALL.replace("cost    7", "cost    7\n  passive bounty 61"),
        12,
        "bounty 61 is out of range",
    );
    refused_once(
        &SMALL.replace("cost    7", "cost    7\n  invoke  0 sacrifice"),
        12,
        "invoke cost 0",
    );
}

#[test]
fn effect_words_are_checked() {
    let with = |line: &str| SMALL.replace("  cost    7", &format!("  cost    7\n  {line}"));
    refused_once(&with("dratp remove everyone"), 12, "unknown target `everyone`");
    refused_once(&with("dratp remove itself"), 12, "sacrifice");
    refused_once(&with("dratp revive to heaven"), 12, "unknown place `heaven`");
    refused_once(&with("dratp revive own-summon"), 12, "revive to <place>");
    refused_once(
        &with("dratp relocate itself to any-empty maybe"),
        12,
        "relocate <target> to <place> [optional]",
    );
    refused_once(&with("dratp swap itself"), 12, "no second piece");
    refused_once(&with("dratp explode"), 12, "unknown effect `explode`");
    refused_once(&with("dratp"), 12, "missing effect");
    refused_once(&with("invoke 4"), 12, "missing effect");
    refused_once(&with("passive flying"), 12, "unknown passive `flying`");
    refused_once(&with("passive immortal\n  passive immortal"), 13, "given twice");
    refused_once(&with("guard maybe"), 12, "`guard` is `yes` or `no`");
    refused_once(&with("grid guessed"), 12, "`grid` is `provisional` or `known`");
    // Dots need a dot on the after face.
    refused_once(&with("invoke 4 relocate own-battle to dots"), 12, "no `dot` mark");
    // Nothing follows leaving the board.
    refused_once(
        &with("dratp sacrifice\n  dratp remove any-battle"),
        13,
        "after the piece left the board",
    );
}

#[test]
fn bad_ids_are_refused() {
    for (bad, needle) in [
        ("M5", "bad id"),
        ("X50", "bad id"),
        ("m50", "bad id"),
        ("M00", "1 or more"),
        ("M70000", "too large"),
    ] {
        refused_once(&SMALL.replace("piece M50", &format!("piece {bad}")), 9, needle);
    }
    refused_once(&SMALL.replace("piece M50", "piece"), 9, "needs an id");
    refused_once(&SMALL.replace("piece M50", "piece M50 Fifty"), 9, "unexpected `Fifty`");
}

#[test]
fn several_problems_are_all_reported_in_line_order() {
    let text = SMALL
        .replace("  cost    60", "  cost    61")
        .replace("before  step 0,1", "before  step 0,9 slide 2,2")
        .replace("  cost    7\n", "  colour  red\n");
    let got = issues(&text);
    let lines: Vec<usize> = got.iter().map(|i| i.0).collect();
    assert_eq!(lines, vec![4, 9, 11, 12, 12], "{got:?}");
    assert!(got[0].1.contains("cost 61"));
    assert!(got[1].1.contains("no `cost`"));
    assert!(got[2].1.contains("unknown key `colour`"));
    assert!(got[3].1.contains("0,9") && got[4].1.contains("slide 2,2"));
    let shown = Catalogue::parse(&text).unwrap_err().to_string();
    assert!(shown.starts_with("line 4: cost 61"), "{shown}");
}

#[test]
fn empty_and_navia_less_files_are_refused() {
    refused_once("", 0, "no piece");
    refused_once("# only a comment\n\n", 0, "no piece");
    let only_m50 = SMALL.lines().skip(8).collect::<Vec<_>>().join("\n");
    refused_once(&only_m50, 0, "no Navia");
}

#[test]
fn garbage_is_refused_without_panic() {
    let bytes: Vec<u8> = (0..=255u8).chain(b"piece M01\n\0\xff end".iter().copied()).collect();
    let text = String::from_utf8_lossy(&bytes);
    assert!(Catalogue::parse(&text).is_err());
    let got = issues(&SMALL.replace("Fifty", "Fif\0ty"));
    assert!(
        got.contains(&(10, "control character U+0000 is not allowed".to_string())),
        "{got:?}"
    );
    assert!(Catalogue::parse("\u{feff}").is_err());
    assert!(Catalogue::parse("piece piece piece\nend end\n,,,,\n-1,-1").is_err());
}

#[test]
fn mangled_builtin_text_never_panics() {
    // Deterministic mutations of the real file: truncations and byte edits.
    let base = builtin_and_extra();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let replacements = [" ", "\n", "#", ",", "-", "9", "end", "piece M01", "step", "\0", "é"];
    for round in 0..400 {
        let mut text = base.clone();
        if round % 4 == 0 {
            let mut cut = next(text.len());
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            text.truncate(cut);
        } else {
            for _ in 0..1 + next(4) {
                let mut at = next(text.len());
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                let mut end = (at + next(6)).min(text.len());
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                text.replace_range(at..end.max(at), replacements[next(replacements.len())]);
            }
        }
        if let Ok(cat) = Catalogue::parse(&text) {
            let printed = cat.to_text();
            assert_eq!(Catalogue::parse(&printed).unwrap().entries(), cat.entries());
        }
    }
}
