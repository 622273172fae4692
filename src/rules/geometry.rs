//! Board geometry: what the two-player board (R1, `Duel`) and the four-player cross (F1) do not share. The rules
//! core is written once over a `Geometry`; each board names its bit word, its teams, its square names, how it
//! turns a compass (R10, F3), its zones (R3, R4, R22, F5–F8) and its precomputed step and line tables. Every use is
//! monomorphized, so the two-player engine pays nothing for the second board.

use std::fmt;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitXor, Index, IndexMut, Not};

use super::catalogue::{Catalogue, FaceTables, Kind};
use super::position::FreezeOf;
use super::square::{BitboardOf, SquareOf};
use super::zobrist::KeyTable;

/// The unsigned integer a board's bitboards are made of: `u64` for 49 squares, `u128` for the cross's 121 slots.
pub trait Word:
    Copy
    + Eq
    + Hash
    + Default
    + fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + 'static
{
    /// No bit set.
    const ZERO: Self;
    /// Bit `i` alone.
    fn bit(i: usize) -> Self;
    /// The number of bits set.
    fn ones(self) -> u32;
    /// The index of the lowest bit set (the word's width when none is).
    fn lowest(self) -> u32;
    /// The index of the highest bit set (meaningless when none is).
    fn highest(self) -> u32;
    /// The word without its lowest bit set.
    fn drop_lowest(self) -> Self;
    /// The bits above bit `i`.
    fn above(i: usize) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: $t = 0;
            #[inline]
            fn bit(i: usize) -> $t {
                1 << i
            }
            #[inline]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline]
            fn highest(self) -> u32 {
                <$t>::BITS - 1 - self.leading_zeros()
            }
            #[inline]
            fn drop_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn above(i: usize) -> $t {
                !((2 << i) - 1)
            }
        }
    };
}
word!(u64);
word!(u128);

/// A player or team of a board: `Side` on the duel board, `Seat` on the cross.
pub trait Team: Copy + Eq + Ord + Hash + fmt::Debug + 'static {
    /// The team's place in per-team arrays and in the fixed order of notation fields (R1, F9).
    fn slot(self) -> usize;
    /// The team's notation letter (`w`/`b` on the duel board, `s w n e` on the cross, F35, F37).
    fn letter(self) -> char;
}

