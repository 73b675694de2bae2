//! The on-disk form of a tablebase, as bytes (the caller does the file I/O): a 32-byte header
//! (magic, format version, board size, body length, checksum of the body) then the entries.
//! Decoding checks all of it, so a truncated, corrupted or foreign file is never trusted.

use thiserror::Error;

use super::index::Index;
use super::value::{from_best_child, IMPOSSIBLE, LOSS_IN_0, WIN_IN_0};
use super::Tablebase;
use crate::random::SplitMix64;
use crate::{Position, Size};

/// The first eight bytes of every cache file.
const MAGIC: [u8; 8] = *b"RYGTB\r\n\x1a";
/// The version of the entry encoding and header; bump it whenever either changes.
pub const CACHE_FORMAT_VERSION: u32 = 1;
/// The length of the header in front of the entries.
pub const CACHE_HEADER_LEN: usize = 32;

/// Why cached bytes were refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CacheError {
    #[error("truncated: {len} bytes, shorter than the {CACHE_HEADER_LEN}-byte header")]
    TooShort { len: usize },
    #[error("not a ryg tablebase (bad magic bytes)")]
    Magic,
    #[error("format version {found}, expected {expected}")]
    Version { found: u32, expected: u32 },
    #[error("holds the {found}x{found} board, expected {expected}")]
    Size { found: u8, expected: Size },
    #[error("damaged header: reserved bytes are not zero")]
    Reserved,
    #[error("damaged header: it declares {declared} bytes of entries, expected {expected}")]
    Declared { declared: u64, expected: u64 },
    #[error("truncated or padded: {found} bytes of entries, expected {expected}")]
    Length { found: u64, expected: u64 },
    #[error("corrupted: checksum {found:016x}, expected {expected:016x}")]
    Checksum { found: u64, expected: u64 },
    #[error("inconsistent: entry {entry} does not follow from its moves")]
    Inconsistent { entry: usize },
    #[error("damaged: entry {entry} holds no result for a legal position")]
    Damaged { entry: usize },
}

/// Entries checked against their children on every load, besides the start positions.
pub const CACHE_SAMPLES: usize = 4096;

/// The length of a cache file for `size`: header and one byte per entry.
pub fn cache_file_len(size: Size) -> u64 {
    (CACHE_HEADER_LEN + Index::new(size).entries()) as u64
}

/// Checks a cache file's header (its first [`CACHE_HEADER_LEN`] bytes) for a table of `size`,
/// so a caller can refuse a foreign file before reading the rest.
///
/// # Errors
/// When the header is short, not a ryg tablebase's, of another format version or board size,
/// or declares another length.
pub fn check_cache_header(header: &[u8], size: Size) -> Result<(), CacheError> {
    if header.len() < CACHE_HEADER_LEN {
        return Err(CacheError::TooShort { len: header.len() });
    }
    if header[..8] != MAGIC {
        return Err(CacheError::Magic);
    }
    let version = u32::from_le_bytes(header[8..12].try_into().expect("4 bytes"));
    if version != CACHE_FORMAT_VERSION {
        return Err(CacheError::Version { found: version, expected: CACHE_FORMAT_VERSION });
    }
    if header[12] != size.n() {
        return Err(CacheError::Size { found: header[12], expected: size });
    }
    if header[13..16] != [0, 0, 0] {
        return Err(CacheError::Reserved);
    }
    let expected = Index::new(size).entries() as u64;
    let declared = u64::from_le_bytes(header[16..24].try_into().expect("8 bytes"));
    if declared != expected {
        return Err(CacheError::Declared { declared, expected });
    }
    Ok(())
}

impl Tablebase {
    /// The header to write in front of [`Tablebase::cache_body`].
    pub fn cache_header(&self) -> [u8; CACHE_HEADER_LEN] {
        let mut header = [0u8; CACHE_HEADER_LEN];
        header[..8].copy_from_slice(&MAGIC);
        header[8..12].copy_from_slice(&CACHE_FORMAT_VERSION.to_le_bytes());
        header[12] = self.size().n();
        header[16..24].copy_from_slice(&(self.entries.len() as u64).to_le_bytes());
        header[24..32].copy_from_slice(&checksum(&self.entries).to_le_bytes());
        header
    }

    /// The entries, as written after the header.
    pub fn cache_body(&self) -> &[u8] {
        &self.entries
    }

