//! ryg in the browser: an HTTP server (axum) with a JSON API over the `ryg` library, a SQLite
//! game store, and the page, embedded in the binary. `ryg serve` starts it.

pub mod clock;
pub mod engine;
pub mod error;
pub mod events;
pub mod game;
mod routes;
pub mod store;
pub mod token;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::extract::DefaultBodyLimit;
use axum::Router;

pub use error::{ApiError, ApiResult};
pub use routes::API_ROUTES;

/// The largest request body the server reads.
pub const MAX_BODY: usize = 64 * 1024;

/// How to start the server.
#[derive(Clone, Debug)]
pub struct Config {
    pub host: String,
    pub port: u16,
    /// The SQLite game database.
    pub db: PathBuf,
    /// The address players reach the server at, for invitation links (behind a reverse
    /// proxy); `None`: the request's `Host`.
    pub public_url: Option<String>,
    pub limits: events::StreamLimits,
}

impl Config {
    /// Serving `db` on `host:port` with the default limits.
    pub fn new(host: impl Into<String>, port: u16, db: PathBuf) -> Config {
        Config { host: host.into(), port, db, public_url: None, limits: events::StreamLimits::default() }
    }
}

/// The default game database: `$XDG_DATA_HOME/ryg/games.sqlite3`, else
/// `~/.local/share/ryg/games.sqlite3`.
pub fn default_db() -> Option<PathBuf> {
    let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    env("XDG_DATA_HOME")
        .filter(|p| p.is_absolute())
        .or_else(|| env("HOME").map(|home| home.join(".local").join("share")))
        .map(|dir| dir.join("ryg").join("games.sqlite3"))
}

/// What every handler shares.
pub struct AppState {
    /// The game store (SQLite now; any [`store::GameStore`] fits).
    pub store: Box<dyn store::GameStore>,
    pub tablebases: Arc<engine::Tablebases>,
    pub thinking: engine::ThinkingBoard,
    /// One lock per game, so two requests on a game take turns while others go on.
    pub game_locks: Mutex<std::collections::HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
    /// The games' event streams.
    pub hub: Arc<events::Hub>,
    /// See [`Config::public_url`].
    pub public_url: Option<String>,
}

impl AppState {
    /// The state of a server over `store`.
    pub fn new(store: Box<dyn store::GameStore>, config: &Config) -> Arc<AppState> {
        Arc::new(AppState {
            store,
            tablebases: Arc::default(),
            thinking: engine::ThinkingBoard::default(),
            game_locks: Mutex::default(),
            hub: Arc::new(events::Hub::new(config.limits)),
            public_url: config.public_url.clone(),
        })
    }
}

/// The whole application: API, page and limits.
pub fn router(state: Arc<AppState>) -> Router {
    routes::router().layer(DefaultBodyLimit::max(MAX_BODY)).with_state(state)
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
}

/// Opens the store, listens, calls `on_ready` with the address, and serves until Ctrl-C or
/// SIGTERM. Blocks; builds its own runtime.
///
/// # Errors
/// When the database cannot be opened or the address cannot be bound.
pub fn serve_blocking(config: Config, on_ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(serve(config, on_ready))
}

/// The async body of [`serve_blocking`].
///
/// # Errors
/// As [`serve_blocking`].
pub async fn serve(config: Config, on_ready: impl FnOnce(SocketAddr)) -> Result<(), ServeError> {
    let store = store::SqliteStore::open(&config.db)?;
    let addr = format!("{}:{}", config.host, config.port);
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .map_err(|source| ServeError::Bind { addr: addr.clone(), source })?;
    let running = store::GameStore::running_clocks(&store)?;
    on_ready(listener.local_addr()?);
    let state = AppState::new(Box::new(store), &config);
    routes::watch_clocks(&state, &running);
    let hub = Arc::clone(&state.hub);
    let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
    // Small answers leave at once (no Nagle delay waiting for the client's acknowledgement).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            shutdown().await;
            // Open event streams would hold the shutdown up: end them.
            hub.shut_down();
        })
        .await?;
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
