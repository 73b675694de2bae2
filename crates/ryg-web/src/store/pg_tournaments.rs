//! The tournaments in the PostgreSQL store ([`TournamentStore`]): a document replaced only over
//! the version it was read at, so servers sharing the database change a tournament one at a
//! time and a round is paired once.

use super::postgres::{query, PgStore};
use super::tournaments::{StoredTournament, TournamentStore};
use super::StoreError;

impl TournamentStore for PgStore {
    fn insert_tournament(&self, public_id: &str, host: &str, doc: &str, at: &str) -> Result<i64, StoreError> {
        let args = [public_id, host, doc, at].map(str::to_owned);
        self.people(move |c| async move {
            let sql = "INSERT INTO tournaments (public_id, host, doc, version, live, updated_at)
                       VALUES ($1, $2, $3, 1, TRUE, $4) RETURNING id";
            let row = c.query_one(sql, &[&args[0], &args[1], &args[2], &args[3]]).await.map_err(query)?;
            Ok(row.get(0))
        })
    }

    fn tournament(&self, public_id: &str) -> Result<Option<StoredTournament>, StoreError> {
        let public_id = public_id.to_owned();
        self.people(move |c| async move {
            let sql = "SELECT id, public_id, host, doc, version FROM tournaments WHERE public_id = $1";
            Ok(c.query_opt(sql, &[&public_id]).await.map_err(query)?.map(|r| StoredTournament {
                id: r.get(0),
                public_id: r.get(1),
                host: r.get(2),
                doc: r.get(3),
                version: r.get(4),
            }))
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
        let (doc, at) = (doc.to_owned(), at.to_owned());
        self.people(move |c| async move {
            let sql = "UPDATE tournaments SET doc = $1, version = version + 1, live = $2, updated_at = $3
                       WHERE id = $4 AND version = $5";
            Ok(c.execute(sql, &[&doc, &live, &at, &id, &version]).await.map_err(query)? == 1)
        })
    }

    fn live_tournaments(&self) -> Result<Vec<String>, StoreError> {
        self.people(move |c| async move {
            let rows = c
                .query("SELECT public_id FROM tournaments WHERE live ORDER BY id", &[])
                .await
                .map_err(query)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }
}
