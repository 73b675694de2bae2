//! How to start the server, and where games are kept by default.

use std::path::PathBuf;

use crate::events;

/// How to start the server.
#[derive(Clone, Debug)]
pub struct Config {
    pub host: String,
    pub port: u16,
    /// The game database: a SQLite file, or a PostgreSQL URL or connection string.
    pub db: PathBuf,
    /// A file holding the PostgreSQL password (`--db-password-file`), read when `db` has none.
    pub db_password_file: Option<PathBuf>,
    /// The address players reach the server at, for invitation links (behind a reverse
    /// proxy); `None`: the address the server listens on.
    pub public_url: Option<String>,
    pub limits: events::StreamLimits,
    /// Whether `GET /api/games` lists the server's live games to anyone (`--public-games`).
    pub public_games: bool,
    /// Whether a visitor may have a tablebase built and held (`POST /api/tablebase/SIZE`);
    /// `false` with `--no-table-builds`.
    pub table_builds: bool,
    /// Games unchanged for this many days are deleted (`--keep-days`); `None`: kept forever.
    /// Games with no move are deleted after a day in any case.
    pub keep_days: Option<u64>,
    /// Abuse limits per client address.
    pub abuse: crate::limits::Limits,
    /// How much engine work the analysis routes take on, and their caps.
    pub work: crate::work::WorkLimits,
    /// The computer's moves in games: workers of their own, so analyses never hold them up.
    pub game_work: crate::work::WorkLimits,
    /// Connection limits and timeouts.
    pub connections: crate::listen::Hygiene,
    /// The longest a request may take, body included (event streams excepted).
    pub request_timeout: std::time::Duration,
    /// Where the operators' listener (`GET /metrics`, `GET /healthz`) listens
    /// (`--metrics-addr`); `None`: nowhere.
    pub metrics_addr: Option<String>,
    /// Finds the exact tables read from files (12×12, built by `ryg solve --size 12`): the
    /// `ryg` command gives its reader of the layer files; without it, 12×12 has no exact results.
    pub exact_files: Option<crate::engine::ExactFiles>,
}

impl Config {
    /// Serving `db` on `host:port` with the default limits.
    pub fn new(host: impl Into<String>, port: u16, db: PathBuf) -> Config {
        Config {
            host: host.into(),
            port,
            db,
            db_password_file: None,
            public_url: None,
            limits: events::StreamLimits::default(),
            public_games: false,
            table_builds: true,
            keep_days: None,
            abuse: crate::limits::Limits::default(),
            work: crate::work::WorkLimits::default(),
            game_work: crate::work::WorkLimits::for_games(),
            connections: crate::listen::Hygiene::default(),
            request_timeout: std::time::Duration::from_secs(60),
            metrics_addr: None,
            exact_files: None,
        }
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
