//! Win/loss layers (14×14, or any size with `ryg solve --win-loss`): one bit a position, the
//! winner with the side to move, no distance. A layer is solved, compressed and written a run
//! of configurations at a time, so that only its mouse-to-move rows stay in memory. A store
//! of these files is a [`WinLossStore`]: it answers winners, never exact results.

use std::io::{Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;

use anyhow::{ensure, Context, Result};
use ryg_wide::tablebase::{Checksum, LayerStats, Layers, WIN_LOSS_ALIGN};
use ryg_wide::{Position, Side, Size};

use super::progress::Reporter;
use super::{blocks, compress, data_start, Format, LayerStore, WinLossStore, BLOCK, HEADER_LEN};
use crate::atomic::write_atomically_with;

/// The magic of a win/loss layer file (one bit per position).
const WIN_LOSS_MAGIC: &[u8; 8] = b"RYGWLBIT";
/// A win/loss layer is solved, compressed and written in runs of this many configurations
/// (whole blocks of bits: 2^20 · 2M / 8 bytes is a multiple of [`BLOCK`]), so that only its
/// mouse-to-move rows stay in memory.
const WIN_LOSS_RUN: u64 = 1 << 20;
const _: () = assert!(WIN_LOSS_RUN.is_multiple_of(WIN_LOSS_ALIGN));
/// The share of a win/loss layer's bits its file is assumed to take when the disk is checked
/// (a sixth; the measured ratios are in docs/engine.md).
const WIN_LOSS_ASSUMED_RATIO: u64 = 6;
/// Win/loss layers: a bit a position, set when the side to move wins.
pub struct WinLoss;

impl Format for WinLoss {
    const MAGIC: &'static [u8; 8] = WIN_LOSS_MAGIC;
    const NAME: &'static str = "win/loss ";

    fn stored_len(layers: &Layers, layer: usize) -> u64 {
        layers.win_loss_words(layers.configs(layer)) as u64 * 8
    }

    fn needs(store: &WinLossStore, todo: std::ops::Range<usize>) -> (u64, u64) {
        let layers = store.layers();
        let disk =
            todo.clone().map(|l| HEADER_LEN as u64 + store.stored_len(l) / WIN_LOSS_ASSUMED_RATIO).sum();
        let rows = |l: usize| layers.win_loss_row_words(layers.configs(l)) as u64 * 8;
        // this layer's rows and the next one's, and a run's bits, bytes and compressed blocks
        let run = layers.win_loss_words(WIN_LOSS_RUN) as u64 * 8 * 4;
        let memory = todo
            .map(|l| rows(l) + if l + 1 < layers.len() { rows(l + 1) } else { 0 } + run)
            .max()
            .unwrap_or(0);
        (disk, memory)
    }

    fn build_layers(
        store: &WinLossStore,
        top_missing: usize,
        threads: usize,
        report: &Reporter,
    ) -> Result<()> {
        store.build_win_loss(top_missing, threads, report)
    }

    fn check(store: &WinLossStore, layer: usize, _threads: usize) -> Result<()> {
        store.scan_win_loss(layer, None)
    }

    fn winner(store: &WinLossStore, position: &Position) -> Result<Side> {
        let (layer, offset) = store.layers().locate(position);
        let byte = store.stored_byte(layer, offset / 8)?;
        let side = position.side_to_move();
        Ok(if byte >> (offset % 8) & 1 == 1 { side } else { !side })
    }
}

impl LayerStore<WinLoss> {
    /// The win/loss store of `size` (one bit per position) under the cache directory `cache`:
    /// `tablebase-NxN-win-loss`, or `tablebase-NxN-wdl` where an older ryg built it under that
    /// name (the files are the same).
    pub fn win_loss(cache: &Path, size: Size) -> WinLossStore {
        let dir = cache.join(format!("tablebase-{size}-win-loss"));
        let old = cache.join(format!("tablebase-{size}-wdl"));
        LayerStore::in_dir(if !dir.exists() && old.is_dir() { old } else { dir }, size)
    }

    /// The win/loss build: each layer solved, compressed and written a run at a time, keeping
    /// only its mouse-to-move rows for the layer before it.
    fn build_win_loss(&self, top_missing: usize, threads: usize, report: &Reporter) -> Result<()> {
        let layers = &self.layers;
        let resumed_from = (top_missing + 1 < layers.len()).then_some(top_missing + 1);
        let mut next = match resumed_from {
            Some(l) => {
                let mut rows = vec![0u64; layers.win_loss_row_words(layers.configs(l))];
                self.scan_win_loss(l, Some(&mut rows)).context("cannot resume the build")?;
                rows
            }
            None => Vec::new(),
        };
        for layer in (0..=top_missing).rev() {
            report.start_layer(layer);
            let configs = layers.configs(layer);
            let mut rows = vec![0u64; layers.win_loss_row_words(configs)];
            let len = self.stored_len(layer);
            let n_blocks = blocks(len);
            self.forget(layer);
            let mut failure = None;
            let written = write_atomically_with(&self.path(layer), |file| {
                // the header and the index once the runs are written
                file.write_all(&vec![0u8; data_start(n_blocks) as usize])?;
                let mut index = Vec::with_capacity(n_blocks + 1);
                let mut sum = Checksum::new();
                let mut stats = LayerStats::default();
                let mut at = 0u64;
                let mut first = 0;
                while first < configs {
                    let n = WIN_LOSS_RUN.min(configs - first);
                    let mut bits = vec![0u64; layers.win_loss_words(n)];
                    let rows_at = layers.win_loss_row_words(first);
                    let solved = layers.solve_win_loss(
                        layer,
                        &next,
                        first,
                        n,
                        &mut bits,
                        &mut rows[rows_at..],
                        threads,
                        &|c| report.solved(c),
                    );
                    let counts = match solved {
                        Ok(counts) => counts,
                        Err(err) => {
                            failure = Some(anyhow::Error::from(err));
                            return Err(std::io::Error::other("the layer could not be solved"));
                        }
                    };
                    for (a, b) in stats.counts.iter_mut().flatten().zip(counts.iter().flatten()) {
                        *a += b;
                    }
                    let bytes: Vec<u8> = bits.iter().flat_map(|w| w.to_le_bytes()).collect();
                    drop(bits);
                    sum.update(&bytes);
                    let (starts, data) = compress(&bytes, threads).map_err(std::io::Error::other)?;
                    index.extend(starts[..starts.len() - 1].iter().map(|s| at + s));
                    at += data.len() as u64;
                    file.write_all(&data)?;
                    first += n;
                }
                index.push(at);
                debug_assert_eq!(index.len(), n_blocks + 1);
                file.seek(SeekFrom::Start(0))?;
                file.write_all(&self.header(layer, len, sum.finish(), &stats))?;
                let index: Vec<u8> = index.iter().flat_map(|at| at.to_le_bytes()).collect();
                file.write_all(&index)
            });
            if let Some(err) = failure {
                return Err(err);
            }
            written?;
            drop(next);
            next = rows;
            report.end_layer(layer);
        }
        Ok(())
    }

    /// Reads win/loss `layer` a run at a time, checks its checksum, and puts its mouse-to-move
    /// rows in `rows` (zeroed) when asked.
    fn scan_win_loss(&self, layer: usize, mut rows: Option<&mut [u64]>) -> Result<()> {
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
