//! What the game handlers share: the per-game lock, the game service over the server's store,
//! the event streams and clock alarms each stored change feeds, the computer's turns, and the
//! service's errors as API errors.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use ryg_wide::PlayerSpec;

use super::view::event_json;
use crate::clock::now_ms;
use crate::engine::computer_move;
use crate::error::{ApiError, ApiResult};
use crate::events::Change;
use crate::game::{computer_seed, computer_to_answer, GameError, Games};
use crate::replies::Owed;
use crate::routes::auth::Bearer;
use crate::routes::blocking::blocking;
use crate::state::AppState;
use crate::store::{Seat, StoreError, StoredGame};
use crate::work::Ticket;

pub type AppRef = State<Arc<AppState>>;

pub use crate::locks::Turn;

impl From<GameError> for ApiError {
    fn from(err: GameError) -> ApiError {
        let (status, code) = crate::view::error_status(&err);
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        ApiError::new(status, code, err.to_string())
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> ApiError {
        GameError::Store(err).into()
    }
}

/// The game a request's path names (`/api/games/{id}/…`), as the game service resolves it: to
/// read (`GET`), a public id for anyone, a number only with a seat's token
/// ([`Games::resolve`]); to act, either (the action checks the token). 404 before the handler
/// runs otherwise.
pub struct GameRef(pub i64);

impl FromRequestParts<Arc<AppState>> for GameRef {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<GameRef, ApiError> {
        let Path(text) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::not_found("no game id in the path"))?;
        let token = Bearer::of(&parts.headers)?;
        let st = Arc::clone(state);
        let read = parts.method == axum::http::Method::GET;
        let id = blocking(move || {
            Ok(with_service(&st, |games| {
                if read {
                    games.resolve(&text, token.hash())
                } else {
                    games.resolve_to_act(&text)
                }
            })?)
        })
        .await?;
        Ok(GameRef(id))
    }
}

