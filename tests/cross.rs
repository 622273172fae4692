//! The four-player cross (F1–F8): squares and names, compass turns, and every precomputed table checked
//! against a slow recomputation straight from the rule text.

use std::collections::BTreeSet;

use dratp::rules::catalogue::{FaceTables, MarkKind, Ray};
use dratp::rules::zobrist::KeyTable;
use dratp::rules::{BitboardOf, Catalogue, Cross, Geometry, Seat, SquareOf};

type Sq = SquareOf<Cross>;
type Bb = BitboardOf<Cross>;

const FILES: &str = "abcdefghijk";

/// F1 read literally: a square exists unless its file is a, b, j or k and its rank is 1, 2, 10 or 11.
fn exists(file: i8, rank: i8) -> bool {
    let on = (0..11).contains(&file) && (0..11).contains(&rank);
    let corner_file = [0, 1, 9, 10].contains(&file);
    let corner_rank = [0, 1, 9, 10].contains(&rank);
    on && !(corner_file && corner_rank)
}

/// The 0-based coordinates of a square name, without asking the library.
fn coords(name: &str) -> (i8, i8) {
    let file = FILES.find(&name[..1]).unwrap() as i8;
    let rank: i8 = name[1..].parse().unwrap();
    (file, rank - 1)
}

fn at(file: i8, rank: i8) -> Sq {
    Sq::new(file, rank).unwrap_or_else(|| panic!("({file}, {rank}) is not a square"))
}

fn sq(name: &str) -> Sq {
    let (f, r) = coords(name);
    at(f, r)
}

fn set(names: &str) -> Bb {
    names.split_whitespace().fold(Bb::EMPTY, |b, n| b | sq(n).bb())
}

fn names(b: Bb) -> BTreeSet<String> {
    b.map(|s| s.to_string()).collect()
}

fn all_coords() -> impl Iterator<Item = (i8, i8)> {
    (0..11)
        .flat_map(|r| (0..11).map(move |f| (f, r)))
        .filter(|&(f, r)| exists(f, r))
}

const DIRS: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

#[test]
fn f1_the_cross_has_105_squares_and_four_cut_corners() {
    assert_eq!(Bb::FULL.count(), 105);
    assert_eq!(Sq::all().count(), 105);
    assert_eq!(Cross::SQUARES, 121);
    for r in 0..11 {
        for f in 0..11 {
            assert_eq!(Cross::on_board(f, r), exists(f, r), "({f}, {r})");
            assert_eq!(Sq::new(f, r).is_some(), exists(f, r));
            if let Some(s) = Sq::new(f, r) {
                assert_eq!(s.index(), (r * 11 + f) as usize, "index = (rank − 1) × 11 + file");
                assert!(Bb::FULL.has(s));
            }
        }
    }
    for r in [-1, 11] {
        assert!(!Cross::on_board(5, r) && !Cross::on_board(r, 5));
    }
    // Ranks 1, 2, 10, 11 hold 7 squares, ranks 3–9 hold 11.
    for r in 0..11 {
        let n = Sq::all().filter(|s| s.rank() == r).count();
        assert_eq!(n, if [0, 1, 9, 10].contains(&r) { 7 } else { 11 }, "rank {}", r + 1);
    }
}

#[test]
fn f1_square_names_round_trip_and_holes_have_none() {
    for s in Sq::all() {
        let name = s.to_string();
        assert_eq!(Sq::from_name(&name), Some(s), "{name}");
        assert_eq!(name.parse::<Sq>(), Ok(s));
        assert_eq!(coords(&name), (s.file(), s.rank()));
    }
    for name in ["c1", "c10", "a9", "a3", "k3", "k9", "i11", "c11", "f6", "j9", "b3"] {
        assert!(Sq::from_name(name).is_some(), "{name} exists");
    }
    assert_eq!(
        Sq::from_name("c10").unwrap().index(),
        9 * 11 + 2,
        "two digits read whole"
    );
    assert_eq!(Sq::from_name("k9").unwrap().index(), 8 * 11 + 10);
    for name in [
        "a1", "b2", "j1", "k11", "a10", "b11", "k2", "j10", "a2", "b1", "k1", "j2", "a11", "k10", "l5", "c0", "c01",
        "c12", "c100", "", "c", "C3", "c+3", "c-1", "3c", "cc", "é3", " c3", "c3 ", "c1O",
    ] {
        assert_eq!(Sq::from_name(name), None, "{name:?} is not a square");
        let err = name.parse::<Sq>().unwrap_err().to_string();
        assert!(err.contains("is not a square") && !err.contains('\n'), "{err}");
    }
}

#[test]
fn f2_f9_seats_rotate_south_west_north_east_and_name_no_single_opponent() {
    assert_eq!(Cross::teams(), [Seat::South, Seat::West, Seat::North, Seat::East]);
    assert_eq!(Cross::next_team(Seat::South), Seat::West);
    assert_eq!(Cross::next_team(Seat::West), Seat::North);
    assert_eq!(Cross::next_team(Seat::North), Seat::East);
    assert_eq!(Cross::next_team(Seat::East), Seat::South);
    for s in Seat::ALL {
        assert_eq!(Cross::opponent(s), None, "F18: effects name a seat");
    }
}

#[test]
fn f3_compass_turns_follow_the_table() {
    // F3's examples: red Gulled forward-left (−1, 1) and the Troll's (0, 2).
    let table = [
        (Seat::South, (-1, 1), (0, 2)),
        (Seat::West, (1, 1), (2, 0)),
        (Seat::North, (1, -1), (0, -2)),
        (Seat::East, (-1, -1), (-2, 0)),
    ];
    for (seat, left, troll) in table {
        assert_eq!(Cross::turn(seat, -1, 1), left, "{seat:?}");
        assert_eq!(Cross::turn(seat, 0, 2), troll, "{seat:?}");
    }
    for dx in -3..=3 {
        for dy in -3..=3 {
            assert_eq!(Cross::turn(Seat::South, dx, dy), (dx, dy));
            assert_eq!(Cross::turn(Seat::West, dx, dy), (dy, -dx));
            assert_eq!(Cross::turn(Seat::North, dx, dy), (-dx, -dy));
            assert_eq!(Cross::turn(Seat::East, dx, dy), (-dy, dx));
        }
    }
    // Forward is north, east, south and west (F2).
    let forward: Vec<_> = Seat::ALL.iter().map(|&s| Cross::turn(s, 0, 1)).collect();
    assert_eq!(forward, [(0, 1), (1, 0), (0, -1), (-1, 0)]);
}

