//! The layered tablebase on disk (12×12, or any size with `--layered`): one file per layer in
//! ryg's cache directory (`tablebase-12x12/layer-065.ryg`), each written whole under a
//! temporary name and renamed, with a header (format, size, layer, length, checksum, the
//! layer's statistics). A build solves the layers from the last down to the first and resumes
//! after the last finished one when it was stopped.
//!
//! A layer's bytes are kept in blocks of [`BLOCK`] bytes, each compressed on its own with
//! zstd, behind an index of where each block starts: a lookup reads and decompresses one
//! block. The measured sizes and times are in docs/engine.md ("12×12: the layered build on
//! disk").

use std::collections::HashMap;
use std::fs;
use std::io::{Read, Seek, SeekFrom, Write};
use std::marker::PhantomData;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::{ensure, Context, Result};
use ryg_wide::tablebase::{checksum, LayerStats, Layers};
use ryg_wide::{ExactResult, Position, Side, Size};

use crate::atomic::write_atomically_with;

mod blocks;
mod progress;
mod win_loss;

use blocks::BlockCache;
pub use blocks::ExactLayers;
pub use win_loss::WinLoss;

/// The win/loss layer files of one board size.
pub type WinLossStore = LayerStore<WinLoss>;

pub use progress::check_room;
pub use progress::Reporter;
use progress::*;

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
/// The share of a layer's bytes its file is assumed to take when the disk is checked before
/// a build (a quarter: more than the measured ratios, docs/engine.md).
const ASSUMED_RATIO: u64 = 4;

/// What a store's layer files hold, and how they are built: [`Exact`] results (a byte a
/// position) or the [`WinLoss`] bits (a bit a position). The two are two types of store, so
/// that only the exact one answers exact results.
pub trait Format: Sized + Send + Sync + 'static {
    /// The files' magic.
    const MAGIC: &'static [u8; 8];
    /// The words a message gives the table before "tablebase": `""` or `"win/loss "`.
    const NAME: &'static str;
    /// The bytes `layer`'s table takes uncompressed.
    fn stored_len(layers: &Layers, layer: usize) -> u64;
    /// The bytes the layers `todo` will take, and the memory the largest of them needs.
    fn needs(store: &LayerStore<Self>, todo: std::ops::Range<usize>) -> (u64, u64);
    /// Solves and writes the layers from `top_missing` down (the one after it, when there is
    /// one, is on disk).
    fn build_layers(
        store: &LayerStore<Self>,
        top_missing: usize,
        threads: usize,
        report: &Reporter,
    ) -> Result<()>;
    /// Reads `layer` whole, checking every block and the checksum.
    fn check(store: &LayerStore<Self>, layer: usize, threads: usize) -> Result<()>;
    /// The winner of `position`, from the files.
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
struct Header {
    len: u64,
    sum: u64,
    stats: LayerStats,
}

/// The number of blocks of a layer of `len` bytes.
fn blocks(len: u64) -> usize {
    len.div_ceil(BLOCK as u64) as usize
}

/// Where the blocks start in a layer file of `blocks` blocks (past the header and the index of
/// `blocks + 1` offsets).
fn data_start(blocks: usize) -> u64 {
    (HEADER_LEN + 8 * (blocks + 1)) as u64
}

fn read_u64_at(file: &fs::File, at: u64) -> std::io::Result<u64> {
    let mut b = [0u8; 8];
    file.read_exact_at(&mut b, at)?;
    Ok(u64::from_le_bytes(b))
}

