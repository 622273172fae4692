//! Actions: everything a player can do on a turn (R15), as plain values.

use super::catalogue::Kind;
use super::constants::MAX_CHOICES;
use super::square::Square;

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

/// One choice an effect asks for (protocol.md, "Effect choices").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Token {
    /// A square: `e5`.
    Square(Square),
    /// A piece to move and where: `b2d4`.
    Pair(Square, Square),
    /// A Maseitai and the square it goes to: `M05@a1`.
    Placed(Kind, Square),
    /// A Gulled (`B` black, `R` red) and the square it goes to: `B@a1` (Neso's steal).
    Gulled {
        /// Red rather than black.
        red: bool,
        /// Where it goes.
        to: Square,
    },
    /// The 10-gyullas line-over bonus: `G`.
    Gyullas,
}

/// The choices of an action, in the order its effect asks for them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Choices {
    len: u8,
    tokens: [Option<Token>; Choices::CAPACITY],
}

impl Choices {
    /// Most tokens one action carries.
    pub const CAPACITY: usize = MAX_CHOICES;

    /// No choices.
    pub const NONE: Choices = Choices {
        len: 0,
        tokens: [None; Choices::CAPACITY],
    };

    /// Choices from a list; `None` if it is too long.
    pub fn from_tokens(tokens: &[Token]) -> Option<Choices> {
        let mut c = Choices::NONE;
        for &t in tokens {
            if !c.push(t) {
                return None;
            }
        }
        Some(c)
    }

    /// Append a token; false if full.
    #[inline]
    pub fn push(&mut self, t: Token) -> bool {
        if (self.len as usize) < Self::CAPACITY {
            self.tokens[self.len as usize] = Some(t);
            self.len += 1;
            true
        } else {
            false
        }
    }

    /// The tokens in order.
    pub fn iter(&self) -> impl Iterator<Item = Token> + '_ {
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
    pub fn get(&self, i: usize) -> Option<Token> {
        self.tokens.get(i).copied().flatten()
    }
}

/// One legal action of a turn. Its canonical text is `notation::action_text`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Action {
    /// What kind of action.
    pub kind: ActionKind,
    /// The piece's square (unused for a summon).
    pub from: Square,
    /// Where it goes (the summon square; equals `from` when nothing moves).
    pub to: Square,
    /// Dratp or invoke after the move.
    pub follow: Follow,
    /// Effect choices, or the line-over bonus.
    pub choices: Choices,
}

impl Action {
    /// A plain move with nothing after it.
    pub const fn step(from: Square, to: Square) -> Action {
        Action {
            kind: ActionKind::Move,
            from,
            to,
            follow: Follow::Nothing,
            choices: Choices::NONE,
        }
    }
}