    /// Header and body in one buffer (a copy of the whole table).
    pub fn to_cache_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(CACHE_HEADER_LEN + self.entries.len());
        bytes.extend_from_slice(&self.cache_header());
        bytes.extend_from_slice(&self.entries);
        bytes
    }

    /// The tablebase of `size` read back from a cache file's bytes, reusing the buffer.
    ///
    /// # Errors
    /// When the bytes are short, not a ryg tablebase, another format version or board size,
    /// of the wrong length, fail the checksum, have a checked entry that does not follow from
    /// its children, or hold no result for some legal position (so a loaded table never fails a
    /// probe).
    pub fn from_cache_bytes(mut bytes: Vec<u8>, size: Size) -> Result<Tablebase, CacheError> {
        check_cache_header(&bytes, size)?;
        let index = Index::new(size);
        let expected = index.entries() as u64;
        let found = (bytes.len() - CACHE_HEADER_LEN) as u64;
        if found != expected {
            return Err(CacheError::Length { found, expected });
        }
        let stored = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes"));
        let actual = checksum(&bytes[CACHE_HEADER_LEN..]);
        if stored != actual {
            return Err(CacheError::Checksum { found: actual, expected: stored });
        }
        bytes.drain(..CACHE_HEADER_LEN);
        let tablebase = Tablebase::from_parts(index, bytes);
        tablebase.check_entries(CACHE_SAMPLES, stored)?;
        tablebase.check_every_result()?;
        Ok(tablebase)
    }

    /// Checks that every legal position's entry holds a result (no impossible byte), so that no
    /// probe of a loaded table can fail. Fast: the impossible bytes are counted in one pass, and
    /// the table passes when they are exactly as many as the impossible slots (the mouse on a
    /// cat) and every such slot holds one; otherwise the slower walk names the entry.
    ///
    /// # Errors
    /// The first entry of a legal position that holds the impossible byte.
    fn check_every_result(&self) -> Result<(), CacheError> {
        let (block, squares, cats) = (self.index.block(), self.index.squares(), self.index.cats());
        // Counted in runs of 255 bytes, each into a byte-wide sum (which vectorises).
        let count: usize = self
            .entries
            .chunks(255)
            .map(|run| usize::from(run.iter().fold(0u8, |sum, &byte| sum + u8::from(byte == IMPOSSIBLE))))
            .sum();
        let mut on_cats = true;
        self.for_each_configuration(|config, dense| {
            let entries = &self.entries[config * block..][..block];
            on_cats &= dense.iter().all(|&d| entries[d] == IMPOSSIBLE && entries[squares + d] == IMPOSSIBLE);
        });
        if on_cats && count == self.entries.len() / block * 2 * cats {
            return Ok(());
        }
        let mut first = None;
        self.for_each_configuration(|config, dense| {
            if first.is_some() {
                return;
            }
            let occupied = dense.iter().fold(0u128, |set, &d| set | 1 << d);
            let entries = &self.entries[config * block..][..block];
            first = entries
                .iter()
                .enumerate()
                .find(|&(slot, &byte)| byte == IMPOSSIBLE && occupied & 1 << (slot % squares) == 0)
                .map(|(slot, _)| config * block + slot);
        });
        first.map_or(Ok(()), |entry| Err(CacheError::Damaged { entry }))
    }

    /// Checks that the start positions' entries and `samples` entries chosen by `seed` follow
    /// from their children (a table with a valid checksum may still have been crafted).
    ///
    /// # Errors
    /// The first entry that does not.
    pub fn check_entries(&self, samples: usize, seed: u64) -> Result<(), CacheError> {
        let size = self.size();
        let starts = size.rank(0).filter_map(|sq| Position::start(size, Some(sq)).ok());
        for position in starts {
            self.check_entry(self.index.entry(&position))?;
        }
        let mut random = SplitMix64::new(seed);
        for _ in 0..samples {
            self.check_entry(random.below(self.entries.len()))?;
        }
        Ok(())
    }

    /// Whether entry `entry` holds what its children (or the game's end) make it.
    fn check_entry(&self, entry: usize) -> Result<(), CacheError> {
        let expected = match self.index.position(entry) {
            None => IMPOSSIBLE,
            Some(position) => match position.outcome() {
                Some(outcome) if outcome.winner == position.side_to_move() => WIN_IN_0,
                Some(_) => LOSS_IN_0,
                None => {
                    let mut best = IMPOSSIBLE;
                    position.for_each_move(|mv| {
                        let mut child = position;
                        child.play_unchecked(mv);
                        best = best.min(self.entries[self.index.entry(&child)]);
                    });
                    from_best_child(best)
                }
            },
        };
        if self.entries[entry] == expected {
            Ok(())
        } else {
            Err(CacheError::Inconsistent { entry })
        }
    }

    /// Calls `f` with each configuration's index and its cats' dense squares (increasing), in
    /// the index's colex order.
    fn for_each_configuration(&self, mut f: impl FnMut(usize, &[usize])) {
        let mut dense: Vec<usize> = (0..self.index.cats()).collect();
        for config in 0..self.entries.len() / self.index.block() {
            f(config, &dense);
            next_colex(&mut dense, self.index.squares());
        }
    }
}

