//! `ryg moves`: the legal moves of a position.

use anyhow::Result;
use ryg::{Outcome, Position};
use serde::Serialize;

pub use crate::args::PositionQuery as Args;

/// How a game ended, for JSON: `{"winner": "mouse"|"cats", "reason": "mouse_escaped"|...}`.
#[derive(Serialize)]
pub struct OutcomeJson {
    winner: &'static str,
    reason: &'static str,
}

impl OutcomeJson {
    pub fn of(outcome: Option<Outcome>) -> Option<OutcomeJson> {
        outcome.map(|o| OutcomeJson { winner: o.winner.name(), reason: o.reason.code() })
    }
}

#[derive(Serialize)]
struct Report {
    fen: String,
    side: &'static str,
    moves: Vec<String>,
    outcome: Option<OutcomeJson>,
}

fn report(position: &Position) -> Report {
    Report {
        fen: position.fen(),
        side: position.side_to_move().name(),
        moves: position.legal_moves().iter().map(ToString::to_string).collect(),
        outcome: OutcomeJson::of(position.outcome()),
    }
}

pub fn run(args: Args) -> Result<()> {
    let position = args.position.position()?;
    if args.json.json {
        println!("{}", serde_json::to_string(&report(&position))?);
        return Ok(());
    }
    match position.outcome() {
        Some(outcome) => println!("no legal moves: {outcome}"),
        None => println!("{}", report(&position).moves.join(" ")),
    }
    Ok(())
}
