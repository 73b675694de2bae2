//! The tablebase for the command line: built in memory, or (for the board sizes where that
//! takes a while) loaded from a cache file in the user's cache directory. The file is written
//! atomically (temporary file + rename) and checked on every load; a missing or bad one is
//! reported in one line on stderr, rebuilt and rewritten. A progress bar shows on stderr when
//! it is a terminal.

use std::fs;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use ryg::{BuildProgress, Size, Tablebase};

/// Board sizes at least this large are cached on disk; smaller ones build in milliseconds.
const CACHED_FROM: u8 = 10;
/// Builds of fewer configurations of cats finish too fast for a progress bar.
const PROGRESS_FROM: u64 = 100_000;

/// Where the tablebase cache lives, and how many threads build a tablebase.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct CacheArgs {
    /// Directory for the 10x10 tablebase cache [default: $RYG_CACHE_DIR, else
    /// $XDG_CACHE_HOME/ryg, else ~/.cache/ryg]
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Neither read nor write the tablebase cache, even with --cache-dir (build in memory)
    #[arg(long)]
    pub no_cache: bool,
    /// Threads that build a tablebase [default: every core]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=ryg::tablebase::MAX_BUILD_THREADS as i64))]
    pub threads: Option<u16>,
}

/// Where a tablebase came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    Built,
    Cache,
}

impl Source {
    pub fn name(self) -> &'static str {
        match self {
            Source::Built => "built",
            Source::Cache => "cache",
        }
    }
}

/// A tablebase ready to probe, with where it came from and how long that took.
pub struct Obtained {
    pub tablebase: Tablebase,
    pub source: Source,
    pub seconds: f64,
}

impl CacheArgs {
    /// The cache directory these arguments and the environment choose, if any.
    pub fn dir(&self) -> Option<PathBuf> {
        if self.no_cache {
            return None;
        }
        // the environment's choice is `ryg-layers`', which the Python package reads too
        self.cache_dir.clone().or_else(ryg_layers::default_cache_dir)
    }

    pub fn threads(&self) -> usize {
        self.threads
            .map(usize::from)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// The tablebase of `size`: from the cache when it is good, else built (and cached).
    /// Problems with the cache are reported on stderr and never stop the command.
    pub fn obtain(&self, size: Size) -> Obtained {
        let path = (size.n() >= CACHED_FROM).then(|| self.dir()).flatten().map(|dir| cache_path(&dir, size));
        let mut progress = Bar::new();
        obtain(size, path.as_deref(), self.threads(), &mut progress, &mut |note| eprintln!("ryg: {note}"))
    }
}

/// The cache file of `size` inside `dir`.
fn cache_path(dir: &Path, size: Size) -> PathBuf {
    dir.join(format!("tablebase-{size}.ryg"))
}

/// Loads the tablebase from `path` if it is there and sound; otherwise builds it and writes
/// it there. Each problem is one `note`.
fn obtain(
    size: Size,
    path: Option<&Path>,
    threads: usize,
    progress: &mut impl BuildProgress,
    note: &mut dyn FnMut(String),
) -> Obtained {
    let started = Instant::now();
    if let Some(path) = path {
        let problem = match load(path, size) {
            Ok(tablebase) => {
                let seconds = started.elapsed().as_secs_f64();
                return Obtained { tablebase, source: Source::Cache, seconds };
            }
            Err(Refused::Missing) => {
                format!("tablebase cache {} not found; building it (once)", path.display())
            }
            Err(Refused::Bad(reason)) => {
                format!("tablebase cache {} refused ({reason}); rebuilding it", path.display())
            }
            Err(Refused::Unreadable(err)) => {
                format!("tablebase cache {} unreadable ({err}); rebuilding it", path.display())
            }
        };
        note(problem);
    }
    let tablebase = Tablebase::build(size, threads, progress);
    let seconds = started.elapsed().as_secs_f64();
    if let Some(path) = path {
        if let Err(err) = write_atomically(path, &tablebase) {
            note(format!("could not save the tablebase cache: {err:#}"));
        }
    }
    Obtained { tablebase, source: Source::Built, seconds }
}

/// Why a cache file was not used.
enum Refused {
    Missing,
    /// Not a sound cache of this size (the reason).
    Bad(String),
    Unreadable(std::io::Error),
}

/// Reads the cache file of `size`: only a regular file of the expected length, header first,
/// so a huge foreign file costs nothing and a named pipe never blocks.
fn load(path: &Path, size: Size) -> Result<Tablebase, Refused> {
    use std::io::Read;
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, nix::fcntl::OFlag::O_NONBLOCK.bits());
    let mut file = options.open(path).map_err(|err| match err.kind() {
        std::io::ErrorKind::NotFound => Refused::Missing,
        _ => Refused::Unreadable(err),
    })?;
    let meta = file.metadata().map_err(Refused::Unreadable)?;
    if !meta.is_file() {
        return Err(Refused::Bad("not a regular file".to_string()));
    }
    let header_len = ryg::tablebase::CACHE_HEADER_LEN as u64;
    let mut bytes = Vec::new();
    (&mut file).take(header_len).read_to_end(&mut bytes).map_err(Refused::Unreadable)?;
    ryg::tablebase::check_cache_header(&bytes, size).map_err(|e| Refused::Bad(e.to_string()))?;
    let expected = ryg::tablebase::cache_file_len(size);
    if meta.len() != expected {
        let entries = |n: u64| n.saturating_sub(header_len);
        return Err(Refused::Bad(format!(
            "truncated or padded: {} bytes of entries, expected {}",
            entries(meta.len()),
            entries(expected)
        )));
    }
    bytes.reserve_exact((expected - header_len) as usize);
    file.take(expected - header_len).read_to_end(&mut bytes).map_err(Refused::Unreadable)?;
    Tablebase::from_cache_bytes(bytes, size).map_err(|e| Refused::Bad(e.to_string()))
}

