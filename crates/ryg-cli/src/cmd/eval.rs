//! `ryg eval`: the static evaluation of a position, term by term.

use anyhow::Result;
use ryg::eval::{evaluate, EvalKind};
use serde::Serialize;

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

#[derive(Serialize)]
struct TermReport {
    name: &'static str,
    feature: i32,
    weight: i32,
    points: i32,
    about: &'static str,
}

#[derive(Serialize)]
struct Report {
    fen: String,
    eval: String,
    /// Whose point of view the points take (always the mouse).
    #[serde(rename = "for")]
    for_side: &'static str,
    terms: Vec<TermReport>,
    total: i32,
    /// The game's end when the position is finished (the search scores it exactly).
    outcome: Option<String>,
}

pub fn run(args: Args) -> Result<()> {
    let position = args.position.position()?;
    let b = evaluate(args.eval, &position);
    let report = Report {
        fen: position.fen(),
        eval: args.eval.to_string(),
        for_side: "mouse",
        terms: b
            .terms
            .iter()
            .map(|t| TermReport {
                name: t.term.name,
                feature: t.feature,
                weight: t.term.weight,
                points: t.points,
                about: t.term.about,
            })
            .collect(),
        total: b.total,
        outcome: position.outcome().map(|o| format!("{} wins ({})", o.winner.name(), o.reason.code())),
    };
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
