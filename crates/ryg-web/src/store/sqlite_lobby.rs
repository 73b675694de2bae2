//! The lobby in the SQLite store ([`LobbyStore`]). A pairing round is one immediate
//! transaction: the file's write lock keeps it alone.

use rusqlite::{params, Connection, OptionalExtension, Row, TransactionBehavior};

use super::lobby::{ChallengeRow, LobbySeat, LobbyStore, Pick, WaitingRow};
use super::sqlite::{query, SqliteStore};
use super::StoreError;

const CHALLENGE: &str =
    "public_id, owner, size, side, minutes, increment, rated, range_min, range_max, to_player, created_ms";
const WAITING: &str = "player, size, minutes, increment, rating, since_ms";

fn pair(a: Option<f64>, b: Option<f64>) -> Option<(f64, f64)> {
    a.zip(b)
}

fn challenge(r: &Row<'_>) -> rusqlite::Result<ChallengeRow> {
    Ok(ChallengeRow {
        public_id: r.get(0)?,
        owner: r.get(1)?,
        size: r.get(2)?,
        side: r.get(3)?,
        clock: pair(r.get(4)?, r.get(5)?),
        rated: r.get(6)?,
        range: pair(r.get(7)?, r.get(8)?),
        to: r.get(9)?,
        created_ms: r.get(10)?,
    })
}

fn waiting(r: &Row<'_>) -> rusqlite::Result<WaitingRow> {
    Ok(WaitingRow {
        player: r.get(0)?,
        size: r.get(1)?,
        clock: pair(r.get(2)?, r.get(3)?),
        rating: r.get(4)?,
        since_ms: r.get(5)?,
    })
}

impl SqliteStore {
    /// Runs `work` with the connection: a write when `write` (the files checked first).
    fn lobby_do<T>(
        &self,
        write: bool,
        work: impl FnOnce(&mut Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if write {
            self.db().files_ok()?;
        }
        let mut conn = self.db().conn();
        work(&mut conn)
    }
}

impl LobbyStore for SqliteStore {
    fn insert_challenge(&self, c: &ChallengeRow) -> Result<(), StoreError> {
        self.lobby_do(true, |conn| {
            conn.execute(
                &format!("INSERT INTO challenges ({CHALLENGE}, seen_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)"),
                params![
                    c.public_id,
                    c.owner,
                    c.size,
                    c.side,
                    c.clock.map(|x| x.0),
                    c.clock.map(|x| x.1),
                    c.rated,
                    c.range.map(|x| x.0),
                    c.range.map(|x| x.1),
                    c.to,
                    c.created_ms
                ],
            ).map_err(query)?;
            Ok(())
        })
    }

    fn challenges(&self) -> Result<Vec<ChallengeRow>, StoreError> {
        self.lobby_do(false, |conn| {
            let sql = format!("SELECT {CHALLENGE} FROM challenges ORDER BY created_ms, public_id");
            let mut stmt = conn.prepare(&sql).map_err(query)?;
            let rows = stmt
                .query_map([], challenge)
                .map_err(query)?
                .collect::<rusqlite::Result<Vec<_>>>()
                .map_err(query)?;
            Ok(rows)
        })
    }

    fn challenge(&self, public_id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        self.lobby_do(false, |conn| {
            let sql = format!("SELECT {CHALLENGE} FROM challenges WHERE public_id = ?1");
            conn.query_row(&sql, [public_id], challenge).optional().map_err(query)
        })
    }

    fn take_challenge(&self, public_id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        self.lobby_do(true, |conn| {
            let sql = format!("DELETE FROM challenges WHERE public_id = ?1 RETURNING {CHALLENGE}");
            conn.query_row(&sql, [public_id], challenge).optional().map_err(query)
        })
    }

