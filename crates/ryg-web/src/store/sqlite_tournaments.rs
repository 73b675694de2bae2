//! The tournaments in the SQLite store ([`TournamentStore`]).

use rusqlite::{params, OptionalExtension};

use super::sqlite::{query, SqliteStore};
use super::tournaments::{StoredTournament, TournamentStore};
use super::StoreError;

impl TournamentStore for SqliteStore {
    fn insert_tournament(&self, public_id: &str, host: &str, doc: &str, at: &str) -> Result<i64, StoreError> {
        self.people(true, |c| {
            c.execute(
                "INSERT INTO tournaments (public_id, host, doc, version, live, updated_at) VALUES (?1, ?2, ?3, 1, 1, ?4)",
                params![public_id, host, doc, at],
            ).map_err(query)?;
            Ok(c.last_insert_rowid())
        })
    }

    fn tournament(&self, public_id: &str) -> Result<Option<StoredTournament>, StoreError> {
        self.people(false, |c| {
            c.query_row(
                "SELECT id, public_id, host, doc, version FROM tournaments WHERE public_id = ?1",
                [public_id],
                |r| {
                    Ok(StoredTournament {
                        id: r.get(0)?,
                        public_id: r.get(1)?,
                        host: r.get(2)?,
                        doc: r.get(3)?,
                        version: r.get(4)?,
                    })
                },
            )
            .optional()
            .map_err(query)
        })
    }

    fn replace_tournament(
        &self,
        id: i64,
        version: i64,
        doc: &str,
        live: bool,
        at: &str,
    ) -> Result<bool, StoreError> {
        self.people(true, |c| {
            let n = c
                .execute(
                    "UPDATE tournaments SET doc = ?1, version = version + 1, live = ?2, updated_at = ?3
                 WHERE id = ?4 AND version = ?5",
                    params![doc, live, at, id, version],
                )
                .map_err(query)?;
            Ok(n == 1)
        })
    }

    fn live_tournaments(&self) -> Result<Vec<String>, StoreError> {
        self.people(false, |c| {
            let mut stmt =
                c.prepare("SELECT public_id FROM tournaments WHERE live = 1 ORDER BY id").map_err(query)?;
            let ids = stmt
                .query_map([], |r| r.get(0))
                .map_err(query)?
                .collect::<Result<Vec<String>, _>>()
                .map_err(query)?;
            Ok(ids)
        })
    }
}
