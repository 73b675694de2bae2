//! The players in the PostgreSQL store ([`PlayerStore`]): the tables of schema version 5. A
//! settlement takes a transaction-scoped advisory lock, so servers sharing the database settle
//! one rated game at a time and each once.

use std::future::Future;

use deadpool_postgres::GenericClient;
use deadpool_postgres::Object;
use ryg_ratings::Rating;
use tokio_postgres::Row;

use super::postgres::{query, PgStore};
use super::StoreError;
use crate::store::players::{Player, PlayerStore, Rate, RatingChange, SeatHeld, Settled, SizeRating};

const PLAYER: &str = "id, public_id, name, created_at, bot";

fn player(r: &Row) -> Player {
    Player { id: r.get(0), public_id: r.get(1), name: r.get(2), created_at: r.get(3), bot: r.get(4) }
}

/// The rating in columns `at..at + 5` (size, rating, deviation, volatility, games).
fn rating(r: &Row, at: usize) -> Result<SizeRating, StoreError> {
    let (size, games): (i64, i64) = (r.get(at), r.get(at + 4));
    let rating = Rating::new(r.get(at + 1), r.get(at + 2), r.get(at + 3))
        .map_err(|e| StoreError::Unreadable(format!("rating: {e}")))?;
    Ok(SizeRating { size: u8::try_from(size).unwrap_or(0), rating, games })
}

impl PgStore {
    /// Runs `work` with a pooled connection on the store's runtime.
    pub(super) fn people<T, F, Fut>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(Object) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, StoreError>> + Send,
    {
        let pool = self.pool().clone();
        self.run(async move { work(pool.get().await.map_err(query)?).await })
    }
}

async fn ratings_before(
    c: &impl GenericClient,
    players: &[Settled],
    size: i64,
) -> Result<Vec<Rating>, StoreError> {
    let mut before = Vec::new();
    for p in players {
        let row = c
            .query_opt(
                "SELECT size, rating, deviation, volatility, games FROM ratings WHERE player = $1 AND size = $2",
                &[&p.player, &size],
            )
            .await
            .map_err(query)?;
        before.push(match row {
            Some(r) => rating(&r, 0)?.rating,
            None => ryg_ratings::NEWCOMER,
        });
    }
    Ok(before)
}

impl PlayerStore for PgStore {
    fn lobby(&self) -> Option<&dyn super::lobby::LobbyStore> {
        Some(self)
    }

    fn tournaments(&self) -> Option<&dyn super::tournaments::TournamentStore> {
        Some(self)
    }

    fn insert_player(&self, public_id: &str, secret: &str, name: &str, at: &str) -> Result<i64, StoreError> {
        let args = [public_id, secret, name, at].map(str::to_owned);
        self.people(move |c| async move {
            let sql = "INSERT INTO players (public_id, secret, name, created_at) VALUES ($1, $2, $3, $4) RETURNING id";
            let row = c.query_one(sql, &[&args[0], &args[1], &args[2], &args[3]]).await.map_err(query)?;
            Ok(row.get(0))
        })
    }

    fn make_bot(&self, id: i64) -> Result<(), StoreError> {
        self.people(move |c| async move {
            c.execute("UPDATE players SET bot = TRUE WHERE id = $1", &[&id]).await.map_err(query)?;
            Ok(())
        })
    }

    fn player_by_secret(&self, secret: &str) -> Result<Option<Player>, StoreError> {
        let secret = secret.to_owned();
        self.people(move |c| async move {
            let sql = format!("SELECT {PLAYER} FROM players WHERE secret = $1");
            Ok(c.query_opt(&sql, &[&secret]).await.map_err(query)?.as_ref().map(player))
        })
    }

    fn player_by_public_id(&self, public_id: &str) -> Result<Option<Player>, StoreError> {
        let public_id = public_id.to_owned();
        self.people(move |c| async move {
            let sql = format!("SELECT {PLAYER} FROM players WHERE public_id = $1");
            Ok(c.query_opt(&sql, &[&public_id]).await.map_err(query)?.as_ref().map(player))
        })
    }