/// One board: its squares, teams, compass turns, zones and precomputed tables. Square `i` is bit `i` of a
/// `Word`; `SQUARES` counts index slots (holes of the cross included), `FULL` marks the squares that exist.
pub trait Geometry: Copy + Eq + Ord + Hash + fmt::Debug + Default + 'static {
    /// The bitboard word.
    type Word: Word;
    /// Who owns pieces.
    type Team: Team;
    /// A value per square index: `[T; SQUARES]`.
    type PerSquare<T: Copy>: Copy + AsRef<[T]> + AsMut<[T]>;
    /// A value per team: `[T; TEAMS]`.
    type PerTeam<T: Copy>: Copy + AsRef<[T]> + AsMut<[T]>;
    /// The board's Zobrist key tables.
    type Keys: KeyTable;
    /// Room for the freezes in force at once (D16): one per Kanaba, two copies per force.
    type Freezes: Copy + Default + AsRef<[Option<FreezeOf<Self>>]> + AsMut<[Option<FreezeOf<Self>>]>;

    /// Index slots, `width × height`.
    const SQUARES: usize;
    /// Files.
    const WIDTH: i8;
    /// Ranks.
    const HEIGHT: i8;
    /// The squares that exist.
    const FULL: Self::Word;
    /// The first and last square names, for error texts.
    const NAME_RANGE: &'static str;

    /// `v` on every square.
    fn per_square<T: Copy>(v: T) -> Self::PerSquare<T>;
    /// `v` for every team.
    fn per_team<T: Copy>(v: T) -> Self::PerTeam<T>;
    /// Every team, in the fixed order.
    fn teams() -> Self::PerTeam<Self::Team>;
    /// The team that moves after `t` when turns simply rotate (the duel alternates, R15).
    fn next_team(t: Self::Team) -> Self::Team;
    /// The single opponent, on a board of two teams: the graveyard a steal reads and the pool a drain empties
    /// (D8, D9). `None` where an effect must name a seat (F18).
    fn opponent(t: Self::Team) -> Option<Self::Team>;

    /// Whether `(file, rank)` is a square of the board.
    fn on_board(file: i8, rank: i8) -> bool;
    /// R10, F3: a compass offset (dx to the owner's right, dy forward) as a board offset.
    fn turn(t: Self::Team, dx: i8, dy: i8) -> (i8, i8);
    /// The board direction in which a bounce mark goes on after it runs off the board at `at` going `(dx, dy)`,
    /// or `None` when it stops there (R10, D13, F4).
    fn bounce(at: SquareOf<Self>, dx: i8, dy: i8) -> Option<(i8, i8)>;

    /// The squares around `sq` (R9, R16).
    fn ring(sq: SquareOf<Self>) -> BitboardOf<Self>;
    /// Squares strictly beyond `sq` along unit direction `dir` (`(dy + 1) * 3 + dx + 1`), to the first hole.
    fn line(dir: usize, sq: SquareOf<Self>) -> BitboardOf<Self>;
    /// Where a Gulled of `t` on `sq` steps (R8), whoever stands there.
    fn gulled(t: Self::Team, red: bool, sq: SquareOf<Self>) -> BitboardOf<Self>;

    /// R3, F5: a team's summon squares.
    fn summon(t: Self::Team) -> BitboardOf<Self>;
    /// R4, F6: the gyullas reduction zone.
    fn reduction() -> BitboardOf<Self>;
    /// R22, F8: where a Gulled of `t` stands to cross an end line.
    fn line_over(t: Self::Team) -> BitboardOf<Self>;
    /// R23, F8: where the Navia of `t` stands to cross an end line (none on the cross).
    fn navia_goal(t: Self::Team) -> BitboardOf<Self>;
    /// D21: the rank a team's black Gulled start on, which Odd fills again.
    fn gulled_rank(t: Self::Team) -> BitboardOf<Self>;
    /// F7, F14: where a taken Navia is placed on its taker's team. A board without them (the duel) ends the
    /// game when a Navia is taken (R20).
    fn pharaoh() -> BitboardOf<Self>;

    /// The move tables of one compass face of `kind` for team `t` (R10, F3).
    fn face(cat: &Catalogue, kind: Kind, dratped: bool, t: Self::Team) -> &FaceTables<Self>;
    /// The Zobrist keys.
    fn keys() -> &'static Self::Keys;

    /// Write the name of square index `i`.
    fn write_name(i: usize, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// The square index a name stands for.
    fn parse_name(s: &str) -> Option<usize>;
}

/// A value per team of board `G`, indexed by team.
pub struct ByTeam<G: Geometry, T: Copy>(pub G::PerTeam<T>);

/// A value per square of board `G`, indexed by square.
pub struct BySquare<G: Geometry, T: Copy>(pub G::PerSquare<T>);

macro_rules! by {
    ($name:ident, $key:ty, $make:ident, $slot:expr) => {
        impl<G: Geometry, T: Copy> $name<G, T> {
            /// `v` everywhere.
            #[inline]
            pub fn new(v: T) -> Self {
                $name(G::$make(v))
            }

            /// The values in index order.
            #[inline]
            pub fn iter(&self) -> std::slice::Iter<'_, T> {
                self.0.as_ref().iter()
            }
        }

        impl<G: Geometry, T: Copy> Clone for $name<G, T> {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }

        impl<G: Geometry, T: Copy> Copy for $name<G, T> {}

        impl<G: Geometry, T: Copy + PartialEq> PartialEq for $name<G, T> {
            fn eq(&self, o: &Self) -> bool {
                self.0.as_ref() == o.0.as_ref()
            }
        }

        impl<G: Geometry, T: Copy + Eq> Eq for $name<G, T> {}

        impl<G: Geometry, T: Copy + fmt::Debug> fmt::Debug for $name<G, T> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_list().entries(self.0.as_ref()).finish()
            }
        }

        impl<G: Geometry, T: Copy> Index<$key> for $name<G, T> {
            type Output = T;
            #[inline]
            fn index(&self, k: $key) -> &T {
                &self.0.as_ref()[$slot(k)]
            }
        }

        impl<G: Geometry, T: Copy> IndexMut<$key> for $name<G, T> {
            #[inline]
            fn index_mut(&mut self, k: $key) -> &mut T {
                &mut self.0.as_mut()[$slot(k)]
            }
        }
    };
}
by!(ByTeam, G::Team, per_team, |t: G::Team| t.slot());
by!(BySquare, SquareOf<G>, per_square, |s: SquareOf<G>| s.index());

