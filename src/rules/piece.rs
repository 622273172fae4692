//! The pieces: what can stand on a square (R6, R8–R10), with its owner and dratp state, and the small multiset
//! that holds a keep or a graveyard's Maseitai.

use super::catalogue::Kind;
use super::duel::Duel;
use super::geometry::Geometry;

/// The pieces that can stand on a square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Piece {
    /// Steps one square straight forward (R8).
    BlackGulled,
    /// Steps one square forward or diagonally forward (R8).
    RedGulled,
    /// A Navia of the given catalogue kind (R9).
    Navia(Kind),
    /// A Maseitai of the given catalogue kind (R10).
    Maseitai(Kind),
}

impl Piece {
    /// Whether this is a battle piece (Gulled or Maseitai, R6).
    pub const fn is_battle(self) -> bool {
        !matches!(self, Piece::Navia(_))
    }
}

/// A piece with its owner and dratp state, as found on a square of board `G`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PlacedOf<G: Geometry> {
    /// The owner.
    pub side: G::Team,
    /// What it is.
    pub piece: Piece,
    /// Whether its compass is flipped (always false for Gulled).
    pub dratped: bool,
}

/// A piece on the two-player board.
pub type Placed = PlacedOf<Duel>;

/// A small sorted multiset of catalogue kinds: a keep or the Maseitai of a graveyard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PieceSet {
    len: u8,
    kinds: [Kind; PieceSet::CAPACITY],
}

impl Default for PieceSet {
    fn default() -> Self {
        PieceSet {
            len: 0,
            kinds: [Kind(0); PieceSet::CAPACITY],
        }
    }
}

impl PieceSet {
    /// Most Maseitai one list can hold: all 14 of a game.
    pub const CAPACITY: usize = 14;

    /// The kinds in ascending order, repeats included.
    #[inline]
    pub fn as_slice(&self) -> &[Kind] {
        &self.kinds[..self.len as usize]
    }

    /// Number of pieces.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether it holds nothing.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many copies of `kind` it holds.
    pub fn count(&self, kind: Kind) -> usize {
        self.as_slice().iter().filter(|&&k| k == kind).count()
    }

    /// Each kind once, ascending.
    pub fn distinct(&self) -> impl Iterator<Item = Kind> + '_ {
        let s = self.as_slice();
        s.iter()
            .enumerate()
            .filter(move |(i, k)| *i == 0 || s[i - 1] != **k)
            .map(|(_, k)| *k)
    }

    /// Add one copy, keeping the order; false if full.
    pub fn insert(&mut self, kind: Kind) -> bool {
        let n = self.len as usize;
        if n == Self::CAPACITY {
            return false;
        }
        let at = self.as_slice().partition_point(|&k| k <= kind);
        self.kinds.copy_within(at..n, at + 1);
        self.kinds[at] = kind;
        self.len += 1;
        true
    }

    /// Remove one copy; returns how many copies there were, or `None` if absent.
    pub fn remove(&mut self, kind: Kind) -> Option<usize> {
        let n = self.len as usize;
        let at = self.as_slice().iter().position(|&k| k == kind)?;
        // Sorted: the copies of `kind` stand together from `at`.
        let copies = self.as_slice()[at..].iter().take_while(|&&k| k == kind).count();
        self.kinds.copy_within(at + 1..n, at);
        self.len -= 1;
        Some(copies)
    }
}
