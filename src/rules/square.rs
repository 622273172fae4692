//! Squares and bitboards of any board (`SquareOf`, `BitboardOf`), and the two-player board's sides, squares and
//! zones (R1–R5).

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::duel::Duel;
use super::geometry::{Geometry, Team, Word};

/// Board width and height (R1).
pub const SIZE: i8 = 7;

/// A player. The first player is `White` (`w`), the second `Black` (`b`) (R1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Side {
    /// The first player; starts on ranks 1–2.
    White = 0,
    /// The second player; starts on ranks 6–7.
    Black = 1,
}

impl Side {
    /// Both sides, first player first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// 0 for the first player, 1 for the second.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// +1 when "forward" is toward rank 7, −1 otherwise.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Side::White => 1,
            Side::Black => -1,
        }
    }

    /// The rank (0-based) of this side's back rank.
    #[inline]
    pub const fn back_rank(self) -> i8 {
        match self {
            Side::White => 0,
            Side::Black => SIZE - 1,
        }
    }

    /// The protocol letter: `w` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }
}

/// One square of board `G`: index `rank × width + file` (`a1` = 0). On the duel board (`Square`) `g1` = 6,
/// `a2` = 7, …, `g7` = 48.
pub struct SquareOf<G>(u8, PhantomData<G>);

/// A square of the two-player board (R1).
pub type Square = SquareOf<Duel>;

impl<G> Clone for SquareOf<G> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<G> Copy for SquareOf<G> {}
impl<G> PartialEq for SquareOf<G> {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0
    }
}
impl<G> Eq for SquareOf<G> {}
impl<G> Hash for SquareOf<G> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.0.hash(h);
    }
}
impl<G> PartialOrd for SquareOf<G> {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl<G> Ord for SquareOf<G> {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        self.0.cmp(&o.0)
    }
}

impl<G: Geometry> SquareOf<G> {
    /// Number of square indices (holes of the cross included).
    pub const COUNT: usize = G::SQUARES;

    /// The square at 0-based `file` and `rank`, if it is on the board.
    #[inline]
    pub fn new(file: i8, rank: i8) -> Option<SquareOf<G>> {
        if G::on_board(file, rank) {
            Some(SquareOf((rank * G::WIDTH + file) as u8, PhantomData))
        } else {
            None
        }
    }

    /// The square with index `i` (below `COUNT`).
    #[inline]
    pub const fn from_index(i: usize) -> SquareOf<G> {
        SquareOf(i as u8, PhantomData)
    }

    /// Index 0..COUNT.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file (a = 0).
    #[inline]
    pub fn file(self) -> i8 {
        (self.0 % G::WIDTH as u8) as i8
    }

    /// 0-based rank (1 = 0).
    #[inline]
    pub fn rank(self) -> i8 {
        (self.0 / G::WIDTH as u8) as i8
    }

    /// The square at a board offset, if it is on the board.
    #[inline]
    pub fn offset(self, dx: i8, dy: i8) -> Option<SquareOf<G>> {
        SquareOf::new(self.file() + dx, self.rank() + dy)
    }

    /// The one-bit bitboard of this square.
    #[inline]
    pub fn bb(self) -> BitboardOf<G> {
        BitboardOf(G::Word::bit(self.index()))
    }

    /// All squares in index order.
    pub fn all() -> impl Iterator<Item = SquareOf<G>> {
        BitboardOf::<G>::FULL
    }

    /// Parse a square name such as `e4`.
    pub fn from_name(s: &str) -> Option<SquareOf<G>> {
        G::parse_name(s).map(SquareOf::from_index)
    }
}

/// A text that is not a square name of the board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BadSquare(pub String, pub &'static str);

impl fmt::Display for BadSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square ({})",
            self.0.chars().take(24).collect::<String>(),
            self.1
        )
    }
}

impl std::error::Error for BadSquare {}

/// `"e4".parse::<Square>()`: the inverse of `Display` (R1).
impl<G: Geometry> std::str::FromStr for SquareOf<G> {
    type Err = BadSquare;

    fn from_str(s: &str) -> Result<SquareOf<G>, BadSquare> {
        SquareOf::from_name(s).ok_or_else(|| BadSquare(s.to_string(), G::NAME_RANGE))
    }
}

impl<G: Geometry> fmt::Display for SquareOf<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        G::write_name(self.index(), f)
    }
}

impl<G: Geometry> fmt::Debug for SquareOf<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of squares of board `G`: bit `i` is square index `i`.
pub struct BitboardOf<G: Geometry>(pub G::Word);

