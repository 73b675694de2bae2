//! The win/loss build (14×14, or any size with `ryg solve --win-loss`): a layer solved,
//! compressed and written a run of configurations at a time, so that only its mouse-to-move
//! rows stay in memory. The files' format and their reader ([`WinLossStore`]) are the
//! `ryg-layers` library's.

use std::io::{Seek, SeekFrom, Write};

use anyhow::{Context, Result};
use ryg_layers::{blocks, compress, data_start, WinLoss, WinLossStore, HEADER_LEN, WIN_LOSS_RUN};
use ryg_wide::tablebase::{Checksum, LayerStats};

use super::progress::Reporter;
use super::BuildFormat;
use crate::atomic::write_atomically_with;

/// The share of a win/loss layer's bits its file is assumed to take when the disk is checked
/// (a sixth; the measured ratios are in docs/engine.md).
const WIN_LOSS_ASSUMED_RATIO: u64 = 6;

impl BuildFormat for WinLoss {
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
        build_win_loss(store, top_missing, threads, report)
    }

    fn check(store: &WinLossStore, layer: usize, _threads: usize) -> Result<()> {
        store.scan_win_loss(layer, None)
    }
}

/// The win/loss build: each layer solved, compressed and written a run at a time, keeping
/// only its mouse-to-move rows for the layer before it.
fn build_win_loss(store: &WinLossStore, top_missing: usize, threads: usize, report: &Reporter) -> Result<()> {
    let layers = store.layers();
    let resumed_from = (top_missing + 1 < layers.len()).then_some(top_missing + 1);
    let mut next = match resumed_from {
        Some(l) => {
            let mut rows = vec![0u64; layers.win_loss_row_words(layers.configs(l))];
            store.scan_win_loss(l, Some(&mut rows)).context("cannot resume the build")?;
            rows
        }
        None => Vec::new(),
    };
    for layer in (0..=top_missing).rev() {
        report.start_layer(layer);
        let configs = layers.configs(layer);
        let mut rows = vec![0u64; layers.win_loss_row_words(configs)];
        let len = store.stored_len(layer);
        let n_blocks = blocks(len);
        store.forget(layer);
        let mut failure = None;
        let written = write_atomically_with(&store.path(layer), |file| {
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
            file.write_all(&store.header(layer, len, sum.finish(), &stats))?;
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
