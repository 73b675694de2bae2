//! `ryg puzzles`: puzzles from perfect play (one move keeps the win), mined from the tablebase
//! of a board size with a seed, as text or JSON.

use std::fmt::Write as _;

use anyhow::Result;
use ryg::puzzles::{self, Theme};
use ryg::report::PuzzleReport;
use ryg::Size;

use crate::args::JsonArg;
use crate::tablebase::CacheArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board size: 6, 8 or 10
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u8).range(6..=10))]
    pub size: u8,
    /// How many puzzles (fewer when the playouts find no more)
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub count: u32,
    /// The seed: the same seed gives the same puzzles
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub cache: CacheArgs,
    #[command(flatten)]
    pub json: JsonArg,
}

pub fn run(args: Args) -> Result<()> {
    let Some(size) = Size::new(args.size).filter(|s| s.n() % 2 == 0) else {
        return Err(crate::args::UsageError(format!(
            "--size {}: the board size is even (6, 8 or 10)",
            args.size
        ))
        .into());
    };
    let obtained = args.cache.obtain(size);
    let found = puzzles::mine(&obtained.tablebase, args.count as usize, args.seed);
    let mut out = String::new();
    if args.json.json {
        let reports: Vec<PuzzleReport> = found.iter().map(PuzzleReport::of).collect();
        writeln!(out, "{}", serde_json::to_string(&reports)?)?;
    } else {
        for p in &found {
            let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
            writeln!(
                out,
                "{}  {}  {} to play and win ({})  rating {}  line {}  themes {}",
                p.id,
                p.position.fen(),
                p.solver(),
                p.result,
                p.rating,
                p.line.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
                if themes.is_empty() { "-".to_string() } else { themes.join(",") }
            )?;
        }
        let by_theme: Vec<String> = Theme::ALL
            .iter()
            .map(|&t| format!("{t} {}", found.iter().filter(|p| p.themes.contains(&t)).count()))
            .collect();
        writeln!(out, "{} puzzles on {size}; by theme: {}", found.len(), by_theme.join(", "))?;
    }
    Ok(crate::out::write_all(out.as_bytes())?)
}
