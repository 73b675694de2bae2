//! What every handler shares: the store, the engine's tablebases and searches, the per-game
//! locks and the event streams.

use std::sync::Arc;

use crate::config::Config;
use crate::{engine, events, store};

/// What every handler shares.
pub struct AppState {
    /// The game store (SQLite or PostgreSQL; any [`store::ServerStore`] fits).
    pub store: Box<dyn store::ServerStore>,
    pub tablebases: Arc<engine::Tablebases>,
    pub thinking: engine::ThinkingBoard,
    /// One lock per game, so two requests on a game take turns while others go on.
    pub game_locks: crate::locks::GameLocks,
    /// The clocks' flag-fall alarms, one per game at most.
    pub alarms: Arc<crate::alarms::Alarms>,
    /// The games' event streams.
    pub hub: Arc<events::Hub>,
    /// Each listening player's channel: seats taken for them, challenges to them.
    pub inbox: Arc<crate::bots::inbox::Inbox>,
    /// See [`Config::public_url`].
    pub public_url: Option<String>,
    /// See [`Config::public_games`].
    pub public_games: bool,
    /// See [`Config::table_builds`].
    pub table_builds: bool,
    /// The analysis routes' engine work: its workers and queue.
    pub work: crate::work::WorkQueue,
    /// The computer's moves in games: their own workers and queue.
    pub game_work: crate::work::WorkQueue,
    /// The longest a request may take (event streams excepted).
    pub request_timeout: std::time::Duration,
    /// The games owed a computer's reply now.
    pub replies: Arc<crate::replies::Replies>,
    /// The positions of the games between two people being played: closed to analysis.
    pub live: crate::live::LiveGames,
    /// What operators scrape (`--metrics-addr`).
    pub metrics: crate::metrics::Metrics,
    /// The abuse limits per client address and their counters.
    pub limits: crate::limits::RateLimits,
    /// Raised when the server shuts down: the computer's searches stop at once, their replies
    /// stay owed in the store (played after the restart).
    pub stopping: Arc<std::sync::atomic::AtomicBool>,
    /// The players in the lobby on this server (an open lobby stream each).
    pub presence: Arc<crate::lobby::presence::Presence>,
}

impl AppState {
    /// The state of a server over `store`.
    pub fn new(store: Box<dyn store::ServerStore>, config: &Config) -> Arc<AppState> {
        let metrics = crate::metrics::Metrics::new();
        let store = Box::new(store::counted::Counted {
            inner: store,
            inserted: metrics.games_created.clone(),
            errors: metrics.store_errors.clone(),
        });
        let stopping = Arc::<std::sync::atomic::AtomicBool>::default();
        Arc::new(AppState {
            metrics,
            store,
            tablebases: Arc::new(tablebases(config)),
            thinking: engine::ThinkingBoard::default(),
            game_locks: crate::locks::GameLocks::default(),
            alarms: Arc::default(),
            hub: Arc::new(events::Hub::new(config.limits)),
            inbox: Arc::default(),
            public_url: config.public_url.clone(),
            public_games: config.public_games,
            table_builds: config.table_builds,
            limits: crate::limits::RateLimits::new(config.abuse),
            // analyses stop when the server does, as the computer's searches in games
            work: crate::work::WorkQueue::new(config.work).stopped_by(Arc::clone(&stopping)),
            request_timeout: config.request_timeout,
            replies: Arc::default(),
            live: crate::live::LiveGames::default(),
            game_work: crate::work::WorkQueue::new(config.game_work),
            stopping,
            presence: Arc::default(),
        })
    }
}

/// The server's tablebases: those on disk, and (without `--no-table-builds`) those it builds.
fn tablebases(config: &Config) -> engine::Tablebases {
    let tables = engine::Tablebases::with_files(config.exact_files.clone().map(|f| f.0));
    if config.table_builds {
        tables
    } else {
        tables.without_builds()
    }
}
