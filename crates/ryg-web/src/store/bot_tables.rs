//! Bots: a player marked as a program (the bot API's players), and whether the end of each game
//! a player holds a seat of has gone out on their bot stream, as migrations of each store's
//! schema: `schema.rs` lists the SQLite ones, `postgres.rs` the PostgreSQL ones.

/// The migration to SQLite's schema version 8: the players' `bot` mark.
pub const SQLITE: &str = "
    ALTER TABLE players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
";

/// The migration to PostgreSQL's schema version 7: the players' `bot` mark.
pub const POSTGRES: &str = "
    ALTER TABLE players ADD COLUMN bot BOOLEAN NOT NULL DEFAULT FALSE;
";

/// The migration to SQLite's schema version 10: whether a seat's game's end was sent on its
/// player's bot stream (seats held before it count as told; a new seat is stored untold).
pub const SQLITE_ENDS: &str = "
    ALTER TABLE seated ADD COLUMN end_sent INTEGER NOT NULL DEFAULT 1;
    CREATE INDEX seated_unsent ON seated (player, game DESC) WHERE end_sent = 0;
";

/// The migration to PostgreSQL's schema version 9: as [`SQLITE_ENDS`].
pub const POSTGRES_ENDS: &str = "
    ALTER TABLE seated ADD COLUMN end_sent BOOLEAN NOT NULL DEFAULT TRUE;
    CREATE INDEX seated_unsent ON seated (player, game DESC) WHERE NOT end_sent;
";
