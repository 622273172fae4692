//! perft: the number of action sequences of a given length, the standard check of
//! move generation. Finished games (R25) are leaves with no children.

use std::sync::atomic::{AtomicBool, Ordering};

use super::action::Action;
use super::position::Position;

/// Count leaves at `depth`; the last ply is counted without making the actions.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut bufs = vec![Vec::new(); depth as usize + 1];
    walk(pos, depth, &mut bufs, true, None)
}

/// Count leaves at `depth`, making every action down to the leaves.
pub fn perft_full(pos: &Position, depth: u32) -> u64 {
    let mut bufs = vec![Vec::new(); depth as usize + 1];
    walk(pos, depth, &mut bufs, false, None)
}

/// [`perft`] (`bulk`) or [`perft_full`] that gives up soon after `stop` is set
/// (it is read at every node that has children): `None` when stopped.
pub fn perft_until(pos: &Position, depth: u32, bulk: bool, stop: &AtomicBool) -> Option<u64> {
    let mut bufs = vec![Vec::new(); depth as usize + 1];
    let n = walk(pos, depth, &mut bufs, bulk, Some(stop));
    (!stop.load(Ordering::Relaxed)).then_some(n)
}

/// The bulk-counted perft of each root action at `depth - 1`, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Action, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut bufs = vec![Vec::new(); depth as usize];
    pos.legal_actions()
        .into_iter()
        .map(|a| (a, walk(&pos.play(&a), depth - 1, &mut bufs, true, None)))
        .collect()
}

fn walk(pos: &Position, depth: u32, bufs: &mut [Vec<Action>], bulk: bool, stop: Option<&AtomicBool>) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && bulk {
        return pos.count_actions();
    }
    if stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
        return 0;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    buf.clear();
    pos.generate(buf);
    let mut n = 0;
    let mut child = *pos;
    for a in buf.iter() {
        child.clone_from(pos);
        child.apply(a);
        n += walk(&child, depth - 1, rest, bulk, stop);
    }
    n
}
