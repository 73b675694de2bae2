//! The lobby's rounds, once a second on every server: the players present here are noted in the
//! store, those gone for [`super::LEAVE_AFTER_MS`] leave the lobby, and a pairing round starts
//! the games of the players it pairs. A player's joining runs the pairing step at once too.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use super::start::{seat_json, Match, Started};
use super::{tell, Lobby, LobbyError};
use crate::clock::now_ms;
use crate::events::{Notice, Topic};
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
    pair(state, &lobby, start, now)
}

/// The pairing step of a round alone, as a player's joining runs it: the games of the players
/// it pairs are started. Presence and expiry stay the once-a-second round's, so a join costs
/// the same however many players are in the lobby.
///
/// # Errors
/// The store failed.
pub fn pair(state: &Arc<AppState>, lobby: &Lobby<'_>, start: Starter, now: i64) -> Result<usize, LobbyError> {
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

/// Sends what the lobby said to this server's streams (see [`tell`]) and to the other servers
/// sharing the store. Blocking.
pub fn said(state: &AppState, said: super::Said) {
    if let Some(lobby) = state.store.players().and_then(|p| p.lobby()) {
        for (topic, n) in &said {
            if let Err(e) = lobby.announce(&wire(*topic, n)) {
                tracing::warn!("telling the other servers of the lobby: {e}");
            }
        }
    }
    to_bots(state, &said);
    tell(&state.hub, said);
}

/// What a player's own news says, to that player's bot stream too (`bots::inbox`): a direct
/// challenge to them (not one they made), and a game the lobby seated them in. Blocking.
fn to_bots(state: &AppState, said: &super::Said) {
    let Some(players) = state.store.players() else { return };
    for (topic, n) in said {
        let Topic::Player(player) = *topic else { continue };
        let Ok(json) = serde_json::from_str::<Value>(&n.json) else { continue };
        match n.event {
            "challenge" => {
                let to_me = players
                    .player_by_id(player)
                    .ok()
                    .flatten()
                    .is_some_and(|me| json["to"]["id"] == me.public_id.as_str());
                if to_me {
                    state.inbox.challenge(player, &json);
                }
            }
            "game" => {
                let number = json["game"].as_str().and_then(|id| state.store.id_of(id).ok().flatten());
                if let Some(number) = number {
                    state.inbox.deliver(player, crate::bots::inbox::Notice::Seated(number));
                }
            }
            _ => {}
        }
    }
}

/// What another server's lobby said (see [`wire`]), to this server's streams: a seat's token,
/// which never travels between servers, read from the store. Blocking.
pub fn heard(state: &AppState, message: &str) {
    let Some((topic, event, mut json)) = unwire(message) else { return };
    if let (Topic::Player(player), "game") = (topic, event) {
        let Some(lobby) = state.store.players().and_then(|p| p.lobby()) else { return };
        let seats = lobby.seats_for(player, 0).unwrap_or_default();
        let Some(seat) = seats.iter().find(|s| json["game"] == s.game.as_str()) else { return };
        json = seat_json(seat);
    }
    let said = vec![(topic, Notice { event, json: Arc::from(json.to_string()) })];
    to_bots(state, &said);
    tell(&state.hub, said);
}

/// The events a lobby stream sends.
const EVENTS: [&str; 5] = ["snapshot", "added", "removed", "challenge", "game"];

/// A notice as the other servers hear it: `TOPIC EVENT JSON`, TOPIC `lobby` or a player's
/// number; a `game` notice without its seat's token.
pub fn wire(topic: Topic, n: &Notice) -> String {
    let topic = match topic {
        Topic::Lobby => "lobby".to_owned(),
        Topic::Player(id) => id.to_string(),
    };
    let mut json: Value = serde_json::from_str(&n.json).unwrap_or_default();
    if n.event == "game" {
        json = serde_json::json!({ "game": json["game"], "side": json["side"] });
    }
    format!("{topic} {} {json}", n.event)
}

/// [`wire`] read back.
pub fn unwire(message: &str) -> Option<(Topic, &'static str, Value)> {
    let mut parts = message.splitn(3, ' ');
    let topic = match parts.next()? {
        "lobby" => Topic::Lobby,
        id => Topic::Player(id.parse().ok()?),
    };
    let event = parts.next()?;
    let event = EVENTS.iter().find(|e| **e == event)?;
    Some((topic, event, serde_json::from_str(parts.next()?).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_crosses_to_another_server_without_a_token() {
        let seat = serde_json::json!({ "game": "abcdefghijk", "side": "cats", "token": "secret" });
        let n = Notice { event: "game", json: Arc::from(seat.to_string()) };
        let text = wire(Topic::Player(42), &n);
        assert!(!text.contains("secret"), "{text}");
        let (topic, event, json) = unwire(&text).unwrap();
        assert_eq!((topic, event, json["game"].as_str()), (Topic::Player(42), "game", Some("abcdefghijk")));
        let added = Notice { event: "added", json: Arc::from(r#"{"id":"x y"}"#) };
        let (topic, event, json) = unwire(&wire(Topic::Lobby, &added)).unwrap();
        assert_eq!((topic, event, json["id"].as_str()), (Topic::Lobby, "added", Some("x y")));
        assert!(unwire("lobby launch {}").is_none(), "an unknown event");
    }
}
