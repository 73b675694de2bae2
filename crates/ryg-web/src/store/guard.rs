//! Storage faults answered, never hidden: before every write, and about once a second between
//! requests ([`Watch`]), the SQLite store checks that its paths still name the files it opened,
//! the database and its `-wal` and `-shm` (a file removed
//! or replaced under a running server would otherwise take acknowledged moves with it; then
//! every write stops, and what the server still holds open is copied beside the database), and a write the disk refuses (full, read-only,
//! failing) becomes [`StoreError::Unavailable`] — a 503 that says so, without the file's path
//! (the client has no business knowing it; the request log says it once an episode, with the
//! store's name). The guard remembers that the disk refused a write, so that `/healthz` answers
//! 503 until a write can succeed again ([`FileGuard::room`], [`ROOM`]).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use super::StoreError;

/// Watches the files of an open SQLite store: the database and its `-wal` and `-shm`.
pub struct FileGuard {
    path: PathBuf,
    /// Each file's path and (device, inode) when first seen (the `-wal` and `-shm` may come
    /// after the database is opened).
    files: Mutex<Vec<(PathBuf, Option<Identity>)>>,
    /// Once a file was removed or replaced, the answer to every write from then on.
    broken: Mutex<Option<String>>,
    /// Whether the disk refused a write (full, read-only, failing) and took none since.
    refusing: AtomicBool,
}

/// The room the disk holding the database must have for `/healthz` to call the store writable
/// again once the disk refused a write (a move writes a few pages of 4 KiB to the `-wal`): a
/// server that comes back only with this much room does not flap between refusing and taking
/// writes at the last few bytes. Below it, with no write refused yet, `/healthz` tries a write.
pub const ROOM: u64 = 64 * 1024;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Fault {
    Removed,
    Replaced,
}

/// A file's (device, inode).
type Identity = (u64, u64);

#[cfg(unix)]
fn identity(path: &Path) -> std::io::Result<Identity> {
    use std::os::unix::fs::MetadataExt as _;
    std::fs::metadata(path).map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn identity(path: &Path) -> std::io::Result<(u64, u64)> {
    std::fs::metadata(path).map(|_| (0, 0))
}

/// `path` with `suffix` added to its file name (`games.sqlite3-wal`).
pub fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// What happened to one of the store's files.
pub struct Lost {
    fault: Fault,
    file: PathBuf,
}

impl FileGuard {
    /// A guard of the database at `path` and its `-wal` and `-shm`, as they are now (just opened).
    pub fn new(path: &Path) -> FileGuard {
        let files = [path.to_owned(), beside(path, "-wal"), beside(path, "-shm")]
            .into_iter()
            .map(|p| {
                let id = identity(&p).ok();
                (p, id)
            })
            .collect();
        FileGuard {
            path: path.to_owned(),
            files: Mutex::new(files),
            broken: Mutex::new(None),
            refusing: AtomicBool::new(false),
        }
    }

    /// The answer to every write once a file was lost, if one was.
    pub fn broken(&self) -> Option<String> {
        self.broken.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Whether every file is still the one opened (a `-wal` or `-shm` not there when the store
    /// opened is taken as it is first seen); the first one removed or replaced, if any.
    pub fn lost(&self) -> Option<Lost> {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        for (file, opened) in files.iter_mut() {
            match (*opened, identity(file)) {
                (Some(was), Ok(now)) if was == now => {}
                (Some(_), Ok(_)) => return Some(Lost { fault: Fault::Replaced, file: file.clone() }),
                (Some(_), Err(_)) => return Some(Lost { fault: Fault::Removed, file: file.clone() }),
                (None, now) => *opened = now.ok(),
            }
        }
        None
    }

    /// Stops every write for good after `lost`: says once in the log what happened, where the
    /// copy of what the server held went (`copy`: its path, or why it failed) and how to put it
    /// back; the answer to the client names no file.
    pub fn break_with(&self, lost: &Lost, copy: Result<PathBuf, String>) -> StoreError {
        let what = match lost.fault {
            Fault::Replaced => "replaced by another file",
            _ => "removed",
        };
        let message = format!(
            "a file of the game database was {what} while the server ran: nothing more is stored; everything the \
             server still held was copied beside the database, and the server's log says how to put it back"
        );
        let mut broken = self.broken.lock().unwrap_or_else(|e| e.into_inner());
        if broken.is_none() {
            let db = self.path.display();
            let how = match copy {
                Ok(copy) => format!(
                    "everything the server still held is copied to {copy}: stop the server, move away whatever is at \
                     {db} and its -wal and -shm, then `mv {copy} {db}` and start it again",
                    copy = copy.display()
                ),
                Err(e) => format!(
                    "copying what the server still held failed ({e}): keep the server running and copy the \
                     game database's files from /proc/{}/fd before stopping it",
                    std::process::id()
                ),
            };
            eprintln!(
                "ryg: error: {} was {what} while the server ran: nothing more is stored; {how}",
                lost.file.display()
            );
            *broken = Some(message.clone());
        }
        StoreError::Unavailable(broken.clone().unwrap_or(message))
    }

    /// The error to answer for a write that failed with `err`: a refusal of the disk is
    /// [`StoreError::Unavailable`] (and the store refuses writes until one succeeds); anything
    /// else stays a query error.
    pub fn write_failed(&self, err: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode as C;
        let message = match err.sqlite_error_code() {
            Some(C::DiskFull) => full(),
            Some(C::ReadOnly | C::CannotOpen | C::SystemIoFailure | C::PermissionDenied) => {
                format!("cannot write the game database: {err}; nothing was stored")
            }
            _ => return StoreError::Query(Box::new(err)),
        };
        self.refusing.store(true, Ordering::Relaxed);
        StoreError::Unavailable(message)
    }

    /// A write was taken: the disk takes writes again.
    pub fn wrote(&self) {
        self.refusing.store(false, Ordering::Relaxed);
    }

    /// Whether the disk refused a write and took none since.
    pub fn refusing(&self) -> bool {
        self.refusing.load(Ordering::Relaxed)
    }

    /// The bytes free for this process on the file system that holds the database, when the
    /// system says.
    pub fn room(&self) -> Option<u64> {
        #[cfg(unix)]
        {
            let dir = self.path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
            let fs = nix::sys::statvfs::statvfs(dir).ok()?;
            #[allow(clippy::useless_conversion)] // the types differ between systems
            let (blocks, size) = (u64::from(fs.blocks_available()), u64::from(fs.fragment_size()));
            Some(blocks.saturating_mul(size))
        }
        #[cfg(not(unix))]
        {
            None
        }
    }

    /// The answer to a write while the disk is full.
    pub fn full(&self) -> StoreError {
        self.refusing.store(true, Ordering::Relaxed);
        StoreError::Unavailable(full())
    }
}

/// What a write refused for a full disk answers.
fn full() -> String {
    "the disk holding the game database is full: nothing was stored".to_owned()
}

/// A thread that calls a function on its target every period while the target lives (the
/// store's files looked at between requests); stopped, and waited for, when dropped.
pub struct Watch {
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watch {
    /// Calls `look` on `target` every `period` until `target` is gone or the watch dropped. (When
    /// the system has no thread to give, nothing watches: each request still looks.)
    pub fn every<T: Send + Sync + 'static>(
        period: std::time::Duration,
        target: std::sync::Weak<T>,
        look: fn(&T),
    ) -> Watch {
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("ryg-store-watch".into())
            .spawn(move || {
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(period) {
                    match target.upgrade() {
                        Some(target) => look(&target),
                        None => return,
                    }
                }
            })
            .ok();
        Watch { stop: Some(stop), thread }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
