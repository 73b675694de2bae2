//! The server's stores: its games in one SQLite file ([`sqlite::SqliteStore`], WAL mode) or in
//! PostgreSQL ([`postgres::PgStore`]), with the players, the lobby and the tournaments kept
//! beside them. What the game service asks of a store, [`GameStore`], is the game service's
//! (crates/ryg-games), re-exported here with its types.

mod bot_tables;
pub mod counted;
mod guard;
pub mod lobby;
mod lobby_tables;
pub mod maintenance;
pub mod mark;
mod people_tables;
mod pg_full;
pub mod pg_lobby;
mod pg_password;
mod pg_people;
mod pg_tournaments;
mod pg_url;
pub mod players;
pub mod postgres;
mod schema;
pub mod secret;
pub mod sqlite;
mod sqlite_lobby;
mod sqlite_people;
mod sqlite_row;
mod sqlite_tournaments;
pub mod tournaments;

#[cfg(test)]
mod games_over_sqlite;

pub use ryg_games::store::{
    iso_ms, now_utc, row, utc, End, EndReason, GameStore, Holder, Players, Seat, StoreError, StoredGame,
};
pub use schema::{MIGRATIONS, SCHEMA_VERSION};

/// A store of the server: its games, and the players kept beside them (every store that keeps
/// both is one).
pub trait ServerStore: GameStore {
    /// The players kept beside the games.
    fn players(&self) -> Option<&dyn players::PlayerStore>;
}

impl<S: GameStore + players::PlayerStore> ServerStore for S {
    fn players(&self) -> Option<&dyn players::PlayerStore> {
        Some(self)
    }
}
