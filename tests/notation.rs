//! NFEN and move text (protocol.md): round trips, strictness, never a panic.

use std::sync::OnceLock;

use dratp::rules::catalogue::{
    Compass, Effect, EffectStep, Invoke, Mark, MarkKind, PieceClass, PieceDef, Place, Target,
};
use dratp::rules::{
    action_text, nfen, parse_action, parse_action_syntax, parse_nfen, Action, ActionKind, Catalogue, Choices, Follow,
    MoveError, Piece, PieceCode, Position, Side, Square, Token, START_NFEN,
};

/// A catalogue with the ids of the default match-up (N01–N04, M01–M14) plus M100.
/// Notation reads only ids and classes; the small grids and the effects of M01–M06
/// are there so legal actions carry every kind of choice token (D2).
fn cat() -> &'static Catalogue {
    static CAT: OnceLock<&'static Catalogue> = OnceLock::new();
    CAT.get_or_init(|| {
        let marks = |kind, offsets: &[(i8, i8)]| Compass {
            marks: offsets.iter().map(|&(dx, dy)| Mark { kind, dx, dy }).collect(),
        };
        let invoke = |step| Effect {
            invoke: Some(Invoke { cost: 4, step }),
            ..Effect::default()
        };
        let on_dratp = |steps: Vec<EffectStep>| Effect {
            on_dratp: steps,
            ..Effect::default()
        };
        let effect = |number| match number {
            1 => on_dratp(vec![EffectStep::Remove(Target::AnyBattle)]),
            2 => invoke(EffectStep::Relocate {
                who: Target::AnyBattle,
                to: Place::AnyEmpty,
                optional: false,
            }),
            3 => invoke(EffectStep::Swap(Target::AnyBattle)),
            4 => on_dratp(vec![EffectStep::Revive(Place::OwnSummon)]),
            5 => invoke(EffectStep::ReturnToKeep(Target::AnyMaseitai)),
            6 => on_dratp(vec![EffectStep::Sacrifice]),
            _ => Effect::default(),
        };
        let def = |class, number| PieceDef {
            code: PieceCode { class, number },
            name: format!("{class:?} {number}"),
            aliases: Vec::new(),
            set: "test".into(),
            cost: if class == PieceClass::Navia { 60 } else { 10 },
            navia_guard: false,
            provisional: true,
            before: marks(MarkKind::Step, &[(-1, 1), (0, 1), (1, 1)]),
            after: marks(MarkKind::Slide, &[(0, 1), (0, -1)]),
            effect: if class == PieceClass::Navia {
                Effect::default()
            } else {
                effect(number)
            },
            notes: Vec::new(),
        };
        let mut entries: Vec<PieceDef> = (1..=4).map(|n| def(PieceClass::Navia, n)).collect();
        entries.extend((1..=14).map(|n| def(PieceClass::Maseitai, n)));
        entries.push(def(PieceClass::Maseitai, 100));
        Catalogue::from_entries(entries).expect("test catalogue").intern()
    })
}

fn sq(name: &str) -> Square {
    Square::from_name(name).expect("square")
}

fn kind(id: &str) -> dratp::rules::Kind {
    let class = if id.starts_with('N') {
        PieceClass::Navia
    } else {
        PieceClass::Maseitai
    };
    cat()
        .find(PieceCode {
            class,
            number: id[1..].parse().unwrap(),
        })
        .expect("id")
}

fn round_trip(s: &str) {
    let p = parse_nfen(s, cat()).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert_eq!(nfen(&p), s);
}

#[test]
fn start_round_trips() {
    // R31: the default start.
    round_trip(START_NFEN);
    let p = parse_nfen(START_NFEN, cat()).unwrap();
    assert_eq!(p.side_to_move(), Side::White);
    assert_eq!(p.turn(), 1);
    assert_eq!(p.keep(Side::White).len(), 7);
    assert_eq!(p.keep(Side::Black).len(), 7);
    assert_eq!(p.navia_square(Side::White), Some(sq("d1")));
    assert_eq!(p.navia_square(Side::Black), Some(sq("d7")));
    let red = p.piece_at(sq("b7")).unwrap();
    assert_eq!((red.side, red.piece), (Side::Black, Piece::RedGulled));
    assert!(p.outcome().is_none());
}

