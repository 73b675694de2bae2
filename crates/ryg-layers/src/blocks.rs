//! Lookups in the layer files: each answer reads one decompressed block, kept in a small
//! cache ([`CACHED_BLOCKS`] of the blocks used last, 16 MiB at most), so that the moves
//! of one position, which mostly share blocks, read and decompress each block once. Also
//! the layered table as an [`ExactSource`], for `ryg solve`, the server and the terminal game.

use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::sync::{Arc, Mutex};

use anyhow::{ensure, Result};
use ryg_wide::tablebase::{ExactSource, ProbeError};
use ryg_wide::{ExactResult, Position, Size};

use super::{blocks, data_start, Exact, Format, LayerStore, WinLoss, BLOCK, HEADER_LEN};

/// The blocks a store keeps decompressed: 16 MiB at most.
pub const CACHED_BLOCKS: usize = 1024;

/// A block: its layer and its number in the layer.
type BlockKey = (usize, usize);

/// The last blocks read: `(layer, block)` → its bytes and whether it was used since the clock
/// hand last passed it (CITE: the CLOCK page-replacement algorithm, a cheap LRU).
pub(super) struct BlockCache {
    capacity: usize,
    blocks: HashMap<BlockKey, (Arc<[u8]>, bool)>,
    /// The blocks in the order the hand visits them.
    hand: VecDeque<BlockKey>,
    hits: u64,
    misses: u64,
}

impl Default for BlockCache {
    fn default() -> BlockCache {
        BlockCache::new(CACHED_BLOCKS)
    }
}

impl BlockCache {
    /// A cache of `capacity` blocks at most.
    pub(super) fn new(capacity: usize) -> BlockCache {
        BlockCache {
            capacity: capacity.max(1),
            blocks: HashMap::new(),
            hand: VecDeque::new(),
            hits: 0,
            misses: 0,
        }
    }

    fn get(&mut self, key: BlockKey) -> Option<Arc<[u8]>> {
        let found = self.blocks.get_mut(&key).map(|(bytes, used)| {
            *used = true;
            Arc::clone(bytes)
        });
        if found.is_some() {
            self.hits += 1;
        } else {
            self.misses += 1;
        }
        found
    }

    fn put(&mut self, key: BlockKey, bytes: Arc<[u8]>) {
        if self.blocks.contains_key(&key) {
            return;
        }
        while self.blocks.len() >= self.capacity {
            // a block used since the hand last passed gets a second chance; the first not used goes
            let Some(old) = self.hand.pop_front() else { break };
            match self.blocks.get_mut(&old) {
                Some((_, used)) if *used => {
                    *used = false;
                    self.hand.push_back(old);
                }
                _ => {
                    self.blocks.remove(&old);
                }
            }
        }
        self.blocks.insert(key, (bytes, false));
        self.hand.push_back(key);
    }

    /// Forgets `layer`'s blocks (its file was written again).
    fn forget(&mut self, layer: usize) {
        self.blocks.retain(|&(l, _), _| l != layer);
        self.hand.retain(|&(l, _)| l != layer);
    }
}

thread_local! {
    /// Each thread's decompression context, made once.
    static UNPACK: std::cell::RefCell<Option<zstd::bulk::Decompressor<'static>>> = const { std::cell::RefCell::new(None) };
}

