//! What the lobby asks of a store ([`LobbyStore`]): open challenges, the quick-pairing queue and
//! the seats the lobby gave players (with the seat's token, which only that player reads back).
//! SQLite and PostgreSQL implement it (`store::sqlite_lobby`, `store::pg_lobby`); a pairing round
//! runs under a lock (SQLite's write lock, PostgreSQL's advisory lock), so two servers sharing
//! a database never pair one player twice.

use super::StoreError;

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRow {
    /// The id in links and answers (11 URL-safe characters).
    pub public_id: String,
    /// The owner's store number.
    pub owner: i64,
    pub size: u8,
    /// `mouse`, `cats` or `random`: the owner's side.
    pub side: String,
    /// Minutes and increment (seconds) of the clock, if any.
    pub clock: Option<(f64, f64)>,
    pub rated: bool,
    /// The accepting player's rating range, when given.
    pub range: Option<(f64, f64)>,
    /// The addressee of a direct challenge.
    pub to: Option<i64>,
    pub created_ms: i64,
}

/// A player waiting for quick pairing.
#[derive(Clone, Debug, PartialEq)]
pub struct WaitingRow {
    pub player: i64,
    pub size: u8,
    pub clock: Option<(f64, f64)>,
    /// The player's rating on the size when they joined.
    pub rating: f64,
    pub since_ms: i64,
}

/// A seat of a game the lobby started, for its player.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbySeat {
    pub player: i64,
    /// The game's public id.
    pub game: String,
    /// `mouse` or `cats`.
    pub side: String,
    /// The seat's token: the player's alone.
    pub token: String,
    pub at_ms: i64,
}

/// Chooses the pairs among the players waiting (indexes into the slice).
pub type Pick = Box<dyn FnOnce(&[WaitingRow]) -> Vec<(usize, usize)> + Send>;

/// What the lobby needs of a store.
pub trait LobbyStore: Send + Sync {
    /// Stores a new challenge.
    ///
    /// # Errors
    /// When the database fails.
    fn insert_challenge(&self, c: &ChallengeRow) -> Result<(), StoreError>;

    /// Every open challenge, oldest first (direct ones included).
    ///
    /// # Errors
    /// When the database fails.
    fn challenges(&self) -> Result<Vec<ChallengeRow>, StoreError>;

    /// The open challenge `public_id`.
    ///
    /// # Errors
    /// When the database fails.
    fn challenge(&self, public_id: &str) -> Result<Option<ChallengeRow>, StoreError>;

    /// Removes open challenge `public_id` and gives it to the caller: of two callers at once,
    /// one gets it and the other `None`.
    ///
    /// # Errors
    /// When the database fails.
    fn take_challenge(&self, public_id: &str) -> Result<Option<ChallengeRow>, StoreError>;

    /// Notes that `players` are in the lobby at `now`: their challenges and places in the
    /// queue do not expire.
    ///
    /// # Errors
    /// When the database fails.
    fn touch(&self, players: &[i64], now: i64) -> Result<(), StoreError>;

    /// Removes the challenges and places in the queue whose players were last in the lobby
    /// before `before`; the challenges removed.
    ///
    /// # Errors
    /// When the database fails.
    fn expire(&self, before: i64) -> Result<Vec<ChallengeRow>, StoreError>;

    /// Puts a player in the quick-pairing queue (replacing their earlier place).
    ///
    /// # Errors
    /// When the database fails.
    fn join_queue(&self, w: &WaitingRow) -> Result<(), StoreError>;

    /// Takes `player` out of the queue; whether they were in it.
    ///
    /// # Errors
    /// When the database fails.
    fn leave_queue(&self, player: i64) -> Result<bool, StoreError>;

    /// `player`'s place in the queue.
    ///
    /// # Errors
    /// When the database fails.
    fn waiting(&self, player: i64) -> Result<Option<WaitingRow>, StoreError>;

    /// One pairing round, under the store's lock: `pick` chooses pairs among everyone
    /// waiting, and those paired leave the queue in the same transaction.
    ///
    /// # Errors
    /// When the database fails (nobody leaves the queue).
    fn pair_round(&self, pick: Pick) -> Result<Vec<(WaitingRow, WaitingRow)>, StoreError>;

    /// Keeps a seat the lobby gave.
    ///
    /// # Errors
    /// When the database fails.
    fn note_seat(&self, seat: &LobbySeat) -> Result<(), StoreError>;

    /// The seats the lobby gave `player` since `since_ms`, newest first.
    ///
    /// # Errors
    /// When the database fails.
    fn seats_for(&self, player: i64, since_ms: i64) -> Result<Vec<LobbySeat>, StoreError>;

    /// Tells the other servers sharing the store `message` (nothing to do for a store only
    /// one server opens).
    ///
    /// # Errors
    /// When the database fails.
    fn announce(&self, message: &str) -> Result<(), StoreError> {
        let _ = message;
        Ok(())
    }
}
