//! `ryg record`: game records (`ryg record check FILE` validates one).

use crate::out::{out, outln};
use std::path::PathBuf;

use anyhow::Result;
use serde::Serialize;

use crate::args::JsonArg;
use crate::ui::board::{self, BoardStyle};
use ryg::report::OutcomeReport;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(clap::Subcommand, Debug)]
pub enum Action {
    /// Check a game record: every tag and move; print the final position and result
    Check(CheckArgs),
}

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// The record file ('-' reads standard input)
    pub file: PathBuf,
    #[command(flatten)]
    pub json: JsonArg,
}

#[derive(Serialize)]
struct Report {
    start: String,
    fen: String,
    plies: usize,
    moves: Vec<String>,
    result: &'static str,
    outcome: Option<OutcomeReport>,
    tags: Vec<(String, String)>,
}

pub fn run(args: Args) -> Result<()> {
    match args.action {
        Action::Check(check) => run_check(check),
    }
}

fn run_check(args: CheckArgs) -> Result<()> {
    let record = crate::files::read_record(&args.file)?;
    let game = record.game();
    if args.json.json {
        let report = Report {
            start: game.start().fen(),
            fen: game.position().fen(),
            plies: game.moves().len(),
            moves: game.moves().iter().map(ToString::to_string).collect(),
            result: record.result(),
            outcome: OutcomeReport::of(game.outcome()),
            tags: record.tags().to_vec(),
        };
        outln!("{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    let style = BoardStyle::for_stdout().with_last_move(game.last_move());
    out!("{}", board::render(game.position(), style))?;
    outln!()?;
    outln!("fen      {}", game.position().fen())?;
    outln!("plies    {}", game.moves().len())?;
    match game.outcome() {
        Some(outcome) => outln!("result   {}: {outcome}", record.result())?,
        None => outln!("result   * (unfinished; {} to move)", game.position().side_to_move())?,
    }
    Ok(())
}
