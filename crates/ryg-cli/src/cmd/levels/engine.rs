//! `ryg levels --engine SPEC`: the exact chance that the human side beats one of the articles'
//! programs, for each human model, from every start square (`ryg::levels::engine_chances`: the
//! program is deterministic, so a dynamic program over the positions it can reach is exact).

use anyhow::Result;
use ryg::levels::{engine_chances, EngineChances, Opponent};
use ryg::{EngineSpec, Position, Side, Size, Square};
use serde::Serialize;

use super::{progress_bar, table_head, Args};
use crate::args::UsageError;
use crate::out::{out, outln};

/// The largest board whose every reachable position the dynamic program visits.
const LARGEST: u8 = 8;

/// The chances from one start square.
struct Row {
    start: Square,
    chances: EngineChances,
}

#[derive(Serialize)]
struct JsonRow {
    start: String,
    vs: serde_json::Map<String, serde_json::Value>,
    /// Positions the dynamic program visited from this start.
    positions: usize,
}

#[derive(Serialize)]
struct JsonReport {
    size: u8,
    computer: String,
    engine: String,
    method: &'static str,
    rows: Vec<JsonRow>,
}

pub(super) fn run(spec: EngineSpec, args: &Args) -> Result<()> {
    if args.size.n() > LARGEST {
        return Err(UsageError(format!(
            "--engine on {}: exact chances against the articles' programs are computed on 4x4 to 8x8 \
             (10x10 has too many positions for the dynamic program)",
            args.size
        ))
        .into());
    }
    let tablebase = args.cache.obtain(args.size).tablebase;
    let models = Opponent::columns();
    let starts: Vec<Square> = args.size.rank(0).collect();
    let bar = progress_bar("start squares");
    if let Some(bar) = &bar {
        bar.set_length(starts.len() as u64);
    }
    let mut rows = Vec::new();
    for start in starts {
        let position = Position::start(args.size, Some(start)).expect("rank 1 dark squares are starts");
        rows.push(Row { start, chances: engine_chances(spec, &position, args.side, &tablebase, &models) });
        if let Some(bar) = &bar {
            bar.inc(1);
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if args.json.json {
        outln!("{}", serde_json::to_string(&json(spec, args.size, args.side, &rows))?)?;
    } else {
        out!("{}", table(spec, args.size, args.side, &models, &rows))?;
    }
    Ok(())
}

fn json(spec: EngineSpec, size: Size, computer: Side, rows: &[Row]) -> JsonReport {
    let rows = rows
        .iter()
        .map(|row| JsonRow {
            start: row.start.to_string(),
            vs: row.chances.chances.iter().map(|(o, p)| (o.to_string(), serde_json::json!(p))).collect(),
            positions: row.chances.positions,
        })
        .collect();
    JsonReport {
        size: size.n(),
        computer: computer.to_string(),
        engine: spec.to_string(),
        method: "exact",
        rows,
    }
}

/// The Markdown table: a row per start square, the human side's winning chance in percent
/// against each model, and the positions the dynamic program visited.
fn table(spec: EngineSpec, size: Size, computer: Side, models: &[Opponent], rows: &[Row]) -> String {
    let mut out = format!(
        "Exact chance (%) that {} against {} at depth {} playing the {computer} on {size}, \
         from each start square\n(positions: those the dynamic program visited, each of the program's \
         searched once):\n\n",
        (!computer).wins(),
        spec.engine.title(),
        spec.depth
    );
    out.push_str(&table_head("start", models, &["positions"]));
    for row in rows {
        out.push_str(&format!("| {} |", row.start));
        for (_, p) in &row.chances.chances {
            out.push_str(&format!(" {:.2} |", 100.0 * p));
        }
        out.push_str(&format!(" {} |\n", row.chances.positions));
    }
    out
}
