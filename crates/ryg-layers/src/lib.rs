//! The layered tablebase on disk (12×12, 14×14 win/loss, or any size with `--layered`): one
//! file per layer in ryg's cache directory (`tablebase-12x12/layer-065.ryg`), with a header
//! (format, size, layer, length, checksum, the layer's statistics). This crate is the files'
//! format and their reader: the lookups of `ryg solve`, `ryg serve`, the terminal game and
//! the Python package (`ryg.open_tablebase`). The build that writes them — solving the layers
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
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{ensure, Context, Result};
use ryg_wide::tablebase::{checksum, Checksum, LayerStats, Layers, WIN_LOSS_ALIGN};
use ryg_wide::{ExactResult, Position, Side, Size};

mod blocks;

use blocks::BlockCache;
pub use blocks::{CacheStats, ExactLayers, CACHED_BLOCKS};

const MAGIC: &[u8; 8] = b"RYGLAYER";
/// The magic of a win/loss layer file (one bit per position).
const WIN_LOSS_MAGIC: &[u8; 8] = b"RYGWLBIT";
/// A win/loss layer is solved, compressed and written in runs of this many configurations
/// (whole blocks of bits: 2^20 · 2M / 8 bytes is a multiple of [`BLOCK`]), so that only its
/// mouse-to-move rows stay in memory; it is read back ([`LayerStore::scan_win_loss`]) in the
/// same runs.
pub const WIN_LOSS_RUN: u64 = 1 << 20;
const _: () = assert!(WIN_LOSS_RUN.is_multiple_of(WIN_LOSS_ALIGN));
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

/// The layer files of one board size.
pub struct LayerStore {
    dir: PathBuf,
    layers: Layers,
    /// Win/loss layers, one bit per position, instead of one byte of exact result.
    win_loss: bool,
    /// The layer files lookups have opened (their headers checked), kept open for the next.
    opened: Mutex<HashMap<usize, Arc<(fs::File, Header)>>>,
    /// The blocks lookups read last.
    cache: Mutex<BlockCache>,
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

impl LayerStore {
    /// The store of `size` under the cache directory `cache`.
    pub fn new(cache: &Path, size: Size) -> LayerStore {
        LayerStore {
            dir: cache.join(format!("tablebase-{size}")),
            layers: Layers::new(size),
            win_loss: false,
            opened: Mutex::new(HashMap::new()),
            cache: Mutex::default(),
        }
    }

    /// The win/loss store of `size` (one bit per position) under the cache directory `cache`:
    /// `tablebase-NxN-win-loss`, or `tablebase-NxN-wdl` where an older ryg built it under that
    /// name (the files are the same).
    pub fn win_loss(cache: &Path, size: Size) -> LayerStore {
        let dir = cache.join(format!("tablebase-{size}-win-loss"));
        let old = cache.join(format!("tablebase-{size}-wdl"));
        LayerStore {
            dir: if !dir.exists() && old.is_dir() { old } else { dir },
            win_loss: true,
            ..LayerStore::new(cache, size)
        }
    }

    /// The bytes of the layer files on disk.
    pub fn disk_bytes(&self) -> u64 {
        dir_bytes(&self.dir)
    }

    /// Whether the store holds win/loss bits.
    pub fn is_win_loss(&self) -> bool {
        self.win_loss
    }

    /// The bytes `layer`'s table takes uncompressed (a byte or a bit per position).
    pub fn stored_len(&self, layer: usize) -> u64 {
        if self.win_loss {
            self.layers.win_loss_words(self.layers.configs(layer)) as u64 * 8
        } else {
            self.layers.layer_len(layer)
        }
    }

    fn magic(&self) -> &'static [u8; 8] {
        if self.win_loss {
            WIN_LOSS_MAGIC
        } else {
            MAGIC
        }
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
        h.extend_from_slice(self.magic());
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
            &h[..8] == self.magic() && half(8) == VERSION,
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

