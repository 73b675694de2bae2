//! The transposition table: a fixed-size array of entries keyed by the Zobrist hash, each
//! holding the best move, the score (node-relative), the depth and the kind of bound.

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
    slots: Vec<Option<Entry>>,
    mask: usize,
    /// Whether anything was stored since the last clear (clearing a clean table is skipped).
    dirty: bool,
    probes: Cell<u64>,
    hits: Cell<u64>,
    stores: u64,
    overwrites: u64,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one slot).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bytes = megabytes.max(1) << 20;
        let wanted = (bytes / std::mem::size_of::<Option<Entry>>()).max(1);
        let len = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        TranspositionTable {
            slots: vec![None; len],
            mask: len - 1,
            dirty: false,
            probes: Cell::new(0),
            hits: Cell::new(0),
            stores: 0,
            overwrites: 0,
        }
    }

    /// Number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slots (never: there is at least one).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
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
        let found = self.slots[key as usize & self.mask].filter(|e| e.key == key);
        self.probes.set(self.probes.get() + 1);
        self.hits.set(self.hits.get() + u64::from(found.is_some()));
        found
    }

    /// Stores an entry, replacing whatever was in its slot.
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        self.overwrites += u64::from(slot.is_some_and(|old| old.key != entry.key));
        self.stores += 1;
        *slot = Some(entry);
        self.dirty = true;
    }

    /// How the table was used since it was last cleared (counts the filled slots: O(capacity)).
    pub fn stats(&self) -> TableStats {
        TableStats {
            capacity: self.slots.len(),
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
}
