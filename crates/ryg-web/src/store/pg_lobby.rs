//! The lobby in the PostgreSQL store ([`LobbyStore`]). A pairing round takes a
//! transaction-scoped advisory lock, so servers sharing the database pair one round at a time
//! and never one player twice; a challenge is taken by deleting its row, which one server
//! alone can do.

use std::future::Future;

use deadpool_postgres::{GenericClient, Object};
use tokio_postgres::Row;

use super::lobby::{ChallengeRow, LobbySeat, LobbyStore, Pick, WaitingRow};
use super::postgres::{query, PgStore};
use super::StoreError;

const CHALLENGE: &str =
    "public_id, owner, size, side, minutes, increment, rated, range_min, range_max, to_player, created_ms";
const WAITING: &str = "player, size, minutes, increment, rating, since_ms";

/// The lobby's notification channel: its payload is `ORIGIN:MESSAGE`.
pub const LOBBY_CHANNEL: &str = "ryg_lobby";

fn challenge(r: &Row) -> ChallengeRow {
    let size: i64 = r.get(2);
    ChallengeRow {
        public_id: r.get(0),
        owner: r.get(1),
        size: u8::try_from(size).unwrap_or(0),
        side: r.get(3),
        clock: r.get::<_, Option<f64>>(4).zip(r.get::<_, Option<f64>>(5)),
        rated: r.get(6),
        range: r.get::<_, Option<f64>>(7).zip(r.get::<_, Option<f64>>(8)),
        to: r.get(9),
        created_ms: r.get(10),
    }
}

fn waiting(r: &Row) -> WaitingRow {
    let size: i64 = r.get(1);
    WaitingRow {
        player: r.get(0),
        size: u8::try_from(size).unwrap_or(0),
        clock: r.get::<_, Option<f64>>(2).zip(r.get::<_, Option<f64>>(3)),
        rating: r.get(4),
        since_ms: r.get(5),
    }
}

impl PgStore {
    /// Runs `work` with a pooled connection on the store's runtime.
    fn lobby_do<T, F, Fut>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(Object) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, StoreError>> + Send,
    {
        let pool = self.pool().clone();
        self.run(async move { work(pool.get().await.map_err(query)?).await })
    }
}

async fn rows<T>(
    c: &impl GenericClient,
    sql: &str,
    args: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    read: fn(&Row) -> T,
) -> Result<Vec<T>, StoreError> {
    Ok(c.query(sql, args).await.map_err(query)?.iter().map(read).collect())
}

impl LobbyStore for PgStore {
    fn announce(&self, message: &str) -> Result<(), StoreError> {
        self.notify_lobby(message)
    }

    fn insert_challenge(&self, c: &ChallengeRow) -> Result<(), StoreError> {
        let c = c.clone();
        self.lobby_do(move |db| async move {
            let sql = format!(
                "INSERT INTO challenges ({CHALLENGE}, seen_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)"
            );
            let (minutes, increment) = (c.clock.map(|x| x.0), c.clock.map(|x| x.1));
            let (min, max) = (c.range.map(|x| x.0), c.range.map(|x| x.1));
            let size = i64::from(c.size);
            db.execute(
                &sql,
                &[&c.public_id, &c.owner, &size, &c.side, &minutes, &increment, &c.rated, &min, &max, &c.to, &c.created_ms],
            )
            .await
            .map_err(query)?;
            Ok(())
        })
    }

    fn challenges(&self) -> Result<Vec<ChallengeRow>, StoreError> {
        self.lobby_do(move |db| async move {
            let sql = format!("SELECT {CHALLENGE} FROM challenges ORDER BY created_ms, public_id");
            rows(&db, &sql, &[], challenge).await
        })
    }

    fn challenge(&self, public_id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        let id = public_id.to_owned();
        self.lobby_do(move |db| async move {
            let sql = format!("SELECT {CHALLENGE} FROM challenges WHERE public_id = $1");
            Ok(rows(&db, &sql, &[&id], challenge).await?.pop())
        })
    }

    fn take_challenge(&self, public_id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        let id = public_id.to_owned();
        self.lobby_do(move |db| async move {
            let sql = format!("DELETE FROM challenges WHERE public_id = $1 RETURNING {CHALLENGE}");
            Ok(rows(&db, &sql, &[&id], challenge).await?.pop())
        })
    }

    fn touch(&self, players: &[i64], now: i64) -> Result<(), StoreError> {
        let players = players.to_vec();
        self.lobby_do(move |db| async move {
            db.execute("UPDATE challenges SET seen_ms = $2 WHERE owner = ANY($1)", &[&players, &now])
                .await
                .map_err(query)?;
            db.execute("UPDATE pairing_queue SET seen_ms = $2 WHERE player = ANY($1)", &[&players, &now])
                .await
                .map_err(query)?;
            Ok(())
        })
    }

    fn expire(&self, before: i64) -> Result<Vec<ChallengeRow>, StoreError> {
        self.lobby_do(move |db| async move {
            let sql = format!("DELETE FROM challenges WHERE seen_ms < $1 RETURNING {CHALLENGE}");
            let gone = rows(&db, &sql, &[&before], challenge).await?;
            db.execute("DELETE FROM pairing_queue WHERE seen_ms < $1", &[&before]).await.map_err(query)?;
            let day = before - 86_400_000;
            db.execute("DELETE FROM lobby_seats WHERE at_ms < $1", &[&day]).await.map_err(query)?;
            Ok(gone)
        })
    }

