//! The rules of a stored game, apart from HTTP: who may act, moves and the computer's turn
//! ([`play`]), take-backs and undo requests ([`undo`]), creation, time, resignation and
//! rematches ([`lifecycle`]), seats and names ([`seats`]). Everything works over a
//! [`GameStore`](crate::store::GameStore) through [`Games`]; times are epoch milliseconds
//! given by the caller.

mod error;
mod lifecycle;
mod play;
mod record;
mod seats;
mod service;
mod undo;

#[cfg(test)]
mod tests;

pub use error::GameError;
pub use lifecycle::{
    abort_due, new_seed, optional_object, rematch_creates, rematch_of, ClockSpec, Created, EngineSeat, Names,
    NewGame, Rematch, SeatSpec, ABORT_AFTER_MS,
};
pub use play::{computer_seed, computer_to_answer, play_move};
pub use record::record;
pub use seats::{display_name, require_holder, require_side, MAX_NAME};
pub use service::{refuse_if_over, Games, ARCHIVE_AFTER_SECS};
pub use undo::{mover_of, take_back, Undo};
