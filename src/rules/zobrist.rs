//! Zobrist keys: one random 64-bit number per feature of a position (R26 compares whole positions, so pools,
//! keeps, graveyards and freezes are hashed too). This module owns the table layout; positions ask for a
//! feature's key through the functions below and never index the tables themselves.

use super::catalogue::{Kind, MAX_KINDS};
use super::constants::VAULT_CAP;
use super::piece::{Piece, PieceSet, Placed};
use super::rng::splitmix64;
use super::square::{Side, Square};

/// Piece codes for the board table: 0 black Gulled, 1 red Gulled, then two per kind (undratped, dratped).
const CODES: usize = 2 + 2 * MAX_KINDS;
/// Largest count a keep or graveyard list is hashed for.
const MAX_COUNT: usize = PieceSet::CAPACITY;
/// Pool values hashed: 0 to the vault cap (R12).
const POOLS: usize = VAULT_CAP as usize + 1;

/// All key tables.
struct Keys {
    /// [side][code][square]
    board: [[[u64; Square::COUNT]; CODES]; 2],
    /// [side][kind][n]: XORed in for each n from 1 to the count of that kind in the keep.
    keep: [[[u64; MAX_COUNT + 1]; MAX_KINDS]; 2],
    /// [side][kind][n]: as `keep`, for Maseitai in the graveyard.
    grave: [[[u64; MAX_COUNT + 1]; MAX_KINDS]; 2],
    /// [side][0 black, 1 red][count of that Gulled in the graveyard]
    grave_gulled: [[[u64; 2 * MAX_COUNT + 1]; 2]; 2],
    /// [side][pool]
    pool: [[u64; POOLS]; 2],
    /// XORed in when the second player is to move.
    black_to_move: u64,
    /// XORed in when a Navia goal has been made (a terminal flag NFEN carries).
    goal: u64,
    /// [by][target]: a freeze in force.
    freeze: [[u64; Square::COUNT]; Square::COUNT],
}

const fn build() -> Keys {
    let mut s = 0x5EED_D7A7_0000_2004u64;
    let mut k = Keys {
        board: [[[0; Square::COUNT]; CODES]; 2],
        keep: [[[0; MAX_COUNT + 1]; MAX_KINDS]; 2],
        grave: [[[0; MAX_COUNT + 1]; MAX_KINDS]; 2],
        grave_gulled: [[[0; 2 * MAX_COUNT + 1]; 2]; 2],
        pool: [[0; POOLS]; 2],
        black_to_move: 0,
        goal: 0,
        freeze: [[0; Square::COUNT]; Square::COUNT],
    };
    let mut side = 0;
    while side < 2 {
        let mut c = 0;
        while c < CODES {
            let mut q = 0;
            while q < Square::COUNT {
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
    k.black_to_move = splitmix64(&mut s);
    k.goal = splitmix64(&mut s);
    let mut a = 0;
    while a < Square::COUNT {
        let mut b = 0;
        while b < Square::COUNT {
            k.freeze[a][b] = splitmix64(&mut s);
            b += 1;
        }
        a += 1;
    }
    k
}

/// The process-wide key tables, computed at compile time.
static KEYS: Keys = build();

/// Board code of a placed piece (see `CODES`).
#[inline]
fn board_code(pl: Placed) -> usize {
    match pl.piece {
        Piece::BlackGulled => 0,
        Piece::RedGulled => 1,
        Piece::Navia(k) | Piece::Maseitai(k) => 2 + 2 * k.index() + pl.dratped as usize,
    }
}

/// A placed piece standing on `sq`.
#[inline]
pub fn piece(pl: Placed, sq: Square) -> u64 {
    KEYS.board[pl.side.index()][board_code(pl)][sq.index()]
}

/// A side's pool holding `v` gyullas (0 to the vault cap).
#[inline]
pub fn pool(side: Side, v: u8) -> u64 {
    KEYS.pool[side.index()][v as usize]
}

/// The `n`th copy (from 1) of `kind` in a side's keep; a keep's key XORs every copy's.
#[inline]
pub fn keep(side: Side, kind: Kind, n: usize) -> u64 {
    KEYS.keep[side.index()][kind.index()][n]
}

/// The `n`th copy (from 1) of `kind` among a side's graveyard Maseitai.
#[inline]
pub fn grave(side: Side, kind: Kind, n: usize) -> u64 {
    KEYS.grave[side.index()][kind.index()][n]
}

/// A side's graveyard holding `n` black (or red) Gulled.
#[inline]
pub fn grave_gulled(side: Side, red: bool, n: u8) -> u64 {
    KEYS.grave_gulled[side.index()][red as usize][n as usize]
}

/// The second player to move.
#[inline]
pub fn side_to_move() -> u64 {
    KEYS.black_to_move
}

/// A Navia goal made (the game is over).
#[inline]
pub fn goal() -> u64 {
    KEYS.goal
}

/// The piece on `by` freezing the piece on `target`.
#[inline]
pub fn freeze(by: Square, target: Square) -> u64 {
    KEYS.freeze[by.index()][target.index()]
}

/// A side's empty pool and graveyard Gulled counts: empty reserves hash too (count 0 has a key).
pub fn empty_reserves(side: Side) -> u64 {
    pool(side, 0) ^ grave_gulled(side, false, 0) ^ grave_gulled(side, true, 0)
}
