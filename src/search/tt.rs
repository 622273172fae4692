//! The transposition table: lockless, shared by all search threads (Lazy SMP).
//!
//! Each slot is two atomic words, `key ^ data` and `data`, so a torn write
//! from two threads fails the key check instead of returning a wrong entry.
//! `data` is an `Entry` packed by its named fields (`Entry::pack`).
//! An action is stored as its place in the node's staged move list: the index
//! of the generated item (an action or a family of effect choices, in the
//! fixed generation order) and its index within the family. Read back in the
//! position whose full key matched, that place always names one of its own
//! legal actions (`movelist`), so no check of the action itself is needed.

use std::sync::atomic::{AtomicU64, Ordering};

use super::score::{score_from_tt, score_to_tt};
use super::Bound;

/// One probed entry, scores already adjusted to the probing ply.
#[derive(Clone, Copy, Debug)]
pub(super) struct TtHit {
    /// Best action's place in the staged move list (item, option), if any.
    pub action: Option<(u16, u16)>,
    /// Score.
    pub score: i32,
    /// Search depth of the score.
    pub depth: i32,
    /// Bound kind.
    pub bound: Bound,
}

impl TtHit {
    /// Whether the stored score alone decides a node searched with (alpha, beta) to `depth`.
    pub(super) fn cuts(&self, depth: i32, alpha: i32, beta: i32) -> bool {
        self.depth >= depth
            && match self.bound {
                Bound::Exact => true,
                Bound::Lower => self.score >= beta,
                Bound::Upper => self.score <= alpha,
            }
    }
}

const BUCKET: usize = 4;
/// Generations are counted modulo this (the width of `Entry::generation`).
const GENERATIONS: u8 = 64;
/// A shallower bound from the same search does not replace an entry more than this much deeper.
const KEEP_DEEPER: i32 = 2;
/// Replacement worth lost per generation of age, in plies of depth.
const AGE_WEIGHT: i32 = 8;

/// The contents of one slot, unpacked: what the data word holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Entry {
    /// Node-relative score (`score_to_tt`), clamped to 16 bits.
    score: i16,
    /// Search depth, clamped to 8 bits.
    depth: u8,
    /// Bound kind.
    bound: Bound,
    /// Search generation it was written in, modulo `GENERATIONS`.
    generation: u8,
    /// Best action's place (item, option).
    action: Option<(u16, u16)>,
}

impl Entry {
    const SCORE_SHIFT: u32 = 0;
    const SCORE_MASK: u64 = 0xffff;
    const DEPTH_SHIFT: u32 = 16;
    const DEPTH_MASK: u64 = 0xff;
    const BOUND_SHIFT: u32 = 24;
    const BOUND_MASK: u64 = 0b11;
    const GENERATION_SHIFT: u32 = 26;
    const GENERATION_MASK: u64 = GENERATIONS as u64 - 1;
    const ITEM_SHIFT: u32 = 32;
    const OPTION_SHIFT: u32 = 48;
    /// The item that means "no action" (an item this large is never stored).
    const NO_ITEM: u16 = u16::MAX;
    /// Scores are clamped to this so they fit 16 bits.
    const SCORE_LIMIT: i32 = 32_000;

    /// An entry for a result, its score still relative to the root and `ply` (`score_to_tt`).
    fn new(score: i32, ply: usize, depth: i32, bound: Bound, generation: u8, action: Option<(u16, u16)>) -> Entry {
        Entry {
            score: score_to_tt(score, ply).clamp(-Self::SCORE_LIMIT, Self::SCORE_LIMIT) as i16,
            depth: depth.clamp(0, u8::MAX as i32) as u8,
            bound,
            generation: generation % GENERATIONS,
            action,
        }
    }

    /// The data word. Never 0: the bound field is 1 to 3, and 0 marks an empty slot.
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let (item, option) = self.action.unwrap_or((Self::NO_ITEM, 0));
        ((self.score as u16 as u64) << Self::SCORE_SHIFT)
            | ((self.depth as u64) << Self::DEPTH_SHIFT)
            | (bound << Self::BOUND_SHIFT)
            | ((self.generation as u64 & Self::GENERATION_MASK) << Self::GENERATION_SHIFT)
            | ((item as u64) << Self::ITEM_SHIFT)
            | ((option as u64) << Self::OPTION_SHIFT)
    }

    /// The entry a data word holds; `None` for an empty slot.
    fn unpack(data: u64) -> Option<Entry> {
        let bound = match (data >> Self::BOUND_SHIFT) & Self::BOUND_MASK {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let item = (data >> Self::ITEM_SHIFT) as u16;
        Some(Entry {
            score: ((data >> Self::SCORE_SHIFT) & Self::SCORE_MASK) as u16 as i16,
            depth: ((data >> Self::DEPTH_SHIFT) & Self::DEPTH_MASK) as u8,
            bound,
            generation: ((data >> Self::GENERATION_SHIFT) & Self::GENERATION_MASK) as u8,
            action: (item != Self::NO_ITEM).then_some((item, (data >> Self::OPTION_SHIFT) as u16)),
        })
    }
}

#[derive(Default)]
struct Slot {
    key_xor: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry stored for `key`, if this slot holds one.
    fn read(&self, key: u64) -> Option<Entry> {
        let data = self.data.load(Ordering::Relaxed);
        if data == 0 || self.key_xor.load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        Entry::unpack(data)
    }

