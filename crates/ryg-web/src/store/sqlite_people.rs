//! The players in the SQLite store ([`PlayerStore`]): the tables of schema version 6.

use rusqlite::{params, Connection, OptionalExtension, Row};
use ryg_ratings::Rating;

use super::sqlite::{query, SqliteStore};
use super::StoreError;
use crate::store::players::{Player, PlayerStore, Rate, RatingChange, SeatHeld, Settled, SizeRating};

const PLAYER: &str = "id, public_id, name, created_at, bot";

fn player(r: &Row<'_>) -> rusqlite::Result<Player> {
    Ok(Player { id: r.get(0)?, public_id: r.get(1)?, name: r.get(2)?, created_at: r.get(3)?, bot: r.get(4)? })
}

/// A rating's columns as read: size, rating, deviation, volatility, games.
type RatingColumns = (i64, f64, f64, f64, i64);

/// A stored rating that does not read back is the store's error.
fn rating(
    size: i64,
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i64,
) -> Result<SizeRating, StoreError> {
    let r = Rating::new(rating, deviation, volatility)
        .map_err(|e| StoreError::Unreadable(format!("rating: {e}")))?;
    Ok(SizeRating { size: u8::try_from(size).unwrap_or(0), rating: r, games })
}

fn ratings_before(conn: &Connection, players: &[Settled], size: u8) -> Result<Vec<Rating>, StoreError> {
    let mut before = Vec::new();
    for p in players {
        let found: Option<(f64, f64, f64)> = conn
            .query_row(
                "SELECT rating, deviation, volatility FROM ratings WHERE player = ?1 AND size = ?2",
                params![p.player, size],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .map_err(query)?;
        before.push(match found {
            Some((r, d, v)) => rating(i64::from(size), r, d, v, 0)?.rating,
            None => ryg_ratings::NEWCOMER,
        });
    }
    Ok(before)
}

impl SqliteStore {
    /// Runs `work` with the connection: a write when `write` (the files checked first).
    pub(super) fn people<T>(
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

impl PlayerStore for SqliteStore {
    fn lobby(&self) -> Option<&dyn super::lobby::LobbyStore> {
        Some(self)
    }

    fn tournaments(&self) -> Option<&dyn super::tournaments::TournamentStore> {
        Some(self)
    }

    fn insert_player(&self, public_id: &str, secret: &str, name: &str, at: &str) -> Result<i64, StoreError> {
        self.people(true, |c| {
            c.execute(
                "INSERT INTO players (public_id, secret, name, created_at) VALUES (?1, ?2, ?3, ?4)",
                params![public_id, secret, name, at],
            )
            .map_err(query)?;
            Ok(c.last_insert_rowid())
        })
    }

    fn make_bot(&self, id: i64) -> Result<(), StoreError> {
        self.people(true, |c| {
            c.execute("UPDATE players SET bot = 1 WHERE id = ?1", [id]).map_err(query)?;
            Ok(())
        })
    }

    fn player_by_secret(&self, secret: &str) -> Result<Option<Player>, StoreError> {
        self.people(false, |c| {
            let sql = format!("SELECT {PLAYER} FROM players WHERE secret = ?1");
            c.query_row(&sql, [secret], player).optional().map_err(query)
        })
    }

    fn player_by_public_id(&self, public_id: &str) -> Result<Option<Player>, StoreError> {
        self.people(false, |c| {
            let sql = format!("SELECT {PLAYER} FROM players WHERE public_id = ?1");
            c.query_row(&sql, [public_id], player).optional().map_err(query)
        })
    }

    fn player_by_id(&self, id: i64) -> Result<Option<Player>, StoreError> {
        self.people(false, |c| {
            let sql = format!("SELECT {PLAYER} FROM players WHERE id = ?1");
            c.query_row(&sql, [id], player).optional().map_err(query)
        })
    }

    fn rename_player(&self, id: i64, name: &str) -> Result<(), StoreError> {
        self.people(true, |c| {
            c.execute("UPDATE players SET name = ?2 WHERE id = ?1", params![id, name])
                .map(drop)
                .map_err(query)
        })
    }

    fn set_code(&self, id: i64, code: &str, until: &str) -> Result<(), StoreError> {
        self.people(true, |c| {
            let sql = "UPDATE players SET code = ?2, code_until = ?3 WHERE id = ?1";
            c.execute(sql, params![id, code, until]).map(drop).map_err(query)
        })
    }

    fn claim_code(&self, code: &str, now: &str, secret: &str) -> Result<Option<Player>, StoreError> {
        self.people(true, |c| {
            let tx = c.transaction().map_err(query)?;
            let sql = format!("SELECT {PLAYER} FROM players WHERE code = ?1 AND code_until > ?2");
            let found = tx.query_row(&sql, params![code, now], player).optional().map_err(query)?;
            if let Some(p) = &found {
                tx.execute(
                    "UPDATE players SET secret = ?2, code = NULL, code_until = NULL WHERE id = ?1",
                    params![p.id, secret],
                )
                .map_err(query)?;
            }
            tx.commit().map_err(query)?;
            Ok(found)
        })
    }

    fn delete_player(&self, id: i64) -> Result<(), StoreError> {
        self.people(true, |c| {
            let tx = c.transaction().map_err(query)?;
            for table in ["seated", "ratings", "rating_history", "pairing_queue", "lobby_seats"] {
                tx.execute(&format!("DELETE FROM {table} WHERE player = ?1"), [id]).map_err(query)?;
            }
            tx.execute("DELETE FROM challenges WHERE owner = ?1 OR to_player = ?1", [id]).map_err(query)?;
            tx.execute("DELETE FROM players WHERE id = ?1", [id]).map_err(query)?;
            tx.commit().map_err(query)
        })
    }

    fn hold_seat(&self, s: SeatHeld) -> Result<(), StoreError> {
        self.people(true, |c| {
            let sql = "INSERT INTO seated (game, side, player, rated, end_sent) VALUES (?1, ?2, ?3, ?4, 0)";
            c.execute(sql, params![s.game, s.side, s.player, s.rated]).map(drop).map_err(query)
        })
    }

    fn seats_of(&self, game: i64) -> Result<Vec<SeatHeld>, StoreError> {
        self.people(false, |c| {
            let mut stmt = c
                .prepare("SELECT game, side, player, rated FROM seated WHERE game = ?1 ORDER BY side")
                .map_err(query)?;
            let rows = stmt
                .query_map([game], |r| {
                    Ok(SeatHeld { game: r.get(0)?, side: r.get(1)?, player: r.get(2)?, rated: r.get(3)? })
                })
                .map_err(query)?;
            rows.collect::<rusqlite::Result<_>>().map_err(query)
        })
    }

    fn games_of(&self, id: i64, limit: usize) -> Result<Vec<i64>, StoreError> {
        self.people(false, |c| {
            let mut stmt = c
                .prepare("SELECT DISTINCT game FROM seated WHERE player = ?1 ORDER BY game DESC LIMIT ?2")
                .map_err(query)?;
            let rows = stmt.query_map(params![id, limit as i64], |r| r.get(0)).map_err(query)?;
            rows.collect::<rusqlite::Result<_>>().map_err(query)
        })
    }

    fn ends_unsent(&self, id: i64, limit: usize) -> Result<Vec<i64>, StoreError> {
        self.people(false, |c| {
            let mut stmt = c.prepare(
                "SELECT DISTINCT game FROM seated WHERE player = ?1 AND end_sent = 0 ORDER BY game DESC LIMIT ?2",
            )
            .map_err(query)?;
            let rows = stmt.query_map(params![id, limit as i64], |r| r.get(0)).map_err(query)?;
            rows.collect::<rusqlite::Result<_>>().map_err(query)
        })
    }

    fn end_sent(&self, game: i64, player: i64) -> Result<(), StoreError> {
        self.people(true, |c| {
            let sql = "UPDATE seated SET end_sent = 1 WHERE game = ?1 AND player = ?2";
            c.execute(sql, params![game, player]).map(drop).map_err(query)
        })
    }

    fn ratings_of(&self, id: i64) -> Result<Vec<SizeRating>, StoreError> {
        self.people(false, |c| {
            let mut stmt = c.prepare(
                "SELECT size, rating, deviation, volatility, games FROM ratings WHERE player = ?1 ORDER BY size",
            ).map_err(query)?;
            let rows: Vec<RatingColumns> = stmt
                .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))).map_err(query)?
                .collect::<rusqlite::Result<_>>().map_err(query)?;
            rows.into_iter().map(|(s, r, d, v, g)| rating(s, r, d, v, g)).collect()
        })
    }

    fn history_of(&self, id: i64) -> Result<Vec<RatingChange>, StoreError> {
        self.people(false, |c| {
            let mut stmt = c
                .prepare(
                    "SELECT game, size, opponent, won, rating, deviation, at FROM rating_history
                 WHERE player = ?1 ORDER BY at, game",
                )
                .map_err(query)?;
            let rows = stmt
                .query_map([id], |r| {
                    Ok(RatingChange {
                        game: r.get(0)?,
                        size: r.get(1)?,
                        opponent: r.get(2)?,
                        won: r.get(3)?,
                        rating: r.get(4)?,
                        deviation: r.get(5)?,
                        at: r.get(6)?,
                    })
                })
                .map_err(query)?;
            rows.collect::<rusqlite::Result<_>>().map_err(query)
        })
    }

    fn leaderboard(
        &self,
        size: u8,
        deviation: f64,
        limit: usize,
    ) -> Result<Vec<(Player, SizeRating)>, StoreError> {
        self.people(false, |c| {
            let mut stmt = c.prepare(
                "SELECT p.id, p.public_id, p.name, p.created_at, p.bot, r.size, r.rating, r.deviation, r.volatility, r.games
                 FROM ratings r JOIN players p ON p.id = r.player
                 WHERE r.size = ?1 AND r.deviation <= ?2 ORDER BY r.rating DESC, p.id LIMIT ?3",
            ).map_err(query)?;
            let rows: Vec<(Player, RatingColumns)> = stmt
                .query_map(params![size, deviation, limit as i64], |r| {
                    Ok((player(r)?, (r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?, r.get(9)?)))
                }).map_err(query)?
                .collect::<rusqlite::Result<_>>().map_err(query)?;
            rows.into_iter().map(|(p, (s, r, d, v, g))| Ok((p, rating(s, r, d, v, g)?))).collect()
        })
    }

    fn settle(
        &self,
        game: i64,
        size: u8,
        public_id: &str,
        players: Vec<Settled>,
        at: &str,
        rate: Rate,
    ) -> Result<bool, StoreError> {
        self.people(true, |c| {
            let tx = c.transaction().map_err(query)?;
            if tx.execute("INSERT INTO settled (game) VALUES (?1) ON CONFLICT DO NOTHING", [game]).map_err(query)? == 0 {
                return Ok(false);
            }
            let after = rate(&ratings_before(&tx, &players, size)?);
            for (p, r) in players.iter().zip(after) {
                tx.execute(
                    "INSERT INTO ratings (player, size, rating, deviation, volatility, games) VALUES (?1, ?2, ?3, ?4, ?5, 1)
                     ON CONFLICT (player, size) DO UPDATE SET rating = ?3, deviation = ?4, volatility = ?5,
                     games = games + 1",
                    params![p.player, size, r.rating(), r.deviation(), r.volatility()],
                ).map_err(query)?;
                tx.execute(
                    "INSERT INTO rating_history (player, game, size, opponent, won, rating, deviation, at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    params![p.player, public_id, size, p.opponent, p.won, r.rating(), r.deviation(), at],
                ).map_err(query)?;
            }
            tx.commit().map_err(query)?;
            Ok(true)
        })
    }
}
