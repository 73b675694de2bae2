//! How a tablebase is built, for the Learn section: every position of the 4×4 board in the
//! order retrograde analysis solves it, with its exact result (`ryg_api::retrograde`).

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use ryg_api::retrograde::RetrogradeReport;

use super::blocking::engine;
use super::client::Client;
use super::extract::Params;
use crate::error::ApiResult;
use crate::state::AppState;

pub async fn retrograde(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<RetrogradeReport>> {
    let size = ryg_api::retrograde::size_param(&params)?;
    let report =
        engine(&state.clone(), client, move |_| Ok(RetrogradeReport::of(&*state.tablebases.get(size)?)))
            .await?;
    Ok(Json(report))
}