    fn write(&self, key: u64, entry: Entry) {
        let data = entry.pack();
        self.key_xor.store(key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

/// The shared table.
pub(super) struct Tt {
    slots: Box<[Slot]>,
    buckets: usize,
    generation: AtomicU64,
}

impl Tt {
    /// A table of about `mb` MiB (at least one bucket).
    pub(super) fn new(mb: usize) -> Tt {
        let bytes = mb.max(1) << 20;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Slot>())).max(1);
        let slots = (0..buckets * BUCKET)
            .map(|_| Slot::default())
            .collect::<Vec<_>>()
            .into_boxed_slice();
        Tt {
            slots,
            buckets,
            generation: AtomicU64::new(0),
        }
    }

    /// Empty every entry.
    pub(super) fn clear(&self) {
        for s in self.slots.iter() {
            s.key_xor.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Start a new search: older entries become cheaper to replace.
    pub(super) fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn gen(&self) -> u8 {
        (self.generation.load(Ordering::Relaxed) % GENERATIONS as u64) as u8
    }

    fn bucket(&self, key: u64) -> &[Slot] {
        let b = ((key as u128 * self.buckets as u128) >> 64) as usize;
        &self.slots[b * BUCKET..(b + 1) * BUCKET]
    }

    /// The entry for `key`, scores adjusted to `ply`.
    pub(super) fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        let e = self.bucket(key).iter().find_map(|s| s.read(key))?;
        Some(TtHit {
            action: e.action,
            score: score_from_tt(e.score as i32, ply),
            depth: e.depth as i32,
            bound: e.bound,
        })
    }

    /// Store a search result for `key` found at `ply`. The position's own slot
    /// is reused (keeping its action when the result has none, and a much deeper
    /// bound of this search); otherwise an empty slot, else the shallowest and oldest.
    pub(super) fn store(&self, key: u64, ply: usize, score: i32, depth: i32, bound: Bound, action: Option<(u16, u16)>) {
        let gen = self.gen();
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let data = slot.data.load(Ordering::Relaxed);
            let Some(old) = Entry::unpack(data) else {
                slot.write(key, Entry::new(score, ply, depth, bound, gen, action));
                return;
            };
            if slot.key_xor.load(Ordering::Relaxed) ^ data == key {
                if bound != Bound::Exact && old.depth as i32 > depth + KEEP_DEEPER && old.generation == gen {
                    return;
                }
                let action = action.or(old.action);
                slot.write(key, Entry::new(score, ply, depth, bound, gen, action));
                return;
            }
            let age = (gen.wrapping_sub(old.generation) % GENERATIONS) as i32;
            let worth = old.depth as i32 - AGE_WEIGHT * age;
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        bucket[victim].write(key, Entry::new(score, ply, depth, bound, gen, action));
    }

    /// Fill per mille, from a sample of the table, current generation only.
    pub(super) fn hashfull(&self) -> u32 {
        let gen = self.gen();
        let n = self.slots.len().min(1000 * BUCKET);
        let used = self.slots[..n]
            .iter()
            .filter(|s| Entry::unpack(s.data.load(Ordering::Relaxed)).is_some_and(|e| e.generation == gen))
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
        tt.store(0xDEAD_BEEF_1234, 3, -150, 7, Bound::Lower, Some((12, 0xABCD)));
        let hit = tt.probe(0xDEAD_BEEF_1234, 3).unwrap();
        assert_eq!(
            (hit.score, hit.depth, hit.bound, hit.action),
            (-150, 7, Bound::Lower, Some((12, 0xABCD)))
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
        tt.store(42, 2, MATE - 5, 4, Bound::Exact, None);
        assert_eq!(tt.probe(42, 4).unwrap().score, MATE - 7);
    }

    #[test]
    fn every_field_survives_packing_at_its_limits() {
        for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
            for (score, depth, generation, action) in [
                (-32_000, 0, 0, None),
                (32_000, 255, GENERATIONS - 1, Some((u16::MAX - 1, u16::MAX))),
                (-1, 1, 1, Some((0, 0))),
            ] {
                let e = Entry::new(score, 0, depth, bound, generation, action);
                assert_ne!(e.pack(), 0);
                assert_eq!(Entry::unpack(e.pack()), Some(e));
                assert_eq!(
                    (e.score as i32, e.depth as i32, e.generation),
                    (score, depth, generation)
                );
            }
        }
        assert_eq!(Entry::unpack(0), None);
        // Out-of-range values are clamped, not wrapped.
        let e = Entry::new(40_000, 0, 300, Bound::Exact, GENERATIONS + 3, None);
        assert_eq!((e.score, e.depth, e.generation), (32_000, 255, 3));
    }

    #[test]
    fn a_shallow_bound_keeps_a_deep_entry_of_the_same_search_and_its_action() {
        let tt = Tt::new(1);
        tt.store(7, 0, 50, 10, Bound::Exact, Some((3, 0)));
        tt.store(7, 0, -20, 4, Bound::Upper, None);
        let hit = tt.probe(7, 0).unwrap();
        assert_eq!((hit.score, hit.depth, hit.bound), (50, 10, Bound::Exact));
        // An exact result replaces it but keeps the action it does not have.
        tt.store(7, 0, 5, 4, Bound::Exact, None);
        let hit = tt.probe(7, 0).unwrap();
        assert_eq!((hit.score, hit.depth, hit.action), (5, 4, Some((3, 0))));
    }
}