    fn touch(&self, players: &[i64], now: i64) -> Result<(), StoreError> {
        // one statement per table, the players as a JSON array: the rows of those present are
        // found by their index, whatever the number present
        let list = format!("[{}]", players.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
        self.lobby_do(true, |conn| {
            let tx = conn.transaction().map_err(query)?;
            tx.execute(
                "UPDATE challenges SET seen_ms = ?2 WHERE owner IN (SELECT value FROM json_each(?1))",
                params![list, now],
            )
            .map_err(query)?;
            tx.execute(
                "UPDATE pairing_queue SET seen_ms = ?2 WHERE player IN (SELECT value FROM json_each(?1))",
                params![list, now],
            )
            .map_err(query)?;
            tx.commit().map_err(query)?;
            Ok(())
        })
    }

    fn expire(&self, before: i64) -> Result<Vec<ChallengeRow>, StoreError> {
        self.lobby_do(true, |conn| {
            let tx = conn.transaction().map_err(query)?;
            let gone = {
                let sql = format!("DELETE FROM challenges WHERE seen_ms < ?1 RETURNING {CHALLENGE}");
                let mut stmt = tx.prepare(&sql).map_err(query)?;
                let rows = stmt
                    .query_map([before], challenge)
                    .map_err(query)?
                    .collect::<rusqlite::Result<Vec<_>>>()
                    .map_err(query)?;
                rows
            };
            tx.execute("DELETE FROM pairing_queue WHERE seen_ms < ?1", [before]).map_err(query)?;
            // a lobby seat is read within a day
            tx.execute("DELETE FROM lobby_seats WHERE at_ms < ?1", [before - 86_400_000]).map_err(query)?;
            tx.commit().map_err(query)?;
            Ok(gone)
        })
    }

    fn join_queue(&self, w: &WaitingRow) -> Result<(), StoreError> {
        self.lobby_do(true, |conn| {
            conn.execute(
                &format!("INSERT OR REPLACE INTO pairing_queue ({WAITING}, seen_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)"),
                params![w.player, w.size, w.clock.map(|x| x.0), w.clock.map(|x| x.1), w.rating, w.since_ms],
            ).map_err(query)?;
            Ok(())
        })
    }

    fn leave_queue(&self, player: i64) -> Result<bool, StoreError> {
        self.lobby_do(true, |conn| {
            Ok(conn.execute("DELETE FROM pairing_queue WHERE player = ?1", [player]).map_err(query)? > 0)
        })
    }

    fn waiting(&self, player: i64) -> Result<Option<WaitingRow>, StoreError> {
        self.lobby_do(false, |conn| {
            let sql = format!("SELECT {WAITING} FROM pairing_queue WHERE player = ?1");
            conn.query_row(&sql, [player], waiting).optional().map_err(query)
        })
    }

    fn pair_round(&self, pick: Pick) -> Result<Vec<(WaitingRow, WaitingRow)>, StoreError> {
        self.lobby_do(true, |conn| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(query)?;
            let all = {
                let sql = format!("SELECT {WAITING} FROM pairing_queue ORDER BY since_ms, player");
                let mut stmt = tx.prepare(&sql).map_err(query)?;
                let rows = stmt
                    .query_map([], waiting)
                    .map_err(query)?
                    .collect::<rusqlite::Result<Vec<_>>>()
                    .map_err(query)?;
                rows
            };
            let pairs: Vec<_> =
                pick(&all).into_iter().map(|(a, b)| (all[a].clone(), all[b].clone())).collect();
            for (a, b) in &pairs {
                tx.execute("DELETE FROM pairing_queue WHERE player IN (?1, ?2)", params![a.player, b.player])
                    .map_err(query)?;
            }
            tx.commit().map_err(query)?;
            Ok(pairs)
        })
    }

    fn note_seat(&self, s: &LobbySeat) -> Result<(), StoreError> {
        self.lobby_do(true, |conn| {
            conn.execute(
                "INSERT OR REPLACE INTO lobby_seats (player, game, side, token, at_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![s.player, s.game, s.side, s.token, s.at_ms],
            ).map_err(query)?;
            Ok(())
        })
    }

    fn seats_for(&self, player: i64, since_ms: i64) -> Result<Vec<LobbySeat>, StoreError> {
        self.lobby_do(false, |conn| {
            let mut stmt = conn.prepare(
                "SELECT player, game, side, token, at_ms FROM lobby_seats WHERE player = ?1 AND at_ms >= ?2
                 ORDER BY at_ms DESC, game",
            ).map_err(query)?;
            let rows = stmt
                .query_map(params![player, since_ms], |r| {
                    Ok(LobbySeat {
                        player: r.get(0)?,
                        game: r.get(1)?,
                        side: r.get(2)?,
                        token: r.get(3)?,
                        at_ms: r.get(4)?,
                    })
                })
                .map_err(query)?
                .collect::<rusqlite::Result<Vec<_>>>()
                .map_err(query)?;
            Ok(rows)
        })
    }
}
