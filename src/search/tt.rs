//! The transposition table: lockless, shared by all search threads (Lazy SMP).
//!
//! Each entry is two atomic words, `key ^ data` and `data`, so a torn write
//! from two threads fails the key check instead of returning a wrong entry.
//! An action is stored as its place in the node's staged move list: the index
//! of the generated item (an action or a family of effect choices, in the
//! fixed generation order) and its index within the family. Read back in the
//! position whose full key matched, that place always names one of its own
//! legal actions (`movelist`), so no check of the action itself is needed.

use std::sync::atomic::{AtomicU64, Ordering};

use super::score::{score_from_tt, score_to_tt};

/// What a stored score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TtBound {
    /// Exact score.
    Exact,
    /// Fail high: the score is a lower bound.
    Lower,
    /// Fail low: the score is an upper bound.
    Upper,
}

/// One probed entry, scores already adjusted to the probing ply.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    /// Best action's place in the staged move list (item, option), if any.
    pub action: Option<(u16, u16)>,
    /// Score.
    pub score: i32,
    /// Search depth of the score.
    pub depth: i32,
    /// Bound kind.
    pub bound: TtBound,
}

const BUCKET: usize = 4;

#[derive(Default)]
struct Entry {
    key_xor: AtomicU64,
    data: AtomicU64,
}

/// The shared table.
pub struct Tt {
    entries: Box<[Entry]>,
    buckets: usize,
    generation: AtomicU64,
}

// data layout: score i16 | depth u8 | bound 2 bits + generation 6 bits | item u16 | option u16
fn pack(score: i32, depth: i32, bound: TtBound, gen: u8, action: Option<(u16, u16)>) -> u64 {
    let b = match bound {
        TtBound::Exact => 1u64,
        TtBound::Lower => 2,
        TtBound::Upper => 3,
    };
    let (item, option) = action.unwrap_or((u16::MAX, 0));
    (score.clamp(-32000, 32000) as i16 as u16 as u64)
        | ((depth.clamp(0, 255) as u64) << 16)
        | ((b | ((gen as u64 & 63) << 2)) << 24)
        | ((item as u64) << 32)
        | ((option as u64) << 48)
}

impl Tt {
    /// A table of about `mb` MiB (at least one bucket).
    pub fn new(mb: usize) -> Tt {
        let bytes = mb.max(1) << 20;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Entry>())).max(1);
        let entries = (0..buckets * BUCKET)
            .map(|_| Entry::default())
            .collect::<Vec<_>>()
            .into_boxed_slice();
        Tt {
            entries,
            buckets,
            generation: AtomicU64::new(0),
        }
    }

    /// Empty every entry.
    pub fn clear(&self) {
        for e in self.entries.iter() {
            e.key_xor.store(0, Ordering::Relaxed);
            e.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Start a new search: older entries become cheaper to replace.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn gen(&self) -> u8 {
        (self.generation.load(Ordering::Relaxed) & 63) as u8
    }

    fn bucket(&self, key: u64) -> &[Entry] {
        let b = ((key as u128 * self.buckets as u128) >> 64) as usize;
        &self.entries[b * BUCKET..(b + 1) * BUCKET]
    }

    /// The entry for `key`, scores adjusted to `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        for e in self.bucket(key) {
            let data = e.data.load(Ordering::Relaxed);
            if data == 0 || e.key_xor.load(Ordering::Relaxed) ^ data != key {
                continue;
            }
            let bound = match (data >> 24) & 3 {
                1 => TtBound::Exact,
                2 => TtBound::Lower,
                3 => TtBound::Upper,
                _ => continue,
            };
            let item = (data >> 32) as u16;
            let action = (item != u16::MAX).then_some((item, (data >> 48) as u16));
            return Some(TtHit {
                action,
                score: score_from_tt(data as u16 as i16 as i32, ply),
                depth: ((data >> 16) & 0xff) as i32,
                bound,
            });
        }
        None
    }

    /// Store a search result for `key` found at `ply`.
    pub fn store(&self, key: u64, ply: usize, score: i32, depth: i32, bound: TtBound, action: Option<(u16, u16)>) {
        let gen = self.gen();
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, e) in bucket.iter().enumerate() {
            let data = e.data.load(Ordering::Relaxed);
            if data == 0 || e.key_xor.load(Ordering::Relaxed) ^ data == key {
                // Same position: keep its old action when the new result has none.
                let keep_action = if action.is_none() && data != 0 {
                    let item = (data >> 32) as u16;
                    (item != u16::MAX).then_some((item, (data >> 48) as u16))
                } else {
                    action
                };
                if data != 0 && bound != TtBound::Exact && (((data >> 16) & 0xff) as i32) > depth + 2 {
                    let g = ((data >> 26) & 63) as u8;
                    if g == gen {
                        return;
                    }
                }
                self.write(&bucket[i], key, score, ply, depth, bound, gen, keep_action);
                return;
            }
            let d = ((data >> 16) & 0xff) as i32;
            let g = ((data >> 26) & 63) as u8;
            let age = (gen.wrapping_sub(g) & 63) as i32;
            let worth = d - 8 * age;
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        self.write(&bucket[victim], key, score, ply, depth, bound, gen, action);
    }

    #[allow(clippy::too_many_arguments)]
    fn write(
        &self,
        e: &Entry,
        key: u64,
        score: i32,
        ply: usize,
        depth: i32,
        bound: TtBound,
        gen: u8,
        action: Option<(u16, u16)>,
    ) {
        let data = pack(score_to_tt(score, ply), depth, bound, gen, action);
        e.key_xor.store(key ^ data, Ordering::Relaxed);
        e.data.store(data, Ordering::Relaxed);
    }

    /// Fill per mille, from a sample of the table, current generation only.
    pub fn hashfull(&self) -> u32 {
        let gen = self.gen();
        let n = self.entries.len().min(1000 * BUCKET);
        let used = self.entries[..n]
            .iter()
            .filter(|e| {
                let d = e.data.load(Ordering::Relaxed);
                d != 0 && ((d >> 26) & 63) as u8 == gen
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_then_probe_round_trips() {
        let tt = Tt::new(1);
        tt.store(0xDEAD_BEEF_1234, 3, -150, 7, TtBound::Lower, Some((12, 0xABCD)));
        let hit = tt.probe(0xDEAD_BEEF_1234, 3).unwrap();
        assert_eq!(
            (hit.score, hit.depth, hit.bound, hit.action),
            (-150, 7, TtBound::Lower, Some((12, 0xABCD)))
        );
        assert!(tt.probe(0xDEAD_BEEF_1235, 3).is_none());
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF_1234, 3).is_none());
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        use super::super::score::MATE;
        let tt = Tt::new(1);
        // A mate 5 plies from the root found at ply 2 is a mate 3 plies from that node.
        tt.store(42, 2, MATE - 5, 4, TtBound::Exact, None);
        assert_eq!(tt.probe(42, 4).unwrap().score, MATE - 7);
    }
}
