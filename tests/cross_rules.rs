//! The four-seat rules on the cross: Navia takes onto Pharaoh squares (F14–F16), check (F17), the two wins (F28,
//! F29), the effects read for four seats (F18) and the action text (F37), on the spec's test positions T1–T6,
//! T11–T13 and on positions built for each rule; a random playout keeps the key and the text in step.

use std::collections::BTreeSet;

use dratp::rules::catalogue::BUILTIN_TEXT;
use dratp::rules::movegen::{ActionSink, Family};
use dratp::rules::rng::Rng;
use dratp::rules::{
    action_text, cross_board_text, cross_start_setup, default_forces4, parse_action, parse_action_syntax,
    parse_cross_board, Catalogue, Cross, CrossAction, CrossPosition, CrossSetup, GraveSetup, Kind, MoveError, Piece,
    PlacedOf, Seat, SquareOf, WinReason, START_NFEN,
};

type Sq = SquareOf<Cross>;

/// The built-in catalogue plus T12's test entry M90.
fn cat() -> &'static Catalogue {
    static CAT: std::sync::OnceLock<&'static Catalogue> = std::sync::OnceLock::new();
    CAT.get_or_init(|| {
        let extra = "piece M90\n  name      Test Slider\n  cost      5\n  before    slide -1,-1\n  after     bounce -1,-1\nend\n";
        Catalogue::parse(&format!("{BUILTIN_TEXT}\n{extra}")).unwrap().intern()
    })
}

fn sq(name: &str) -> Sq {
    name.parse().unwrap()
}

fn kind(id: &str) -> Kind {
    cat().kinds().find(|&k| cat().get(k).code.to_string() == id).unwrap()
}

/// A keep or graveyard list as NFEN writes it (`M01,M02`, `B,M03,R`, `-`).
fn items(list: &str) -> Vec<&str> {
    list.split(',').filter(|s| *s != "-").collect()
}

fn grave(list: &str) -> GraveSetup {
    let all = items(list);
    GraveSetup {
        black: all.iter().filter(|s| **s == "B").count() as u8,
        red: all.iter().filter(|s| **s == "R").count() as u8,
        maseitai: all.iter().filter(|s| s.starts_with('M')).map(|s| kind(s)).collect(),
    }
}

/// A position from a board field (F35) and the other fields as NFEN4 writes them (seat order s w n e).
fn position(board: &str, side: Seat, pools: [u8; 4], keeps: &str, graves: &str) -> CrossPosition {
    with_fields(parse_cross_board(board, cat()).unwrap(), side, pools, keeps, graves)
}

/// A checked position from a board and the keeps and graveyards as NFEN4 writes them.
fn with_fields(
    board: [Option<PlacedOf<Cross>>; 121],
    side: Seat,
    pools: [u8; 4],
    keeps: &str,
    graves: &str,
) -> CrossPosition {
    let keeps: Vec<Vec<Kind>> = keeps
        .split('/')
        .map(|k| items(k).into_iter().map(kind).collect())
        .collect();
    let graves: Vec<GraveSetup> = graves.split('/').map(grave).collect();
    let s = CrossSetup {
        board,
        side,
        pools,
        keeps: keeps.try_into().unwrap(),
        graves: graves.try_into().unwrap(),
        freezes: Vec::new(),
    };
    CrossPosition::from_cross_setup(cat(), &s).unwrap()
}

/// A piece as the board field writes it: `sB`, `wR`, `n[N02]`, `e[+M06]`.
fn placed(token: &str) -> PlacedOf<Cross> {
    let side = Seat::from_letter(token.chars().next().unwrap()).unwrap();
    let rest = &token[1..];
    let (piece, dratped) = match rest {
        "B" => (Piece::BlackGulled, false),
        "R" => (Piece::RedGulled, false),
        _ => {
            let inner = rest.trim_start_matches('[').trim_end_matches(']');
            let dratped = inner.starts_with('+');
            let id = inner.trim_start_matches('+');
            let k = kind(id);
            (
                if id.starts_with('N') {
                    Piece::Navia(k)
                } else {
                    Piece::Maseitai(k)
                },
                dratped,
            )
        }
    };
    PlacedOf { side, piece, dratped }
}

/// A position with the pieces named, and each seat's Navia on its Navia square (F5) unless another square holds
/// it: `pieces` as `(square, piece)`.
fn built(pieces: &[(&str, &str)], side: Seat, pools: [u8; 4], keeps: &str, graves: &str) -> CrossPosition {
    let mut board = [None; 121];
    let navias = [("f1", "s[N01]"), ("a6", "w[N03]"), ("f11", "n[N02]"), ("k6", "e[N04]")];
    for (at, navia) in navias {
        let id = &navia[2..5];
        if !pieces.iter().any(|(_, p)| p.contains(id)) {
            board[sq(at).index()] = Some(placed(navia));
        }
    }
    for (at, p) in pieces {
        board[sq(at).index()] = Some(placed(p));
    }
    with_fields(board, side, pools, keeps, graves)
}

fn texts(p: &CrossPosition) -> BTreeSet<String> {
    p.legal_actions().iter().map(|a| action_text(a, cat())).collect()
}

fn strings(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(String::from).collect()
}

