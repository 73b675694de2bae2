//! `/api/players…` and `/api/leaderboard`: players without passwords, their pages and the
//! leaderboards. The handlers read the request, call the players' rules ([`crate::people`]) and
//! answer. A player's secret travels only in the `Ryg-Player` header, read by [`PlayerSecret`]
//! into its SHA-256; no answer or log line holds it.

use std::sync::Arc;

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::blocking::blocking;
use super::client::Client;
use super::extract::{int_param, Body, Params};
use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::game::NewGame;
use crate::people::page::{leaderboard, page, player_json};
use crate::people::rated;
use crate::people::{secret_ok, People, PeopleError};
use crate::state::AppState;
use crate::store::players::SeatHeld;
use crate::store::StoredGame;
use ryg_wide::Side;

type AppRef = State<Arc<AppState>>;

/// The header that carries a player's secret.
pub const HEADER: &str = "ryg-player";

/// The SHA-256 of the request's player secret (`Ryg-Player: SECRET`); `None` without one.
#[derive(Clone, Debug, Default)]
pub struct PlayerSecret(pub Option<String>);

impl PlayerSecret {
    pub fn hash(&self) -> Option<&str> {
        self.0.as_deref()
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PlayerSecret {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<PlayerSecret, ApiError> {
        let Some(value) = parts.headers.get(HEADER) else { return Ok(PlayerSecret(None)) };
        match value.to_str().map(str::trim) {
            // an empty header names no player
            Ok("") => Ok(PlayerSecret(None)),
            Ok(secret) if secret_ok(secret) => Ok(PlayerSecret(Some(crate::token::hash(secret)))),
            _ => Err(PeopleError::BadSecret.into()),
        }
    }
}

impl From<PeopleError> for ApiError {
    fn from(err: PeopleError) -> ApiError {
        let (status, code) = err.status();
        match err {
            PeopleError::Game(e) => e.into(),
            PeopleError::Store(e) => e.into(),
            other => ApiError::new(code, other.to_string()).with_status(status),
        }
    }
}

/// Runs `work` with the players' rules over the server's store, off the async threads.
pub async fn with_people<T: Send + 'static>(
    state: &Arc<AppState>,
    work: impl FnOnce(&People<'_>, &dyn crate::store::GameStore) -> Result<T, PeopleError> + Send + 'static,
) -> ApiResult<T> {
    let st = Arc::clone(state);
    blocking(move || {
        let store = st.store.players().ok_or_else(|| ApiError::internal("this store keeps no players"))?;
        Ok(work(&People::new(store), &*st.store)?)
    })
    .await
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NameBody {
    name: String,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct JoinBody {
    name: String,
    /// A program that plays through the bot API.
    #[serde(default)]
    bot: bool,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CodeBody {
    code: String,
}

/// `POST /api/players`: the holder of the secret becomes a player (201), or is one (200).
pub async fn join(
    State(state): AppRef,
    Client(client): Client,
    secret: PlayerSecret,
    Body(body): Body<JoinBody>,
) -> ApiResult<Response> {
    state.limits.new_game(client)?;
    let (p, new) =
        with_people(&state, move |people, _| people.join_as(secret.hash(), &body.name, body.bot, now_ms()))
            .await?;
    let status = if new { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(player_json(&p))).into_response())
}

/// `GET /api/players/me`: the secret's player, with their page.
pub async fn me(State(state): AppRef, secret: PlayerSecret) -> ApiResult<Json<Value>> {
    Ok(Json(
        with_people(&state, move |people, games| {
            let p = people.me(secret.hash())?;
            page(people.store, games, &p.public_id)
        })
        .await?,
    ))
}

/// `POST /api/players/me/name`.
pub async fn rename(
    State(state): AppRef,
    secret: PlayerSecret,
    Body(body): Body<NameBody>,
) -> ApiResult<Json<Value>> {
    let p = with_people(&state, move |people, _| people.rename(secret.hash(), &body.name)).await?;
    Ok(Json(player_json(&p)))
}

/// `POST /api/players/me/code`: a one-time code for another device.
pub async fn code(State(state): AppRef, secret: PlayerSecret) -> ApiResult<Json<Value>> {
    let (code, until) = with_people(&state, move |people, _| people.code(secret.hash(), now_ms())).await?;
    Ok(Json(json!({ "code": code, "until": until })))
}

/// `POST /api/players/claim`: this device's secret becomes the player's whose code it gives.
pub async fn claim(
    State(state): AppRef,
    Client(client): Client,
    secret: PlayerSecret,
    Body(body): Body<CodeBody>,
) -> ApiResult<Json<Value>> {
    state.limits.new_game(client)?;
    let p = with_people(&state, move |people, _| people.claim(secret.hash(), &body.code, now_ms())).await?;
    Ok(Json(player_json(&p)))
}

/// `DELETE /api/players/me`: the player and everything stored about them.
pub async fn delete(State(state): AppRef, secret: PlayerSecret) -> ApiResult<StatusCode> {
    with_people(&state, move |people, _| people.delete(secret.hash())).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/players/{id}`: a player's page, to anyone.
pub async fn show(State(state): AppRef, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    if !crate::token::is_public_id(&id) {
        return Err(PeopleError::NoSuchPlayer.into());
    }
    Ok(Json(with_people(&state, move |people, games| page(people.store, games, &id)).await?))
}

/// `GET /api/leaderboard?size=8`: the best players of a size whose rating is no longer
/// provisional.
pub async fn board(State(state): AppRef, params: Params) -> ApiResult<Json<Value>> {
    let size = int_param(&params, "size", 4..=14)?.unwrap_or(8) as u8;
    if ryg_wide::Size::new(size).is_none() {
        return Err(ApiError::bad_request(format!("bad size {size}: expected {}", ryg_wide::Size::IN_WORDS)));
    }
    Ok(Json(with_people(&state, move |people, _| leaderboard(people.store, size)).await?))
}

/// The seat the creator of `spec` takes when it asks for a rated game (checked, and its name
/// put on the seat), for [`hold_seat`] once the game is stored.
///
/// # Errors
/// A rated game that cannot be rated, or no player.
pub fn rated_seat(
    state: &AppState,
    spec: &mut NewGame,
    secret: Option<&str>,
) -> ApiResult<Option<(i64, Side)>> {
    if !spec.rated {
        return Ok(None);
    }
    let store = state.store.players().ok_or_else(|| ApiError::internal("this store keeps no players"))?;
    Ok(Some(rated::ready(store, spec, secret)?))
}

/// Notes the creator's seat of a rated game just stored.
///
/// # Errors
/// The store failed.
pub fn hold_seat(state: &AppState, g: &StoredGame, seat: Option<(i64, Side)>) -> ApiResult<()> {
    let (Some((player, side)), Some(store)) = (seat, state.store.players()) else { return Ok(()) };
    let held = SeatHeld { game: g.id, side: rated::side_index(side), player, rated: true };
    Ok(store.hold_seat(held).map_err(PeopleError::from)?)
}
