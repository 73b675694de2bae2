//! The layered tablebase on disk (12×12, 14×14 win/loss, or any size with `--layered`): one
//! file per layer in ryg's cache directory (`tablebase-12x12/layer-065.ryg`), with a header
//! (format, size, layer, length, checksum, the layer's statistics). This crate is the files'
//! format and their reader: the lookups of `ryg solve`, `ryg serve`, the terminal game and
//! the Python package (`ryg.open_tablebase`). A store's format is its type: a
//! [`LayerStore<Exact>`] (a byte a position, the winner and the distance; complete, an
//! [`ExactLayers`], the one [`ExactSource`](ryg_wide::tablebase::ExactSource)) or a
//! [`WinLossStore`] (a bit a position, the winner only). The build that writes them — solving the layers
//! from the last down to the first, each written whole under a temporary name and renamed,
//! resuming after the last finished one — is the command line's (crates/ryg-cli/src/layers.rs),
//! with the format's pieces it needs from here ([`LayerStore::header`], [`compress`]).
//!
//! A layer's bytes are kept in blocks of [`BLOCK`] bytes, each compressed on its own with
//! zstd, behind an index of where each block starts: a lookup reads and decompresses one
//! block. The measured sizes and times are in docs/engine.md ("12×12: the layered build on
//! disk").

use std::collections::HashMap;
use std::fs;
use std::io::{Read, Seek, SeekFrom};
use std::marker::PhantomData;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{ensure, Context, Result};
use ryg_wide::tablebase::{checksum, LayerStats, Layers};
use ryg_wide::{ExactResult, Position, Side, Size};

mod blocks;
mod win_loss;

use blocks::BlockCache;
pub use blocks::{CacheStats, ExactLayers, CACHED_BLOCKS};
pub use win_loss::{WinLoss, WIN_LOSS_RUN};

/// The win/loss layer files of one board size: winners, never exact results.
pub type WinLossStore = LayerStore<WinLoss>;

const MAGIC: &[u8; 8] = b"RYGLAYER";
/// Version 2: compressed blocks (version 1 files, uncompressed, are built again).
const VERSION: u32 = 2;
/// The header: magic, version, size, layer, block size, configurations, length, checksum,
/// statistics. The block index follows it, then the blocks.
pub const HEADER_LEN: usize = 8 + 4 + 4 + 4 + 4 + 8 + 8 + 8 + 4 * 8 + 8 + 8;
/// The uncompressed bytes of a block: a lookup decompresses this many.
pub const BLOCK: usize = 1 << 14;
/// zstd's level: its fastest (measured in docs/engine.md).
const LEVEL: i32 = 1;

/// The cache directory the environment chooses, where `ryg solve` writes the layer files
/// (and the 10×10 table's cache file) unless told another: `$RYG_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/ryg` (an absolute one), else `~/.cache/ryg`; `None` without any of them.
pub fn default_cache_dir() -> Option<PathBuf> {
    let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    env("RYG_CACHE_DIR")
        .or_else(|| env("XDG_CACHE_HOME").filter(|p| p.is_absolute()).map(|p| p.join("ryg")))
        .or_else(|| env("HOME").map(|home| home.join(".cache").join("ryg")))
}

mod sealed {
    /// Only this crate's formats are formats: their files are this crate's to read.
    pub trait Sealed {}
    impl Sealed for super::Exact {}
    impl Sealed for super::WinLoss {}
}

/// What a store's layer files hold: [`Exact`] results (a byte a position) or the [`WinLoss`]
/// bits (a bit a position). The two are two types of store, so that only the exact one
/// answers exact results. The command line's build adds how each is built.
pub trait Format: sealed::Sealed + Sized + Send + Sync + 'static {
    /// The files' magic.
    const MAGIC: &'static [u8; 8];
    /// The words a message gives the table before "tablebase": `""` or `"win/loss "`.
    const NAME: &'static str;
    /// The bytes `layer`'s table takes uncompressed.
    fn stored_len(layers: &Layers, layer: usize) -> u64;
    /// The winner of `position`, from the files.
    ///
    /// # Errors
    /// When the layer's file is missing, not a sound layer file, or its block is damaged.
    fn winner(store: &LayerStore<Self>, position: &Position) -> Result<Side>;
}

