//! The board as bits, for the Learn section: the bit operations that find a piece's moves, and
//! perft (move sequences counted) depth by depth. The answers are `ryg_api`'s.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::State;
use axum::Json;
use ryg_api::bits::BitsReport;
use ryg_api::perft::{PerftQuery, PerftReport};

use super::analysis::position;
use super::blocking::engine;
use super::client::Client;
use super::extract::Params;
use crate::error::ApiResult;
use crate::state::AppState;

pub async fn bits(params: Params) -> ApiResult<Json<BitsReport>> {
    Ok(Json(ryg_api::bits::bits(&position(&params)?, &params)?))
}

pub async fn perft(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<PerftReport>> {
    let query = PerftQuery::parse(position(&params)?, &params)?;
    let report = engine(&state, client, move |_| {
        let started = Instant::now();
        Ok(query.answer(&mut || started.elapsed().as_secs_f64()))
    })
    .await?;
    Ok(Json(report))
}