/// Runs `work` with the game service over the server's store: every change it stores is
/// published to the game's event streams and sets the alarm of its running clock.
pub fn with_service<T>(state: &Arc<AppState>, work: impl FnOnce(&Games<'_>) -> T) -> T {
    let changed = |g: &StoredGame| {
        state.hub.publish(g.id, Change { version: g.version, json: event_json(state, g).into() });
        watch_clock(state, g);
    };
    let exact = |size| state.tablebases.exact_on(size);
    work(&Games::new(&*state.store, &changed).with_exact(&exact))
}

/// After a change, wakes up when the running clock reaches zero and ends the game then,
/// unless the game changed meanwhile. The game's alarm replaces the one its last change set;
/// a game over or a stopped clock has none.
pub fn watch_clock(state: &Arc<AppState>, g: &StoredGame) {
    let flag_at = g.clock.and_then(|c| c.flag_at(g.game.position().side_to_move()));
    // a game between two people that nobody begins is aborted in time
    let Some(at) = flag_at.or_else(|| crate::game::abort_due(g)).filter(|_| !g.is_over()) else {
        state.alarms.clear(g.id);
        return;
    };
    let (st, id, version) = (Arc::clone(state), g.id, g.version);
    let wait = std::time::Duration::from_millis(u64::try_from(at - now_ms()).unwrap_or(0) + 1);
    state.alarms.set(id, version, wait, async move {
        let _turn = lock_game(&st, id).await;
        let st2 = Arc::clone(&st);
        let _ = blocking(move || {
            with_service(&st2, |games| {
                let mut g = games.load(id)?;
                if g.version == version && !games.abort_if_unstarted(&mut g, now_ms())? {
                    games.flag_if_due(&mut g, now_ms())?;
                }
                Ok(())
            })
        })
        .await;
    });
}

/// Holds game `id`'s lock: requests on one game take turns.
pub async fn lock_game(state: &AppState, id: i64) -> Turn {
    state.game_locks.lock(id).await
}

/// Runs `change` on game `id` under its lock, off the async threads, with the game service.
/// Returns the lock still held, for the computer's answer.
pub async fn with_game<T: Send + 'static, E: Into<ApiError>>(
    state: &Arc<AppState>,
    id: i64,
    change: impl FnOnce(&Games<'_>, &mut StoredGame) -> Result<T, E> + Send + 'static,
) -> ApiResult<(Turn, StoredGame, T)> {
    let turn = lock_game(state, id).await;
    let st = Arc::clone(state);
    let (g, out) = blocking(move || {
        with_service(&st, |games| {
            let mut g = games.load(id)?;
            let out = change(games, &mut g).map_err(Into::into)?;
            Ok((g, out))
        })
    })
    .await?;
    Ok((turn, g, out))
}

/// How long a request waits for the computer's reply before answering without it (the reply
/// still comes, as an event of the game's stream).
fn reply_wait(state: &AppState) -> Duration {
    (state.request_timeout / 2).min(Duration::from_secs(10))
}

/// Whether the computer answers moves in `g`: a person plays one side, the computer the other.
fn computer_answers(g: &StoredGame) -> bool {
    g.has_human() && !g.is_over() && [g.mouse, g.cats].iter().any(|s| matches!(s, Seat::Computer(_)))
}

/// Takes a place in the engine's queue for the computer's reply in `g`, before the move it
/// answers is stored, when the computer answers in `g` (`g.id` 0: a game not stored yet,
/// marked once it is).
///
/// # Errors
/// 429 or 503 when the queue has no room: then nothing may be stored.
pub fn owe_reply(state: &Arc<AppState>, g: &StoredGame, client: IpAddr) -> ApiResult<Option<Owed>> {
    if !computer_answers(g) {
        return Ok(None);
    }
    let ticket = state.game_work.admit(client)?;
    Ok(Some(Owed { ticket, mark: (g.id != 0).then(|| state.replies.mark(g.id)) }))
}

/// Plays the computer's replies owed in `g` (`first`: one move at that level, asked for by a
/// person; `None`: the computer's seat answers on its turns) on a task of their own, under the
/// game's lock `turn`. Waits for them a while; the game, and whether its reply is still to come
/// (then it comes as an event).
///
/// # Errors
/// When the computer's move fails (the person's move stays stored).
pub async fn answer(
    state: &Arc<AppState>,
    turn: Turn,
    g: StoredGame,
    owed: Option<Owed>,
    client: IpAddr,
    first: Option<PlayerSpec>,
) -> ApiResult<(StoredGame, bool)> {
    let Some(mut owed) = owed else { return Ok((g, false)) };
    if first.is_none() && computer_to_answer(&g).is_none() {
        return Ok((g, false));
    }
    owed.mark.get_or_insert_with(|| state.replies.mark(g.id));
    let task = tokio::spawn(reply(Arc::clone(state), turn, g.clone(), owed, client, first));
    match tokio::time::timeout(reply_wait(state), task).await {
        Ok(Ok(answered)) => answered.map(|g| (g, false)),
        Ok(Err(e)) => Err(ApiError::internal(format!("the computer's reply failed: {e}"))),
        Err(_) => Ok((g, true)),
    }
}

/// The computer's replies owed in `g`, played whether or not anyone waits for them.
async fn reply(
    state: Arc<AppState>,
    _turn: Turn,
    mut g: StoredGame,
    owed: Owed,
    client: IpAddr,
    first: Option<PlayerSpec>,
) -> ApiResult<StoredGame> {
    let Owed { ticket, mark: _mark } = owed;
    let mut ticket = Some(ticket);
    let mut level = first.or_else(|| computer_to_answer(&g));
    while let Some(now) = level {
        let mut tries = 0;
        g = loop {
            let ticket = ticket.take().unwrap_or_else(|| state.game_work.admit_anyway(client));
            match computer_plays(&state, ticket, g.clone(), now).await {
                // the store is down for a moment: the reply waits for it
                Err(e) if e.code == "storage_unavailable" && tries < 60 => {
                    tries += 1;
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                // another server sharing the store answered first: its reply is the one
                Err(e) if e.code == "conflict" && first.is_none() => {
                    let (st, id) = (Arc::clone(&state), g.id);
                    let now = blocking(move || Ok(with_service(&st, |games| games.load(id))?)).await?;
                    if computer_to_answer(&now).is_some() {
                        return Err(e);
                    }
                    break now;
                }
                Err(e) => {
                    tracing::warn!("game={}: the computer's reply failed: {}", g.id, e.message);
                    return Err(e);
                }
                Ok(g) => break g,
            }
        };
        level = if first.is_some() { None } else { computer_to_answer(&g) };
    }
    Ok(g)
}

/// One computer move by `level` for the side to move, stored, on the worker `ticket` admits.
async fn computer_plays(
    state: &Arc<AppState>,
    ticket: Ticket,
    mut g: StoredGame,
    level: PlayerSpec,
) -> ApiResult<StoredGame> {
    let st = Arc::clone(state);
    state
        .game_work
        .play(ticket, move || {
            let position = *g.game.position();
            let guard = st.thinking.begin(g.id);
            let mv = computer_move(&st.tablebases, &position, level, computer_seed(&g), &guard.thinking)?;
            drop(guard);
            if with_service(&st, |games| games.computer_played(&mut g, mv, now_ms()))? {
                st.metrics.moves_stored.inc();
            }
            Ok(g)
        })
        .await
}
