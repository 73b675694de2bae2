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

/// Standard output as a `Write`, for code written over any writer (the terminal game): a failed
/// write says that it was standard output, as the `out!` macros do.
pub struct Stdout(std::io::StdoutLock<'static>);

impl Stdout {
    pub fn lock() -> Stdout {
        Stdout(std::io::stdout().lock())
    }
}

/// The error of a failed write, saying where it went; its kind is the original one.
fn named(err: std::io::Error) -> std::io::Error {
    std::io::Error::new(err.kind(), StdoutError(err))
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).map_err(named)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(named)
    }
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
