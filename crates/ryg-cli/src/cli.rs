//! The command line as a whole: the subcommands and their dispatch. Each command's module owns
//! its arguments (`Args`) and its `run`; the argument groups they share live in `args`.

use anyhow::Result;
use clap::{CommandFactory, Parser, Subcommand};

use crate::args::InvalidValue;
use crate::cmd::{
    analyze, bench, bot, db, eval, levels, match_runner, moves, perft, play, puzzles, record, selfplay,
    serve, show, solve, tree, ugi,
};

const AFTER_HELP: &str = "\
With no command, ryg starts a game in the terminal (the options above are `ryg play`'s);
type `help` in the game for its commands.

Examples:
  ryg                                  play the mouse against the level 3 cats
  ryg --side cats --level perfect      play the cats against a perfect mouse
  ryg solve                            who wins from the 8x8 start, and in how many plies
  ryg analyze --depth 12               search the start position, iteration by iteration
  ryg show --fen \"1c1c1c2/8/8/8/8/8/1c6/m7 m\"

Run `ryg COMMAND --help` for the options of a command.";

/// ryg — El ratón y los gatos (Fox and Hounds): play, analyse and solve the game.
#[derive(Parser, Debug)]
#[command(name = "ryg", version, about, long_about = None, args_conflicts_with_subcommands = true)]
#[command(
    after_help = AFTER_HELP
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub play: play::Args,
}

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
    /// Puzzles from perfect play: positions where one move keeps the win (tablebase)
    Puzzles(puzzles::Args),
    /// Draw the explicit minimax tree (text, Graphviz dot or JSON)
    Tree(tree::Args),
    /// The computer against itself: level against level, results table
    Selfplay(selfplay::Args),
    /// Exact chance that a human side wins against each level or one of the articles' programs
    /// (tablebase dynamic program)
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
    /// Look after the browser app's game database: backup, check, vacuum
    Db(db::Args),
    /// A UGI engine plays on a ryg server as a bot: its games, and the challenges it accepts
    Bot(bot::Args),
}

/// Runs the command `cli` names (`play` when it names none).
pub fn run(cli: Cli) -> Result<()> {
    dispatch(cli).map_err(|err| match err.downcast_ref::<InvalidValue>() {
        Some(InvalidValue(message)) => {
            Cli::command().error(clap::error::ErrorKind::ValueValidation, message).exit()
        }
        None => err,
    })
}

fn dispatch(cli: Cli) -> Result<()> {
    match cli.command {
        None => play::run(cli.play),
        Some(Command::Play(args)) => play::run(args),
        Some(Command::Show(args)) => show::run(args),
        Some(Command::Moves(args)) => moves::run(args),
        Some(Command::Eval(args)) => eval::run(args),
        Some(Command::Analyze(args)) => analyze::run(args),
        Some(Command::Solve(args)) => solve::run(args),
        Some(Command::Puzzles(args)) => puzzles::run(args),
        Some(Command::Tree(args)) => tree::run(args),
        Some(Command::Selfplay(args)) => selfplay::run(args),
        Some(Command::Levels(args)) => levels::run(args),
        Some(Command::Record(args)) => record::run(args),
        Some(Command::Perft(args)) => perft::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Serve(args)) => serve::run(args),
        Some(Command::Bot(args)) => bot::run(args),
        Some(Command::Db(args)) => db::run(args),
        Some(Command::Ugi(args)) => ugi::run(args),
        Some(Command::Match(args)) => match_runner::run(args),
    }
}