#[test]
fn r9_f4_rings_hold_every_existing_neighbour_across_notches() {
    for (f, r) in all_coords() {
        let want: Bb = DIRS
            .iter()
            .filter(|&&(dx, dy)| exists(f + dx, r + dy))
            .fold(Bb::EMPTY, |b, &(dx, dy)| b | at(f + dx, r + dy).bb());
        assert_eq!(Cross::ring(at(f, r)), want, "{}", at(f, r));
    }
    // F4: a diagonal step across a notch is a step (c2 → b3, i2 → j3).
    assert!(Cross::ring(sq("c2")).has(sq("b3")));
    assert!(Cross::ring(sq("i2")).has(sq("j3")));
    assert!(Cross::ring(sq("c10")).has(sq("b9")));
    assert_eq!(
        names(Cross::ring(sq("c1"))),
        names(set("d1 c2 d2")),
        "b1 and b2 are holes"
    );
}

#[test]
fn f4_lines_stop_before_the_first_hole() {
    for (f, r) in all_coords() {
        for (d, (dx, dy)) in (0..9).map(|d| (d, ((d % 3) as i8 - 1, (d / 3) as i8 - 1))) {
            if d == 4 {
                continue;
            }
            let mut want = Bb::EMPTY;
            let (mut x, mut y) = (f + dx, r + dy);
            while exists(x, y) {
                want |= at(x, y).bb();
                x += dx;
                y += dy;
            }
            assert_eq!(Cross::line(d, at(f, r)), want, "{} dir ({dx}, {dy})", at(f, r));
        }
    }
    // West along rank 1 from e1: d1, c1, then the hole b1.
    assert_eq!(names(Cross::line(3, sq("e1"))), names(set("d1 c1")));
    // North from a9: a10 is a hole, so nothing.
    assert!(Cross::line(7, sq("a9")).is_empty());
    // T12: West's back-left slide from g6 is board north-west and stops before the missing b11.
    let (dx, dy) = Cross::turn(Seat::West, -1, -1);
    assert_eq!((dx, dy), (-1, 1));
    let d = ((dy + 1) * 3 + dx + 1) as usize;
    assert_eq!(names(Cross::line(d, sq("g6"))), names(set("f7 e8 d9 c10")));
}

/// F4 read literally: the direction after a bounce at (x, y) going (dx, dy), or None when it turns back.
fn bounce_by_rule(x: i8, y: i8, dx: i8, dy: i8) -> Option<(i8, i8)> {
    let first = exists(x + dx, y);
    let second = exists(x, y + dy);
    let (ndx, ndy) = match (first, second) {
        (false, true) => (-dx, dy),
        (true, false) => (dx, -dy),
        (false, false) | (true, true) => (-dx, -dy),
    };
    if (ndx, ndy) == (-dx, -dy) {
        None
    } else {
        Some((ndx, ndy))
    }
}

/// The squares a bounce mark crosses on an empty board (one reflection, D12).
fn bounce_walk(from: Sq, mut dx: i8, mut dy: i8) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let (mut x, mut y) = (from.file(), from.rank());
    let mut bounced = false;
    loop {
        if !exists(x + dx, y + dy) {
            if bounced {
                break;
            }
            bounced = true;
            match Cross::bounce(at(x, y), dx, dy) {
                Some((a, b)) => (dx, dy) = (a, b),
                None => break,
            }
            continue;
        }
        x += dx;
        y += dy;
        out.insert(at(x, y).to_string());
    }
    out
}

#[test]
fn f4_bounces_reflect_off_edges_and_notches() {
    for (f, r) in all_coords() {
        for (dx, dy) in DIRS {
            if !exists(f + dx, r + dy) {
                assert_eq!(
                    Cross::bounce(at(f, r), dx, dy),
                    bounce_by_rule(f, r, dx, dy),
                    "{} ({dx}, {dy})",
                    at(f, r)
                );
            }
        }
    }
    // T12: e4 toward b1 reaches c2; b1 and b2 are missing, c1 is not: only dx turns, on to d1.
    assert_eq!(Cross::bounce(sq("c2"), -1, -1), Some((1, -1)));
    assert_eq!(bounce_walk(sq("e4"), -1, -1), names(set("d3 c2 d1")));
    // T12: f6 toward b2 ends on c3 (b3 and c2 exist, b2 does not: both turn, so it stops).
    assert_eq!(Cross::bounce(sq("c3"), -1, -1), None);
    assert_eq!(bounce_walk(sq("f6"), -1, -1), names(set("e5 d4 c3")));
    assert_eq!(bounce_walk(sq("d4"), -1, -1), names(set("c3")), "F4's own example");
    // Plain edges and the outer corners of the arms.
    assert_eq!(
        Cross::bounce(sq("c1"), -1, -1),
        None,
        "b1 missing, c0 off: both missing, reversed"
    );
    assert_eq!(
        Cross::bounce(sq("e1"), -1, -1),
        Some((-1, 1)),
        "the bottom edge flips dy"
    );
    assert_eq!(Cross::bounce(sq("a5"), -1, 1), Some((1, 1)), "the west edge flips dx");
    assert_eq!(
        Cross::bounce(sq("a9"), -1, 1),
        None,
        "a10 and the outside: both missing"
    );
    assert_eq!(
        Cross::bounce(sq("a9"), 1, 1),
        Some((1, -1)),
        "b10 missing, a10 missing, b9 exists: dy turns"
    );
    assert_eq!(
        Cross::bounce(sq("f11"), 0, 1),
        None,
        "straight into the edge turns back"
    );
    assert_eq!(Cross::bounce(sq("c11"), -1, 0), None);
    // Every corner of every notch: the inner corner reverses.
    for c in ["c3", "i3", "c9", "i9"] {
        let s = sq(c);
        let out = (if s.file() < 5 { -1 } else { 1 }, if s.rank() < 5 { -1 } else { 1 });
        assert_eq!(Cross::bounce(s, out.0, out.1), None, "{c}");
    }
}

/// F2: a seat's forward direction on the board.
fn forward(seat: Seat) -> (i8, i8) {
    match seat {
        Seat::South => (0, 1),
        Seat::West => (1, 0),
        Seat::North => (0, -1),
        Seat::East => (-1, 0),
    }
}

