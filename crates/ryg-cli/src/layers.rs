//! The layered tablebase on disk (12×12, or any size with `--layered`): one file per layer in
//! ryg's cache directory (`tablebase-12x12/layer-065.ryg`), each written whole under a
//! temporary name and renamed, with a header (format, size, layer, length, checksum, the
//! layer's statistics). A build solves the layers from the last down to the first and resumes
//! after the last finished one when it was stopped; a lookup reads one byte of one layer.

use std::fs;
use std::io::{IsTerminal, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, ensure, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use ryg_wide::tablebase::{checksum, LayerStats, Layers};
use ryg_wide::{ExactResult, Position, Size};

use crate::atomic::write_atomically_with;

const MAGIC: &[u8; 8] = b"RYGLAYER";
const VERSION: u32 = 1;
/// The header: magic, version, size, layer, configurations, length, checksum, statistics.
pub const HEADER_LEN: usize = 8 + 4 + 4 + 4 + 4 + 8 + 8 + 8 + 4 * 8 + 8 + 8;

/// The layer files of one board size.
pub struct LayerStore {
    dir: PathBuf,
    layers: Layers,
}

/// A layer file's header, read back.
struct Header {
    len: u64,
    sum: u64,
    stats: LayerStats,
}

/// What a build did.
pub struct Built {
    pub resumed_from: Option<usize>,
    pub seconds: f64,
}

impl LayerStore {
    /// The store of `size` under the cache directory `cache`.
    pub fn new(cache: &Path, size: Size) -> LayerStore {
        LayerStore { dir: cache.join(format!("tablebase-{size}")), layers: Layers::new(size) }
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

    fn header(&self, layer: usize, table: &[u8], stats: &LayerStats) -> Vec<u8> {
        let mut h = Vec::with_capacity(HEADER_LEN);
        h.extend_from_slice(MAGIC);
        h.extend_from_slice(&VERSION.to_le_bytes());
        h.extend_from_slice(&u32::from(self.layers.size().n()).to_le_bytes());
        h.extend_from_slice(&(layer as u32).to_le_bytes());
        h.extend_from_slice(&0u32.to_le_bytes());
        h.extend_from_slice(&self.layers.configs(layer).to_le_bytes());
        h.extend_from_slice(&(table.len() as u64).to_le_bytes());
        h.extend_from_slice(&checksum(table).to_le_bytes());
        for count in stats.counts.iter().flatten() {
            h.extend_from_slice(&count.to_le_bytes());
        }
        h.extend_from_slice(&u64::from(stats.longest.0).to_le_bytes());
        h.extend_from_slice(&stats.longest.1.to_le_bytes());
        debug_assert_eq!(h.len(), HEADER_LEN);
        h
    }

    /// `layer`'s file, open just past its header, and that header, if it is a sound one of
    /// this size and layer (length included; the checksum is checked when the body is read).
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
            &h[..8] == MAGIC && half(8) == VERSION,
            "'{}' is not a layer file of this ryg",
            path.display()
        );
        ensure!(
            half(12) == u32::from(self.layers.size().n()) && half(16) as usize == layer,
            "'{}' holds another size or layer",
            path.display()
        );
        let len = self.layers.layer_len(layer);
        ensure!(
            word(24) == self.layers.configs(layer) && word(32) == len,
            "'{}' has the wrong length",
            path.display()
        );
        ensure!(meta.len() == HEADER_LEN as u64 + len, "'{}' is cut short", path.display());
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

    /// The whole table of `layer`, its checksum checked.
    fn read_layer(&self, layer: usize) -> Result<Vec<u8>> {
        let (mut file, header) = self.open_layer(layer)?;
        let path = self.path(layer);
        let mut table = vec![0u8; header.len as usize];
        file.read_exact(&mut table).with_context(|| format!("cannot read '{}'", path.display()))?;
        ensure!(
            checksum(&table) == header.sum,
            "'{}' is damaged (its checksum does not match)",
            path.display()
        );
        Ok(table)
    }

    fn write_layer(&self, layer: usize, table: &[u8], stats: &LayerStats) -> Result<()> {
        let header = self.header(layer, table, stats);
        write_atomically_with(&self.path(layer), |file| {
            file.write_all(&header)?;
            file.write_all(table)
        })
    }

    /// The byte of `position`, read from its layer's file.
    pub fn byte(&self, position: &Position) -> Result<u8> {
        let (layer, offset) = self.layers.locate(position);
        let (mut file, _) = self.open_layer(layer)?;
        file.seek(SeekFrom::Current(offset as i64))?;
        let mut b = [0u8];
        file.read_exact(&mut b)?;
        Ok(b[0])
    }

    /// The exact result of `position` from the files.
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

    /// The bytes the layers `todo` will take, and the memory the largest of them needs while
    /// it is solved (it, and the mouse rows of the next one).
    pub fn needs(&self, todo: std::ops::Range<usize>) -> (u64, u64) {
        let disk = todo.clone().map(|l| HEADER_LEN as u64 + self.layers.layer_len(l)).sum();
        let memory = todo
            .map(|l| {
                self.layers.layer_len(l)
                    + if l + 1 < self.layers.len() { self.layers.layer_len(l + 1) / 2 } else { 0 }
            })
            .max()
            .unwrap_or(0);
        (disk, memory)
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
        let total: u64 = (0..=top_missing).map(|l| layers.configs(l)).sum();
        let bar = progress(total);
        let mut next = match resumed_from {
            Some(l) => layers.mouse_rows(self.read_layer(l).context("cannot resume the build")?),
            None => Vec::new(),
        };
        let mut done = 0;
        for layer in (0..=top_missing).rev() {
            bar.set_message(format!("layer {layer}"));
            let mut table = vec![0u8; layers.layer_len(layer) as usize];
            let base = done;
            layers.solve_layer(layer, &next, &mut table, threads, &|n| bar.set_position(base + n))?;
            let stats = layers.layer_stats(layer, &table)?;
            self.write_layer(layer, &table, &stats)?;
            drop(next);
            next = layers.mouse_rows(table);
            done += layers.configs(layer);
            bar.set_position(done);
        }
        bar.finish_and_clear();
        Ok(Built { resumed_from, seconds: started.elapsed().as_secs_f64() })
    }
}

/// A bar over the configurations to solve, with the layer and the time left, on a terminal.
fn progress(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let style =
        ProgressStyle::with_template("solving {msg:>9} {bar:40} {percent:>3}% {elapsed} (about {eta} left)")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// Free bytes on the file system holding `dir` (or its nearest existing ancestor).
pub fn free_disk(dir: &Path) -> Option<u64> {
    let mut at = dir;
    while !at.exists() {
        at = at.parent()?;
    }
    let c = std::ffi::CString::new(at.as_os_str().as_encoded_bytes()).ok()?;
    let mut s: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `c` is a valid C string and `s` a valid statvfs to fill.
    (unsafe { libc::statvfs(c.as_ptr(), &mut s) } == 0).then(|| s.f_bavail as u64 * s.f_frsize as u64)
}

/// The memory the system says is available (Linux), in bytes.
pub fn available_memory() -> Option<u64> {
    let info = fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
}

/// Refuses to start a build that needs more disk or memory (`needs`, from
/// [`LayerStore::needs`]) than there is, with the figures.
pub fn check_room(store: &LayerStore, (disk, memory): (u64, u64)) -> Result<()> {
    let gib = |b: u64| b as f64 / (1u64 << 30) as f64;
    if let Some(free) = free_disk(store.dir()) {
        if free < disk {
            bail!(
                "not enough disk for the {} tablebase: it needs {:.1} GiB more in '{}', which has {:.1} GiB free",
                store.layers().size(),
                gib(disk),
                store.dir().display(),
                gib(free)
            );
        }
    }
    if let Some(free) = available_memory() {
        if free < memory {
            bail!(
                "not enough memory for the {} tablebase: its largest layer needs {:.1} GiB, {:.1} GiB is available",
                store.layers().size(),
                gib(memory),
                gib(free)
            );
        }
    }
    Ok(())
}