#[test]
fn rich_position_round_trips() {
    let s =
        "1[n02][+m08]1r2/b1bb1bb/2[m09]4/3B3/1[+M03]5/BB1BB1B/1R1[N01]1R1 b 17/4 M01,M02,M04/M10,M11 B,M05/B,B,R - 200";
    round_trip(s);
    let p = parse_nfen(s, cat()).unwrap();
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.turn(), 200);
    assert_eq!((p.pool(Side::White), p.pool(Side::Black)), (17, 4));
    let m08 = p.piece_at(sq("c7")).unwrap();
    assert_eq!(
        (m08.side, m08.piece, m08.dratped),
        (Side::Black, Piece::Maseitai(kind("M08")), true)
    );
    let m03 = p.piece_at(sq("b3")).unwrap();
    assert_eq!(
        (m03.side, m03.piece, m03.dratped),
        (Side::White, Piece::Maseitai(kind("M03")), true)
    );
    let m09 = p.piece_at(sq("c5")).unwrap();
    assert_eq!((m09.side, m09.dratped), (Side::Black, false));
    assert_eq!(p.grave(Side::White).black, 1);
    assert_eq!(p.grave(Side::White).maseitai.as_slice(), &[kind("M05")]);
    assert_eq!((p.grave(Side::Black).black, p.grave(Side::Black).red), (2, 1));
    assert_eq!(p.keep(Side::Black).as_slice(), &[kind("M10"), kind("M11")]);
}

#[test]
fn finished_positions_round_trip() {
    // D14: a goal leaves the Navia off the board and adds goal:w.
    let goal = "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R3R1 b 5/0 M01/- -/- goal:w 31";
    round_trip(goal);
    let p = parse_nfen(goal, cat()).unwrap();
    let o = p.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Side::White, dratp::rules::WinReason::NaviaGoal));
    round_trip("1r5/bbbbbbb/7/7/7/BBBBBBB/1R1[N01]1R1 b 0/0 -/- -/- goal:b 12");
    // D14: a dratped Navia means its owner won by Navia dratp.
    let dratp = "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[+N01]1R1 b 0/0 -/- -/- - 40";
    let p = parse_nfen(dratp, cat()).unwrap();
    assert_eq!(p.outcome().unwrap().reason, dratp::rules::WinReason::NaviaDratp);
    round_trip(dratp);
    // R20: a taken Navia is absent.
    let taken = "1r3r1/bbbbbbb/7/7/3[N01]3/BBBBBBB/1R3R1 b 60/60 -/- -/- - 65535";
    let p = parse_nfen(taken, cat()).unwrap();
    assert_eq!(p.outcome().unwrap().winner, Side::White);
    round_trip(taken);
}

#[test]
fn full_graveyards_and_three_digit_ids_round_trip() {
    round_trip("3[n04]3/7/7/7/7/7/3[N03]3 w 0/60 -/- B,B,B,B,B,B,B,M01,M02,M03,M04,M05,M06,M07,R,R/B,B,B,B,B,B,B,M08,M09,M10,M11,M12,M13,M100,R,R - 9");
    round_trip("3[n04]3/7/7/7/7/7/[M100]2[N03]3 w 0/0 M01,M01/M02 -/- - 9");
}

/// Start position with one field replaced.
fn start_with(field: usize, value: &str) -> String {
    let mut f: Vec<&str> = START_NFEN.split(' ').collect();
    f[field] = value;
    f.join(" ")
}

/// Start position with one rank (7 down to 1) replaced.
fn start_rank(rank: usize, value: &str) -> String {
    let board = START_NFEN.split(' ').next().unwrap();
    let mut ranks: Vec<&str> = board.split('/').collect();
    ranks[7 - rank] = value;
    start_with(0, &ranks.join("/"))
}

fn rejected(s: &str, field: &str, needle: &str) {
    match parse_nfen(s, cat()) {
        Ok(p) => panic!("accepted {s:?} as {}", nfen(&p)),
        Err(e) => {
            assert_eq!(e.field, field, "{s:?}: {e}");
            assert!(
                e.reason.contains(needle),
                "{s:?}: reason {:?} lacks {needle:?}",
                e.reason
            );
            assert!(e.to_string().contains(field));
        }
    }
}

