//! The `ryg` command line: parse arguments, hand over to one module per subcommand.

mod args;
mod atomic;
mod cmd;
mod files;
mod interrupt;
mod out;
mod tablebase;
mod ui;

use clap::Parser;

fn main() -> std::process::ExitCode {
    restore_sigpipe();
    let cli = args::Cli::parse();
    match cmd::run(cli).and_then(|()| Ok(out::flush()?)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("ryg: error: {err:#}");
            match err.downcast_ref::<args::UsageError>() {
                Some(_) => std::process::ExitCode::from(2),
                None => std::process::ExitCode::FAILURE,
            }
        }
    }
}

/// Output piped into a program that stops reading (`ryg perft 9 --divide | head -1`) ends ryg
/// quietly, as it does any Unix filter, instead of failing on a write.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists; SIG_DFL is a
    // valid disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
