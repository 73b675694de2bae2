//! Files the command line reads and writes: game records, and whole files written atomically
//! so a crash never leaves half a file behind.

use std::io::{Read, Write};
use std::path::Path;

use anyhow::{Context, Result};
use ryg::Record;

/// The largest game record read (a 10×10 game has at most 91 plies: a few kilobytes).
const MAX_RECORD_BYTES: u64 = 1 << 20;

/// The largest file of several records read (a match of 100,000 games fits).
const MAX_RECORDS_BYTES: u64 = 64 << 20;

/// Reads and checks the game record in `path` (`-` is standard input). Errors name the file
/// and, for a bad record, the line.
pub fn read_record(path: &Path) -> Result<Record> {
    let text = read_text(path, MAX_RECORD_BYTES)?;
    Record::parse(&text).with_context(|| format!("{}", path.display()))
}

/// Reads and checks every record in `path` (a match's PGN file holds many).
pub fn read_records(path: &Path) -> Result<Vec<Record>> {
    let text = read_text(path, MAX_RECORDS_BYTES)?;
    Record::parse_all(&text).with_context(|| format!("{}", path.display()))
}

/// The UTF-8 text of `path` (`-` is standard input), at most `limit` bytes.
fn read_text(path: &Path, limit: u64) -> Result<String> {
    let name =
        if path.as_os_str() == "-" { "standard input".to_string() } else { format!("'{}'", path.display()) };
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

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    write_atomically_with(path, |file| file.write_all(bytes))
}

/// Writes `path` with `write` into a temporary file in the same folder, then renames it over
/// `path`, so a reader sees either the old file or the whole new one.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path.file_name().with_context(|| format!("'{}' is not a file name", path.display()))?;
    let tmp = dir.join(format!(".{}.tmp{}", name.to_string_lossy(), std::process::id()));
    let result = (|| -> Result<()> {
        let mut file =
            std::fs::File::create(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
        write(&mut file).with_context(|| format!("cannot write {}", tmp.display()))?;
        file.sync_all().with_context(|| format!("cannot sync {}", tmp.display()))?;
        std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_replaces_whole_files() {
        let dir = std::env::temp_dir().join(format!("ryg-files-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.txt");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no temporary file left behind");
        let err = write_atomically(&dir.join("missing/b.txt"), b"x").unwrap_err();
        assert!(format!("{err:#}").contains("cannot create"), "{err:#}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
