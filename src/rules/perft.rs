//! perft: counts leaf actions to a depth, the standard check of move generation.
