//! The players' tables (players, their seats, ratings, rating history, settled games), as
//! one migration of each store's schema: `schema.rs` lists the SQLite one, `postgres.rs` the
//! PostgreSQL one.

/// The migration to schema version 6: players, the seats they hold, their ratings per size,
/// each rated game's change, and the rated games settled.
pub const SQLITE: &str = "
    CREATE TABLE players (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        public_id   TEXT    NOT NULL UNIQUE,
        secret      TEXT    NOT NULL UNIQUE,
        name        TEXT    NOT NULL,
        created_at  TEXT    NOT NULL,
        code        TEXT    UNIQUE,
        code_until  TEXT
    );
    CREATE TABLE seated (
        game        INTEGER NOT NULL,
        side        INTEGER NOT NULL,
        player      INTEGER NOT NULL,
        rated       INTEGER NOT NULL,
        PRIMARY KEY (game, side)
    );
    CREATE INDEX seated_by_player ON seated (player, game DESC);
    CREATE TABLE ratings (
        player      INTEGER NOT NULL,
        size        INTEGER NOT NULL,
        rating      REAL    NOT NULL,
        deviation   REAL    NOT NULL,
        volatility  REAL    NOT NULL,
        games       INTEGER NOT NULL,
        PRIMARY KEY (player, size)
    );
    CREATE INDEX ratings_by_size ON ratings (size, rating DESC);
    CREATE TABLE rating_history (
        player      INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        size        INTEGER NOT NULL,
        opponent    TEXT    NOT NULL,
        won         INTEGER NOT NULL,
        rating      REAL    NOT NULL,
        deviation   REAL    NOT NULL,
        at          TEXT    NOT NULL,
        PRIMARY KEY (player, game)
    );
    CREATE TABLE settled (game INTEGER PRIMARY KEY);
";

/// The migration to schema version 5 (SQLite's 6): players, the seats they hold, their ratings
/// per size, each rated game's change, and the rated games settled.
pub const POSTGRES: &str = "
    CREATE TABLE players (
        id          BIGSERIAL PRIMARY KEY,
        public_id   TEXT    NOT NULL UNIQUE,
        secret      TEXT    NOT NULL UNIQUE,
        name        TEXT    NOT NULL,
        created_at  TEXT    NOT NULL,
        code        TEXT    UNIQUE,
        code_until  TEXT
    );
    CREATE TABLE seated (
        game        BIGINT  NOT NULL,
        side        BIGINT  NOT NULL,
        player      BIGINT  NOT NULL,
        rated       BOOLEAN NOT NULL,
        PRIMARY KEY (game, side)
    );
    CREATE INDEX seated_by_player ON seated (player, game DESC);
    CREATE TABLE ratings (
        player      BIGINT  NOT NULL,
        size        BIGINT  NOT NULL,
        rating      DOUBLE PRECISION NOT NULL,
        deviation   DOUBLE PRECISION NOT NULL,
        volatility  DOUBLE PRECISION NOT NULL,
        games       BIGINT  NOT NULL,
        PRIMARY KEY (player, size)
    );
    CREATE INDEX ratings_by_size ON ratings (size, rating DESC);
    CREATE TABLE rating_history (
        player      BIGINT  NOT NULL,
        game        TEXT    NOT NULL,
        size        BIGINT  NOT NULL,
        opponent    TEXT    NOT NULL,
        won         BOOLEAN NOT NULL,
        rating      DOUBLE PRECISION NOT NULL,
        deviation   DOUBLE PRECISION NOT NULL,
        at          TEXT    NOT NULL,
        PRIMARY KEY (player, game)
    );
    CREATE TABLE settled (game BIGINT PRIMARY KEY);
";
