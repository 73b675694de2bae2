//! Command-line arguments shared by several subcommands (how a position is chosen, `--json`).

use anyhow::{Context, Result};
use clap::{Args, Parser};
use ryg::{Position, Size, Square};

use crate::cmd::Command;

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
    pub play: crate::cmd::play::Args,
}

/// Where a command starts: a FEN, or a start position of some size and mouse square.
#[derive(Args, Debug, Clone, Default)]
pub struct PositionArgs {
    /// Position in ryg's FEN-like notation, e.g. "1c1c1c1c/8/8/8/8/8/8/4m3 m"
    #[arg(long, value_name = "FEN", conflicts_with_all = ["size", "start"])]
    pub fen: Option<String>,
    /// Board size of the start position: 4, 6, 8 or 10
    #[arg(long, value_name = "N")]
    pub size: Option<Size>,
    /// Mouse start square (a dark square of rank 1); default per the rules (e1 on 8x8)
    #[arg(long, value_name = "SQUARE")]
    pub start: Option<Square>,
}

impl PositionArgs {
    /// The position these arguments describe.
    ///
    /// # Errors
    /// A [`UsageError`] (exit status 2) for a bad `--fen` or `--start`.
    pub fn position(&self) -> Result<Position> {
        let position = match &self.fen {
            Some(fen) => {
                fen.parse::<Position>().with_context(|| format!("invalid --fen '{}'", ryg::echo::echo(fen)))
            }
            None => Position::start(self.size.unwrap_or_default(), self.start).map_err(anyhow::Error::from),
        };
        position.map_err(|err| UsageError(format!("{err:#}")).into())
    }
}

/// A mistake in the command line found after parsing: reported like any error, but with exit
/// status 2, as clap's own.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// `--json`: machine-readable output on stdout.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct JsonArg {
    /// Print JSON instead of text
    #[arg(long)]
    pub json: bool,
}

/// The arguments of a command that looks at one position: where it is, and `--json`.
#[derive(Args, Debug, Clone, Default)]
pub struct PositionQuery {
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub json: JsonArg,
}
