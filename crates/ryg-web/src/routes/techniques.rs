//! What each search technique is worth: the same position searched to every depth from 1 up,
//! with the transposition table, move ordering, the history heuristic and iterative deepening
//! each switched on or off; nodes and time per depth, and the table and history afterwards.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::State;
use axum::Json;
use ryg::search::SearchConfig;
use ryg::techniques::{measure, DepthMeasure, Measurement};
use ryg::{Engine, Position};
use serde::Serialize;

use super::analysis::{eval_kind, position, HistoryCell, TableReport};
use super::blocking::engine;
use super::client::Client;
use super::extract::{int_param, Params};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The deepest search `/api/techniques` runs.
pub const MAX_TECHNIQUES_DEPTH: u64 = 12;
/// The node budget of each depth's search: past it, the depth is reported unfinished.
pub const TECHNIQUES_NODE_BUDGET: u64 = 3_000_000;

/// A switch: `1`/`true`/`on` or `0`/`false`/`off`; on when absent.
fn switch(params: &HashMap<String, String>, name: &str) -> ApiResult<bool> {
    match params.get(name).map(|s| s.trim().to_ascii_lowercase()) {
        None => Ok(true),
        Some(s) if matches!(s.as_str(), "1" | "true" | "on") => Ok(true),
        Some(s) if matches!(s.as_str(), "0" | "false" | "off") => Ok(false),
        Some(s) => Err(ApiError::bad_request(format!("bad {name} '{s}': expected 1 or 0 (on or off)"))),
    }
}

#[derive(Serialize)]
struct Techniques {
    tt: bool,
    ordering: bool,
    history: bool,
    iterative_deepening: bool,
}

#[derive(Serialize)]
struct DepthReport {
    depth: u8,
    /// Every board the search entered (ryg's count).
    nodes: u64,
    /// The boards searched with depth left: RYG3's count, the articles' figures' basis.
    interior_nodes: u64,
    seconds: f64,
    best_move: Option<String>,
    score: Option<String>,
    /// False when the node budget ran out first.
    finished: bool,
}

#[derive(Serialize)]
pub struct TechniquesReport {
    fen: String,
    eval: String,
    /// The articles' program measured (`engine=`), if one was.
    engine: Option<&'static str>,
    depth: u8,
    techniques: Techniques,
    node_budget: u64,
    depths: Vec<DepthReport>,
    /// The transposition table after the deepest search (`null` with the table off).
    table: Option<TableReport>,
    /// The history table after the deepest search (empty with history off).
    history: Vec<HistoryCell>,
}

/// The configuration the parameters ask for: `engine=` one of the articles' programs (its
/// own evaluation and techniques), or ryg's search with `eval` and the four switches.
fn config_of(params: &HashMap<String, String>) -> ApiResult<(SearchConfig, Option<Engine>)> {
    if let Some(name) = params.get("engine") {
        let engine: Engine =
            name.parse().map_err(|e: ryg::EngineError| ApiError::bad_request(e.to_string()))?;
        return Ok((engine.config(), Some(engine)));
    }
    let config = SearchConfig {
        eval: eval_kind(params)?,
        tt: switch(params, "tt")?,
        ordering: switch(params, "ordering")?,
        history: switch(params, "history")?,
        iterative_deepening: switch(params, "id")?,
        prove: false,
        ..SearchConfig::default()
    };
    Ok((config, None))
}

impl TechniquesReport {
    fn of(
        position: &Position,
        depth: u8,
        config: SearchConfig,
        engine: Option<Engine>,
        m: Measurement,
    ) -> Self {
        let depths = m.depths.into_iter().map(DepthReport::from).collect();
        TechniquesReport {
            fen: position.fen(),
            eval: config.eval.to_string(),
            engine: engine.map(|e| e.name()),
            depth,
            techniques: Techniques {
                tt: config.tt,
                ordering: config.ordering,
                history: config.history,
                iterative_deepening: config.iterative_deepening,
            },
            node_budget: TECHNIQUES_NODE_BUDGET,
            depths,
            table: config.tt.then(|| TableReport::of(&m.searcher)),
            history: HistoryCell::all(&m.searcher),
        }
    }
}

impl From<DepthMeasure> for DepthReport {
    fn from(d: DepthMeasure) -> DepthReport {
        DepthReport {
            depth: d.depth,
            nodes: d.nodes,
            interior_nodes: d.interior_nodes,
            seconds: d.seconds,
            best_move: d.best_move.map(|m| m.to_string()),
            score: d.score.map(|s| s.to_string()),
            finished: d.finished,
        }
    }
}

pub async fn techniques(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<TechniquesReport>> {
    let position = position(&params)?;
    let depth = int_param(&params, "depth", 1..=MAX_TECHNIQUES_DEPTH)?.unwrap_or(8) as u8;
    let (config, engine_name) = config_of(&params)?;
    let report = engine(&state, client, move |_| {
        let started = Instant::now();
        let m = measure(&position, config, depth, TECHNIQUES_NODE_BUDGET, &mut || {
            started.elapsed().as_secs_f64()
        });
        Ok(TechniquesReport::of(&position, depth, config, engine_name, m))
    })
    .await?;
    Ok(Json(report))
}
