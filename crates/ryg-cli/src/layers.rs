//! The layered tablebase's build (12×12, 14×14 `--win-loss`, or any size with `--layered`):
//! the layers solved from the last down to the first, each file written whole under a
//! temporary name and renamed (`crate::atomic`), with a progress bar or lines, the free disk
//! and memory checked first, and a build that was stopped resumed after the last finished
//! layer; and `--verify`. The files' format and their reader — the lookups of `ryg solve`, the
//! server, the terminal game and the Python package — are the `ryg-layers` library's.

use std::fs;
use std::io::{Seek, SeekFrom, Write};
use std::time::Instant;

use anyhow::{Context, Result};
use ryg_layers::{blocks, compress, data_start, HEADER_LEN, WIN_LOSS_RUN};
pub use ryg_layers::{ExactLayers, LayerStore};
use ryg_wide::tablebase::{checksum, Checksum, LayerStats};

use crate::atomic::write_atomically_with;

mod progress;

pub use progress::check_room;
use progress::{progress, Reporter};

/// The share of a win/loss layer's bits its file is assumed to take when the disk is checked
/// (a sixth; the measured ratios are in docs/engine.md).
const WIN_LOSS_ASSUMED_RATIO: u64 = 6;
/// The share of a layer's bytes its file is assumed to take when the disk is checked before
/// a build (a quarter: more than the measured ratios, docs/engine.md).
const ASSUMED_RATIO: u64 = 4;

/// What a build did.
pub struct Built {
    pub resumed_from: Option<usize>,
    pub seconds: f64,
}

/// The command line's part of a [`LayerStore`]: building its layer files and checking them.
pub trait Build {
    /// `--verify`: reads every finished layer whole (each block decompressed, the checksum
    /// compared) and removes the damaged ones' files, so that a build makes them again.
    /// Returns each damaged layer with what was wrong.
    fn verify(&self, threads: usize) -> Result<Vec<(usize, String)>>;

    /// The bytes the layers `todo` will take, and the memory the largest of them needs while
    /// it is solved (it, and the mouse rows of the next one).
    fn needs(&self, todo: std::ops::Range<usize>) -> (u64, u64);

    /// Solves the layers `todo` ([`LayerStore::to_solve`]), from the last down, on `threads`
    /// threads.
    fn build(&self, todo: std::ops::Range<usize>, threads: usize) -> Result<Built>;
}

impl Build for LayerStore {
    fn verify(&self, threads: usize) -> Result<Vec<(usize, String)>> {
        let finished: Vec<usize> = (0..self.layers().len()).filter(|&l| self.finished(l)).collect();
        let bar = progress(finished.iter().map(|&l| self.layers().configs(l)).sum(), "checking");
        let mut damaged = Vec::new();
        for layer in finished.into_iter().rev() {
            bar.set_message(format!("layer {layer}"));
            let read = if self.is_win_loss() {
                self.scan_win_loss(layer, None)
            } else {
                self.read_layer(layer, threads).map(drop)
            };
            if let Err(err) = read {
                let path = self.path(layer);
                self.forget(layer);
                fs::remove_file(&path)
                    .with_context(|| format!("cannot remove the damaged '{}'", path.display()))?;
                damaged.push((layer, format!("{err:#}")));
            }
            bar.inc(self.layers().configs(layer));
        }
        bar.finish_and_clear();
        Ok(damaged)
    }

    fn needs(&self, todo: std::ops::Range<usize>) -> (u64, u64) {
        let layers = self.layers();
        if self.is_win_loss() {
            let disk =
                todo.clone().map(|l| HEADER_LEN as u64 + self.stored_len(l) / WIN_LOSS_ASSUMED_RATIO).sum();
            let rows = |l: usize| layers.win_loss_row_words(layers.configs(l)) as u64 * 8;
            // this layer's rows and the next one's, and a run's bits, bytes and compressed blocks
            let run = layers.win_loss_words(WIN_LOSS_RUN) as u64 * 8 * 4;
            let memory = todo
                .map(|l| rows(l) + if l + 1 < layers.len() { rows(l + 1) } else { 0 } + run)
                .max()
                .unwrap_or(0);
            return (disk, memory);
        }
        let disk = todo.clone().map(|l| HEADER_LEN as u64 + layers.layer_len(l) / ASSUMED_RATIO).sum();
        let memory = todo
            .map(|l| layers.layer_len(l) + if l + 1 < layers.len() { layers.layer_len(l + 1) / 2 } else { 0 })
            .max()
            .unwrap_or(0);
        (disk, memory)
    }

    fn build(&self, todo: std::ops::Range<usize>, threads: usize) -> Result<Built> {
        let started = Instant::now();
        let layers = self.layers();
        let Some(top_missing) = todo.last() else {
            return Ok(Built { resumed_from: None, seconds: 0.0 });
        };
        fs::create_dir_all(self.dir())
            .with_context(|| format!("cannot create the cache directory '{}'", self.dir().display()))?;
        let resumed_from = (top_missing + 1 < layers.len()).then_some(top_missing + 1);
        let report = Reporter::new(self, top_missing);
        if self.is_win_loss() {
            build_win_loss(self, top_missing, resumed_from, threads, &report)?;
        } else {
            let mut next = match resumed_from {
                Some(l) => layers.mouse_rows(self.read_layer(l, threads).context("cannot resume the build")?),
                None => Vec::new(),
            };
            for layer in (0..=top_missing).rev() {
                report.start_layer(layer);
                let mut table = vec![0u8; layers.layer_len(layer) as usize];
                layers.solve_layer(layer, &next, &mut table, threads, &|n| report.solved_to(n))?;
                let stats = layers.layer_stats(layer, &table)?;
                write_layer(self, layer, &table, &stats, threads)?;
                drop(next);
                next = layers.mouse_rows(table);
                report.end_layer(layer);
            }
        }
        report.finish();
        Ok(Built { resumed_from, seconds: started.elapsed().as_secs_f64() })
    }
}

/// Writes `layer`'s file whole: its header, the block index and the compressed blocks.
fn write_layer(
    store: &LayerStore,
    layer: usize,
    table: &[u8],
    stats: &LayerStats,
    threads: usize,
) -> Result<()> {
    let header = store.header(layer, table.len() as u64, checksum(table), stats);
    // a lookup's open file of the layer this replaces is not read again
    store.forget(layer);
    let (index, data) = compress(table, threads)?;
    let index: Vec<u8> = index.iter().flat_map(|at| at.to_le_bytes()).collect();
    write_atomically_with(&store.path(layer), |file| {
        file.write_all(&header)?;
        file.write_all(&index)?;
        file.write_all(&data)
    })
}

/// The win/loss build: each layer solved, compressed and written a run at a time, keeping
/// only its mouse-to-move rows for the layer before it.
fn build_win_loss(
    store: &LayerStore,
    top_missing: usize,
    resumed_from: Option<usize>,
    threads: usize,
    report: &Reporter,
) -> Result<()> {
    let layers = store.layers();
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

#[cfg(test)]
mod tests;
