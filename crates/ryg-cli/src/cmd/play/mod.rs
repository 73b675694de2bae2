//! `ryg play` (and `ryg` alone): a game in the terminal against the computer.

mod commands;
mod editor;
mod engine;
mod input;
mod line;
mod saving;
mod session;
mod setup;
mod state;
mod text;
mod winloss;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use ryg_wide::{Game, Level};

use session::Session;
use setup::{Setup, Sides, Terminal};

use crate::args::PositionArgs;

/// The level a new player meets: beatable with some effort.
pub const DEFAULT_LEVEL: Level = Level::Search(3);

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The side(s) you play; `none` lets the computer play itself
    #[arg(long, value_enum, default_value = "mouse")]
    pub side: SideArg,
    /// Computer strength: 1 (weakest) to 9, `perfect` (never loses a won game) or `random`
    #[arg(long, value_name = "LEVEL", default_value_t = DEFAULT_LEVEL)]
    pub level: Level,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Continue the game recorded in FILE
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fen", "size", "start"])]
    pub load: Option<PathBuf>,
    /// Play against one of the articles' programs instead of a level: ryg1-v1 or ryg1
    /// (RYG: minimax, depth 1-7, default 3), ryg3-v9, ryg3-v10 or ryg3-v11 (RYG3: alpha-beta,
    /// depth 1-16, default 8); --depth is its level ("nivel" in the articles), the search depth
    #[arg(long, value_name = "ENGINE", conflicts_with = "level")]
    pub opponent: Option<ryg::Engine>,
    /// Search exactly this many plies (overrides the level's depth)
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=ryg_wide::MAX_PLAY_DEPTH as i64))]
    pub depth: Option<u32>,
    /// Think at most this many seconds per move
    #[arg(long, value_name = "SECONDS")]
    pub time: Option<f64>,
    /// With `--side none` at a terminal: seconds to wait before each move
    #[arg(long, value_name = "SECONDS", default_value_t = 0.6)]
    pub delay: f64,
    /// Seed for the computer's random choices (default: from the clock), to replay a game
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub cache: crate::tablebase::CacheArgs,
}

/// `--side`: which side(s) the human plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SideArg {
    #[default]
    Mouse,
    Cats,
    Both,
    None,
}

pub fn run(args: Args) -> Result<()> {
    let game = match &args.load {
        Some(path) => crate::files::read_wide_record(path)?.into_game(),
        None => Game::new(args.position.wide_position()?),
    };
    let size = game.position().size();
    let files = args.level.only_with_tablebase() && engine::table_files(&args.cache, size).is_some();
    if let Some(why) = engine::refusal(args.level, size, files) {
        return Err(crate::args::UsageError(why).into());
    }
    let time = match args.time {
        None => None,
        Some(t) if t.is_finite() && t > 0.0 && t <= 3600.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => anyhow::bail!("invalid --time {t}: expected seconds, more than 0 and at most 3600"),
    };
    if !(args.delay.is_finite() && (0.0..=60.0).contains(&args.delay)) {
        return Err(crate::args::UsageError(format!(
            "invalid --delay {}: expected seconds from 0 to 60",
            args.delay
        ))
        .into());
    }
    let delay = Duration::from_secs_f64(args.delay);
    let sides = match args.side {
        SideArg::Mouse => Sides::Mouse,
        SideArg::Cats => Sides::Cats,
        SideArg::Both => Sides::Both,
        SideArg::None => Sides::None,
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut depth = args.depth;
    let opponent = args.opponent.filter(|e| e.is_original());
    if let Some(engine) = opponent {
        let spec = ryg::EngineSpec::new(engine, depth.map(i64::from))
            .map_err(|err| crate::args::UsageError(err.to_string()))?;
        depth = Some(u32::from(spec.depth));
    }
    let setup =
        Setup { game, sides, level: args.level, depth, opponent, time, seed, cache: args.cache, delay };
    let stdout = std::io::stdout();
    let interactive = std::io::stdin().is_terminal();
    // The line editor only where it both reads keys and draws the line; a script keeps the
    // bounded reader.
    let history = setup.cache.dir().map(|d| d.join("play-history.txt"));
    let editor = (interactive && stdout.is_terminal()).then(|| editor::Editor::new(history)).flatten();
    let term =
        Terminal { interactive, colour: crate::ui::board::colour_for_stdout(), editing: editor.is_some() };
    crate::interrupt::install();
    let mut session = Session::new(setup, crate::out::Stdout::lock(), term);
    match editor {
        Some(mut editor) => session.run(&mut editor),
        None => session.run(&mut editor::Plain::new(std::io::stdin().lock(), interactive)),
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}
