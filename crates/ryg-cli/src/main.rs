//! The `ryg` command line: parse arguments, hand over to one module per subcommand.

mod args;
mod cmd;
mod files;
mod interrupt;
mod tablebase;
mod ui;

use clap::Parser;

fn main() -> std::process::ExitCode {
    restore_sigpipe();
    let cli = args::Cli::parse();
    match cmd::run(cli) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("ryg: error: {err:#}");
            std::process::ExitCode::FAILURE
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
