//! `ryg levels`: the exact chance that a human side wins against each level, computed by the
//! library's dynamic program over every reachable position (see `ryg::levels::calibrate`);
//! on 10×10, too big for it, sampled games with 95% intervals (`ryg::levels::sample`). With
//! `--engine`, the exact chances against one of the articles' programs instead ([`engine`]).

mod engine;

use std::io::IsTerminal;

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use ryg::levels::{calibrate, sample_win_chance, Calibration, ErrRate, Opponent, Pairing, Policy, Sampled};
use ryg::{Level, Position, Side, Size};
use serde::Serialize;

use crate::args::JsonArg;
use crate::out::{out, outln};
use crate::tablebase::CacheArgs;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board size: 4, 6 or 8 exactly; 10 by sampled games (too many positions for the exact
    /// computation)
    #[arg(long, value_name = "N", default_value_t = Size::STANDARD)]
    pub size: Size,
    /// Sample games instead of computing exactly (always on 10x10)
    #[arg(long)]
    pub sample: bool,
    /// Sampled games per level and human model
    #[arg(long, value_name = "N", default_value_t = 2000, value_parser = clap::value_parser!(u64).range(10..=10_000_000))]
    pub games: u64,
    /// Seed of the sampled games (each game plays its own random stream, spawned from the seed and its number)
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Against one of the articles' programs instead of the levels, from every start
    /// square (4x4 to 8x8): ryg1-v1, ryg1, ryg3-v9, ryg3-v10 or ryg3-v11, optionally @DEPTH
    /// (default 3 for RYG, 8 for RYG3), e.g. ryg3-v10@8
    #[arg(long, value_name = "SPEC", conflicts_with_all = ["sample", "games", "seed"])]
    pub engine: Option<ryg::EngineSpec>,
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
    /// `exact` or `sampled`.
    method: &'static str,
    rows: Vec<JsonRow>,
}

#[derive(Serialize)]
struct SampledRow {
    level: String,
    start: String,
    /// The human's winning share per model; `exploiter` is null (it cannot be sampled).
    vs: serde_json::Map<String, serde_json::Value>,
    /// The 95% interval of each share.
    interval: serde_json::Map<String, serde_json::Value>,
}

#[derive(Serialize)]
struct SampledReport {
    size: u8,
    computer: String,
    method: &'static str,
    games: u64,
    seed: u64,
    rows: Vec<SampledRow>,
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
    JsonReport {
        size: calibration.size.n(),
        computer: calibration.computer.to_string(),
        method: "exact",
        rows,
    }
}

pub fn run(args: Args) -> Result<()> {
    if let Some(spec) = args.engine {
        return engine::run(spec, &args);
    }
    if args.sample || args.size.n() > 8 {
        return run_sampled(&args);
    }
    let tablebase = args.cache.obtain(args.size).tablebase;
    let bar = progress_bar("levels");
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
        outln!("{}", serde_json::to_string(&json(&calibration))?)?;
        return Ok(());
    }
    out!("{}", table(&calibration, args.size.default_mouse_start()))?;
    Ok(())
}

/// The Markdown table of the default start, as the README shows it: the human side's winning
/// chance in percent against each level.
pub fn table(calibration: &Calibration, start: ryg::Square) -> String {
    let mut out = format!(
        "Exact chance (%) that {} against the computer playing the {} on {}, from {start}:\n\n",
        (!calibration.computer).wins(),
        calibration.computer,
        calibration.size
    );
    out.push_str(&table_head(&format!("{} level", calibration.computer), &calibration.opponents, &[]));
    for row in calibration.rows.iter().filter(|r| r.start == start) {
        out.push_str(&format!("| {} |", row.level));
        for p in &row.vs {
            out.push_str(&format!(" {:.2} |", 100.0 * p));
        }
        out.push('\n');
    }
    out
}

/// The head of a Markdown table: the first column's title, then a right-aligned column for
/// each human model and for each of `extra`.
fn table_head(first: &str, models: &[Opponent], extra: &[&str]) -> String {
    let mut out = format!("| {first} |");
    for o in models {
        out.push_str(&format!(" {o} |"));
    }
    for e in extra {
        out.push_str(&format!(" {e} |"));
    }
    out.push_str(&format!("\n|---|{}\n", "---:|".repeat(models.len() + extra.len())));
    out
}

fn progress_bar(unit: &str) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(1);
    bar.set_style(
        ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {unit} ({{eta}})"))
            .expect("valid template"),
    );
    Some(bar)
}

/// The sampled table: each level against each human model from the default start.
fn run_sampled(args: &Args) -> Result<()> {
    let tablebase = args.cache.obtain(args.size).tablebase;
    let start = Position::start(args.size, None)?;
    let levels = rows();
    let models = ErrRate::MODELS;
    let bar = progress_bar("games");
    let total = levels.len() as u64 * models.len() as u64 * args.games;
    if let Some(bar) = &bar {
        bar.set_length(total);
    }
    let mut cells: Vec<Vec<Sampled>> = Vec::new();
    let mut done = 0;
    for &level in &levels {
        let policy = Policy::of(level, args.size, args.side);
        let mut row = Vec::new();
        for rate in models {
            let mut progress = |n: u64| {
                if let Some(bar) = &bar {
                    bar.set_position(done + n);
                }
            };
            let pairing = Pairing { start, computer: args.side, policy, err: rate.fraction() };
            let s = sample_win_chance(&tablebase, &pairing, args.games, args.seed, &mut progress);
            done += args.games;
            row.push(s);
        }
        cells.push(row);
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let start_square = args.size.default_mouse_start();
    if args.json.json {
        let rows = levels
            .iter()
            .zip(&cells)
            .map(|(level, row)| {
                let mut vs = serde_json::Map::new();
                let mut interval = serde_json::Map::new();
                vs.insert(Opponent::Exploiter.to_string(), serde_json::Value::Null);
                for (rate, s) in models.iter().zip(row) {
                    let key = Opponent::Err(*rate).to_string();
                    vs.insert(key.clone(), serde_json::json!(s.chance()));
                    let (lo, hi) = s.interval();
                    interval.insert(key, serde_json::json!([lo, hi]));
                }
                SampledRow { level: level.to_string(), start: start_square.to_string(), vs, interval }
            })
            .collect();
        let report = SampledReport {
            size: args.size.n(),
            computer: args.side.to_string(),
            method: "sampled",
            games: args.games,
            seed: args.seed,
            rows,
        };
        outln!("{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    let mut out = format!(
        "Sampled chance (%) that {} against the computer playing the {} on {}, from {start_square}\n\
         ({} games per cell, seed {}; ± is the half-width of the 95% interval; the exploiter cannot be sampled):\n\n",
        (!args.side).wins(),
        args.side,
        args.size,
        args.games,
        args.seed
    );
    let sampled: Vec<Opponent> = models.iter().map(|&rate| Opponent::Err(rate)).collect();
    out.push_str(&table_head(&format!("{} level", args.side), &sampled, &[]));
    for (level, row) in levels.iter().zip(&cells) {
        out.push_str(&format!("| {level} |"));
        for s in row {
            let (lo, hi) = s.interval();
            let half = (hi - s.chance()).max(s.chance() - lo);
            out.push_str(&format!(" {:.1} ±{:.1} |", 100.0 * s.chance(), 100.0 * half));
        }
        out.push('\n');
    }
    crate::out::write_all(out.as_bytes())?;
    Ok(())
}
