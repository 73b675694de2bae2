//! The `ryg` command line: parse arguments, hand over to one module per subcommand.

mod args;
mod cmd;
mod files;
mod interrupt;
mod tablebase;
mod ui;

use clap::Parser;

fn main() -> std::process::ExitCode {
    let cli = args::Cli::parse();
    match cmd::run(cli) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("ryg: error: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
