//! `ryg solve`: the exact result of a position and of each of its moves, or statistics over
//! every position of a board size, from the tablebase (held in memory up to 10×10, on disk
//! layer by layer above).

mod layered;

use std::fmt::Write as _;

use anyhow::Result;
use ryg::report::SolveReport;
use ryg::tablebase::Stats;
use ryg::{ExactResult, Position, Side};
use serde::Serialize;

use crate::args::{JsonArg, PositionArgs};
use crate::tablebase::{CacheArgs, Obtained};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Statistics over every position of the board size instead of one position
    #[arg(long, conflicts_with_all = ["fen", "start"])]
    pub stats: bool,
    /// Build and read the tablebase layer by layer on disk, as 12x12 always is (for any size)
    #[arg(long)]
    pub layered: bool,
    /// Win/loss only, one bit per position (the winner, not the distance), layer by layer on
    /// disk: any size, and 14x14 (`--wdl`, its old name, still works)
    #[arg(long, visible_alias = "wdl")]
    pub win_loss: bool,
    /// Before answering, read every layer file whole and check its checksum; damaged ones are
    /// built again (with every layer before them)
    #[arg(long)]
    pub verify: bool,
    /// After the layered build, time N lookups of random positions (random games from the
    /// start) in the layer files and print the rate
    #[arg(long, value_name = "N", conflicts_with_all = ["fen", "stats"], value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub lookups: Option<u64>,
    #[command(flatten)]
    pub cache: CacheArgs,
    #[command(flatten)]
    pub json: JsonArg,
}

#[derive(Serialize)]
pub(super) struct WinCounts {
    mouse_wins: u64,
    cats_wins: u64,
}

#[derive(Serialize)]
pub(super) struct Longest {
    fen: String,
    winner: &'static str,
    plies: u32,
}

#[derive(Serialize)]
pub(super) struct StartReport {
    square: String,
    winner: &'static str,
    plies: u32,
}

#[derive(Serialize)]
pub(super) struct StatsReport {
    size: String,
    source: &'static str,
    seconds: f64,
    memory_bytes: usize,
    entries: usize,
    positions: u64,
    mouse_to_move: WinCounts,
    cats_to_move: WinCounts,
    longest_win: Longest,
    starts: Vec<StartReport>,
}

pub fn run(args: Args) -> Result<()> {
    let wide = args.position.wide_position()?;
    let size = wide.size();
    if args.win_loss {
        return layered::run(&args, &wide);
    }
    if size.n() > 12 {
        return layered::too_large(size);
    }
    if args.layered || !size.in_memory_tablebase() {
        return layered::run(&args, &wide);
    }
    if args.verify || args.lookups.is_some() {
        let flag = if args.verify { "--verify" } else { "--lookups" };
        return Err(crate::args::UsageError(format!(
            "{flag} is for the layered tablebase on disk: add --layered or --win-loss, or use --size 12"
        ))
        .into());
    }
    // the same position in the default engine, whose tablebase is held in memory
    let position = ryg_wide::narrow::position(&wide).expect("boards with a table in memory are up to 10x10");
    let obtained = args.cache.obtain(position.size());
    if args.stats {
        stats(&obtained, args.json.json)
    } else {
        solve(&obtained, &position, args.json.json)
    }
}

fn solve(obtained: &Obtained, position: &Position, json: bool) -> Result<()> {
    let mut out = String::new();
    let tb = &obtained.tablebase;
    let result = tb.probe(position)?;
    let moves = tb.move_results(position);
    let best: Vec<String> = tb.best_moves(position).iter().map(|m| m.to_string()).collect();
    if json {
        writeln!(out, "{}", serde_json::to_string(&SolveReport::of(tb, position)?)?)?;
        return emit(&out);
    }
    writeln!(out, "position  {}", position.fen())?;
    match position.outcome() {
        Some(outcome) => writeln!(out, "result    {result} (the game is over: {})", outcome.reason)?,
        None => writeln!(out, "result    {result}")?,
    }
    if !moves.is_empty() {
        writeln!(out, "best      {}", best.join(" "))?;
    }
    for (i, (mv, r)) in moves.iter().enumerate() {
        let label = if i == 0 { "moves" } else { "" };
        writeln!(out, "{label:<9} {:<7} {r}", mv.to_string())?;
    }
    emit(&out)
}