/// Exact layers: a byte a position, its winner and distance.
pub struct Exact;

/// The layer files of one board size, in format `F`.
pub struct LayerStore<F: Format = Exact> {
    dir: PathBuf,
    layers: Layers,
    /// The layer files lookups have opened (their headers checked), kept open for the next.
    opened: Mutex<HashMap<usize, Arc<(fs::File, Header)>>>,
    /// The blocks lookups read last.
    cache: Mutex<BlockCache>,
    format: PhantomData<F>,
}

/// A layer file's header, read back.
pub struct Header {
    len: u64,
    sum: u64,
    stats: LayerStats,
}

/// The number of blocks of a layer of `len` bytes.
pub fn blocks(len: u64) -> usize {
    len.div_ceil(BLOCK as u64) as usize
}

/// Where the blocks start in a layer file of `blocks` blocks (past the header and the index of
/// `blocks + 1` offsets).
pub fn data_start(blocks: usize) -> u64 {
    (HEADER_LEN + 8 * (blocks + 1)) as u64
}

/// The bytes of the files in `dir` (0 when it cannot be read).
pub fn dir_bytes(dir: &Path) -> u64 {
    fs::read_dir(dir)
        .map_or(0, |d| d.filter_map(Result::ok).filter_map(|e| e.metadata().ok()).map(|m| m.len()).sum())
}

fn read_u64_at(file: &fs::File, at: u64) -> std::io::Result<u64> {
    let mut b = [0u8; 8];
    file.read_exact_at(&mut b, at)?;
    Ok(u64::from_le_bytes(b))
}

/// Compresses `table` block by block on `threads` threads: the index (each block's start, and
/// the end) and the blocks one after the other — a layer file's body after its header.
///
/// # Errors
/// When zstd fails.
pub fn compress(table: &[u8], threads: usize) -> Result<(Vec<u64>, Vec<u8>)> {
    let chunks: Vec<&[u8]> = table.chunks(BLOCK).collect();
    let per = chunks.len().div_ceil(threads.max(1)).max(1);
    // each thread packs a run of blocks into one buffer (its blocks' lengths beside it)
    let pack = |part: &[&[u8]]| -> std::io::Result<(Vec<usize>, Vec<u8>)> {
        let mut compressor = zstd::bulk::Compressor::new(LEVEL)?;
        let mut scratch = Vec::with_capacity(zstd::zstd_safe::compress_bound(BLOCK));
        let (mut lens, mut data) = (Vec::with_capacity(part.len()), Vec::new());
        for block in part {
            scratch.clear();
            compressor.compress_to_buffer(block, &mut scratch)?;
            lens.push(scratch.len());
            data.extend_from_slice(&scratch);
        }
        Ok((lens, data))
    };
    let parts = std::thread::scope(|s| {
        let workers: Vec<_> = chunks.chunks(per).map(|part| s.spawn(move || pack(part))).collect();
        workers.into_iter().map(|w| w.join().expect("a compressing thread panicked")).collect::<Vec<_>>()
    });
    let mut index = Vec::with_capacity(chunks.len() + 1);
    let mut data = Vec::new();
    let mut at = 0u64;
    for part in parts {
        let (lens, packed) = part.context("cannot compress a layer")?;
        for len in lens {
            index.push(at);
            at += len as u64;
        }
        data.extend_from_slice(&packed);
    }
    index.push(at);
    debug_assert_eq!(at, data.len() as u64);
    Ok((index, data))
}

impl LayerStore<Exact> {
    /// The exact store of `size` under the cache directory `cache`.
    pub fn new(cache: &Path, size: Size) -> LayerStore<Exact> {
        LayerStore::in_dir(cache.join(format!("tablebase-{size}")), size)
    }

    /// The byte of `position`, read from its block of its layer's file.
    ///
    /// # Errors
    /// When the layer's file is missing, not a sound layer file, or its block is damaged.
    pub fn byte(&self, position: &Position) -> Result<u8> {
        let (layer, offset) = self.layers.locate(position);
        self.stored_byte(layer, offset)
    }

