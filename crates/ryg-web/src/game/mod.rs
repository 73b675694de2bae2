//! The rules of a stored game, apart from HTTP: who may act, moves and the computer's turn
//! ([`play`]), take-backs and undo requests ([`undo`]), creation, time, resignation and
//! rematches ([`lifecycle`]), seats and names ([`seats`]). Everything works over a
//! [`GameStore`]; times are epoch milliseconds given by the caller.

mod lifecycle;
mod play;
mod seats;
mod undo;

#[cfg(test)]
mod tests;

use ryg::{Level, Move, Record, Side};
use thiserror::Error;

use crate::store::{utc, EndReason, GameStore, Holder, Seat, StoreError, StoredGame};

pub use lifecycle::{new_seed, ClockSpec, Created, Names, NewGame, Rematch, ARCHIVE_AFTER_SECS};
pub use play::{computer_seed, computer_to_answer, play_move};
pub use seats::{display_name, MAX_NAME};
pub use undo::{mover_of, take_back, Undo};

/// Why the service refused a request; nothing was stored unless the variant says so.
#[derive(Debug, Error)]
pub enum GameError {
    #[error("no game with id {0}")]
    NotFound(i64),
    /// Move text that is no move.
    #[error(transparent)]
    BadMove(#[from] ryg::MoveError),
    /// A move the position does not allow.
    #[error(transparent)]
    IllegalMove(#[from] ryg::PlayError),
    #[error("it is the computer's turn: level {level} plays the {}", side.name())]
    ComputerToMove { level: Level, side: Side },
    /// A move by the seat not to move.
    #[error("a move needs the {}' token: yours is the {}'", side.name(), you.code())]
    NotYourTurn { side: Side, you: Holder },
    /// The request holds no seat of the game; `token_sent` says whether it carried a token.
    #[error("{action} needs a player's token of game {id}: {}", if *token_sent {
        "the token sent is not a seat's of this game (a watcher can read but not act)"
    } else {
        "send your seat's token as 'Authorization: Bearer TOKEN'"
    })]
    NotAPlayer { action: &'static str, id: i64, token_sent: bool },
    /// The request holds a seat, but not the one `action` needs.
    #[error("{action} needs the {}' token: yours is the {}'", side.name(), you.code())]
    WrongSeat { action: &'static str, side: Side, you: Holder },
    #[error("the game is over: the {} {} ({})", winner.name(),
        if *winner == Side::Mouse { "wins" } else { "win" }, reason.replace('_', " "))]
    Over { winner: Side, reason: &'static str },
    /// The mover's clock was found at zero: the game ended on time (and that was stored).
    #[error("the {}' time ran out: the game is over", .0.name())]
    FlagFell(Side),
    /// The mover's clock reached zero while the move was made.
    #[error("the {}' time ran out", .0.name())]
    TimeRanOut(Side),
    #[error("nothing to undo: the game is at its start")]
    AtStart,
    #[error("nothing to undo: the {} made no move yet", .0.name())]
    NoMoveToUndo(Side),
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("redo is not available in a game between two players")]
    NoRedoBetweenPlayers,
    #[error("no undo request of your opponent is waiting")]
    NoUndoRequest,
    #[error("a rematch can be offered once the game is over")]
    NotOverYet,
    #[error("a person plays the {}: give the computer a level, e.g. {{\"level\": \"3\"}}", .0.name())]
    NeedsLevel(Side),
    #[error("you hold both seats: say which with \"side\"")]
    WhichSeat,
    #[error("a name has at most {MAX_NAME} characters")]
    NameTooLong,
    #[error("a name may not hold control characters")]
    NameControl,
    /// A bad position for a new game.
    #[error("invalid fen '{fen}': {error}")]
    BadFen { fen: String, error: ryg::PositionError },
    /// Another bad setting of a new game or a request (the message says which).
    #[error("{0}")]
    Invalid(String),
    /// The computer's choice was refused: a bug, never the caller's fault.
    #[error("the computer chose {mv}: {error}")]
    ComputerMove { mv: Move, error: Box<GameError> },
    #[error("no random numbers from the system: {0}")]
    Random(#[from] getrandom::Error),
    #[error("{0}")]
    Record(#[from] ryg::RecordErrorKind),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The game service: the rules of stored games over a store. `changed` hears of every change
/// stored (the server publishes it to the game's event streams and sets its clock's alarm).
pub struct Games<'a> {
    store: &'a dyn GameStore,
    changed: &'a dyn Fn(&StoredGame),
}

/// `now` (epoch milliseconds) as an ISO time.
fn iso(now: i64) -> String {
    utc(u64::try_from(now / 1000).unwrap_or(0))
}

impl<'a> Games<'a> {
    pub fn new(store: &'a dyn GameStore, changed: &'a dyn Fn(&StoredGame)) -> Games<'a> {
        Games { store, changed }
    }

    /// Game `id`.
    ///
    /// # Errors
    /// [`GameError::NotFound`] when there is none.
    pub fn load(&self, id: i64) -> Result<StoredGame, GameError> {
        self.store.load(id)?.ok_or(GameError::NotFound(id))
    }

    /// Stores a change of `g` made at `now` (bumping its version) and tells `changed`.
    ///
    /// # Errors
    /// When the store fails.
    pub fn commit(&self, g: &mut StoredGame, now: i64) -> Result<(), GameError> {
        g.updated_at = iso(now);
        self.store.save(g)?;
        g.version += 1;
        (self.changed)(g);
        Ok(())
    }

    /// The `limit` games changed last, newest first; without `archived`, only those changed in
    /// the last [`ARCHIVE_AFTER_SECS`] before `now`.
    ///
    /// # Errors
    /// When the store fails.
    pub fn list(&self, limit: usize, archived: bool, now: i64) -> Result<Vec<StoredGame>, GameError> {
        let secs = u64::try_from(now / 1000).unwrap_or(0);
        let since = (!archived).then(|| utc(secs.saturating_sub(ARCHIVE_AFTER_SECS)));
        Ok(self.store.recent(limit, since.as_deref())?)
    }
}

