//! `POST /api/games/{id}/moves` and `…/computer`: a person's move, the computer's.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;

use super::shared::{autoplay, computer_plays, with_game, AppRef, GameRef};
use super::view::GameView;
use crate::clock::now_ms;
use crate::error::ApiResult;
use crate::routes::auth::Bearer;
use crate::routes::client::Client;
use crate::routes::extract::Body;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct ComputerBody {
    level: Option<String>,
}

pub async fn play(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    token: Bearer,
    Body(body): Body<MoveBody>,
) -> ApiResult<Json<GameView>> {
    let (_turn, g, you) =
        with_game(&state, id, move |games, g| games.play(g, token.hash(), &body.mv, now_ms())).await?;
    Ok(Json(GameView::of(&autoplay(&state, client, g).await?, Some(you))))
}

pub async fn computer(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    token: Bearer,
    Body(body): Body<ComputerBody>,
) -> ApiResult<Json<GameView>> {
    let (_turn, g, (you, level)) =
        with_game(&state, id, move |games, g| games.computer_request(g, token.hash(), body.level.as_deref()))
            .await?;
    let g = computer_plays(&state, client, g, level).await?;
    Ok(Json(GameView::of(&g, you)))
}
