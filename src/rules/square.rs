//! Squares, sides and 49-square bitboards (R1).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

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

/// One of the 49 squares, `a1` = 0, `g1` = 6, `a2` = 7, …, `g7` = 48.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 49;

    /// The square at 0-based `file` and `rank`, if both are on the board.
    #[inline]
    pub const fn new(file: i8, rank: i8) -> Option<Square> {
        if file >= 0 && file < SIZE && rank >= 0 && rank < SIZE {
            Some(Square((rank * SIZE + file) as u8))
        } else {
            None
        }
    }

    /// The square with index `i` (0..49).
    #[inline]
    pub const fn from_index(i: usize) -> Square {
        debug_assert!(i < Self::COUNT);
        Square(i as u8)
    }

    /// Index 0..49.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file (a = 0).
    #[inline]
    pub const fn file(self) -> i8 {
        (self.0 % 7) as i8
    }

    /// 0-based rank (1 = 0).
    #[inline]
    pub const fn rank(self) -> i8 {
        (self.0 / 7) as i8
    }

    /// The square at a board offset, if it is on the board.
    #[inline]
    pub const fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        Square::new(self.file() + dx, self.rank() + dy)
    }

    /// The one-bit bitboard of this square.
    #[inline]
    pub const fn bb(self) -> Bitboard {
        Bitboard(1u64 << self.0)
    }

    /// All squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT).map(Square::from_index)
    }

    /// Parse a square name such as `e4`.
    pub fn from_name(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].wrapping_sub(b'a') as i8;
        let r = b[1].wrapping_sub(b'1') as i8;
        Square::new(f, r)
    }
}

/// A text that is not a square name (`a1` to `g7`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BadSquare(pub String);

impl fmt::Display for BadSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square (a1 to g7)",
            self.0.chars().take(24).collect::<String>()
        )
    }
}

impl std::error::Error for BadSquare {}

/// `"e4".parse::<Square>()`: the inverse of `Display` (R1).
impl std::str::FromStr for Square {
    type Err = BadSquare;

    fn from_str(s: &str) -> Result<Square, BadSquare> {
        Square::from_name(s).ok_or_else(|| BadSquare(s.to_string()))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file() as u8) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of squares: bit `i` is square index `i` (49 bits used).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 49 squares.
    pub const FULL: Bitboard = Bitboard((1u64 << 49) - 1);

    /// Whether no square is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `sq` is set.
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.0 & (1u64 << sq.0) != 0
    }

    /// Number of squares set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let s = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square(s))
        }
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(*self).finish()
    }
}

macro_rules! bitop {
    ($tr:ident, $m:ident, $tra:ident, $ma:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $m(self, o: Bitboard) -> Bitboard {
                Bitboard(self.0 $op o.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $ma(&mut self, o: Bitboard) {
                self.0 = self.0 $op o.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

/// Fixed squares of the playmat (R2–R5).
pub mod zones {
    use super::{Bitboard, Side};

    const fn sq(name: &[u8; 2]) -> u64 {
        1u64 << ((name[1] - b'1') as u64 * 7 + (name[0] - b'a') as u64)
    }

    /// R3: the summon squares of each side.
    pub const SUMMON: [Bitboard; 2] = [
        Bitboard(sq(b"a1") | sq(b"b1") | sq(b"c1") | sq(b"e1") | sq(b"f1") | sq(b"g1") | sq(b"a2") | sq(b"g2")),
        Bitboard(sq(b"a7") | sq(b"b7") | sq(b"c7") | sq(b"e7") | sq(b"f7") | sq(b"g7") | sq(b"a6") | sq(b"g6")),
    ];

    /// R4: the gyullas reduction zone.
    pub const REDUCTION: Bitboard = Bitboard(sq(b"b4") | sq(b"c4") | sq(b"d4") | sq(b"e4") | sq(b"f4"));

    /// Rank 1 and rank 7.
    pub const BACK_RANK: [Bitboard; 2] = [Bitboard(0x7f), Bitboard(0x7f << 42)];

    /// The rank a side must stand on to cross the opponent's end line (R22, R23).
    pub const fn far_rank(side: Side) -> Bitboard {
        BACK_RANK[side.opponent().index()]
    }
}
