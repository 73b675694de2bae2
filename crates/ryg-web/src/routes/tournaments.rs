//! `/api/tournaments…`: create a tournament, enter it, follow its standings, and the host's
//! actions. The handlers read the request, call the tournaments' service
//! ([`crate::tournament::service`]) and answer; the host's secret travels as
//! `Authorization: Bearer SECRET`, a player's as `Ryg-Player`.

use std::convert::Infallible;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::auth::Bearer;
use super::blocking::blocking;
use super::client::Client;
use super::extract::Body;
use super::people::PlayerSecret;
use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::tournament::service::{self, NewTournament};
use crate::tournament::stream::Standings;
use crate::tournament::Tournament;

type AppRef = State<Arc<AppState>>;

/// A tournament's public id from the path.
fn checked(id: String) -> ApiResult<String> {
    if crate::token::is_public_id(&id) {
        Ok(id)
    } else {
        Err(ApiError::not_found("no such tournament"))
    }
}

/// Runs `work` off the async threads, then advances the tournament (its games due are made
/// at once, not at the next sweep) and answers with its view.
async fn then_view(
    state: &Arc<AppState>,
    id: String,
    host: Option<String>,
    work: impl FnOnce(&Arc<AppState>) -> ApiResult<()> + Send + 'static,
) -> ApiResult<Value> {
    let st = Arc::clone(state);
    blocking(move || {
        work(&st)?;
        service::advance(&st, &id, now_ms())?;
        let (s, t) = service::load(&st, &id)?;
        Ok(service::view(&id, s.version, &t, service::is_host(&s, host.as_deref())))
    })
    .await
}

/// `POST /api/tournaments`: a new tournament; its link's id and the host's secret (201).
pub async fn create(
    State(state): AppRef,
    Client(client): Client,
    Body(body): Body<NewTournament>,
) -> ApiResult<Response> {
    state.limits.new_game(client)?;
    let st = Arc::clone(&state);
    let (id, secret) = blocking(move || service::create(&st, &body, now_ms())).await?;
    let hash = crate::token::hash(&secret);
    let view = then_view(&state, id.clone(), Some(hash), |_| Ok(())).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "host_secret": secret, "tournament": view })))
        .into_response())
}

/// `GET /api/tournaments/{id}`: the tournament, its standings and games.
pub async fn show(State(state): AppRef, Path(id): Path<String>, host: Bearer) -> ApiResult<Json<Value>> {
    let id = checked(id)?;
    Ok(Json(then_view(&state, id, host.0, |_| Ok(())).await?))
}

/// What entering takes: nothing for the request's player, a computer level from the host.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct EnterBody {
    computer: Option<String>,
}

/// `POST /api/tournaments/{id}/entrants`: the request's player enters, or the host enters a
/// computer level.
pub async fn enter(
    State(state): AppRef,
    Path(id): Path<String>,
    host: Bearer,
    secret: PlayerSecret,
    Body(body): Body<EnterBody>,
) -> ApiResult<Response> {
    let id = checked(id)?;
    let (i, h) = (id.clone(), host.0.clone());
    let view = then_view(&state, id, host.0, move |st| {
        match body.computer {
            Some(level) => service::enter_computer(st, &i, h.as_deref(), &level)?,
            None => service::join(st, &i, secret.hash())?,
        };
        Ok(())
    })
    .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// `GET /api/tournaments/{id}/me`: the request's player's entrant and the game they play now,
/// with its seat's token.
pub async fn mine(
    State(state): AppRef,
    Path(id): Path<String>,
    secret: PlayerSecret,
) -> ApiResult<Json<Value>> {
    let id = checked(id)?;
    let st = Arc::clone(&state);
    Ok(Json(blocking(move || service::mine(&st, &id, secret.hash())).await?))
}

/// A host's action on tournament `id`.
async fn host_action(
    state: &Arc<AppState>,
    id: String,
    host: Bearer,
    action: impl FnMut(&mut Tournament) -> Result<(), crate::tournament::TournamentError> + Send + 'static,
) -> ApiResult<Json<Value>> {
    let id = checked(id)?;
    let (i, h) = (id.clone(), host.0.clone());
    let view = then_view(state, id, host.0, move |st| {
        service::change(st, &i, Some(h.as_deref()), action)?;
        Ok(())
    })
    .await?;
    Ok(Json(view))
}

/// `POST /api/tournaments/{id}/start`.
pub async fn start(State(state): AppRef, Path(id): Path<String>, host: Bearer) -> ApiResult<Json<Value>> {
    host_action(&state, id, host, |t| t.start(now_ms())).await
}

/// `POST /api/tournaments/{id}/pause`.
pub async fn pause(State(state): AppRef, Path(id): Path<String>, host: Bearer) -> ApiResult<Json<Value>> {
    host_action(&state, id, host, |t| t.pause(now_ms())).await
}

/// `POST /api/tournaments/{id}/resume`.
pub async fn resume(State(state): AppRef, Path(id): Path<String>, host: Bearer) -> ApiResult<Json<Value>> {
    host_action(&state, id, host, |t| t.resume(now_ms())).await
}

/// `POST /api/tournaments/{id}/end`.
pub async fn end(State(state): AppRef, Path(id): Path<String>, host: Bearer) -> ApiResult<Json<Value>> {
    host_action(&state, id, host, Tournament::end).await
}

/// `DELETE /api/tournaments/{id}/entrants/{n}`: the host removes entrant `n`.
pub async fn remove(
    State(state): AppRef,
    Path((id, n)): Path<(String, String)>,
    host: Bearer,
) -> ApiResult<Json<Value>> {
    let n: u32 = n.parse().map_err(|_| ApiError::not_found("no such entrant in this tournament"))?;
    host_action(&state, id, host, move |t| t.remove(n)).await
}

/// `GET /api/tournaments/{id}/events`: the tournament's view each time it changes (Server-Sent
/// Events, `tournament` events numbered by its version).
pub async fn events(
    State(state): AppRef,
    Path(id): Path<String>,
    host: Bearer,
    Client(client): Client,
) -> ApiResult<Response> {
    let id = checked(id)?;
    let standings = Standings::open(&state, id, host.0, client).await?;
    let events = futures_util::stream::unfold(standings, |mut s| async move {
        let (version, json) = s.next().await?;
        Some((
            Ok::<Event, Infallible>(Event::default().event("tournament").id(version.to_string()).data(json)),
            s,
        ))
    });
    let mut response = Sse::new(events)
        .keep_alive(KeepAlive::new().interval(std::time::Duration::from_secs(15)))
        .into_response();
    response.headers_mut().insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}