    /// The exact result of `position` from the files.
    ///
    /// # Errors
    /// As [`LayerStore::byte`], and when the byte holds no result (a damaged file).
    pub fn result(&self, position: &Position) -> Result<ExactResult> {
        let byte = self.byte(position)?;
        Layers::decode(byte, position.side_to_move())
            .with_context(|| format!("the layer file of {} holds no result for it (damaged)", position.fen()))
    }
}

impl Format for Exact {
    const MAGIC: &'static [u8; 8] = MAGIC;
    const NAME: &'static str = "";

    fn stored_len(layers: &Layers, layer: usize) -> u64 {
        layers.layer_len(layer)
    }

    fn winner(store: &LayerStore<Exact>, position: &Position) -> Result<Side> {
        Ok(store.result(position)?.winner)
    }
}

impl<F: Format> LayerStore<F> {
    /// The store of `size` whose files are in `dir`.
    fn in_dir(dir: PathBuf, size: Size) -> LayerStore<F> {
        LayerStore {
            dir,
            layers: Layers::new(size),
            opened: Mutex::new(HashMap::new()),
            cache: Mutex::default(),
            format: PhantomData,
        }
    }

    /// The bytes of the layer files on disk.
    pub fn disk_bytes(&self) -> u64 {
        dir_bytes(&self.dir)
    }

    /// The bytes `layer`'s table takes uncompressed (a byte or a bit per position).
    pub fn stored_len(&self, layer: usize) -> u64 {
        F::stored_len(&self.layers, layer)
    }

