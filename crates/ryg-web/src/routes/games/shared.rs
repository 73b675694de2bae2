//! What the game handlers share: the per-game lock, the game service over the server's store,
//! the event streams and clock alarms each stored change feeds, the computer's turns, and the
//! service's errors as API errors.

use crate::error::ErrorCode;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use ryg_wide::PlayerSpec;

use super::view::{event_json, game_view, GameView};
use crate::clock::now_ms;
use crate::engine::{computer_move, is_light, Limit};
use crate::error::{ApiError, ApiResult};
use crate::events::Change;
use crate::fair::Whose;
use crate::game::{computer_seed, computer_to_answer, GameError, Games};
use crate::replies::Owed;
use crate::routes::auth::Bearer;
use crate::routes::blocking::blocking;
use crate::state::AppState;
use crate::store::{Holder, Seat, StoreError, StoredGame};
use crate::work::Ticket;

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

/// Runs `work` with the game service over the server's store: every change it stores is
/// published to the game's event streams and sets the alarm of its running clock.
pub fn with_service<T>(state: &Arc<AppState>, work: impl FnOnce(&Games<'_>) -> T) -> T {
    let changed = |g: &StoredGame| {
        state.live.update(g);
        state.hub.publish(g.id, Change { version: g.version, json: event_json(state, g).into() });
        watch_clock(state, g);
        if g.is_over() {
            crate::routes::people::settle(state, g);
        }
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

/// Runs `work` on a task of its own: it goes to its end whatever becomes of the request that
/// started it (a client that closes its connection cancels the request's future, not this).
/// A change that stores a move and starts the computer's reply runs so, in one step.
///
/// # Errors
/// `work`'s own.
pub async fn detached<T: Send + 'static>(
    work: impl std::future::Future<Output = ApiResult<T>> + Send + 'static,
) -> ApiResult<T> {
    tokio::spawn(work).await.unwrap_or_else(|e| Err(ApiError::internal(format!("task failed: {e}"))))
}

/// The computer's replies being played for a game: the task that plays them.
pub type Replying = tokio::task::JoinHandle<ApiResult<StoredGame>>;

/// Starts the computer's replies owed in `g` (`first`: one move at that level, asked for by a
/// person; `None`: the computer's seat answers on its turns) on a task of their own, under the
/// game's lock `turn`, at once (no await: called in the step that stored the move).
pub fn start_reply(
    state: &Arc<AppState>,
    turn: Turn,
    g: &StoredGame,
    owed: Option<Owed>,
    client: IpAddr,
    first: Option<PlayerSpec>,
) -> Option<Replying> {
    let mut owed = owed?;
    if first.is_none() && computer_to_answer(g).is_none() {
        return None;
    }
    owed.mark.get_or_insert_with(|| state.replies.mark(g.id));
    Some(tokio::spawn(reply(Arc::clone(state), turn, g.clone(), owed, client, first)))
}

/// Waits a while for the replies `replying` plays in `g`; the game, and whether its reply is
/// still to come (then it comes as an event).
///
/// # Errors
/// When the computer's move fails (the person's move stays stored).
pub async fn wait_reply(
    state: &AppState,
    g: StoredGame,
    replying: Option<Replying>,
) -> ApiResult<(StoredGame, bool)> {
    let Some(task) = replying else { return Ok((g, false)) };
    match tokio::time::timeout(reply_wait(state), task).await {
        // stopped by the shutdown: the reply is still owed, played after the restart
        Ok(Ok(Err(e))) if e.code == ErrorCode::ShuttingDown => Ok((g, true)),
        // given up (the game ended meanwhile): the game as it is now is the answer's
        Ok(Ok(Err(e))) if e.code == ErrorCode::GameOver => Ok((g, false)),
        Ok(Ok(answered)) => answered.map(|g| (g, false)),
        Ok(Err(e)) => Err(ApiError::internal(format!("the computer's reply failed: {e}"))),
        Err(_) => Ok((g, true)),
    }
}

/// The address the server's own work is counted under (replies recovered from the store).
pub const SERVER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED);

/// How often the store is swept for replies nobody plays.
const SWEEP_EVERY: Duration = Duration::from_secs(30);

/// A sweep plays the replies of games unchanged for this long (younger ones may be under way
/// on another server sharing the store) and changed within [`SWEEP_WITHIN_SECS`].
const SWEEP_AFTER_MS: i64 = 60_000;
const SWEEP_WITHIN_SECS: u64 = 3600;

/// Plays the replies the store says are owed and nobody plays (a crash, a restart, a reply that
/// failed): at start every one, then every [`SWEEP_EVERY`] those of the last hour's games.
pub fn recover_replies(state: &Arc<AppState>) {
    let st = Arc::clone(state);
    tokio::spawn(async move {
        let mut within = None;
        loop {
            let s = Arc::clone(&st);
            let found =
                blocking(move || Ok(with_service(&s, |games| games.owed_replies(now_ms(), within))?)).await;
            match found {
                Ok(owed) => {
                    let before = now_ms() - SWEEP_AFTER_MS;
                    for g in owed {
                        let settled = crate::store::iso_ms(&g.updated_at).is_none_or(|t| t <= before);
                        if (within.is_none() || settled) && !st.replies.is_owed(g.id) {
                            let (st, id) = (Arc::clone(&st), g.id);
                            tokio::spawn(async move { drop(recover(st, id).await) });
                        }
                    }
                }
                Err(e) => tracing::warn!("looking for the computer's replies owed: {}", e.message),
            }
            within = Some(SWEEP_WITHIN_SECS);
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    });
}

/// Plays game `id`'s owed reply, unless someone does already (or none is owed). Its work waits
/// for a worker in the queue of the game's creator (the hash of its address the store keeps),
/// not in one queue of the server's own: replies recovered for many players take turns as
/// their own moves would, and one address's backlog holds up no one else's reply.
///
/// # Errors
/// When the game cannot be read (the store down: `storage_unavailable`).
async fn recover(state: Arc<AppState>, id: i64) -> ApiResult<()> {
    let turn = lock_game(&state, id).await;
    if state.replies.is_owed(id) {
        return Ok(());
    }
    let st = Arc::clone(&state);
    let g = blocking(move || Ok(with_service(&st, |games| games.load(id))?)).await?;
    let whose = recovered_whose(&g);
    let owed = Owed { ticket: state.game_work.admit_anyway(SERVER, whose), mark: None };
    if let Some(task) = start_reply(&state, turn, &g, Some(owed), SERVER, None) {
        let _ = task.await;
    }
    Ok(())
}

/// Plays the computer's replies owed in game `id`, which the server made itself (a
/// tournament's), on a task of their own.
pub fn play_owed(state: &Arc<AppState>, id: i64) {
    let st = Arc::clone(state);
    tokio::spawn(async move { drop(recover(st, id).await) });
}

/// The queue a reply the server owes by itself waits in: its game creator's, else the game's.
fn recovered_whose(g: &StoredGame) -> Whose {
    g.creator.clone().map_or(Whose::Game(g.id), Whose::Creator)
}

/// After a change of game `id` whose COMMIT's answer was lost (`503 commit_unknown`: it may be
/// stored): as soon as the store answers again, the computer's reply is played if the change
/// was stored and the computer is to move — the player need not send the move again for it
/// (sent again with its ply, it finds the move and the reply there). Tries every second for a
/// minute, as a reply does; the sweep covers a longer outage.
pub fn settle_unknown(state: &Arc<AppState>, id: i64) {
    let st = Arc::clone(state);
    tokio::spawn(async move {
        for _ in 0..60 {
            tokio::time::sleep(Duration::from_millis(500)).await;
            match recover(Arc::clone(&st), id).await {
                Err(e) if matches!(e.code, ErrorCode::StorageUnavailable | ErrorCode::CommitUnknown) => {
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                _ => return,
            }
        }
    });
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
    // the next replies (the computer against itself) wait in the same queue as the first
    let whose = ticket.whose().clone();
    let mut ticket = Some(ticket);
    let mut level = first.or_else(|| computer_to_answer(&g));
    while let Some(now) = level {
        let mut tries = 0;
        g = loop {
            let ticket = ticket.take().unwrap_or_else(|| state.game_work.admit_anyway(client, whose.clone()));
            match computer_plays(&state, ticket, g.clone(), now).await {
                // the store is down for a moment: the reply waits for it
                Err(e)
                    if matches!(e.code, ErrorCode::StorageUnavailable | ErrorCode::CommitUnknown)
                        && tries < 60 =>
                {
                    tries += 1;
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                // another server sharing the store answered first: its reply is the one
                Err(e) if e.code == ErrorCode::Conflict && first.is_none() => {
                    let (st, id) = (Arc::clone(&state), g.id);
                    let now = blocking(move || Ok(with_service(&st, |games| games.load(id))?)).await?;
                    if computer_to_answer(&now).is_some() {
                        return Err(e);
                    }
                    break now;
                }
                Err(e) if e.code == ErrorCode::ShuttingDown => return Err(e),
                Err(e)
                    if state
                        .replies
                        .abandon_flag(g.id)
                        .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed)) =>
                {
                    return Err(e)
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

/// A reply the shutdown stopped: it stays owed in the store and is played after the restart.
fn shutting_down() -> ApiError {
    ApiError::new(
        ErrorCode::ShuttingDown,
        "the server is shutting down: the computer's reply is played when it starts again",
    )
    .retry_after(5)
}

/// One computer move by `level` for the side to move, stored, on the worker `ticket` admits.
async fn computer_plays(
    state: &Arc<AppState>,
    ticket: Ticket,
    mut g: StoredGame,
    level: PlayerSpec,
) -> ApiResult<StoredGame> {
    let st = Arc::clone(state);
    let light = is_light(&state.tablebases, g.game.position(), level);
    let abandon = state.replies.abandon_flag(g.id).unwrap_or_default();
    let given_up = Arc::clone(&abandon);
    let playing = state.game_work.play(ticket, light, move || {
            if st.stopping.load(std::sync::atomic::Ordering::Relaxed) {
                return Err(shutting_down());
            }
            if abandon.load(std::sync::atomic::Ordering::Relaxed) {
                return Err(abandoned());
            }
            let position = *g.game.position();
            // the time limit counts from the search's start, not from its wait for a worker
            let deadline = Instant::now() + Duration::from_millis(st.game_work.limits().move_ms);
            let limit = Limit {
                deadline: Some(deadline),
                stop: Some(Arc::clone(&st.stopping)),
                abandon: Some(Arc::clone(&abandon)),
            };
            let guard = st.thinking.begin(g.id, limit);
            let mv = computer_move(&st.tablebases, &position, level, computer_seed(&g), &guard.thinking)?;
            if guard.thinking.shut_down() {
                // cut short by the shutdown: not played, still owed (played after the restart)
                return Err(shutting_down());
            }
            if guard.thinking.abandoned() {
                return Err(abandoned());
            }
            if guard.thinking.cut.load(std::sync::atomic::Ordering::Relaxed) {
                tracing::info!(
                    "game={}: {level} stopped at the time limit of a move (--move-ms {}) after depth {}: it plays the best move found",
                    g.id,
                    st.game_work.limits().move_ms,
                    guard.thinking.depth.load(std::sync::atomic::Ordering::Relaxed)
                );
            }
            drop(guard);
            if with_service(&st, |games| games.computer_played(&mut g, mv, now_ms()))? {
                st.metrics.moves_stored.inc();
            }
            Ok(g)
        });
    // a reply given up stops waiting for a worker too (a search under way stops by its flag)
    tokio::select! {
        played = playing => played,
        () = raised(&given_up) => Err(abandoned()),
    }
}

/// Waits until `flag` is raised.
async fn raised(flag: &std::sync::atomic::AtomicBool) {
    while !flag.load(std::sync::atomic::Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A reply given up: its player resigned while the computer thought.
fn abandoned() -> ApiError {
    ApiError::new(ErrorCode::GameOver, "the computer's reply was given up: the game ended")
}
