//! The server's upkeep, apart from its requests: the clocks of running games watched after a
//! start or another server's change, the hourly clean-up of old games, and the changes other
//! servers store in a shared database sent to this server's streams.

use std::sync::Arc;

use crate::error::ApiError;
use crate::games;
use crate::state::AppState;
use crate::store::StoredGame;
use crate::tasks::blocking;

/// Sets the flag-fall alarms of the games whose clock ran when the server last stopped.
pub fn watch_clocks(state: &Arc<AppState>, ids: &[i64]) {
    for &id in ids {
        let st = Arc::clone(state);
        tokio::spawn(async move {
            let st2 = Arc::clone(&st);
            let loaded =
                blocking(move || st2.store.load(id).map_err(|e| ApiError::internal(e.to_string()))).await;
            if let Ok(Some(g)) = loaded {
                games::watch_clock(&st, &g);
            }
        });
    }
}

/// Deletes the games the retention policy no longer keeps (see [`crate::game::Games::clean`])
/// now and then every hour, and says in the log what went.
pub fn clean_hourly(state: &Arc<AppState>, keep_days: Option<u64>) {
    let st = Arc::clone(state);
    tokio::spawn(async move {
        loop {
            let s = Arc::clone(&st);
            let cleaned = blocking(move || {
                Ok(games::with_service(&s, |games| games.clean(crate::clock::now_ms(), keep_days))?)
            })
            .await;
            match cleaned {
                Ok((0, 0)) => {}
                Ok((unplayed, old)) => eprintln!(
                    "ryg: deleted {unplayed} games never moved for a day and {old} unchanged for longer than --keep-days"
                ),
                Err(e) => eprintln!("ryg: error: cleaning old games: {}", e.message),
            }
            tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
        }
    });
}

/// A change another server stored in the shared database (game `id`; 0: changes may have been
/// missed, and the clocks are looked at again): sent to this server's streams of the game, and
/// its clock watched here too, so a flag falls whichever server notices first.
pub async fn remote_change(state: Arc<AppState>, id: i64) {
    if id == 0 {
        let st = Arc::clone(&state);
        if let Ok(ids) =
            blocking(move || st.store.running_clocks().map_err(|e| ApiError::internal(e.to_string()))).await
        {
            watch_clocks(&state, &ids);
        }
        return;
    }
    let st = Arc::clone(&state);
    let loaded = blocking(move || st.store.load(id).map_err(|e| ApiError::internal(e.to_string()))).await;
    if let Ok(Some(g)) = loaded {
        remote_game(&state, &g);
    }
}

/// `g`, as another server stored it, to this server's watchers and clocks.
pub fn remote_game(state: &Arc<AppState>, g: &StoredGame) {
    state.live.update(g);
    state.hub.publish(
        g.id,
        crate::events::Change { version: g.version, json: games::event_json(state, g).into() },
    );
    games::watch_clock(state, g);
}
