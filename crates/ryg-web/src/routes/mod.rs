//! The router: the JSON API under `/api`, the page at `/`, JSON errors for everything else.

mod analysis;
mod assets;
mod auth;
mod events;
mod games;

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::routing::{get, post};
use axum::Router;
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::AppState;

/// Every API route as `(method, path)`, in the OpenAPI document's order; a test holds
/// `/api/openapi.json` to this list and this list to the router.
pub const API_ROUTES: &[(&str, &str)] = &[
    ("post", "/api/games"),
    ("get", "/api/games"),
    ("get", "/api/games/{id}"),
    ("post", "/api/games/{id}/moves"),
    ("post", "/api/games/{id}/undo"),
    ("post", "/api/games/{id}/undo/accept"),
    ("post", "/api/games/{id}/undo/decline"),
    ("post", "/api/games/{id}/redo"),
    ("post", "/api/games/{id}/computer"),
    ("post", "/api/games/{id}/resign"),
    ("post", "/api/games/{id}/rematch"),
    ("post", "/api/games/{id}/name"),
    ("get", "/api/games/{id}/events"),
    ("get", "/api/games/{id}/thinking"),
    ("get", "/api/games/{id}/pgn"),
    ("get", "/api/moves"),
    ("get", "/api/solve"),
    ("get", "/api/analyze"),
    ("get", "/api/eval"),
    ("get", "/api/tree"),
    ("get", "/api/think"),
    ("get", "/api/tablebase"),
    ("post", "/api/tablebase/{size}"),
    ("get", "/api/openapi.json"),
];

pub fn router() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/games", post(games::create).get(games::list))
        .route("/api/games/{id}", get(games::show))
        .route("/api/games/{id}/moves", post(games::play))
        .route("/api/games/{id}/undo", post(games::undo))
        .route("/api/games/{id}/undo/accept", post(games::undo_accept))
        .route("/api/games/{id}/undo/decline", post(games::undo_decline))
        .route("/api/games/{id}/redo", post(games::redo))
        .route("/api/games/{id}/computer", post(games::computer))
        .route("/api/games/{id}/resign", post(games::resign))
        .route("/api/games/{id}/rematch", post(games::rematch))
        .route("/api/games/{id}/name", post(games::name))
        .route("/api/games/{id}/events", get(events::events))
        .route("/api/games/{id}/thinking", get(games::thinking))
        .route("/api/games/{id}/pgn", get(games::pgn))
        .route("/api/moves", get(analysis::moves))
        .route("/api/solve", get(analysis::solve))
        .route("/api/analyze", get(analysis::analyze))
        .route("/api/eval", get(analysis::eval))
        .route("/api/tree", get(analysis::tree))
        .route("/api/think", get(analysis::think))
        .route("/api/tablebase", get(analysis::tablebases))
        .route("/api/tablebase/{size}", post(analysis::build_tablebase))
        .route("/api/openapi.json", get(assets::openapi))
        .route("/", get(assets::index))
        .route("/assets/{file}", get(assets::asset))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
}

/// Sets the flag-fall alarms of the games whose clock ran when the server last stopped.
pub fn watch_clocks(state: &Arc<AppState>, ids: &[i64]) {
    for &id in ids {
        let st = Arc::clone(state);
        tokio::spawn(async move {
            let st2 = Arc::clone(&st);
            let loaded =
                blocking(move || st2.store.load(id).map_err(|e| ApiError::internal(e.to_string()))).await;
            if let Ok(Some(g)) = loaded {
                games::watch_clock(&st, &g);
            }
        });
    }
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("no such page or API route: {}", uri.path()))
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("{method} is not allowed on {}", uri.path()),
    )
}

/// A JSON request body; an empty body reads as `{}`. Errors are the API's JSON errors.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Body<T>, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            let status = rejection.status();
            if status == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    status,
                    "too_large",
                    format!("request body over {} KiB", crate::MAX_BODY / 1024),
                )
            } else {
                ApiError::new(status, "bad_request", format!("cannot read the request body: {rejection}"))
            }
        })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { &bytes };
        serde_json::from_slice(text)
            .map(Body)
            .map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))
    }
}

/// Query parameters, read leniently and checked by the handlers (so errors say which one).
pub type Params = axum::extract::Query<HashMap<String, String>>;

/// The parameter `name`, or a 400 naming it.
fn required<'a>(params: &'a HashMap<String, String>, name: &str) -> Result<&'a str, ApiError> {
    params
        .get(name)
        .map(String::as_str)
        .ok_or_else(|| ApiError::bad_request(format!("missing parameter '{name}'")))
}

/// The integer parameter `name` within `range`, if given.
fn int_param(
    params: &HashMap<String, String>,
    name: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Option<u64>, ApiError> {
    let Some(text) = params.get(name) else { return Ok(None) };
    match text.trim().parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(ApiError::bad_request(format!(
            "bad {name} '{text}': expected a whole number from {} to {}",
            range.start(),
            range.end()
        ))),
    }
}

/// Runs blocking engine or database work off the async threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(ApiError::internal(format!("engine task failed: {e}"))))
}
