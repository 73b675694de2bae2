//! Files the command line reads and writes: game records, and whole files written atomically
//! (see [`crate::atomic`]) so a crash never leaves half a file behind.

use std::io::Read;
use std::path::Path;

use anyhow::{Context, Result};
use ryg::Record;

pub use crate::atomic::{write_atomically, write_atomically_with};

/// The largest game record read (a 10×10 game has at most 91 plies: a few kilobytes).
const MAX_RECORD_BYTES: u64 = 1 << 20;

/// Reads and checks the game record in `path` (`-` is standard input). Errors name the file
/// and, for a bad record, the line.
pub fn read_record(path: &Path) -> Result<Record> {
    let name =
        if path.as_os_str() == "-" { "standard input".to_string() } else { format!("'{}'", path.display()) };
    let mut bytes = Vec::new();
    let read = if path.as_os_str() == "-" {
        std::io::stdin().take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes))
    };
    read.with_context(|| format!("cannot read {name}"))?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        anyhow::bail!("{name} is not a game record: it is larger than {} MiB", MAX_RECORD_BYTES >> 20);
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("{name} is not a game record: it is not UTF-8 text"))?;
    Record::parse(&text).with_context(|| format!("{}", path.display()))
}