#[test]
fn field_count_and_spacing_rejected() {
    rejected("", "fields", "empty");
    rejected("1r1[n02]1r1/bbbbbbb/7", "fields", "1 field");
    let six: Vec<&str> = START_NFEN.split(' ').take(6).collect();
    rejected(&six.join(" "), "fields", "6 fields");
    rejected(&format!("{START_NFEN} 1"), "fields", "8 fields");
    rejected(&format!("{START_NFEN} "), "fields", "end");
    rejected(&format!(" {START_NFEN}"), "fields", "start");
    rejected(&START_NFEN.replacen(' ', "  ", 1), "fields", "two spaces");
    rejected(&START_NFEN.replacen(' ', "\t", 1), "fields", "\\t");
    rejected(&format!("{START_NFEN}\n"), "fields", "\\n");
    rejected("hello", "fields", "1 field");
    rejected("日本語 の 文字列", "fields", "3 fields");
}

#[test]
fn bad_boards_rejected() {
    rejected(&start_rank(1, "1R1[M99]1R1"), "board", "M99");
    rejected(&start_rank(1, "1R1[N07]1R1"), "board", "N07");
    rejected(&start_rank(1, "1R1[M6]1R1"), "board", "M06");
    rejected(&start_rank(1, "1R1[N001]1R1"), "board", "N01");
    rejected(&start_rank(1, "1R1[M99999999999999999999]1R1"), "board", "unknown id");
    rejected(&start_rank(7, "1r1[n02]2r1"), "board", "rank 7 has more than 7");
    rejected(&start_rank(7, "1r1[n02]r1"), "board", "rank 7 has 6 squares");
    rejected(&start_rank(4, "34"), "board", "two digits");
    rejected(&start_rank(4, "8"), "board", "'8'");
    rejected(&start_rank(4, "07"), "board", "'0'");
    rejected(&start_rank(4, ""), "board", "rank 4 is empty");
    rejected(&start_rank(4, "3x3"), "board", "'x'");
    rejected(&start_rank(4, "3ä3"), "board", "'ä'");
    rejected(&start_rank(4, "3[+B]3"), "board", "rank 4");
    rejected(&start_rank(4, "3[M01"), "board", "rank 4");
    rejected(
        "1r1[n02]1r1/bbbbbbb/7/7/BBBBBBB/1R1[N01]1R1 w 0/0 -/- -/- - 1",
        "board",
        "6 ranks",
    );
    rejected(
        "1r1[n02]1r1/bbbbbbb/7/7/7/7/BBBBBBB/1R1[N01]1R1 w 0/0 -/- -/- - 1",
        "board",
        "8 ranks",
    );
    // D15: at most one Navia per side; 8 Navias in all.
    rejected(&start_rank(4, "[N02][N03][N04][n01][n03][n04]1"), "board", "Navias");
    rejected(&start_rank(4, "3[N02]3"), "board", "2 Navias for the first player");
    rejected("1r5/bbbbbbb/7/7/7/BBBBBBB/1R3R1 w 0/0 -/- -/- - 1", "board", "no Navia");
    rejected(&start_rank(4, "BBBBBBB"), "board", "21 black Gulled");
    rejected(&start_rank(4, "RR5"), "board", "6 red Gulled");
    // A dratped Navia for each side: the game cannot have ended twice.
    rejected(
        "1r1[+n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[+N01]1R1 w 0/0 -/- -/- - 1",
        "board",
        "ended",
    );
}

#[test]
fn bad_side_pools_turn_rejected() {
    rejected(&start_with(1, "x"), "side", "'x'");
    rejected(&start_with(1, "W"), "side", "'W'");
    rejected(&start_with(1, "wb"), "side", "'wb'");
    rejected(&start_with(2, "61/0"), "pools", "pool of 61 for the first player");
    rejected(&start_with(2, "0/61"), "pools", "second player");
    rejected(&start_with(2, "05/0"), "pools", "leading zero");
    rejected(&start_with(2, "0/99999999999999999999999"), "pools", "too large");
    rejected(&start_with(2, "0"), "pools", "<first>/<second>");
    rejected(&start_with(2, "0/0/0"), "pools", "<first>/<second>");
    rejected(&start_with(2, "-1/0"), "pools", "not a decimal");
    rejected(&start_with(2, "+1/0"), "pools", "not a decimal");
    rejected(&start_with(6, "0"), "turn", "turn 0");
    rejected(&start_with(6, "65536"), "turn", "out of range");
    rejected(&start_with(6, "01"), "turn", "leading zero");
    rejected(&start_with(6, "99999999999999999999999999999"), "turn", "too large");
    rejected(&start_with(6, "1x"), "turn", "not a decimal");
    rejected(&start_with(6, "١"), "turn", "not a decimal");
}

