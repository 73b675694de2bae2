//! The lobby's rounds, once a second on every server: the players present here are noted in the
//! store, those gone for [`super::LEAVE_AFTER_MS`] leave the lobby, and a pairing round starts
//! the games of the players it pairs. A player's joining runs a round at once too.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use super::start::{Match, Started};
use super::{tell, Lobby, LobbyError};
use crate::clock::now_ms;
use crate::state::AppState;

/// How often a server runs a round.
pub const EVERY: Duration = Duration::from_secs(1);

/// How a server starts a game the lobby made (stored through its game service).
pub type Starter = fn(&Arc<AppState>, &Match) -> Result<Started, LobbyError>;

/// One round at `now`: presence, expiry, pairing. Blocking (the store's calls).
///
/// # Errors
/// The store failed.
pub fn once(state: &Arc<AppState>, start: Starter, now: i64) -> Result<usize, LobbyError> {
    let players = state.store.players().ok_or(LobbyError::NoLobby)?;
    let lobby = Lobby::of(players)?;
    lobby.store.touch(&state.presence.present(), now)?;
    said(state, lobby.expire(now)?);
    let matches = lobby.round(now)?;
    let n = matches.len();
    for m in matches {
        match start(state, &m) {
            Ok(started) => said(state, started.said),
            // the pair is out of the queue: say so in the log (the players may join again)
            Err(e) => tracing::error!("starting a paired game: {e}"),
        }
    }
    Ok(n)
}

/// Runs [`once`] every [`EVERY`] until the server stops.
pub fn run(state: &Arc<AppState>, start: Starter) {
    let st = Arc::clone(state);
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        while !st.stopping.load(Ordering::Relaxed) {
            ticks.tick().await;
            let s = Arc::clone(&st);
            let done = tokio::task::spawn_blocking(move || once(&s, start, now_ms())).await;
            if let Ok(Err(e)) = done {
                tracing::warn!("a lobby round: {e}");
            }
        }
    });
}

/// Sends what the lobby said to this server's streams (see [`tell`]).
pub fn said(state: &AppState, said: super::Said) {
    tell(&state.hub, said);
}
