//! `ryg perft`: move-generation counts and speed.

use std::time::Instant;

use anyhow::Result;
use serde::Serialize;

use crate::args::{JsonArg, PositionArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Number of plies
    pub depth: u32,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Also give the count under each first move
    #[arg(long)]
    pub divide: bool,
    #[command(flatten)]
    pub json: JsonArg,
}

#[derive(Serialize)]
struct DivideEntry {
    #[serde(rename = "move")]
    mv: String,
    nodes: u64,
}

#[derive(Serialize)]
struct Report {
    fen: String,
    depth: u32,
    nodes: u64,
    seconds: f64,
    nps: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideEntry>>,
}

pub fn run(args: Args) -> Result<()> {
    let position = args.position.position()?;
    let started = Instant::now();
    let (nodes, divide) = if args.divide {
        let split = ryg::perft_divide(&position, args.depth);
        let total = if args.depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() };
        let entries =
            split.into_iter().map(|(mv, nodes)| DivideEntry { mv: mv.to_string(), nodes }).collect();
        (total, Some(entries))
    } else {
        (ryg::perft(&position, args.depth), None)
    };
    let seconds = started.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 };
    let report = Report { fen: position.fen(), depth: args.depth, nodes, seconds, nps, divide };
    if args.json.json {
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    if let Some(entries) = &report.divide {
        for e in entries {
            println!("{} {}", e.mv, e.nodes);
        }
        println!();
    }
    println!("nodes {}", report.nodes);
    println!("time  {:.3} s", report.seconds);
    println!("nps   {:.0}", report.nps);
    Ok(())
}