#[test]
fn bad_keeps_and_graveyards_rejected() {
    rejected(&start_with(3, "N01/-"), "keeps", "N01 is a Navia");
    rejected(&start_with(3, "M02,M01/-"), "keeps", "ascending");
    rejected(&start_with(3, "m01/-"), "keeps", "upper case");
    rejected(&start_with(3, "M99/-"), "keeps", "M99");
    rejected(&start_with(3, "M01,/-"), "keeps", "stray comma");
    rejected(&start_with(3, "/-"), "keeps", "'-'");
    rejected(&start_with(3, "M01"), "keeps", "<first>/<second>");
    rejected(&start_with(3, "B/-"), "keeps", "not a catalogue id");
    // D15: 14 Maseitai in the game; the keeps already hold 14.
    rejected(&start_rank(4, "3[M01]3"), "keeps", "15 Maseitai");
    rejected(&start_with(4, "M01/-"), "graveyards", "15 Maseitai");
    rejected(&start_with(4, "N01/-"), "graveyards", "N01 is a Navia");
    rejected(&start_with(4, "-/M03,B"), "graveyards", "not in order");
    rejected(&start_with(4, "R,B/-"), "graveyards", "not in order");
    rejected(&start_with(4, "b/-"), "graveyards", "upper case");
    rejected(&start_with(4, "-/B"), "graveyards", "15 black Gulled");
    let many = vec!["B"; 5000].join(",");
    rejected(
        &start_with(4, &format!("{many}/-")),
        "graveyards",
        "more than 14 black Gulled",
    );
    rejected(&start_with(4, "R,R,R,R,R/-"), "graveyards", "more than 4 red Gulled");
}

#[test]
fn bad_effects_rejected() {
    rejected(&start_with(5, "goal:x"), "effects", "unknown effect");
    rejected(&start_with(5, "foo"), "effects", "unknown effect");
    rejected(&start_with(5, ""), "fields", "two spaces");
    rejected(&start_with(5, "goal:w"), "effects", "still on the board");
    rejected(
        "1r5/bbbbbbb/7/7/7/BBBBBBB/1R3R1 w 0/0 -/- -/- goal:b,goal:w 1",
        "effects",
        "both",
    );
    rejected(
        "1r5/bbbbbbb/7/7/7/BBBBBBB/1R1[N01]1R1 w 0/0 -/- -/- goal:b,goal:b 1",
        "effects",
        "repeated",
    );
    rejected(
        "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R3R1 b 5/0 M01/- -/- goal:w, 31",
        "effects",
        "stray comma",
    );
}

#[test]
fn huge_and_odd_inputs_never_panic() {
    let long = "x".repeat(10_000);
    assert!(parse_nfen(&long, cat()).is_err());
    let long_rank = start_rank(4, &"[M01]".repeat(2_000));
    assert_eq!(parse_nfen(&long_rank, cat()).unwrap_err().field, "board");
    let e = parse_nfen(&start_with(1, &long), cat()).unwrap_err();
    assert!(
        e.reason.len() < 100,
        "error quotes a short part of the input: {}",
        e.reason
    );
    for s in [
        "\0",
        "🂡 🂡 🂡 🂡 🂡 🂡 🂡",
        "/ / / / / / /",
        "- - - - - - -",
        "[",
        "[+",
        "1r1[n02",
    ] {
        assert!(parse_nfen(s, cat()).is_err(), "{s:?}");
    }
}

/// A small deterministic generator, so the mutation test needs no extra crate.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

#[test]
fn mutated_strings_are_rejected_or_canonical() {
    // Strictness: anything accepted is exactly what the printer writes.
    let seeds = [
        START_NFEN,
        "1[n02][+m08]1r2/b1bb1bb/2[m09]4/3B3/1[+M03]5/BB1BB1B/1R1[N01]1R1 b 17/4 M01,M02,M04/M10,M11 B,M05/B,B,R - 200",
        "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R3R1 b 5/0 M01/- -/- goal:w 31",
    ];
    let alphabet: Vec<char> = "0123456789/ ,-+[]:BRbrNMnmwgoal@xä\t".chars().collect();
    let mut rng = Lcg(2004);
    let mut accepted = 0;
    for n in 0..3_000 {
        let mut chars: Vec<char> = seeds[n % seeds.len()].chars().collect();
        for _ in 0..1 + rng.next(3) {
            let at = rng.next(chars.len());
            match rng.next(3) {
                0 => {
                    chars.remove(at);
                }
                1 => chars[at] = alphabet[rng.next(alphabet.len())],
                _ => chars.insert(at, alphabet[rng.next(alphabet.len())]),
            }
        }
        let s: String = chars.into_iter().collect();
        if let Ok(p) = parse_nfen(&s, cat()) {
            assert_eq!(nfen(&p), s, "accepted a non-canonical string");
            accepted += 1;
        }
    }
    assert!(accepted > 0, "some mutations (pools, turn, ids) stay valid");
}

