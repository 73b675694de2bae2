//! What each search technique is worth: the same position searched to every depth from 1 up,
//! with the transposition table, move ordering, the history heuristic and iterative deepening
//! each switched on or off; nodes and time per depth, and the table and history afterwards.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::State;
use axum::Json;
use ryg_api::techniques::{TechniquesQuery, TechniquesReport};

use super::analysis::judged_position;
use super::blocking::engine;
use super::client::Client;
use super::extract::Params;
use crate::error::ApiResult;
use crate::state::AppState;

pub async fn techniques(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<TechniquesReport>> {
    let query = TechniquesQuery::parse(judged_position(&state, &params)?, &params)?;
    let report = engine(&state, client, move |_| {
        let started = Instant::now();
        Ok(query.answer(&mut || started.elapsed().as_secs_f64()))
    })
    .await?;
    Ok(Json(report))
}
