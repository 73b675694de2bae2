//! Why the game service refuses a request: one variant per reason, each with its message.

use ryg_wide::{Move, PlayerSpec, Side};
use thiserror::Error;

use crate::store::{Holder, StoreError};

/// Why the service refused a request; nothing was stored unless the variant says so.
#[derive(Debug, Error)]
pub enum GameError {
    /// No game has this number (any more): the message never says the number, which a visitor
    /// must not learn.
    #[error("no such game")]
    NotFound(i64),
    /// A game id that names no game for this request (see [`crate::game::Games::resolve`]).
    #[error("no game '{0}'")]
    NoSuchGame(String),
    /// Move text that is no move.
    #[error(transparent)]
    BadMove(#[from] ryg_wide::MoveError),
    /// A move the position does not allow.
    #[error(transparent)]
    IllegalMove(#[from] ryg_wide::PlayError),
    #[error("it is the computer's turn: {} plays the {}", player_words(.level), side.name())]
    ComputerToMove { level: PlayerSpec, side: Side },
    /// A move by the seat not to move.
    #[error("a move needs the {}' token: yours is the {}'", side.name(), you.code())]
    NotYourTurn { side: Side, you: Holder },
    /// The request holds no seat of the game; `token_sent` says whether it carried a token.
    #[error("{action} needs a player's token of this game: {}", if *token_sent {
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
    #[error("the game was aborted: no move was made")]
    Aborted,
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
    #[error("this move was sent for ply {asked}, but the game is at ply {now} and its move {asked} is another: reload the game")]
    WrongPly { asked: usize, now: usize },
    #[error("a person plays the {}: give the computer a level, e.g. {{\"level\": \"3\"}}", .0.name())]
    NeedsLevel(Side),
    #[error("you hold both seats: say which with \"side\"")]
    WhichSeat,
    #[error("a name has at most {max} characters")]
    NameTooLong { max: usize },
    #[error("a name may not hold control characters, direction overrides or invisible characters")]
    NameControl,
    /// A bad position for a new game.
    #[error("invalid fen '{fen}': {error}")]
    BadFen { fen: String, error: ryg_wide::PositionError },
    /// Another bad setting of a new game or a request (the message says which).
    #[error("{0}")]
    Invalid(String),
    /// The computer's choice was refused: a bug, never the caller's fault.
    #[error("the computer chose {mv}: {error}")]
    ComputerMove { mv: Move, error: Box<GameError> },
    #[error("no random numbers from the system: {0}")]
    Random(#[from] getrandom::Error),
    #[error("{0}")]
    Record(#[from] ryg_wide::RecordErrorKind),
    /// The client's address has the most games stored that the server keeps for one.
    #[error("your address has {max} games stored, the most this server keeps for one address (--games-per-client): this does not pass in a moment, so asking again will not help; games unchanged for --keep-days days are deleted (365 by default), or the server's operator can raise the limit")]
    TooManyGames { max: usize },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// "level 3", "ryg3-v10 at depth 8": a computer seat in an error message.
fn player_words(spec: &PlayerSpec) -> String {
    match spec {
        PlayerSpec::Level(level) => format!("level {level}"),
        PlayerSpec::Engine(e) => format!("{} at depth {}", e.engine, e.depth),
    }
}
