//! `ryg solve`: the exact result of a position and of each of its moves, or statistics over
//! every position of a board size, from the tablebase.

use anyhow::Result;
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
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub cache: CacheArgs,
    #[command(flatten)]
    pub json: JsonArg,
}

#[derive(Serialize)]
struct MoveReport {
    #[serde(rename = "move")]
    mv: String,
    winner: &'static str,
    plies: u32,
}

#[derive(Serialize)]
struct PositionReport {
    fen: String,
    winner: &'static str,
    plies: u32,
    best_moves: Vec<String>,
    moves: Vec<MoveReport>,
}

#[derive(Serialize)]
struct WinCounts {
    mouse_wins: u64,
    cats_wins: u64,
}

#[derive(Serialize)]
struct Longest {
    fen: String,
    winner: &'static str,
    plies: u32,
}

#[derive(Serialize)]
struct StartReport {
    square: String,
    winner: &'static str,
    plies: u32,
}

#[derive(Serialize)]
struct StatsReport {
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
    let position = args.position.position()?;
    let obtained = args.cache.obtain(position.size());
    if args.stats {
        stats(&obtained, args.json.json)
    } else {
        solve(&obtained, &position, args.json.json)
    }
}

fn solve(obtained: &Obtained, position: &Position, json: bool) -> Result<()> {
    let tb = &obtained.tablebase;
    let result = tb.probe(position)?;
    let moves = tb.move_results(position);
    let best: Vec<String> = tb.best_moves(position).iter().map(|m| m.to_string()).collect();
    if json {
        let report = PositionReport {
            fen: position.fen(),
            winner: result.winner.name(),
            plies: result.plies,
            best_moves: best,
            moves: moves
                .iter()
                .map(|(mv, r)| MoveReport { mv: mv.to_string(), winner: r.winner.name(), plies: r.plies })
                .collect(),
        };
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    println!("position  {}", position.fen());
    match position.outcome() {
        Some(outcome) => println!("result    {result} (the game is over: {})", outcome.reason),
        None => println!("result    {result}"),
    }
    if !moves.is_empty() {
        println!("best      {}", best.join(" "));
    }
    for (i, (mv, r)) in moves.iter().enumerate() {
        let label = if i == 0 { "moves" } else { "" };
        println!("{label:<9} {:<7} {r}", mv.to_string());
    }
    Ok(())
}

fn counts(stats: &Stats, side: Side) -> WinCounts {
    let c = stats.by_side[side as usize];
    WinCounts { mouse_wins: c.mouse_wins, cats_wins: c.cats_wins }
}

fn stats(obtained: &Obtained, json: bool) -> Result<()> {
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
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    let how = match obtained.source {
        crate::tablebase::Source::Built => "built in",
        crate::tablebase::Source::Cache => "loaded from the cache in",
    };
    println!("tablebase {}: {how} {:.3} s, {:.1} MB", report.size, report.seconds, mb(report.memory_bytes));
    println!("positions {} ({} entries)", report.positions, report.entries);
    for (side, c) in [("mouse", &report.mouse_to_move), ("cats", &report.cats_to_move)] {
        println!("  {side:<5} to move: mouse wins {:>10}, cats win {:>10}", c.mouse_wins, c.cats_wins);
    }
    println!("longest forced win: {longest_result} from {}", report.longest_win.fen);
    println!("from each start square:");
    for s in &stats.starts {
        println!("  {:<4} {}", s.square.to_string(), s.result);
    }
    Ok(())
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / 1e6
}