/// The shared table builders: one `u128` per square index of a `width`-wide board whose existing squares are
/// the bits of `mask`. Each board narrows the tables to its word.
pub(super) mod build {
    /// Whether `(x, y)` is a square of the board.
    const fn on(x: i8, y: i8, width: i8, mask: u128) -> bool {
        x >= 0 && x < width && y >= 0 && y < width && mask & (1u128 << (y * width + x) as u32) != 0
    }

    /// Per square: the square at offset `(dx, dy)` if it exists (a step needs only its target, F4).
    pub(crate) const fn offsets<const N: usize>(width: i8, mask: u128, dx: i8, dy: i8) -> [u128; N] {
        let mut t = [0u128; N];
        let mut i = 0;
        while i < N {
            let (x, y) = ((i as i8) % width, (i as i8) / width);
            if on(x, y, width, mask) && on(x + dx, y + dy, width, mask) {
                t[i] = 1u128 << ((y + dy) * width + x + dx) as u32;
            }
            i += 1;
        }
        t
    }

    /// Per square: the squares of the 3 × 3 block around it, itself excluded.
    pub(crate) const fn ring<const N: usize>(width: i8, mask: u128) -> [u128; N] {
        let mut t = [0u128; N];
        let mut d = 0;
        while d < 9 {
            if d != 4 {
                let step = offsets::<N>(width, mask, (d % 3) as i8 - 1, (d / 3) as i8 - 1);
                let mut i = 0;
                while i < N {
                    t[i] |= step[i];
                    i += 1;
                }
            }
            d += 1;
        }
        t
    }

    /// `[dir][square]`: the squares strictly beyond each square along each unit direction, up to the edge or
    /// the first hole (a slide stops before a hole, F4).
    pub(crate) const fn lines<const N: usize>(width: i8, mask: u128) -> [[u128; N]; 9] {
        let mut t = [[0u128; N]; 9];
        let mut d = 0;
        while d < 9 {
            let (dx, dy) = ((d % 3) as i8 - 1, (d / 3) as i8 - 1);
            let mut i = 0;
            while d != 4 && i < N {
                let (mut x, mut y) = ((i as i8) % width, (i as i8) / width);
                if on(x, y, width, mask) {
                    x += dx;
                    y += dy;
                    while on(x, y, width, mask) {
                        t[d][i] |= 1u128 << (y * width + x) as u32;
                        x += dx;
                        y += dy;
                    }
                }
                i += 1;
            }
            d += 1;
        }
        t
    }

    /// R8: per square, where a Gulled moving along `(fx, fy)` steps; a red one also diagonally forward.
    pub(crate) const fn gulled<const N: usize>(width: i8, mask: u128, fx: i8, fy: i8, red: bool) -> [u128; N] {
        let mut t = offsets::<N>(width, mask, fx, fy);
        if red {
            // Diagonally forward: forward plus one square to either side (the side axis is forward turned).
            let left = offsets::<N>(width, mask, fx - fy, fy + fx);
            let right = offsets::<N>(width, mask, fx + fy, fy - fx);
            let mut i = 0;
            while i < N {
                t[i] |= left[i] | right[i];
                i += 1;
            }
        }
        t
    }
}
