//! `ryg eval`: the static evaluation of a position, term by term.

use crate::out::outln;
use anyhow::Result;
use ryg::eval::EvalKind;
use ryg::report::EvalReport;

use crate::args::{JsonArg, PositionArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Evaluation: seed (the C64 original's terms) or default (ryg's own)
    #[arg(long, value_name = "seed|classic|default", default_value = "default")]
    pub eval: EvalKind,
    #[command(flatten)]
    pub json: JsonArg,
}

pub fn run(args: Args) -> Result<()> {
    let position = args.position.position()?;
    let report = EvalReport::of(args.eval, &position);
    if args.json.json {
        outln!("{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    outln!("evaluation '{}' of {} (points for the mouse)", report.eval, report.fen)?;
    outln!("{:<16} {:>7} {:>6} {:>6}  about", "term", "feature", "weight", "points")?;
    for t in &report.terms {
        outln!("{:<16} {:>7} {:>6} {:>6}  {}", t.name, t.feature, t.weight, t.points, t.about)?;
    }
    outln!("{:<16} {:>7} {:>6} {:>6}", "total", "", "", report.total)?;
    if let Some(outcome) = &report.outcome {
        outln!("game over: {outcome}; a search scores this exactly, not by these terms")?;
    }
    Ok(())
}