#[test]
fn r8_f2_gulled_step_forward_for_their_seat() {
    for seat in Seat::ALL {
        let (fx, fy) = forward(seat);
        // The side axis: forward turned a quarter; diagonally forward is forward plus either side.
        let diagonals = [(fx - fy, fy + fx), (fx + fy, fy - fx)];
        for (f, r) in all_coords() {
            let mut black = Bb::EMPTY;
            if exists(f + fx, r + fy) {
                black |= at(f + fx, r + fy).bb();
            }
            let mut red = black;
            for (dx, dy) in diagonals {
                assert_eq!((dx.abs(), dy.abs()), (1, 1));
                if exists(f + dx, r + dy) {
                    red |= at(f + dx, r + dy).bb();
                }
            }
            assert_eq!(
                Cross::gulled(seat, false, at(f, r)),
                black,
                "{seat:?} black {}",
                at(f, r)
            );
            assert_eq!(Cross::gulled(seat, true, at(f, r)), red, "{seat:?} red {}", at(f, r));
        }
    }
    assert_eq!(
        names(Cross::gulled(Seat::South, true, sq("d2"))),
        names(set("c3 d3 e3"))
    );
    assert_eq!(names(Cross::gulled(Seat::West, true, sq("b4"))), names(set("c3 c4 c5")));
    assert_eq!(
        names(Cross::gulled(Seat::North, true, sq("c10"))),
        names(set("b9 c9 d9"))
    );
    assert_eq!(names(Cross::gulled(Seat::East, false, sq("j9"))), names(set("i9")));
    // T13: South's red Gulled on a9 has nowhere to go (a10 and b10 do not exist).
    assert!(Cross::gulled(Seat::South, true, sq("a9")).is_empty());
}

#[test]
fn f5_summon_squares_per_seat() {
    let want = [
        (Seat::South, "c1 d1 e1 g1 h1 i1 c2 i2"),
        (Seat::West, "a3 a4 a5 a7 a8 a9 b3 b9"),
        (Seat::North, "c11 d11 e11 g11 h11 i11 c10 i10"),
        (Seat::East, "k3 k4 k5 k7 k8 k9 j3 j9"),
    ];
    for (seat, squares) in want {
        assert_eq!(names(Cross::summon(seat)), names(set(squares)), "{seat:?}");
    }
    let navia = ["f1", "a6", "f11", "k6"];
    for (seat, n) in Seat::ALL.into_iter().zip(navia) {
        assert_eq!(dratp::rules::cross::navia_square(seat), sq(n));
    }
}

#[test]
fn f6_f7_reduction_zone_and_pharaoh_squares() {
    assert_eq!(names(Cross::reduction()), names(set("d6 e6 f6 g6 h6 f4 f5 f7 f8")));
    assert_eq!(names(Cross::pharaoh()), names(set("c3 i3 c9 i9")));
}

#[test]
fn f8_d21_line_over_ranks_gulled_ranks_and_no_navia_goal() {
    let back = [
        (Seat::South, "c1 d1 e1 f1 g1 h1 i1"),
        (Seat::West, "a3 a4 a5 a6 a7 a8 a9"),
        (Seat::North, "c11 d11 e11 f11 g11 h11 i11"),
        (Seat::East, "k3 k4 k5 k6 k7 k8 k9"),
    ];
    for (seat, squares) in back {
        assert_eq!(
            names(Cross::line_over(seat.opposite())),
            names(set(squares)),
            "{seat:?}"
        );
        assert_eq!(names(dratp::rules::cross::back_rank(seat)), names(set(squares)));
        assert!(Cross::navia_goal(seat).is_empty(), "F8: no Navia goal");
    }
    let gulled = [
        (Seat::South, "c2 d2 e2 f2 g2 h2 i2"),
        (Seat::West, "b3 b4 b5 b6 b7 b8 b9"),
        (Seat::North, "c10 d10 e10 f10 g10 h10 i10"),
        (Seat::East, "j3 j4 j5 j6 j7 j8 j9"),
    ];
    for (seat, squares) in gulled {
        assert_eq!(names(Cross::gulled_rank(seat)), names(set(squares)), "{seat:?}");
    }
    // T13: South's line-over rank is North's back rank; East's is West's.
    assert!(Cross::line_over(Seat::South).has(sq("e11")));
    assert!(Cross::line_over(Seat::East).has(sq("a5")));
}

/// The face of one compass turned by F3's table, computed from the marks.
fn face_by_rule(marks: &[dratp::rules::catalogue::Mark], seat: Seat) -> (Vec<Bb>, Vec<Bb>, Vec<Ray>) {
    let turn = |dx: i8, dy: i8| match seat {
        Seat::South => (dx, dy),
        Seat::West => (dy, -dx),
        Seat::North => (-dx, -dy),
        Seat::East => (-dy, dx),
    };
    let mut steps = vec![Bb::EMPTY; 121];
    let mut dots = vec![Bb::EMPTY; 121];
    let mut rays = Vec::new();
    for m in marks {
        let (dx, dy) = turn(m.dx, m.dy);
        match m.kind {
            MarkKind::Step | MarkKind::Dot => {
                for (f, r) in all_coords() {
                    if exists(f + dx, r + dy) {
                        let t = if m.kind == MarkKind::Step {
                            &mut steps
                        } else {
                            &mut dots
                        };
                        t[at(f, r).index()] |= at(f + dx, r + dy).bb();
                    }
                }
            }
            kind => {
                let ray = Ray { dx, dy, kind };
                if !rays.contains(&ray) {
                    rays.push(ray);
                }
            }
        }
    }
    (steps, dots, rays)
}

