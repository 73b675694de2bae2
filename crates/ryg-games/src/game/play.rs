//! Moves: a person's move by the seat to move, the clock charged for it, and the computer's
//! turn (which level plays, with which seed, and its chosen move stored).

use ryg_wide::{Move, PlayerSpec};

use super::error::GameError;
use super::seats::{require_holder, require_side};
use super::service::{refuse_if_over, Games};
use crate::store::{utc, Holder, Seat, StoredGame};

/// Plays `mv` in `g` at `now`, with its clock; nothing changes when it is refused.
///
/// # Errors
/// [`GameError::IllegalMove`], or [`GameError::TimeRanOut`] when the mover's clock is at zero.
pub fn play_move(g: &mut StoredGame, mv: Move, now: i64) -> Result<(), GameError> {
    let mover = g.game.position().side_to_move();
    let mut next = g.game.clone();
    next.play(mv)?;
    if let Some(clock) = &mut g.clock {
        clock.moved(mover, now).map_err(|_| GameError::TimeRanOut(mover))?;
        if next.outcome().is_some() {
            clock.stop(!mover, now);
        }
    }
    g.game = next;
    g.undo_request = None;
    record_clock(g);
    Ok(())
}

/// Notes the clocks' times as the current ply begins, so an undo can give them back (see
/// [`StoredGame::clock_history`]); plies before the record began get the times of now.
pub fn record_clock(g: &mut StoredGame) {
    let Some(clock) = &g.clock else {
        g.clock_history.clear();
        return;
    };
    let plies = g.game.moves().len();
    g.clock_history.truncate(plies);
    g.clock_history.resize(plies + 1, clock.left_ms);
    g.clock_history[plies] = clock.left_ms;
}

/// The seed of the computer's choice at the current ply: the game's seed and the ply, so the
/// same game replays the same moves.
pub fn computer_seed(g: &StoredGame) -> u64 {
    g.seed ^ (g.game.moves().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The level that answers now: while a person plays the other side, the computer answers on
/// its turns.
pub fn computer_to_answer(g: &StoredGame) -> Option<PlayerSpec> {
    match g.seat_to_move() {
        Seat::Computer(level) if g.has_human() && !g.is_over() => Some(level),
        _ => None,
    }
}

impl Games<'_> {
    /// A person's move `mv` (as text) in `g` at `now`, by the holder of `token`.
    ///
    /// # Errors
    /// The game is over or the computer's to move, the token does not hold the side to move,
    /// the move is no move or illegal, or the mover's time ran out (that end is stored).
    pub fn play(
        &self,
        g: &mut StoredGame,
        token: Option<&str>,
        mv: &str,
        now: i64,
    ) -> Result<Holder, GameError> {
        self.play_at(g, token, mv, None, now).map(|(you, _)| you)
    }

    /// [`Games::play`] of a move sent for `ply` (the number of moves before it), when given: sent
    /// again after an answer that was lost, it is played once — whether it was there already is
    /// the second value (then nothing changes).
    ///
    /// # Errors
    /// As [`Games::play`], and [`GameError::WrongPly`] when the game is at another ply and its
    /// move at `ply` is not this one.
    pub fn play_at(
        &self,
        g: &mut StoredGame,
        token: Option<&str>,
        mv: &str,
        ply: Option<usize>,
        now: i64,
    ) -> Result<(Holder, bool), GameError> {
        let you = require_holder(g, token, "a move")?;
        if let Some(asked) = ply {
            let played = g.game.moves();
            if asked != played.len() {
                let mv: Move = mv.parse()?;
                if played.get(asked) == Some(&mv) {
                    return Ok((you, true));
                }
                return Err(GameError::WrongPly { asked, now: played.len() });
            }
        }
        refuse_if_over(g)?;
        let side = g.game.position().side_to_move();
        if let Seat::Computer(level) = g.seat_to_move() {
            return Err(GameError::ComputerToMove { level, side });
        }
        if !you.holds(side) {
            return Err(GameError::NotYourTurn { side, you });
        }
        let mv: Move = mv.parse()?;
        if self.abort_if_unstarted(g, now)? {
            return Err(GameError::Aborted);
        }
        if self.flag_if_due(g, now)? {
            return Err(GameError::FlagFell(side));
        }
        play_move(g, mv, now)?;
        self.commit(g, now)?;
        Ok((you, false))
    }

    /// Who asks the computer to move in `g`, and at which level: a person may ask for their own
    /// side, or for a computer seat (anyone may, in a game between computers).
    ///
    /// # Errors
    /// A token without that right, a finished game, or no level for a person's side.
    pub fn computer_request(
        &self,
        g: &StoredGame,
        token: Option<&str>,
        level: Option<&str>,
    ) -> Result<(Option<Holder>, PlayerSpec), GameError> {
        let to_move = g.game.position().side_to_move();
        let you = match g.seat_to_move() {
            Seat::Human => require_side(g, token, to_move, "a computer move for this side")?,
            Seat::Computer(_) => require_holder(g, token, "a computer move")?,
        };
        refuse_if_over(g)?;
        let asked = level.map(|text| text.parse::<PlayerSpec>().map_err(GameError::Invalid)).transpose()?;
        let level = match (asked, g.seat_to_move()) {
            // the computer's seat plays at the level the game was created with
            (Some(asked), Seat::Computer(level)) if asked != level => {
                return Err(GameError::Invalid(format!(
                    "the computer plays the {} at level {level} in this game: leave out \"level\"",
                    to_move.name()
                )))
            }
            (_, Seat::Computer(level)) => level,
            (Some(asked), Seat::Human) => {
                self.level_fits(asked, g.game.position().size())?;
                asked
            }
            (None, Seat::Human) => return Err(GameError::NeedsLevel(to_move)),
        };
        Ok((Some(you), level))
    }

    /// The games whose computer is to move against a person, each owed its reply; only those
    /// changed in the last `within` seconds before `now` when given (a sweep), else all (at start).
    ///
    /// # Errors
    /// When the store fails.
    pub fn owed_replies(&self, now: i64, within: Option<u64>) -> Result<Vec<StoredGame>, GameError> {
        let secs = u64::try_from(now / 1000).unwrap_or(0);
        let since = within.map(|w| utc(secs.saturating_sub(w)));
        let mut owed = Vec::new();
        for id in self.store.against_computer(since.as_deref())? {
            owed.extend(self.store.load(id)?.filter(|g| computer_to_answer(g).is_some()));
        }
        Ok(owed)
    }

    /// Stores the computer's move `mv`, chosen for the side to move, at `now` — unless its time
    /// ran out meanwhile (then that end is stored). Whether the move was played.
    ///
    /// # Errors
    /// When the store fails, or [`GameError::ComputerMove`] when the move is refused.
    pub fn computer_played(&self, g: &mut StoredGame, mv: Move, now: i64) -> Result<bool, GameError> {
        if self.flag_if_due(g, now)? {
            return Ok(false);
        }
        play_move(g, mv, now).map_err(|e| GameError::ComputerMove { mv, error: Box::new(e) })?;
        self.commit(g, now)?;
        Ok(true)
    }
}