/// Compresses `table` block by block on `threads` threads: the index (each block's start, and
/// the end) and the blocks one after the other.
fn compress(table: &[u8], threads: usize) -> Result<(Vec<u64>, Vec<u8>)> {
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

/// What a build did.
pub struct Built {
    pub resumed_from: Option<usize>,
    pub seconds: f64,
}

impl LayerStore<Exact> {
    /// The store of `size` under the cache directory `cache`.
    pub fn new(cache: &Path, size: Size) -> LayerStore<Exact> {
        LayerStore::in_dir(cache.join(format!("tablebase-{size}")), size)
    }

    /// The exact result of `position` from the files.
    pub fn result(&self, position: &Position) -> Result<ExactResult> {
        let byte = self.byte(position)?;
        Layers::decode(byte, position.side_to_move())
            .with_context(|| format!("the layer file of {} holds no result for it (damaged)", position.fen()))
    }

    /// The byte of `position`, read from its block of its layer's file.
    pub fn byte(&self, position: &Position) -> Result<u8> {
        let (layer, offset) = self.layers.locate(position);
        self.stored_byte(layer, offset)
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

    fn path(&self, layer: usize) -> PathBuf {
        self.dir.join(format!("layer-{layer:03}.ryg"))
    }

    fn header(&self, layer: usize, len: u64, sum: u64, stats: &LayerStats) -> Vec<u8> {
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
    fn read_layer(&self, layer: usize, threads: usize) -> Result<Vec<u8>> {
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

    fn write_layer(&self, layer: usize, table: &[u8], stats: &LayerStats, threads: usize) -> Result<()> {
        let header = self.header(layer, table.len() as u64, checksum(table), stats);
        // a lookup's open file of the layer this replaces is not read again
        self.forget(layer);
        let (index, data) = compress(table, threads)?;
        let index: Vec<u8> = index.iter().flat_map(|at| at.to_le_bytes()).collect();
        write_atomically_with(&self.path(layer), |file| {
            file.write_all(&header)?;
            file.write_all(&index)?;
            file.write_all(&data)
        })
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
    pub fn winner(&self, position: &Position) -> Result<Side> {
        F::winner(self, position)
    }

    /// `--verify`: reads every finished layer whole (each block decompressed, the checksum
    /// compared) and removes the damaged ones' files, so that a build makes them again.
    /// Returns each damaged layer with what was wrong.
    pub fn verify(&self, threads: usize) -> Result<Vec<(usize, String)>> {
        let finished: Vec<usize> = (0..self.layers.len()).filter(|&l| self.finished(l)).collect();
        let bar = progress(finished.iter().map(|&l| self.layers.configs(l)).sum(), "checking");
        let mut damaged = Vec::new();
        for layer in finished.into_iter().rev() {
            bar.set_message(format!("layer {layer}"));
            if let Err(err) = F::check(self, layer, threads) {
                let path = self.path(layer);
                self.forget(layer);
                fs::remove_file(&path)
                    .with_context(|| format!("cannot remove the damaged '{}'", path.display()))?;
                damaged.push((layer, format!("{err:#}")));
            }
            bar.inc(self.layers.configs(layer));
        }
        bar.finish_and_clear();
        Ok(damaged)
    }

    /// The layers a build solves: the highest missing one and every one before it (a layer
    /// is solved from the one after it, so nothing below a missing layer can be trusted).
    pub fn to_solve(&self) -> std::ops::Range<usize> {
        (0..self.layers.len()).rev().find(|&l| !self.finished(l)).map_or(0..0, |top| 0..top + 1)
    }

    /// The bytes the layers `todo` will take, and the memory the largest of them needs while
    /// it is solved (it, and the mouse rows of the next one).
    pub fn needs(&self, todo: std::ops::Range<usize>) -> (u64, u64) {
        F::needs(self, todo)
    }

    /// Solves the layers `todo` ([`LayerStore::to_solve`]), from the last down, on `threads`
    /// threads.
    pub fn build(&self, todo: std::ops::Range<usize>, threads: usize) -> Result<Built> {
        let started = Instant::now();
        let layers = &self.layers;
        let Some(top_missing) = todo.last() else {
            return Ok(Built { resumed_from: None, seconds: 0.0 });
        };
        fs::create_dir_all(&self.dir)
            .with_context(|| format!("cannot create the cache directory '{}'", self.dir.display()))?;
        let resumed_from = (top_missing + 1 < layers.len()).then_some(top_missing + 1);
        let report = Reporter::new(&self.layers, &self.dir, top_missing);
        F::build_layers(self, top_missing, threads, &report)?;
        report.finish();
        Ok(Built { resumed_from, seconds: started.elapsed().as_secs_f64() })
    }
}

impl Format for Exact {
    const MAGIC: &'static [u8; 8] = MAGIC;
    const NAME: &'static str = "";

    fn stored_len(layers: &Layers, layer: usize) -> u64 {
        layers.layer_len(layer)
    }

    fn needs(store: &LayerStore<Exact>, todo: std::ops::Range<usize>) -> (u64, u64) {
        let layers = &store.layers;
        let disk = todo.clone().map(|l| HEADER_LEN as u64 + layers.layer_len(l) / ASSUMED_RATIO).sum();
        let memory = todo
            .map(|l| layers.layer_len(l) + if l + 1 < layers.len() { layers.layer_len(l + 1) / 2 } else { 0 })
            .max()
            .unwrap_or(0);
        (disk, memory)
    }

    /// Each layer solved whole in memory from the mouse-to-move rows of the one after it,
    /// then compressed and written.
    fn build_layers(
        store: &LayerStore<Exact>,
        top_missing: usize,
        threads: usize,
        report: &Reporter,
    ) -> Result<()> {
        let layers = &store.layers;
        let mut next = if top_missing + 1 < layers.len() {
            layers.mouse_rows(store.read_layer(top_missing + 1, threads).context("cannot resume the build")?)
        } else {
            Vec::new()
        };
        for layer in (0..=top_missing).rev() {
            report.start_layer(layer);
            let mut table = vec![0u8; layers.layer_len(layer) as usize];
            layers.solve_layer(layer, &next, &mut table, threads, &|n| report.solved_to(n))?;
            let stats = layers.layer_stats(layer, &table)?;
            store.write_layer(layer, &table, &stats, threads)?;
            drop(next);
            next = layers.mouse_rows(table);
            report.end_layer(layer);
        }
        Ok(())
    }

    fn check(store: &LayerStore<Exact>, layer: usize, threads: usize) -> Result<()> {
        store.read_layer(layer, threads).map(drop)
    }

    fn winner(store: &LayerStore<Exact>, position: &Position) -> Result<Side> {
        Ok(store.result(position)?.winner)
    }
}

#[cfg(test)]
mod tests;
