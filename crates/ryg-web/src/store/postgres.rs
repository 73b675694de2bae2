//! The PostgreSQL game store, for more than one server sharing the games: the same rows as
//! the SQLite store ([`GameRow`]), its own migrations, and a notification (`NOTIFY ryg_games`)
//! in the transaction of every change, so that every server's event streams and clock alarms
//! hear of changes made through the others.
//!
//! [`GameStore`] is synchronous (the handlers call it on blocking threads), while the driver
//! (tokio-postgres, pooled by deadpool) is async: the store runs the driver on a small runtime
//! of its own and waits for each answer, so it can be called from anywhere.

use std::future::Future;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio_postgres::{NoTls, Row};

pub use super::pg_url::is_postgres_url;
use super::row::{GameRow, COLUMNS};
use super::secret::shown_url;
use super::StoredGame;
use super::{GameStore, StoreError};

/// Schema migrations of the PostgreSQL store: entry `i` takes a database from version `i` to
/// `i + 1`. Version 1 is the whole schema of SQLite's version 2.
pub const PG_MIGRATIONS: &[&str] = &[
    "
    CREATE TABLE games (
        id                 BIGSERIAL PRIMARY KEY,
        size               INTEGER NOT NULL,
        start_fen          TEXT    NOT NULL,
        mouse              TEXT    NOT NULL,
        cats               TEXT    NOT NULL,
        moves              TEXT    NOT NULL DEFAULT '',
        redo               TEXT    NOT NULL DEFAULT '',
        result             TEXT    NOT NULL DEFAULT '*',
        seed               BIGINT  NOT NULL,
        version            BIGINT  NOT NULL DEFAULT 0,
        created_at         TEXT    NOT NULL,
        updated_at         TEXT    NOT NULL,
        mouse_token        TEXT,
        cats_token         TEXT,
        mouse_name         TEXT,
        cats_name          TEXT,
        clock_initial_ms   BIGINT,
        clock_increment_ms BIGINT,
        mouse_ms           BIGINT,
        cats_ms            BIGINT,
        turn_started_ms    BIGINT,
        end_reason         TEXT,
        end_winner         TEXT,
        undo_request       TEXT,
        rematch_offer      TEXT,
        rematch_id         BIGINT
    );
    CREATE INDEX games_by_update ON games (updated_at DESC, id DESC);
",
    "
    ALTER TABLE games ADD COLUMN creator TEXT;
    CREATE INDEX games_by_creator ON games (creator);
",
    "
    ALTER TABLE games ADD COLUMN clock_history TEXT;
",
    "
    ALTER TABLE games ADD COLUMN public_id TEXT;
    CREATE UNIQUE INDEX games_by_public_id ON games (public_id);
",
    super::people_tables::POSTGRES,
    super::lobby_tables::POSTGRES,
    super::bot_tables::POSTGRES,
    super::tournaments::POSTGRES,
    super::bot_tables::POSTGRES_ENDS,
];

/// The notification channel: its payload is `ID:VERSION:ORIGIN` (the storing server's
/// [`PgStore::origin`]), then `:ROW` — the game as stored at that version, a [`GameRow`] as JSON —
/// when it fits in a notification. With the row, a listening server sends every version of a
/// game to its watchers, even when the next move is stored before it could load this one.
pub const CHANNEL: &str = "ryg_games";

/// The largest payload sent: PostgreSQL's limit is 8,000 bytes.
const MAX_PAYLOAD: usize = 7_900;

/// The payload of `r`'s notification at `version` (see [`CHANNEL`]).
fn notification(r: &GameRow, version: i64, origin: u64) -> String {
    let head = format!("{}:{version}:{origin}", r.id);
    let row = serde_json::to_string(&GameRow { version, ..r.clone() }).unwrap_or_default();
    if row.is_empty() || head.len() + 1 + row.len() > MAX_PAYLOAD {
        return head;
    }
    format!("{head}:{row}")
}

/// A notification's payload read back: the game's id, its version, the storing server's mark
/// and the game at that version, when the payload holds it (and it reads as a game).
fn parse_notification(payload: &str) -> Option<(i64, i64, u64, Option<StoredGame>)> {
    let mut parts = payload.splitn(4, ':');
    let id = parts.next()?.parse().ok()?;
    let version = parts.next()?.parse().ok()?;
    let origin = parts.next()?.parse().ok()?;
    let game = parts
        .next()
        .and_then(|row| serde_json::from_str::<GameRow>(row).ok())
        .and_then(|row| row.into_game().ok())
        .filter(|g| g.id == id && g.version == version);
    Some((id, version, origin, game))
}

