//! Ctrl-C: stops a running search (the caller then finishes cleanly), or exits at once when
//! nothing is running.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static BUSY: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C handler (once; later calls do nothing).
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        INTERRUPTED.store(true, Ordering::SeqCst);
        if !BUSY.load(Ordering::SeqCst) {
            eprintln!();
            std::process::exit(130);
        }
    });
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
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
