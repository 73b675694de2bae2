//! Whole files written atomically (`tempfile`'s temporary file in the same folder, persisted by
//! a rename), so a reader sees the old file or the whole new one. Only a regular file is ever
//! replaced (through a symbolic link, its target); errors name the user's path, never the
//! temporary file; an interrupted write (Ctrl-C, SIGTERM, SIGHUP) removes its temporary file,
//! and temporary files left by earlier runs that were killed outright are removed on the next
//! write.

use std::ffi::{OsStr, OsString};
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
    let guard = cleanup::Guard::new();
    let result = (|| -> std::io::Result<()> {
        // `.NAME.tmpPID.XXXXXX`: the process id tells a later run whether it is stale.
        let mut prefix = temporary_name(name, std::process::id());
        prefix.push(".");
        // Opened here, as any new file (0666 less the umask, not tempfile's 0600), and so that
        // an error is the system's alone (its message names the user's path, not this one).
        let mut tmp = tempfile::Builder::new().prefix(&prefix).rand_bytes(6).make_in(&dir, |path| {
            guard.pending(path, || fs::OpenOptions::new().write(true).create_new(true).open(path))
        })?;
        if let Some(meta) = &existing {
            tmp.as_file().set_permissions(meta.permissions())?;
        }
        write(tmp.as_file_mut())?;
        tmp.as_file().sync_all()?;
        // On failure the temporary file is removed as the error is dropped.
        tmp.persist(&target).map(drop).map_err(|err| err.error)
    })();
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
fn temporary_prefix(name: &OsStr) -> OsString {
    let mut tmp = OsString::from(".");
    tmp.push(name);
    tmp.push(".tmp");
    tmp
}

/// `.NAME.tmpPID`: how the temporary files of process `pid` writing `name` start.
fn temporary_name(name: &OsStr, pid: u32) -> OsString {
    let mut tmp = temporary_prefix(name);
    tmp.push(pid.to_string());
    tmp
}

/// Removes the temporary files that writes of `name` in `dir` by processes no longer running
/// left behind (a run killed by SIGKILL or a power cut cannot clean up after itself).
fn remove_stale_temporaries(dir: &Path, name: &OsStr) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let prefix = temporary_prefix(name);
    let Some(prefix) = prefix.to_str() else { return };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(pid) = file
            .to_str()
            .and_then(|f| f.strip_prefix(prefix))
            .and_then(|rest| rest.split('.').next())
            .and_then(|p| p.parse::<u32>().ok())
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
        use nix::sys::signal::kill;
        use nix::unistd::Pid;
        let Ok(pid) = i32::try_from(pid) else { return false };
        // No signal: only whether the process exists (EPERM: it does, as another user's).
        matches!(kill(Pid::from_raw(pid), None), Ok(()) | Err(nix::errno::Errno::EPERM))
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
    use std::fs::File;
    use std::path::{Path, PathBuf};
    use std::sync::{Mutex, Once};

    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    /// The temporary file being written, if any.
    static PENDING: Mutex<Option<PathBuf>> = Mutex::new(None);

    /// While it lives, SIGINT, SIGTERM and SIGHUP remove the temporary file given to `pending`,
    /// then end the process by the same signal (as they would have without the guard).
    pub struct Guard {
        /// Ctrl-C held back until the write is done, where ryg handles it itself (a game):
        /// released after the temporary file is forgotten.
        _held: Option<crate::interrupt::Held>,
    }

    impl Guard {
        pub fn new() -> Guard {
            let held = crate::interrupt::hold_for_write();
            watch(held.is_none());
            Guard { _held: held }
        }

        /// Creates the temporary file `tmp` with `create`, which a signal then removes. The
        /// file is named pending before it exists and created under the lock the signal's
        /// thread takes: a signal that comes as the file is created still finds it (before, one
        /// that came between its creation and its naming left it behind).
        /// A file `create` did not create (its name taken, say) is nobody's to remove.
        pub fn pending(
            &self,
            tmp: &Path,
            create: impl FnOnce() -> std::io::Result<File>,
        ) -> std::io::Result<File> {
            let mut pending = PENDING.lock().unwrap_or_else(|p| p.into_inner());
            *pending = Some(tmp.to_path_buf());
            let created = create();
            if created.is_err() {
                *pending = None;
            }
            created
        }
    }

    impl Drop for Guard {
        fn drop(&mut self) {
            if let Ok(mut pending) = PENDING.lock() {
                *pending = None;
            }
        }
    }

    /// From the first write on, a thread (signal-hook's iterator) takes SIGTERM and SIGHUP (and
    /// SIGINT, where ryg does not handle Ctrl-C itself), removes the pending temporary file and
    /// ends the process by the signal's default action. The thread never takes SIGINT itself
    /// (it reads signal-hook's pipe; see `interrupt::install`).
    fn watch(with_sigint: bool) {
        static STARTED: Once = Once::new();
        STARTED.call_once(|| {
            let signals: &[i32] = if with_sigint { &[SIGINT, SIGTERM, SIGHUP] } else { &[SIGTERM, SIGHUP] };
            let Ok(mut signals) = Signals::new(signals) else { return };
            let watcher = std::thread::Builder::new().name("ryg-signals".into());
            let _ = crate::interrupt::without_sigint(|| {
                watcher.spawn(move || {
                    for signal in signals.forever() {
                        let pending =
                            PENDING.lock().map(|p| p.clone()).unwrap_or_else(|p| p.into_inner().clone());
                        if let Some(path) = pending {
                            let _ = std::fs::remove_file(path);
                        }
                        let _ = signal_hook::low_level::emulate_default_handler(signal);
                    }
                })
            });
        });
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        /// The temporary file is created while the lock the signal's thread takes is held, its
        /// name already set: a signal cannot find it existing yet unnamed. (Before, the file was
        /// created first and named after: a SIGTERM in between left it behind.)
        #[test]
        fn a_temporary_file_is_created_under_the_lock_with_its_name_set() {
            let guard = Guard::new();
            let tmp = crate::atomic::tests::test_dir("atomic", "pending").join(".x.tmp1.abcdef");
            let file = guard.pending(&tmp, || {
                assert!(PENDING.try_lock().is_err(), "the signal's thread would wait for the file");
                File::create(&tmp)
            });
            assert!(file.is_ok() && tmp.exists());
            // a file it could not create is nobody's to remove
            let refused = guard.pending(&tmp.join("under-a-file"), || File::create(tmp.join("under-a-file")));
            assert!(refused.is_err());
            drop(guard);
        }
    }
}

#[cfg(not(unix))]
mod cleanup {
    pub struct Guard;
    impl Guard {
        pub fn new() -> Guard {
            Guard
        }
        pub fn pending(
            &self,
            _: &std::path::Path,
            create: impl FnOnce() -> std::io::Result<std::fs::File>,
        ) -> std::io::Result<std::fs::File> {
            create()
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
        let mode = nix::sys::stat::Mode::from_bits_truncate(0o666);
        let made = nix::sys::stat::mknod(
            &device,
            nix::sys::stat::SFlag::S_IFCHR,
            mode,
            nix::sys::stat::makedev(1, 3),
        )
        .is_ok();
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
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::from_bits_truncate(0o666)).unwrap();
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