/// A change another server stored: the game's id and new version, and the game as it was
/// stored when the notification could carry it. Id 0: changes may have been missed.
#[derive(Debug)]
pub struct Change {
    pub id: i64,
    pub version: i64,
    pub game: Option<StoredGame>,
}

/// The PostgreSQL game store.
pub struct PgStore {
    pub(super) runtime: Option<tokio::runtime::Runtime>,
    pool: Pool,
    url: String,
    /// How to connect, the password included wherever it came from.
    pub(super) config: tokio_postgres::Config,
    /// This store's mark on its notifications, so it does not hear its own.
    pub(super) origin: u64,
}

/// A failed query as a [`StoreError`]: a database that cannot be reached (no connection from
/// the pool, a connection lost, the server shutting down) is [`StoreError::Unavailable`] — a
/// 503 with `Retry-After` — whose message names neither the server nor its address.
pub(super) fn query(err: impl std::error::Error + Send + Sync + 'static) -> StoreError {
    if let Some(full) = super::pg_full::refused(&err) {
        return full;
    }
    if is_unreachable(&err) {
        // once a second at most: every request says so while the database is down
        static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let second =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        if LAST.swap(second, std::sync::atomic::Ordering::Relaxed) != second {
            tracing::warn!("the PostgreSQL game database cannot be reached: {}", reason(&err));
        }
        return StoreError::Unavailable(
            "the game database cannot be reached: nothing was stored; try again in a moment".to_owned(),
        );
    }
    StoreError::Query(Box::new(err))
}