/// Writes the cache atomically (a reader sees the old file or the whole new one).
fn write_atomically(path: &Path, tablebase: &Tablebase) -> anyhow::Result<()> {
    if let Some(dir) = path.parent() {
        if dir.exists() && !dir.is_dir() {
            anyhow::bail!("the cache directory '{}' is not a directory", dir.display());
        }
        fs::create_dir_all(dir)
            .map_err(|err| anyhow::anyhow!("cannot create the cache directory '{}': {err}", dir.display()))?;
    }
    crate::files::write_atomically_with(path, |file| {
        file.write_all(&tablebase.cache_header())?;
        file.write_all(tablebase.cache_body())
    })
}

/// An `indicatif` bar on stderr for long builds, only when stderr is a terminal.
struct Bar {
    bar: Option<ProgressBar>,
    enabled: bool,
}

impl Bar {
    fn new() -> Bar {
        Bar { bar: None, enabled: std::io::stderr().is_terminal() }
    }
}

impl BuildProgress for Bar {
    fn solved(&mut self, done: u64, total: u64) {
        if !self.enabled || total < PROGRESS_FROM {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::new(total);
            let style = ProgressStyle::with_template("solving {bar:40} {percent:>3}% {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar
        });
        bar.set_position(done);
        if done >= total {
            bar.finish_and_clear();
        }
    }
}

/// Tablebases loaded on first use, one per board size, for commands that may need several
/// probes (the terminal game, self-play).
pub struct Tablebases {
    args: CacheArgs,
    loaded: Vec<std::rc::Rc<Tablebase>>,
}

impl Tablebases {
    pub fn new(args: CacheArgs) -> Tablebases {
        Tablebases { args, loaded: Vec::new() }
    }

