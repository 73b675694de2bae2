//! Taking moves back: at once against the computer or in a hotseat game (with the computer's
//! replies, so a person is to move again), as a request the other seat answers between two
//! people; and redo.

use ryg_wide::Side;

use super::error::GameError;
use super::seats::require_holder;
use super::service::{refuse_if_over, Games};
use crate::store::{Holder, Players, Seat, StoredGame};

/// What an undo did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undo {
    /// Between two people: the request waits for the other seat's answer.
    Asked,
    /// Moves were taken back.
    TakenBack,
}

/// The side that played ply `ply` (from 0) of `g`.
pub fn mover_of(g: &StoredGame, ply: usize) -> Side {
    let first = g.start.side_to_move();
    if ply.is_multiple_of(2) {
        first
    } else {
        !first
    }
}

/// Takes back moves until `side` is to move again, having taken back at least one of its
/// moves; the clock of the side to move restarts at `now`.
///
/// # Errors
/// [`GameError::NoMoveToUndo`] (and nothing changes) when `side` made no move.
pub fn take_back(g: &mut StoredGame, side: Side, now: i64) -> Result<(), GameError> {
    let mut game = g.game.clone();
    let before = game.moves().len();
    while game.undo().is_some() && game.position().side_to_move() != side {}
    if game.position().side_to_move() != side || game.moves().len() == before {
        return Err(GameError::NoMoveToUndo(side));
    }
    g.game = game;
    restart_clock(g, now);
    g.undo_request = None;
    Ok(())
}

/// After moves were taken back: both clocks get back the times they had when the restored ply
/// began, and the clock of the side to move runs from `now` (none at the start).
fn restart_clock(g: &mut StoredGame, now: i64) {
    let plies = g.game.moves().len();
    if let Some(clock) = &mut g.clock {
        if let Some(&left) = g.clock_history.get(plies) {
            clock.left_ms = left;
            g.clock_history.truncate(plies + 1);
        }
        clock.restart(plies == 0, now);
    }
}

impl Games<'_> {
    /// Undo by the holder of `token`: a request between two people, else the last move and the
    /// computer's replies before it are taken back.
    ///
    /// # Errors
    /// No seat, a finished game, or nothing to undo.
    pub fn undo(
        &self,
        g: &mut StoredGame,
        token: Option<&str>,
        now: i64,
    ) -> Result<(Holder, Undo), GameError> {
        let you = require_holder(g, token, "undo")?;
        if g.end.is_some() {
            refuse_if_over(g)?;
        }
        if g.game.moves().is_empty() {
            return Err(GameError::AtStart);
        }
        if let (Players::Friends, Holder::Seat(side)) = (g.players(), you) {
            if !(0..g.game.moves().len()).any(|ply| mover_of(g, ply) == side) {
                return Err(GameError::NoMoveToUndo(side));
            }
            g.undo_request = Some(side);
            self.commit(g, now)?;
            return Ok((you, Undo::Asked));
        }
        g.game.undo();
        // Take back the computer's moves too, so the person is to move again.
        while g.has_human() && matches!(g.seat_to_move(), Seat::Computer(_)) && g.game.undo().is_some() {}
        restart_clock(g, now);
        self.commit(g, now)?;
        Ok((you, Undo::TakenBack))
    }

    /// The answer of the holder of `token` to the opponent's undo request: `accept` takes the
    /// asker's last move back (and the reply after it).
    ///
    /// # Errors
    /// No seat, or no request of the opponent waiting.
    pub fn answer_undo(
        &self,
        g: &mut StoredGame,
        token: Option<&str>,
        accept: bool,
        now: i64,
    ) -> Result<Holder, GameError> {
        let you = require_holder(g, token, "answering an undo request")?;
        let Some(asker) = g.undo_request.filter(|&asker| you != Holder::Seat(asker)) else {
            return Err(GameError::NoUndoRequest);
        };
        if accept {
            take_back(g, asker, now)?;
        }
        g.undo_request = None;
        self.commit(g, now)?;
        Ok(you)
    }

    /// Replays the move taken back last (and the computer's replies after it).
    ///
    /// # Errors
    /// No seat, a game between two people, a finished game, or nothing to redo.
    pub fn redo(&self, g: &mut StoredGame, token: Option<&str>, now: i64) -> Result<Holder, GameError> {
        let you = require_holder(g, token, "redo")?;
        if g.players() == Players::Friends {
            return Err(GameError::NoRedoBetweenPlayers);
        }
        refuse_if_over(g)?;
        if g.game.redo().is_none() {
            return Err(GameError::NothingToRedo);
        }
        while g.has_human() && matches!(g.seat_to_move(), Seat::Computer(_)) && g.game.redo().is_some() {}
        if let Some(clock) = &mut g.clock {
            clock.restart(false, now);
        }
        super::play::record_clock(g);
        self.commit(g, now)?;
        Ok(you)
    }
}
