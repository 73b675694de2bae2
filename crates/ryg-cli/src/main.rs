//! The `ryg` command line: parse arguments, hand over to one module per subcommand.

mod args;
mod atomic;
mod cli;
mod cmd;
mod files;
mod interrupt;
mod layers;
mod out;
mod pipe;
mod tablebase;
mod ui;

use clap::Parser;

fn main() -> std::process::ExitCode {
    pipe::end_on_closed_pipe();
    let cli = cli::Cli::try_parse().unwrap_or_else(|err| usage_error(err));
    match cli::run(cli).and_then(|()| Ok(out::flush()?)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("ryg: error: {}", ryg::echo::escape_controls(&format!("{err:#}")));
            match err.downcast_ref::<args::UsageError>() {
                Some(_) => std::process::ExitCode::from(2),
                None => std::process::ExitCode::FAILURE,
            }
        }
    }
}

/// Reports a command-line mistake as clap does (exit status 2), with any control characters in
/// the echoed arguments escaped so they cannot act on the terminal.
fn usage_error(err: clap::Error) -> ! {
    if !err.use_stderr() {
        err.exit() // --help and --version
    }
    eprint!("{}", ryg::echo::escape_controls(&err.render().to_string()));
    std::process::exit(err.exit_code())
}
