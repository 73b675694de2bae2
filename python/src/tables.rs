//! The tablebases of the Python package: one per board size, obtained on first use and kept
//! for the life of the interpreter. As on the command line, the 10x10 one is read from ryg's
//! cache file when it is there and sound ($RYG_CACHE_DIR, else $XDG_CACHE_HOME/ryg, else
//! ~/.cache/ryg), else built and written there; the smaller ones build in milliseconds.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use pyo3::prelude::*;
use ryg::{Size, Tablebase};

/// Board sizes at least this large are cached on disk (as the command line does).
const CACHED_FROM: u8 = 10;

static TABLES: [OnceLock<Arc<Tablebase>>; 4] = [const { OnceLock::new() }; 4];

/// The tablebase of `size`, built or loaded the first time (without holding the GIL).
pub fn get(py: Python<'_>, size: Size) -> Arc<Tablebase> {
    let slot = &TABLES[usize::from(size.n() / 2 - 2)];
    if let Some(tb) = slot.get() {
        return tb.clone();
    }
    py.detach(|| slot.get_or_init(|| Arc::new(obtain(size))).clone())
}

fn obtain(size: Size) -> Tablebase {
    let path = (size.n() >= CACHED_FROM)
        .then(ryg_layers::default_cache_dir)
        .flatten()
        .map(|dir| dir.join(format!("tablebase-{size}.ryg")));
    if let Some(tb) = path.as_deref().and_then(|path| load(path, size)) {
        return tb;
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let tb = Tablebase::build(size, threads, &mut ());
    if let Some(path) = path {
        // A cache that cannot be written only costs the next interpreter a rebuild.
        let _ = save(&path, &tb);
    }
    tb
}

/// The cache file's tablebase, if the file is a sound cache of `size`.
fn load(path: &Path, size: Size) -> Option<Tablebase> {
    let meta = fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() != ryg::tablebase::cache_file_len(size) {
        return None;
    }
    let bytes = fs::read(path).ok()?;
    ryg::tablebase::check_cache_header(&bytes, size).ok()?;
    Tablebase::from_cache_bytes(bytes, size).ok()
}

/// Writes the cache file atomically: a temporary file in the same directory, then a rename.
fn save(path: &Path, tb: &Tablebase) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let temp = dir.join(format!(".tablebase-{}.{}.tmp", tb.size(), std::process::id()));
    let written = fs::File::create(&temp).and_then(|mut file| {
        file.write_all(&tb.cache_header())?;
        file.write_all(tb.cache_body())?;
        file.sync_all()
    });
    match written.and_then(|()| fs::rename(&temp, path)) {
        Ok(()) => Ok(()),
        Err(err) => {
            let _ = fs::remove_file(&temp);
            Err(err)
        }
    }
}
