//! ryg in the browser: an HTTP server (axum) with a JSON API over the `ryg` library and the game
//! service (crates/ryg-games), a SQLite or PostgreSQL game store, and the page, embedded in the
//! binary. `ryg serve` starts it.

pub mod alarms;
pub mod bots;
pub mod computer;
pub mod config;
pub mod engine;
pub mod error;
pub mod events;
pub mod fair;
pub mod fairplay;
pub mod games;
pub mod headers;
pub mod limits;
pub mod listen;
pub mod live;
pub mod lobby;
pub mod locks;
pub mod metrics;
pub mod people;
pub mod places;
pub mod replies;
mod routes;
pub mod state;
pub mod store;
pub mod tasks;
pub mod tournament;
pub mod upkeep;
pub mod work;

/// The game service, at the paths it had in this crate (`crate::game::Games`, `crate::view`…):
/// crates/ryg-games, which the static site builds too.
pub use ryg_games::{clock, game, invisible, reply, token, view};

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock, Weak};

use axum::extract::DefaultBodyLimit;
use axum::Router;

pub use config::{default_db, Config};
pub use error::{ApiError, ApiResult};
pub use routes::extract::MAX_BODY;
pub use state::AppState;
use store::ServerStore;

/// The whole application: API, page and limits.
pub fn router(state: Arc<AppState>) -> Router {
    routes::router(&state).layer(DefaultBodyLimit::max(MAX_BODY)).with_state(state)
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Bind { addr: String, source: std::io::Error },
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
    #[error("the game database {db} holds a game this ryg cannot read ({detail}), so the server does not start: {advice}")]
    Unreadable { db: String, detail: String, advice: String },
}

/// A store error met while starting: a game that cannot be read says what to do about it.
fn starting(config: &Config, err: store::StoreError) -> ServeError {
    let store::StoreError::Unreadable(detail) = err else { return err.into() };
    let db = store::secret::shown_url(&config.db.to_string_lossy());
    let id = detail
        .strip_prefix("game ")
        .and_then(|rest| rest.split_once(':'))
        .and_then(|(id, _)| id.parse::<i64>().ok())
        .map_or_else(|| "N".to_owned(), |id| id.to_string());
    let advice = if store::postgres::is_postgres_url(&db) {
        format!(
            "correct or delete the game's row (`DELETE FROM games WHERE id = {id}` in psql), or restore a \
             backup (pg_dump), then start again"
        )
    } else {
        format!(
            "`ryg db check --db {db}` lists every such game; restore a backup (`ryg db backup` makes one), or \
             delete the game (`sqlite3 {db} 'DELETE FROM games WHERE id = {id}'`), then start again"
        )
    };
    ServeError::Unreadable { db, detail, advice }
}

/// Opens the store, listens, calls `on_ready` with the address (and the operators' listener's,
/// with `--metrics-addr`), and serves until Ctrl-C or SIGTERM. Blocks; builds its own runtime.
///
/// # Errors
/// When the database cannot be opened or the address cannot be bound.
pub fn serve_blocking(
    config: Config,
    on_ready: impl FnOnce(SocketAddr, Option<SocketAddr>),
) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let served = runtime.block_on(serve(config, on_ready));
    // work still on a blocking thread (a table build, a search stopping) does not hold the exit
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    served
}

/// The store `config.db` names: a PostgreSQL URL, else a SQLite file. Another server's changes
/// to a PostgreSQL store reach this one's event streams and clocks through `state`, once set.
fn open_store(
    config: &Config,
    state: &Arc<OnceLock<Weak<AppState>>>,
) -> Result<Box<dyn ServerStore>, ServeError> {
    let db = config.db.to_string_lossy();
    if !store::postgres::is_postgres_url(&db) {
        return Ok(Box::new(store::sqlite::SqliteStore::open(&config.db)?));
    }
    let store = store::postgres::PgStore::open(&db, config.db_password_file.as_deref())?;
    let (handle, cell) = (tokio::runtime::Handle::current(), Arc::clone(state));
    store.listen(move |change| {
        if let Some(state) = cell.get().and_then(Weak::upgrade) {
            match change.game {
                // sent at once, in the order the changes were stored: no version is skipped
                Some(g) => {
                    let _runtime = handle.enter();
                    upkeep::remote_game(&state, &g);
                }
                None => {
                    handle.spawn(upkeep::remote_change(state, change.id));
                }
            }
        }
    });
    let (handle, cell) = (tokio::runtime::Handle::current(), Arc::clone(state));
    store.listen_lobby(move |message| {
        if let Some(state) = cell.get().and_then(Weak::upgrade) {
            handle.spawn_blocking(move || lobby::rounds::heard(&state, &message));
        }
    });
    Ok(Box::new(store))
}

