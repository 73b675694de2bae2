//! `ryg eval`: the static evaluation of a position, term by term.

use crate::out::outln;
use anyhow::Result;
use ryg::report::EvalReport;

use crate::args::{EvalArg, JsonArg, PositionArgs};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    #[command(flatten)]
    pub eval: EvalArg,
    /// The evaluation of this engine (ryg, ryg1-v1, ryg1, ryg3-v9, ryg3-v10, ryg3-v11)
    #[arg(long, value_name = "NAME", conflicts_with = "eval")]
    pub engine: Option<ryg::Engine>,
    #[command(flatten)]
    pub json: JsonArg,
}

pub fn run(args: Args) -> Result<()> {
    let position = args.position.position()?;
    let kind = args.engine.map_or(args.eval.eval, |e| e.eval());
    let report = EvalReport::of(kind, &position);
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
    if let Some(byte) = ryg::report::c64_byte(kind, ryg::Score::eval(report.total)) {
        outln!("as the C64 held it: {byte} (the neutral $80 plus the total)")?;
    }
    if let Some(outcome) = &report.outcome {
        outln!("game over: {outcome}; a search scores this exactly, not by these terms")?;
    }
    Ok(())
}
