//! Command-line arguments shared by several subcommands (how a position is chosen, `--json`).

use anyhow::{Context, Result};
use clap::Args;
use ryg::Position;

/// Where a command starts: a FEN, or a start position of some size and mouse square.
#[derive(Args, Debug, Clone, Default)]
pub struct PositionArgs {
    /// Position in ryg's FEN-like notation, e.g. "1c1c1c1c/8/8/8/8/8/8/4m3 m"
    #[arg(long, value_name = "FEN", conflicts_with_all = ["size", "start"])]
    pub fen: Option<String>,
    /// Board size of the start position: 4, 6, 8 or 10 (12 and 14: analyze, play, solve, perft, show, moves)
    #[arg(long, value_name = "N")]
    pub size: Option<ryg_wide::Size>,
    /// Mouse start square (a dark square of rank 1); default per the rules (e1 on 8x8)
    #[arg(long, value_name = "SQUARE")]
    pub start: Option<ryg_wide::Square>,
}

impl PositionArgs {
    /// The position these arguments describe, on a board up to 10×10 (read once, in the wide
    /// engine, and handed to the default one).
    ///
    /// # Errors
    /// A [`UsageError`] (exit status 2) for a bad `--fen` or `--start`, or a board above 10×10.
    pub fn position(&self) -> Result<Position> {
        let wide = self.wide_position()?;
        ryg_wide::narrow::position(&wide).ok_or_else(|| {
            UsageError(format!(
                "this command plays boards up to 10x10; {} is for `ryg play`, `analyze`, `solve`, `perft`, `show` and `moves`",
                wide.size()
            ))
            .into()
        })
    }

    /// The position on a board of any size up to 14×14, in the wide engine (`ryg-wide`).
    ///
    /// # Errors
    /// A [`UsageError`] (exit status 2) for a bad `--fen` or `--start`.
    pub fn wide_position(&self) -> Result<ryg_wide::Position> {
        let position = match &self.fen {
            Some(fen) => fen
                .parse::<ryg_wide::Position>()
                .with_context(|| format!("invalid --fen '{}'", ryg::echo::echo(fen))),
            None => ryg_wide::Position::start(self.size.unwrap_or_default(), self.start)
                .map_err(anyhow::Error::from),
        };
        position.map_err(|err| UsageError(format!("{err:#}")).into())
    }
}

/// A mistake in the command line found after parsing: reported like any error, but with exit
/// status 2, as clap's own.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// A value clap accepted that the command rejects once it sees the whole command line:
/// reported as clap reports its own mistakes, with the usage (exit status 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct InvalidValue(pub String);

/// `--eval`: which evaluation a command uses. A command that also takes `--engine` makes the
/// two conflict (an engine brings its own evaluation).
#[derive(Args, Debug, Clone, Copy)]
pub struct EvalArg {
    /// Evaluation: seed-v1 and seed (RYG's first and second versions, from the articles),
    /// classic or default (ryg's own)
    #[arg(long, value_name = "seed-v1|seed|classic|default", default_value = "default")]
    pub eval: ryg::eval::EvalKind,
}

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