impl<F: Format> LayerStore<F> {
    /// Forgets `layer`'s open file and cached blocks: the build calls it before it writes the
    /// layer's file again or removes it.
    pub fn forget(&self, layer: usize) {
        self.opened.lock().unwrap_or_else(|e| e.into_inner()).remove(&layer);
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).forget(layer);
    }

    /// Block `block` of `layer`'s table, from the cache or read and decompressed from the file.
    pub(super) fn block(&self, layer: usize, block: usize) -> Result<Arc<[u8]>> {
        if let Some(bytes) = self.cache.lock().unwrap_or_else(|e| e.into_inner()).get((layer, block)) {
            return Ok(bytes);
        }
        let opened = self.opened_layer(layer)?;
        let (file, header) = &*opened;
        let damaged = || format!("'{}' is damaged (a block does not decompress)", self.path(layer).display());
        ensure!(block < blocks(header.len), damaged());
        let start = data_start(blocks(header.len));
        let mut ends = [0u8; 16];
        std::os::unix::fs::FileExt::read_exact_at(file, &mut ends, HEADER_LEN as u64 + 8 * block as u64)?;
        let from = u64::from_le_bytes(ends[..8].try_into().expect("8 bytes"));
        let to = u64::from_le_bytes(ends[8..].try_into().expect("8 bytes"));
        ensure!(from <= to && to - from <= 2 * BLOCK as u64, damaged());
        let mut packed = vec![0u8; (to - from) as usize];
        std::os::unix::fs::FileExt::read_exact_at(file, &mut packed, start + from)?;
        let want = (header.len as usize - block * BLOCK).min(BLOCK);
        let mut bytes = Vec::with_capacity(BLOCK);
        let got = UNPACK.with_borrow_mut(|unpack| -> Result<_> {
            let decompressor = match unpack {
                Some(made) => made,
                made => made.insert(zstd::bulk::Decompressor::new()?),
            };
            Ok(decompressor.decompress_to_buffer(&packed, &mut bytes).ok())
        })?;
        ensure!(got == Some(want), damaged());
        let bytes: Arc<[u8]> = bytes.into();
        self.cache.lock().unwrap_or_else(|e| e.into_inner()).put((layer, block), Arc::clone(&bytes));
        Ok(bytes)
    }

    /// The byte at `offset` of `layer`'s table, read from its block of the layer's file.
    pub(super) fn stored_byte(&self, layer: usize, offset: u64) -> Result<u8> {
        let block = self.block(layer, offset as usize / BLOCK)?;
        Ok(block[offset as usize % BLOCK])
    }
}

/// What a store's block cache holds and has answered ([`LayerStore::cache_stats`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CacheStats {
    /// The blocks it holds now.
    pub blocks: usize,
    /// Lookups answered from it, and lookups that read and decompressed a block.
    pub hits: u64,
    pub misses: u64,
}

impl<F: Format> LayerStore<F> {
    /// The same store with a cache of `blocks` blocks instead of [`CACHED_BLOCKS`] (the tests'
    /// way to make it evict).
    #[must_use]
    pub fn with_cache(mut self, blocks: usize) -> LayerStore<F> {
        self.cache = Mutex::new(BlockCache::new(blocks));
        self
    }

    /// The block cache's contents and counts.
    pub fn cache_stats(&self) -> CacheStats {
        let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        CacheStats { blocks: cache.blocks.len(), hits: cache.hits, misses: cache.misses }
    }
}

impl LayerStore<Exact> {
    /// The exact layers of `size` under the cache directory `cache`, if every one is on disk
    /// (its header sound): the table lookups read; `None` while it is missing or unfinished.
    pub fn complete(cache: &Path, size: Size) -> Option<ExactLayers> {
        let store = LayerStore::new(cache, size);
        store.to_solve().is_empty().then_some(ExactLayers(store))
    }
}

impl LayerStore<WinLoss> {
    /// The win/loss layers of `size` under `cache`, if every one is on disk (its header
    /// sound): `None` while they are missing or unfinished.
    pub fn complete_win_loss(cache: &Path, size: Size) -> Option<LayerStore<WinLoss>> {
        let store = LayerStore::win_loss(cache, size);
        store.to_solve().is_empty().then_some(store)
    }
}

/// The exact table read from its layer files, every one on disk: the [`ExactSource`] of sizes
/// too large to hold in memory (12×12), or of any size built with `ryg solve --layered`. Only
/// [`LayerStore::complete`] makes one, of exact layers: win/loss layers
/// ([`WinLossStore`](super::WinLossStore)) hold no distances, and are no source of exact
/// results by their type.
pub struct ExactLayers(LayerStore<Exact>);

impl std::ops::Deref for ExactLayers {
    type Target = LayerStore;

    fn deref(&self) -> &LayerStore {
        &self.0
    }
}

impl ExactLayers {
    /// The same table with a cache of `blocks` blocks (the tests' way to make it evict).
    #[must_use]
    pub fn with_cache(self, blocks: usize) -> ExactLayers {
        ExactLayers(self.0.with_cache(blocks))
    }
}

impl ExactSource for ExactLayers {
    fn size(&self) -> Size {
        self.layers().size()
    }

    fn probe(&self, position: &Position) -> Result<ExactResult, ProbeError> {
        if position.size() != self.layers().size() {
            return Err(ProbeError::WrongSize { found: position.size(), expected: self.layers().size() });
        }
        self.0.result(position).map_err(|e| ProbeError::Unreadable { reason: format!("{e:#}") })
    }
}
