//! The server's side of a game's view ([`crate::view`]): whether its computer's reply is
//! queued, the links' address, the event streams' JSON.

use crate::clock::now_ms;
use crate::game::Created;
use crate::state::AppState;
use crate::store::{Holder, StoredGame};
pub use crate::view::{CreatedView, GameView};

/// The view of `g` now on `state`'s server, for the holder `you`: whether its computer's reply
/// is queued too.
pub fn game_view(state: &AppState, g: &StoredGame, you: Option<Holder>) -> GameView {
    GameView::at(g, you, now_ms()).queued(state.replies.owes(g))
}

/// The view of a game as its stream sends it.
pub fn event_json(state: &AppState, g: &StoredGame) -> String {
    serde_json::to_string(&game_view(state, g, None)).unwrap_or_default()
}

/// The address the links point to: `--public-url`, else the address the server listens on (set
/// when it starts) — never a request's `Host` header, which any client can make up.
fn base_url(state: &AppState) -> String {
    state.public_url.as_deref().unwrap_or("http://localhost").trim_end_matches('/').to_string()
}

/// The answer for `created`, whose game is now `g` (after the computer's first moves).
pub fn created_view(created: &Created, g: &StoredGame, state: &AppState, queued: bool) -> CreatedView {
    CreatedView::of(created, game_view(state, g, None).queued(queued), &base_url(state))
}