    /// The byte of `position`, read from its block of its layer's file.
    ///
    /// # Errors
    /// When the layer's file is missing, not a sound layer file, or its block is damaged.
    pub fn byte(&self, position: &Position) -> Result<u8> {
        let (layer, offset) = self.layers.locate(position);
        self.stored_byte(layer, offset)
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

    /// The winner of `position`: from the win/loss files, or the exact ones' result.
    ///
    /// # Errors
    /// As [`LayerStore::byte`].
    pub fn winner(&self, position: &Position) -> Result<Side> {
        if !self.win_loss {
            return Ok(self.result(position)?.winner);
        }
        let (layer, offset) = self.layers.locate(position);
        let byte = self.stored_byte(layer, offset / 8)?;
        let side = position.side_to_move();
        Ok(if byte >> (offset % 8) & 1 == 1 { side } else { !side })
    }

    /// The exact result of `position` from the (exact) files.
    ///
    /// # Errors
    /// As [`LayerStore::byte`], and when the byte holds no result (a damaged file, or a
    /// win/loss store: [`ExactLayers`] is the type that only exact stores make).
    pub fn result(&self, position: &Position) -> Result<ExactResult> {
        let byte = self.byte(position)?;
        Layers::decode(byte, position.side_to_move())
            .with_context(|| format!("the layer file of {} holds no result for it (damaged)", position.fen()))
    }

    /// The layers a build solves: the highest missing one and every one before it (a layer
    /// is solved from the one after it, so nothing below a missing layer can be trusted).
    pub fn to_solve(&self) -> std::ops::Range<usize> {
        (0..self.layers.len()).rev().find(|&l| !self.finished(l)).map_or(0..0, |top| 0..top + 1)
    }

    /// Reads win/loss `layer` a run at a time, checks its checksum, and puts its mouse-to-move
    /// rows in `rows` (zeroed) when asked.
    ///
    /// # Errors
    /// As [`LayerStore::read_layer`].
    pub fn scan_win_loss(&self, layer: usize, mut rows: Option<&mut [u64]>) -> Result<()> {
        let layers = &self.layers;
        let (file, header) = self.open_layer(layer)?;
        let path = self.path(layer);
        let damaged = || format!("'{}' is damaged (a block does not decompress)", path.display());
        let n_blocks = blocks(header.len);
        let mut index = vec![0u8; 8 * (n_blocks + 1)];
        file.read_exact_at(&mut index, HEADER_LEN as u64)?;
        let at = |i: usize| u64::from_le_bytes(index[8 * i..8 * i + 8].try_into().expect("8 bytes"));
        let start = data_start(n_blocks);
        let configs = layers.configs(layer);
        let mut sum = Checksum::new();
        let mut decompressor = zstd::bulk::Decompressor::new()?;
        let mut first = 0;
        while first < configs {
            let n = WIN_LOSS_RUN.min(configs - first);
            let from_byte = layers.win_loss_words(first) as u64 * 8;
            let len = if first + n == configs {
                header.len - from_byte
            } else {
                layers.win_loss_words(n) as u64 * 8
            };
            let (b0, b1) = ((from_byte / BLOCK as u64) as usize, blocks(from_byte + len));
            let (p0, p1) = (at(b0), at(b1));
            ensure!(p0 <= p1 && p1 - p0 <= 2 * len + 64 * (b1 - b0) as u64, damaged());
            let mut packed = vec![0u8; (p1 - p0) as usize];
            file.read_exact_at(&mut packed, start + p0).with_context(damaged)?;
            let mut bytes = vec![0u8; len as usize];
            for (b, out) in (b0..b1).zip(bytes.chunks_mut(BLOCK)) {
                let (from, to) = ((at(b) - p0) as usize, (at(b + 1) - p0) as usize);
                ensure!(from <= to && to <= packed.len(), damaged());
                let got = decompressor.decompress_to_buffer(&packed[from..to], out).ok();
                ensure!(got == Some(out.len()), damaged());
            }
            sum.update(&bytes);
            if let Some(rows) = rows.as_deref_mut() {
                let words: Vec<u64> = bytes
                    .chunks(8)
                    .map(|w| w.iter().rev().fold(0u64, |a, &b| a << 8 | u64::from(b)))
                    .collect();
                layers.win_loss_mouse_rows(&words, n, &mut rows[layers.win_loss_row_words(first)..]);
            }
            first += n;
        }
        ensure!(sum.finish() == header.sum, "'{}' is damaged (its checksum does not match)", path.display());
        Ok(())
    }
}

#[cfg(test)]
mod tests;
