//! Win/loss layer files (14×14, or any size with `ryg solve --win-loss`): one bit a position,
//! set when the side to move wins; no distance. A store of these files is a
//! [`WinLossStore`]: it answers winners, never exact results. The build that writes them a
//! run at a time is the command line's (crates/ryg-cli/src/layers/win_loss.rs).

use std::os::unix::fs::FileExt;
use std::path::Path;

use anyhow::{ensure, Context, Result};
use ryg_wide::tablebase::{Checksum, Layers, WIN_LOSS_ALIGN};
use ryg_wide::{Position, Side, Size};

use super::{blocks, data_start, Format, LayerStore, WinLossStore, BLOCK, HEADER_LEN};

/// The magic of a win/loss layer file (one bit per position).
const WIN_LOSS_MAGIC: &[u8; 8] = b"RYGWLBIT";
/// A win/loss layer is solved, compressed and written in runs of this many configurations
/// (whole blocks of bits: 2^20 · 2M / 8 bytes is a multiple of [`BLOCK`]), so that only its
/// mouse-to-move rows stay in memory; it is read back ([`LayerStore::scan_win_loss`]) in the
/// same runs.
pub const WIN_LOSS_RUN: u64 = 1 << 20;
const _: () = assert!(WIN_LOSS_RUN.is_multiple_of(WIN_LOSS_ALIGN));

/// Win/loss layers: a bit a position, set when the side to move wins.
pub struct WinLoss;

impl Format for WinLoss {
    const MAGIC: &'static [u8; 8] = WIN_LOSS_MAGIC;
    const NAME: &'static str = "win/loss ";

    fn stored_len(layers: &Layers, layer: usize) -> u64 {
        layers.win_loss_words(layers.configs(layer)) as u64 * 8
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