// ---------------------------------------------------------------- moves

fn move_round_trip(text: &str) -> Action {
    let a = parse_action_syntax(text, cat()).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(action_text(&a, cat()), text);
    a
}

fn with(kind: ActionKind, from: &str, to: &str, follow: Follow, tokens: &[Token]) -> Action {
    Action {
        kind,
        from: sq(from),
        to: sq(to),
        pharaoh: None,
        follow,
        choices: Choices::from_tokens(tokens).unwrap(),
    }
}

#[test]
fn every_move_form_round_trips() {
    use ActionKind::*;
    use Follow::*;
    let m05 = kind("M05");
    let cases: Vec<(&str, Action)> = vec![
        ("c2c3", with(Move, "c2", "c3", Nothing, &[])),
        ("M06@a1", with(Summon(kind("M06")), "a1", "a1", Nothing, &[])),
        ("M100@g7", with(Summon(kind("M100")), "g7", "g7", Nothing, &[])),
        ("c3c4+", with(Move, "c3", "c4", Dratp, &[])),
        ("c4+", with(InPlace, "c4", "c4", Dratp, &[])),
        ("d1+", with(InPlace, "d1", "d1", Dratp, &[])),
        ("c3c4*", with(Move, "c3", "c4", Invoke, &[])),
        ("c4*", with(InPlace, "c4", "c4", Invoke, &[])),
        ("c7^:G", with(LineOver, "c7", "c7", Nothing, &[Token::Gyullas])),
        (
            "c7^:M05@a1",
            with(LineOver, "c7", "c7", Nothing, &[Token::Placed(m05, sq("a1"))]),
        ),
        ("d7^", with(Goal, "d7", "d7", Nothing, &[])),
        ("d1^", with(Goal, "d1", "d1", Nothing, &[])),
        ("c4+:e5", with(InPlace, "c4", "c4", Dratp, &[Token::Square(sq("e5"))])),
        (
            "c4*:b2d4",
            with(InPlace, "c4", "c4", Invoke, &[Token::Pair(sq("b2"), sq("d4"))]),
        ),
        (
            "c3c4+:a2,e5",
            with(
                Move,
                "c3",
                "c4",
                Dratp,
                &[Token::Square(sq("a2")), Token::Square(sq("e5"))],
            ),
        ),
        (
            "c3c4*:M05@a1",
            with(Move, "c3", "c4", Invoke, &[Token::Placed(m05, sq("a1"))]),
        ),
        (
            "g7a1*:a1,b2c3,M05@g1",
            with(
                Move,
                "g7",
                "a1",
                Invoke,
                &[
                    Token::Square(sq("a1")),
                    Token::Pair(sq("b2"), sq("c3")),
                    Token::Placed(m05, sq("g1")),
                ],
            ),
        ),
    ];
    for (text, want) in cases {
        assert_eq!(move_round_trip(text), want, "{text}");
    }
}