/// The next set of dense squares (increasing) in colex order (CITE: combinatorial number
/// system): the lowest square that can move up does, and the ones below it go back to the
/// bottom. The last set stays as it is.
fn next_colex(dense: &mut [usize], squares: usize) {
    let free = |i: usize| dense.get(i + 1).map_or(squares, |&up| up);
    if let Some(i) = (0..dense.len()).find(|&i| dense[i] + 1 < free(i)) {
        dense[i] += 1;
        for (j, d) in dense[..i].iter_mut().enumerate() {
            *d = j;
        }
    }
}

/// A fast 64-bit checksum over four independent lanes of 8-byte words. Each step is a
/// bijection of the lane state, so any change to a single word always changes the result.
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = Checksum::new();
    sum.update(bytes);
    sum.finish()
}

/// [`checksum`] of bytes that come in parts: the same value as over all of them at once.
#[derive(Clone, Debug)]
pub struct Checksum {
    lanes: [u64; 4],
    len: u64,
    /// The bytes of an unfinished 32-byte chunk.
    pending: Vec<u8>,
}

const K: u64 = 0x9e37_79b9_7f4a_7c15;

impl Default for Checksum {
    fn default() -> Checksum {
        Checksum::new()
    }
}

impl Checksum {
    /// No bytes yet.
    pub fn new() -> Checksum {
        Checksum { lanes: [0x5259_4731, 0x5259_4732, 0x5259_4733, 0x5259_4734], len: 0, pending: Vec::new() }
    }

