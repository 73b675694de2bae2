//! The layered tablebase's build (12×12, 14×14 `--win-loss`, or any size with `--layered`):
//! the layers solved from the last down to the first, each file written whole under a
//! temporary name and renamed (`crate::atomic`), with a progress bar or lines, the free disk
//! and memory checked first, and a build that was stopped resumed after the last finished
//! layer; and `--verify`. The files' format and their reader — the lookups of `ryg solve`, the
//! server, the terminal game and the Python package — are the `ryg-layers` library's, with a
//! store's format its type (`LayerStore<Exact>`, `WinLossStore`); each format's build is a
//! [`BuildFormat`] here (the win/loss one in `layers/win_loss.rs`).

use std::fs;
use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result};
use ryg_layers::{compress, Exact, Format, HEADER_LEN};
pub use ryg_layers::{ExactLayers, LayerStore, WinLossStore};
use ryg_wide::tablebase::{checksum, LayerStats};

use crate::atomic::write_atomically_with;

mod progress;
mod win_loss;

pub use progress::check_room;
use progress::{progress, Reporter};

/// The share of a layer's bytes its file is assumed to take when the disk is checked before
/// a build (a quarter: more than the measured ratios, docs/engine.md).
const ASSUMED_RATIO: u64 = 4;

/// What a build did.
pub struct Built {
    pub resumed_from: Option<usize>,
    pub seconds: f64,
}

/// How a format's layers are built and checked: the command line's part of a [`Format`].
pub trait BuildFormat: Format {
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

impl<F: BuildFormat> Build for LayerStore<F> {
    fn verify(&self, threads: usize) -> Result<Vec<(usize, String)>> {
        let finished: Vec<usize> = (0..self.layers().len()).filter(|&l| self.finished(l)).collect();
        let bar = progress(finished.iter().map(|&l| self.layers().configs(l)).sum(), "checking");
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
            bar.inc(self.layers().configs(layer));
        }
        bar.finish_and_clear();
        Ok(damaged)
    }

    fn needs(&self, todo: std::ops::Range<usize>) -> (u64, u64) {
        F::needs(self, todo)
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
        let report = Reporter::new(layers, self.dir(), top_missing);
        F::build_layers(self, top_missing, threads, &report)?;
        report.finish();
        Ok(Built { resumed_from, seconds: started.elapsed().as_secs_f64() })
    }
}

impl BuildFormat for Exact {
    fn needs(store: &LayerStore<Exact>, todo: std::ops::Range<usize>) -> (u64, u64) {
        let layers = store.layers();
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
        let layers = store.layers();
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
            write_layer(store, layer, &table, &stats, threads)?;
            drop(next);
            next = layers.mouse_rows(table);
            report.end_layer(layer);
        }
        Ok(())
    }

    fn check(store: &LayerStore<Exact>, layer: usize, threads: usize) -> Result<()> {
        store.read_layer(layer, threads).map(drop)
    }
}

/// Writes exact `layer`'s file whole: its header, the block index and the compressed blocks.
fn write_layer(
    store: &LayerStore<Exact>,
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

#[cfg(test)]
mod tests;
