//! Zobrist keys: one random 64-bit number per feature of a position (R26 compares whole positions, so pools,
//! keeps, graveyards and freezes are hashed too). This module owns the table layout; positions ask for a
//! feature's key through the functions below and never index the tables themselves.

use super::catalogue::{Kind, MAX_KINDS};
use super::constants::VAULT_CAP;
use super::geometry::{Geometry, Team};
use super::piece::{Piece, PieceSet, PlacedOf};
use super::rng::splitmix64;
use super::square::SquareOf;

/// Piece codes for the board table: 0 black Gulled, 1 red Gulled, then two per kind (undratped, dratped).
const CODES: usize = 2 + 2 * MAX_KINDS;
/// Largest count a keep or graveyard list is hashed for.
const MAX_COUNT: usize = PieceSet::CAPACITY;
/// Pool values hashed: 0 to the vault cap (R12).
const POOLS: usize = VAULT_CAP as usize + 1;

/// A board's key tables, read by team slot, piece code and square index.
pub trait KeyTable: Sync + 'static {
    /// A piece of code `code` (see `CODES`) of team `team` on square `sq`.
    fn board(&self, team: usize, code: usize, sq: usize) -> u64;
    /// The `n`th copy of `kind` in a team's keep (`grave` false) or among its graveyard Maseitai.
    fn list(&self, team: usize, grave: bool, kind: usize, n: usize) -> u64;
    /// A team's graveyard holding `n` black (or red) Gulled.
    fn grave_gulled(&self, team: usize, red: bool, n: usize) -> u64;
    /// A team's pool holding `v` gyullas.
    fn pool(&self, team: usize, v: usize) -> u64;
    /// Team `team` to move (0 for the first team, so a new position's key needs nothing for it).
    fn to_move(&self, team: usize) -> u64;
    /// A Navia goal made.
    fn goal(&self) -> u64;
    /// The piece on `by` freezing the piece on `target`.
    fn freeze(&self, by: usize, target: usize) -> u64;
}

/// All key tables of a board of `T` teams and `N` square indices.
pub struct Keys<const T: usize, const N: usize> {
    /// [team][code][square]
    board: [[[u64; N]; CODES]; T],
    /// [team][kind][n]: XORed in for each n from 1 to the count of that kind in the keep.
    keep: [[[u64; MAX_COUNT + 1]; MAX_KINDS]; T],
    /// [team][kind][n]: as `keep`, for Maseitai in the graveyard.
    grave: [[[u64; MAX_COUNT + 1]; MAX_KINDS]; T],
    /// [team][0 black, 1 red][count of that Gulled in the graveyard]
    grave_gulled: [[[u64; 2 * MAX_COUNT + 1]; 2]; T],
    /// [team][pool]
    pool: [[u64; POOLS]; T],
    /// [team]: XORed in when that team is to move; 0 for the first.
    to_move: [u64; T],
    /// XORed in when a Navia goal has been made (a terminal flag NFEN carries).
    goal: u64,
    /// [by][target]: a freeze in force.
    freeze: [[u64; N]; N],
}

/// The tables of a board, drawn from one seed in a fixed order (the two-player keys are those of every earlier
/// version, so hash-dependent results such as the bench signature stay put).
pub(super) const fn build<const T: usize, const N: usize>(seed: u64) -> Keys<T, N> {
    let mut s = seed;
    let mut k = Keys {
        board: [[[0; N]; CODES]; T],
        keep: [[[0; MAX_COUNT + 1]; MAX_KINDS]; T],
        grave: [[[0; MAX_COUNT + 1]; MAX_KINDS]; T],
        grave_gulled: [[[0; 2 * MAX_COUNT + 1]; 2]; T],
        pool: [[0; POOLS]; T],
        to_move: [0; T],
        goal: 0,
        freeze: [[0; N]; N],
    };
    let mut side = 0;
    while side < T {
        let mut c = 0;
        while c < CODES {
            let mut q = 0;
            while q < N {
                k.board[side][c][q] = splitmix64(&mut s);
                q += 1;
            }
            c += 1;
        }
        let mut kind = 0;
        while kind < MAX_KINDS {
            let mut n = 0;
            while n <= MAX_COUNT {
                k.keep[side][kind][n] = splitmix64(&mut s);
                k.grave[side][kind][n] = splitmix64(&mut s);
                n += 1;
            }
            kind += 1;
        }
        let mut n = 0;
        while n <= 2 * MAX_COUNT {
            k.grave_gulled[side][0][n] = splitmix64(&mut s);
            k.grave_gulled[side][1][n] = splitmix64(&mut s);
            n += 1;
        }
        let mut p = 0;
        while p < POOLS {
            k.pool[side][p] = splitmix64(&mut s);
            p += 1;
        }
        side += 1;
    }
    let mut t = 1;
    while t < T {
        k.to_move[t] = splitmix64(&mut s);
        t += 1;
    }
    k.goal = splitmix64(&mut s);
    let mut a = 0;
    while a < N {
        let mut b = 0;
        while b < N {
            k.freeze[a][b] = splitmix64(&mut s);
            b += 1;
        }
        a += 1;
    }
    k
}