    fn chunk(&mut self, chunk: &[u8]) {
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            let w = u64::from_le_bytes(chunk[8 * i..8 * i + 8].try_into().expect("8 bytes"));
            *lane = (*lane ^ w).wrapping_mul(K).rotate_left(29);
        }
    }

    /// Adds the next bytes.
    pub fn update(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if !self.pending.is_empty() {
            let take = (32 - self.pending.len()).min(bytes.len());
            self.pending.extend_from_slice(&bytes[..take]);
            bytes = &bytes[take..];
            if self.pending.len() < 32 {
                return;
            }
            let chunk = std::mem::take(&mut self.pending);
            self.chunk(&chunk);
        }
        let mut chunks = bytes.chunks_exact(32);
        for chunk in &mut chunks {
            self.chunk(chunk);
        }
        self.pending.extend_from_slice(chunks.remainder());
    }

    /// The checksum of every byte added.
    pub fn finish(&self) -> u64 {
        let mut h = self.len;
        for &b in &self.pending {
            h = (h ^ u64::from(b)).wrapping_mul(K).rotate_left(29);
        }
        for lane in self.lanes {
            h = (h ^ lane).wrapping_mul(K).rotate_left(29);
        }
        h ^ (h >> 32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cache file of `size` whose body is all `byte`, with a valid checksum.
    fn crafted(size: Size, byte: u8) -> Vec<u8> {
        let good = Tablebase::build(size, 1, &mut ());
        let body = vec![byte; good.len()];
        let mut bytes = good.cache_header().to_vec();
        bytes[24..32].copy_from_slice(&checksum(&body).to_le_bytes());
        bytes.extend_from_slice(&body);
        bytes
    }

    #[test]
    fn crafted_bodies_with_valid_checksums_are_refused() {
        let size = Size::new(8).unwrap();
        for byte in [0xFF, 0x00] {
            let err = Tablebase::from_cache_bytes(crafted(size, byte), size).unwrap_err();
            assert!(matches!(err, CacheError::Inconsistent { .. }), "{byte:#x}: {err}");
        }
        // The first entry checked is the start position with the mouse on a1.
        let first = Index::new(size).entry(&Position::start(size, Some("a1".parse().unwrap())).unwrap());
        let err = Tablebase::from_cache_bytes(crafted(size, 0xFF), size).unwrap_err();
        assert_eq!(err.to_string(), format!("inconsistent: entry {first} does not follow from its moves"));
    }

    #[test]
    fn every_entry_of_a_built_table_follows_from_its_children() {
        for n in [4, 6] {
            let tb = Tablebase::build(Size::new(n).unwrap(), 1, &mut ());
            for entry in 0..tb.len() {
                assert_eq!(tb.check_entry(entry), Ok(()), "{n}x{n} entry {entry}");
            }
        }
        let tb = Tablebase::build(Size::new(8).unwrap(), 2, &mut ());
        assert_eq!(tb.check_entries(100_000, 7), Ok(()));
    }

    #[test]
    fn a_damaged_entry_is_a_probe_error_not_a_panic() {
        let size = Size::new(6).unwrap();
        let good = Tablebase::build(size, 1, &mut ());
        let start = Position::start(size, None).unwrap();
        let entry = good.index.entry(&start);
        let mut entries = good.entries.clone();
        entries[entry] = super::IMPOSSIBLE;
        let damaged = Tablebase::from_parts(Index::new(size), entries);
        assert_eq!(damaged.probe(&start), Err(crate::tablebase::ProbeError::Damaged { entry }));
        assert_eq!(damaged.check_entries(0, 1), Err(CacheError::Inconsistent { entry }));
    }

    #[test]
    fn the_colex_walk_meets_each_configuration_at_its_index() {
        for n in [4, 6, 8] {
            let index = Index::new(Size::new(n).unwrap());
            let cats = index.cats();
            let mut dense: Vec<usize> = (0..cats).collect();
            let mut unranked = [0u8; 5];
            for config in 0..index.entries() / index.block() {
                index.unrank(config, &mut unranked);
                let expected: Vec<usize> = unranked[..cats].iter().map(|&d| usize::from(d)).collect();
                assert_eq!(dense, expected, "{n}x{n} configuration {config}");
                next_colex(&mut dense, index.squares());
            }
        }
    }

    #[test]
    fn an_impossible_byte_anywhere_in_a_cache_is_refused_on_loading() {
        let size = Size::new(6).unwrap();
        let good = Tablebase::build(size, 1, &mut ());
        // The last legal position's entry: far from the start, so only a full pass finds it.
        let entry = (0..good.len()).rev().find(|&e| good.index.position(e).is_some()).unwrap();
        let mut entries = good.entries.clone();
        entries[entry] = super::IMPOSSIBLE;
        let damaged = Tablebase::from_parts(Index::new(size), entries);
        let position = good.index.position(entry).unwrap();
        assert_eq!(damaged.probe(&position), Err(crate::tablebase::ProbeError::Damaged { entry }));
        // Its checksum is valid: only the new pass refuses it.
        let err = Tablebase::from_cache_bytes(damaged.to_cache_bytes(), size).unwrap_err();
        assert_eq!(err, CacheError::Damaged { entry });
        assert_eq!(err.to_string(), format!("damaged: entry {entry} holds no result for a legal position"));
        // Every legal slot of a built table holds a result.
        for n in [4, 6, 8] {
            let tb = Tablebase::build(Size::new(n).unwrap(), 2, &mut ());
            assert_eq!(tb.check_every_result(), Ok(()), "{n}x{n}");
            let back = Tablebase::from_cache_bytes(tb.to_cache_bytes(), tb.size()).unwrap();
            assert_eq!(back.len(), tb.len());
        }
    }

    #[test]
    fn checksum_sees_every_byte() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 251) as u8).collect();
        let base = checksum(&data);
        for at in [0, 31, 32, 500, 990, 999] {
            let mut changed = data.clone();
            changed[at] ^= 0x10;
            assert_ne!(checksum(&changed), base, "byte {at}");
        }
        assert_ne!(checksum(&data[..999]), base);
        // in parts, whatever the cuts: the same sum
        for cuts in [[0, 0, 1000], [31, 64, 999], [5, 6, 7], [32, 96, 1000]] {
            let mut sum = Checksum::new();
            let mut at = 0;
            for cut in cuts {
                sum.update(&data[at..cut]);
                at = cut;
            }
            sum.update(&data[at..]);
            assert_eq!(sum.finish(), base, "{cuts:?}");
        }
    }
}
