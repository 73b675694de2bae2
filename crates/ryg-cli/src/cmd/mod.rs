//! One module per subcommand; each is a thin layer over the `ryg` library.

use anyhow::Result;
use clap::Subcommand;

use crate::args::Cli;

pub mod moves;
pub mod record;
pub mod show;
pub mod analyze;
pub mod bench;
pub mod eval;
pub mod perft;
pub mod tree;
pub mod solve;

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count move sequences to a depth (move-generation check and speed test)
    Perft(perft::Args),
    /// Show a position as a board, with the side to move and the outcome
    Show(show::Args),
    /// List the legal moves of a position
    Moves(moves::Args),
    /// Game records (PGN-style): check a record file
    Record(record::Args),
    /// Evaluate a position term by term (no search)
    Eval(eval::Args),
    /// Search a position: one line per iteration, then the best move
    Analyze(analyze::Args),
    /// Draw the explicit minimax tree (text, Graphviz dot or JSON)
    Tree(tree::Args),
    /// Fixed search suite (node checksum, nodes/s), or --techniques to compare techniques
    Bench(bench::Args),
    /// Exact result of a position and of each move, or --stats over a board size (tablebase)
    Solve(solve::Args),
}

pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Show(args)) => show::run(args),
        Some(Command::Moves(args)) => moves::run(args),
        Some(Command::Record(args)) => record::run(args),
        Some(Command::Eval(args)) => eval::run(args),
        Some(Command::Analyze(args)) => analyze::run(args),
        Some(Command::Tree(args)) => tree::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        None => anyhow::bail!("no command given; try 'ryg --help'"),
    }
}
