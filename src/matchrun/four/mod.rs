//! Four-engine matches of `naviadratp4` (F43): every game seats the four engines in
//! rotation, asks the seats that decide at the same time, eliminates a seat whose
//! engine fails (F33) and goes on; records, replay, scores and average places.
//!
//! - [`referee`]: one game, every answer checked with `Game4`, one clock per engine.
//! - [`record`]: the PGN record of a four-player game, written and replayed.
//! - [`standings`]: scores (winner 1, else 1/k to the k seats left), average places (F34), scores by seat.
//! - [`table`]: the schedule's starts, the run, and the summary of a run or of merged shards.

pub mod record;
pub mod referee;
pub mod standings;
pub mod table;

use crate::rules::Seat;

/// One scheduled four-player game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Job4 {
    /// Game number, from 1.
    pub number: u32,
    /// The engine (index) at each seat, in seat order (F9).
    pub seats: [usize; 4],
    /// The start slot: the four games of a rotation share one start and one shard.
    pub slot: usize,
}

/// F43: game `game` (from 0) seats engine i at seat (i + game) mod 4; the engine at each seat, in seat order.
pub fn seating(game: usize) -> [usize; 4] {
    Seat::ALL.map(|s| (s.index() + 4 - game % 4) % 4)
}

/// The games of a four-player match: `games` a round for `rounds` rounds, the seats
/// rotating from game to game, every four games (a rotation) one start slot.
pub fn schedule4(games: u32, rounds: u32) -> Vec<Job4> {
    (0..games as usize * rounds as usize)
        .map(|g| Job4 {
            number: g as u32 + 1,
            seats: seating(g),
            slot: g / 4,
        })
        .collect()
}

/// The letter of a seat in upper case, as the `Result` tag writes a winner (`S`, `W`, `N`, `E`).
pub fn result_letter(seat: Seat) -> char {
    seat.letter().to_ascii_uppercase()
}
