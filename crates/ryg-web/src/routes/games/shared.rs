//! What the game handlers share: the game a path names, a seat holder's change under the game's
//! lock, and the service's errors as API errors; the game service over the server's store
//! ([`crate::games`]) and the computer's turns ([`crate::computer`]), re-exported for them.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;

use super::view::{game_view, GameView};
use crate::clock::now_ms;
use crate::error::{ApiError, ApiResult};
use crate::game::{GameError, Games};
use crate::routes::auth::Bearer;
use crate::routes::blocking::blocking;
use crate::state::AppState;
use crate::store::{Holder, StoreError, StoredGame};

pub use crate::computer::{begin, settle_unknown, start_reply, wait_reply};
pub use crate::games::{lock_game, owe_reply, with_service};
pub use crate::tasks::detached;

pub type AppRef = State<Arc<AppState>>;

pub use crate::locks::Turn;

impl From<GameError> for ApiError {
    fn from(err: GameError) -> ApiError {
        let (status, code) = crate::view::error_status(&err);
        if let GameError::Store(StoreError::Query(_)) = &err {
            // a query that failed or a stored game that does not read back ("game 12: move 3:
            // …"): said in full to the operator's log, not to the client, which must not learn
            // the store's numbers
            tracing::error!("{err}");
            return ApiError::new(code, "the game store failed: the server's log says how")
                .with_status(status);
        }
        let api = ApiError::new(code, err.to_string()).with_status(status);
        match err {
            // waiting will not help: no Retry-After
            GameError::TooManyGames { .. } => api.retry_after(0),
            _ => api,
        }
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

/// Who asks for a change of a game: the client's address, charged for it once the token sent
/// (its hash) proves a seat of the game ([`crate::routes::client::charge`]).
#[derive(Clone, Debug)]
pub struct Asker {
    pub client: IpAddr,
    pub token: Option<String>,
}

impl Asker {
    pub fn new(client: IpAddr, token: &Bearer) -> Asker {
        Asker { client, token: token.0.clone() }
    }
}

/// Runs `change` on game `id` under its lock, off the async threads, with the game service,
/// after charging `asker` for it (`None`: charged already). Returns the lock still held, for
/// the computer's answer.
pub async fn with_game<T: Send + 'static, E: Into<ApiError>>(
    state: &Arc<AppState>,
    id: i64,
    asker: Option<Asker>,
    change: impl FnOnce(&Games<'_>, &mut StoredGame) -> Result<T, E> + Send + 'static,
) -> ApiResult<(Turn, StoredGame, T)> {
    let turn = lock_game(state, id).await;
    let st = Arc::clone(state);
    let (g, out) = blocking(move || {
        with_service(&st, |games| {
            let mut g = games.load(id)?;
            let charged = match &asker {
                Some(asker) => crate::routes::client::charge(&st, asker.client, &g, asker.token.as_deref())?,
                None => false,
            };
            let out: ApiResult<T> = change(games, &mut g).map_err(Into::into);
            if let Some(asker) = &asker {
                crate::routes::client::refund(&st, asker.client, charged, &out);
            }
            Ok((g, out?))
        })
    })
    .await?;
    Ok((turn, g, out))
}

/// A seat holder's change of game `id` through [`with_game`], charged to `client` once the
/// token is checked: `change` gets the token's hash and the time and says which seat the token
/// holds; the answer is the game as that seat sees it.
pub async fn seat_change<E: Into<ApiError>>(
    state: &Arc<AppState>,
    client: IpAddr,
    id: i64,
    token: Bearer,
    change: impl FnOnce(&Games<'_>, &mut StoredGame, Option<&str>, i64) -> Result<Holder, E> + Send + 'static,
) -> ApiResult<axum::Json<GameView>> {
    let asker = Some(Asker::new(client, &token));
    let (_turn, g, you) =
        with_game(state, id, asker, move |games, g| change(games, g, token.hash(), now_ms())).await?;
    Ok(axum::Json(game_view(state, &g, Some(you))))
}
