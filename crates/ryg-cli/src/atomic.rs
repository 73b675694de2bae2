//! Whole files written atomically (a temporary file in the same folder, then a rename), so a
//! reader sees the old file or the whole new one. Only a regular file is ever replaced (through
//! a symbolic link, its target); errors name the user's path, never the temporary file; an
//! interrupted write (Ctrl-C, SIGTERM, SIGHUP) removes its temporary file, and temporary files
//! left by earlier runs that were killed outright are removed on the next write.

use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

/// Symbolic links followed before giving up (as the kernel's ELOOP limit).
const MAX_LINKS: usize = 40;

/// Writes `bytes` to `path` atomically.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    write_atomically_with(path, |file| file.write_all(bytes))
}

/// Writes `path` with `write` into a temporary file in the same folder, then renames it over
/// `path`.
///
/// # Errors
/// When `path` (or the file a symbolic link there leads to) exists and is not a writable
/// regular file, or when creating, writing or renaming fails. Every message names `path`.
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut fs::File) -> std::io::Result<()>,
) -> Result<()> {
    let shown = path.display();
    let target = destination(path)?;
    let existing = match fs::metadata(&target) {
        Ok(meta) => Some(meta),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
        Err(err) => return Err(err).with_context(|| format!("cannot write '{shown}'")),
    };
    if let Some(meta) = &existing {
        if !meta.is_file() {
            bail!("cannot write '{shown}': it is {}, not a regular file; nothing was replaced", kind(meta));
        }
        if meta.permissions().readonly() {
            bail!("cannot write '{shown}': the file is read-only");
        }
    }
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target.file_name().with_context(|| format!("cannot write '{shown}': not a file name"))?;
    remove_stale_temporaries(&dir, name);
    let tmp = dir.join(temporary_name(name, std::process::id()));
    let guard = cleanup::Guard::new(&tmp);
    let result = (|| -> std::io::Result<()> {
        let mut file = fs::OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        if let Some(meta) = &existing {
            file.set_permissions(meta.permissions())?;
        }
        write(&mut file)?;
        file.sync_all()?;
        fs::rename(&tmp, &target)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    drop(guard);
    result.with_context(|| format!("cannot write '{shown}'"))
}

/// The file a write to `path` lands in: `path` itself, or the end of its chain of symbolic
/// links (which need not exist yet).
fn destination(path: &Path) -> Result<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link =
                    fs::read_link(&at).with_context(|| format!("cannot write '{}'", path.display()))?;
                at = match at.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(at),
        }
    }
    bail!("cannot write '{}': too many levels of symbolic links", path.display())
}