#[test]
fn f3_every_catalogue_face_is_turned_for_its_seat() {
    let cat = Catalogue::builtin();
    for kind in cat.kinds() {
        let def = cat.get(kind);
        for dratped in [false, true] {
            for seat in Seat::ALL {
                let got: &FaceTables<Cross> = Cross::face(cat, kind, dratped, seat);
                let (steps, dots, rays) = face_by_rule(&def.compass(dratped).marks, seat);
                for s in Sq::all() {
                    assert_eq!(
                        got.steps[s],
                        steps[s.index()],
                        "{} {seat:?} {dratped} steps {s}",
                        def.code
                    );
                    assert_eq!(got.dots[s], dots[s.index()], "{} {seat:?} {dratped} dots {s}", def.code);
                }
                assert_eq!(got.rays, rays, "{} {seat:?} {dratped}", def.code);
            }
        }
    }
    // The Troll dratped (F3's example offset (0, 2)): from f6 it reaches f8 for South, h6 for West.
    let troll = cat.find_by_name("M01").unwrap();
    assert!(Cross::face(cat, troll, true, Seat::South).steps[sq("f6")].has(sq("f8")));
    assert!(Cross::face(cat, troll, true, Seat::West).steps[sq("f6")].has(sq("h6")));
    assert!(Cross::face(cat, troll, true, Seat::North).steps[sq("f6")].has(sq("f4")));
    assert!(Cross::face(cat, troll, true, Seat::East).steps[sq("f6")].has(sq("d6")));
    // T12: the undratped Troll on i2 steps across the notch to j3 (South's diagonals).
    assert!(Cross::face(cat, troll, false, Seat::South).steps[sq("i2")].has(sq("j3")));
}

#[test]
fn zobrist_keys_cover_four_seats_on_every_square() {
    let keys = Cross::keys();
    let mut seen = BTreeSet::new();
    for team in 0..4 {
        for code in 0..4 {
            for s in Sq::all() {
                let k = keys.board(team, code, s.index());
                assert_ne!(k, 0);
                assert!(seen.insert(k), "a repeated key");
            }
        }
        assert!(seen.insert(keys.pool(team, 60)));
        if team > 0 {
            assert!(seen.insert(keys.to_move(team)));
        }
    }
    assert_eq!(keys.to_move(0), 0, "the first team to move hashes nothing");
    assert!(seen.insert(keys.freeze(sq("k9").index(), sq("a3").index())));
}

// ---------------------------------------------------------------- setup and the board field (F12, F35, F36)

use dratp::rules::catalogue::BUILTIN_TEXT;
use dratp::rules::rng::Rng;
use dratp::rules::{
    cross_board_text, cross_board_text_of, cross_start_setup, default_forces4, parse_cross_board, CrossPosition,
    CrossSetup, CrossSetupError, FreezeOf, GraveSetup, Piece, PlacedOf, WinReason,
};

/// F36's first field.
const F36_BOARD: &str = "nBnR1n[N02]1nRnB/1nBnBnBnBnB1/wB9eB/wRwB7eBeR/1wB7eB1/w[N03]wB7eBe[N04]/1wB7eB1/wRwB7eBeR/wB9eB/1sBsBsBsBsB1/sBsR1s[N01]1sRsB";

/// The board fields of T1–T15 and their variants (T2b, T3b, T6b), as the spec writes them.
const T_BOARDS: [&str; 19] = [
    "3n[N02]3/7/11/11/11/3w[N03]6e[N04]/3sB7/1wB9/11/7/3s[N01]3",
    "3n[N02]3/7/2s[N03]8/11/11/3sB6e[N04]/11/1wB9/11/7/3s[N01]3",
    "3n[N02]3/7/2nB5nB2/11/11/3w[N03]6e[N04]/3sB7/11/2wB5eB2/2sB4/3s[N01]3",
    "3n[N02]3/7/8nB2/11/11/3w[N03]6e[N04]/3sB7/11/2wB5eB2/2sB4/3s[N01]3",
    "7/7/2nB8/11/11/w[N03]9e[N04]/11/11/1wBs[N02]5eB2/7/3s[N01]3",
    "7/7/2nB5nB2/11/11/w[N03]9e[N04]/11/11/1wBs[N02]5eB2/7/3s[N01]3",
    "7/4nB2/11/11/4e[N04]6/w[N03]3sB6/11/11/2s[N02]8/7/3s[N01]3",
    "7/2nB4/11/5wBn[N03]4/w[N02]10/10e[N04]/11/11/2w[N01]8/2sB4/7",
    "7/7/8n[N03]2/11/9e[N02]1/10e[N04]/1wB9/11/11/7/3s[N01]3",
    "7/7/8n[N03]eB1/11/9e[N02]1/10e[N04]/1wB9/11/11/7/3s[N01]3",
    "3n[N02]3/2nB4/11/11/11/w[N03]1w[M17]7e[N04]/1wB9/10eR/11/2sB4/1sR1s[N01]3",
    "3n[N02]3/2nB4/11/1wB9/1wB9/w[N03]9e[N04]/1wB7eB1/11/11/1sBsB4/3s[N01]3",
    "3n[N02]3/2nB4/11/11/11/w[N03]2wB6e[N04]/1wB1sB5eB1/11/11/2sB4/3s[N01]3",
    "3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/2wBs[M04]7/11/2sB4/3s[N01]3",
    "3n[N02]3/7/11/11/11/w[N03]4s[+M90]w[M90]3e[N04]/11/4s[+M90]6/9eB1/6s[M01]/3s[N01]3",
    "2sBn[N02]3/7/sR10/11/11/w[N03]9e[N04]/eB10/11/11/7/3s[N01]3",
    "3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/11/11/7/3s[N01]3",
    "3n[N02]3/1nBnB4/11/11/11/10e[N04]/1wB9/11/2s[N03]8/2sB4/3s[N01]3",
    F36_BOARD,
];

/// The built-in catalogue plus T12's test entry M90.
fn t12_cat() -> &'static Catalogue {
    static CAT: std::sync::OnceLock<&'static Catalogue> = std::sync::OnceLock::new();
    CAT.get_or_init(|| {
        let extra = "piece M90\n  name      Test Slider\n  cost      5\n  before    slide -1,-1\n  after     bounce -1,-1\nend\n";
        Catalogue::parse(&format!("{BUILTIN_TEXT}\n{extra}")).unwrap().intern()
    })
}

/// A setup with `board` and nothing else: empty keeps and graveyards, pools 0, South to act.
fn bare(board: [Option<PlacedOf<Cross>>; 121]) -> CrossSetup {
    CrossSetup {
        board,
        side: Seat::South,
        pools: [0; 4],
        keeps: Default::default(),
        graves: Default::default(),
        freezes: Vec::new(),
    }
}

fn start_setup() -> CrossSetup {
    cross_start_setup(&default_forces4(Catalogue::builtin()).unwrap())
}

fn start() -> CrossPosition {
    CrossPosition::from_cross_setup(Catalogue::builtin(), &start_setup()).unwrap()
}

fn one_line(e: &impl std::fmt::Display) -> String {
    let s = e.to_string();
    assert!(!s.is_empty() && !s.contains('\n'), "{s:?}");
    s
}

