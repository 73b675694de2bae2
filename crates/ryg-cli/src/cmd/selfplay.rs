//! `ryg selfplay`: the computer against itself, level against level, from one or every start
//! square; the basis of the level table in the README.

use crate::out::outln;
use std::io::IsTerminal;

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use ryg::{Level, Player, Position, Side, Size, Square};
use serde::Serialize;

use crate::args::JsonArg;
use crate::tablebase::{CacheArgs, Tablebases};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The mouse's level: 1-9, perfect or random
    #[arg(long, value_name = "LEVEL")]
    pub mouse: Level,
    /// The cats' level: 1-9, perfect or random
    #[arg(long, value_name = "LEVEL")]
    pub cats: Level,
    /// Games from each start square
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Board size: 4, 6, 8 or 10
    #[arg(long, value_name = "N", default_value_t = Size::STANDARD)]
    pub size: Size,
    /// Mouse start square, or `all` for every dark square of rank 1 (default: the standard start)
    #[arg(long, value_name = "SQUARE|all")]
    pub start: Option<String>,
    /// Seed of the players' random choices; the same seed replays the same games
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub cache: CacheArgs,
    #[command(flatten)]
    pub json: JsonArg,
}

#[derive(Serialize, Default, Clone)]
struct Tally {
    games: u32,
    mouse_wins: u32,
    cats_wins: u32,
    total_plies: u64,
}

impl Tally {
    fn add(&mut self, winner: Side, plies: usize) {
        self.games += 1;
        match winner {
            Side::Mouse => self.mouse_wins += 1,
            Side::Cats => self.cats_wins += 1,
        }
        self.total_plies += plies as u64;
    }

    fn average_plies(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_plies as f64 / f64::from(self.games)
        }
    }
}

#[derive(Serialize)]
struct StartReport {
    start: String,
    games: u32,
    mouse_wins: u32,
    cats_wins: u32,
    average_plies: f64,
}

#[derive(Serialize)]
struct Report {
    size: u8,
    mouse: String,
    cats: String,
    games_per_start: u32,
    seed: u64,
    starts: Vec<StartReport>,
    games: u32,
    mouse_wins: u32,
    cats_wins: u32,
    mouse_win_rate: f64,
}

fn start_squares(size: Size, start: Option<&str>) -> Result<Vec<Square>> {
    match start {
        None => Ok(vec![size.default_mouse_start()]),
        Some(s) if s.eq_ignore_ascii_case("all") => Ok(size.rank(0).collect()),
        Some(s) => {
            let usage = |err: &dyn std::fmt::Display| crate::args::UsageError(err.to_string());
            let square: Square = s.parse().map_err(|e| usage(&e))?;
            Position::start(size, Some(square)).map_err(|e| usage(&e))?;
            Ok(vec![square])
        }
    }
}

pub fn run(args: Args) -> Result<()> {
    let starts = start_squares(args.size, args.start.as_deref())?;
    let needs_tablebase = args.mouse.needs_tablebase() || args.cats.needs_tablebase();
    let mut tablebases = Tablebases::new(args.cache.clone());
    let tablebase = needs_tablebase.then(|| tablebases.get(args.size));
    let total_games = u64::from(args.games) * starts.len() as u64;
    let bar = progress_bar(total_games);
    let mut rows = Vec::new();
    let mut total = Tally::default();
    for (s, &square) in starts.iter().enumerate() {
        let mut tally = Tally::default();
        for g in 0..args.games {
            let (mouse_seed, cats_seed) = ryg::selfplay::game_seeds(args.seed, s, g);
            let (mut mouse, mut cats) =
                (Player::new(args.mouse, mouse_seed), Player::new(args.cats, cats_seed));
            let start = Position::start(args.size, Some(square))?;
            let (outcome, plies) =
                ryg::selfplay::play_out(start, &mut mouse, &mut cats, tablebase.as_deref())?;
            tally.add(outcome.winner, plies);
            total.add(outcome.winner, plies);
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        }
        rows.push(StartReport {
            start: square.to_string(),
            games: tally.games,
            mouse_wins: tally.mouse_wins,
            cats_wins: tally.cats_wins,
            average_plies: tally.average_plies(),
        });
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let report = Report {
        size: args.size.n(),
        mouse: args.mouse.to_string(),
        cats: args.cats.to_string(),
        games_per_start: args.games,
        seed: args.seed,
        starts: rows,
        games: total.games,
        mouse_wins: total.mouse_wins,
        cats_wins: total.cats_wins,
        mouse_win_rate: f64::from(total.mouse_wins) / f64::from(total.games.max(1)),
    };
    if args.json.json {
        outln!("{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    outln!(
        "Self-play on {}: mouse level {} against cats level {}, {} game(s) per start square, seed {}",
        args.size,
        report.mouse,
        report.cats,
        args.games,
        args.seed
    )?;
    outln!("{:<6} {:>6} {:>11} {:>10} {:>10}", "start", "games", "mouse wins", "cats wins", "avg plies")?;
    for row in &report.starts {
        outln!(
            "{:<6} {:>6} {:>11} {:>10} {:>10.1}",
            row.start,
            row.games,
            row.mouse_wins,
            row.cats_wins,
            row.average_plies
        )?;
    }
    outln!(
        "{:<6} {:>6} {:>11} {:>10} {:>10.1}",
        "total",
        total.games,
        total.mouse_wins,
        total.cats_wins,
        total.average_plies()
    )?;
    outln!("The mouse won {:.1}% of the games.", 100.0 * report.mouse_win_rate)?;
    Ok(())
}

fn progress_bar(total: u64) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games ({eta})").expect("valid template"),
    );
    Some(bar)
}
