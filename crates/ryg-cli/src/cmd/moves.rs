//! `ryg moves`: the legal moves of a position (12×12 and 14×14 through `ryg-wide`).

use crate::out::outln;
use anyhow::Result;

pub use crate::args::PositionQuery as Args;

/// Prints the moves of `$position` with the report type of the engine `$engine`.
macro_rules! print_moves {
    ($engine:ident, $position:expr, $json:expr) => {{
        let position = $position;
        let report = $engine::report::MovesReport::of(&position);
        if $json {
            outln!("{}", serde_json::to_string(&report)?)?;
            return Ok(());
        }
        match position.outcome() {
            Some(outcome) => outln!("no legal moves: {outcome}")?,
            None => outln!("{}", report.moves.join(" "))?,
        }
        Ok(())
    }};
}

pub fn run(args: Args) -> Result<()> {
    let wide = args.position.wide_position()?;
    match ryg_wide::narrow::position(&wide) {
        Some(position) => print_moves!(ryg, position, args.json.json),
        None => print_moves!(ryg_wide, wide, args.json.json),
    }
}
