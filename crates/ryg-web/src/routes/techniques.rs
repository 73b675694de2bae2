//! What each search technique is worth: the same position searched to every depth from 1 up,
//! with the transposition table, move ordering, the history heuristic and iterative deepening
//! each switched on or off; nodes and time per depth, and the table and history afterwards.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::State;
use axum::Json;
use ryg::search::{Limits, NoHandler, SearchConfig, Searcher};
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
    nodes: u64,
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
    depth: u8,
    techniques: Techniques,
    node_budget: u64,
    depths: Vec<DepthReport>,
    /// The transposition table after the deepest search (`null` with the table off).
    table: Option<TableReport>,
    /// The history table after the deepest search (empty with history off).
    history: Vec<HistoryCell>,
}

pub async fn techniques(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<TechniquesReport>> {
    let position = position(&params)?;
    let depth = int_param(&params, "depth", 1..=MAX_TECHNIQUES_DEPTH)?.unwrap_or(8) as u8;
    let eval = eval_kind(&params)?;
    let (tt, ordering, history, iterative_deepening) = (
        switch(&params, "tt")?,
        switch(&params, "ordering")?,
        switch(&params, "history")?,
        switch(&params, "id")?,
    );
    // the same search as `ryg analyze --depth D` with the matching --no-* switches
    let config = SearchConfig {
        eval,
        tt,
        ordering,
        history,
        iterative_deepening,
        prove: false,
        ..SearchConfig::default()
    };
    let report = engine(&state, client, move |_| {
        let mut depths = Vec::new();
        let mut last = None;
        for d in 1..=depth {
            let mut searcher = Searcher::new(config);
            let limits = Limits { depth: Some(d), nodes: Some(TECHNIQUES_NODE_BUDGET) };
            let started = Instant::now();
            let r = searcher.search(&position, &limits, &mut NoHandler);
            let seconds = started.elapsed().as_secs_f64();
            let finished = !r.stopped;
            depths.push(DepthReport {
                depth: d,
                nodes: r.nodes,
                seconds,
                best_move: r.best_move.filter(|_| finished).map(|m| m.to_string()),
                score: finished.then(|| r.score.to_string()),
                finished,
            });
            last = Some(searcher);
            if !finished {
                break; // deeper would only run out too
            }
        }
        let searcher = last.expect("depth is at least 1");
        let table = tt.then(|| TableReport::of(&searcher));
        let history = HistoryCell::all(&searcher);
        Ok(TechniquesReport {
            fen: position.fen(),
            eval: eval.to_string(),
            depth,
            techniques: Techniques { tt, ordering, history: config.history, iterative_deepening },
            node_budget: TECHNIQUES_NODE_BUDGET,
            depths,
            table,
            history,
        })
    })
    .await?;
    Ok(Json(report))
}
