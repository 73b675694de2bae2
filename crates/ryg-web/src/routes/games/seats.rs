//! `POST /api/games` (create), `…/resign`, `…/rematch` and `…/name`: a game's seats and life.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use super::shared::{autoplay, lock_game, with_game, with_service, AppRef, GameRef};
use super::view::{CreatedView, GameView};
use crate::clock::now_ms;
use crate::error::ApiResult;
use crate::game::{NewGame, Rematch};
use crate::routes::auth::Bearer;
use crate::routes::blocking::blocking;
use crate::routes::client::Client;
use crate::routes::extract::Body;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NameBody {
    name: String,
    side: Option<String>,
}

pub async fn create(
    State(state): AppRef,
    Client(client): Client,
    Body(body): Body<NewGame>,
) -> ApiResult<Response> {
    state.limits.new_game(client)?;
    let (st, creator) = (Arc::clone(&state), crate::limits::creator_hash(client));
    let most = state.limits.limits.games_per_client as usize;
    let created = blocking(move || {
        Ok(with_service(&st, |games| games.create_by(&body, now_ms(), Some((&creator, most))))?)
    })
    .await?;
    let _turn = lock_game(&state, created.game.id).await;
    let g = autoplay(&state, client, created.game.clone()).await?;
    Ok((StatusCode::CREATED, Json(CreatedView::of(&created, &g, &state))).into_response())
}

pub async fn resign(State(state): AppRef, GameRef(id): GameRef, token: Bearer) -> ApiResult<Json<GameView>> {
    let (_turn, g, you) =
        with_game(&state, id, move |games, g| games.resign(g, token.hash(), now_ms())).await?;
    Ok(Json(GameView::of(&g, Some(you))))
}

pub async fn rematch(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    token: Bearer,
) -> ApiResult<Response> {
    let hash = token.0.clone();
    let (_turn, old, rematch) =
        with_game(&state, id, move |games, g| games.rematch(g, token.hash(), now_ms())).await?;
    match rematch {
        Rematch::Offered => {
            let you = old.holder(hash.as_deref());
            Ok((StatusCode::ACCEPTED, Json(GameView::of(&old, you))).into_response())
        }
        Rematch::Ready(new) => {
            let _turn = lock_game(&state, new.id).await;
            let new = autoplay(&state, client, *new).await?;
            let you = new.holder(hash.as_deref());
            Ok((StatusCode::CREATED, Json(GameView::of(&new, you))).into_response())
        }
    }
}

pub async fn name(
    State(state): AppRef,
    GameRef(id): GameRef,
    token: Bearer,
    Body(body): Body<NameBody>,
) -> ApiResult<Json<GameView>> {
    let (_turn, g, you) = with_game(&state, id, move |games, g| {
        games.name(g, token.hash(), &body.name, body.side.as_deref(), now_ms())
    })
    .await?;
    Ok(Json(GameView::of(&g, Some(you))))
}