impl<const T: usize, const N: usize> KeyTable for Keys<T, N> {
    #[inline]
    fn board(&self, team: usize, code: usize, sq: usize) -> u64 {
        self.board[team][code][sq]
    }
    #[inline]
    fn list(&self, team: usize, grave: bool, kind: usize, n: usize) -> u64 {
        if grave {
            self.grave[team][kind][n]
        } else {
            self.keep[team][kind][n]
        }
    }
    #[inline]
    fn grave_gulled(&self, team: usize, red: bool, n: usize) -> u64 {
        self.grave_gulled[team][red as usize][n]
    }
    #[inline]
    fn pool(&self, team: usize, v: usize) -> u64 {
        self.pool[team][v]
    }
    #[inline]
    fn to_move(&self, team: usize) -> u64 {
        self.to_move[team]
    }
    #[inline]
    fn goal(&self) -> u64 {
        self.goal
    }
    #[inline]
    fn freeze(&self, by: usize, target: usize) -> u64 {
        self.freeze[by][target]
    }
}

/// Board code of a placed piece (see `CODES`).
#[inline]
fn board_code<G: Geometry>(pl: PlacedOf<G>) -> usize {
    match pl.piece {
        Piece::BlackGulled => 0,
        Piece::RedGulled => 1,
        Piece::Navia(k) | Piece::Maseitai(k) => 2 + 2 * k.index() + pl.dratped as usize,
    }
}

/// A placed piece standing on `sq`.
#[inline]
pub fn piece<G: Geometry>(pl: PlacedOf<G>, sq: SquareOf<G>) -> u64 {
    G::keys().board(pl.side.slot(), board_code(pl), sq.index())
}

/// A team's pool holding `v` gyullas (0 to the vault cap).
#[inline]
pub fn pool<G: Geometry>(team: G::Team, v: u8) -> u64 {
    G::keys().pool(team.slot(), v as usize)
}

/// The `n`th copy (from 1) of `kind` in a team's keep; a keep's key XORs every copy's.
#[inline]
pub fn keep<G: Geometry>(team: G::Team, kind: Kind, n: usize) -> u64 {
    G::keys().list(team.slot(), false, kind.index(), n)
}

/// The `n`th copy (from 1) of `kind` among a team's graveyard Maseitai.
#[inline]
pub fn grave<G: Geometry>(team: G::Team, kind: Kind, n: usize) -> u64 {
    G::keys().list(team.slot(), true, kind.index(), n)
}

/// A team's graveyard holding `n` black (or red) Gulled.
#[inline]
pub fn grave_gulled<G: Geometry>(team: G::Team, red: bool, n: u8) -> u64 {
    G::keys().grave_gulled(team.slot(), red, n as usize)
}

/// The team to move (nothing for the first team).
#[inline]
pub fn to_move<G: Geometry>(team: G::Team) -> u64 {
    G::keys().to_move(team.slot())
}

/// A Navia goal made (the game is over).
#[inline]
pub fn goal<G: Geometry>() -> u64 {
    G::keys().goal()
}

/// The piece on `by` freezing the piece on `target`.
#[inline]
pub fn freeze<G: Geometry>(by: SquareOf<G>, target: SquareOf<G>) -> u64 {
    G::keys().freeze(by.index(), target.index())
}

/// A team's empty pool and graveyard Gulled counts: empty reserves hash too (count 0 has a key).
pub fn empty_reserves<G: Geometry>(team: G::Team) -> u64 {
    pool::<G>(team, 0) ^ grave_gulled::<G>(team, false, 0) ^ grave_gulled::<G>(team, true, 0)
}