    /// The tablebase of `size`, obtained the first time it is asked for.
    pub fn get(&mut self, size: Size) -> std::rc::Rc<Tablebase> {
        if let Some(tb) = self.loaded.iter().find(|tb| tb.size() == size) {
            return tb.clone();
        }
        let tb = std::rc::Rc::new(self.args.obtain(size).tablebase);
        self.loaded.push(tb.clone());
        tb
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::atomic::tests::{entries as entries_in, test_dir};

    /// A fresh, empty directory for one test.
    fn temp_dir(name: &str) -> PathBuf {
        test_dir("cache", name)
    }

    fn run(path: &Path) -> (Obtained, Vec<String>) {
        let mut notes = Vec::new();
        let got = obtain(Size::new(6).unwrap(), Some(path), 2, &mut (), &mut |n| notes.push(n));
        (got, notes)
    }

    #[test]
    fn a_missing_cache_is_built_written_then_loaded() {
        let dir = temp_dir("missing");
        let path = cache_path(&dir.join("sub"), Size::new(6).unwrap());
        let (built, notes) = run(&path);
        assert_eq!(built.source, Source::Built);
        assert_eq!(notes, [format!("tablebase cache {} not found; building it (once)", path.display())]);
        assert_eq!(entries_in(&dir.join("sub")), ["tablebase-6x6.ryg"]);
        let (loaded, notes) = run(&path);
        assert_eq!(loaded.source, Source::Cache);
        assert!(notes.is_empty(), "{notes:?}");
        assert!(loaded.tablebase.cache_body() == built.tablebase.cache_body());
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Damages a good cache file with `damage`, then checks the one note, the rebuild and
    /// the rewritten file.
    fn refused_then_repaired(name: &str, damage: impl Fn(&mut Vec<u8>), reason: &str) {
        let dir = temp_dir(name);
        let path = cache_path(&dir, Size::new(6).unwrap());
        let (good, _) = run(&path);
        let mut bytes = fs::read(&path).unwrap();
        damage(&mut bytes);
        fs::write(&path, &bytes).unwrap();
        let (rebuilt, notes) = run(&path);
        assert_eq!(rebuilt.source, Source::Built);
        assert_eq!(notes.len(), 1, "{notes:?}");
        let expected = format!("tablebase cache {} refused ({reason}", path.display());
        assert!(notes[0].starts_with(&expected), "{} does not start with {expected}", notes[0]);
        assert!(notes[0].ends_with("); rebuilding it"), "{}", notes[0]);
        assert!(rebuilt.tablebase.cache_body() == good.tablebase.cache_body());
        assert!(fs::read(&path).unwrap() == good.tablebase.to_cache_bytes());
        assert_eq!(entries_in(&dir), ["tablebase-6x6.ryg"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_truncated_cache_is_refused_and_rewritten() {
        refused_then_repaired("truncated", |b| b.truncate(b.len() - 100), "truncated or padded: 29276 bytes");
        refused_then_repaired("empty", |b| b.clear(), "truncated: 0 bytes");
    }

    #[test]
    fn a_corrupted_cache_is_refused_and_rewritten() {
        refused_then_repaired("flipped", |b| b[1000] ^= 4, "corrupted: checksum");
    }

    #[test]
    fn a_cache_of_another_version_or_size_is_refused_and_rewritten() {
        let v = ryg::tablebase::CACHE_FORMAT_VERSION;
        let reason = format!("format version {}, expected {v}", v + 1);
        refused_then_repaired("version", |b| b[8..12].copy_from_slice(&(v + 1).to_le_bytes()), &reason);
        refused_then_repaired(
            "size",
            |b| *b = Tablebase::build(Size::new(4).unwrap(), 1, &mut ()).to_cache_bytes(),
            "holds the 4x4 board, expected 6x6",
        );
    }

    #[test]
    fn an_unwritable_cache_is_one_note_and_no_failure() {
        let dir = temp_dir("unwritable");
        let blocker = dir.join("file");
        fs::write(&blocker, b"not a directory").unwrap();
        let path = cache_path(&blocker, Size::new(6).unwrap());
        let (got, notes) = run(&path);
        assert_eq!(got.source, Source::Built);
        assert_eq!(
            notes,
            [
                format!(
                    "tablebase cache {} unreadable (Not a directory (os error 20)); rebuilding it",
                    path.display()
                ),
                format!(
                    "could not save the tablebase cache: the cache directory '{}' is not a directory",
                    blocker.display()
                ),
            ]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_named_pipe_or_a_directory_in_place_of_the_cache_is_refused_without_blocking() {
        let dir = temp_dir("fifo");
        let path = cache_path(&dir, Size::new(6).unwrap());
        nix::unistd::mkfifo(&path, nix::sys::stat::Mode::S_IRUSR | nix::sys::stat::Mode::S_IWUSR).unwrap();
        let (got, notes) = run(&path);
        assert_eq!(got.source, Source::Built);
        assert_eq!(
            notes,
            [
                format!("tablebase cache {} refused (not a regular file); rebuilding it", path.display()),
                format!(
                    "could not save the tablebase cache: cannot write '{}': it is a named pipe, not a regular file; nothing was replaced",
                    path.display()
                ),
            ]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_huge_foreign_file_is_refused_by_its_header() {
        let dir = temp_dir("huge");
        let path = cache_path(&dir, Size::new(6).unwrap());
        // 4 GiB of holes: reading it whole would take the memory and the time.
        let file = fs::File::create(&path).unwrap();
        file.set_len(4 << 30).unwrap();
        let (got, notes) = run(&path);
        assert_eq!(got.source, Source::Built);
        assert_eq!(
            notes,
            [format!(
                "tablebase cache {} refused (not a ryg tablebase (bad magic bytes)); rebuilding it",
                path.display()
            )]
        );
        assert_eq!(fs::metadata(&path).unwrap().len(), got.tablebase.to_cache_bytes().len() as u64);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_right_length_file_with_a_bad_header_length_or_reserved_bytes_is_refused() {
        refused_then_repaired(
            "declared",
            |b| b[16..24].copy_from_slice(&5u64.to_le_bytes()),
            "damaged header: it declares 5 bytes of entries, expected 29376",
        );
        refused_then_repaired("reserved", |b| b[13] = 1, "damaged header: reserved bytes are not zero");
        refused_then_repaired(
            "padded",
            |b| b.extend_from_slice(&[0; 10]),
            "truncated or padded: 29386 bytes of entries, expected 29376",
        );
    }
}