    pub fn layers(&self) -> &Layers {
        &self.layers
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of `layer` (`layer-065.ryg` in [`LayerStore::dir`]).
    pub fn path(&self, layer: usize) -> PathBuf {
        self.dir.join(format!("layer-{layer:03}.ryg"))
    }

    /// The header of `layer`'s file: its table's `len` bytes (uncompressed), their checksum
    /// `sum` and the layer's statistics — for the build, which writes it before the block
    /// index ([`compress`]).
    pub fn header(&self, layer: usize, len: u64, sum: u64, stats: &LayerStats) -> Vec<u8> {
        let mut h = Vec::with_capacity(HEADER_LEN);
        h.extend_from_slice(F::MAGIC);
        h.extend_from_slice(&VERSION.to_le_bytes());
        h.extend_from_slice(&u32::from(self.layers.size().n()).to_le_bytes());
        h.extend_from_slice(&(layer as u32).to_le_bytes());
        h.extend_from_slice(&(BLOCK as u32).to_le_bytes());
        h.extend_from_slice(&self.layers.configs(layer).to_le_bytes());
        h.extend_from_slice(&len.to_le_bytes());
        h.extend_from_slice(&sum.to_le_bytes());
        for count in stats.counts.iter().flatten() {
            h.extend_from_slice(&count.to_le_bytes());
        }
        h.extend_from_slice(&u64::from(stats.longest.0).to_le_bytes());
        h.extend_from_slice(&stats.longest.1.to_le_bytes());
        debug_assert_eq!(h.len(), HEADER_LEN);
        h
    }

    /// `layer`'s file and its header, if it is a sound one of this size and layer (its length
    /// that of its blocks; the checksum is checked when the whole layer is read).
    fn open_layer(&self, layer: usize) -> Result<(fs::File, Header)> {
        let path = self.path(layer);
        let mut file = fs::File::open(&path).with_context(|| format!("cannot open '{}'", path.display()))?;
        let meta = file.metadata()?;
        ensure!(meta.is_file(), "'{}' is not a regular file", path.display());
        let mut h = [0u8; HEADER_LEN];
        file.read_exact(&mut h)
            .with_context(|| format!("'{}' is too short for a layer file", path.display()))?;
        let word = |at: usize| u64::from_le_bytes(h[at..at + 8].try_into().expect("8 bytes"));
        let half = |at: usize| u32::from_le_bytes(h[at..at + 4].try_into().expect("4 bytes"));
        ensure!(
            &h[..8] == F::MAGIC && half(8) == VERSION,
            "'{}' is not a layer file of this ryg",
            path.display()
        );
        ensure!(
            half(12) == u32::from(self.layers.size().n())
                && half(16) as usize == layer
                && half(20) as usize == BLOCK,
            "'{}' holds another size or layer",
            path.display()
        );
        let len = self.stored_len(layer);
        ensure!(
            word(24) == self.layers.configs(layer) && word(32) == len,
            "'{}' has the wrong length",
            path.display()
        );
        let start = data_start(blocks(len));
        let end = read_u64_at(&file, start - 8).ok().and_then(|e| e.checked_add(start));
        ensure!(meta.len() >= start && end == Some(meta.len()), "'{}' is cut short", path.display());
        let c = |i: usize| word(48 + 8 * i);
        let stats = LayerStats { counts: [[c(0), c(1)], [c(2), c(3)]], longest: (c(4) as u8, c(5)) };
        Ok((file, Header { len, sum: word(40), stats }))
    }

    /// Whether `layer` is on disk, whole.
    pub fn finished(&self, layer: usize) -> bool {
        self.open_layer(layer).is_ok()
    }

    /// Every finished layer's statistics (`None` while some layer is missing).
    pub fn stats(&self) -> Option<Vec<LayerStats>> {
        (0..self.layers.len()).map(|l| self.open_layer(l).ok().map(|(_, h)| h.stats)).collect()
    }

    /// The whole table of `layer`, decompressed on `threads` threads, its checksum checked.
    ///
    /// # Errors
    /// When the file is missing, not a sound layer file of this store, or damaged (a block
    /// that does not decompress, a checksum that does not match); the message names the file.
    pub fn read_layer(&self, layer: usize, threads: usize) -> Result<Vec<u8>> {
        let (mut file, header) = self.open_layer(layer)?;
        let path = self.path(layer);
        let n = blocks(header.len);
        let mut raw = vec![0u8; (file.metadata()?.len() - HEADER_LEN as u64) as usize];
        file.seek(SeekFrom::Start(HEADER_LEN as u64))?;
        file.read_exact(&mut raw).with_context(|| format!("cannot read '{}'", path.display()))?;
        let (index, data) = raw.split_at(8 * (n + 1));
        let at = |i: usize| u64::from_le_bytes(index[8 * i..8 * i + 8].try_into().expect("8 bytes")) as usize;
        let mut table = vec![0u8; header.len as usize];
        let mut slices: Vec<(usize, &mut [u8])> = table.chunks_mut(BLOCK).enumerate().collect();
        let per = slices.len().div_ceil(threads.max(1)).max(1);
        let whole = std::thread::scope(|s| {
            let workers: Vec<_> = slices
                .chunks_mut(per)
                .map(|part| {
                    s.spawn(move || {
                        part.iter_mut().all(|(i, out)| {
                            let (from, to) = (at(*i), at(*i + 1));
                            from <= to
                                && to <= data.len()
                                && zstd::bulk::decompress_to_buffer(&data[from..to], out).ok()
                                    == Some(out.len())
                        })
                    })
                })
                .collect();
            workers.into_iter().all(|w| w.join().unwrap_or(false))
        });
        ensure!(whole, "'{}' is damaged (a block does not decompress)", path.display());
        ensure!(
            checksum(&table) == header.sum,
            "'{}' is damaged (its checksum does not match)",
            path.display()
        );
        Ok(table)
    }

    /// `layer`'s file for lookups: opened and its header checked once, then kept.
    fn opened_layer(&self, layer: usize) -> Result<Arc<(fs::File, Header)>> {
        let mut opened = self.opened.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(file) = opened.get(&layer) {
            return Ok(Arc::clone(file));
        }
        let file = Arc::new(self.open_layer(layer)?);
        opened.insert(layer, Arc::clone(&file));
        Ok(file)
    }

    /// The winner of `position`, from the files.
    ///
    /// # Errors
    /// When the layer's file is missing, not a sound layer file, or its block is damaged.
    pub fn winner(&self, position: &Position) -> Result<Side> {
        F::winner(self, position)
    }

    /// The layers a build solves: the highest missing one and every one before it (a layer
    /// is solved from the one after it, so nothing below a missing layer can be trusted).
    pub fn to_solve(&self) -> std::ops::Range<usize> {
        (0..self.layers.len()).rev().find(|&l| !self.finished(l)).map_or(0..0, |top| 0..top + 1)
    }
}

#[cfg(test)]
mod tests;
