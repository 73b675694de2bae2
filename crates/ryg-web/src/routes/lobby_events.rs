//! `GET /api/lobby/events`: the lobby's live list as Server-Sent Events — a `snapshot` of the
//! open challenges, then `added` and `removed` — and, with `Ryg-Player`, that player's own news:
//! `challenge` (a direct challenge to or from them), `game` (a game the lobby started for them,
//! with their seat's token). While it is open its player is in the lobby.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::HeaderValue;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::blocking::blocking;
use super::client::Client;
use super::people::PlayerSecret;
use crate::error::{ApiError, ApiResult};
use crate::events::{Heard, Hub, Notices, Topic};
use crate::lobby::presence::Here;
use crate::lobby::Lobby;
use crate::people::People;
use crate::state::AppState;
use crate::store::players::Player;

/// How often an idle stream sends a comment, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

struct Stream {
    state: Arc<AppState>,
    me: Option<Player>,
    notices: Notices,
    first: Option<Event>,
    _here: Option<Here>,
}

/// The snapshot event: the challenges `me` sees now.
async fn snapshot(state: &Arc<AppState>, me: Option<Player>) -> ApiResult<Event> {
    let st = Arc::clone(state);
    let list = blocking(move || {
        let players = st.store.players().ok_or_else(|| ApiError::internal("this store keeps no players"))?;
        Ok(Lobby::of(players)?.list(me.as_ref())?)
    })
    .await?;
    Ok(Event::default().event("snapshot").data(json!({ "challenges": list }).to_string()))
}

impl Stream {
    async fn next(&mut self) -> Option<Event> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        match self.notices.next().await? {
            Heard::Notice(n) => Some(Event::default().event(n.event).data(&*n.json)),
            Heard::Behind => snapshot(&self.state, self.me.clone()).await.ok(),
        }
    }
}

pub async fn events(
    State(state): State<Arc<AppState>>,
    Client(client): Client,
    secret: PlayerSecret,
) -> ApiResult<Response> {
    let me = match secret.hash().map(str::to_owned) {
        None => None,
        Some(hash) => {
            let st = Arc::clone(&state);
            Some(
                blocking(move || {
                    Ok(People::new(st.store.players().ok_or(ApiError::internal("no players"))?)
                        .me(Some(&hash))?)
                })
                .await?,
            )
        }
    };
    let mut topics = vec![Topic::Lobby];
    topics.extend(me.as_ref().map(|p| Hub::player(p.id)));
    // subscribe before reading the list: no change can fall between the two
    let notices = state.hub.open_topics(&topics, client)?;
    let first = Some(snapshot(&state, me.clone()).await?.retry(Duration::from_millis(1000)));
    let here = me.as_ref().map(|p| state.presence.enter(p.id));
    let stream = Stream { state: Arc::clone(&state), me, notices, first, _here: here };
    let events = futures_util::stream::unfold(stream, |mut s| async move {
        s.next().await.map(|event| (Ok::<Event, Infallible>(event), s))
    });
    let mut response = Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)).into_response();
    response.headers_mut().insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}
