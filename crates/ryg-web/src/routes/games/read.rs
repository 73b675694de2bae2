//! Reading games: `GET /api/games`, `…/{id}`, `…/{id}/thinking` and `…/{id}/pgn`.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::shared::{parse_id, with_service, AppRef};
use super::view::GameView;
use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::game;
use crate::routes::auth::Bearer;
use crate::routes::blocking::blocking;
use crate::routes::extract::{int_param, Params};
use crate::state::AppState;
use crate::store::StoredGame;

/// Loads game `id` off the async threads.
async fn load(state: &Arc<AppState>, id: i64) -> ApiResult<StoredGame> {
    let st = Arc::clone(state);
    blocking(move || Ok(with_service(&st, |games| games.load(id))?)).await
}

pub async fn list(State(state): AppRef, params: Params) -> ApiResult<Json<serde_json::Value>> {
    let limit = int_param(&params, "limit", 1..=100)?.unwrap_or(20) as usize;
    let archived = match params.get("archived").map(String::as_str) {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => {
            return Err(ApiError::bad_request(format!("bad archived '{other}': expected true or false")))
        }
    };
    let st = Arc::clone(&state);
    let games =
        blocking(move || Ok(with_service(&st, |games| games.list(limit, archived, now_ms()))?)).await?;
    let views: Vec<GameView> = games.iter().map(|g| GameView::of(g, None)).collect();
    Ok(Json(serde_json::json!({ "games": views })))
}

pub async fn show(State(state): AppRef, Path(id): Path<String>, token: Bearer) -> ApiResult<Json<GameView>> {
    let g = load(&state, parse_id(&id)?).await?;
    Ok(Json(GameView::of(&g, g.holder(token.hash()))))
}

pub async fn thinking(State(state): AppRef, Path(id): Path<String>) -> ApiResult<Json<serde_json::Value>> {
    let id = parse_id(&id)?;
    Ok(Json(match state.thinking.get(id) {
        Some(t) => serde_json::json!({
            "thinking": true,
            "depth": t.depth.load(Ordering::Relaxed),
            "nodes": t.nodes.load(Ordering::Relaxed),
        }),
        None => serde_json::json!({ "thinking": false, "depth": 0, "nodes": 0 }),
    }))
}

pub async fn pgn(State(state): AppRef, Path(id): Path<String>) -> ApiResult<Response> {
    let g = load(&state, parse_id(&id)?).await?;
    let record = game::record(&g)?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], record.to_pgn()).into_response())
}
