//! `POST /api/games/{id}/player`: a seat of a rated game between two people taken by a player.

use axum::extract::State;
use axum::Json;

use super::shared::{AppRef, GameRef};
use super::view::{game_view, GameView};
use crate::bots::inbox::Notice;
use crate::error::ApiResult;
use crate::game::{require_holder, GameError};
use crate::people::{rated, PeopleError};
use crate::routes::auth::Bearer;
use crate::routes::people::{with_people, PlayerSecret};
use crate::store::Holder;

/// `POST /api/games/{id}/player`: the holder of a seat's token in a rated game between two
/// people takes that seat as their player, before the first move.
pub async fn take_seat(
    State(state): AppRef,
    GameRef(id): GameRef,
    token: Bearer,
    secret: PlayerSecret,
) -> ApiResult<Json<GameView>> {
    let hash = token.0.clone();
    let g = with_people(&state, move |people, games| {
        // the player first: a request that names none is refused whatever the game
        let me = people.me(secret.hash())?;
        let g = games.load(id)?.ok_or(GameError::NoSuchGame("this game".into()))?;
        let Holder::Seat(side) = require_holder(&g, token.hash(), "taking a rated game's seat")? else {
            return Err(PeopleError::NotNow("a hot-seat game is not rated".into()));
        };
        rated::take_seat(people.store, &g, side, &me)?;
        Ok((g, me.id))
    })
    .await?;
    let (g, player) = g;
    // the player's bot stream, if one is open, follows the game from now on
    state.inbox.deliver(player, Notice::Seated(g.id));
    Ok(Json(game_view(&state, &g, g.holder(hash.as_deref()))))
}
