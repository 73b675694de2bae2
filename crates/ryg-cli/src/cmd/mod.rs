//! One module per subcommand; each is a thin layer over the `ryg` library.

use anyhow::Result;
use clap::Subcommand;

use crate::args::Cli;

pub mod analyze;
pub mod bench;
pub mod eval;
pub mod levels;
pub mod match_runner;
pub mod moves;
pub mod perft;
pub mod play;
pub mod record;
pub mod selfplay;
pub mod serve;
pub mod show;
pub mod solve;
pub mod tree;
pub mod ugi;

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game in the terminal (the default when no command is given)
    Play(play::Args),
    /// Show a position as a board, with the side to move and the outcome
    Show(show::Args),
    /// List the legal moves of a position
    Moves(moves::Args),
    /// Evaluate a position term by term (no search)
    Eval(eval::Args),
    /// Search a position: one line per iteration, then the best move
    Analyze(analyze::Args),
    /// Exact result of a position and of each move, or --stats over a board size (tablebase)
    Solve(solve::Args),
    /// Draw the explicit minimax tree (text, Graphviz dot or JSON)
    Tree(tree::Args),
    /// The computer against itself: level against level, results table
    Selfplay(selfplay::Args),
    /// Exact chance that a human side wins against each level (tablebase dynamic program)
    Levels(levels::Args),
    /// Game records (PGN-style): check a record file
    Record(record::Args),
    /// The engine side of the UGI protocol on stdin/stdout (for match runners and GUIs)
    Ugi(ugi::Args),
    /// Two UGI engines play a series of games; scores, Elo, SPRT, PGN
    #[command(name = "match")]
    Match(match_runner::Args),
    /// Count move sequences to a depth (move-generation check and speed test)
    Perft(perft::Args),
    /// Fixed search suite (node checksum, nodes/s), or --techniques to compare techniques
    Bench(bench::Args),
    /// Play, analyse and learn in the browser: start the web app and print its address
    Serve(serve::Args),
}

pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        None => play::run(cli.play),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Show(args)) => show::run(args),
        Some(Command::Moves(args)) => moves::run(args),
        Some(Command::Eval(args)) => eval::run(args),
        Some(Command::Analyze(args)) => analyze::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        Some(Command::Tree(args)) => tree::run(args),
        Some(Command::Selfplay(args)) => selfplay::run(args),
        Some(Command::Levels(args)) => levels::run(args),
        Some(Command::Record(args)) => record::run(args),
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Serve(args)) => serve::run(args),
        Some(Command::Ugi(args)) => ugi::run(args),
        Some(Command::Match(args)) => match_runner::run(args),
    }
}
