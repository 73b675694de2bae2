//! The evaluation with weights of one's own, for the Learn section: what each term gives in a
//! position, which move a search of a given depth then chooses (and every root move's score),
//! and how often such a search keeps a won game on a fixed sample judged by the tablebase.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use ryg_api::weights::{WeightsQuery, WeightsReport};

use super::analysis::judged_position;
use super::blocking::engine;
use super::client::Client;
use super::extract::Params;
use crate::error::ApiResult;
use crate::state::AppState;

pub async fn weights_route(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<WeightsReport>> {
    let query = WeightsQuery::parse(judged_position(&state, &params)?, &params)?;
    let st = Arc::clone(&state);
    let report = engine(&state, client, move |_| {
        let tablebase = query.table_size().map(|size| st.tablebases.get(size)).transpose()?;
        Ok(query.answer(tablebase.as_deref()))
    })
    .await?;
    Ok(Json(report))
}
