//! `GET /healthz`: whether this server can serve games, for load balancers — the store answers
//! and takes writes (200 `{"status": "ok"}`), else 503 `storage_unavailable` with `Retry-After`.

use crate::error::ErrorCode;
use std::sync::Arc;

use axum::extract::State;
use axum::Json;

use super::blocking::blocking;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

pub async fn healthz(State(state): State<Arc<AppState>>) -> ApiResult<Json<serde_json::Value>> {
    let st = Arc::clone(&state);
    blocking(move || {
        st.store.check().map_err(|e| {
            // whatever failed, the server cannot serve games now: a load balancer looks elsewhere
            let message = match e {
                crate::store::StoreError::Unavailable(message) => message,
                _ => "the game database does not answer".to_owned(),
            };
            ApiError::new(ErrorCode::StorageUnavailable, message)
        })
    })
    .await?;
    Ok(Json(serde_json::json!({ "status": "ok" })))
}