    fn player_by_id(&self, id: i64) -> Result<Option<Player>, StoreError> {
        self.people(move |c| async move {
            let sql = format!("SELECT {PLAYER} FROM players WHERE id = $1");
            Ok(c.query_opt(&sql, &[&id]).await.map_err(query)?.as_ref().map(player))
        })
    }

    fn rename_player(&self, id: i64, name: &str) -> Result<(), StoreError> {
        let name = name.to_owned();
        self.people(move |c| async move {
            c.execute("UPDATE players SET name = $2 WHERE id = $1", &[&id, &name]).await.map_err(query)?;
            Ok(())
        })
    }

    fn set_code(&self, id: i64, code: &str, until: &str) -> Result<(), StoreError> {
        let (code, until) = (code.to_owned(), until.to_owned());
        self.people(move |c| async move {
            let sql = "UPDATE players SET code = $2, code_until = $3 WHERE id = $1";
            c.execute(sql, &[&id, &code, &until]).await.map_err(query)?;
            Ok(())
        })
    }

    fn claim_code(&self, code: &str, now: &str, secret: &str) -> Result<Option<Player>, StoreError> {
        let (code, now, secret) = (code.to_owned(), now.to_owned(), secret.to_owned());
        self.people(move |mut c| async move {
            let tx = c.transaction().await.map_err(query)?;
            let sql = format!(
                "UPDATE players SET secret = $3, code = NULL, code_until = NULL
                 WHERE code = $1 AND code_until > $2 RETURNING {PLAYER}"
            );
            let found =
                tx.query_opt(&sql, &[&code, &now, &secret]).await.map_err(query)?.as_ref().map(player);
            tx.commit().await.map_err(query)?;
            Ok(found)
        })
    }

    fn delete_player(&self, id: i64) -> Result<(), StoreError> {
        self.people(move |mut c| async move {
            let tx = c.transaction().await.map_err(query)?;
            tx.execute("DELETE FROM challenges WHERE owner = $1 OR to_player = $1", &[&id])
                .await
                .map_err(query)?;
            for table in ["seated", "ratings", "rating_history", "pairing_queue", "lobby_seats", "players"] {
                let column = if table == "players" { "id" } else { "player" };
                tx.execute(&format!("DELETE FROM {table} WHERE {column} = $1"), &[&id])
                    .await
                    .map_err(query)?;
            }
            tx.commit().await.map_err(query)
        })
    }

    fn hold_seat(&self, s: SeatHeld) -> Result<(), StoreError> {
        self.people(move |c| async move {
            let sql =
                "INSERT INTO seated (game, side, player, rated, end_sent) VALUES ($1, $2, $3, $4, FALSE)";
            c.execute(sql, &[&s.game, &i64::from(s.side), &s.player, &s.rated]).await.map_err(query)?;
            Ok(())
        })
    }

    fn seats_of(&self, game: i64) -> Result<Vec<SeatHeld>, StoreError> {
        self.people(move |c| async move {
            let sql = "SELECT game, side, player, rated FROM seated WHERE game = $1 ORDER BY side";
            let rows = c.query(sql, &[&game]).await.map_err(query)?;
            Ok(rows
                .iter()
                .map(|r| SeatHeld {
                    game: r.get(0),
                    side: u8::try_from(r.get::<_, i64>(1)).unwrap_or(0),
                    player: r.get(2),
                    rated: r.get(3),
                })
                .collect())
        })
    }

    fn games_of(&self, id: i64, limit: usize) -> Result<Vec<i64>, StoreError> {
        let limit = limit as i64;
        self.people(move |c| async move {
            let sql = "SELECT DISTINCT game FROM seated WHERE player = $1 ORDER BY game DESC LIMIT $2";
            Ok(c.query(sql, &[&id, &limit]).await.map_err(query)?.iter().map(|r| r.get(0)).collect())
        })
    }

