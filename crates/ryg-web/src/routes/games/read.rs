//! Reading games: `GET /api/games`, `…/{id}`, `…/{id}/thinking` and `…/{id}/pgn`.

use crate::error::ErrorCode;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::shared::{with_service, AppRef, GameRef};
use super::view::{game_view, GameView};
use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::game;
use crate::routes::auth::Bearer;
use crate::routes::blocking::blocking;
use crate::routes::client::Client;
use crate::routes::extract::{int_param, Params};
use crate::state::AppState;
use crate::store::StoredGame;

/// Loads game `id` off the async threads.
async fn load(state: &Arc<AppState>, id: i64) -> ApiResult<StoredGame> {
    let st = Arc::clone(state);
    blocking(move || Ok(with_service(&st, |games| games.load(id))?)).await
}

/// The most ids one `GET /api/games?ids=` asks for.
const MAX_IDS: usize = 100;

/// `?ids=Ab3_x-Yz09Q,…`: those games by their public ids (ids that name no game skipped; a
/// numeric id counts only with a token of one of its seats), as the page's "Recent games" asks
/// for the games this browser holds a seat in or opened. Without `ids`: the server's live
/// games, newest first, only when it runs with `--public-games`.
pub async fn list(State(state): AppRef, params: Params, token: Bearer) -> ApiResult<Json<serde_json::Value>> {
    // checked whichever way the list is asked for
    let limit = int_param(&params, "limit", 1..=100)?.unwrap_or(20) as usize;
    let archived = match params.get("archived").map(String::as_str) {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => {
            return Err(ApiError::bad_request(format!("bad archived '{other}': expected true or false")))
        }
    };
    if let Some(ids) = params.get("ids") {
        let ids = parse_ids(ids)?;
        let st = Arc::clone(&state);
        let games = blocking(move || Ok(with_service(&st, |games| games.some(&ids, token.hash()))?)).await?;
        let views: Vec<GameView> = games.iter().map(|g| game_view(&state, g, None)).collect();
        return Ok(Json(serde_json::json!({ "games": views })));
    }
    if !state.public_games {
        return Err(ApiError::not_found(
            "this server does not list its games; start it with --public-games, or ask for some by their public ids with ?ids=ID,ID",
        )
        .with_code(ErrorCode::NotPublic));
    }
    let st = Arc::clone(&state);
    let games =
        blocking(move || Ok(with_service(&st, |games| games.list(limit, archived, now_ms()))?)).await?;
    let views: Vec<GameView> = games.iter().map(|g| game_view(&state, g, None)).collect();
    Ok(Json(serde_json::json!({ "games": views })))
}

/// `Ab3_x-Yz09Q,17` as ids: at most [`MAX_IDS`], each a public id or a number.
fn parse_ids(text: &str) -> ApiResult<Vec<String>> {
    let ids: Vec<&str> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    if ids.len() > MAX_IDS {
        return Err(ApiError::bad_request(format!("at most {MAX_IDS} ids, not {}", ids.len())));
    }
    ids.iter()
        .map(|&id| {
            if crate::token::is_public_id(id) || id.parse::<i64>().is_ok() {
                Ok(id.to_owned())
            } else {
                Err(ApiError::bad_request(format!("bad ids: '{}' is no game id", ryg_wide::echo::echo(id))))
            }
        })
        .collect()
}

/// `GET /api/config`: what the page needs to know of this server.
pub async fn config(State(state): AppRef) -> Json<serde_json::Value> {
    Json(serde_json::json!({ "public_games": state.public_games }))
}

pub async fn show(State(state): AppRef, GameRef(id): GameRef, token: Bearer) -> ApiResult<Json<GameView>> {
    let g = load(&state, id).await?;
    Ok(Json(game_view(&state, &g, g.holder(token.hash()))))
}

pub async fn thinking(State(state): AppRef, GameRef(id): GameRef) -> ApiResult<Json<serde_json::Value>> {
    Ok(Json(match state.thinking.get(id) {
        Some(t) => serde_json::json!({
            "thinking": true,
            "depth": t.depth.load(Ordering::Relaxed),
            "nodes": t.nodes.load(Ordering::Relaxed),
        }),
        None => serde_json::json!({ "thinking": false, "depth": 0, "nodes": 0 }),
    }))
}

pub async fn pgn(State(state): AppRef, GameRef(id): GameRef) -> ApiResult<Response> {
    let g = load(&state, id).await?;
    let record = game::record(&g)?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], record.to_pgn()).into_response())
}

/// `GET /api/games/{id}/review`: the exact result after every ply of the game, every move
/// that handed the win to the other side with the moves that kept it, every lost side's move
/// that shortened its resistance with the moves that resisted longest, and a summary per side
/// (from the tablebase; 503
/// while the 10×10 table is still being built).
pub async fn review(
    State(state): AppRef,
    client: Client,
    GameRef(id): GameRef,
) -> ApiResult<Json<serde_json::Value>> {
    // a live game, and any game through a live game's position, is refused before (the
    // fair-play layer, routes/fairplay.rs)
    let g = load(&state, id).await?;
    let size = g.start.size();
    let st = Arc::clone(&state);
    let review = crate::routes::blocking::engine(&state, client, move |_| {
        let narrow = ryg_wide::narrow::game(&g.game);
        if narrow.is_none() || st.tablebases.on_disk(size).is_some() {
            // a table read from files (12x12)
            let source = st.tablebases.files(size, "the review")?;
            let review =
                ryg_wide::review::review(&*source, &g.game).map_err(|e| ApiError::internal(e.to_string()))?;
            return Ok(crate::view::wide_review_json(size.n(), &review));
        }
        let game = narrow.expect("a game up to 10x10");
        let tb = st.tablebases.get(game.start().size())?;
        let review = ryg::review::review(&*tb, &game).map_err(|e| ApiError::internal(e.to_string()))?;
        Ok(crate::view::narrow_review_json(size.n(), &review))
    })
    .await?;
    Ok(Json(review))
}
