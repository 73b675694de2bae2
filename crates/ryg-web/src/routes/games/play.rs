//! `POST /api/games/{id}/moves` and `…/computer`: a person's move, the computer's.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;

use std::sync::Arc;

use super::acting::SeatToken;
use super::shared::{
    detached, lock_game, owe_reply, settle_unknown, start_reply, wait_reply, with_game, with_service, AppRef,
    Asker, GameRef,
};
use super::view::{game_view, GameView};
use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::routes::auth::Bearer;
use crate::routes::blocking::blocking;
use crate::routes::client::Client;
use crate::routes::extract::Body;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    #[serde(rename = "move")]
    mv: String,
    /// The ply the move is played at (the number of moves before it): sent again, it is played
    /// once.
    ply: Option<usize>,
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
    SeatToken(token): SeatToken,
    Body(body): Body<MoveBody>,
) -> ApiResult<Json<GameView>> {
    let st = Arc::clone(&state);
    let asker = Some(Asker::new(client, &token));
    // the move is stored and its reply started in one step, whatever becomes of this request
    let (g, you, replying) = detached(async move {
        let st2 = Arc::clone(&st);
        let (turn, g, (you, owed)) = with_game(&st, id, asker, move |games, g| {
            // the computer's reply has its place before the move is stored
            let owed = owe_reply(&st2, g, client)?;
            let (you, already) = games.play_at(g, token.hash(), &body.mv, body.ply, now_ms())?;
            Ok::<_, ApiError>(((you, already), owed))
        })
        .await?;
        let (you, already) = you;
        if !already {
            st.metrics.moves_stored.inc();
        }
        let replying = start_reply(&st, turn, &g, owed, client, None);
        Ok((g, you, replying))
    })
    .await
    .inspect_err(|e| {
        // the move may be stored: its reply is played without waiting for the move again
        if e.code == ErrorCode::CommitUnknown {
            settle_unknown(&state, id);
        }
    })?;
    let (g, queued) = wait_reply(&state, g, replying).await?;
    Ok(Json(game_view(&state, &g, Some(you)).queued(queued)))
}

pub async fn computer(
    State(state): AppRef,
    Client(client): Client,
    GameRef(id): GameRef,
    token: Bearer,
    Body(body): Body<ComputerBody>,
) -> ApiResult<Json<GameView>> {
    if state.replies.is_owed(id) {
        // the computer's reply is queued already: it is the answer
        let _turn = lock_game(&state, id).await;
        let st = Arc::clone(&state);
        let g = blocking(move || Ok(with_service(&st, |games| games.load(id))?)).await?;
        let you = crate::game::require_holder(&g, token.hash(), "a computer move")?;
        return Ok(Json(game_view(&state, &g, Some(you))));
    }
    let st = Arc::clone(&state);
    let asker = Some(Asker::new(client, &token));
    let (g, you, replying) = detached(async move {
        let st2 = Arc::clone(&st);
        let (turn, g, (you, level, ticket)) = with_game(&st, id, asker, move |games, g| {
            let (you, level) = games.computer_request(g, token.hash(), body.level.as_deref())?;
            let ticket = st2.game_work.admit(client)?;
            Ok::<_, ApiError>((you, level, ticket))
        })
        .await?;
        let owed = crate::replies::Owed { ticket, mark: None };
        Ok((g.clone(), you, start_reply(&st, turn, &g, Some(owed), client, Some(level))))
    })
    .await?;
    let (g, queued) = wait_reply(&state, g, replying).await?;
    Ok(Json(game_view(&state, &g, you).queued(queued)))
}
