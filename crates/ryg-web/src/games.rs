//! The game service over the server's store: every change it stores goes to the game's event
//! streams and clock alarm, and a finished rated game is settled; the per-game lock; a game's
//! view on this server.

use std::net::IpAddr;
use std::sync::Arc;

use crate::clock::now_ms;
use crate::error::ApiResult;
use crate::events::Change;
use crate::game::{Games, Rematch};
use crate::locks::Turn;
use crate::replies::Owed;
use crate::state::AppState;
use crate::store::{Holder, Seat, StoredGame};
use crate::tasks::blocking;
use crate::view::GameView;

/// Runs `work` with the game service over the server's store: every change it stores is
/// published to the game's event streams and sets the alarm of its running clock.
pub fn with_service<T>(state: &Arc<AppState>, work: impl FnOnce(&Games<'_>) -> T) -> T {
    let changed = |g: &StoredGame| {
        state.live.update(g);
        state.hub.publish(g.id, Change { version: g.version, json: event_json(state, g).into() });
        watch_clock(state, g);
        if g.is_over() {
            settle(state, g);
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

/// Settles `g`, just stored over, if it is a rated game (a failure is the log's: the game's end
/// stands).
fn settle(state: &AppState, g: &StoredGame) {
    let Some(store) = state.store.players() else { return };
    if let Err(e) = crate::people::rated::settle(store, g, now_ms()) {
        tracing::error!("rating game {}: {e}", g.public_id);
    }
}

/// The view of `g` now on `state`'s server, for the holder `you`: whether its computer's reply
/// is queued too.
pub fn game_view(state: &AppState, g: &StoredGame, you: Option<Holder>) -> GameView {
    GameView::at(g, you, now_ms()).queued(state.replies.owes(g))
}

/// The view of a game as its stream sends it.
pub fn event_json(state: &AppState, g: &StoredGame) -> String {
    serde_json::to_string(&game_view(state, g, None)).unwrap_or_default()
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

/// Game `g`'s rematch, asked for by the seat whose token hashes to `token`, from `client`: a
/// rematch that stores a new game is a game created, for every limit on creations, and the
/// computer's first move in the new game has its place in the engine's queue before it is
/// stored.
///
/// # Errors
/// A limit refuses, or the game service refuses the rematch.
pub fn rematch(
    state: &Arc<AppState>,
    games: &Games<'_>,
    g: &mut StoredGame,
    token: Option<&str>,
    client: IpAddr,
) -> ApiResult<(Rematch, Option<Owed>)> {
    if crate::game::rematch_creates(g, token) {
        state.limits.new_game(client)?;
    }
    let new = StoredGame { id: 0, end: None, game: ryg_wide::Game::new(g.start), ..g.clone() };
    let owed = owe_reply(state, &new, client)?;
    let (creator, most) =
        (crate::limits::creator_hash(client), state.limits.limits.games_per_client as usize);
    let rematch = games.rematch_by(g, token, now_ms(), Some((&creator, most)))?;
    Ok((rematch, owed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Created, NewGame};
    use ryg_wide::Side;

    /// A server's state over a SQLite store in `dir`.
    fn state(dir: &std::path::Path) -> Arc<AppState> {
        let db = dir.join("games.sqlite3");
        let store = crate::store::sqlite::SqliteStore::open(&db).unwrap();
        AppState::new(Box::new(store), &crate::Config::new("127.0.0.1", 0, db))
    }

    fn create(state: &Arc<AppState>, mouse: &str, cats: &str) -> Created {
        let spec = NewGame {
            mouse: Some(mouse.into()),
            cats: Some(cats.into()),
            seed: Some(1),
            ..NewGame::default()
        };
        with_service(state, |games| games.create(&spec, now_ms())).unwrap()
    }

    const CLIENT: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    #[tokio::test]
    async fn a_reply_takes_its_place_only_where_the_computer_answers() {
        let dir = tempfile::tempdir().unwrap();
        let state = state(dir.path());
        let people = create(&state, "human", "human").game;
        assert!(owe_reply(&state, &people, CLIENT).unwrap().is_none());
        let computer = create(&state, "human", "3").game;
        let owed = owe_reply(&state, &computer, CLIENT).unwrap().expect("the computer answers");
        assert!(state.replies.is_owed(computer.id), "marked owed while its place is held");
        drop(owed);
        assert!(!state.replies.is_owed(computer.id));
    }

    #[tokio::test]
    async fn a_rematch_against_the_computer_is_a_new_game_with_its_reply_placed() {
        let dir = tempfile::tempdir().unwrap();
        let state = state(dir.path());
        let created = create(&state, "human", "3");
        let token = crate::token::hash(&created.tokens.iter().find(|(s, _)| *s == Side::Mouse).unwrap().1);
        let mut g = created.game;
        // an unfinished game has no rematch
        let err = with_service(&state, |games| rematch(&state, games, &mut g.clone(), Some(&token), CLIENT));
        assert!(err.is_err());
        with_service(&state, |games| games.resign(&mut g, Some(&token), now_ms())).unwrap();
        let (done, owed) =
            with_service(&state, |games| rematch(&state, games, &mut g, Some(&token), CLIENT)).unwrap();
        let Rematch::Ready(new) = done else { panic!("against the computer a rematch is ready at once") };
        assert_ne!(new.id, g.id);
        assert!(!new.is_over());
        // the seats swap: the computer has the mouse, and its first move has its place (marked
        // owed once the reply starts)
        assert!(matches!(new.mouse, Seat::Computer(_)));
        assert!(owed.is_some());
    }
}
