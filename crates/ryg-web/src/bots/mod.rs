//! Bots: players marked as programs, who play through the same HTTP API as people. A bot follows
//! one stream of what concerns it (its games starting, their states, their ends, challenges to
//! it) and moves with the move route, acting for the seat it holds as a player. The rules live
//! here, without HTTP: [`seats`] (which games a bot plays, and the seat it acts for), [`events`]
//! (what the stream says, as JSON lines), [`inbox`] (the per-player channel that news of a seat
//! taken or a challenge travels on) and [`feed`] (one bot's stream over the store and the
//! games' channels).

pub mod events;
pub mod feed;
pub mod inbox;
pub mod seats;

#[cfg(test)]
mod tests;
