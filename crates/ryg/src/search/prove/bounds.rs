//! The bound table: exact-keyed lower and upper bounds (node-relative) and a best move per
//! position, in buckets of four entries, kept between proofs (a bound holds from any root).

use crate::search::ProofTable;
use crate::{Move, Position, Side, Size};

use super::value::INF;

/// An exact position key: the cats' squares in the low bits, the mouse's square above them,
/// cats to move in the top bit and one bit that is never a square set, so that a real key is
/// never 0 (cats in bits 0..55, mouse 56..62, side 63, bit 55 set; in `ryg-wide` 0..105,
/// 112..119, 127 and 111).
#[cfg(not(wide))]
pub(super) type Key = u64;
#[cfg(wide)]
pub(super) type Key = u128;

#[derive(Clone, Copy, Default)]
#[repr(C)]
pub(super) struct Entry {
    /// The exact position (see [`key`]); 0 = empty.
    key: Key,
    pub(super) lower: i16,
    pub(super) upper: i16,
    /// Best move: from and to square indexes (0, 0 = none).
    pub(super) from: u8,
    pub(super) to: u8,
    /// log2 of the nodes spent on it (the replacement priority).
    work: u8,
    _pad: u8,
}

const WAYS: usize = 4;

/// The bound table: buckets of four exact-keyed entries (64 bytes; 128 in `ryg-wide`), indexed by the Zobrist hash.
#[derive(Clone)]
pub(super) struct Table {
    entries: Vec<Entry>,
    mask: usize,
}

/// The size in MiB of `table` on `size`: its own, or by board size (entries are twice as large
/// in `ryg-wide`, 128-bit keys: as many of them up to 8×8).
pub(super) fn megabytes(table: ProofTable, size: Size) -> usize {
    let wide = if cfg!(wide) { 2 } else { 1 };
    table.megabytes.unwrap_or(match size.n() {
        4 | 6 => wide,
        8 => 4 * wide,
        _ => 512,
    })
}

impl Table {
    pub(super) fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let buckets = (bytes / (WAYS * std::mem::size_of::<Entry>())).next_power_of_two() / 2;
        let buckets = buckets.max(1);
        Table { entries: vec![Entry::default(); buckets * WAYS], mask: buckets - 1 }
    }

    /// No table (the `table` switch off): nothing is ever stored or found.
    pub(super) fn empty() -> Table {
        Table { entries: Vec::new(), mask: 0 }
    }

    pub(super) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    fn bucket(&self, position: &Position) -> usize {
        (position.hash() as usize & self.mask) * WAYS
    }

    #[inline]
    pub(super) fn get(&self, position: &Position, key: Key) -> Option<&Entry> {
        let b = self.bucket(position);
        self.entries[b..b + WAYS].iter().find(|e| e.key == key)
    }

    #[inline]
    pub(super) fn store(
        &mut self,
        position: &Position,
        key: Key,
        lower: i16,
        upper: i16,
        mv: Option<Move>,
        work: u8,
    ) {
        let b = self.bucket(position);
        let bucket = &mut self.entries[b..b + WAYS];
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(i) => i,
            None => {
                let i = (0..WAYS).min_by_key(|&i| bucket[i].work).unwrap_or(0);
                bucket[i] = Entry { key, lower: -INF, upper: INF, ..Entry::default() };
                i
            }
        };
        let e = &mut bucket[slot];
        e.lower = e.lower.max(lower);
        e.upper = e.upper.min(upper);
        e.work = e.work.max(work);
        if let Some(mv) = mv {
            e.from = mv.from.index();
            e.to = mv.to.index();
        }
    }
}

#[inline]
pub(super) fn key(position: &Position) -> Key {
    const BITS: u32 = Key::BITS;
    let side = match position.side_to_move() {
        Side::Mouse => 0,
        Side::Cats => 1 << (BITS - 1),
    };
    let mouse = BITS - BITS / 8;
    position.cats().0 | Key::from(position.mouse().index()) << mouse | side | 1 << (mouse - 1)
}
