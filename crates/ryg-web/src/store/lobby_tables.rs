//! The lobby's tables (open challenges, the quick-pairing queue, the seats it gave), as one
//! migration of each store's schema: `schema.rs` lists the SQLite one, `postgres.rs` the
//! PostgreSQL one. Times are epoch milliseconds; `seen_ms` is when the player was last in the
//! lobby.

/// The SQLite migration that adds the lobby.
pub const SQLITE: &str = "
    CREATE TABLE challenges (
        public_id   TEXT    PRIMARY KEY,
        owner       INTEGER NOT NULL,
        size        INTEGER NOT NULL,
        side        TEXT    NOT NULL,
        minutes     REAL,
        increment   REAL,
        rated       INTEGER NOT NULL,
        range_min   REAL,
        range_max   REAL,
        to_player   INTEGER,
        created_ms  INTEGER NOT NULL,
        seen_ms     INTEGER NOT NULL
    );
    CREATE INDEX challenges_by_owner ON challenges (owner);
    CREATE TABLE pairing_queue (
        player      INTEGER PRIMARY KEY,
        size        INTEGER NOT NULL,
        minutes     REAL,
        increment   REAL,
        rating      REAL    NOT NULL,
        since_ms    INTEGER NOT NULL,
        seen_ms     INTEGER NOT NULL
    );
    CREATE TABLE lobby_seats (
        player      INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        side        TEXT    NOT NULL,
        token       TEXT    NOT NULL,
        at_ms       INTEGER NOT NULL,
        PRIMARY KEY (player, game)
    );
";

/// The PostgreSQL migration that adds the lobby.
pub const POSTGRES: &str = "
    CREATE TABLE challenges (
        public_id   TEXT    PRIMARY KEY,
        owner       BIGINT  NOT NULL,
        size        BIGINT  NOT NULL,
        side        TEXT    NOT NULL,
        minutes     DOUBLE PRECISION,
        increment   DOUBLE PRECISION,
        rated       BOOLEAN NOT NULL,
        range_min   DOUBLE PRECISION,
        range_max   DOUBLE PRECISION,
        to_player   BIGINT,
        created_ms  BIGINT  NOT NULL,
        seen_ms     BIGINT  NOT NULL
    );
    CREATE INDEX challenges_by_owner ON challenges (owner);
    CREATE TABLE pairing_queue (
        player      BIGINT  PRIMARY KEY,
        size        BIGINT  NOT NULL,
        minutes     DOUBLE PRECISION,
        increment   DOUBLE PRECISION,
        rating      DOUBLE PRECISION NOT NULL,
        since_ms    BIGINT  NOT NULL,
        seen_ms     BIGINT  NOT NULL
    );
    CREATE TABLE lobby_seats (
        player      BIGINT  NOT NULL,
        game        TEXT    NOT NULL,
        side        TEXT    NOT NULL,
        token       TEXT    NOT NULL,
        at_ms       BIGINT  NOT NULL,
        PRIMARY KEY (player, game)
    );
";