#[test]
fn f11_f12_f36_the_start_prints_f36s_board() {
    let cat = Catalogue::builtin();
    let forces = default_forces4(cat).unwrap();
    let ids = |k: dratp::rules::Kind| cat.get(k).code.to_string();
    let texts: Vec<String> = forces.iter().map(|f| f.text(cat)).collect();
    assert_eq!(
        texts,
        [
            "N01:M01,M02,M03,M04,M05,M06,M07",
            "N03:M15,M16,M17,M18,M19,M20,M21",
            "N02:M08,M09,M10,M11,M12,M13,M14",
            "N04:M30,M31,M32,M33,M34,M35,M36"
        ]
    );
    let p = start();
    assert_eq!(cross_board_text(&p), F36_BOARD);
    assert_eq!(p.side_to_move(), Seat::South);
    assert_eq!(p.key(), p.compute_key());
    for seat in Seat::ALL {
        assert_eq!(p.pool(seat), 0);
        let keep: Vec<String> = p.keep(seat).as_slice().iter().map(|&k| ids(k)).collect();
        assert_eq!(keep.len(), 7);
        assert_eq!(keep.join(","), texts[seat.index()].split(':').nth(1).unwrap());
        // F12: 7 black and 2 red Gulled per seat, one Navia on its Navia square.
        let team = p.side_bb(seat);
        assert_eq!((team & p.gulled_bb()).count(), 9);
        assert_eq!((team & p.red_gulled_bb()).count(), 2);
        let navia = dratp::rules::cross::navia_square(seat);
        assert!(matches!(p.piece_at(navia).unwrap().piece, Piece::Navia(_)));
        assert_eq!(p.navia_square(seat), Some(navia));
    }
    // F12: the summon squares left open are e1, g1, c2, i2 for South (and the same turned for the others).
    let open = Cross::summon(Seat::South) & !p.occupied();
    assert_eq!(names(open), names(set("e1 g1 c2 i2")));
    // The parsed F36 board is the start board.
    assert_eq!(parse_cross_board(F36_BOARD, cat).unwrap(), start_setup().board);
}

#[test]
fn f36_named_forces_change_only_the_navias_and_keeps() {
    let cat = Catalogue::builtin();
    let mut forces = default_forces4(cat).unwrap();
    forces[1].navia = forces[0].navia;
    forces[3].maseitai = forces[0].maseitai.clone();
    let p = CrossPosition::from_cross_setup(cat, &cross_start_setup(&forces)).unwrap();
    assert_eq!(
        cross_board_text(&p),
        F36_BOARD.replace("w[N03]", "w[N01]"),
        "F11: two seats may name the same Navia"
    );
    assert_eq!(p.keep(Seat::East), p.keep(Seat::South));
}

#[test]
fn f35_every_test_board_parses_and_prints_back() {
    let cat = t12_cat();
    for text in T_BOARDS {
        let board = parse_cross_board(text, cat).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(cross_board_text_of(&board, cat), text);
        let p = CrossPosition::from_cross_setup(cat, &bare(board)).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(cross_board_text(&p), text);
        assert_eq!(p.key(), p.compute_key());
        let again = CrossPosition::from_cross_setup(cat, &p.to_cross_setup()).unwrap();
        assert!(again == p && again.key() == p.key(), "{text}");
        assert_eq!(parse_cross_board(&cross_board_text(&again), cat).unwrap(), board);
    }
    // T1 in detail: South's Gulled on d5, West's Navia on d6, North's N02 on f11.
    let board = parse_cross_board(T_BOARDS[0], cat).unwrap();
    let at = |n: &str| board[sq(n).index()];
    let sb = PlacedOf {
        side: Seat::South,
        piece: Piece::BlackGulled,
        dratped: false,
    };
    assert_eq!(at("d5"), Some(sb));
    assert_eq!(at("d6").unwrap().side, Seat::West);
    assert_eq!(at("f11").unwrap().side, Seat::North);
    assert_eq!(at("b4").unwrap().side, Seat::West);
    assert_eq!(board.iter().flatten().count(), 6);
    // T12: dratped Maseitai keep their `+`; T13: South's red Gulled on a9.
    let t12 = parse_cross_board(T_BOARDS[14], cat).unwrap();
    assert!(t12[sq("f6").index()].unwrap().dratped && !t12[sq("g6").index()].unwrap().dratped);
    assert_eq!(t12[sq("g6").index()].unwrap().side, Seat::West);
    let t13 = parse_cross_board(T_BOARDS[15], cat).unwrap();
    assert_eq!(t13[sq("a9").index()].unwrap().piece, Piece::RedGulled);
    assert_eq!(t13[sq("a5").index()].unwrap().side, Seat::East);
}