#[test]
fn bad_moves_rejected_with_reasons() {
    let cases = [
        ("", "empty"),
        ("c2", "square alone"),
        ("c2c2", "must leave c2"),
        ("h1h2", "at the start"),
        ("c0c1", "at the start"),
        ("c2c8", "unexpected 'c' after 'c2'"),
        ("c2c3+:", "unexpected ':'"),
        ("c2c3:e5", "choices follow only"),
        ("c3c4^", "only the starting square"),
        ("c7^:G,G", "one bonus"),
        ("c7^:e5", "one bonus"),
        ("c4+:G", "'G' is the line-over bonus"),
        ("c4+:e5,e6,e7,e1", "more than 3 choices"),
        ("m06@a1", "upper case"),
        ("M99@a1", "M99"),
        ("M6@a1", "M06"),
        ("N01@a1", "N01 is a Navia"),
        ("M06@", "after 'M06' found '@'"),
        ("M06@h1", "<id>@<square>"),
        ("c7^:m05@a1", "upper case"),
        ("c2c3 ", "unexpected ' '"),
        (" c2c3", "at the start"),
        ("C2C3", "at the start"),
        ("c2c3++", "unexpected '+'"),
        ("c2-c3", "unexpected '-'"),
        ("c2c3ä", "unexpected 'ä'"),
        ("ä", "at the start"),
        ("c4+:e5,", "unexpected ','"),
    ];
    for (text, needle) in cases {
        match parse_action_syntax(text, cat()) {
            Ok(a) => panic!("accepted {text:?} as {a:?}"),
            Err(MoveError::Syntax(t, reason)) => {
                assert_eq!(t, text);
                assert!(reason.contains(needle), "{text:?}: {reason:?} lacks {needle:?}");
            }
            Err(e) => panic!("{text:?}: not a syntax error: {e}"),
        }
    }
    let long = format!("c2c3{}", "+".repeat(10_000));
    let e = parse_action_syntax(&long, cat()).unwrap_err();
    assert!(e.to_string().len() < 200, "{e}");
    assert!(parse_action_syntax(&"M01".repeat(5_000), cat()).is_err());
}

// ---------------------------------------------------------------- moves against positions

/// Positions whose legal actions cover every move form and choice token.
const LEGAL_SEEDS: [&str; 4] = [
    START_NFEN,
    // Line over both ways (R22), Navia dratp in place (R19), dratp with a target (M01),
    // invoke with a pair (M02), a swap (M03), a revive (M04), a return to keep (M05), a sacrifice (M06).
    "1rB[n02]1r1/bb1b1bb/7/2[M01]1[+m05]2/2b[+M02]2[M06]/BB[+M03]BB1B/1R1[N01]1R1 w 60/30 M04/M08 B,M04,M05/M07 - 20",
    // The second player to move, with Maseitai of both sides dratped.
    "1r1[n02]1r1/bb1b1bb/2[+m03]4/2[M01]1[+m05]2/7/BB1BB1B/1R1[N01]1R1 b 12/60 -/M04 -/M06 - 7",
    // R23: a Navia on the far rank with an empty keep may make a goal.
    "1r1[N01]1r1/bb3bb/3[n02]3/7/7/BB3BB/1R3R1 w 0/0 -/M08 -/- - 30",
];

/// Positions on the built-in catalogue where the real starter effects offer choices:
/// Netol's revive (M05), Gundrill's dots (M06), Tiny Kiggoshi (M07), Olip's swap (M08),
/// Kapinah's teleport (M13), Koma's return (M14), and a line over with a revive (R22).
const BUILTIN_SEEDS: [&str; 3] = [
    START_NFEN,
    "Br1[n02]1r1/bbbbbbb/7/2[m08]1[m14]2/1[M05][M07][+M06][M13]2/BBBBBB1/1R1[N01]1R1 w 60/60 M02,M03,M04/M09,M10,M11,M12 M01/- - 15",
    "Br1[n02]1r1/bbbbbbb/7/2[m08]1[m14]2/1[M05][M07][+M06][M13]2/BBBBBB1/1R1[N01]1R1 b 60/60 M02,M03,M04/M09,M10,M11,M12 M01/- - 15",
];

