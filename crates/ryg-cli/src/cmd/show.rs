//! `ryg show`: a position as a board, with the side to move and the outcome if finished
//! (12×12 and 14×14 through `ryg-wide`).

use crate::out::{out, outln};
use anyhow::Result;
use serde::Serialize;

pub use crate::args::PositionQuery as Args;
use crate::ui::board;

#[derive(Serialize)]
struct Report<O> {
    fen: String,
    size: u8,
    side: &'static str,
    mouse: String,
    cats: Vec<String>,
    outcome: Option<O>,
}

/// Shows `$position` with the types of the engine `$engine`.
macro_rules! show {
    ($engine:ident, $position:expr, $json:expr) => {{
        let position = $position;
        if $json {
            let report = Report {
                fen: position.fen(),
                size: position.size().n(),
                side: position.side_to_move().name(),
                mouse: position.mouse().to_string(),
                cats: position.cats().map(|sq| sq.to_string()).collect(),
                outcome: $engine::report::OutcomeReport::of(position.outcome()),
            };
            outln!("{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        let style = $engine::diagram::BoardStyle { colour: board::colour_for_stdout(), last_move: None };
        out!("{}", $engine::diagram::render(&position, style))?;
        outln!()?;
        outln!("fen      {}", position.fen())?;
        match position.outcome() {
            Some(outcome) => outln!("outcome  {outcome}")?,
            None => outln!("to move  {}", position.side_to_move())?,
        }
        Ok(())
    }};
}

pub fn run(args: Args) -> Result<()> {
    let wide = args.position.wide_position()?;
    match ryg_wide::narrow::position(&wide) {
        Some(position) => show!(ryg, position, args.json.json),
        None => show!(ryg_wide, wide, args.json.json),
    }
}
