//! Files the command line reads and writes: game records, and whole files written atomically
//! (see [`crate::atomic`]) so a crash never leaves half a file behind.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use ryg::echo::echo_whole;
use ryg::Record;

pub use crate::atomic::{write_atomically, write_atomically_with};

/// The largest game record read (a 10×10 game has at most 91 plies: a few kilobytes).
const MAX_RECORD_BYTES: u64 = 1 << 20;

/// The largest file of several records read (a match of 100,000 games fits).
const MAX_RECORDS_BYTES: u64 = 64 << 20;

/// Reads and checks the game record in `path` (`-` is standard input), a game on any board up
/// to 14×14 (in the wide engine, `ryg-wide`). Errors name the file and, for a bad record, the
/// line.
pub fn read_wide_record(path: &Path) -> Result<ryg_wide::Record> {
    let text = read_text(path, MAX_RECORD_BYTES)?;
    ryg_wide::Record::parse(&text).with_context(|| echo_whole(&path.to_string_lossy()).to_string())
}

/// Reads and checks every record in `path` (a match's PGN file holds many).
pub fn read_records(path: &Path) -> Result<Vec<Record>> {
    let text = read_text(path, MAX_RECORDS_BYTES)?;
    Record::parse_all(&text).with_context(|| echo_whole(&path.to_string_lossy()).to_string())
}

/// The UTF-8 text of `path` (`-` is standard input), at most `limit` bytes.
fn read_text(path: &Path, limit: u64) -> Result<String> {
    let name = if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        format!("'{}'", echo_whole(&path.to_string_lossy()))
    };
    let mut bytes = Vec::new();
    let read = if path.as_os_str() == "-" {
        std::io::stdin().take(limit + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
    };
    read.with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > limit {
        anyhow::bail!("{name} is not a game record: it is larger than {} MiB", limit >> 20);
    }
    String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{name} is not a game record: it is not UTF-8 text"))
}
