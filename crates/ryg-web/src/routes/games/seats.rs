//! `POST /api/games` (create), `…/resign`, `…/rematch` and `…/name`: a game's seats and life.

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use super::acting::SeatToken;
use super::shared::{
    begin, detached, seat_change, wait_reply, with_game, with_service, AppRef, Asker, GameRef,
};
use super::view::{created_view, game_view, GameView};
use crate::clock::now_ms;
use crate::error::ApiResult;
use crate::game::{NewGame, Rematch, SeatSpec};
use crate::routes::auth::Bearer;
use crate::routes::blocking::blocking;
use crate::routes::client::Client;
use crate::routes::extract::Body;
use crate::routes::people::PlayerSecret;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NameBody {
    name: String,
    side: Option<String>,
}

pub async fn create(
    State(state): AppRef,
    Client(client): Client,
    secret: PlayerSecret,
    Body(mut body): Body<NewGame>,
) -> ApiResult<Response> {
    state.limits.new_game(client)?;
    // a computer's first move has its place before the game is stored
    let computer = [&body.mouse, &body.cats].iter().any(|s| !s.as_ref().is_some_and(SeatSpec::is_human));
    let owed = if computer {
        Some(crate::replies::Owed { ticket: state.game_work.admit(client)?, mark: None })
    } else {
        None
    };
    let (st, creator) = (Arc::clone(&state), crate::limits::creator_hash(client));
    let most = state.limits.limits.games_per_client as usize;
    // the game is stored and the computer's first move started in one step
    let (created, replying) = detached(async move {
        let st2 = Arc::clone(&st);
        let created = blocking(move || {
            let rated = crate::routes::people::rated_seat(&st2, &mut body, secret.hash())?;
            let created =
                with_service(&st2, |games| games.create_by(&body, now_ms(), Some((&creator, most))))?;
            crate::routes::people::hold_seat(&st2, &created.game, rated)?;
            Ok(created)
        })
        .await?;
        st.metrics.moves_stored.inc_by(created.game.game.moves().len() as u64);
        let replying = begin(&st, &created.game, owed, client).await;
        Ok((created, replying))
    })
    .await?;
    let (g, queued) = wait_reply(&state, created.game.clone(), replying).await?;
    Ok((StatusCode::CREATED, Json(created_view(&created, &g, &state, queued))).into_response())
}

pub async fn resign(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    SeatToken(token): SeatToken,
) -> ApiResult<Json<GameView>> {
    // resigning never waits for a search: a seat's holder gives up the computer's reply first
    let (st, t) = (Arc::clone(&state), token.clone());
    let g = blocking(move || Ok(with_service(&st, |games| games.load(id))?)).await?;
    crate::game::require_holder(&g, t.hash(), "resigning")?;
    let charged = crate::routes::client::charge(&state, client, &g, t.hash())?;
    state.replies.abandon(id);
    let resigned = with_game(&state, id, None, move |games, g| games.resign(g, token.hash(), now_ms())).await;
    crate::routes::client::refund(&state, client, charged, &resigned);
    let (_turn, g, you) = resigned?;
    Ok(Json(game_view(&state, &g, Some(you))))
}

/// `POST /api/games/{id}/abort`: a seat holder calls off a game nobody has moved in.
pub async fn abort(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    SeatToken(token): SeatToken,
) -> ApiResult<Json<GameView>> {
    seat_change(&state, client, id, token, |games, g, token, now| games.abort(g, token, now)).await
}

pub async fn rematch(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    token: Bearer,
) -> ApiResult<Response> {
    let hash = token.0.clone();
    let asker = Some(Asker::new(client, &token));
    let st = Arc::clone(&state);
    let (old, rematch, replying) = detached(async move {
        let st2 = Arc::clone(&st);
        let (_turn, old, (rematch, owed)) = with_game(&st, id, asker, move |games, g| {
            crate::games::rematch(&st2, games, g, token.hash(), client)
        })
        .await?;
        let replying = match &rematch {
            Rematch::Ready(new) => begin(&st, new, owed, client).await,
            Rematch::Offered => None,
        };
        Ok((old, rematch, replying))
    })
    .await?;
    match rematch {
        Rematch::Offered => {
            let you = old.holder(hash.as_deref());
            Ok((StatusCode::ACCEPTED, Json(game_view(&state, &old, you))).into_response())
        }
        Rematch::Ready(new) => {
            let (new, queued) = wait_reply(&state, *new, replying).await?;
            let you = new.holder(hash.as_deref());
            Ok((StatusCode::CREATED, Json(game_view(&state, &new, you).queued(queued))).into_response())
        }
    }
}

pub async fn name(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    token: Bearer,
    Body(body): Body<NameBody>,
) -> ApiResult<Json<GameView>> {
    seat_change(&state, client, id, token, move |games, g, token, now| {
        games.name(g, token, &body.name, body.side.as_deref(), now)
    })
    .await
}