/// Check every legal action of each position prints uniquely and parses back; return the forms seen.
fn check_legal_texts(cat: &'static Catalogue, seeds: &[&str]) -> std::collections::BTreeSet<&'static str> {
    let mut forms = std::collections::BTreeSet::new();
    for s in seeds {
        let pos = parse_nfen(s, cat).unwrap();
        assert_eq!(nfen(&pos), *s);
        let legal = pos.legal_actions();
        assert!(!legal.is_empty(), "{s}");
        let mut texts = std::collections::HashSet::new();
        for a in &legal {
            let text = action_text(a, cat);
            assert!(texts.insert(text.clone()), "{s}: two actions print as {text}");
            assert_eq!(parse_action_syntax(&text, cat), Ok(*a), "{s}: {text}");
            forms.extend(forms_of(a));
        }
        // parse_action regenerates the legal list, so check a spread of actions, not all.
        for a in legal.iter().step_by(1 + legal.len() / 40) {
            let text = action_text(a, cat);
            assert_eq!(parse_action(&text, &pos), Ok(*a), "{s}: {text}");
        }
    }
    forms
}

#[test]
fn builtin_start_round_trips() {
    let builtin = Catalogue::builtin();
    let p = Position::startpos(builtin).unwrap();
    assert_eq!(nfen(&p), START_NFEN);
    assert_eq!(p, parse_nfen(START_NFEN, builtin).unwrap());
    // R16: Troll (M01) is a Navia Guard, summoned next to the Navia only.
    assert!(parse_action("M01@c2", &p).is_err());
    let a = parse_action("c2c3", &p).unwrap();
    assert_eq!(a, Action::step(sq("c2"), sq("c3")));
}

#[test]
fn builtin_legal_action_texts_parse_back() {
    let forms = check_legal_texts(Catalogue::builtin(), &BUILTIN_SEEDS);
    for f in [
        "move",
        "summon",
        "move+",
        "in place+",
        "move*",
        "in place*",
        "line over:G",
        "line over:placed",
    ] {
        assert!(forms.contains(f), "no legal action of the form {f:?}");
    }
    for f in [":square", ":pair", ":square,square", ":placed"] {
        assert!(forms.contains(f), "no legal action with choices {f:?}");
    }
}

#[test]
fn every_legal_action_text_parses_back() {
    let forms = check_legal_texts(cat(), &LEGAL_SEEDS);
    let want = [
        "move",
        "summon",
        "move+",
        "in place+",
        "move*",
        "in place*",
        "line over:G",
        "line over:placed",
        "goal",
        ":square",
        ":pair",
        ":square,square",
        ":placed",
    ];
    for f in want {
        assert!(
            forms.contains(f),
            "no legal action of the form {f:?} in the seed positions"
        );
    }
}

/// Names for an action's shape and its tokens, to check the seeds cover every form.
fn forms_of(a: &Action) -> [&'static str; 2] {
    let tokens: Vec<Token> = a.choices.iter().collect();
    let shape = match (a.kind, a.follow) {
        (ActionKind::LineOver, _) if tokens == [Token::Gyullas] => "line over:G",
        (ActionKind::LineOver, _) => "line over:placed",
        (ActionKind::Goal, _) => "goal",
        (ActionKind::Summon(_), _) => "summon",
        (ActionKind::Move, Follow::Nothing) => "move",
        (ActionKind::Move, Follow::Dratp) => "move+",
        (ActionKind::Move, Follow::Invoke) => "move*",
        (ActionKind::InPlace, Follow::Dratp) => "in place+",
        (ActionKind::InPlace, _) => "in place*",
    };
    let choice = match tokens.as_slice() {
        [] => "",
        [Token::Square(_)] => ":square",
        [Token::Pair(..)] => ":pair",
        [Token::Square(_), Token::Square(_)] => ":square,square",
        [Token::Placed(..)] => ":placed",
        _ => "other",
    };
    [shape, choice]
}

#[test]
fn playouts_keep_text_and_nfen_stable() {
    let mut rng = Lcg(31);
    let games = LEGAL_SEEDS.iter().map(|s| (cat(), *s));
    let games = games.chain(BUILTIN_SEEDS.iter().map(|s| (Catalogue::builtin(), *s)));
    for (n, (cat, s)) in games.cycle().take(14).enumerate() {
        let mut pos = parse_nfen(s, cat).unwrap();
        for ply in 0..60 {
            let text = nfen(&pos);
            assert_eq!(nfen(&parse_nfen(&text, cat).unwrap()), text, "game {n} ply {ply}");
            let legal = pos.legal_actions();
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.next(legal.len())];
            let t = action_text(&a, cat);
            assert_eq!(parse_action(&t, &pos), Ok(a), "game {n} ply {ply}: {text} {t}");
            pos = pos.play(&a);
        }
    }
}

fn illegal(pos: &Position, text: &str, needle: &str) {
    match parse_action(text, pos) {
        Ok(a) => panic!("{text:?} accepted as {a:?} in {}", nfen(pos)),
        Err(MoveError::Illegal(t, reason)) => {
            assert_eq!(t, text);
            assert!(reason.contains(needle), "{text:?}: {reason:?} lacks {needle:?}");
        }
        Err(e) => panic!("{text:?}: not an illegality: {e}"),
    }
}

