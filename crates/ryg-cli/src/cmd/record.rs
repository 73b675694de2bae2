//! `ryg record`: game records (`ryg record check FILE` validates one).

use crate::out::{out, outln};
use std::path::PathBuf;

use anyhow::Result;
use ryg::Record;
use serde::Serialize;

use crate::args::JsonArg;
use crate::ui::board;
use ryg::report::OutcomeReport;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(clap::Subcommand, Debug)]
pub enum Action {
    /// Check a game record, or every game of a file of several: every tag and move; print the
    /// final position and result (one line per game for several)
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

fn report(record: &Record) -> Report {
    let game = record.game();
    Report {
        start: game.start().fen(),
        fen: game.position().fen(),
        plies: game.moves().len(),
        moves: game.moves().iter().map(ToString::to_string).collect(),
        result: record.result(),
        outcome: OutcomeReport::of(game.outcome()),
        tags: record.tags().to_vec(),
    }
}

fn run_check(args: CheckArgs) -> Result<()> {
    let records = crate::files::read_records(&args.file)?;
    if records.len() > 1 {
        return check_several(&records, args.json.json);
    }
    let record = &records[0];
    let game = record.game();
    if args.json.json {
        outln!("{}", serde_json::to_string(&report(record))?)?;
        return Ok(());
    }
    let style = board::style_for_stdout().with_last_move(game.last_move());
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

/// A file of several games: one line each (JSON: `{"games": [...]}`).
fn check_several(records: &[Record], json: bool) -> Result<()> {
    if json {
        let games: Vec<Report> = records.iter().map(report).collect();
        outln!("{}", serde_json::json!({ "games": games }))?;
        return Ok(());
    }
    for (i, record) in records.iter().enumerate() {
        let game = record.game();
        let result = match game.outcome() {
            Some(outcome) => format!("{}: {outcome}", record.result()),
            None => format!("* (unfinished; {} to move)", game.position().side_to_move()),
        };
        let players = match (record.tag("Mouse"), record.tag("Cats")) {
            (Some(m), Some(c)) => format!(", {m} (mouse) v {c} (cats)"),
            _ => String::new(),
        };
        let decided = match (record.tag("MatchResult"), record.tag("Termination")) {
            (Some(r), Some(why)) if game.outcome().is_none() => format!(", match result {r}: {why}"),
            _ => String::new(),
        };
        let plies = game.moves().len();
        let unit = if plies == 1 { "ply" } else { "plies" };
        outln!("game {:<4} {plies:>3} {unit}{players}, result {result}{decided}", i + 1)?;
    }
    outln!("{} games, all valid", records.len())?;
    Ok(())
}
