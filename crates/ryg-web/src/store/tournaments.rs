//! What the tournaments ask of a store ([`TournamentStore`]): each tournament is one document
//! (JSON) with a version, replaced only over the version it was read at, so of two servers
//! that change a tournament at once one wins and the other reads it again. Its tables are one
//! migration of each store's schema, held here.

use super::StoreError;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTournament {
    pub id: i64,
    pub public_id: String,
    /// The hash of the host's secret.
    pub host: String,
    /// The tournament ([`crate::tournament::Tournament`]) as JSON.
    pub doc: String,
    pub version: i64,
}

/// What the tournaments need of a store.
pub trait TournamentStore: Send + Sync {
    /// Stores a new tournament, live, at version 1.
    ///
    /// # Errors
    /// When the database fails.
    fn insert_tournament(&self, public_id: &str, host: &str, doc: &str, at: &str) -> Result<i64, StoreError>;

    /// The tournament with `public_id`.
    ///
    /// # Errors
    /// When the database fails.
    fn tournament(&self, public_id: &str) -> Result<Option<StoredTournament>, StoreError>;

    /// Replaces tournament `id`'s document if it is still at `version` (then at `version + 1`);
    /// whether it was. `live`: whether it still has games to pair or play.
    ///
    /// # Errors
    /// When the database fails.
    fn replace_tournament(
        &self,
        id: i64,
        version: i64,
        doc: &str,
        live: bool,
        at: &str,
    ) -> Result<bool, StoreError>;

    /// The public ids of the live tournaments.
    ///
    /// # Errors
    /// When the database fails.
    fn live_tournaments(&self) -> Result<Vec<String>, StoreError>;
}

/// The SQLite migration that adds the tournaments.
pub const SQLITE: &str = "
    CREATE TABLE tournaments (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        public_id   TEXT    NOT NULL UNIQUE,
        host        TEXT    NOT NULL,
        doc         TEXT    NOT NULL,
        version     INTEGER NOT NULL,
        live        INTEGER NOT NULL,
        updated_at  TEXT    NOT NULL
    );
    CREATE INDEX tournaments_live ON tournaments (live);
";

/// The PostgreSQL migration that adds the tournaments.
pub const POSTGRES: &str = "
    CREATE TABLE tournaments (
        id          BIGSERIAL PRIMARY KEY,
        public_id   TEXT    NOT NULL UNIQUE,
        host        TEXT    NOT NULL,
        doc         TEXT    NOT NULL,
        version     BIGINT  NOT NULL,
        live        BOOLEAN NOT NULL,
        updated_at  TEXT    NOT NULL
    );
    CREATE INDEX tournaments_live ON tournaments (live);
";
