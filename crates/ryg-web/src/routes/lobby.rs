//! `/api/challenges…` and `/api/pairing`: the lobby's challenges and quick pairing. The
//! handlers read the request, call the lobby's rules ([`crate::lobby`]) and answer; the lobby's
//! stream is [`super::lobby_events`].

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use super::blocking::blocking;
use super::client::Client;
use super::extract::Body;
use super::people::PlayerSecret;
use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::lobby::challenge::{waiting_json, ChallengeSpec, PairingSpec};
use crate::lobby::rounds::{self, said};
use crate::lobby::start::{seat_json, start_match};
use crate::lobby::{Lobby, LobbyError};
use crate::people::{People, PeopleError};
use crate::state::AppState;
use crate::store::players::Player;
use crate::store::Holder;

type AppRef = State<Arc<AppState>>;

impl From<LobbyError> for ApiError {
    fn from(err: LobbyError) -> ApiError {
        let (status, code) = err.status();
        match err {
            LobbyError::People(e) => e.into(),
            LobbyError::Game(e) => e.into(),
            LobbyError::Store(e) => e.into(),
            other => ApiError::new(code, other.to_string()).with_status(status),
        }
    }
}

/// Runs `work` with the lobby and the secret's player (`None` without a secret, when `need`
/// is false), off the async threads.
async fn with_lobby<T: Send + 'static>(
    state: &Arc<AppState>,
    secret: PlayerSecret,
    need: bool,
    work: impl FnOnce(&Arc<AppState>, &Lobby<'_>, Option<Player>) -> Result<T, LobbyError> + Send + 'static,
) -> ApiResult<T> {
    let st = Arc::clone(state);
    blocking(move || {
        let players = st.store.players().ok_or(LobbyError::NoLobby)?;
        let me = match (secret.hash(), need) {
            (None, false) => None,
            (hash, _) => Some(People::new(players).me(hash)?),
        };
        Ok(work(&st, &Lobby::of(players)?, me)?)
    })
    .await
}

/// `POST /api/challenges`: a new challenge (201).
pub async fn create(
    State(state): AppRef,
    Client(client): Client,
    secret: PlayerSecret,
    Body(spec): Body<ChallengeSpec>,
) -> ApiResult<Response> {
    state.limits.new_game(client)?;
    let view = with_lobby(&state, secret, true, move |st, lobby, me| {
        let (view, told) = lobby.create(&me.ok_or(PeopleError::NoSecret)?, &spec, now_ms())?;
        said(st, told);
        Ok(view)
    })
    .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// `GET /api/challenges`: the open challenges (and a player's direct ones, with `Ryg-Player`).
pub async fn list(State(state): AppRef, secret: PlayerSecret) -> ApiResult<Json<Value>> {
    let list = with_lobby(&state, secret, false, |_, lobby, me| lobby.list(me.as_ref())).await?;
    Ok(Json(json!({ "challenges": list })))
}

/// `POST /api/challenges/{id}/accept`: the game starts (201), with the acceptor's seat.
pub async fn accept(
    State(state): AppRef,
    secret: PlayerSecret,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let (started, me) = with_lobby(&state, secret, true, move |st, lobby, me| {
        let me = me.ok_or(PeopleError::NoSecret)?;
        let (m, told) = lobby.accept(&me, &id)?;
        said(st, told);
        let started = start_match(st, &m)?;
        said(st, started.said.clone());
        Ok((started, me))
    })
    .await?;
    let seat =
        started.seats.iter().find(|s| s.player == me.id).ok_or_else(|| ApiError::internal("no seat"))?;
    let side = if seat.side == "mouse" { ryg_wide::Side::Mouse } else { ryg_wide::Side::Cats };
    let view = super::games::game_view(&state, &started.game, Some(Holder::Seat(side)));
    let mut body = seat_json(seat);
    body["view"] = serde_json::to_value(view).unwrap_or_default();
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// `POST /api/challenges/{id}/decline`: the addressee of a direct challenge declines it.
pub async fn decline(
    State(state): AppRef,
    secret: PlayerSecret,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    withdraw(state, secret, id, true).await
}

/// `DELETE /api/challenges/{id}`: the owner cancels a challenge.
pub async fn cancel(
    State(state): AppRef,
    secret: PlayerSecret,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    withdraw(state, secret, id, false).await
}

async fn withdraw(
    state: Arc<AppState>,
    secret: PlayerSecret,
    id: String,
    addressee: bool,
) -> ApiResult<StatusCode> {
    with_lobby(&state, secret, true, move |st, lobby, me| {
        said(st, lobby.withdraw(&me.ok_or(PeopleError::NoSecret)?, &id, addressee)?);
        Ok(())
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/pairing`: the player waits to be paired (202), or is paired at once (201, their
/// seat).
pub async fn join(
    State(state): AppRef,
    Client(client): Client,
    secret: PlayerSecret,
    Body(spec): Body<PairingSpec>,
) -> ApiResult<Response> {
    state.limits.new_game(client)?;
    let (status, body) = with_lobby(&state, secret, true, move |st, lobby, me| {
        let (me, now) = (me.ok_or(PeopleError::NoSecret)?, now_ms());
        let w = lobby.join(&me, &spec, now)?;
        rounds::pair(st, lobby, start_match, now)?;
        Ok(match lobby.store.seats_for(me.id, now)?.first() {
            Some(seat) => (StatusCode::CREATED, seat_json(seat)),
            None => (StatusCode::ACCEPTED, waiting_json(&w, now)),
        })
    })
    .await?;
    Ok((status, Json(body)).into_response())
}

/// `GET /api/pairing`: whether the player waits, and the seats the lobby gave them in the last
/// hour, newest first.
pub async fn show(State(state): AppRef, secret: PlayerSecret) -> ApiResult<Json<Value>> {
    let body = with_lobby(&state, secret, true, |_, lobby, me| {
        let (me, now) = (me.ok_or(PeopleError::NoSecret)?, now_ms());
        let mut body = match lobby.store.waiting(me.id)? {
            Some(w) => waiting_json(&w, now),
            None => json!({ "waiting": false }),
        };
        let seats = lobby.store.seats_for(me.id, now - 3_600_000)?;
        body["games"] = seats.iter().map(seat_json).collect();
        Ok(body)
    })
    .await?;
    Ok(Json(body))
}

/// `DELETE /api/pairing`: the player stops waiting.
pub async fn leave(State(state): AppRef, secret: PlayerSecret) -> ApiResult<StatusCode> {
    with_lobby(&state, secret, true, |_, lobby, me| {
        Ok(lobby.store.leave_queue(me.ok_or(PeopleError::NoSecret)?.id)?)
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
