//! `ryg eval`: the static evaluation of a position, term by term.

use anyhow::Result;
use ryg::eval::EvalKind;
use ryg::report::EvalReport;

use crate::args::{JsonArg, PositionArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Evaluation: seed (the C64 original's terms) or default (ryg's own)
    #[arg(long, value_name = "seed|default", default_value = "default")]
    pub eval: EvalKind,
    #[command(flatten)]
    pub json: JsonArg,
}

pub fn run(args: Args) -> Result<()> {
    let position = args.position.position()?;
    let report = EvalReport::of(args.eval, &position);
    if args.json.json {
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    println!("evaluation '{}' of {} (points for the mouse)", report.eval, report.fen);
    println!("{:<16} {:>7} {:>6} {:>6}  about", "term", "feature", "weight", "points");
    for t in &report.terms {
        println!("{:<16} {:>7} {:>6} {:>6}  {}", t.name, t.feature, t.weight, t.points, t.about);
    }
    println!("{:<16} {:>7} {:>6} {:>6}", "total", "", "", report.total);
    if let Some(outcome) = &report.outcome {
        println!("game over: {outcome}; a search scores this exactly, not by these terms");
    }
    Ok(())
}
