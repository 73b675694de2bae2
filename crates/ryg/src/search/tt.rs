//! The transposition table: a fixed-size array of entries keyed by the Zobrist hash, each
//! holding the best move, the score (node-relative), the depth and the kind of bound. The
//! array is allocated on the first store (or by [`TranspositionTable::allocate`]), so a table
//! that is never used costs nothing and the caller chooses when to pay for it.

use std::cell::Cell;

use crate::Move;

use super::Score;

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The value is exactly the score.
    Exact,
    /// The value is at least the score (a cut-off).
    Lower,
    /// The value is at most the score (no move reached alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The full hash, to tell apart positions sharing a slot.
    pub key: u64,
    pub best_move: Option<Move>,
    /// Node-relative score (see [`Score::to_tt`]).
    pub score: Score,
    pub depth: u8,
    pub bound: Bound,
}

/// How a table was used since it was last cleared (what the original's `.e` command showed).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TableStats {
    /// Slots in the table.
    pub capacity: usize,
    /// Slots holding an entry.
    pub filled: usize,
    /// Look-ups.
    pub probes: u64,
    /// Look-ups that found their position.
    pub hits: u64,
    /// Stores.
    pub stores: u64,
    /// Stores that replaced another position's entry.
    pub overwrites: u64,
}

/// A transposition table with a power-of-two number of slots, always replacing.
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    /// Empty until the first store or [`TranspositionTable::allocate`], then `len` slots.
    slots: Vec<Option<Entry>>,
    len: usize,
    mask: usize,
    /// Whether anything was stored since the last clear (clearing a clean table is skipped).
    dirty: bool,
    probes: Cell<u64>,
    hits: Cell<u64>,
    stores: u64,
    overwrites: u64,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one slot). Allocates nothing yet: the
    /// slots are made by the first store or by [`TranspositionTable::allocate`].
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bytes = megabytes.max(1) << 20;
        let wanted = (bytes / std::mem::size_of::<Option<Entry>>()).max(1);
        let len = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        TranspositionTable {
            slots: Vec::new(),
            len,
            mask: len - 1,
            dirty: false,
            probes: Cell::new(0),
            hits: Cell::new(0),
            stores: 0,
            overwrites: 0,
        }
    }

    /// A table of exactly `slots` slots (rounded up to a power of two), such as RYG3's 2 × 256.
    pub fn with_slots(slots: usize) -> TranspositionTable {
        let mut table = TranspositionTable::new(1);
        table.len = slots.max(1).next_power_of_two();
        table.mask = table.len - 1;
        table
    }

    /// Number of slots (allocated or not yet).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the table has no slots (never: there is at least one).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether the slots are allocated (by a store or [`TranspositionTable::allocate`]).
    pub fn is_allocated(&self) -> bool {
        !self.slots.is_empty()
    }

    /// Allocates the slots now (and touches their memory), so that the first search does not
    /// pay for it; does nothing when they already are.
    pub fn allocate(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![None; self.len];
        }
    }

    /// Forgets every entry and the usage counts.
    pub fn clear(&mut self) {
        if self.dirty {
            self.slots.fill(None);
            self.dirty = false;
        }
        self.probes.set(0);
        self.hits.set(0);
        self.stores = 0;
        self.overwrites = 0;
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        // An unallocated table has no slots: nothing is found.
        let found = self.slots.get(key as usize & self.mask).and_then(|s| s.filter(|e| e.key == key));
        self.probes.set(self.probes.get() + 1);
        self.hits.set(self.hits.get() + u64::from(found.is_some()));
        found
    }

    /// Stores an entry, replacing whatever was in its slot.
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        self.allocate();
        let slot = &mut self.slots[entry.key as usize & self.mask];
        self.overwrites += u64::from(slot.is_some_and(|old| old.key != entry.key));
        self.stores += 1;
        *slot = Some(entry);
        self.dirty = true;
    }

    /// How the table was used since it was last cleared (counts the filled slots: O(capacity)).
    pub fn stats(&self) -> TableStats {
        TableStats {
            capacity: self.len,
            filled: self.slots.iter().filter(|s| s.is_some()).count(),
            probes: self.probes.get(),
            hits: self.hits.get(),
            stores: self.stores,
            overwrites: self.overwrites,
        }
    }
}

// Keep the entry small: the table is sized in bytes.
const _: () = assert!(std::mem::size_of::<Option<Entry>>() <= 24);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_tells_keys_apart() {
        let mut tt = TranspositionTable::new(1);
        assert!(tt.len().is_power_of_two());
        let mv: Move = "e1f2".parse().unwrap();
        let e =
            Entry { key: 42, best_move: Some(mv), score: Score::win_in(3), depth: 5, bound: Bound::Exact };
        tt.store(e);
        assert_eq!(tt.probe(42), Some(e));
        assert_eq!(tt.probe(42 + tt.len() as u64), None);
        tt.store(Entry { key: 42 + tt.len() as u64, ..e });
        let stats = tt.stats();
        assert_eq!((stats.filled, stats.probes, stats.hits), (1, 2, 1));
        assert_eq!((stats.stores, stats.overwrites), (2, 1));
        tt.clear();
        assert_eq!(tt.probe(42), None);
        assert_eq!(tt.stats().filled, 0);
        assert_eq!(tt.stats().probes, 1);
    }

    #[test]
    fn a_fresh_table_allocates_nothing_until_its_first_store() {
        let mut tt = TranspositionTable::new(16);
        // 16 MiB of 16-byte entries.
        assert_eq!(tt.len(), 1 << 20);
        assert!(!tt.is_allocated());
        assert_eq!(tt.probe(7), None);
        tt.clear();
        assert!(!tt.is_allocated(), "probing and clearing allocate nothing");
        assert_eq!(tt.stats(), TableStats { capacity: 1 << 20, probes: 0, ..TableStats::default() });
        let e = Entry { key: 7, best_move: None, score: Score::ZERO, depth: 1, bound: Bound::Lower };
        tt.store(e);
        assert!(tt.is_allocated());
        assert_eq!(tt.probe(7), Some(e));
        assert_eq!((tt.stats().capacity, tt.stats().filled), (1 << 20, 1));

        let mut ready = TranspositionTable::new(1);
        ready.allocate();
        assert!(ready.is_allocated());
        assert_eq!((ready.stats().filled, ready.len()), (0, 1 << 16));
    }
}
