//! One module per subcommand; each is a thin layer over the `ryg` library.

use anyhow::Result;
use clap::Subcommand;

use crate::args::Cli;

pub mod perft;
pub mod solve;

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count move sequences to a depth (move-generation check and speed test)
    Perft(perft::Args),
    /// Exact result of a position and of each move, or --stats over a board size (tablebase)
    Solve(solve::Args),
}

pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        None => anyhow::bail!("no command given; try 'ryg --help'"),
    }
}
