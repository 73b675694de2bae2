//! Storage faults answered, never hidden: before every write the SQLite store checks that its
//! path still names the file it opened (a file removed or replaced under a running server would
//! otherwise take acknowledged moves with it), and a write the disk refuses (full, read-only,
//! failing) becomes [`StoreError::Unavailable`] — a 503 that says so, without the file's path
//! (the client has no business knowing it) — and one loud log line that names it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};

use super::StoreError;

/// Watches the file of an open SQLite store.
pub struct FileGuard {
    path: PathBuf,
    /// The file's (device, inode) when it was opened.
    identity: Option<(u64, u64)>,
    /// The last fault reported in the log (a [`Fault`] as a number; 0: none), so that a fault
    /// is said once, not at every request.
    reported: AtomicU8,
}

#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Fault {
    Removed = 1,
    Replaced = 2,
    Full = 3,
    Unwritable = 4,
}

#[cfg(unix)]
fn identity(path: &Path) -> std::io::Result<(u64, u64)> {
    use std::os::unix::fs::MetadataExt as _;
    std::fs::metadata(path).map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn identity(path: &Path) -> std::io::Result<(u64, u64)> {
    std::fs::metadata(path).map(|_| (0, 0))
}

impl FileGuard {
    /// A guard of the file at `path`, as it is now (just opened).
    pub fn new(path: &Path) -> FileGuard {
        FileGuard { path: path.to_owned(), identity: identity(path).ok(), reported: AtomicU8::new(0) }
    }

    /// Whether the path still names the opened file.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when it was removed or replaced.
    pub fn check(&self) -> Result<(), StoreError> {
        let Some(opened) = self.identity else { return Ok(()) };
        match identity(&self.path) {
            Ok(now) if now == opened => Ok(()),
            Ok(_) => Err(self.fault(
                Fault::Replaced,
                "the game database was replaced by another file while the server ran: nothing more is \
                 stored; restart the server to use the new file"
                    .to_owned(),
            )),
            Err(_) => Err(self.fault(
                Fault::Removed,
                "the game database was removed while the server ran: nothing more is stored; restart \
                 the server (it starts a new, empty file)"
                    .to_owned(),
            )),
        }
    }

    /// The error to answer for a write that failed with `err`: a refusal of the disk is
    /// [`StoreError::Unavailable`]; anything else stays a query error.
    pub fn write_failed(&self, err: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode as C;
        match err.sqlite_error_code() {
            Some(C::DiskFull) => self.fault(
                Fault::Full,
                "the disk holding the game database is full: nothing was stored".to_owned(),
            ),
            Some(C::ReadOnly | C::CannotOpen | C::SystemIoFailure | C::PermissionDenied) => self.fault(
                Fault::Unwritable,
                format!("cannot write the game database: {err}; nothing was stored"),
            ),
            _ => StoreError::from(err),
        }
    }

    fn fault(&self, fault: Fault, message: String) -> StoreError {
        if self.reported.swap(fault as u8, Ordering::Relaxed) != fault as u8 {
            eprintln!("ryg: error: {message} ({})", self.path.display());
        }
        StoreError::Unavailable(message)
    }
}
