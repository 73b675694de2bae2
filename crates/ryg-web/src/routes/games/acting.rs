//! The seat a request acts for: the token of `Authorization: Bearer TOKEN`, or, without one, the
//! seat the request's player (`Ryg-Player`) holds in the path's game — how a bot, seated by a
//! link, the lobby or a tournament, moves without ever seeing the seat's token.

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::shared::GameRef;
use crate::error::ApiError;
use crate::game::GameError;
use crate::routes::auth::Bearer;
use crate::routes::people::{with_people, PlayerSecret};
use crate::state::AppState;

/// The hash of the seat token a request acts with (see the module).
pub struct SeatToken(pub Bearer);

impl FromRequestParts<Arc<AppState>> for SeatToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<AppState>) -> Result<SeatToken, ApiError> {
        let bearer = Bearer::of(&parts.headers)?;
        if bearer.hash().is_some() {
            return Ok(SeatToken(bearer));
        }
        let PlayerSecret(Some(secret)) = PlayerSecret::from_request_parts(parts, state).await? else {
            return Ok(SeatToken(bearer));
        };
        let GameRef(id) = GameRef::from_request_parts(parts, state).await?;
        let token = with_people(state, move |people, games| {
            let me = people.me(Some(&secret))?;
            let g = games.load(id)?.ok_or(GameError::NoSuchGame("this game".into()))?;
            crate::bots::seats::seat_token(people.store, &g, me.id)
        })
        .await?;
        Ok(SeatToken(Bearer(token)))
    }
}
