//! `POST /api/games/{id}/undo`, `…/undo/accept`, `…/undo/decline` and `…/redo`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::shared::{seat_change, with_game, AppRef, Asker, GameRef};
use super::view::{game_view, GameView};
use crate::clock::now_ms;
use crate::error::ApiResult;
use crate::game::Undo;
use crate::routes::auth::Bearer;
use crate::routes::client::Client;

pub async fn undo(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    token: Bearer,
) -> ApiResult<Response> {
    let asker = Some(Asker::new(client, &token));
    let (_turn, g, (you, undone)) =
        with_game(&state, id, asker, move |games, g| games.undo(g, token.hash(), now_ms())).await?;
    let status = if undone == Undo::Asked { StatusCode::ACCEPTED } else { StatusCode::OK };
    Ok((status, Json(game_view(&state, &g, Some(you)))).into_response())
}

pub async fn undo_accept(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    token: Bearer,
) -> ApiResult<Json<GameView>> {
    seat_change(&state, client, id, token, |games, g, token, now| games.answer_undo(g, token, true, now))
        .await
}

pub async fn undo_decline(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    token: Bearer,
) -> ApiResult<Json<GameView>> {
    seat_change(&state, client, id, token, |games, g, token, now| games.answer_undo(g, token, false, now))
        .await
}

pub async fn redo(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    token: Bearer,
) -> ApiResult<Json<GameView>> {
    seat_change(&state, client, id, token, |games, g, token, now| games.redo(g, token, now)).await
}