    fn ends_unsent(&self, id: i64, limit: usize) -> Result<Vec<i64>, StoreError> {
        let limit = limit as i64;
        self.people(move |c| async move {
            let sql = "SELECT DISTINCT game FROM seated WHERE player = $1 AND NOT end_sent ORDER BY game DESC LIMIT $2";
            Ok(c.query(sql, &[&id, &limit]).await.map_err(query)?.iter().map(|r| r.get(0)).collect())
        })
    }

    fn end_sent(&self, game: i64, player: i64) -> Result<(), StoreError> {
        self.people(move |c| async move {
            let sql = "UPDATE seated SET end_sent = TRUE WHERE game = $1 AND player = $2";
            c.execute(sql, &[&game, &player]).await.map_err(query)?;
            Ok(())
        })
    }

    fn ratings_of(&self, id: i64) -> Result<Vec<SizeRating>, StoreError> {
        self.people(move |c| async move {
            let sql = "SELECT size, rating, deviation, volatility, games FROM ratings WHERE player = $1 ORDER BY size";
            c.query(sql, &[&id]).await.map_err(query)?.iter().map(|r| rating(r, 0)).collect()
        })
    }

    fn history_of(&self, id: i64) -> Result<Vec<RatingChange>, StoreError> {
        self.people(move |c| async move {
            let sql = "SELECT game, size, opponent, won, rating, deviation, at FROM rating_history
                       WHERE player = $1 ORDER BY at, game";
            let rows = c.query(sql, &[&id]).await.map_err(query)?;
            Ok(rows
                .iter()
                .map(|r| RatingChange {
                    game: r.get(0),
                    size: u8::try_from(r.get::<_, i64>(1)).unwrap_or(0),
                    opponent: r.get(2),
                    won: r.get(3),
                    rating: r.get(4),
                    deviation: r.get(5),
                    at: r.get(6),
                })
                .collect())
        })
    }

    fn leaderboard(
        &self,
        size: u8,
        deviation: f64,
        limit: usize,
    ) -> Result<Vec<(Player, SizeRating)>, StoreError> {
        let (size, limit) = (i64::from(size), limit as i64);
        self.people(move |c| async move {
            let sql = "SELECT p.id, p.public_id, p.name, p.created_at, p.bot, r.size, r.rating, r.deviation, r.volatility, r.games
                       FROM ratings r JOIN players p ON p.id = r.player
                       WHERE r.size = $1 AND r.deviation <= $2 ORDER BY r.rating DESC, p.id LIMIT $3";
            let rows = c.query(sql, &[&size, &deviation, &limit]).await.map_err(query)?;
            rows.iter().map(|r| Ok((player(r), rating(r, 5)?))).collect()
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
        let (at, size, public_id) = (at.to_owned(), i64::from(size), public_id.to_owned());
        self.people(move |mut c| async move {
            let tx = c.transaction().await.map_err(query)?;
            // one settlement at a time across servers (the key is "rygR" in ASCII)
            tx.execute("SELECT pg_advisory_xact_lock(1920559954)", &[]).await.map_err(query)?;
            let fresh = tx
                .execute("INSERT INTO settled (game) VALUES ($1) ON CONFLICT DO NOTHING", &[&game])
                .await
                .map_err(query)?;
            if fresh == 0 {
                return Ok(false);
            }
            let after = rate(&ratings_before(&tx, &players, size).await?);
            for (p, r) in players.iter().zip(after) {
                let (rating, deviation, volatility) = (r.rating(), r.deviation(), r.volatility());
                tx.execute(
                    "INSERT INTO ratings (player, size, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, 1)
                     ON CONFLICT (player, size) DO UPDATE SET rating = $3, deviation = $4, volatility = $5,
                     games = ratings.games + 1",
                    &[&p.player, &size, &rating, &deviation, &volatility],
                )
                .await
                .map_err(query)?;
                tx.execute(
                    "INSERT INTO rating_history (player, game, size, opponent, won, rating, deviation, at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    &[&p.player, &public_id, &size, &p.opponent, &p.won, &rating, &deviation, &at],
                )
                .await
                .map_err(query)?;
            }
            tx.commit().await.map_err(query)?;
            Ok(true)
        })
    }
}