/// Whether `err` says the database cannot be reached now: no connection from the pool, a
/// connection lost, or SQLSTATE classes 08 (connection exception), 53 (insufficient resources:
/// too many connections) and 57 (operator intervention: shutting down, starting up).
fn is_unreachable(err: &(dyn std::error::Error + 'static)) -> bool {
    let pg = |e: &tokio_postgres::Error| {
        let io = std::error::Error::source(e).is_some_and(|c| c.is::<std::io::Error>());
        e.is_closed()
            || io
            || e.as_db_error().is_some_and(|db| {
                let code = db.code().code();
                code.starts_with("08") || code.starts_with("53") || code.starts_with("57")
            })
    };
    if let Some(e) = err.downcast_ref::<deadpool_postgres::PoolError>() {
        return match e {
            deadpool_postgres::PoolError::Backend(e) => pg(e),
            _ => true,
        };
    }
    err.downcast_ref::<tokio_postgres::Error>().is_some_and(pg)
}

/// A failed COMMIT: when the database went away meanwhile, nobody knows whether it stored the
/// change ([`StoreError::CommitUnknown`]), never "nothing was stored".
fn commit_failed(err: tokio_postgres::Error) -> StoreError {
    if is_unreachable(&err) {
        tracing::warn!("a COMMIT's answer was lost: {}", reason(&err));
        return StoreError::CommitUnknown;
    }
    query(err)
}

/// `err` and its causes, as one line ("error connecting to server: Connection refused").
fn reason(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut cause = err.source();
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.contains(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    text.trim_start_matches("Error occurred while creating a new object: ").to_owned()
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host:port/db`) and brings its schema
    /// up to date (under an advisory lock, so servers starting together migrate once). Without a
    /// password in `url`, the password comes from `password_file`, `PGPASSWORD` or the password
    /// file ([`super::pg_password`]).
    ///
    /// # Errors
    /// When the URL is malformed, the password file cannot be read, the database cannot be
    /// reached, or its schema is newer.
    pub fn open(url: &str, password_file: Option<&std::path::Path>) -> Result<PgStore, StoreError> {
        let shown = shown_url(url);
        let open = |e: &dyn std::error::Error| StoreError::Connect { url: shown.clone(), reason: reason(e) };
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| open(&e))?;
        super::pg_password::fill(&mut config, password_file)
            .map_err(|reason| StoreError::Connect { url: shown.clone(), reason })?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("ryg-postgres")
            .enable_all()
            .build()
            .map_err(|e| open(&e))?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig { recycling_method: RecyclingMethod::Fast },
        );
        let pool = {
            let _entered = runtime.enter();
            Pool::builder(manager)
                .max_size(16)
                .wait_timeout(Some(Duration::from_secs(10)))
                .create_timeout(Some(Duration::from_secs(10)))
                .runtime(deadpool_postgres::Runtime::Tokio1)
                .build()
                .map_err(|e| open(&e))?
        };
        let origin = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ u64::from(std::process::id()).rotate_left(32);
        let store = PgStore { runtime: Some(runtime), pool, url: url.to_owned(), config, origin };
        let pool = store.pool.clone();
        let shown2 = shown.clone();
        store.run(async move {
            let mut client = pool
                .get()
                .await
                .map_err(|e| StoreError::Connect { url: shown2.clone(), reason: reason(&e) })?;
            migrate(&mut client, &shown2).await
        })?;
        Ok(store)
    }

    /// The pool of connections.
    pub(super) fn pool(&self) -> &Pool {
        &self.pool
    }

    /// Runs `work` on the store's runtime and waits for its answer.
    pub(super) fn run<T: Send + 'static>(
        &self,
        work: impl Future<Output = Result<T, StoreError>> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let Some(runtime) = &self.runtime else {
            return Err(StoreError::Query("the store is closed".into()));
        };
        runtime.spawn(async move {
            let _ = tx.send(work.await);
        });
        rx.recv().map_err(|_| StoreError::Query("the database task ended".into()))?
    }

    /// Calls `on_change` for every change another server stores, in the order they were stored,
    /// from a connection of its own that listens on [`CHANNEL`] (reconnecting after a failure,
    /// after which a change of id 0 says that changes may have been missed). Returns once the first
    /// connection listens (or failed, or 10 s passed), so that a server says it is ready only
    /// when it hears the others.
    pub fn listen(&self, on_change: impl Fn(Change) + Send + Sync + 'static) {
        let Some(runtime) = &self.runtime else { return };
        let (url, config, origin) = (self.url.clone(), self.config.clone(), self.origin);
        let (ready, listening) = std::sync::mpsc::channel();
        runtime.spawn(async move {
            let mut ready = Some(ready);
            let mut first = true;
            loop {
                if !first {
                    on_change(Change { id: 0, version: 0, game: None });
                }
                first = false;
                if let Err(e) = listen_once(&config, origin, &on_change, &mut ready).await {
                    eprintln!(
                        "ryg: PostgreSQL notifications of {}: {e}; listening again in 1 s",
                        shown_url(&url)
                    );
                }
                ready = None;
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        });
        let _ = listening.recv_timeout(Duration::from_secs(10));
    }
}

async fn listen_once(
    config: &tokio_postgres::Config,
    origin: u64,
    on_change: &(impl Fn(Change) + Send + Sync),
    ready: &mut Option<std::sync::mpsc::Sender<()>>,
) -> Result<(), tokio_postgres::Error> {
    let (client, mut connection) = config.connect(NoTls).await?;
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
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    if let Some(ready) = ready.take() {
        let _ = ready.send(());
    }
    while let Some(payload) = rx.recv().await {
        if let Some((id, version, from, game)) = parse_notification(&payload) {
            if from != origin {
                on_change(Change { id, version, game });
            }
        }
    }
    driver.await.unwrap_or(Ok(()))
}

impl Drop for PgStore {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

async fn migrate(client: &mut deadpool_postgres::Object, url: &str) -> Result<(), StoreError> {
    let tx = client.transaction().await.map_err(query)?;
    // one migrating server at a time (the key is "ryg" in ASCII)
    tx.batch_execute(
        "SELECT pg_advisory_xact_lock(7502183);
                      CREATE TABLE IF NOT EXISTS ryg_schema (version BIGINT NOT NULL);",
    )
    .await
    .map_err(query)?;
    let found: Option<i64> =
        tx.query_opt("SELECT version FROM ryg_schema", &[]).await.map_err(query)?.map(|r| r.get(0));
    let version = found.unwrap_or(0);
    let newest = PG_MIGRATIONS.len() as i64;
    if version > newest {
        return Err(StoreError::Newer { path: shown_url(url), found: version, ours: newest });
    }
    for sql in PG_MIGRATIONS.iter().skip(version as usize) {
        tx.batch_execute(sql).await.map_err(query)?;
    }
    // games stored before public ids get one each
    let unnamed = tx.query("SELECT id FROM games WHERE public_id IS NULL", &[]).await.map_err(query)?;
    for row in unnamed {
        let id: i64 = row.get(0);
        let public_id = crate::token::public_id().map_err(query)?;
        tx.execute("UPDATE games SET public_id = $2 WHERE id = $1", &[&id, &public_id])
            .await
            .map_err(query)?;
    }
    tx.execute("DELETE FROM ryg_schema", &[]).await.map_err(query)?;
    tx.execute("INSERT INTO ryg_schema (version) VALUES ($1)", &[&newest]).await.map_err(query)?;
    tx.commit().await.map_err(query)
}

fn row_to_game(row: &Row) -> Result<StoredGame, StoreError> {
    let get_err = |e: tokio_postgres::Error| query(e);
    let columns = GameRow {
        id: row.try_get(0).map_err(get_err)?,
        start_fen: row.try_get(1).map_err(get_err)?,
        mouse: row.try_get(2).map_err(get_err)?,
        cats: row.try_get(3).map_err(get_err)?,
        moves: row.try_get(4).map_err(get_err)?,
        redo: row.try_get(5).map_err(get_err)?,
        seed: row.try_get(6).map_err(get_err)?,
        version: row.try_get(7).map_err(get_err)?,
        created_at: row.try_get(8).map_err(get_err)?,
        updated_at: row.try_get(9).map_err(get_err)?,
        tokens: [row.try_get(10).map_err(get_err)?, row.try_get(11).map_err(get_err)?],
        names: [row.try_get(12).map_err(get_err)?, row.try_get(13).map_err(get_err)?],
        clock_initial_ms: row.try_get(14).map_err(get_err)?,
        clock_increment_ms: row.try_get(15).map_err(get_err)?,
        left_ms: [row.try_get(16).map_err(get_err)?, row.try_get(17).map_err(get_err)?],
        turn_started_ms: row.try_get(18).map_err(get_err)?,
        end_reason: row.try_get(19).map_err(get_err)?,
        end_winner: row.try_get(20).map_err(get_err)?,
        undo_request: row.try_get(21).map_err(get_err)?,
        rematch_offer: row.try_get(22).map_err(get_err)?,
        rematch_id: row.try_get(23).map_err(get_err)?,
        creator: row.try_get(24).map_err(get_err)?,
        clock_history: row.try_get(25).map_err(get_err)?,
        public_id: row.try_get(26).map_err(get_err)?,
        rematch_public_id: row.try_get(27).map_err(get_err)?,
    };
    columns.into_game().map_err(StoreError::Unreadable)
}

const UPDATE: &str =
    "UPDATE games SET moves = $2, redo = $3, result = $4, updated_at = $5, version = version + $20,
    mouse_token = $6, cats_token = $7, mouse_name = $8, cats_name = $9,
    clock_initial_ms = $10, clock_increment_ms = $11, mouse_ms = $12, cats_ms = $13,
    turn_started_ms = $14, end_reason = $15, end_winner = $16, undo_request = $17,
    rematch_offer = $18, rematch_id = $19, clock_history = $22
    WHERE id = $1 AND version = $21 RETURNING version";

impl GameStore for PgStore {
    fn insert(&self, g: &StoredGame) -> Result<i64, StoreError> {
        let (pool, r, size, result) =
            (self.pool.clone(), GameRow::of(g), i32::from(g.start.size().n()), g.result_token());
        self.run(async move {
            let mut client = pool.get().await.map_err(query)?;
            let tx = client.transaction().await.map_err(query)?;
            let id: i64 = tx
                .query_one(
                    "INSERT INTO games (size, start_fen, mouse, cats, seed, created_at, updated_at, creator, public_id)
                     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8) RETURNING id",
                    &[&size, &r.start_fen, &r.mouse, &r.cats, &r.seed, &r.created_at, &r.creator, &r.public_id],
                )
                .await
                .map_err(query)?
                .get(0);
            let r = GameRow { id, ..r };
            update(&tx, &r, result, 0, 0).await?;
            tx.commit().await.map_err(commit_failed)?;
            super::pg_full::wrote();
            Ok(id)
        })
    }

    /// The database answers and, after a write refused for a full disk, takes one again.
    fn check(&self) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.load(0)?;
        self.run(async move { super::pg_full::probe(&mut pool.get().await.map_err(query)?, query).await })
    }

    fn save(&self, g: &StoredGame) -> Result<(), StoreError> {
        let (pool, r, result, origin, expected) =
            (self.pool.clone(), GameRow::of(g), g.result_token(), self.origin, g.version);
        self.run(async move {
            let mut client = pool.get().await.map_err(query)?;
            let tx = client.transaction().await.map_err(query)?;
            let Some(version) = update(&tx, &r, result, 1, expected).await? else {
                return Err(StoreError::Conflict { id: r.id });
            };
            tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &notification(&r, version, origin)])
                .await
                .map_err(query)?;
            tx.commit().await.map_err(commit_failed)?;
            super::pg_full::wrote();
            Ok(())
        })
    }

    fn load(&self, id: i64) -> Result<Option<StoredGame>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(query)?;
            let row = client
                .query_opt(&format!("SELECT {COLUMNS} FROM games WHERE id = $1"), &[&id])
                .await
                .map_err(query)?;
            row.as_ref().map(row_to_game).transpose()
        })
    }

    fn id_of(&self, public_id: &str) -> Result<Option<i64>, StoreError> {
        let (pool, public_id) = (self.pool.clone(), public_id.to_owned());
        self.run(async move {
            let client = pool.get().await.map_err(query)?;
            let row = client
                .query_opt("SELECT id FROM games WHERE public_id = $1", &[&public_id])
                .await
                .map_err(query)?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn recent(&self, limit: usize, since: Option<&str>) -> Result<Vec<StoredGame>, StoreError> {
        let (pool, limit, since) = (self.pool.clone(), limit as i64, since.unwrap_or("").to_owned());
        self.run(async move {
            let client = pool.get().await.map_err(query)?;
            let rows = client
                .query(
                    &format!(
                        "SELECT {COLUMNS} FROM games WHERE updated_at >= $2 ORDER BY updated_at DESC, id DESC LIMIT $1"
                    ),
                    &[&limit, &since],
                )
                .await
                .map_err(query)?;
            rows.iter().map(row_to_game).collect()
        })
    }

    fn count_created_by(&self, creator: &str) -> Result<usize, StoreError> {
        let (pool, creator) = (self.pool.clone(), creator.to_owned());
        self.run(async move {
            let client = pool.get().await.map_err(query)?;
            let row = client
                .query_one("SELECT count(*) FROM games WHERE creator = $1", &[&creator])
                .await
                .map_err(query)?;
            Ok(row.get::<_, i64>(0) as usize)
        })
    }

    fn delete_before(&self, before: &str, unplayed_only: bool) -> Result<usize, StoreError> {
        let (pool, before) = (self.pool.clone(), before.to_owned());
        self.run(async move {
            let client = pool.get().await.map_err(query)?;
            let sql = if unplayed_only {
                "DELETE FROM games WHERE updated_at < $1 AND moves = '' AND redo = ''"
            } else {
                "DELETE FROM games WHERE updated_at < $1"
            };
            Ok(client.execute(sql, &[&before]).await.map_err(query)? as usize)
        })
    }

    fn running_clocks(&self) -> Result<Vec<i64>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(query)?;
            let rows = client
                .query(
                    "SELECT id FROM games WHERE turn_started_ms IS NOT NULL AND result = '*' AND end_reason IS NULL",
                    &[],
                )
                .await
                .map_err(query)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn against_computer(&self, since: Option<&str>) -> Result<Vec<i64>, StoreError> {
        let (pool, since) = (self.pool.clone(), since.unwrap_or("").to_owned());
        self.run(async move {
            let client = pool.get().await.map_err(query)?;
            let rows = client.query(super::row::AGAINST_COMPUTER, &[&since]).await.map_err(query)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }
}

/// Writes `r` over its stored row; its new version, `None` when no row has its id.
async fn update(
    tx: &tokio_postgres::Transaction<'_>,
    r: &GameRow,
    result: &str,
    bump: i64,
    expected: i64,
) -> Result<Option<i64>, StoreError> {
    let row = tx
        .query_opt(
            UPDATE,
            &[
                &r.id,
                &r.moves,
                &r.redo,
                &result,
                &r.updated_at,
                &r.tokens[0],
                &r.tokens[1],
                &r.names[0],
                &r.names[1],
                &r.clock_initial_ms,
                &r.clock_increment_ms,
                &r.left_ms[0],
                &r.left_ms[1],
                &r.turn_started_ms,
                &r.end_reason,
                &r.end_winner,
                &r.undo_request,
                &r.rematch_offer,
                &r.rematch_id,
                &bump,
                &expected,
                &r.clock_history,
            ],
        )
        .await
        .map_err(query)?;
    Ok(row.map(|r| r.get(0)))
}