/// What a file that is not a regular file is, for a message.
fn kind(meta: &fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// `.NAME.tmp`: what the temporary files of writes of `name` start with.
fn temporary_prefix(name: &std::ffi::OsStr) -> OsString {
    let mut tmp = OsString::from(".");
    tmp.push(name);
    tmp.push(".tmp");
    tmp
}

/// `.NAME.tmpPID`: the temporary file of process `pid` writing `name`.
fn temporary_name(name: &std::ffi::OsStr, pid: u32) -> OsString {
    let mut tmp = temporary_prefix(name);
    tmp.push(pid.to_string());
    tmp
}

/// Removes the temporary files that writes of `name` in `dir` by processes no longer running
/// left behind (a run killed by SIGKILL or a power cut cannot clean up after itself).
fn remove_stale_temporaries(dir: &Path, name: &std::ffi::OsStr) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let prefix = temporary_prefix(name);
    let Some(prefix) = prefix.to_str() else { return };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(pid) =
            file.to_str().and_then(|f| f.strip_prefix(prefix)).and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !running(pid) && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid` exists.
fn running(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
        // SAFETY: signal 0 only checks that the process exists; nothing is sent.
        let alive = unsafe { libc::kill(pid, 0) } == 0;
        alive || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// Removing the temporary file when a signal ends the process in the middle of a write.
#[cfg(unix)]
mod cleanup {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::sync::atomic::{AtomicPtr, Ordering};

    /// The signals that end ryg during a write (SIGINT first: see `Guard::new`).
    const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

    /// The temporary file being written, as a C string (null when none).
    static PENDING: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

    /// While it lives, SIGINT, SIGTERM and SIGHUP remove the temporary file, then end the
    /// process by the same signal (as they would have without the guard).
    pub struct Guard {
        previous: Vec<(libc::c_int, libc::sigaction)>,
        path: *mut libc::c_char,
        /// Ctrl-C held back until the write is done, where ryg handles it itself (a game):
        /// released after the handlers are restored.
        _held: Option<crate::interrupt::Held>,
    }

    extern "C" fn on_signal(signal: libc::c_int) {
        let path = PENDING.swap(std::ptr::null_mut(), Ordering::SeqCst);
        // SAFETY: unlink, signal and raise are async-signal-safe; `path` is a valid C string
        // owned by the live guard (it is only freed after the handlers are restored).
        unsafe {
            if !path.is_null() {
                libc::unlink(path);
            }
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }

    impl Guard {
        pub fn new(tmp: &Path) -> Guard {
            let Ok(path) = CString::new(tmp.as_os_str().as_bytes()) else {
                return Guard { previous: Vec::new(), path: std::ptr::null_mut(), _held: None };
            };
            let held = crate::interrupt::hold_for_write();
            let signals: &[libc::c_int] = if held.is_some() { &SIGNALS[1..] } else { &SIGNALS };
            let path = path.into_raw();
            PENDING.store(path, Ordering::SeqCst);
            let mut previous = Vec::new();
            for &signal in signals {
                // SAFETY: a zeroed sigaction is valid; the handler only does async-signal-safe
                // work; the old action is kept to be restored.
                unsafe {
                    let mut action: libc::sigaction = std::mem::zeroed();
                    action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
                    libc::sigemptyset(&mut action.sa_mask);
                    let mut old: libc::sigaction = std::mem::zeroed();
                    if libc::sigaction(signal, &action, &mut old) == 0 {
                        previous.push((signal, old));
                    }
                }
            }
            Guard { previous, path, _held: held }
        }
    }

    impl Drop for Guard {
        fn drop(&mut self) {
            for (signal, old) in &self.previous {
                // SAFETY: restores the action saved in `new`.
                unsafe {
                    libc::sigaction(*signal, old, std::ptr::null_mut());
                }
            }
            PENDING.store(std::ptr::null_mut(), Ordering::SeqCst);
            if !self.path.is_null() {
                // SAFETY: made by `CString::into_raw` in `new`, freed once; no handler can
                // read it any more.
                drop(unsafe { CString::from_raw(self.path) });
            }
        }
    }
}

#[cfg(not(unix))]
mod cleanup {
    pub struct Guard;
    impl Guard {
        pub fn new(_: &std::path::Path) -> Guard {
            Guard
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A fresh, empty directory for test `name` of the tests of `kind` (this process only).
    pub(crate) fn test_dir(kind: &str, name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ryg-{kind}-test-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn temp_dir(name: &str) -> PathBuf {
        test_dir("atomic", name)
    }

    /// The names in `dir`, sorted.
    pub(crate) fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn writes_and_replaces_whole_files() {
        let dir = temp_dir("replace");
        let path = dir.join("a.txt");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second");
        assert_eq!(entries(&dir), ["a.txt"], "no temporary file left behind");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn errors_name_the_users_path_not_the_temporary_file() {
        let dir = temp_dir("missing");
        let path = dir.join("missing/b.txt");
        let err = write_atomically(&path, b"x").unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            format!("cannot write '{}': No such file or directory (os error 2)", path.display())
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_symbolic_link_is_followed_and_kept() {
        let dir = temp_dir("link");
        fs::write(dir.join("target.txt"), b"old").unwrap();
        std::os::unix::fs::symlink("target.txt", dir.join("link.txt")).unwrap();
        write_atomically(&dir.join("link.txt"), b"new").unwrap();
        assert!(fs::symlink_metadata(dir.join("link.txt")).unwrap().file_type().is_symlink());
        assert_eq!(fs::read_to_string(dir.join("target.txt")).unwrap(), "new");
        assert_eq!(entries(&dir), ["link.txt", "target.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn only_a_writable_regular_file_is_replaced() {
        let dir = temp_dir("refuse");
        // A device node of our own (the null device's numbers), so that a broken check run as
        // root never replaces the real /dev/null. Without the right to make one, /dev/null is
        // safe: an unprivileged process cannot replace it either.
        let device = dir.join("null");
        let c_device = std::ffi::CString::new(device.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid C string; mknod only creates a file.
        let made = unsafe { libc::mknod(c_device.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) } == 0;
        let device = if made { device } else { PathBuf::from("/dev/null") };
        let err = write_atomically(&device, b"x").unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            format!(
                "cannot write '{}': it is a device, not a regular file; nothing was replaced",
                device.display()
            )
        );
        if made {
            let meta = fs::metadata(&device).unwrap();
            assert!(std::os::unix::fs::FileTypeExt::is_char_device(&meta.file_type()));
            fs::remove_file(&device).unwrap();
        }
        let fifo = dir.join("fifo");
        let c_fifo = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid C string; mkfifo only creates a file.
        assert_eq!(unsafe { libc::mkfifo(c_fifo.as_ptr(), 0o666) }, 0);
        let err = write_atomically(&fifo, b"x").unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            format!(
                "cannot write '{}': it is a named pipe, not a regular file; nothing was replaced",
                fifo.display()
            )
        );
        fs::remove_file(&fifo).unwrap();
        let sub = dir.join("sub");
        fs::create_dir(&sub).unwrap();
        let err = write_atomically(&sub, b"x").unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            format!(
                "cannot write '{}': it is a directory, not a regular file; nothing was replaced",
                sub.display()
            )
        );
        let read_only = dir.join("ro.txt");
        fs::write(&read_only, b"keep").unwrap();
        let mut perms = fs::metadata(&read_only).unwrap().permissions();
        perms.set_readonly(true);
        fs::set_permissions(&read_only, perms).unwrap();
        let err = write_atomically(&read_only, b"x").unwrap_err();
        assert_eq!(
            format!("{err:#}"),
            format!("cannot write '{}': the file is read-only", read_only.display())
        );
        assert_eq!(fs::read_to_string(&read_only).unwrap(), "keep");
        assert_eq!(entries(&dir), ["ro.txt", "sub"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporary_files_of_dead_processes_are_removed() {
        let dir = temp_dir("stale");
        // A process id above the kernel's limit (4194304) never runs.
        let stale = temporary_name("a.txt".as_ref(), 4_194_400);
        fs::write(dir.join(&stale), b"half").unwrap();
        let other = temporary_name("b.txt".as_ref(), 4_194_400);
        fs::write(dir.join(&other), b"not ours").unwrap();
        write_atomically(&dir.join("a.txt"), b"whole").unwrap();
        assert_eq!(entries(&dir), [".b.txt.tmp4194400", "a.txt"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
