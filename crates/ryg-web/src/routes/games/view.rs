//! The server's side of a game's view ([`crate::view`]): the links' address (the view itself,
//! with whether its computer's reply is queued, is [`crate::games::game_view`]).

use crate::game::Created;
pub use crate::games::{event_json, game_view};
use crate::state::AppState;
use crate::store::StoredGame;
pub use crate::view::{CreatedView, GameView};

/// The address the links point to: `--public-url`, else the address the server listens on (set
/// when it starts) — never a request's `Host` header, which any client can make up.
fn base_url(state: &AppState) -> String {
    state.public_url.as_deref().unwrap_or("http://localhost").trim_end_matches('/').to_string()
}

/// The answer for `created`, whose game is now `g` (after the computer's first moves).
pub fn created_view(created: &Created, g: &StoredGame, state: &AppState, queued: bool) -> CreatedView {
    CreatedView::of(created, game_view(state, g, None).queued(queued), &base_url(state))
}
