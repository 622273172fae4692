//! NFEN and move text (notation.md): round trips, strictness, never a panic.

use std::sync::OnceLock;

use dratp::rules::catalogue::{PieceClass, PieceDef};
use dratp::rules::{
    action_text, nfen, parse_action_syntax, parse_nfen, Action, ActionKind, Catalogue, Choices,
    Follow, MoveError, Piece, PieceCode, Side, Square, Token, START_NFEN,
};

/// A catalogue with the ids of the default match-up (N01–N04, M01–M14) plus M100,
/// whose grids do not matter here: notation only reads ids and classes.
fn cat() -> &'static Catalogue {
    static CAT: OnceLock<&'static Catalogue> = OnceLock::new();
    CAT.get_or_init(|| {
        let def = |class, number| PieceDef {
            code: PieceCode { class, number },
            name: format!("{class:?} {number}"),
            aliases: Vec::new(),
            set: "test".into(),
            cost: if class == PieceClass::Navia { 60 } else { 10 },
            navia_guard: false,
            provisional: true,
            before: Default::default(),
            after: Default::default(),
            effect: Default::default(),
            notes: Vec::new(),
        };
        let mut entries: Vec<PieceDef> = (1..=4).map(|n| def(PieceClass::Navia, n)).collect();
        entries.extend((1..=14).map(|n| def(PieceClass::Maseitai, n)));
        entries.push(def(PieceClass::Maseitai, 100));
        Catalogue::from_entries(entries)
            .expect("test catalogue")
            .intern()
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
    let s = "1[n02][+m08]1r2/b1bb1bb/2[m09]4/3B3/1[+M03]5/BB1BB1B/1R1[N01]1R1 b 17/4 M01,M02,M04/M10,M11 B,M05/B,B,R - 200";
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
    assert_eq!(
        (p.grave(Side::Black).black, p.grave(Side::Black).red),
        (2, 1)
    );
    assert_eq!(p.keep(Side::Black).as_slice(), &[kind("M10"), kind("M11")]);
}

#[test]
fn finished_positions_round_trip() {
    // D14: a goal leaves the Navia off the board and adds goal:w.
    let goal = "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R3R1 b 5/0 M01/- -/- goal:w 31";
    round_trip(goal);
    let p = parse_nfen(goal, cat()).unwrap();
    let o = p.outcome().unwrap();
    assert_eq!(
        (o.winner, o.reason),
        (Side::White, dratp::rules::WinReason::NaviaGoal)
    );
    round_trip("1r5/bbbbbbb/7/7/7/BBBBBBB/1R1[N01]1R1 b 0/0 -/- -/- goal:b 12");
    // D14: a dratped Navia means its owner won by Navia dratp.
    let dratp = "1r1[n02]1r1/bbbbbbb/7/7/7/BBBBBBB/1R1[+N01]1R1 b 0/0 -/- -/- - 40";
    let p = parse_nfen(dratp, cat()).unwrap();
    assert_eq!(
        p.outcome().unwrap().reason,
        dratp::rules::WinReason::NaviaDratp
    );
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
    rejected(
        &start_rank(1, "1R1[M99999999999999999999]1R1"),
        "board",
        "unknown id",
    );
    rejected(
        &start_rank(7, "1r1[n02]2r1"),
        "board",
        "rank 7 has more than 7",
    );
    rejected(
        &start_rank(7, "1r1[n02]r1"),
        "board",
        "rank 7 has 6 squares",
    );
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
    rejected(
        &start_rank(4, "[N02][N03][N04][n01][n03][n04]1"),
        "board",
        "Navias",
    );
    rejected(
        &start_rank(4, "3[N02]3"),
        "board",
        "2 Navias for the first player",
    );
    rejected(
        "1r5/bbbbbbb/7/7/7/BBBBBBB/1R3R1 w 0/0 -/- -/- - 1",
        "board",
        "no Navia",
    );
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
    rejected(
        &start_with(2, "61/0"),
        "pools",
        "pool of 61 for the first player",
    );
    rejected(&start_with(2, "0/61"), "pools", "second player");
    rejected(&start_with(2, "05/0"), "pools", "leading zero");
    rejected(
        &start_with(2, "0/99999999999999999999999"),
        "pools",
        "too large",
    );
    rejected(&start_with(2, "0"), "pools", "<first>/<second>");
    rejected(&start_with(2, "0/0/0"), "pools", "<first>/<second>");
    rejected(&start_with(2, "-1/0"), "pools", "not a decimal");
    rejected(&start_with(2, "+1/0"), "pools", "not a decimal");
    rejected(&start_with(6, "0"), "turn", "turn 0");
    rejected(&start_with(6, "65536"), "turn", "out of range");
    rejected(&start_with(6, "01"), "turn", "leading zero");
    rejected(
        &start_with(6, "99999999999999999999999999999"),
        "turn",
        "too large",
    );
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
    rejected(
        &start_with(4, "R,R,R,R,R/-"),
        "graveyards",
        "more than 4 red Gulled",
    );
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
        (
            "M06@a1",
            with(Summon(kind("M06")), "a1", "a1", Nothing, &[]),
        ),
        (
            "M100@g7",
            with(Summon(kind("M100")), "g7", "g7", Nothing, &[]),
        ),
        ("c3c4+", with(Move, "c3", "c4", Dratp, &[])),
        ("c4+", with(InPlace, "c4", "c4", Dratp, &[])),
        ("d1+", with(InPlace, "d1", "d1", Dratp, &[])),
        ("c3c4*", with(Move, "c3", "c4", Invoke, &[])),
        ("c4*", with(InPlace, "c4", "c4", Invoke, &[])),
        (
            "c7^:G",
            with(LineOver, "c7", "c7", Nothing, &[Token::Gyullas]),
        ),
        (
            "c7^:M05@a1",
            with(
                LineOver,
                "c7",
                "c7",
                Nothing,
                &[Token::Placed(m05, sq("a1"))],
            ),
        ),
        ("d7^", with(Goal, "d7", "d7", Nothing, &[])),
        ("d1^", with(Goal, "d1", "d1", Nothing, &[])),
        (
            "c4+:e5",
            with(InPlace, "c4", "c4", Dratp, &[Token::Square(sq("e5"))]),
        ),
        (
            "c4*:b2d4",
            with(
                InPlace,
                "c4",
                "c4",
                Invoke,
                &[Token::Pair(sq("b2"), sq("d4"))],
            ),
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
                assert!(
                    reason.contains(needle),
                    "{text:?}: {reason:?} lacks {needle:?}"
                );
            }
            Err(e) => panic!("{text:?}: not a syntax error: {e}"),
        }
    }
    let long = format!("c2c3{}", "+".repeat(10_000));
    let e = parse_action_syntax(&long, cat()).unwrap_err();
    assert!(e.to_string().len() < 200, "{e}");
    assert!(parse_action_syntax(&"M01".repeat(5_000), cat()).is_err());
}
