//! SIGPIPE: output piped into a program that stops reading ends ryg quietly, as it does any
//! Unix filter; the commands that outlive their reader (the server, the match runner writing
//! to engines that may die) ask for a closed pipe to be an error instead.

#[cfg(unix)]
use std::sync::{atomic::AtomicBool, atomic::Ordering, Arc, OnceLock};

/// Whether SIGPIPE ends the process (signal-hook's conditional default action).
#[cfg(unix)]
static ENDS: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// A closed pipe ends ryg by SIGPIPE, silently (`ryg perft 9 --divide | head -1`).
pub fn end_on_closed_pipe() {
    #[cfg(unix)]
    {
        let ends = ENDS.get_or_init(|| Arc::new(AtomicBool::new(true)));
        ends.store(true, Ordering::SeqCst);
        let _ = signal_hook::flag::register_conditional_default(signal_hook::consts::SIGPIPE, ends.clone());
    }
}

/// A write to a closed pipe fails (`EPIPE`) instead of ending the process.
pub fn survive_closed_pipe() {
    #[cfg(unix)]
    if let Some(ends) = ENDS.get() {
        ends.store(false, Ordering::SeqCst);
    }
}
