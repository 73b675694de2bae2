//! The router: the JSON API under `/api`, the page at `/`, JSON errors for everything else.

mod analysis;
mod assets;
mod auth;
mod bits;
pub(crate) mod blocking;
mod bots;
pub mod client;
mod evaluation;
mod events;
pub mod extract;
mod fairplay;
pub(crate) mod games;
mod health;
mod lobby;
mod lobby_events;
pub mod log;
pub mod metrics;
pub mod people;
mod puzzles;
mod retrograde;
mod security;
mod techniques;
mod tournaments;

use crate::error::ErrorCode;
use std::sync::Arc;

use axum::routing::{delete, get, post};
use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

/// The router. The OpenAPI document lists exactly its routes with their methods, and the static
/// site answers none that is not one of them: tests hold both to it (ryg-web's `routes.rs`,
/// ryg-wasm's `every_route_answered_here_is_a_route_of_the_server`).
pub fn router(state: &Arc<AppState>) -> Router<Arc<AppState>> {
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
        .route("/api/games/{id}/abort", post(games::abort))
        .route("/api/games/{id}/rematch", post(games::rematch))
        .route("/api/games/{id}/name", post(games::name))
        .route("/api/games/{id}/events", get(events::events))
        .route("/api/games/{id}/thinking", get(games::thinking))
        .route("/api/games/{id}/pgn", get(games::pgn))
        .route("/api/games/{id}/review", get(games::review))
        .route("/api/games/{id}/player", post(games::take_seat))
        .route("/api/players", post(people::join))
        .route("/api/players/me", get(people::me).delete(people::delete))
        .route("/api/players/me/name", post(people::rename))
        .route("/api/players/me/bot", post(bots::upgrade))
        .route("/api/players/me/code", post(people::code))
        .route("/api/players/claim", post(people::claim))
        .route("/api/players/{id}", get(people::show))
        .route("/api/leaderboard", get(people::board))
        .route("/api/challenges", post(lobby::create).get(lobby::list))
        .route("/api/challenges/{id}", delete(lobby::cancel))
        .route("/api/challenges/{id}/accept", post(lobby::accept))
        .route("/api/challenges/{id}/decline", post(lobby::decline))
        .route("/api/pairing", post(lobby::join).get(lobby::show).delete(lobby::leave))
        .route("/api/lobby/events", get(lobby_events::events))
        .route("/api/bot/stream", get(bots::stream))
        .route("/api/tournaments", post(tournaments::create))
        .route("/api/tournaments/{id}", get(tournaments::show))
        .route("/api/tournaments/{id}/entrants", post(tournaments::enter))
        .route("/api/tournaments/{id}/entrants/{n}", delete(tournaments::remove))
        .route("/api/tournaments/{id}/me", get(tournaments::mine))
        .route("/api/tournaments/{id}/events", get(tournaments::events))
        .route("/api/tournaments/{id}/start", post(tournaments::start))
        .route("/api/tournaments/{id}/pause", post(tournaments::pause))
        .route("/api/tournaments/{id}/resume", post(tournaments::resume))
        .route("/api/tournaments/{id}/end", post(tournaments::end))
        .route("/api/moves", get(analysis::moves))
        .route("/api/solve", get(analysis::solve))
        .route("/api/analyze", get(analysis::analyze))
        .route("/api/eval", get(analysis::eval))
        .route("/api/weights", get(evaluation::weights_route))
        .route("/api/tree", get(analysis::tree))
        .route("/api/think", get(analysis::think))
        .route("/api/techniques", get(techniques::techniques))
        .route("/api/retrograde", get(retrograde::retrograde))
        .route("/api/bits", get(bits::bits))
        .route("/api/perft", get(bits::perft))
        .route("/api/puzzles", get(puzzles::puzzles))
        .route("/api/puzzles/daily", get(puzzles::daily))
        .route("/api/tablebase", get(analysis::tablebases))
        .route("/api/tablebase/{size}", post(analysis::build_tablebase))
        .route("/api/config", get(games::config))
        .route("/api/openapi.json", get(assets::openapi))
        .route("/healthz", get(health::healthz))
        .route("/", get(assets::index))
        .route("/assets/{*file}", get(assets::asset))
        .route("/favicon.ico", get(assets::favicon))
        .route("/manifest.webmanifest", get(assets::manifest))
        .route("/sw.js", get(assets::service_worker))
        // the computer is no live game's oracle, whichever route asks (after the JSON check)
        .route_layer(axum::middleware::from_fn_with_state(Arc::clone(state), fairplay::guard))
        // after routing: an unknown path is 404 and a method no route takes 405, whatever the
        // request's Content-Type
        .route_layer(axum::middleware::from_fn(security::json_only))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        // outside the body's reading: a slow body is timed too
        .layer(axum::middleware::from_fn_with_state(Arc::clone(state), security::deadline))
        .layer(axum::middleware::from_fn(security::headers))
        .layer(axum::middleware::from_fn_with_state(Arc::clone(state), metrics::track))
        .layer(axum::middleware::from_fn(log::log))
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("no such page or API route: {}", uri.path()))
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(ErrorCode::MethodNotAllowed, format!("{method} is not allowed on {}", uri.path()))
}
