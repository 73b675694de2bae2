//! Bots: a player marked as a program (the bot API's players), as one migration of each
//! store's schema: `schema.rs` lists the SQLite one, `postgres.rs` the PostgreSQL one.

/// The migration to SQLite's schema version 8: the players' `bot` mark.
pub const SQLITE: &str = "
    ALTER TABLE players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
";

/// The migration to PostgreSQL's schema version 7: the players' `bot` mark.
pub const POSTGRES: &str = "
    ALTER TABLE players ADD COLUMN bot BOOLEAN NOT NULL DEFAULT FALSE;
";
