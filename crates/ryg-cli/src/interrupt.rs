//! Ctrl-C: stops a running search (the caller then finishes cleanly and carries on), or, when
//! nothing is running, leaves at once with exit status 130 after saying the farewell the
//! current command left here (a game: where it is saved).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// How many stretches of work Ctrl-C should stop rather than kill are under way (they nest).
static BUSY: AtomicUsize = AtomicUsize::new(0);
static FAREWELL: Mutex<Option<String>> = Mutex::new(None);
/// Whether `install` ran: Ctrl-C is then handled here instead of ending the process.
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C handler (once; later calls do nothing).
pub fn install() {
    INSTALLED.store(true, Ordering::SeqCst);
    terminal::remember();
    // The handler's own thread never takes SIGINT itself: the main thread does, so a SIGINT
    // while the line editor waits for a key interrupts that wait (the editor then reports
    // Ctrl-C) instead of going unnoticed on another thread.
    let _blocked = terminal::SigintBlocked::new();
    let _ = ctrlc::set_handler(|| {
        INTERRUPTED.store(true, Ordering::SeqCst);
        if BUSY.load(Ordering::SeqCst) == 0 {
            // After the terminal's "^C", on a line of its own.
            leave_after("\n");
        }
    });
}

/// Ctrl-C held back on this thread while a file is written, when Ctrl-C is handled here: it
/// then pauses or leaves after the write, never in its middle (a game's autosave would lose
/// the move just played). `None` when Ctrl-C is not handled here: it ends the process, and
/// the writer removes its temporary file.
pub fn hold_for_write() -> Option<Held> {
    INSTALLED.load(Ordering::SeqCst).then(|| Held(terminal::SigintBlocked::new()))
}

/// See [`hold_for_write`]: Ctrl-C arrives when this is dropped.
pub struct Held(#[allow(dead_code)] terminal::SigintBlocked);

/// Leaves at once with exit status 130 after the farewell: what Ctrl-C does outside a
/// search, also when the line editor reads it as a key.
pub fn leave() -> ! {
    leave_after("")
}

fn leave_after(prefix: &str) -> ! {
    // A signal that came while the line editor had the terminal in raw mode must not leave
    // it so (and the farewell is written in the usual mode).
    terminal::restore();
    let farewell = FAREWELL.lock().map(|f| f.clone()).unwrap_or(None);
    say(&format!("{prefix}{}", farewell.map(|f| f + "\n").unwrap_or_default()));
    std::process::exit(130);
}

/// What Ctrl-C outside a search prints before leaving (a line, without its newline).
pub fn set_farewell(text: Option<String>) {
    if let Ok(mut slot) = FAREWELL.lock() {
        *slot = text;
    }
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Whether Ctrl-C was pressed since the last call; forgets it, so the next search runs.
pub fn take() -> bool {
    INTERRUPTED.swap(false, Ordering::SeqCst)
}

/// Writes `text` to standard output from the handler's thread. The main thread may hold the
/// lock of `std::io::stdout` while it waits for input, so this writes to the descriptor.
fn say(text: &str) {
    #[cfg(unix)]
    {
        let mut bytes = text.as_bytes();
        while !bytes.is_empty() {
            // SAFETY: writes from a valid buffer of the given length to descriptor 1.
            let n = unsafe { libc::write(1, bytes.as_ptr().cast(), bytes.len()) };
            if n <= 0 {
                break;
            }
            bytes = &bytes[n as usize..];
        }
    }
    #[cfg(not(unix))]
    eprint!("{text}");
}

/// The terminal's settings when the program started, put back on leaving by Ctrl-C.
#[cfg(unix)]
mod terminal {
    use std::sync::OnceLock;

    static SAVED: OnceLock<libc::termios> = OnceLock::new();

    pub fn remember() {
        // SAFETY: tcgetattr fills the zeroed struct for descriptor 0 and reports failure
        // (not a terminal) by its return value.
        let mut settings: libc::termios = unsafe { std::mem::zeroed() };
        if unsafe { libc::tcgetattr(0, &mut settings) } == 0 {
            let _ = SAVED.set(settings);
        }
    }

    pub fn restore() {
        if let Some(settings) = SAVED.get() {
            // SAFETY: puts back settings tcgetattr read from the same descriptor.
            unsafe { libc::tcsetattr(0, libc::TCSANOW, settings) };
        }
    }

    /// SIGINT blocked in the calling thread (and the threads it starts) while this lives.
    pub struct SigintBlocked(libc::sigset_t);

    impl SigintBlocked {
        pub fn new() -> SigintBlocked {
            // SAFETY: sigset_t values are initialised by sigemptyset before use;
            // pthread_sigmask only changes this thread's mask and stores the previous one.
            unsafe {
                let mut block: libc::sigset_t = std::mem::zeroed();
                let mut previous: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut block);
                libc::sigaddset(&mut block, libc::SIGINT);
                libc::pthread_sigmask(libc::SIG_BLOCK, &block, &mut previous);
                SigintBlocked(previous)
            }
        }
    }

    impl Drop for SigintBlocked {
        fn drop(&mut self) {
            // SAFETY: puts back the mask pthread_sigmask reported.
            unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, &self.0, std::ptr::null_mut()) };
        }
    }
}

#[cfg(not(unix))]
mod terminal {
    pub fn remember() {}
    pub fn restore() {}

    pub struct SigintBlocked;

    impl SigintBlocked {
        pub fn new() -> SigintBlocked {
            SigintBlocked
        }
    }
}

/// Marks a stretch of work that Ctrl-C should stop rather than kill (stretches may nest).
pub struct Busy;

impl Busy {
    pub fn start() -> Busy {
        BUSY.fetch_add(1, Ordering::SeqCst);
        Busy
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        BUSY.fetch_sub(1, Ordering::SeqCst);
    }
}
