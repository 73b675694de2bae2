//! `/api/games…`: create, list, show and play games; the computer answers on its turn. The
//! handlers parse, authorise, call the game service ([`crate::game`]) and answer; [`shared`]
//! holds what they share.

mod acting;
mod play;
mod player;
mod read;
mod seats;
mod shared;
mod undo;
mod view;

pub use play::{computer, play};
pub use player::take_seat;
pub use read::{config, list, pgn, review, show, thinking};
pub use seats::{abort, create, name, rematch, resign};
pub use shared::{with_service, GameRef};
pub use undo::{redo, undo, undo_accept, undo_decline};
pub use view::{event_json, game_view};
