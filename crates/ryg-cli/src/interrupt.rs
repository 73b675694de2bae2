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

/// Runs `start` (which starts a thread) with SIGINT blocked in this thread, so the thread it
/// starts never takes SIGINT itself: the main thread does (see [`install`]).
pub fn without_sigint<T>(start: impl FnOnce() -> T) -> T {
    let _blocked = terminal::SigintBlocked::new();
    start()
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
            match nix::unistd::write(std::io::stdout(), bytes) {
                Ok(n) if n > 0 => bytes = &bytes[n..],
                _ => break,
            }
        }
    }
    #[cfg(not(unix))]
    eprint!("{text}");
}

/// The terminal's settings when the program started, put back on leaving by Ctrl-C.
#[cfg(unix)]
mod terminal {
    use std::sync::Mutex;

    use nix::sys::signal::{pthread_sigmask, SigSet, SigmaskHow, Signal};
    use nix::sys::termios::{tcgetattr, tcsetattr, SetArg, Termios};

    static SAVED: Mutex<Option<Termios>> = Mutex::new(None);

    pub fn remember() {
        // Fails when standard input is not a terminal: nothing to put back then.
        if let (Ok(settings), Ok(mut saved)) = (tcgetattr(std::io::stdin()), SAVED.lock()) {
            saved.get_or_insert(settings);
        }
    }

    pub fn restore() {
        if let Ok(saved) = SAVED.lock() {
            if let Some(settings) = saved.as_ref() {
                let _ = tcsetattr(std::io::stdin(), SetArg::TCSANOW, settings);
            }
        }
    }

    /// SIGINT blocked in the calling thread (and the threads it starts) while this lives.
    pub struct SigintBlocked(Option<SigSet>);

    impl SigintBlocked {
        pub fn new() -> SigintBlocked {
            let mut block = SigSet::empty();
            block.add(Signal::SIGINT);
            let mut previous = SigSet::empty();
            let ok = pthread_sigmask(SigmaskHow::SIG_BLOCK, Some(&block), Some(&mut previous)).is_ok();
            SigintBlocked(ok.then_some(previous))
        }
    }

    impl Drop for SigintBlocked {
        fn drop(&mut self) {
            if let Some(previous) = &self.0 {
                let _ = pthread_sigmask(SigmaskHow::SIG_SETMASK, Some(previous), None);
            }
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
