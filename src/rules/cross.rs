//! The four-player board (F1–F8): an 11 × 11 square less its four 2 × 2 corners, 105 squares in a `u128`
//! (index `rank × 11 + file`, 0-based), four seats each turned its own way (F3).

use std::fmt;

use super::catalogue::{Catalogue, FaceTables, Kind};
use super::geometry::{build, Geometry, Team};
use super::position::{FreezeOf, MAX_FREEZES};
use super::seat::Seat;
use super::square::{BitboardOf, SquareOf};
use super::zobrist::{self, Keys};

/// The cross of the four-player game (F1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Cross;

/// Files and ranks of the enclosing square.
const W: i8 = 11;
/// Square indices, holes included.
const N: usize = 121;

/// F1: a corner file or rank (`a`, `b`, `j`, `k`; 1, 2, 10, 11), 0-based.
const fn corner(c: i8) -> bool {
    c < 2 || c > W - 3
}

/// F1: whether 0-based `(file, rank)` is a square: on the 11 × 11 square and not in a cut corner.
const fn exists(file: i8, rank: i8) -> bool {
    file >= 0 && file < W && rank >= 0 && rank < W && !(corner(file) && corner(rank))
}

/// The 105 squares that exist.
const MASK: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < N {
        if exists(i as i8 % W, i as i8 / W) {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

/// The bit of a square given by 0-based file and rank.
const fn sq(file: i8, rank: i8) -> u128 {
    1 << (rank * W + file) as u32
}

/// The squares of a 0-based rank between two files, both included.
const fn rank_span(rank: i8, from: i8, to: i8) -> u128 {
    let mut m = 0;
    let mut f = from;
    while f <= to {
        m |= sq(f, rank);
        f += 1;
    }
    m
}

/// The squares of a 0-based file between two ranks, both included.
const fn file_span(file: i8, from: i8, to: i8) -> u128 {
    let mut m = 0;
    let mut r = from;
    while r <= to {
        m |= sq(file, r);
        r += 1;
    }
    m
}

/// F2: each seat's back rank (its Navia row), in seat order: c1–i1, a3–a9, c11–i11, k3–k9.
const BACK_RANK: [u128; 4] = [
    rank_span(0, 2, 8),
    file_span(0, 2, 8),
    rank_span(10, 2, 8),
    file_span(10, 2, 8),
];

/// F2: each seat's Gulled rank, in seat order: c2–i2, b3–b9, c10–i10, j3–j9.
const GULLED_RANK: [u128; 4] = [
    rank_span(1, 2, 8),
    file_span(1, 2, 8),
    rank_span(9, 2, 8),
    file_span(9, 2, 8),
];

/// F5: each seat's Navia square, in seat order: f1, a6, f11, k6.
const NAVIA_SQUARE: [u128; 4] = [sq(5, 0), sq(0, 5), sq(5, 10), sq(10, 5)];

/// F5: the back rank less the Navia square, and the two end squares of the Gulled rank.
const fn summon_squares(seat: usize) -> u128 {
    let g = GULLED_RANK[seat];
    let ends = (g & g.wrapping_neg()) | (1 << (127 - g.leading_zeros()));
    (BACK_RANK[seat] & !NAVIA_SQUARE[seat]) | ends
}

/// F5: summon squares in seat order.
static SUMMON: [BitboardOf<Cross>; 4] = [
    BitboardOf(summon_squares(0)),
    BitboardOf(summon_squares(1)),
    BitboardOf(summon_squares(2)),
    BitboardOf(summon_squares(3)),
];

/// F6: the plus d6 e6 f6 g6 h6 f4 f5 f7 f8, shared by all seats.
const REDUCTION: u128 = rank_span(5, 3, 7) | file_span(5, 3, 7);

/// F7: c3, i3, c9, i9.
const PHARAOH: u128 = sq(2, 2) | sq(8, 2) | sq(2, 8) | sq(8, 8);

/// A table built in `u128`, as bitboards of this board.
const fn wrap(t: [u128; N]) -> [BitboardOf<Cross>; N] {
    let mut out = [BitboardOf(0); N];
    let mut i = 0;
    while i < N {
        out[i] = BitboardOf(t[i]);
        i += 1;
    }
    out
}

/// The squares around each square (R9, R16), holes excluded.
static RING: [BitboardOf<Cross>; N] = wrap(build::ring::<N>(W, MASK));

/// `[dir][square]`: squares strictly beyond each square along each unit direction, to the first hole (F4).
static LINES: [[BitboardOf<Cross>; N]; 9] = {
    let wide = build::lines::<N>(W, MASK);
    let mut t = [[BitboardOf(0); N]; 9];
    let mut d = 0;
    while d < 9 {
        t[d] = wrap(wide[d]);
        d += 1;
    }
    t
};

/// The Gulled tables of one seat: `[red]`, forward turned per F3.
const fn gulled_of(seat: Seat) -> [[BitboardOf<Cross>; N]; 2] {
    let (fx, fy) = seat.turn(0, 1);
    [
        wrap(build::gulled::<N>(W, MASK, fx, fy, false)),
        wrap(build::gulled::<N>(W, MASK, fx, fy, true)),
    ]
}

/// R8, F2: `[seat][red]`: where a Gulled steps from each square.
static GULLED: [[[BitboardOf<Cross>; N]; 2]; 4] = [
    gulled_of(Seat::South),
    gulled_of(Seat::West),
    gulled_of(Seat::North),
    gulled_of(Seat::East),
];

/// The cross's keys: drawn from their own seed, so the duel's keys stay those of every earlier version.
static KEYS: Keys<4, N> = zobrist::build(0x5EED_D7A7_0004_C055);

impl Team for Seat {
    #[inline]
    fn slot(self) -> usize {
        self.index()
    }

    fn letter(self) -> char {
        Seat::letter(self)
    }
}

impl Geometry for Cross {
    type Word = u128;
    type Team = Seat;
    type PerSquare<T: Copy> = [T; N];
    type PerTeam<T: Copy> = [T; 4];
    type Keys = Keys<4, N>;
    /// Four forces: up to eight Kanaba (D16).
    type Freezes = [Option<FreezeOf<Cross>>; 2 * MAX_FREEZES];

    const SQUARES: usize = N;
    const WIDTH: i8 = W;
    const HEIGHT: i8 = W;
    const FULL: u128 = MASK;
    const NAME_RANGE: &'static str = "files a to k, ranks 1 to 11, less the cut corners a1-b2, j1-k2, a10-b11, j10-k11";

    #[inline]
    fn per_square<T: Copy>(v: T) -> [T; N] {
        [v; N]
    }

    #[inline]
    fn per_team<T: Copy>(v: T) -> [T; 4] {
        [v; 4]
    }

    #[inline]
    fn teams() -> [Seat; 4] {
        Seat::ALL
    }

    /// S → W → N → E → S.
    #[inline]
    fn next_team(t: Seat) -> Seat {
        Seat::ALL[(t.index() + 1) % 4]
    }

    /// F18: with four seats an effect names the seat it reads.
    #[inline]
    fn opponent(_: Seat) -> Option<Seat> {
        None
    }

    #[inline]
    fn on_board(file: i8, rank: i8) -> bool {
        exists(file, rank)
    }

    #[inline]
    fn turn(t: Seat, dx: i8, dy: i8) -> (i8, i8) {
        t.turn(dx, dy)
    }

    /// F4: a missing side neighbour flips that component; both missing, or both present (the inner corner of a
    /// notch), flip both, and a reversed mark stops there (D12, D13).
    #[inline]
    fn bounce(at: SquareOf<Cross>, dx: i8, dy: i8) -> Option<(i8, i8)> {
        let (x, y) = (at.file(), at.rank());
        let (ndx, ndy) = match (exists(x + dx, y), exists(x, y + dy)) {
            (false, true) => (-dx, dy),
            (true, false) => (dx, -dy),
            _ => (-dx, -dy),
        };
        ((ndx, ndy) != (-dx, -dy)).then_some((ndx, ndy))
    }

    #[inline]
    fn ring(sq: SquareOf<Cross>) -> BitboardOf<Cross> {
        RING[sq.index()]
    }

    #[inline]
    fn line(dir: usize, sq: SquareOf<Cross>) -> BitboardOf<Cross> {
        LINES[dir][sq.index()]
    }

    #[inline]
    fn gulled(t: Seat, red: bool, sq: SquareOf<Cross>) -> BitboardOf<Cross> {
        GULLED[t.index()][red as usize][sq.index()]
    }

    #[inline]
    fn summon(t: Seat) -> BitboardOf<Cross> {
        SUMMON[t.index()]
    }

    #[inline]
    fn reduction() -> BitboardOf<Cross> {
        BitboardOf(REDUCTION)
    }

    /// F8: only across the opposite seat's end line, from its back rank.
    #[inline]
    fn line_over(t: Seat) -> BitboardOf<Cross> {
        BitboardOf(BACK_RANK[t.opposite().index()])
    }

    /// F8: there is no Navia goal on the cross.
    #[inline]
    fn navia_goal(_: Seat) -> BitboardOf<Cross> {
        BitboardOf::EMPTY
    }

    #[inline]
    fn gulled_rank(t: Seat) -> BitboardOf<Cross> {
        BitboardOf(GULLED_RANK[t.index()])
    }

    #[inline]
    fn pharaoh() -> BitboardOf<Cross> {
        BitboardOf(PHARAOH)
    }

    #[inline]
    fn face(cat: &Catalogue, kind: Kind, dratped: bool, t: Seat) -> &FaceTables<Cross> {
        cat.cross_faces(kind).face(dratped, t)
    }

    #[inline]
    fn keys() -> &'static Keys<4, N> {
        &KEYS
    }

    fn write_name(i: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = SquareOf::<Cross>::from_index(i);
        write!(f, "{}{}", (b'a' + sq.file() as u8) as char, sq.rank() + 1)
    }

    /// A file letter then the rank in decimal without a leading zero, two digits read whole (F1, F35).
    fn parse_name(s: &str) -> Option<usize> {
        let (file, rank) = s.split_at_checked(1)?;
        let f = file.as_bytes()[0].wrapping_sub(b'a') as i8;
        if rank.starts_with('0') || rank.len() > 2 || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let r: i8 = rank.parse().ok()?;
        SquareOf::<Cross>::new(f, r - 1).map(SquareOf::index)
    }
}

/// A seat's back rank (F2): where its Navia and end Gulled start (F12), and the rank the opposite seat's Gulled
/// line over from (F8).
pub fn back_rank(t: Seat) -> BitboardOf<Cross> {
    BitboardOf(BACK_RANK[t.index()])
}

/// F5: a seat's Navia square.
pub fn navia_square(t: Seat) -> SquareOf<Cross> {
    SquareOf::from_index(NAVIA_SQUARE[t.index()].trailing_zeros() as usize)
}
