//! `GET /api/games/{id}/events`: the game's live updates as Server-Sent Events. The first
//! event is the game as stored (skipped when `Last-Event-ID` already has its version), then
//! one `game` event per change, numbered by the game's version.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast::error::RecvError;

use super::blocking::blocking;
use super::client::Client;
use super::games::{event_json, GameRef};
use crate::error::{ApiError, ApiResult};
use crate::events::Subscription;
use crate::state::AppState;

/// How long a browser waits before reconnecting.
const RETRY: Duration = Duration::from_millis(1000);
/// How often an idle stream sends a comment, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

struct Stream {
    state: Arc<AppState>,
    id: i64,
    sub: Subscription,
    /// The version last sent.
    last: i64,
    first: Option<Event>,
}

fn game_event(version: i64, json: &str) -> Event {
    Event::default().event("game").id(version.to_string()).data(json)
}

/// The game as stored, as an event, when it is newer than `last`.
async fn reload(state: &Arc<AppState>, id: i64, last: i64) -> ApiResult<Option<(i64, Event)>> {
    let st = Arc::clone(state);
    let g = blocking(move || {
        let loaded = st.store.load(id).map_err(ApiError::from)?;
        loaded.ok_or_else(|| ApiError::not_found("no such game"))
    })
    .await?;
    Ok((g.version > last).then(|| (g.version, game_event(g.version, &event_json(state, &g)))))
}

impl Stream {
    /// The next event to send, or `None` to close the stream.
    async fn next(&mut self) -> Option<Event> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        let idle = self.state.hub.limits.idle;
        loop {
            if *self.sub.shutdown.borrow() {
                return None;
            }
            let received = tokio::select! {
                _ = self.sub.shutdown.changed() => return None,
                r = tokio::time::timeout(idle, self.sub.rx.recv()) => r,
            };
            match received {
                Err(_) | Ok(Err(RecvError::Closed)) => return None,
                Ok(Ok(change)) if change.version > self.last => {
                    self.last = change.version;
                    return Some(game_event(change.version, &change.json));
                }
                Ok(Ok(_)) => {}
                // Fell behind: the game as stored holds every move since.
                Ok(Err(RecvError::Lagged(_))) => match reload(&self.state, self.id, self.last).await {
                    Ok(Some((version, event))) => {
                        self.last = version;
                        return Some(event);
                    }
                    Ok(None) => {}
                    Err(_) => return None,
                },
            }
        }
    }
}

pub async fn events(
    State(state): State<Arc<AppState>>,
    GameRef(id): GameRef,
    headers: HeaderMap,
    Client(client): Client,
) -> ApiResult<Response> {
    let last = match headers.get("last-event-id") {
        None => -1,
        Some(v) => v
            .to_str()
            .ok()
            .and_then(|t| t.trim().parse::<i64>().ok())
            .filter(|&v| v >= 0)
            .ok_or_else(|| ApiError::bad_request("bad Last-Event-ID: expected a game version number"))?,
    };
    // Subscribe before reading the game: no change can fall between the two.
    let sub = state.hub.open(id, client)?;
    let (last, first) = match reload(&state, id, last).await? {
        Some((version, event)) => (version, Some(event.retry(RETRY))),
        None => (last, None),
    };
    let stream = Stream { state: Arc::clone(&state), id, sub, last, first };
    let events = futures_util::stream::unfold(stream, |mut s| async move {
        s.next().await.map(|event| (Ok::<Event, Infallible>(event), s))
    });
    let mut response = Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)).into_response();
    // Proxies (nginx) pass each event on at once.
    response.headers_mut().insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}
