//! `ryg show`: a position as a board, with the side to move and the outcome if finished.

use crate::out::{out, outln};
use anyhow::Result;
use serde::Serialize;

pub use crate::args::PositionQuery as Args;
use crate::ui::board;
use ryg::report::OutcomeReport;

#[derive(Serialize)]
struct Report {
    fen: String,
    size: u8,
    side: &'static str,
    mouse: String,
    cats: Vec<String>,
    outcome: Option<OutcomeReport>,
}

pub fn run(args: Args) -> Result<()> {
    let position = args.position.position()?;
    if args.json.json {
        let report = Report {
            fen: position.fen(),
            size: position.size().n(),
            side: position.side_to_move().name(),
            mouse: position.mouse().to_string(),
            cats: position.cats().map(|sq| sq.to_string()).collect(),
            outcome: OutcomeReport::of(position.outcome()),
        };
        outln!("{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    out!("{}", board::render(&position, board::style_for_stdout()))?;
    outln!()?;
    outln!("fen      {}", position.fen())?;
    match position.outcome() {
        Some(outcome) => outln!("outcome  {outcome}")?,
        None => outln!("to move  {}", position.side_to_move())?,
    }
    Ok(())
}