/// Whether an action uses a piece of the declared kind (F20, F26): `N`, `B`, `R` or a Maseitai id.
fn of_kind(p: &CrossPosition, a: &CrossAction, declared: &str) -> bool {
    match (p.acting_piece(a), declared) {
        (Some(Piece::Navia(_)), "N") | (Some(Piece::BlackGulled), "B") | (Some(Piece::RedGulled), "R") => true,
        (Some(Piece::Maseitai(k)), id) => cat().get(k).code.to_string() == id,
        _ => false,
    }
}

/// The position-level list filtered by a declaration: what the spec's `legal` shows for a seat that declared
/// `declared` and still has such an action (the round layer applies the declaration).
fn declared(p: &CrossPosition, declared: &str) -> BTreeSet<String> {
    p.legal_actions()
        .iter()
        .filter(|a| of_kind(p, a, declared))
        .map(|a| action_text(a, cat()))
        .collect()
}

/// Parse `text` against `p` (it must be legal and print back the same), then play it.
fn play(p: &CrossPosition, text: &str) -> CrossPosition {
    let a = parse_action(text, p).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(action_text(&a, cat()), text);
    let next = p.play(&a);
    assert_eq!(next.key(), next.compute_key(), "{text}");
    next
}

/// The position with `seat` to act, as the round layer sets it (F25).
fn with_side(p: &CrossPosition, seat: Seat) -> CrossPosition {
    let mut q = *p;
    q.set_side(seat);
    assert_eq!(q.key(), q.compute_key());
    q
}

fn at(p: &CrossPosition, name: &str) -> Option<String> {
    p.piece_at(sq(name)).map(|pl| {
        let body = match pl.piece {
            Piece::BlackGulled => "B".to_string(),
            Piece::RedGulled => "R".to_string(),
            Piece::Navia(k) | Piece::Maseitai(k) => {
                format!("[{}{}]", if pl.dratped { "+" } else { "" }, cat().get(k).code)
            }
        };
        format!("{}{body}", pl.side.letter())
    })
}

fn winner(p: &CrossPosition) -> Option<(Seat, WinReason)> {
    p.outcome().map(|o| (o.winner, o.reason))
}

// ---------------------------------------------------------------- T1–T6: Navia takes, check, the two wins

