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
