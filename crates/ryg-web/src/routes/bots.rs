//! `/api/bot/…` and `POST /api/players/me/bot`: the bot API. A player becomes a bot before their
//! first game; a bot follows its stream (newline-delimited JSON, authenticated by `Ryg-Player`)
//! and moves with the games' move route. The rules are [`crate::bots`]'.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::Value;

use super::blocking::blocking;
use super::client::Client;
use super::people::{with_people, PlayerSecret};
use crate::bots::feed::{answer, Ask, Feed, Load};
use crate::error::{ApiError, ApiResult};
use crate::people::page::player_json;
use crate::state::AppState;

type AppRef = State<Arc<AppState>>;

/// `POST /api/players/me/bot`: the player becomes a bot (before their first game).
pub async fn upgrade(State(state): AppRef, secret: PlayerSecret) -> ApiResult<Json<Value>> {
    let p = with_people(&state, move |people, _| people.become_bot(secret.hash())).await?;
    Ok(Json(player_json(&p)))
}

/// The store work of a bot's stream, off the async threads.
fn loader(state: &Arc<AppState>, player: i64) -> Load {
    let state = Arc::clone(state);
    Arc::new(move |ask: Ask| {
        let st = Arc::clone(&state);
        Box::pin(blocking(move || {
            let players =
                st.store.players().ok_or_else(|| ApiError::internal("this store keeps no players"))?;
            Ok(answer(players, &*st.store, player, ask)?)
        }))
    })
}

/// `GET /api/bot/stream`: the bot's games and challenges, one JSON object per line.
pub async fn stream(
    State(state): AppRef,
    Client(client): Client,
    secret: PlayerSecret,
) -> ApiResult<Response> {
    let bot = with_people(&state, move |people, _| people.bot(secret.hash())).await?;
    let who = (bot.id, client);
    let feed = Feed::open(Arc::clone(&state.hub), &state.inbox, who, loader(&state, bot.id)).await?;
    let lines = futures_util::stream::unfold(feed, |mut feed| async move {
        let line = feed.next().await?;
        Some((Ok::<String, std::convert::Infallible>(line + "\n"), feed))
    });
    let mut response = Body::from_stream(lines).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // proxies (nginx) pass each line on at once
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}