/// The async body of [`serve_blocking`].
///
/// # Errors
/// As [`serve_blocking`].
pub async fn serve(
    config: Config,
    on_ready: impl FnOnce(SocketAddr, Option<SocketAddr>),
) -> Result<(), ServeError> {
    let mut config = config;
    // one client's IPv6 prefix is the same for every limit per client
    config.connections.ipv6_prefix = config.abuse.ipv6_prefix;
    config.limits.ipv6_prefix = config.abuse.ipv6_prefix;
    let shared = Arc::new(OnceLock::<Weak<AppState>>::new());
    let store = open_store(&config, &shared)?;
    routes::log::name_store(store::secret::shown_url(&config.db.to_string_lossy()));
    let addr = format!("{}:{}", config.host, config.port);
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .map_err(|source| ServeError::Bind { addr: addr.clone(), source })?;
    let operators = match &config.metrics_addr {
        Some(addr) => Some(
            tokio::net::TcpListener::bind(addr)
                .await
                .map_err(|source| ServeError::Bind { addr: addr.clone(), source })?,
        ),
        None => None,
    };
    let running = store.running_clocks().map_err(|e| starting(&config, e))?;
    // the games between two people played within the last day: their positions stay closed to
    // analysis while they are played
    let day_ago = u64::try_from((clock::now_ms() - live::LIVE_FOR_MS) / 1000).unwrap_or(0);
    let recent = store.recent(1_000_000, Some(&store::utc(day_ago))).map_err(|e| starting(&config, e))?;
    let local = listener.local_addr()?;
    on_ready(local, operators.as_ref().map(tokio::net::TcpListener::local_addr).transpose()?);
    config.public_url = Some(config.public_url.take().unwrap_or_else(|| listening_url(local)));
    let state = AppState::new(store, &config);
    state.live.read(&recent);
    drop(recent);
    let _ = shared.set(Arc::downgrade(&state));
    if let Some(operators) = operators {
        let app = routes::metrics::router(Arc::clone(&state));
        tokio::spawn(async move {
            let _ = axum::serve(operators, app).await;
        });
    }
    upkeep::watch_clocks(&state, &running);
    computer::recover_replies(&state);
    upkeep::clean_hourly(&state, config.keep_days);
    lobby::rounds::run(&state, lobby::start::start_match);
    tournament::service::sweep(&state);
    let (hub, searches) = (Arc::clone(&state.hub), Arc::clone(&state.stopping));
    let stopping = async move {
        shutdown().await;
        // The computer's searches stop at once; their replies stay owed, played after a restart.
        searches.store(true, std::sync::atomic::Ordering::Relaxed);
        // Open event streams would hold the shutdown up: end them.
        hub.shut_down();
    };
    listen::serve(listener, router(state), config.connections, stopping, std::time::Duration::from_secs(30))
        .await;
    Ok(())
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// The address links point to when no `--public-url` is given: the one the server listens on,
/// with the machine's name for a wildcard address (`--host 0.0.0.0`).
fn listening_url(addr: SocketAddr) -> String {
    let host = match addr.ip() {
        ip if ip.is_unspecified() => std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .map(|h| h.trim().to_owned())
            .filter(|h| !h.is_empty() && h.bytes().all(|c| c.is_ascii_alphanumeric() || b".-".contains(&c)))
            .unwrap_or_else(|| "localhost".into()),
        std::net::IpAddr::V6(ip) => format!("[{ip}]"),
        ip => ip.to_string(),
    };
    format!("http://{host}:{}", addr.port())
}