#[test]
fn t1_f14_one_action_per_empty_pharaoh_square_and_the_navia_changes_team() {
    let t1 = position(
        "3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/7/3s[N01]3",
        Seat::South,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert_eq!(declared(&t1, "B"), strings("d5d6=c3 d5d6=c9 d5d6=i3 d5d6=i9"));
    assert!(t1.in_check(Seat::West), "F17: South's Gulled could take West's Navia");
    let a = parse_action("d5d6=c9", &t1).unwrap();
    assert!(t1.takes_piece(&a));
    assert_eq!(t1.acting_piece(&a), Some(Piece::BlackGulled));
    let after = play(&t1, "d5d6=c9");
    assert_eq!(
        cross_board_text(&after),
        "3n[N02]3/7/2s[N03]8/11/11/3sB6e[N04]/11/1wB9/11/7/3s[N01]3"
    );
    assert_eq!(at(&after, "c9").as_deref(), Some("s[N03]"));
    assert_eq!(after.pool(Seat::South), 31, "1 for the Gulled move + 30 (F14)");
    assert_eq!(after.navias_held(Seat::South), 2);
    assert_eq!(after.navias_held(Seat::West), 0);
    assert_eq!(after.outcome(), None, "F15: a taken Navia does not end the game");
    // The fallback (F26): West has no Navia left; every action of its team is the Gulled's.
    let west = with_side(&after, Seat::West);
    assert!(declared(&west, "N").is_empty());
    assert_eq!(texts(&west), strings("b4c4"));
}

#[test]
fn f14_f37_a_navia_take_names_its_pharaoh_square_and_only_an_empty_one() {
    let t1 = position(
        "3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/7/3s[N01]3",
        Seat::South,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    let e = parse_action("d5d6", &t1).unwrap_err();
    assert!(
        matches!(e, MoveError::Illegal(..)) && e.to_string().contains("Pharaoh"),
        "{e}"
    );
    assert!(
        matches!(parse_action("d5d6=d7", &t1), Err(MoveError::Illegal(..))),
        "d7 is no Pharaoh square"
    );
    assert!(matches!(parse_action("d5=c9", &t1), Err(MoveError::Syntax(..))));
    assert!(matches!(parse_action("d5d6=", &t1), Err(MoveError::Syntax(..))));
    assert!(matches!(parse_action("d5d6=c9^", &t1), Err(MoveError::Syntax(..))));
    // The duel has no Pharaoh squares nor seat tokens: its grammar does not change.
    let duel = dratp::rules::parse_nfen(START_NFEN, Catalogue::builtin()).unwrap();
    assert!(matches!(parse_action("b2b3=c3", &duel), Err(MoveError::Syntax(..))));
    assert!(matches!(
        parse_action_syntax("d3+:w", Catalogue::builtin()),
        Err(MoveError::Syntax(..))
    ));
    assert!(matches!(
        parse_action_syntax("d3+:wB@c1", Catalogue::builtin()),
        Err(MoveError::Syntax(..))
    ));
}

#[test]
fn t2_f17_f29_no_empty_pharaoh_square_no_check_and_navia_dratp_wins() {
    let t2 = position(
        "3n[N02]3/7/2nB5nB2/11/11/3w[N03]6e[N04]/3sB7/11/2wB5eB2/2sB4/3s[N01]3",
        Seat::West,
        [0, 60, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert!(!t2.in_check(Seat::West), "F17: a take that F14 forbids is no check");
    assert!(!with_side(&t2, Seat::South)
        .legal_actions()
        .iter()
        .any(|a| a.from == sq("d5")));
    assert!(declared(&t2, "N").contains("d6+"));
    let after = play(&t2, "d6+");
    assert_eq!(winner(&after), Some((Seat::West, WinReason::NaviaDratp)));
    assert!(after.legal_actions().is_empty());
}

#[test]
fn t2b_f17_f29_a_free_pharaoh_square_gives_check_and_the_navia_steps_out_to_dratp() {
    let t2b = position(
        "3n[N02]3/7/8nB2/11/11/3w[N03]6e[N04]/3sB7/11/2wB5eB2/2sB4/3s[N01]3",
        Seat::West,
        [0, 60, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert!(t2b.in_check(Seat::West));
    assert!(declared(&with_side(&t2b, Seat::South), "B").contains("d5d6=c9"));
    let west = texts(&t2b);
    assert!(!west.contains("d6+"), "F29: not while in check");
    assert!(west.contains("d6c5+"), "on c5 the Navia is not in check");
    let after = play(&t2b, "d6c5+");
    assert_eq!(winner(&after), Some((Seat::West, WinReason::NaviaDratp)));
}

#[test]
fn t3_f14_a_navia_on_a_pharaoh_square_needs_another_empty_one() {
    let t3 = position(
        "7/7/2nB8/11/11/w[N03]9e[N04]/11/11/1wBs[N02]5eB2/7/3s[N01]3",
        Seat::West,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert_eq!(declared(&t3, "B"), strings("b3c3=i9"));
    let after = play(&t3, "b3c3=i9");
    assert_eq!(at(&after, "i9").as_deref(), Some("w[N02]"));
    assert_eq!(at(&after, "c3").as_deref(), Some("wB"));
    assert_eq!(after.pool(Seat::West), 31);
    // T3b: i9 held too, so b3c3 is no action at all; the fallback leaves West its Navia.
    let t3b = position(
        "7/7/2nB5nB2/11/11/w[N03]9e[N04]/11/11/1wBs[N02]5eB2/7/3s[N01]3",
        Seat::West,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert!(declared(&t3b, "B").is_empty());
    assert!(
        !t3b.in_check(Seat::South),
        "West's take of N02 is forbidden, so it gives no check"
    );
    assert_eq!(declared(&t3b, "N"), strings("a6a5 a6a7 a6b5 a6b6 a6b7"));
}

#[test]
fn f14_f17_a_taker_standing_on_a_pharaoh_square_frees_it() {
    // Every Pharaoh square is held, South's Gulled on c3 among them: moving it empties c3.
    let p = built(
        &[("c3", "sB"), ("c4", "w[N03]"), ("i3", "eB"), ("c9", "nB"), ("i9", "nB")],
        Seat::South,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert!(p.in_check(Seat::West));
    assert_eq!(declared(&p, "B"), strings("c3c4=c3"));
    let after = play(&p, "c3c4=c3");
    assert_eq!(at(&after, "c3").as_deref(), Some("s[N03]"));
    assert_eq!(at(&after, "c4").as_deref(), Some("sB"));
}

#[test]
fn t4_f28_three_navia_win_at_once_and_nothing_follows_the_take() {
    let board = "7/4nB2/11/11/4e[N04]6/w[N03]3sB6/11/11/2s[N02]8/7/3s[N01]3";
    let t4 = position(board, Seat::South, [0; 4], "-/-/-/-", "-/-/-/-");
    assert_eq!(declared(&t4, "B"), strings("e6e7=c9 e6e7=i3 e6e7=i9"));
    let after = play(&t4, "e6e7=i9");
    assert_eq!(winner(&after), Some((Seat::South, WinReason::ThreeNavia)));
    assert_eq!(after.navias_held(Seat::South), 3);
    assert!(after.legal_actions().is_empty());
    // A Troll taking the third Navia may not dratp after it (F26: the game is over at once).
    let troll = built(
        &[
            ("f1", "s[N01]"),
            ("c3", "s[N02]"),
            ("d6", "s[M01]"),
            ("e7", "e[N04]"),
            ("b4", "w[N03]"),
        ],
        Seat::South,
        [30, 0, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    let takes: BTreeSet<String> = texts(&troll).into_iter().filter(|t| t.starts_with("d6e7")).collect();
    assert_eq!(takes, strings("d6e7=c9 d6e7=i3 d6e7=i9"));
}

#[test]
fn t5_f16_f28_a_seat_without_its_own_navia_wins_by_three() {
    let board = "7/2nB4/11/5wBn[N03]4/w[N02]10/10e[N04]/11/11/2w[N01]8/2sB4/7";
    let t5 = position(board, Seat::West, [0; 4], "M01,M02/M15/-/-", "-/-/-/-");
    assert_eq!(declared(&t5, "B"), strings("f8g8=c9 f8g8=i3 f8g8=i9"));
    for t in ["f8g8=c9", "f8g8=i3", "f8g8=i9"] {
        assert_eq!(winner(&play(&t5, t)), Some((Seat::West, WinReason::ThreeNavia)), "{t}");
    }
    // F16: South, without a Navia, summons no Navia Guard (Troll) but may summon M02.
    let south = with_side(&t5, Seat::South);
    assert!(declared(&south, "M01").is_empty());
    assert!(!declared(&south, "M02").is_empty());
    // West's Navia Guard goes next to either of its Navias (F5, F16).
    let guards: BTreeSet<String> = declared(&t5, "M15");
    let around: BTreeSet<String> = [
        "b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4", "a6", "a8", "b6", "b7", "b8",
    ]
    .iter()
    .filter(|s| s.parse::<Sq>().is_ok() && t5.piece_at(sq(s)).is_none())
    .map(|s| format!("M15@{s}"))
    .collect();
    assert_eq!(guards, around);
}

#[test]
fn t6_f29_a_taken_navia_dratps_for_its_new_team_unless_in_check() {
    let t6 = position(
        "7/7/8n[N03]2/11/9e[N02]1/10e[N04]/1wB9/11/11/7/3s[N01]3",
        Seat::North,
        [0, 0, 60, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    let north = texts(&t6);
    assert!(north.contains("i9+"));
    assert!(north.contains("i9i8") && !north.contains("i9i8+") && !north.contains("i9j8+"));
    assert!(north.contains("i9h9+"), "h9 is out of reach of East's Navia");
    assert_eq!(winner(&play(&t6, "i9+")), Some((Seat::North, WinReason::NaviaDratp)));
    // T6b: East's Gulled on j9 can take i9 (c3, i3 and c9 are empty).
    let t6b = position(
        "7/7/8n[N03]eB1/11/9e[N02]1/10e[N04]/1wB9/11/11/7/3s[N01]3",
        Seat::North,
        [0, 0, 60, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert!(t6b.in_check(Seat::North));
    assert!(!texts(&t6b).contains("i9+"));
}

#[test]
fn f14_f15_a_navia_takes_a_navia_and_dratps_with_the_thirty() {
    // South's Navia on e5 with 30 in the pool takes West's Navia on e6: 30 more make 60, and it dratps (F29).
    let p = built(
        &[("e5", "s[N01]"), ("e6", "w[N03]")],
        Seat::South,
        [30, 0, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    let n = declared(&p, "N");
    assert!(n.contains("e5e6=c3+") && n.contains("e5e6=i9"));
    assert!(!n.contains("e5+"), "30 are not enough in place");
    let after = play(&p, "e5e6=c3+");
    assert_eq!(winner(&after), Some((Seat::South, WinReason::NaviaDratp)));
    assert_eq!(at(&after, "c3").as_deref(), Some("s[N03]"));
    assert_eq!(after.pool(Seat::South), 0);
}

#[test]
fn f14_the_thirty_are_paid_before_a_following_dratp_capped_and_never_doubled() {
    // South's undratped Troll on e5 takes West's Navia on f6 (forward-right) with an empty pool, then dratps:
    // f6 is in the reduction zone, so the dratp costs 2 of the 30 (R17).
    let p = built(
        &[("e5", "s[M01]"), ("f6", "w[N03]")],
        Seat::South,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    let troll = declared(&p, "M01");
    assert!(troll.contains("e5f6=i9+") && troll.contains("e5f6=i9"));
    let after = play(&p, "e5f6=i9+");
    assert_eq!(after.pool(Seat::South), 28);
    assert_eq!(at(&after, "f6").as_deref(), Some("s[+M01]"));
    assert_eq!(at(&after, "i9").as_deref(), Some("s[N03]"));
    // R12: the gain is capped at the vault.
    let rich = built(
        &[("e5", "s[M01]"), ("f6", "w[N03]")],
        Seat::South,
        [50, 0, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert_eq!(play(&rich, "e5f6=c3").pool(Seat::South), 60);
    // Matogayu doubles battle pieces only: the Navia pays 30, a black Gulled 2.
    let mato = built(
        &[("e5", "s[+M16]"), ("f6", "w[N03]"), ("d6", "nB")],
        Seat::South,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert_eq!(play(&mato, "e5f6=c3").pool(Seat::South), 30);
    assert_eq!(play(&mato, "e5d6").pool(Seat::South), 2);
}

#[test]
fn f37_a_navia_take_then_a_dratp_with_a_choice_reads_as_the_spec_writes_it() {
    // Tiny Kiggoshi (dratp: remove any-battle, sacrifice) takes West's Navia on f6 with an empty pool; the 30
    // pay the dratp (7 in the reduction zone), whose choice removes North's Gulled on d4: `e5f6=i9+:d4` (F37).
    let p = built(
        &[("e5", "s[M07]"), ("f6", "w[N03]"), ("d4", "nB")],
        Seat::South,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    let a = parse_action("e5f6=i9+:d4", &p).unwrap();
    assert_eq!(a.pharaoh, Some(sq("i9")));
    assert_eq!(a.follow, dratp::rules::Follow::Dratp);
    let after = play(&p, "e5f6=i9+:d4");
    assert_eq!(at(&after, "i9").as_deref(), Some("s[N03]"));
    assert_eq!(at(&after, "d4"), None);
    assert_eq!(at(&after, "f6"), None, "Tiny Kiggoshi is sacrificed");
    assert_eq!(after.pool(Seat::South), 30 - 7);
    assert_eq!(after.grave(Seat::North).black, 1);
}

#[test]
fn d17_f14_revenge_never_removes_a_navia() {
    // South's Navia takes North's dratped Papillonera: the Navia stays (R21).
    let p = built(
        &[("e5", "s[N01]"), ("e6", "n[+M31]")],
        Seat::South,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    let after = play(&p, "e5e6");
    assert_eq!(at(&after, "e6").as_deref(), Some("s[N01]"));
    assert_eq!(after.grave(Seat::North).maseitai.as_slice(), &[kind("M31")]);
}

// ---------------------------------------------------------------- T11–T13: whole-team lists, compasses, line over

#[test]
fn t11_f26_the_whole_team_after_the_declared_piece_is_taken() {
    let t11 = position(
        "3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/2wBs[M04]7/11/2sB4/3s[N01]3",
        Seat::West,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    let after = play(&t11, "c4d4");
    assert_eq!(after.pool(Seat::West), 6, "1 for the move + 5 for the Garrison");
    let south = with_side(&after, Seat::South);
    assert!(declared(&south, "M04").is_empty());
    assert_eq!(texts(&south), strings("e2e3 f1e1 f1f2 f1g1 f1g2"));
}

#[test]
fn t12_f3_f4_turned_compasses_and_notch_bounces_in_action_text() {
    let board = "3n[N02]3/7/11/11/11/w[N03]4s[+M90]w[M90]3e[N04]/11/4s[+M90]6/9eB1/6s[M01]/3s[N01]3";
    let south = position(board, Seat::South, [0; 4], "-/-/-/-", "-/-/-/-");
    assert_eq!(declared(&south, "M90"), strings("e4c2 e4d1 e4d3 f6c3 f6d4 f6e5"));
    assert_eq!(declared(&south, "M01"), strings("i2h1 i2h3 i2j3"));
    let west = with_side(&south, Seat::West);
    assert_eq!(declared(&west, "M90"), strings("g6c10 g6d9 g6e8 g6f7"));
    // Two-digit ranks read whole (F1, F37).
    let after = play(&west, "g6c10");
    assert_eq!(at(&after, "c10").as_deref(), Some("w[M90]"));
}

#[test]
fn t13_f8_line_over_only_across_the_opposite_end_line() {
    let board = "2sBn[N02]3/7/sR10/11/11/w[N03]9e[N04]/eB10/11/11/7/3s[N01]3";
    let south = position(board, Seat::South, [0; 4], "-/-/-/-", "-/-/-/-");
    assert_eq!(declared(&south, "B"), strings("e11^:G"));
    assert!(
        declared(&south, "R").is_empty(),
        "a10 and b10 do not exist; west is not North's end line"
    );
    let after = play(&south, "e11^:G");
    assert_eq!(after.pool(Seat::South), 11);
    assert_eq!(after.grave(Seat::South).black, 1);
    let east = with_side(&south, Seat::East);
    assert_eq!(declared(&east, "B"), strings("a5^:G"));
    assert!(
        !texts(&south).iter().any(|t| t.starts_with("f1^")),
        "F8: no Navia goal on the cross"
    );
    let e = parse_action("f11^", &south).unwrap_err();
    assert!(
        matches!(e, MoveError::Syntax(..)) && e.to_string().contains("no Navia goal"),
        "{e}"
    );
}

// ---------------------------------------------------------------- F18: effects with four seats

#[test]
fn f18_drain_names_any_other_seat_on_a_dratp() {
    // Sungyullas (dratp: drain 15, sacrifice).
    let p = built(&[("e5", "s[M19]")], Seat::South, [8, 0, 20, 5], "-/-/-/-", "-/-/-/-");
    let in_place: BTreeSet<String> = declared(&p, "M19")
        .into_iter()
        .filter(|t| t.starts_with("e5+"))
        .collect();
    assert_eq!(in_place, strings("e5+:e e5+:n e5+:w"));
    assert!(matches!(parse_action("e5+", &p), Err(MoveError::Illegal(..))));
    assert!(
        matches!(parse_action("e5+:s", &p), Err(MoveError::Illegal(..))),
        "never the actor's own seat"
    );
    let after = play(&p, "e5+:n");
    assert_eq!(
        [Seat::South, Seat::West, Seat::North, Seat::East].map(|s| after.pool(s)),
        [0, 0, 5, 5]
    );
    assert_eq!(after.grave(Seat::South).maseitai.as_slice(), &[kind("M19")]);
}

#[test]
fn f18_d27_an_invoked_drain_names_only_a_seat_with_gyullas() {
    // Chakrabat dratped (invoke 2: drain 4).
    let p = built(&[("e5", "s[+M30]")], Seat::South, [2, 0, 3, 0], "-/-/-/-", "-/-/-/-");
    let in_place: BTreeSet<String> = declared(&p, "M30")
        .into_iter()
        .filter(|t| t.starts_with("e5*"))
        .collect();
    assert_eq!(in_place, strings("e5*:n"));
    assert_eq!(play(&p, "e5*:n").pool(Seat::North), 0);
    let dry = built(&[("e5", "s[+M30]")], Seat::South, [2, 0, 0, 0], "-/-/-/-", "-/-/-/-");
    assert!(
        !texts(&dry).iter().any(|t| t.contains('*')),
        "D27: no seat to drain, no invoke"
    );
}

#[test]
fn f18_d26_steal_from_any_other_seats_graveyard_naming_it() {
    // Neso (dratp: steal to own-summon); South's eight summon squares are empty.
    let p = built(
        &[("e5", "s[M41]")],
        Seat::South,
        [8, 0, 0, 0],
        "-/-/-/-",
        "M02/B/M05,R/-",
    );
    let steals: BTreeSet<String> = declared(&p, "M41")
        .into_iter()
        .filter(|t| t.starts_with("e5+"))
        .collect();
    assert_eq!(steals.len(), 3 * 8, "West's B, North's M05 and R, onto 8 squares");
    assert!(steals.contains("e5+:wB@c1") && steals.contains("e5+:nM05@c2") && steals.contains("e5+:nR@i2"));
    assert!(
        !steals.iter().any(|t| t.contains(":s") || t.contains(":e")),
        "not its own, nor an empty one"
    );
    let after = play(&p, "e5+:nM05@c2");
    assert_eq!(at(&after, "c2").as_deref(), Some("s[M05]"));
    assert!(after.grave(Seat::North).maseitai.is_empty());
    assert_eq!(after.grave(Seat::North).red, 1);
    let after = play(&p, "e5+:wB@c1");
    assert_eq!(at(&after, "c1").as_deref(), Some("sB"));
    assert_eq!(after.grave(Seat::West).black, 0);
}

#[test]
fn f18_gain_per_grave_counts_all_four_graveyards() {
    // Gyullasbon (cost 2, dratp: gain-per-grave): 5 battle pieces lie in the four graveyards.
    let p = built(
        &[("e5", "s[M38]")],
        Seat::South,
        [2, 0, 0, 0],
        "-/-/-/-",
        "B/B,M05/R/M03",
    );
    assert_eq!(play(&p, "e5+").pool(Seat::South), 5);
}

#[test]
fn f18_d24_enemy_summon_and_outposts_bar_every_other_seat() {
    // Oriondober (cost 5, dratp: relocate itself to enemy-summon): any other seat's empty summon square.
    let p = built(&[("e5", "s[M43]")], Seat::South, [5, 0, 0, 0], "-/-/-/-", "-/-/-/-");
    let targets: BTreeSet<String> = declared(&p, "M43")
        .into_iter()
        .filter_map(|t| t.strip_prefix("e5+:").map(String::from))
        .collect();
    let others = "a3 a4 a5 a7 a8 a9 b3 b9 c11 d11 e11 g11 h11 i11 c10 i10 k3 k4 k5 k7 k8 k9 j3 j9";
    assert_eq!(targets, strings(others));
    // Dratped on West's b9, its dots a9 (West's) and c10 (North's) are closed to both seats' summons, and West's
    // Gulled on a9 cannot take it.
    let out = built(
        &[("b9", "s[+M43]"), ("a8", "wB")],
        Seat::West,
        [0; 4],
        "-/M17/M09/-",
        "-/-/-/-",
    );
    let west = declared(&out, "M17");
    assert!(!west.contains("M17@a9") && west.contains("M17@a7"));
    let north = declared(&with_side(&out, Seat::North), "M09");
    assert!(!north.contains("M09@c10") && north.contains("M09@i10") && north.contains("M09@c11"));
    let plain = built(
        &[("b9", "s[+M43]"), ("a9", "wB")],
        Seat::West,
        [0; 4],
        "-/M17/M09/-",
        "-/-/-/-",
    );
    assert!(
        !texts(&plain).contains("a9b9"),
        "D24: an outpost cannot be taken by moves"
    );
}

/// The in-place dratp of the piece on `from` by the seat to act, its tokens only (`e5+:c5` gives `c5`).
fn dratp_tokens(p: &CrossPosition, from: &str) -> BTreeSet<String> {
    let prefix = format!("{from}+:");
    texts(p)
        .into_iter()
        .filter_map(|t| t.strip_prefix(&prefix).map(String::from))
        .collect()
}

#[test]
fn f18_d3_targets_are_any_teams_battle_pieces_never_a_navia() {
    // Tiny Kiggoshi (dratp: remove any-battle, sacrifice).
    let cost = cat().get(kind("M07")).cost;
    let p = built(
        &[("e5", "s[M07]"), ("c5", "wB"), ("g8", "nR"), ("j4", "eB"), ("d3", "sB")],
        Seat::South,
        [cost, 0, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert_eq!(dratp_tokens(&p, "e5"), strings("c5 d3 g8 j4"));
    let after = play(&p, "e5+:g8");
    assert_eq!(at(&after, "g8"), None);
    assert_eq!(after.grave(Seat::North).red, 1);
    assert_eq!(after.pool(Seat::South), 0, "R14: no gyullas for a removal");
}

#[test]
fn f17_d16_a_frozen_piece_gives_no_check() {
    // North's Gulled on f2 steps south onto South's Navia on f1; South's Kanaba (dratp: freeze any-battle)
    // freezes it.
    let cost = cat().get(kind("M18")).cost;
    let p = built(
        &[("e5", "s[M18]"), ("f2", "nB")],
        Seat::South,
        [cost, 0, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert!(p.in_check(Seat::South));
    let a = parse_action("e5+:f2", &p).unwrap();
    assert!(!p.takes_piece(&a), "R14: an effect takes nothing");
    let after = play(&p, "e5+:f2");
    assert!(!after.in_check(Seat::South));
    assert!(!with_side(&after, Seat::North)
        .legal_actions()
        .iter()
        .any(|a| a.from == sq("f2")));
}

#[test]
fn f18_d7_bounty_is_paid_when_any_other_team_takes_the_troll() {
    let p = built(
        &[("e5", "s[+M01]"), ("f5", "eB")],
        Seat::East,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    let after = play(&p, "f5e5");
    assert_eq!(after.pool(Seat::South), 10);
    assert_eq!(after.pool(Seat::East), 1 + 4);
}

#[test]
fn f18_d17_revenge_is_taken_on_any_other_team() {
    let p = built(
        &[("e5", "n[+M31]"), ("d5", "wB")],
        Seat::West,
        [0; 4],
        "-/-/-/-",
        "-/-/-/-",
    );
    let a = parse_action("d5e5", &p).unwrap();
    assert!(p.takes_piece(&a));
    let after = p.play(&a);
    assert_eq!(at(&after, "e5"), None);
    assert_eq!(after.grave(Seat::West).black, 1);
    assert_eq!(after.grave(Seat::North).maseitai.as_slice(), &[kind("M31")]);
}

#[test]
fn f16_f18_schmidt_goes_next_to_any_navia_of_its_team() {
    // West holds its own N03 on a6 and South's N01 on c3; Schmidt dratped (invoke 2: relocate itself to
    // navia-ring).
    let p = built(
        &[("e5", "w[+M15]"), ("c3", "w[N01]")],
        Seat::West,
        [0, 2, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    let targets: BTreeSet<String> = declared(&p, "M15")
        .into_iter()
        .filter_map(|t| t.strip_prefix("e5*:").map(String::from))
        .collect();
    assert_eq!(targets, strings("a5 a7 b5 b6 b7 b3 b4 c2 c4 d2 d3 d4"));
    // A team without a Navia has no ring: South cannot invoke its Schmidt.
    let none = built(
        &[("e5", "s[+M15]"), ("c3", "w[N01]")],
        Seat::South,
        [2, 0, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    assert!(!texts(&none).iter().any(|t| t.starts_with("e5*")));
}

#[test]
fn f18_d21_odd_fills_the_seats_own_gulled_rank_left_to_right() {
    // Odd (cost 6, dratp: revive-gulled); West's left → right is rank 9 → 3, North's i → c (F2).
    let west = built(&[("e5", "w[M25]")], Seat::West, [0, 6, 0, 0], "-/-/-/-", "-/B,B/-/-");
    let after = play(&west, "e5+");
    assert_eq!(at(&after, "b9").as_deref(), Some("wB"));
    assert_eq!(at(&after, "b8").as_deref(), Some("wB"));
    assert_eq!(at(&after, "b7"), None);
    assert_eq!(after.grave(Seat::West).black, 0);
    let north = built(
        &[("e5", "n[M25]"), ("i10", "sB")],
        Seat::North,
        [0, 0, 6, 0],
        "-/-/-/-",
        "-/-/B,B/-",
    );
    let after = play(&north, "e5+");
    assert_eq!(at(&after, "h10").as_deref(), Some("nB"));
    assert_eq!(at(&after, "g10").as_deref(), Some("nB"));
    assert_eq!(at(&after, "f10"), None);
}

#[test]
fn f18_d19_billpentod_advances_the_seats_gulled_its_own_way() {
    // East's dratped Billpentod (invoke 3: advance-gulled): East's forward is west. The Gulled facing West's
    // Navia stays (R21); a Gulled facing another team's piece takes it.
    let p = built(
        &[
            ("g4", "e[+M22]"),
            ("j5", "eB"),
            ("j7", "eB"),
            ("i7", "w[N03]"),
            ("h3", "eB"),
            ("g3", "sB"),
        ],
        Seat::East,
        [0, 0, 0, 3],
        "-/-/-/-",
        "-/-/-/-",
    );
    let after = play(&p, "g4*");
    assert_eq!(at(&after, "i5").as_deref(), Some("eB"));
    assert_eq!(at(&after, "j7").as_deref(), Some("eB"));
    assert_eq!(at(&after, "g3").as_deref(), Some("eB"));
    assert_eq!(after.grave(Seat::South).black, 1);
    assert_eq!(
        after.pool(Seat::East),
        1,
        "the capture's reward; the steps earn nothing"
    );
}

#[test]
fn f18_d22_midrahs_file_is_the_line_along_the_seats_forward() {
    // West's Midrah (cost 11, dratp: remove-area file): West's file through d7 is rank 7.
    let p = built(
        &[
            ("d7", "w[M17]"),
            ("c7", "nB"),
            ("h7", "sB"),
            ("b7", "wB"),
            ("d8", "eB"),
            ("j7", "e[N04]"),
        ],
        Seat::West,
        [0, 11, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    let after = play(&p, "d7+");
    for gone in ["c7", "h7", "b7"] {
        assert_eq!(at(&after, gone), None, "{gone}");
    }
    assert_eq!(at(&after, "d8").as_deref(), Some("eB"));
    assert_eq!(at(&after, "j7").as_deref(), Some("e[N04]"));
    assert_eq!(at(&after, "d7").as_deref(), Some("w[+M17]"));
}

#[test]
fn f14_d20_tagus_further_move_takes_a_navia_onto_a_pharaoh_square() {
    // South's Tagu (cost 12, dratp: extra-moves 2, sacrifice); its Gulled on e5 faces West's Navia on e6.
    let p = built(
        &[("e4", "s[M32]"), ("e5", "sB"), ("e6", "w[N03]")],
        Seat::South,
        [12, 0, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    let all = texts(&p);
    for t in ["e4+:e5e6=c3,e6e7", "e4+:e5e6=i9,e6e7"] {
        assert!(all.contains(t), "{t}");
    }
    assert!(
        !all.iter().any(|t| t.starts_with("e4+:e5e6,")),
        "F14: the take names a Pharaoh square"
    );
    let a = parse_action("e4+:e5e6=i9,e6e7", &p).unwrap();
    assert!(p.takes_piece(&a));
    let plain = parse_action("e4+:e5e6=c3,e6e7", &p).unwrap();
    assert!(p.takes_piece(&plain));
    let after = play(&p, "e4+:e5e6=i9,e6e7");
    assert_eq!(at(&after, "i9").as_deref(), Some("s[N03]"));
    assert_eq!(at(&after, "e7").as_deref(), Some("sB"));
    assert_eq!(at(&after, "e4"), None, "Tagu is sacrificed");
    assert_eq!(after.pool(Seat::South), 1 + 30 + 1);
    // Further moves that take nothing are no capture (F24).
    let quiet = built(
        &[("e4", "s[M32]"), ("e5", "sB")],
        Seat::South,
        [12, 0, 0, 0],
        "-/-/-/-",
        "-/-/-/-",
    );
    for a in quiet.legal_actions() {
        assert!(!quiet.takes_piece(&a), "{}", action_text(&a, cat()));
    }
}

// ---------------------------------------------------------------- random playouts

/// A sink that keeps effect families unexpanded, as the search's staged move list does.
#[derive(Default)]
struct Heads {
    actions: Vec<CrossAction>,
    heads: Vec<CrossAction>,
}

impl ActionSink<Cross> for Heads {
    fn push(&mut self, a: CrossAction) {
        self.actions.push(a);
    }

    fn push_family(&mut self, family: Family<'_, Cross>) {
        self.heads.push(family.head());
    }
}

/// What the search sees must be what `legal_actions` lists: the count, the reach map's list with families
/// expanded later, and check read from the map.
fn same_for_the_search(p: &CrossPosition, legal: &[CrossAction]) {
    assert_eq!(p.count_actions(), legal.len() as u64);
    let map = p.reach_map();
    let mut staged = Heads::default();
    p.generate_with(&map, &mut staged);
    let mut all = staged.actions;
    for head in &staged.heads {
        p.expand_family(head, &mut all);
    }
    let sorted = |v: &[CrossAction]| -> Vec<String> {
        let mut t: Vec<String> = v.iter().map(|a| action_text(a, Catalogue::builtin())).collect();
        t.sort();
        t
    };
    assert_eq!(sorted(&all), sorted(legal));
    for seat in [Seat::South, Seat::West, Seat::North, Seat::East] {
        assert_eq!(map.in_check(p, seat), p.in_check(seat), "{seat:?}");
    }
}

#[test]
fn playouts_keep_the_key_and_the_action_text_in_step() {
    let cat = Catalogue::builtin();
    let start = CrossPosition::from_cross_setup(cat, &cross_start_setup(&default_forces4(cat).unwrap())).unwrap();
    let order = [Seat::South, Seat::West, Seat::North, Seat::East];
    let mut rng = Rng::new(0x4EA7);
    let (mut actions, mut takes, mut navia_takes, mut ends) = (0, 0, 0, 0);
    for game in 0..24 {
        let mut p = start;
        for ply in 0..240 {
            p.set_side(order[(game + ply) % 4]);
            assert_eq!(p.key(), p.compute_key());
            let legal = p.legal_actions();
            if legal.is_empty() {
                break;
            }
            same_for_the_search(&p, &legal);
            let mut seen = BTreeSet::new();
            for a in &legal {
                let t = action_text(a, cat);
                assert_eq!(parse_action(&t, &p).as_ref(), Ok(a), "{t}");
                assert!(seen.insert(t), "two actions print the same text");
            }
            let a = legal[rng.below(legal.len())];
            takes += usize::from(p.takes_piece(&a));
            navia_takes += usize::from(a.pharaoh.is_some());
            assert!(p.acting_piece(&a).is_some());
            p = p.play(&a);
            actions += 1;
            assert_eq!(p.key(), p.compute_key(), "after {}", action_text(&a, cat));
            let navias: u32 = order.iter().map(|&s| p.navias_held(s)).sum();
            assert_eq!(navias, 4, "F8: no Navia ever leaves the cross");
            if p.outcome().is_some() {
                ends += 1;
                break;
            }
        }
    }
    assert!(
        actions > 2000 && takes > 50 && navia_takes > 0 && ends > 0,
        "{actions} actions, {takes} takes, {navia_takes} Navia takes, {ends} ends"
    );
}
