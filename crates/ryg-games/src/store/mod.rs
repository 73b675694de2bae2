//! The game store: every game, written before a move is confirmed. [`GameStore`] is what the
//! game service needs of a store; `ryg serve` keeps its games in SQLite or PostgreSQL
//! (crates/ryg-web's `store`), the static site in the browser (crates/ryg-wasm's `store`).

pub mod row;
mod seats;
mod stored;

use thiserror::Error;

pub use seats::{Holder, Players, Seat};
pub use stored::{iso_ms, now_utc, utc, End, EndReason, StoredGame};

/// What the game service asks of a store. Every method is one short transaction; callers
/// serialise the changes of one game themselves.
pub trait GameStore: Send + Sync {
    /// Stores a new game; returns its id.
    ///
    /// # Errors
    /// When the database fails.
    fn insert(&self, g: &StoredGame) -> Result<i64, StoreError>;

    /// Writes everything that changes in a game and bumps its stored version, if the stored
    /// version is still `g.version` (the one read).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when another writer changed the game first (nothing stored);
    /// when the database fails.
    fn save(&self, g: &StoredGame) -> Result<(), StoreError>;

    /// Whether the store answers and could take a write now (for `GET /healthz`).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when it cannot, or the database's own error.
    fn check(&self) -> Result<(), StoreError> {
        self.load(0).map(|_| ())
    }

    /// The game with `id`, if stored.
    ///
    /// # Errors
    /// When the database fails or the stored game cannot be read back.
    fn load(&self, id: i64) -> Result<Option<StoredGame>, StoreError>;

    /// The id of the game whose public id is `public_id`, if stored.
    ///
    /// # Errors
    /// When the database fails.
    fn id_of(&self, public_id: &str) -> Result<Option<i64>, StoreError>;

    /// The `limit` most recently changed games, newest first; only those changed since `since`
    /// (an ISO time) when given.
    ///
    /// # Errors
    /// When the database fails.
    fn recent(&self, limit: usize, since: Option<&str>) -> Result<Vec<StoredGame>, StoreError>;

    /// The ids of unfinished games whose clock runs.
    ///
    /// # Errors
    /// When the database fails.
    fn running_clocks(&self) -> Result<Vec<i64>, StoreError>;

    /// The ids of unfinished games between a person and the computer (changed since `since`,
    /// an ISO time, when given): those among them whose computer is to move are owed its reply.
    ///
    /// # Errors
    /// When the database fails.
    fn against_computer(&self, since: Option<&str>) -> Result<Vec<i64>, StoreError>;

    /// How many stored games `creator` (an address's hash) created.
    ///
    /// # Errors
    /// When the database fails.
    fn count_created_by(&self, creator: &str) -> Result<usize, StoreError>;

    /// Deletes the games last changed before `before` (an ISO time): only those with no move
    /// played when `unplayed_only`, else every one. Returns how many.
    ///
    /// # Errors
    /// When the database fails.
    fn delete_before(&self, before: &str, unplayed_only: bool) -> Result<usize, StoreError>;
}

/// Why the store could not be opened or answer.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("cannot create the directory {dir}: {source}")]
    Directory { dir: String, source: std::io::Error },
    #[error("cannot open the game database {path}: {source}")]
    Open { path: String, source: Box<dyn std::error::Error + Send + Sync> },
    /// The database's schema version (`found`) is newer than this ryg's (`ours`).
    #[error("the game database {path} has schema version {found}, newer than this ryg's {ours}: use a newer ryg or another --db")]
    Newer { path: String, found: i64, ours: i64 },
    #[error("{left} is beside the game database {path}: a copy of what the last server held when a file of the database was lost (or a -wal without its database). To put it back: `mv {left} {path}` (after moving away {path} and its -wal and -shm, if any); to go on without it, move {left} away first")]
    Missing { path: String, left: String },
    #[error("the game database {path} is damaged (SQLite's quick_check: {report}): restore a backup (`ryg db backup` copies; see `ryg db check`)")]
    Damaged { path: String, report: String },
    #[error("{path} is not ryg's game database: {why}; nothing in it was changed: give ryg a file of its own with --db")]
    NotOurs { path: String, why: String },
    #[error("the game database {path} is in use by another ryg server: run one server per file (or share games through PostgreSQL: --db postgres://...)")]
    Locked { path: String },
    /// The game changed since it was read (another server, or another request, saved first):
    /// nothing was stored.
    #[error("the game was changed by another request at the same moment: nothing was stored; reload the game and try again")]
    Conflict { id: i64 },
    #[error("cannot use the PostgreSQL database {url}: {reason}")]
    Connect { url: String, reason: String },
    /// The store cannot take writes now (its file removed or replaced, the disk full or
    /// read-only); the message says which, and that nothing was stored.
    #[error("{0}")]
    Unavailable(String),
    /// The database went away while committing: the change may or may not be stored (a
    /// request that carries its ply can be sent again safely).
    #[error("the game database went away while storing this change: the move may have been stored — send it again with its ply (\"ply\": the number of moves before it)")]
    CommitUnknown,
    /// A stored game this ryg cannot read back (its row edited by hand or damaged on disk): which
    /// game, and what is wrong with it.
    #[error("a stored game cannot be read: {0}")]
    Unreadable(String),
    /// A query failed.
    #[error("game store: {0}")]
    Query(Box<dyn std::error::Error + Send + Sync>),
}
