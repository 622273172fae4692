//! A node's move list, generated in stages: the actions of a move whose effect asks for choices (a family, often
//! dozens or hundreds of actions) stay folded in the family's head until the move loop reaches it. Most nodes
//! cut off after a few actions, so most families are never listed.

use crate::rules::movegen::{ActionSink, Family, ReachMap};
use crate::rules::{Action, Bitboard, Position};

use super::ordering::wins_at_once;

/// Actions of a family `first_win` looks through between two questions to `stop`.
const STOP_CHECK_EVERY: usize = 128;

/// Entries picked one by one before the rest of the list is sorted at once.
const PICKS_BEFORE_SORT: usize = 6;

/// One entry of the list: an action, or the head of a family not listed yet.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// The action (for a head, the action without choices).
    pub action: Action,
    /// Ordering score, higher first.
    pub score: i32,
    /// With `option`, where the action stands in generation order: what the transposition table stores.
    pub item: u16,
    /// The action's index within its family (0 for an action that is not in one).
    pub option: u16,
    /// A family head, to be expanded before it can be played.
    pub head: bool,
}

/// The move list of one node; kept per ply and reused, so the search does not allocate.
#[derive(Default)]
pub(super) struct MoveList {
    entries: Vec<Entry>,
    /// Actions of the family being expanded.
    family: Vec<Action>,
    /// Whether the entries from `PICKS_BEFORE_SORT` on have been sorted.
    sorted: bool,
}

impl ActionSink for MoveList {
    fn push(&mut self, a: Action) {
        self.push_entry(a, false);
    }

    fn push_family(&mut self, family: Family<'_>) {
        self.push_entry(family.head(), true);
    }
}

impl MoveList {
    fn push_entry(&mut self, action: Action, head: bool) {
        let item = u16::try_from(self.entries.len()).unwrap_or(u16::MAX);
        self.entries.push(Entry {
            action,
            score: 0,
            item,
            option: 0,
            head,
        });
    }

    /// The entries' actions in list order (heads included).
    #[cfg(test)]
    pub(super) fn actions(&self) -> Vec<Action> {
        self.entries.iter().map(|e| e.action).collect()
    }

    /// Empty the list.
    pub(super) fn clear(&mut self) {
        self.entries.clear();
        self.sorted = false;
    }

    /// The legal actions of `pos` (whose reach map is `map`), families folded.
    pub(super) fn generate(&mut self, pos: &Position, map: &ReachMap) {
        self.clear();
        pos.generate_with(map, self);
    }

    /// Add one action (not a family head).
    pub(super) fn add(&mut self, a: Action) {
        self.push_entry(a, false);
    }

    /// Whether the list holds nothing: with families folded, still exactly when there is no legal action (a
    /// family has at least one).
    pub(super) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Keep only the entries whose action satisfies `keep` (a head stands for its whole family).
    pub(super) fn retain(&mut self, mut keep: impl FnMut(&Action) -> bool) {
        self.entries.retain(|e| keep(&e.action));
    }

    /// Score every entry (`score(action, is_head)`).
    pub(super) fn score_all(&mut self, mut score: impl FnMut(&Action, bool) -> i32) {
        for e in &mut self.entries {
            e.score = score(&e.action, e.head);
        }
    }

    /// Replace the head at `n` by its family's actions, scored by `score`; returns how many there are.
    fn expand(&mut self, pos: &Position, n: usize, score: &mut impl FnMut(&Action, bool) -> i32) -> usize {
        let head = self.entries[n];
        let mut family = std::mem::take(&mut self.family);
        family.clear();
        pos.expand_family(&head.action, &mut family);
        let k = family.len();
        self.entries.splice(
            n..=n,
            family.iter().enumerate().map(|(i, a)| Entry {
                action: *a,
                score: score(a, false),
                item: head.item,
                option: u16::try_from(i).unwrap_or(u16::MAX),
                head: false,
            }),
        );
        self.family = family;
        k
    }

    /// Where the action the transposition table names (`item`, `option`) stands, listing its family if it is in
    /// one. Only on a freshly generated list (entries still in generation order).
    fn index_of(
        &mut self,
        pos: &Position,
        (item, option): (u16, u16),
        score: &mut impl FnMut(&Action, bool) -> i32,
    ) -> Option<usize> {
        let n = item as usize;
        if n >= self.entries.len() || self.entries[n].item != item {
            return None;
        }
        if !self.entries[n].head {
            return Some(n);
        }
        ((option as usize) < self.expand(pos, n, score)).then_some(n + option as usize)
    }

