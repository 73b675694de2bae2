//! A layered build's progress (a bar on a terminal, else a line now and then: the layer, the
//! positions done, the rate, the time left, the disk used) and the room it needs (free disk
//! and memory, checked before it starts).

use std::fs;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};

use ryg_layers::{dir_bytes, Format, LayerStore};
use ryg_wide::tablebase::Layers;

/// The progress of a build: a bar on a terminal, else a line every [`line_every`] seconds:
/// the layer, the positions done, the rate, the time left and the disk used.
pub struct Reporter<'a> {
    /// The layers built, and the folder their files are written to.
    store: (&'a Layers, &'a Path),
    bar: ProgressBar,
    /// Layers to solve in all, and positions (entries) in them.
    layers: usize,
    total: u64,
    started: Instant,
    /// Positions of the finished layers of this run, and configurations of the current one.
    done: std::sync::atomic::AtomicU64,
    current: std::sync::atomic::AtomicU64,
    layer: std::sync::atomic::AtomicUsize,
    last_line: Mutex<Instant>,
    every: u64,
    disk: std::sync::atomic::AtomicU64,
}

/// Seconds between two progress lines when stderr is not a terminal: 60, or
/// `RYG_PROGRESS_SECONDS`.
pub(super) fn line_every() -> u64 {
    std::env::var("RYG_PROGRESS_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60)
}

impl<'a> Reporter<'a> {
    pub(super) fn new(layers: &'a Layers, dir: &'a Path, top_missing: usize) -> Reporter<'a> {
        let total_configs: u64 = (0..=top_missing).map(|l| layers.configs(l)).sum();
        let bar = progress(total_configs, "solving");
        Reporter {
            store: (layers, dir),
            bar,
            layers: top_missing + 1,
            total: total_configs * layers.block() as u64,
            started: Instant::now(),
            done: 0.into(),
            current: 0.into(),
            layer: top_missing.into(),
            last_line: Mutex::new(Instant::now()),
            every: line_every(),
            disk: dir_bytes(dir).into(),
        }
    }

    pub(super) fn start_layer(&self, layer: usize) {
        use std::sync::atomic::Ordering::Relaxed;
        self.layer.store(layer, Relaxed);
        self.current.store(0, Relaxed);
        self.bar.set_message(format!("layer {layer}"));
    }

    /// `n` more configurations of the current layer solved.
    pub(super) fn solved(&self, n: u64) {
        let now = self.current.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n;
        self.show(now);
    }

    /// `now` configurations of the current layer solved.
    pub(super) fn solved_to(&self, now: u64) {
        self.current.fetch_max(now, std::sync::atomic::Ordering::Relaxed);
        self.show(now);
    }

    pub(super) fn show(&self, current: u64) {
        use std::sync::atomic::Ordering::Relaxed;
        let block = self.store.0.block() as u64;
        self.bar.set_position(self.done.load(Relaxed) / block + current);
        let due = self.last_line.lock().unwrap_or_else(|e| e.into_inner()).elapsed().as_secs() >= self.every;
        if due {
            self.line(self.done.load(Relaxed) + current * block);
        }
    }

    pub(super) fn end_layer(&self, layer: usize) {
        use std::sync::atomic::Ordering::Relaxed;
        let positions = self.store.0.layer_len(layer);
        let done = self.done.fetch_add(positions, Relaxed) + positions;
        self.current.store(0, Relaxed);
        self.disk.store(dir_bytes(self.store.1), Relaxed);
        self.bar.set_position(done / self.store.0.block() as u64);
        if self.last_line.lock().unwrap_or_else(|e| e.into_inner()).elapsed().as_secs() >= self.every {
            self.line(done);
        }
    }

    /// One line of progress to stderr (not on a terminal, where the bar shows it).
    pub(super) fn line(&self, done: u64) {
        use std::sync::atomic::Ordering::Relaxed;
        *self.last_line.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
        if !self.bar.is_hidden() {
            return;
        }
        let layer = self.layer.load(Relaxed);
        let k = self.layers - layer;
        let seconds = self.started.elapsed().as_secs_f64();
        let rate = done as f64 / seconds.max(1e-9);
        let left = if done > 0 { (self.total - done.min(self.total)) as f64 / rate } else { f64::NAN };
        eprintln!(
            "ryg: layer {layer} ({k} of {}), {} of {} positions ({:.2}%), {} positions/s, about {} left, {} on disk",
            self.layers,
            count(done),
            count(self.total),
            100.0 * done as f64 / self.total.max(1) as f64,
            count(rate as u64),
            clock(left),
            gib(self.disk.load(Relaxed))
        );
    }

    pub(super) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// `1.23e9`-style counts, short enough for a line.
pub(super) fn count(n: u64) -> String {
    if n < 100_000 {
        n.to_string()
    } else {
        format!("{:.2e}", n as f64)
    }
}

/// `3 h 05 min`, `12 min`, `40 s`.
pub(super) fn clock(seconds: f64) -> String {
    if !seconds.is_finite() {
        return "an unknown time".into();
    }
    let s = seconds.round() as u64;
    match s {
        s if s < 60 => format!("{s} s"),
        s if s < 3600 => format!("{} min", s / 60),
        s => format!("{} h {:02} min", s / 3600, s / 60 % 60),
    }
}

/// `1.2 GiB`, `35.0 MiB`.
pub(super) fn gib(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
    } else {
        format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64)
    }
}

/// A bar over the configurations to solve, with the layer and the time left, on a terminal.
pub(super) fn progress(total: u64, doing: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(&format!(
        "{doing} {{msg:>9}} {{bar:40}} {{percent:>3}}% {{elapsed}} (about {{eta}} left)"
    ))
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
    let s = nix::sys::statvfs::statvfs(at).ok()?;
    #[allow(clippy::unnecessary_cast)] // the fields' types differ between systems
    Some(s.blocks_available() as u64 * s.fragment_size() as u64)
}

/// The memory the system says is available (Linux), in bytes.
pub fn available_memory() -> Option<u64> {
    let info = fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kib| kib * 1024)
}

/// Refuses to start a build that needs more disk or memory (`needs`, from
/// [`Build::needs`](super::Build::needs)) than there is, with the figures.
pub fn check_room<F: Format>(store: &LayerStore<F>, (disk, memory): (u64, u64)) -> Result<()> {
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