#[test]
fn f35_malformed_boards_are_refused_with_one_line() {
    let cat = t12_cat();
    let rank6 = |r: &str| {
        let mut ranks: Vec<&str> = T_BOARDS[16].split('/').collect();
        ranks[5] = r;
        ranks.join("/")
    };
    let rank1 = |r: &str| {
        let mut ranks: Vec<&str> = T_BOARDS[16].split('/').collect();
        ranks[10] = r;
        ranks.join("/")
    };
    let mut bad: Vec<(String, &str)> = vec![
        (String::new(), "1 ranks"),
        ("3n[N02]3/7/11/11/11/w[N03]9e[N04]/11/11/11/7".into(), "10 ranks"),
        (format!("{}/7", T_BOARDS[16]), "12 ranks"),
        (format!("{}/", T_BOARDS[16]), "12 ranks"),
        (format!("/{}", T_BOARDS[16]), "12 ranks"),
        (T_BOARDS[16].replacen("/7/", "//", 1), "is empty"),
        (rank6("w[N03]10e[N04]"), "more than 11"),
        (rank6("w[N03]8e[N04]"), "10 squares, expected 11"),
        (rank6("w[N03]9e[N04]1"), "more than 11"),
        (rank1("3s[N01]4"), "more than 7"),
        (rank1("3s[N01]2"), "6 squares, expected 7"),
        (rank1("11"), "more than 7"),
        (rank6("w[N03]12"), "not 1 to 11"),
        (rank6("w[N03]09e[N04]"), "not 1 to 11"),
        (rank6("w[N03]0e[N04]8"), "not 1 to 11"),
        (rank6("w[N03]45e[N04]"), "not 1 to 11"),
        (rank6("w[N03]99999999999999999999999e[N04]"), "not 1 to 11"),
        (rank6("w[N03]9xB"), "cannot read"),
        (rank6("w[N03]9e"), "cannot read"),
        (rank6("w[N03]9eX"), "cannot read"),
        (rank6("w[N03]9eb"), "cannot read"),
        (rank6("w[N03]9EB"), "cannot read"),
        (rank6("w[N03]9[N04]"), "cannot read"),
        (rank6("w[N03]9e[n04]"), "cannot read"),
        (rank6("w[N03]9e[N04"), "cannot read"),
        (rank6("w[N03]9e[]"), "cannot read"),
        (rank6("w[N03]9e[+B]"), "cannot read"),
        (rank6("w[N03]9e[-N04]"), "cannot read"),
        (rank6("w[N03]9e[N04]+"), "cannot read"),
        (rank6("w[N03]9 e[N04]"), "cannot read"),
        (rank6("w[N03]9é"), "cannot read"),
        (rank6("w[N03]9e[N4]"), "written"),
        (rank6("w[N03]9e[N004]"), "written"),
        (rank6("w[N03]9e[N99]"), "unknown id"),
        (rank6("w[N03]9e[M99]"), "unknown id"),
        (rank6("w[N03]9e[N123456789012]"), "unknown id"),
    ];
    // A whitespace-padded or doubled field is not a board.
    bad.push((format!(" {}", T_BOARDS[16]), "cannot read"));
    bad.push((format!("{} ", T_BOARDS[16]), "cannot read"));
    for (text, why) in &bad {
        let e = parse_cross_board(text, cat).expect_err(text);
        let msg = one_line(&e);
        assert!(msg.contains(why), "{text:?}: {msg:?} should say {why:?}");
        assert!(msg.chars().count() < 160, "{msg}");
    }
}

