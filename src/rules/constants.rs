//! The numbers the rules fix, named once (RULES.md).

/// R12: a pool holds at most this many gyullas; gains beyond it stay in the vault.
pub const VAULT_CAP: u8 = 60;

/// R19: what a Navia's dratp costs (a full pool), and so what every Navia entry of a catalogue costs.
pub const NAVIA_DRATP_COST: u8 = VAULT_CAP;

/// F14: what taking a Navia pays on a board with Pharaoh squares (vault-capped, never doubled); also a Navia's
/// point value (F21).
pub const NAVIA_TAKE_REWARD: u8 = 30;

/// R22: the gyullas a Gulled's line over pays when the player takes the money (`:G`).
pub const LINE_OVER_BONUS: u8 = 10;

/// R6: black Gulled in a whole game (on the board or in a graveyard).
pub const BLACK_GULLED_PER_GAME: usize = 14;

/// R6: red Gulled in a whole game.
pub const RED_GULLED_PER_GAME: usize = 4;

/// R6: Maseitai in a whole game (board, keeps and graveyards together).
pub const MASEITAI_PER_GAME: usize = 14;

/// Most choice tokens one action carries, and so most further moves an `extra-moves` step may grant (D2, D20).
pub const MAX_CHOICES: usize = 3;
