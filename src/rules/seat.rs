//! The four seats of the four-player game (F2, F3, F9): South, West, North, East.

use std::fmt;

/// One of the four players of `naviadratp4`, each owning one arm of the cross (F2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Seat {
    /// Arm c1–i2, moving north.
    South = 0,
    /// Arm a3–b9, moving east.
    West = 1,
    /// Arm c10–i11, moving south.
    North = 2,
    /// Arm j3–k9, moving west.
    East = 3,
}

impl Seat {
    /// The fixed seat order of every slash-separated field, event and clock (F9): `s w n e`.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// 0 for South … 3 for East (F9).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat at position `i` of the fixed order (F9), if `i < 4`.
    pub const fn from_index(i: usize) -> Option<Seat> {
        match i {
            0 => Some(Seat::South),
            1 => Some(Seat::West),
            2 => Some(Seat::North),
            3 => Some(Seat::East),
            _ => None,
        }
    }

    /// The notation letter: `s`, `w`, `n` or `e` (F35).
    pub const fn letter(self) -> char {
        match self {
            Seat::South => 's',
            Seat::West => 'w',
            Seat::North => 'n',
            Seat::East => 'e',
        }
    }

    /// The seat of a lower-case notation letter.
    pub const fn from_letter(c: char) -> Option<Seat> {
        match c {
            's' => Some(Seat::South),
            'w' => Some(Seat::West),
            'n' => Some(Seat::North),
            'e' => Some(Seat::East),
            _ => None,
        }
    }

    /// The seat across the board, whose end line this seat's Gulled may cross (F8).
    pub const fn opposite(self) -> Seat {
        match self {
            Seat::South => Seat::North,
            Seat::West => Seat::East,
            Seat::North => Seat::South,
            Seat::East => Seat::West,
        }
    }

    /// F3: a compass offset `(dx, dy)` of this seat (dx to its right, dy forward) as a board offset
    /// `(Δfile, Δrank)`.
    #[inline]
    pub const fn turn(self, dx: i8, dy: i8) -> (i8, i8) {
        match self {
            Seat::South => (dx, dy),
            Seat::West => (dy, -dx),
            Seat::North => (-dx, -dy),
            Seat::East => (-dy, dx),
        }
    }

    /// The full name, as the PGN tags spell it (F43).
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_in_seat_order() {
        let letters: String = Seat::ALL.iter().map(|s| s.letter()).collect();
        assert_eq!(letters, "swne");
        for (i, s) in Seat::ALL.into_iter().enumerate() {
            assert_eq!(Seat::from_letter(s.letter()), Some(s));
            assert_eq!(Seat::from_index(i), Some(s));
            assert_eq!(s.opposite().opposite(), s);
        }
        assert_eq!(Seat::from_letter('x'), None);
        assert_eq!(Seat::from_index(4), None);
    }

    #[test]
    fn f3_turns_the_red_gulled_and_the_troll() {
        // F3's table: red Gulled forward-left (−1, 1) and Troll's (0, 2) for each team.
        let expect = [
            (Seat::South, (-1, 1), (0, 2)),
            (Seat::West, (1, 1), (2, 0)),
            (Seat::North, (1, -1), (0, -2)),
            (Seat::East, (-1, -1), (-2, 0)),
        ];
        for (seat, left, troll) in expect {
            assert_eq!(seat.turn(-1, 1), left, "{seat:?}");
            assert_eq!(seat.turn(0, 2), troll, "{seat:?}");
        }
    }
}