/// A set of squares of the two-player board (49 bits used).
pub type Bitboard = BitboardOf<Duel>;

impl<G: Geometry> Clone for BitboardOf<G> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: Geometry> Copy for BitboardOf<G> {}
impl<G: Geometry> PartialEq for BitboardOf<G> {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0
    }
}
impl<G: Geometry> Eq for BitboardOf<G> {}
impl<G: Geometry> Hash for BitboardOf<G> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.0.hash(h);
    }
}
impl<G: Geometry> Default for BitboardOf<G> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<G: Geometry> BitboardOf<G> {
    /// No squares.
    pub const EMPTY: BitboardOf<G> = BitboardOf(G::Word::ZERO);
    /// Every square of the board.
    pub const FULL: BitboardOf<G> = BitboardOf(G::FULL);

    /// Whether no square is set.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == G::Word::ZERO
    }

    /// Whether `sq` is set.
    #[inline]
    pub fn has(self, sq: SquareOf<G>) -> bool {
        self.0 & G::Word::bit(sq.index()) != G::Word::ZERO
    }

    /// Number of squares set.
    #[inline]
    pub fn count(self) -> u32 {
        self.0.ones()
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<SquareOf<G>> {
        if self.is_empty() {
            None
        } else {
            Some(SquareOf::from_index(self.0.lowest() as usize))
        }
    }

    /// The highest square, if any.
    #[inline]
    pub fn last(self) -> Option<SquareOf<G>> {
        if self.is_empty() {
            None
        } else {
            Some(SquareOf::from_index(self.0.highest() as usize))
        }
    }
}

impl<G: Geometry> Iterator for BitboardOf<G> {
    type Item = SquareOf<G>;
    #[inline]
    fn next(&mut self) -> Option<SquareOf<G>> {
        let s = self.first()?;
        self.0 = self.0.drop_lowest();
        Some(s)
    }
}

impl<G: Geometry> fmt::Debug for BitboardOf<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(*self).finish()
    }
}

macro_rules! bitop {
    ($tr:ident, $m:ident, $tra:ident, $ma:ident, $op:tt) => {
        impl<G: Geometry> $tr for BitboardOf<G> {
            type Output = BitboardOf<G>;
            #[inline]
            fn $m(self, o: BitboardOf<G>) -> BitboardOf<G> {
                BitboardOf(self.0 $op o.0)
            }
        }
        impl<G: Geometry> $tra for BitboardOf<G> {
            #[inline]
            fn $ma(&mut self, o: BitboardOf<G>) {
                self.0 = self.0 $op o.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<G: Geometry> Not for BitboardOf<G> {
    type Output = BitboardOf<G>;
    #[inline]
    fn not(self) -> BitboardOf<G> {
        BitboardOf(!self.0 & G::FULL)
    }
}

impl Team for Side {
    #[inline]
    fn slot(self) -> usize {
        self.index()
    }

    fn letter(self) -> char {
        Side::letter(self)
    }
}

/// Fixed squares of the playmat (R2–R5).
pub mod zones {
    use super::{Bitboard, BitboardOf, Side};

    const fn sq(name: &[u8; 2]) -> u64 {
        1u64 << ((name[1] - b'1') as u64 * 7 + (name[0] - b'a') as u64)
    }

    /// R3: the summon squares of each side.
    pub const SUMMON: [Bitboard; 2] = [
        BitboardOf(sq(b"a1") | sq(b"b1") | sq(b"c1") | sq(b"e1") | sq(b"f1") | sq(b"g1") | sq(b"a2") | sq(b"g2")),
        BitboardOf(sq(b"a7") | sq(b"b7") | sq(b"c7") | sq(b"e7") | sq(b"f7") | sq(b"g7") | sq(b"a6") | sq(b"g6")),
    ];

    /// R4: the gyullas reduction zone.
    pub const REDUCTION: Bitboard = BitboardOf(sq(b"b4") | sq(b"c4") | sq(b"d4") | sq(b"e4") | sq(b"f4"));

    /// Rank 1 and rank 7.
    pub const BACK_RANK: [Bitboard; 2] = [BitboardOf(0x7f), BitboardOf(0x7f << 42)];

    /// The rank a side must stand on to cross the opponent's end line (R22, R23).
    pub const fn far_rank(side: Side) -> Bitboard {
        BACK_RANK[side.opponent().index()]
    }
}
