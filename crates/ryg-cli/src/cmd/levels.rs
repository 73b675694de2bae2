//! `ryg levels`: the exact chance that a human side wins against each level, computed by the
//! library's dynamic program over every reachable position (see `ryg::levels::calibrate`).

use std::io::IsTerminal;

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use ryg::levels::{calibrate, Calibration, ErrRate, Opponent};
use ryg::{Level, Side, Size};
use serde::Serialize;

use crate::args::JsonArg;
use crate::tablebase::CacheArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board size: 4, 6 or 8 (10x10 has too many positions for the exact computation)
    #[arg(long, value_name = "N", default_value_t = Size::STANDARD)]
    pub size: Size,
    /// The side the computer plays; the human side is the other one
    #[arg(long, value_name = "cats|mouse", default_value_t = Side::Cats)]
    pub side: Side,
    #[command(flatten)]
    pub cache: CacheArgs,
    #[command(flatten)]
    pub json: JsonArg,
}

/// The rows of the table: random, 1-9, perfect and the human models as computer levels.
pub fn rows() -> Vec<Level> {
    let mut rows = Level::ALL.to_vec();
    rows.extend(ErrRate::MODELS.iter().map(|&r| Level::Err(r)));
    rows
}

#[derive(Serialize)]
struct JsonRow {
    level: String,
    start: String,
    vs: serde_json::Map<String, serde_json::Value>,
}

#[derive(Serialize)]
struct JsonReport {
    size: u8,
    computer: String,
    rows: Vec<JsonRow>,
}

fn json(calibration: &Calibration) -> JsonReport {
    let rows = calibration
        .rows
        .iter()
        .map(|row| JsonRow {
            level: row.level.to_string(),
            start: row.start.to_string(),
            vs: calibration
                .opponents
                .iter()
                .zip(&row.vs)
                .map(|(o, &p)| (o.to_string(), serde_json::json!(p)))
                .collect(),
        })
        .collect();
    JsonReport { size: calibration.size.n(), computer: calibration.computer.to_string(), rows }
}

pub fn run(args: Args) -> Result<()> {
    if args.size.n() > 8 {
        bail!("levels are computed exactly on 4x4 to 8x8 only: {} has too many positions", args.size);
    }
    let tablebase = args.cache.obtain(args.size).tablebase;
    let bar = progress_bar();
    let mut progress = |done: usize, total: usize| {
        if let Some(bar) = &bar {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
    };
    let calibration = calibrate(&tablebase, args.side, &rows(), &Opponent::columns(), &mut progress);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.json.json {
        println!("{}", serde_json::to_string(&json(&calibration))?);
        return Ok(());
    }
    print!("{}", table(&calibration, args.size.default_mouse_start()));
    Ok(())
}

/// The Markdown table of the default start, as the README shows it: the human side's winning
/// chance in percent against each level.
pub fn table(calibration: &Calibration, start: ryg::Square) -> String {
    let human = !calibration.computer;
    let verb = if human == Side::Mouse { "wins" } else { "win" };
    let mut out = format!(
        "Exact chance (%) that the {human} {verb} against the computer playing the {} on {}, from {start}:\n\n",
        calibration.computer, calibration.size
    );
    out.push_str(&format!("| {} level |", calibration.computer));
    for o in &calibration.opponents {
        out.push_str(&format!(" {o} |"));
    }
    out.push_str("\n|---|");
    out.push_str(&"---:|".repeat(calibration.opponents.len()));
    out.push('\n');
    for row in calibration.rows.iter().filter(|r| r.start == start) {
        out.push_str(&format!("| {} |", row.level));
        for p in &row.vs {
            out.push_str(&format!(" {:.2} |", 100.0 * p));
        }
        out.push('\n');
    }
    out
}

fn progress_bar() -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} levels ({eta})").expect("valid template"),
    );
    Some(bar)
}
