//! Standard output for command results. Every write returns an error that the command passes
//! up with `?`; `main` reports it once (`cannot write to standard output: …`, exit 1). A reader
//! that has gone away (`| head`) ends ryg quietly through SIGPIPE before any error is seen.

use std::fmt;
use std::io::Write;

/// A write to standard output failed (a full disk, `> /dev/full`, a closed descriptor).
#[derive(Debug, thiserror::Error)]
#[error("cannot write to standard output")]
pub struct StdoutError(#[from] std::io::Error);

/// Writes formatted text to standard output (what the `out!` and `outln!` macros call).
pub fn write_fmt(args: fmt::Arguments) -> Result<(), StdoutError> {
    Ok(std::io::stdout().lock().write_fmt(args)?)
}

/// Writes `bytes` to standard output.
pub fn write_all(bytes: &[u8]) -> Result<(), StdoutError> {
    Ok(std::io::stdout().lock().write_all(bytes)?)
}

/// Flushes standard output, so a failure of the last buffered line is still reported.
pub fn flush() -> Result<(), StdoutError> {
    Ok(std::io::stdout().lock().flush()?)
}

/// `print!` that returns `Result<(), StdoutError>` instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => { $crate::out::write_fmt(format_args!($($arg)*)) };
}

/// `println!` that returns `Result<(), StdoutError>` instead of panicking.
macro_rules! outln {
    () => { $crate::out::write_fmt(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::write_fmt(format_args!("{}\n", format_args!($($arg)*))) };
}

pub(crate) use {out, outln};