fn counts(stats: &Stats, side: Side) -> WinCounts {
    let c = stats.by_side[side as usize];
    WinCounts { mouse_wins: c.mouse_wins, cats_wins: c.cats_wins }
}

fn stats(obtained: &Obtained, json: bool) -> Result<()> {
    let mut out = String::new();
    let tb = &obtained.tablebase;
    let stats = tb.stats();
    let (longest, longest_result): (Position, ExactResult) = stats.longest;
    let report = StatsReport {
        size: stats.size.to_string(),
        source: obtained.source.name(),
        seconds: obtained.seconds,
        memory_bytes: tb.memory_bytes(),
        entries: tb.len(),
        positions: stats.positions,
        mouse_to_move: counts(&stats, Side::Mouse),
        cats_to_move: counts(&stats, Side::Cats),
        longest_win: Longest {
            fen: longest.fen(),
            winner: longest_result.winner.name(),
            plies: longest_result.plies,
        },
        starts: stats
            .starts
            .iter()
            .map(|s| StartReport {
                square: s.square.to_string(),
                winner: s.result.winner.name(),
                plies: s.result.plies,
            })
            .collect(),
    };
    if json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return emit(&out);
    }
    let how = match obtained.source {
        crate::tablebase::Source::Built => "built in",
        crate::tablebase::Source::Cache => "loaded from the cache in",
    };
    writeln!(
        out,
        "tablebase {}: {how} {}, {}",
        report.size,
        duration(report.seconds),
        bytes(report.memory_bytes)
    )?;
    stats_text(out, &report, 10)
}

/// A statistics report as text after its first line, numbers `width` wide; written out.
fn stats_text(mut out: String, report: &StatsReport, width: usize) -> Result<()> {
    writeln!(out, "positions {} ({} entries)", report.positions, report.entries)?;
    for (side, c) in [("mouse", &report.mouse_to_move), ("cats", &report.cats_to_move)] {
        writeln!(
            out,
            "  {side:<5} to move: mouse wins {:>width$}, cats win {:>width$}",
            c.mouse_wins, c.cats_wins
        )?;
    }
    let longest = &report.longest_win;
    writeln!(out, "longest forced win: {} from {}", words(longest.winner, longest.plies), longest.fen)?;
    writeln!(out, "from each start square:")?;
    for s in &report.starts {
        writeln!(out, "  {:<4} {}", s.square, words(s.winner, s.plies))?;
    }
    emit(&out)
}

/// "cats win in 44 plies" from a report's winner and plies.
fn words(winner: &str, plies: u32) -> String {
    let side = if winner == Side::Mouse.name() { Side::Mouse } else { Side::Cats };
    ExactResult::new(side, plies).to_string()
}

/// Writes the report to stdout.
pub(super) fn emit(text: &str) -> Result<()> {
    Ok(crate::out::write_all(text.as_bytes())?)
}

/// `0.11 ms`, `6.3 ms`, `1.52 s`.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 0.01 => format!("{:.2} ms", s * 1e3),
        s if s < 1.0 => format!("{:.1} ms", s * 1e3),
        s => format!("{s:.2} s"),
    }
}

/// `568 bytes`, `29.5 kB`, `2.3 MB`.
fn bytes(n: usize) -> String {
    match n {
        n if n < 1000 => format!("{n} bytes"),
        n if n < 1_000_000 => format!("{:.1} kB", n as f64 / 1e3),
        n => format!("{:.1} MB", n as f64 / 1e6),
    }
}
