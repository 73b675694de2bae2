//! The metrics: every request counted by its route (as the router matched it; `other` for
//! anything else, so a client cannot make up labels) and status, with its latency, and
//! `GET /metrics` on the operators' listener (`--metrics-addr`), never on the public one.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use crate::metrics::method_label;
use crate::state::AppState;

/// Counts the request once answered.
pub async fn track(State(state): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(req.method());
    let route = req.extensions().get::<MatchedPath>().map_or("other", MatchedPath::as_str).to_owned();
    let res = next.run(req).await;
    state.metrics.request(method, route, res.status().as_u16(), started.elapsed().as_secs_f64());
    res
}

/// `GET /metrics`: the metrics now, as Prometheus scrapes them.
async fn metrics(State(state): State<Arc<AppState>>) -> Response {
    let queues = [("analysis", &state.work), ("games", &state.game_work)]
        .into_iter()
        .map(|(name, work)| crate::metrics::QueueReading {
            name,
            waiting: work.len(),
            running: work.running(),
            refused: work.refused(),
        })
        .collect();
    let now = crate::metrics::Readings {
        queues,
        replies_owed: state.replies.len(),
        streams: state.hub.open_streams(),
    };
    let text = state.metrics.render(&now);
    ([(header::CONTENT_TYPE, "application/openmetrics-text; version=1.0.0; charset=utf-8")], text)
        .into_response()
}

/// The operators' listener: `/metrics` and `/healthz`, nothing else.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(super::health::healthz))
        .with_state(state)
}
