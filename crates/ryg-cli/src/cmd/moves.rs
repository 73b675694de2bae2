//! `ryg moves`: the legal moves of a position.

use crate::out::outln;
use anyhow::Result;
use ryg::report::MovesReport;

pub use crate::args::PositionQuery as Args;

pub fn run(args: Args) -> Result<()> {
    let position = args.position.position()?;
    if args.json.json {
        outln!("{}", serde_json::to_string(&MovesReport::of(&position))?)?;
        return Ok(());
    }
    match position.outcome() {
        Some(outcome) => outln!("no legal moves: {outcome}")?,
        None => outln!("{}", MovesReport::of(&position).moves.join(" "))?,
    }
    Ok(())
}