/// Change one character of `s`: delete, insert or replace, from an alphabet of the notation's own characters.
fn mutate(s: &str, rng: &mut Rng) -> String {
    const ALPHABET: &[char] = &[
        '0', '1', '2', '7', '9', '/', '[', ']', '+', 's', 'w', 'n', 'e', 'B', 'R', 'N', 'M', 'x', ' ', 'é',
    ];
    let mut chars: Vec<char> = s.chars().collect();
    let c = ALPHABET[rng.below(ALPHABET.len())];
    match rng.below(4) {
        0 if !chars.is_empty() => {
            chars.remove(rng.below(chars.len()));
        }
        1 => chars.insert(rng.below(chars.len() + 1), c),
        2 if !chars.is_empty() => {
            let i = rng.below(chars.len());
            chars[i] = c;
        }
        _ => {
            // Move one piece token or count elsewhere: swap two neighbours.
            if chars.len() > 1 {
                let i = rng.below(chars.len() - 1);
                chars.swap(i, i + 1);
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn f35_fuzzed_boards_never_panic_and_what_parses_is_canonical() {
    let cat = t12_cat();
    let mut rng = Rng::new(0xC055);
    let mut accepted = 0;
    for round in 0..6000 {
        let mut text = T_BOARDS[round % T_BOARDS.len()].to_string();
        for _ in 0..1 + rng.below(3) {
            text = mutate(&text, &mut rng);
        }
        match parse_cross_board(&text, cat) {
            Ok(board) => {
                accepted += 1;
                // A maximal digit run is one count and a count is 1–11, so whatever parses is canonical.
                assert_eq!(cross_board_text_of(&board, cat), text);
                if let Ok(p) = CrossPosition::from_cross_setup(cat, &bare(board)) {
                    assert_eq!(cross_board_text(&p), text);
                    assert_eq!(p.key(), p.compute_key());
                }
            }
            Err(e) => {
                one_line(&e);
            }
        }
    }
    assert!(accepted > 50, "the fuzz reaches valid boards too ({accepted})");
}

fn setup_error(s: &CrossSetup) -> CrossSetupError {
    match CrossPosition::from_cross_setup(Catalogue::builtin(), s) {
        Ok(p) => panic!("a bad setup was accepted: {}", cross_board_text(&p)),
        Err(e) => e,
    }
}

#[test]
fn f35_setup_checks_navias_totals_pools_and_freezes() {
    let cat = Catalogue::builtin();
    let kind = |id: &str| cat.find_by_name(id).unwrap();
    let placed = |side, piece| PlacedOf {
        side,
        piece,
        dratped: false,
    };
    let ok = start_setup();
    let msg = |s: &CrossSetup| one_line(&setup_error(s));

    // F35: exactly four Navias.
    let mut s = ok.clone();
    s.board[sq("f1").index()] = None;
    assert_eq!(setup_error(&s), CrossSetupError::NaviaCount(3));
    s.board[sq("f6").index()] = Some(placed(Seat::South, Piece::Navia(kind("N01"))));
    s.board[sq("f5").index()] = Some(placed(Seat::South, Piece::Navia(kind("N02"))));
    assert_eq!(setup_error(&s), CrossSetupError::NaviaCount(5));
    assert_eq!(setup_error(&s).field(), "board");
    assert!(msg(&s).contains("exactly 4"));

    // F1: nothing stands in a cut corner.
    let mut s = ok.clone();
    s.board[0] = Some(placed(Seat::South, Piece::BlackGulled));
    assert_eq!(setup_error(&s), CrossSetupError::Hole(0));
    let mut s = ok.clone();
    s.board[120] = Some(placed(Seat::North, Piece::RedGulled));
    assert_eq!(setup_error(&s), CrossSetupError::Hole(120));

    // Classes and dratped Gulled.
    let mut s = ok.clone();
    s.keeps[2].push(kind("N02"));
    assert!(matches!(
        setup_error(&s),
        CrossSetupError::WrongClass { navia: true, .. }
    ));
    assert!(msg(&s).contains("N02 is a Navia, not allowed in a keep"), "{}", msg(&s));
    assert_eq!(setup_error(&s).field(), "keeps");
    let mut s = ok.clone();
    s.board[sq("f6").index()] = Some(placed(Seat::East, Piece::Navia(kind("M05"))));
    assert!(msg(&s).contains("M05 is a Maseitai, not allowed on the board as a Navia"));
    let mut s = ok.clone();
    s.graves[1].maseitai.push(kind("N01"));
    assert!(msg(&s).contains("in a graveyard"));
    assert_eq!(setup_error(&s).field(), "graveyards");
    let mut s = ok.clone();
    s.board[sq("d2").index()] = Some(PlacedOf {
        side: Seat::South,
        piece: Piece::BlackGulled,
        dratped: true,
    });
    assert_eq!(setup_error(&s), CrossSetupError::DratpedGulled(sq("d2")));

    // Per-list limits and pools.
    let mut s = ok.clone();
    s.keeps[0] = vec![kind("M01"); 15];
    assert_eq!(setup_error(&s), CrossSetupError::KeepFull(Seat::South));
    assert!(msg(&s).contains("South's keep"));
    let mut s = bare(ok.board);
    s.graves[3] = GraveSetup {
        black: 29,
        ..GraveSetup::default()
    };
    assert!(matches!(
        setup_error(&s),
        CrossSetupError::GraveFull {
            seat: Seat::East,
            max: 28,
            ..
        }
    ));
    s.graves[3] = GraveSetup {
        red: 9,
        ..GraveSetup::default()
    };
    assert!(matches!(setup_error(&s), CrossSetupError::GraveFull { max: 8, .. }));
    s.graves[3] = GraveSetup {
        maseitai: vec![kind("M03"); 15],
        ..GraveSetup::default()
    };
    assert!(matches!(setup_error(&s), CrossSetupError::GraveFull { max: 14, .. }));
    let mut s = ok.clone();
    s.pools[2] = 61;
    assert_eq!(setup_error(&s), CrossSetupError::Pool(61, Seat::North));
    assert!(msg(&s).contains("pool of 61 for North"));
    assert_eq!(setup_error(&s).field(), "pools");
    s.pools[2] = 60;
    assert!(CrossPosition::from_cross_setup(cat, &s).is_ok());

    // F35: the game's totals over board, keeps and graveyards.
    let mut s = ok.clone();
    s.graves[0].black = 1;
    assert_eq!(
        setup_error(&s),
        CrossSetupError::Totals {
            n: 29,
            what: "black Gulled",
            max: 28,
            field: "graveyards"
        }
    );
    let mut s = ok.clone();
    s.graves[2].red = 1;
    assert!(msg(&s).contains("9 red Gulled in the game (at most 8"));
    let mut s = ok.clone();
    s.graves[2].maseitai.push(kind("M09"));
    assert!(msg(&s).contains("29 Maseitai in the game (at most 28"));
    assert_eq!(setup_error(&s).field(), "graveyards");
    // A Maseitai on the board counts with the keeps.
    let mut s = ok.clone();
    s.board[sq("f6").index()] = Some(placed(Seat::South, Piece::Maseitai(kind("M01"))));
    assert!(matches!(
        setup_error(&s),
        CrossSetupError::Totals {
            n: 29,
            field: "keeps",
            ..
        }
    ));
    // All 28 black Gulled in graveyards and none on the board is fine.
    let mut s = bare(ok.board);
    for sqr in Sq::all() {
        if matches!(s.board[sqr.index()], Some(p) if p.piece == Piece::BlackGulled) {
            s.board[sqr.index()] = None;
        }
    }
    s.graves[0].black = 28;
    assert!(CrossPosition::from_cross_setup(cat, &s).is_ok());

    // D16: freezes between two different battle pieces, at most eight (one per Kanaba of four forces).
    let freeze = |by: &str, target: &str| FreezeOf {
        by: sq(by),
        target: sq(target),
    };
    let mut s = ok.clone();
    s.freezes = vec![freeze("d2", "d10")];
    let p = CrossPosition::from_cross_setup(cat, &s).unwrap();
    assert_eq!(p.freeze_list(), s.freezes);
    assert_eq!(p.key(), p.compute_key());
    let hole = FreezeOf {
        by: sq("d2"),
        target: SquareOf::from_index(0),
    };
    for bad in [freeze("d2", "d2"), freeze("f1", "d10"), freeze("d2", "f6"), hole] {
        s.freezes = vec![bad];
        assert_eq!(setup_error(&s), CrossSetupError::FreezeSquares(bad));
        one_line(&setup_error(&s));
    }
    s.freezes = vec![FreezeOf {
        by: SquareOf::from_index(200),
        target: sq("d2"),
    }];
    assert!(
        matches!(setup_error(&s), CrossSetupError::FreezeSquares(_)),
        "an index off the board"
    );
    let targets = ["d2", "e2", "f2", "g2", "h2", "c1", "d1", "h1", "i1"];
    s.freezes = targets[..8].iter().map(|t| freeze("d10", t)).collect();
    let p = CrossPosition::from_cross_setup(cat, &s).unwrap();
    assert_eq!(p.freeze_list().len(), 8);
    assert_eq!(p.key(), p.compute_key());
    s.freezes = targets.iter().map(|t| freeze("d10", t)).collect();
    assert_eq!(setup_error(&s), CrossSetupError::TooManyFreezes);
    assert_eq!(setup_error(&s).field(), "effects");
}

#[test]
fn f29_f35_a_dratped_navia_shows_its_team_won() {
    let cat = Catalogue::builtin();
    let mut s = start_setup();
    s.board[sq("k6").index()].as_mut().unwrap().dratped = true;
    let p = CrossPosition::from_cross_setup(cat, &s).unwrap();
    let o = p.outcome().expect("a finished game");
    assert_eq!((o.winner, o.reason), (Seat::East, WinReason::NaviaDratp));
    assert!(cross_board_text(&p).contains("e[+N04]"));
    assert_eq!(p.key(), p.compute_key());
    s.board[sq("a6").index()].as_mut().unwrap().dratped = true;
    assert_eq!(setup_error(&s), CrossSetupError::TwoEnds);
    assert!(start().outcome().is_none());
}

#[test]
fn f28_f35_three_navia_on_one_team_show_it_won() {
    let cat = t12_cat();
    // T4 after `e6e7=i9`: South holds N01, N02 and East's N04.
    let after = "7/4nB2/11/11/4sB6/w[N03]10/11/11/2s[N02]5s[N04]2/7/3s[N01]3";
    let p = CrossPosition::from_cross_setup(cat, &bare(parse_cross_board(after, cat).unwrap())).unwrap();
    let o = p.outcome().expect("a finished game");
    assert_eq!((o.winner, o.reason), (Seat::South, WinReason::ThreeNavia));
    assert_eq!(p.navias_held(Seat::South), 3);
    assert_eq!(p.key(), p.compute_key());
    // Two Navias on a team is no result yet (T4 before the take).
    assert!(t_position(T_BOARDS[6], Seat::South).outcome().is_none());
    // Three Navia and a dratped fourth: two ways at once.
    let both = after.replace("w[N03]", "w[+N03]");
    let e = match CrossPosition::from_cross_setup(cat, &bare(parse_cross_board(&both, cat).unwrap())) {
        Ok(_) => panic!("two results accepted"),
        Err(e) => e,
    };
    assert_eq!(e, CrossSetupError::TwoEnds);
    one_line(&e);
}

#[test]
fn f35_setups_round_trip_and_the_seat_to_act_is_hashed() {
    let cat = Catalogue::builtin();
    let mut s = start_setup();
    s.pools = [3, 0, 60, 17];
    s.graves[1] = GraveSetup {
        black: 2,
        red: 1,
        maseitai: vec![cat.find_by_name("M16").unwrap()],
    };
    s.keeps[1].retain(|&k| cat.get(k).code.to_string() != "M16");
    s.board[sq("b5").index()] = None;
    s.board[sq("a4").index()] = None;
    s.board[sq("b6").index()] = None;
    s.side = Seat::North;
    let p = CrossPosition::from_cross_setup(cat, &s).unwrap();
    let back = p.to_cross_setup();
    assert_eq!(back.board, s.board);
    assert_eq!(back.pools, s.pools);
    assert_eq!(back.graves, s.graves);
    assert_eq!(back.side, Seat::North);
    assert!(CrossPosition::from_cross_setup(cat, &back).unwrap() == p);
    let mut keys = BTreeSet::new();
    for seat in Seat::ALL {
        s.side = seat;
        let q = CrossPosition::from_cross_setup(cat, &s).unwrap();
        assert_eq!(q.key(), q.compute_key());
        assert!(keys.insert(q.key()), "each seat to act has its own key");
    }
}

// ---------------------------------------------------------------- playouts

/// Random games on the cross with the generic rules, the seat to act rotating S → W → N → E: after every
/// action the incremental key equals the key computed from nothing, and the board field and the plain setup
/// round trip.
#[test]
fn playouts_keep_the_key_and_the_board_text_in_step() {
    let cat = Catalogue::builtin();
    let mut rng = Rng::new(0x4C055);
    let (mut actions, mut navia_taken, mut ends) = (0, 0, 0);
    for game in 0..24 {
        let mut p = start();
        for ply in 0..240 {
            if p.outcome().is_some() {
                break;
            }
            let legal = p.legal_actions();
            if legal.is_empty() {
                break;
            }
            let mover = p.side_to_move();
            assert_eq!(mover, Seat::ALL[ply % 4], "game {game} ply {ply}");
            let a = legal[rng.below(legal.len())];
            p = p.play(&a);
            actions += 1;
            assert_eq!(p.key(), p.compute_key(), "game {game} ply {ply}");
            assert_eq!(p.side_to_move(), Cross::next_team(mover));
            let text = cross_board_text(&p);
            let board = parse_cross_board(&text, cat).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(cross_board_text_of(&board, cat), text);
            let s = p.to_cross_setup();
            assert_eq!(board, s.board);
            // F14: a taken Navia changes team and stays on the board, so every position reached is one F35 reads
            // back, its result (F28, F29) included.
            let again = CrossPosition::from_cross_setup(cat, &s).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(again.key(), p.key(), "{text}");
            assert_eq!(again.outcome(), p.outcome(), "{text}");
            assert!(again.to_cross_setup() == s);
            if Seat::ALL.iter().any(|&t| p.navias_held(t) > 1) {
                navia_taken += 1;
            }
        }
        ends += p.outcome().is_some() as usize;
    }
    eprintln!("{actions} actions, {navia_taken} positions after a Navia take, {ends} games won");
    assert!(navia_taken > 0, "the playouts reach F14's Navia takes");
    assert!(actions > 1000, "{actions} actions played");
}

/// The plain moves (no dratp, no invoke) of the seat to act from `from`, as `<from><to>`.
fn moves_from(p: &CrossPosition, from: &str) -> BTreeSet<String> {
    use dratp::rules::{ActionKind, Follow};
    p.legal_actions()
        .iter()
        .filter(|a| a.kind == ActionKind::Move && a.follow == Follow::Nothing && a.from == sq(from))
        .map(|a| format!("{}{}", a.from, a.to))
        .collect()
}

fn t_position(board: &str, side: Seat) -> CrossPosition {
    let cat = t12_cat();
    let mut s = bare(parse_cross_board(board, cat).unwrap());
    s.side = side;
    CrossPosition::from_cross_setup(cat, &s).unwrap()
}

fn strings(items: &str) -> BTreeSet<String> {
    items.split_whitespace().map(String::from).collect()
}

#[test]
fn t12_the_move_generator_turns_compasses_and_bounces_at_the_cut_corners() {
    let south = t_position(T_BOARDS[14], Seat::South);
    // F4: e4's bounce reflects at c2 to d1; f6's ends on c3 at the notch's inner corner.
    assert_eq!(moves_from(&south, "e4"), strings("e4c2 e4d1 e4d3"));
    assert_eq!(moves_from(&south, "f6"), strings("f6c3 f6d4 f6e5"));
    // The Troll steps diagonally across the notch and takes East's Gulled on j3.
    assert_eq!(moves_from(&south, "i2"), strings("i2h1 i2h3 i2j3"));
    // West's back-left slide is board north-west and stops before the missing b11.
    let west = t_position(T_BOARDS[14], Seat::West);
    assert_eq!(moves_from(&west, "g6"), strings("g6c10 g6d9 g6e8 g6f7"));
}

#[test]
fn t13_gulled_line_over_only_across_the_opposite_end_line() {
    use dratp::rules::ActionKind;
    let line_overs = |p: &CrossPosition| -> BTreeSet<String> {
        p.legal_actions()
            .iter()
            .filter(|a| a.kind == ActionKind::LineOver)
            .map(|a| a.from.to_string())
            .collect()
    };
    let south = t_position(T_BOARDS[15], Seat::South);
    assert_eq!(line_overs(&south), strings("e11"));
    assert!(moves_from(&south, "a9").is_empty(), "a10 and b10 do not exist");
    assert!(moves_from(&south, "e11").is_empty(), "north of e11 is off the board");
    let east = t_position(T_BOARDS[15], Seat::East);
    assert_eq!(line_overs(&east), strings("a5"));
}