#[test]
fn illegal_moves_rejected_with_reasons() {
    let start = parse_nfen(START_NFEN, cat()).unwrap();
    illegal(&start, "c3c4", "no piece of the side to move on c3");
    illegal(&start, "c6c5", "no piece of the side to move on c6");
    illegal(&start, "M08@a1", "M08 is not in the keep of the side to move");
    illegal(&start, "c2c4", "not a legal action here");
    illegal(&start, "M01@d4", "not a legal action here");
    illegal(&start, "d1+", "not a legal action here"); // R19: needs 60 gyullas.
    illegal(&start, "b2b3+", "not a legal action here"); // Gulled never dratp.
    illegal(&start, "c2^:G", "not a legal action here"); // R22: only from the far rank.
    assert!(matches!(parse_action("c2c3x", &start), Err(MoveError::Syntax(..))));
    let rich = parse_nfen(LEGAL_SEEDS[1], cat()).unwrap();
    illegal(&rich, "c4+", "the effect choices are not valid here"); // D1: M01 must name a target.
    illegal(&rich, "c4+:d7", "the effect choices are not valid here"); // D3: a Navia is no battle piece.
    illegal(&rich, "d3*:c4b2", "the effect choices are not valid here"); // b2 is taken.
    illegal(&rich, "c2*:c4b2", "the effect choices are not valid here"); // M03 swaps, it does not move pairs.
    assert_eq!(parse_action("c4+:a2", &rich).map(|a| a.follow), Ok(Follow::Dratp));
    // D14: a finished game takes no action.
    let over = parse_nfen(
        "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R3R1 b 5/0 M01/- -/- goal:w 31",
        cat(),
    )
    .unwrap();
    illegal(&over, "c6c5", "the game is over");
}

#[test]
fn freezes_and_gulled_tokens_round_trip() {
    // D16: a freeze in field 6; D26: Neso's Gulled tokens.
    let builtin = Catalogue::builtin();
    let frozen = "3[n02]3/7/3[m02]3/7/7/7/[+M18]2[N01]3 b 0/0 -/- -/- freeze:a1d5 1";
    assert_eq!(nfen(&parse_nfen(frozen, builtin).unwrap()), frozen);
    for bad in [
        "3[n02]3/7/3[m02]3/7/7/7/[+M18]2[N01]3 b 0/0 -/- -/- freeze:a1d6 1",
        "3[n02]3/7/3[m02]3/7/7/7/[+M18]2[N01]3 b 0/0 -/- -/- freeze:a1d1 1",
        "3[n02]3/7/3[m02]3/7/7/7/[+M18]2[N01]3 b 0/0 -/- -/- freeze:a1 1",
    ] {
        let e = parse_nfen(bad, builtin).unwrap_err();
        assert_eq!(e.field, "effects", "{bad}: {e}");
    }
    for text in ["d3+:B@a1", "d3+:R@g2", "d3+:M02@b1"] {
        let a = parse_action_syntax(text, builtin).unwrap();
        assert_eq!(action_text(&a, builtin), text);
    }
    assert!(parse_action_syntax("d3+:X@a1", builtin).is_err());
}

/// One validator: `from_setup` decides legality with typed errors that know their NFEN field, whether the setup
/// came from NFEN or was built by hand (issue 12.1).
#[test]
fn from_setup_errors_know_their_field() {
    use dratp::rules::{NfenField, SetupError};
    let cat = Catalogue::builtin();
    let start = parse_nfen(START_NFEN, cat).unwrap().to_setup();
    let navia = cat
        .find(PieceCode {
            class: PieceClass::Navia,
            number: 1,
        })
        .unwrap();
    let mut keep = start.clone();
    keep.keeps[0][0] = navia;
    let e = Position::from_setup(cat, &keep).unwrap_err();
    assert!(matches!(e, SetupError::WrongClass { .. }), "{e:?}");
    assert_eq!(e.field(), NfenField::Keeps);
    assert_eq!(e.to_string(), "N01 is a Navia, not allowed in a keep");
    let mut grave = start.clone();
    grave.graves[1].red = 5;
    let e = Position::from_setup(cat, &grave).unwrap_err();
    assert_eq!(e.field(), NfenField::Graveyards);
    assert_eq!(
        e.to_string(),
        "more than 4 red Gulled in the second player's graveyard (D15)"
    );
    let mut pool = start;
    pool.pools[1] = 61;
    let e = Position::from_setup(cat, &pool).unwrap_err();
    assert_eq!(
        (e.field(), e.to_string().as_str()),
        (NfenField::Pools, "pool of 61 for the second player (0 to 60, R12)")
    );
}
