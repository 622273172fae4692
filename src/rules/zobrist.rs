//! Zobrist keys: one random 64-bit number per feature of a position (R26
//! compares whole positions, so pools, keeps and graveyards are hashed too).

use super::catalogue::MAX_KINDS;
use super::constants::VAULT_CAP;
use super::position::PieceSet;
use super::rng::splitmix64;
use super::square::Square;

/// Piece codes for the board table: 0 black Gulled, 1 red Gulled, then two per kind (undratped, dratped).
pub const CODES: usize = 2 + 2 * MAX_KINDS;
/// Pool values hashed: 0 to the vault cap (R12).
const POOLS: usize = VAULT_CAP as usize + 1;
/// Largest count a keep or graveyard list is hashed for.
pub const MAX_COUNT: usize = PieceSet::CAPACITY;

/// All key tables.
pub struct Keys {
    /// [side][code][square]
    pub board: [[[u64; Square::COUNT]; CODES]; 2],
    /// [side][kind][n]: XORed in for each n from 1 to the count of that kind in the keep.
    pub keep: [[[u64; MAX_COUNT + 1]; MAX_KINDS]; 2],
    /// [side][kind][n]: as `keep`, for Maseitai in the graveyard.
    pub grave: [[[u64; MAX_COUNT + 1]; MAX_KINDS]; 2],
    /// [side][0 black, 1 red][count of that Gulled in the graveyard]
    pub grave_gulled: [[[u64; 2 * MAX_COUNT + 1]; 2]; 2],
    /// [side][pool]
    pub pool: [[u64; POOLS]; 2],
    /// XORed in when the second player is to move.
    pub black_to_move: u64,
    /// XORed in when a Navia goal has been made (a terminal flag NFEN carries).
    pub goal: u64,
    /// [by][target]: a freeze in force.
    pub freeze: [[u64; Square::COUNT]; Square::COUNT],
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
pub static KEYS: Keys = build();
