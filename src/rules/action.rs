//! Actions: everything a player can do on a turn (R15), as plain values.

use super::catalogue::Kind;
use super::constants::MAX_CHOICES;
use super::duel::Duel;
use super::geometry::Geometry;
use super::square::SquareOf;

/// What an action starts with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum ActionKind {
    /// Move a piece from `from` to `to` (captures implied), R15 kinds 1, 2, 4.
    Move,
    /// Put a Maseitai from the keep on `to` (R16); `from` is unused.
    Summon(Kind),
    /// Use the piece on `from` without moving it (R15 kinds 5, 6); `to` equals `from`.
    InPlace,
    /// A Gulled on `from` crosses the end line (R22); the bonus is the single choice token.
    LineOver,
    /// The Navia on `from` crosses the end line and wins (R23).
    Goal,
}

/// What follows the move, paid after the move's income (R15).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Follow {
    /// Nothing.
    Nothing,
    /// Dratp the piece (R17, R19).
    Dratp,
    /// Invoke its effect (R18).
    Invoke,
}

/// One choice an effect asks for (protocol.md, "Effect choices"), on board `G`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum TokenOf<G: Geometry> {
    /// A square: `e5`.
    Square(SquareOf<G>),
    /// A piece to move and where: `b2d4`.
    Pair(SquareOf<G>, SquareOf<G>),
    /// A Maseitai and the square it goes to: `M05@a1`.
    Placed(Kind, SquareOf<G>),
    /// A Gulled (`B` black, `R` red) and the square it goes to: `B@a1` (Neso's steal).
    Gulled {
        /// Red rather than black.
        red: bool,
        /// Where it goes.
        to: SquareOf<G>,
    },
    /// The 10-gyullas line-over bonus: `G`.
    Gyullas,
    /// F18: the seat an effect names where no single opponent exists (drain): its letter, `w`.
    Seat(G::Team),
    /// F18, D26: a Gulled stolen from a named seat's graveyard and where it goes: `wB@c1`, `eR@c2`.
    StolenGulled {
        /// Whose graveyard.
        seat: G::Team,
        /// Red rather than black.
        red: bool,
        /// Where it goes.
        to: SquareOf<G>,
    },
    /// F18, D26: a Maseitai stolen from a named seat's graveyard and where it goes: `nM05@c2`.
    StolenMaseitai {
        /// Whose graveyard.
        seat: G::Team,
        /// Which Maseitai.
        kind: Kind,
        /// Where it goes.
        to: SquareOf<G>,
    },
    /// F14, D20: a further move (Tagu) that takes a Navia, and the Pharaoh square the Navia goes to: `e5e6=i9`.
    NaviaTake {
        /// The moving piece's square.
        from: SquareOf<G>,
        /// The Navia's square.
        to: SquareOf<G>,
        /// Where the taken Navia goes.
        pharaoh: SquareOf<G>,
    },
}

/// A choice on the two-player board.
pub type Token = TokenOf<Duel>;

/// One of Tagu's further moves (D20), as a `Pair` or `NaviaTake` token gives it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FurtherMove<G: Geometry> {
    /// The moving piece's square.
    pub from: SquareOf<G>,
    /// Where it goes.
    pub to: SquareOf<G>,
    /// Where a Navia it takes goes (F14).
    pub pharaoh: Option<SquareOf<G>>,
}

impl<G: Geometry> TokenOf<G> {
    /// The further move this token writes, read in an `extra-moves` step (D20).
    pub fn further_move(self) -> Option<FurtherMove<G>> {
        match self {
            TokenOf::Pair(from, to) => Some(FurtherMove {
                from,
                to,
                pharaoh: None,
            }),
            TokenOf::NaviaTake { from, to, pharaoh } => Some(FurtherMove {
                from,
                to,
                pharaoh: Some(pharaoh),
            }),
            _ => None,
        }
    }
}

/// The choices of an action, in the order its effect asks for them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ChoicesOf<G: Geometry> {
    len: u8,
    tokens: [Option<TokenOf<G>>; MAX_CHOICES],
}

/// The choices of a two-player action.
pub type Choices = ChoicesOf<Duel>;

impl<G: Geometry> Default for ChoicesOf<G> {
    fn default() -> Self {
        Self::NONE
    }
}

impl<G: Geometry> ChoicesOf<G> {
    /// Most tokens one action carries.
    pub const CAPACITY: usize = MAX_CHOICES;

    /// No choices.
    pub const NONE: ChoicesOf<G> = ChoicesOf {
        len: 0,
        tokens: [None; MAX_CHOICES],
    };

    /// Choices from a list; `None` if it is too long.
    pub fn from_tokens(tokens: &[TokenOf<G>]) -> Option<ChoicesOf<G>> {
        let mut c = ChoicesOf::NONE;
        for &t in tokens {
            if !c.push(t) {
                return None;
            }
        }
        Some(c)
    }

    /// Append a token; false if full.
    #[inline]
    pub fn push(&mut self, t: TokenOf<G>) -> bool {
        if (self.len as usize) < Self::CAPACITY {
            self.tokens[self.len as usize] = Some(t);
            self.len += 1;
            true
        } else {
            false
        }
    }

    /// The tokens in order.
    pub fn iter(&self) -> impl Iterator<Item = TokenOf<G>> + '_ {
        self.tokens[..self.len as usize].iter().flatten().copied()
    }

    /// Number of tokens.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Token `i`, if present.
    #[inline]
    pub fn get(&self, i: usize) -> Option<TokenOf<G>> {
        self.tokens.get(i).copied().flatten()
    }
}

/// One legal action of a turn on board `G`. Its canonical text is `notation::action_text`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ActionOf<G: Geometry> {
    /// What kind of action.
    pub kind: ActionKind,
    /// The piece's square (unused for a summon).
    pub from: SquareOf<G>,
    /// Where it goes (the summon square; equals `from` when nothing moves).
    pub to: SquareOf<G>,
    /// F14: where a Navia taken by the move goes (only on a board with Pharaoh squares).
    pub pharaoh: Option<SquareOf<G>>,
    /// Dratp or invoke after the move.
    pub follow: Follow,
    /// Effect choices, or the line-over bonus.
    pub choices: ChoicesOf<G>,
}

/// An action of the two-player game.
pub type Action = ActionOf<Duel>;

impl<G: Geometry> ActionOf<G> {
    /// A plain move with nothing after it.
    pub const fn step(from: SquareOf<G>, to: SquareOf<G>) -> ActionOf<G> {
        ActionOf {
            kind: ActionKind::Move,
            from,
            to,
            pharaoh: None,
            follow: Follow::Nothing,
            choices: ChoicesOf::NONE,
        }
    }
}
