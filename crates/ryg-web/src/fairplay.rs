//! Fair play: the server's own computer is never the oracle of a game between two people that is
//! being played. It plays no move from a live game's closed position ([`crate::live`]: the one on
//! its board, every one a move from it, the one before its last move) — in a game created there,
//! after a person's move that reaches one, or asked for with `…/computer` —, reviews no game that
//! passes through one, and plays no move for a person in a game between two people. The rules
//! here are pure; `routes::fairplay` applies them, as one route layer, to every request that can
//! have the computer play or judge a stored game.

use ryg_wide::{Move, Position};

use crate::game::NewGame;
use crate::store::{Players, Seat, StoredGame};

/// Why the server's computer refuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// It would play from, or review, a live game's closed position.
    LivePosition,
    /// It would play a move for a person in a game between two people.
    ForAPerson,
}

/// Whether a position is closed now: a live game's (`LiveGames::closes` at the time asked).
pub type Closes<'a> = &'a dyn Fn(&Position) -> bool;

/// A new game (`POST /api/games`) with the computer on a side is refused on a closed board (its
/// position after its `moves`). A request that cannot be read passes: creating it says why.
///
/// # Errors
/// [`Refusal::LivePosition`].
pub fn new_game(spec: &NewGame, closes: Closes<'_>) -> Result<(), Refusal> {
    match spec.board() {
        Some(board) if spec.has_computer() && closes(&board) => Err(Refusal::LivePosition),
        _ => Ok(()),
    }
}

/// The computer asked to move in `g` (`…/computer`): never for a person in a game between two
/// people, never from a closed position.
///
/// # Errors
/// [`Refusal::ForAPerson`] in a game between two people, else [`Refusal::LivePosition`].
pub fn computer_move(g: &StoredGame, closes: Closes<'_>) -> Result<(), Refusal> {
    if g.players() == Players::Friends {
        return Err(Refusal::ForAPerson);
    }
    if !g.is_over() && closes(g.game.position()) {
        return Err(Refusal::LivePosition);
    }
    Ok(())
}

/// A person's move `mv` in `g` (`…/moves`) that the computer would answer from a closed
/// position. A move that cannot be played passes: playing it says why.
///
/// # Errors
/// [`Refusal::LivePosition`].
pub fn reply_to(g: &StoredGame, mv: &str, closes: Closes<'_>) -> Result<(), Refusal> {
    let Ok(mv) = mv.parse::<Move>() else { return Ok(()) };
    let Ok(next) = g.game.position().play(mv) else { return Ok(()) };
    let answers = matches!(g.seat(next.side_to_move()), Seat::Computer(_)) && next.outcome().is_none();
    if answers && closes(&next) {
        return Err(Refusal::LivePosition);
    }
    Ok(())
}

/// The review of `g` (`…/review`), refused while `g` is itself a live game between two people
/// (`live`) or while any of its positions is closed.
///
/// # Errors
/// [`Refusal::LivePosition`].
pub fn review(g: &StoredGame, live: bool, closes: Closes<'_>) -> Result<(), Refusal> {
    if live {
        return Err(Refusal::LivePosition);
    }
    if g.game.positions().iter().any(closes) {
        return Err(Refusal::LivePosition);
    }
    Ok(())
}
