//! What the players' rules ask of a store ([`PlayerStore`]): players, the seats they hold, their
//! ratings per board size and each rated game's change. SQLite and PostgreSQL implement it
//! (`store::sqlite_people`, `store::pg_people`); every method is one short transaction.

use ryg_ratings::Rating;

use super::StoreError;

/// A player as stored (their secret's hash is the store's alone: never read back).
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The store's number, shown to nobody.
    pub id: i64,
    /// The id in links and answers (11 URL-safe characters).
    pub public_id: String,
    pub name: String,
    pub created_at: String,
    /// A program playing through the bot API, shown as such.
    pub bot: bool,
}

/// A player's rating on one board size and how many rated games made it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SizeRating {
    pub size: u8,
    pub rating: Rating,
    pub games: i64,
}

/// One rated game's change of a player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The game's public id.
    pub game: String,
    pub size: u8,
    /// Whom it was played against: a player's public id, or a computer player (`level 5`).
    pub opponent: String,
    pub won: bool,
    /// The rating and deviation after the game.
    pub rating: f64,
    pub deviation: f64,
    pub at: String,
}

/// A player's seat in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatHeld {
    pub game: i64,
    /// 0: the mouse, 1: the cats.
    pub side: u8,
    pub player: i64,
    pub rated: bool,
}

/// One player's part of a rated game's settlement: who, against whom, the result, when.
#[derive(Clone, Debug, PartialEq)]
pub struct Settled {
    pub player: i64,
    pub opponent: String,
    pub won: bool,
}

/// The new ratings of a settlement's players, from their ratings before the game (in the
/// order of the settlement's players; a newcomer's where they had none on the size).
pub type Rate = Box<dyn FnOnce(&[Rating]) -> Vec<Rating> + Send>;

/// What the players' rules need of a store.
pub trait PlayerStore: Send + Sync {
    /// Stores a new player holding the secret whose hash is `secret`.
    ///
    /// # Errors
    /// When the database fails (a secret or public id already stored, included).
    fn insert_player(&self, public_id: &str, secret: &str, name: &str, at: &str) -> Result<i64, StoreError>;

    /// Marks player `id` as a bot.
    ///
    /// # Errors
    /// When the database fails.
    fn make_bot(&self, id: i64) -> Result<(), StoreError>;

    /// The player holding the secret whose hash is `secret`.
    ///
    /// # Errors
    /// When the database fails.
    fn player_by_secret(&self, secret: &str) -> Result<Option<Player>, StoreError>;

    /// The player with `public_id`.
    ///
    /// # Errors
    /// When the database fails.
    fn player_by_public_id(&self, public_id: &str) -> Result<Option<Player>, StoreError>;

    /// The player with store number `id`.
    ///
    /// # Errors
    /// When the database fails.
    fn player_by_id(&self, id: i64) -> Result<Option<Player>, StoreError>;

    /// Renames player `id`.
    ///
    /// # Errors
    /// When the database fails.
    fn rename_player(&self, id: i64, name: &str) -> Result<(), StoreError>;

    /// Sets player `id`'s one-time code (its hash) and until when it holds (an ISO time),
    /// replacing any earlier one.
    ///
    /// # Errors
    /// When the database fails.
    fn set_code(&self, id: i64, code: &str, until: &str) -> Result<(), StoreError>;

    /// Moves the player whose one-time code hashes to `code`, if it still holds at `now`, to
    /// the secret whose hash is `secret` (the old secret holds no longer); the code is spent.
    ///
    /// # Errors
    /// When the database fails.
    fn claim_code(&self, code: &str, now: &str, secret: &str) -> Result<Option<Player>, StoreError>;

    /// Deletes player `id` and everything stored about them (seats held, ratings, history, the
    /// lobby's challenges, place in the queue and seats).
    ///
    /// # Errors
    /// When the database fails.
    fn delete_player(&self, id: i64) -> Result<(), StoreError>;

    /// Notes that `seat.player` holds a seat of a game.
    ///
    /// # Errors
    /// When the database fails (the seat already held, included).
    fn hold_seat(&self, seat: SeatHeld) -> Result<(), StoreError>;

    /// The seats held by players in game `game`.
    ///
    /// # Errors
    /// When the database fails.
    fn seats_of(&self, game: i64) -> Result<Vec<SeatHeld>, StoreError>;

    /// The ids of the `limit` latest games in which player `id` holds a seat, newest first.
    ///
    /// # Errors
    /// When the database fails.
    fn games_of(&self, id: i64, limit: usize) -> Result<Vec<i64>, StoreError>;

    /// The ids of the `limit` latest games in which player `id` holds a seat whose game's end
    /// has not been sent on their bot stream (unfinished games, and games that ended while no
    /// stream of theirs was open), newest first.
    ///
    /// # Errors
    /// When the database fails.
    fn ends_unsent(&self, id: i64, limit: usize) -> Result<Vec<i64>, StoreError>;

    /// Notes that the end of game `game` went out on player `player`'s bot stream.
    ///
    /// # Errors
    /// When the database fails.
    fn end_sent(&self, game: i64, player: i64) -> Result<(), StoreError>;

    /// Player `id`'s ratings, smallest board first.
    ///
    /// # Errors
    /// When the database fails.
    fn ratings_of(&self, id: i64) -> Result<Vec<SizeRating>, StoreError>;

    /// Player `id`'s rating changes, oldest first.
    ///
    /// # Errors
    /// When the database fails.
    fn history_of(&self, id: i64) -> Result<Vec<RatingChange>, StoreError>;

    /// The `limit` best-rated players on `size` whose deviation is at most `deviation`, with
    /// their ratings, best first.
    ///
    /// # Errors
    /// When the database fails.
    fn leaderboard(
        &self,
        size: u8,
        deviation: f64,
        limit: usize,
    ) -> Result<Vec<(Player, SizeRating)>, StoreError>;

    /// Settles rated game `game` (public id `public_id`) on `size` once: unless it was settled already, `rate` turns the
    /// players' ratings before the game into those after it, which are kept with one history row
    /// each, in one transaction. Whether it settled now.
    ///
    /// # Errors
    /// When the database fails (nothing kept).
    fn settle(
        &self,
        game: i64,
        size: u8,
        public_id: &str,
        players: Vec<Settled>,
        at: &str,
        rate: Rate,
    ) -> Result<bool, StoreError>;

    /// The lobby kept beside the players, when this store keeps it (SQLite and PostgreSQL do).
    fn lobby(&self) -> Option<&dyn super::lobby::LobbyStore> {
        None
    }

    /// The tournaments kept beside the players, when this store keeps them.
    fn tournaments(&self) -> Option<&dyn super::tournaments::TournamentStore> {
        None
    }
}
