//! The two-player board (R1): 7 × 7 squares in a `u64`, two sides, the second side's compass turned 180° (R10).

use std::fmt;

use super::catalogue::{Catalogue, FaceTables, Kind};
use super::geometry::{build, Geometry};
use super::position::{FreezeOf, MAX_FREEZES};
use super::square::{zones, BitboardOf, Side, SquareOf, SIZE};
use super::zobrist::{self, Keys};

/// The 7 × 7 board of the two-player game (R1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Duel;

/// Square indices of the board.
const N: usize = 49;
/// Every square.
const MASK: u128 = (1 << N) - 1;

/// A table built in `u128`, as bitboards of this board.
const fn narrow(t: [u128; N]) -> [BitboardOf<Duel>; N] {
    let mut out = [BitboardOf(0); N];
    let mut i = 0;
    while i < N {
        out[i] = BitboardOf(t[i] as u64);
        i += 1;
    }
    out
}

/// The eight squares around each square (R9, R16).
static RING: [BitboardOf<Duel>; N] = narrow(build::ring::<N>(SIZE, MASK));

/// `[dir][square]`: squares strictly beyond each square along each unit direction.
static LINES: [[BitboardOf<Duel>; N]; 9] = {
    let wide = build::lines::<N>(SIZE, MASK);
    let mut t = [[BitboardOf(0); N]; 9];
    let mut d = 0;
    while d < 9 {
        t[d] = narrow(wide[d]);
        d += 1;
    }
    t
};

/// R8: `[side][red]`: where a Gulled steps from each square.
static GULLED: [[[BitboardOf<Duel>; N]; 2]; 2] = [
    [
        narrow(build::gulled::<N>(SIZE, MASK, 0, 1, false)),
        narrow(build::gulled::<N>(SIZE, MASK, 0, 1, true)),
    ],
    [
        narrow(build::gulled::<N>(SIZE, MASK, 0, -1, false)),
        narrow(build::gulled::<N>(SIZE, MASK, 0, -1, true)),
    ],
];

/// The keys of every earlier version of the engine.
static KEYS: Keys<2, N> = zobrist::build(0x5EED_D7A7_0000_2004);

impl Geometry for Duel {
    type Word = u64;
    type Team = Side;
    type PerSquare<T: Copy> = [T; N];
    type PerTeam<T: Copy> = [T; 2];
    type Keys = Keys<2, N>;
    type Freezes = [Option<FreezeOf<Duel>>; MAX_FREEZES];

    const SQUARES: usize = N;
    const WIDTH: i8 = SIZE;
    const HEIGHT: i8 = SIZE;
    const FULL: u64 = MASK as u64;
    const NAME_RANGE: &'static str = "a1 to g7";

    #[inline]
    fn per_square<T: Copy>(v: T) -> [T; N] {
        [v; N]
    }

    #[inline]
    fn per_team<T: Copy>(v: T) -> [T; 2] {
        [v; 2]
    }

    #[inline]
    fn teams() -> [Side; 2] {
        Side::BOTH
    }

    #[inline]
    fn next_team(t: Side) -> Side {
        t.opponent()
    }

    #[inline]
    fn opponent(t: Side) -> Option<Side> {
        Some(t.opponent())
    }

    #[inline]
    fn on_board(file: i8, rank: i8) -> bool {
        (0..SIZE).contains(&file) && (0..SIZE).contains(&rank)
    }

    #[inline]
    fn turn(t: Side, dx: i8, dy: i8) -> (i8, i8) {
        match t {
            Side::White => (dx, dy),
            Side::Black => (-dx, -dy),
        }
    }

    /// D13: the coordinate that left the board flips; leaving through a corner turns the mark back, and it stops.
    #[inline]
    fn bounce(at: SquareOf<Duel>, dx: i8, dy: i8) -> Option<(i8, i8)> {
        let (fx, fy) = (at.file() + dx, at.rank() + dy);
        let ndx = if (0..SIZE).contains(&fx) { dx } else { -dx };
        let ndy = if (0..SIZE).contains(&fy) { dy } else { -dy };
        ((ndx, ndy) != (-dx, -dy)).then_some((ndx, ndy))
    }

    #[inline]
    fn ring(sq: SquareOf<Duel>) -> BitboardOf<Duel> {
        RING[sq.index()]
    }

    #[inline]
    fn line(dir: usize, sq: SquareOf<Duel>) -> BitboardOf<Duel> {
        LINES[dir][sq.index()]
    }

    #[inline]
    fn gulled(t: Side, red: bool, sq: SquareOf<Duel>) -> BitboardOf<Duel> {
        GULLED[t.index()][red as usize][sq.index()]
    }

    #[inline]
    fn summon(t: Side) -> BitboardOf<Duel> {
        zones::SUMMON[t.index()]
    }

    #[inline]
    fn reduction() -> BitboardOf<Duel> {
        zones::REDUCTION
    }

    #[inline]
    fn line_over(t: Side) -> BitboardOf<Duel> {
        zones::far_rank(t)
    }

    #[inline]
    fn navia_goal(t: Side) -> BitboardOf<Duel> {
        zones::far_rank(t)
    }

    #[inline]
    fn gulled_rank(t: Side) -> BitboardOf<Duel> {
        let back = zones::BACK_RANK[t.index()].0;
        BitboardOf(match t {
            Side::White => back << 7,
            Side::Black => back >> 7,
        })
    }

    #[inline]
    fn pharaoh() -> BitboardOf<Duel> {
        BitboardOf::EMPTY
    }

    #[inline]
    fn face(cat: &Catalogue, kind: Kind, dratped: bool, t: Side) -> &FaceTables<Duel> {
        cat.duel_faces(kind).face(dratped, t)
    }

    #[inline]
    fn keys() -> &'static Keys<2, N> {
        &KEYS
    }

    fn write_name(i: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = SquareOf::<Duel>::from_index(i);
        write!(f, "{}{}", (b'a' + sq.file() as u8) as char, sq.rank() + 1)
    }

    fn parse_name(s: &str) -> Option<usize> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].wrapping_sub(b'a') as i8;
        let r = b[1].wrapping_sub(b'1') as i8;
        SquareOf::<Duel>::new(f, r).map(SquareOf::index)
    }
}
