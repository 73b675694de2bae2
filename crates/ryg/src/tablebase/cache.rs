//! The on-disk form of a tablebase, as bytes (the caller does the file I/O): a 32-byte header
//! (magic, format version, board size, body length, checksum of the body) then the entries.
//! Decoding checks all of it, so a truncated, corrupted or foreign file is never trusted.

use thiserror::Error;

use super::index::Index;
use super::Tablebase;
use crate::Size;

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
    #[error("truncated or padded: {found} bytes of entries, expected {expected}")]
    Length { found: u64, expected: u64 },
    #[error("corrupted: checksum {found:016x}, expected {expected:016x}")]
    Checksum { found: u64, expected: u64 },
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
    /// of the wrong length, or fail the checksum.
    pub fn from_cache_bytes(mut bytes: Vec<u8>, size: Size) -> Result<Tablebase, CacheError> {
        if bytes.len() < CACHE_HEADER_LEN {
            return Err(CacheError::TooShort { len: bytes.len() });
        }
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        if bytes[..8] != MAGIC {
            return Err(CacheError::Magic);
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
        if version != CACHE_FORMAT_VERSION {
            return Err(CacheError::Version { found: version, expected: CACHE_FORMAT_VERSION });
        }
        if bytes[12] != size.n() || bytes[13..16] != [0, 0, 0] {
            return Err(CacheError::Size { found: bytes[12], expected: size });
        }
        let index = Index::new(size);
        let expected = index.entries() as u64;
        let declared = word(16);
        let found = (bytes.len() - CACHE_HEADER_LEN) as u64;
        if declared != expected || found != expected {
            let found = if declared != expected { declared } else { found };
            return Err(CacheError::Length { found, expected });
        }
        let stored = word(24);
        let actual = checksum(&bytes[CACHE_HEADER_LEN..]);
        if stored != actual {
            return Err(CacheError::Checksum { found: actual, expected: stored });
        }
        bytes.drain(..CACHE_HEADER_LEN);
        Ok(Tablebase::from_parts(index, bytes))
    }
}

/// A fast 64-bit checksum over four independent lanes of 8-byte words. Each step is a
/// bijection of the lane state, so any change to a single word always changes the result.
fn checksum(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut lanes = [0x5259_4731u64, 0x5259_4732, 0x5259_4733, 0x5259_4734];
    let mut chunks = bytes.chunks_exact(32);
    for chunk in &mut chunks {
        for (i, lane) in lanes.iter_mut().enumerate() {
            let w = u64::from_le_bytes(chunk[8 * i..8 * i + 8].try_into().expect("8 bytes"));
            *lane = (*lane ^ w).wrapping_mul(K).rotate_left(29);
        }
    }
    let mut h = bytes.len() as u64;
    for &b in chunks.remainder() {
        h = (h ^ u64::from(b)).wrapping_mul(K).rotate_left(29);
    }
    for lane in lanes {
        h = (h ^ lane).wrapping_mul(K).rotate_left(29);
    }
    h ^ (h >> 32)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
