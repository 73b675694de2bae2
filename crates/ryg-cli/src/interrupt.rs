//! Ctrl-C: stops a running search (the caller then finishes cleanly and carries on), or, when
//! nothing is running, leaves at once with exit status 130 after saying the farewell the
//! current command left here (a game: where it is saved).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static BUSY: AtomicBool = AtomicBool::new(false);
static FAREWELL: Mutex<Option<String>> = Mutex::new(None);

/// Installs the Ctrl-C handler (once; later calls do nothing).
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        INTERRUPTED.store(true, Ordering::SeqCst);
        if !BUSY.load(Ordering::SeqCst) {
            let farewell = FAREWELL.lock().map(|f| f.clone()).unwrap_or(None);
            say(&format!("\n{}", farewell.map(|f| f + "\n").unwrap_or_default()));
            std::process::exit(130);
        }
    });
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

/// Marks a stretch of work that Ctrl-C should stop rather than kill.
pub struct Busy;

impl Busy {
    pub fn start() -> Busy {
        BUSY.store(true, Ordering::SeqCst);
        Busy
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        BUSY.store(false, Ordering::SeqCst);
    }
}
