//! A game the lobby starts: two players, who plays which side, the clock and whether it is
//! rated; created through the game service, each seat held by its player (as a rated game
//! between two people binds them), and each seat's token kept for its player alone.

use std::sync::Arc;

use serde_json::json;

use super::{notice, LobbyError, Said};
use crate::events::Hub;
use crate::game::{ClockSpec, GameError, Games, Names, NewGame, SeatSpec};
use crate::people::rated::side_index;
use crate::state::AppState;
use crate::store::lobby::{ChallengeRow, LobbySeat, LobbyStore, WaitingRow};
use crate::store::players::{Player, PlayerStore, SeatHeld};
use crate::store::StoredGame;
use ryg_wide::Side;

/// A game to start between two players.
#[derive(Clone, Debug, PartialEq)]
pub struct Match {
    pub size: u8,
    pub clock: Option<(f64, f64)>,
    pub rated: bool,
    pub mouse: Player,
    pub cats: Player,
}

/// A coin's toss.
fn heads() -> Result<bool, LobbyError> {
    let mut byte = [0u8; 1];
    getrandom::fill(&mut byte).map_err(GameError::Random)?;
    Ok(byte[0] & 1 == 1)
}

impl Match {
    /// The game of challenge `c` of `owner`, accepted by `taker`.
    ///
    /// # Errors
    /// The random generator failed.
    pub fn of_challenge(c: &ChallengeRow, owner: Player, taker: Player) -> Result<Match, LobbyError> {
        let owner_mouse = match c.side.as_str() {
            "mouse" => true,
            "cats" => false,
            _ => heads()?,
        };
        let (mouse, cats) = if owner_mouse { (owner, taker) } else { (taker, owner) };
        Ok(Match { size: c.size, clock: c.clock, rated: c.rated, mouse, cats })
    }

    /// The rated game of two players paired on `w`'s size and clock, sides by a coin.
    ///
    /// # Errors
    /// The random generator failed.
    pub fn of_pair(w: &WaitingRow, a: Player, b: Player) -> Result<Match, LobbyError> {
        let (mouse, cats) = if heads()? { (a, b) } else { (b, a) };
        Ok(Match { size: w.size, clock: w.clock, rated: true, mouse, cats })
    }

    fn spec(&self) -> NewGame {
        let human = || Some(SeatSpec::Text("human".into()));
        NewGame {
            size: Some(self.size),
            mouse: human(),
            cats: human(),
            clock: self.clock.map(|(minutes, increment)| ClockSpec { minutes, increment }),
            names: Some(Names { mouse: Some(self.mouse.name.clone()), cats: Some(self.cats.name.clone()) }),
            ..NewGame::default()
        }
    }
}

/// A game the lobby started: the game, each player's seat, and what it says to them.
#[derive(Debug)]
pub struct Started {
    pub game: StoredGame,
    pub seats: Vec<LobbySeat>,
    pub said: Said,
}

/// The JSON of a seat the lobby gave: the game, the side, the seat's token and the link.
pub fn seat_json(s: &LobbySeat) -> serde_json::Value {
    json!({ "game": s.game, "side": s.side, "token": s.token, "link": format!("/#game={}&token={}", s.game, s.token) })
}

/// Starts `m` at `now`: the game is stored, each player holds their seat, and each player's
/// topic hears of their seat (a `game` notice with its token).
///
/// # Errors
/// The game could not be created; the store failed.
pub fn start(
    games: &Games<'_>,
    players: &dyn PlayerStore,
    lobby: &dyn LobbyStore,
    m: &Match,
    now: i64,
) -> Result<Started, LobbyError> {
    let created = games.create_by(&m.spec(), now, None)?;
    let g = created.game;
    let mut seats = Vec::new();
    let mut said = Vec::new();
    for (side, player) in [(Side::Mouse, &m.mouse), (Side::Cats, &m.cats)] {
        let held = SeatHeld { game: g.id, side: side_index(side), player: player.id, rated: m.rated };
        players.hold_seat(held)?;
        let token = created.tokens.iter().find(|(s, _)| *s == side).map(|(_, t)| t.clone());
        let token =
            token.ok_or_else(|| GameError::Invalid("a two-person game without a seat's token".into()))?;
        let seat = LobbySeat {
            player: player.id,
            game: g.public_id.clone(),
            side: side.name().into(),
            token,
            at_ms: now,
        };
        lobby.note_seat(&seat)?;
        said.push((Hub::player(player.id), notice("game", &seat_json(&seat))));
        seats.push(seat);
    }
    Ok(Started { game: g, seats, said })
}

/// Starts the game of `m` through the game service: stored, its clock watched, its position
/// closed to analysis while it is played.
///
/// # Errors
/// The game could not be created; the store failed.
pub fn start_match(state: &Arc<AppState>, m: &Match) -> Result<Started, LobbyError> {
    let players = state.store.players().ok_or(LobbyError::NoLobby)?;
    let lobby = super::Lobby::of(players)?;
    let started = crate::games::with_service(state, |games| {
        start(games, players, lobby.store, m, crate::clock::now_ms())
    })?;
    state.live.update(&started.game);
    crate::games::watch_clock(state, &started.game);
    Ok(started)
}
