//! The computer's turns in stored games: a place in the engine's queue taken before the move it
//! answers is stored, its replies played on a task of their own (whether or not anyone waits),
//! waited for a while by the request, and the replies owed recovered from the store at start
//! and on a sweep.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ryg_api::ErrorCode;
use ryg_wide::PlayerSpec;

use crate::clock::now_ms;
use crate::engine::{computer_move, is_light, Limit};
use crate::error::{ApiError, ApiResult};
use crate::fair::Whose;
use crate::game::{computer_seed, computer_to_answer};
use crate::games::{lock_game, watch_clock, with_service};
use crate::locks::Turn;
use crate::replies::Owed;
use crate::state::AppState;
use crate::store::StoredGame;
use crate::tasks::blocking;
use crate::work::Ticket;

/// How long a request waits for the computer's reply before answering without it (the reply
/// still comes, as an event of the game's stream).
fn reply_wait(state: &AppState) -> Duration {
    (state.request_timeout / 2).min(Duration::from_secs(10))
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

/// A game just stored, `g`: its clock watched (a game between two people that nobody begins is
/// aborted in time), its position closed to analysis while it is played, and the computer's
/// first replies started under its lock.
pub async fn begin(
    state: &Arc<AppState>,
    g: &StoredGame,
    owed: Option<Owed>,
    client: IpAddr,
) -> Option<Replying> {
    watch_clock(state, g);
    state.live.update(g);
    let turn = lock_game(state, g.id).await;
    start_reply(state, turn, g, owed, client, None)
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