    fn join_queue(&self, w: &WaitingRow) -> Result<(), StoreError> {
        let w = w.clone();
        self.lobby_do(move |db| async move {
            let sql = format!(
                "INSERT INTO pairing_queue ({WAITING}, seen_ms) VALUES ($1, $2, $3, $4, $5, $6, $6)
                 ON CONFLICT (player) DO UPDATE SET size = $2, minutes = $3, increment = $4, rating = $5,
                 since_ms = $6, seen_ms = $6"
            );
            let (size, minutes, increment) = (i64::from(w.size), w.clock.map(|x| x.0), w.clock.map(|x| x.1));
            db.execute(&sql, &[&w.player, &size, &minutes, &increment, &w.rating, &w.since_ms])
                .await
                .map_err(query)?;
            Ok(())
        })
    }

    fn leave_queue(&self, player: i64) -> Result<bool, StoreError> {
        self.lobby_do(move |db| async move {
            let n =
                db.execute("DELETE FROM pairing_queue WHERE player = $1", &[&player]).await.map_err(query)?;
            Ok(n > 0)
        })
    }

    fn waiting(&self, player: i64) -> Result<Option<WaitingRow>, StoreError> {
        self.lobby_do(move |db| async move {
            let sql = format!("SELECT {WAITING} FROM pairing_queue WHERE player = $1");
            Ok(rows(&db, &sql, &[&player], waiting).await?.pop())
        })
    }

    fn pair_round(&self, pick: Pick) -> Result<Vec<(WaitingRow, WaitingRow)>, StoreError> {
        self.lobby_do(move |mut db| async move {
            let tx = db.transaction().await.map_err(query)?;
            // one round at a time across servers (the key is "rygP" in ASCII)
            tx.execute("SELECT pg_advisory_xact_lock(1920559952)", &[]).await.map_err(query)?;
            let sql = format!("SELECT {WAITING} FROM pairing_queue ORDER BY since_ms, player");
            let all = rows(&tx, &sql, &[], waiting).await?;
            let pairs: Vec<_> =
                pick(&all).into_iter().map(|(a, b)| (all[a].clone(), all[b].clone())).collect();
            for (a, b) in &pairs {
                tx.execute(
                    "DELETE FROM pairing_queue WHERE player = $1 OR player = $2",
                    &[&a.player, &b.player],
                )
                .await
                .map_err(query)?;
            }
            tx.commit().await.map_err(query)?;
            Ok(pairs)
        })
    }

    fn note_seat(&self, s: &LobbySeat) -> Result<(), StoreError> {
        let s = s.clone();
        self.lobby_do(move |db| async move {
            db.execute(
                "INSERT INTO lobby_seats (player, game, side, token, at_ms) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (player, game) DO UPDATE SET side = $3, token = $4, at_ms = $5",
                &[&s.player, &s.game, &s.side, &s.token, &s.at_ms],
            )
            .await
            .map_err(query)?;
            Ok(())
        })
    }

    fn seats_for(&self, player: i64, since_ms: i64) -> Result<Vec<LobbySeat>, StoreError> {
        self.lobby_do(move |db| async move {
            let sql =
                "SELECT player, game, side, token, at_ms FROM lobby_seats WHERE player = $1 AND at_ms >= $2
                       ORDER BY at_ms DESC, game";
            rows(&db, sql, &[&player, &since_ms], |r| LobbySeat {
                player: r.get(0),
                game: r.get(1),
                side: r.get(2),
                token: r.get(3),
                at_ms: r.get(4),
            })
            .await
        })
    }
}

impl PgStore {
    /// Tells the other servers sharing the database `message` (on [`LOBBY_CHANNEL`]).
    ///
    /// # Errors
    /// When the database fails.
    pub fn notify_lobby(&self, message: &str) -> Result<(), StoreError> {
        let payload = format!("{}:{message}", self.origin);
        self.lobby_do(move |db| async move {
            db.execute("SELECT pg_notify($1, $2)", &[&LOBBY_CHANNEL, &payload]).await.map_err(query)?;
            Ok(())
        })
    }

    /// Calls `on_message` with every message another server announces, from a connection of
    /// its own that listens on [`LOBBY_CHANNEL`] (again after a failure, 1 s later).
    pub fn listen_lobby(&self, on_message: impl Fn(String) + Send + Sync + 'static) {
        let Some(runtime) = &self.runtime else { return };
        let (config, origin) = (self.config.clone(), self.origin);
        runtime.spawn(async move {
            loop {
                if let Err(e) = listen_lobby_once(&config, origin, &on_message).await {
                    eprintln!("ryg: PostgreSQL lobby notifications: {e}; listening again in 1 s");
                }
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            }
        });
    }
}

async fn listen_lobby_once(
    config: &tokio_postgres::Config,
    origin: u64,
    on_message: &(impl Fn(String) + Send + Sync),
) -> Result<(), tokio_postgres::Error> {
    let (client, mut connection) = config.connect(tokio_postgres::NoTls).await?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        loop {
            match std::future::poll_fn(|cx| connection.poll_message(cx)).await {
                Some(Ok(tokio_postgres::AsyncMessage::Notification(n))) => {
                    if tx.send(n.payload().to_owned()).is_err() {
                        return Ok(());
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e),
                None => return Ok(()),
            }
        }
    });
    client.batch_execute(&format!("LISTEN {LOBBY_CHANNEL}")).await?;
    let mine = format!("{origin}:");
    while let Some(payload) = rx.recv().await {
        if let Some(message) = payload.split_once(':').filter(|_| !payload.starts_with(&mine)).map(|(_, m)| m)
        {
            on_message(message.to_owned());
        }
    }
    driver.await.unwrap_or(Ok(()))
}