/// Refuses to act on a finished game.
///
/// # Errors
/// [`GameError::Over`], saying who won and how.
pub fn refuse_if_over(g: &StoredGame) -> Result<(), GameError> {
    match g.outcome() {
        None => Ok(()),
        Some((winner, reason)) => Err(GameError::Over { winner, reason }),
    }
}

fn player_name(seat: Seat, name: Option<&str>) -> String {
    match (seat, name) {
        (Seat::Human, Some(name)) => name.to_string(),
        (Seat::Human, None) => "Human".to_string(),
        (Seat::Computer(level), _) => format!("ryg level {level}"),
    }
}

/// The game's record: its moves, the players' names and, for a game ended by resignation or
/// time, a `Termination` tag (a record's result is what its moves prove).
///
/// # Errors
/// When a tag cannot be written (a name the record format refuses).
pub fn record(g: &StoredGame) -> Result<Record, GameError> {
    let mut record = Record::new(g.game.clone());
    let date = g.created_at.get(..10).unwrap_or("????-??-??").replace('-', ".");
    for (name, value) in [
        ("Event", format!("ryg web game {}", g.id)),
        ("Date", date),
        ("Mouse", player_name(g.mouse, g.names[0].as_deref())),
        ("Cats", player_name(g.cats, g.names[1].as_deref())),
    ] {
        record.set_tag(name, &value)?;
    }
    if let (None, Some(end)) = (g.game.outcome(), g.end) {
        let how = match end.reason {
            EndReason::Resigned => "resigned",
            EndReason::Time => "lost on time",
        };
        record.set_tag("Termination", &format!("the {} {how}", (!end.winner).name()))?;
    }
    Ok(record)
}