    /// Give the action the transposition table names the score `tt_score`; call on a freshly generated and
    /// scored list. Returns whether the action is there.
    pub(super) fn mark_tt(
        &mut self,
        pos: &Position,
        tt: (u16, u16),
        tt_score: i32,
        score: &mut impl FnMut(&Action, bool) -> i32,
    ) -> bool {
        let Some(at) = self.index_of(pos, tt, score) else {
            return false;
        };
        self.entries[at].score = tt_score;
        true
    }

    /// Bring the best remaining action to `n` (listing a family when its head comes first) and return it; `None`
    /// when the list ends before `n`. Picks `n` for `n` = 0, 1, 2, … in turn.
    pub(super) fn pick(
        &mut self,
        pos: &Position,
        n: usize,
        score: &mut impl FnMut(&Action, bool) -> i32,
    ) -> Option<Entry> {
        loop {
            if n >= self.entries.len() {
                return None;
            }
            if n < PICKS_BEFORE_SORT {
                // The first picks are often the only ones (cut nodes): select them one by one.
                let mut best = n;
                for i in n + 1..self.entries.len() {
                    if self.entries[i].score > self.entries[best].score {
                        best = i;
                    }
                }
                self.entries.swap(n, best);
            } else if !self.sorted {
                self.entries[n..].sort_by_key(|e| std::cmp::Reverse(e.score));
                self.sorted = true;
            }
            if !self.entries[n].head {
                return Some(self.entries[n]);
            }
            self.expand(pos, n, score);
            // The family's scores may fall below later entries: sort the tail again.
            self.sorted = false;
        }
    }

    /// The first action that wins at once (`wins_at_once`), looking into the families whose effect makes moves
    /// (only those can take the Navia; R21 keeps every other effect off it) and whose moves can reach it at all
    /// (`Family::may_move_onto`: Tagu's hundreds of actions are looked through only when a second further move
    /// could take it). In a wide position this looks through thousands of actions, so it asks `stop` before each
    /// family and every [`STOP_CHECK_EVERY`] actions, and gives up (`None`) once it says so.
    pub(super) fn first_win(&mut self, pos: &Position, stop: &mut dyn FnMut() -> bool) -> Option<Action> {
        let mut family = std::mem::take(&mut self.family);
        let mut found = None;
        let navia = pos
            .navia_square(pos.side_to_move().opponent())
            .map_or(Bitboard::EMPTY, |sq| sq.bb());
        'entries: for e in &self.entries {
            if !e.head {
                if wins_at_once(pos, &e.action) {
                    found = Some(e.action);
                    break;
                }
            } else if let Some(f) = super::ordering::moving_effect(pos, e.action.from, e.action.follow)
                .then(|| pos.family(&e.action))
                .flatten()
                .filter(|f| f.may_move_onto(navia))
            {
                if stop() {
                    break;
                }
                family.clear();
                f.expand(&mut family);
                for chunk in family.chunks(STOP_CHECK_EVERY) {
                    if let Some(a) = chunk.iter().find(|a| wins_at_once(pos, a)) {
                        found = Some(*a);
                        break 'entries;
                    }
                    if stop() {
                        break 'entries;
                    }
                }
            }
        }
        self.family = family;
        found
    }
}

/// The action a transposition-table entry (`item`, `option`) names in `pos`, if there is one (the ponder move).
pub(super) fn resolve(pos: &Position, tt: (u16, u16)) -> Option<Action> {
    let mut list = MoveList::default();
    list.generate(pos, &pos.reach_map());
    let at = list.index_of(pos, tt, &mut |_, _| 0)?;
    Some(list.entries[at].action)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testkit::positions;

    #[test]
    fn expanding_every_family_gives_the_legal_actions_in_order_and_each_place_resolves() {
        let mut families = 0;
        for pos in positions() {
            let mut list = MoveList::default();
            list.generate(&pos, &pos.reach_map());
            families += list.entries.iter().filter(|e| e.head).count();
            let mut picked = Vec::new();
            let mut n = 0;
            while let Some(e) = list.pick(&pos, n, &mut |_, _| 0) {
                picked.push(e);
                n += 1;
            }
            assert!(picked.iter().all(|e| !e.head));
            picked.sort_by_key(|e| (e.item, e.option));
            let staged: Vec<Action> = picked.iter().map(|e| e.action).collect();
            assert_eq!(staged, pos.legal_actions(), "{pos:?}");
            for e in &picked {
                assert_eq!(resolve(&pos, (e.item, e.option)), Some(e.action), "{pos:?}");
            }
        }
        assert!(families > 1000, "only {families} families met");
    }

    #[test]
    fn a_place_past_the_list_names_nothing() {
        let pos = positions()[0];
        assert_eq!(resolve(&pos, (u16::MAX - 1, 0)), None);
    }
}
