//! `Score`: a search value from the side to move's point of view that also carries exact game
//! ends ("win in N plies", "loss in N plies"), and its re-basing at the transposition table.

use std::fmt;
use std::ops::Neg;
use std::str::FromStr;

use thiserror::Error;

use crate::{ExactResult, Position, Side};

/// A search score for the side to move: an evaluation, or an exact win or loss in some plies.
///
/// Inside a search, game ends are counted from the root ("root-relative"); in the
/// transposition table they are counted from the stored node ("node-relative"), see
/// [`Score::to_tt`] and [`Score::from_tt`]. Faster wins and slower losses compare higher.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[repr(transparent)]
pub struct Score(i16);

/// Why a score string was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScoreError {
    #[error("bad score '{}': expected a number like '+12' or '-3', or 'win 44' / 'loss 44'", crate::echo::echo(.0))]
    Syntax(String),
    #[error("score {} is out of range: evaluations lie within ±{max}", crate::echo::echo(.0), max = Score::MAX_EVAL.0)]
    Range(String),
    #[error("{0} plies is too long a game: at most {max}", max = Score::MAX_PLIES)]
    Plies(u32),
}

impl Score {
    /// The score of a win at once (0 plies); wins in N plies score `MATE - N`.
    const MATE: i16 = 30_000;
    /// The longest game end a score can carry.
    pub const MAX_PLIES: u16 = 1_000;
    /// The largest evaluation; evaluations are clamped into `-MAX_EVAL..=MAX_EVAL`.
    pub const MAX_EVAL: Score = Score(Self::MATE - Self::MAX_PLIES as i16 - 1);
    /// Above every score (an open window bound).
    pub const INFINITY: Score = Score(Self::MATE + 1);
    /// An even position.
    pub const ZERO: Score = Score(0);

    /// An evaluation, clamped into the evaluation range.
    pub fn eval(value: i32) -> Score {
        let max = i32::from(Self::MAX_EVAL.0);
        Score(value.clamp(-max, max) as i16)
    }

    /// The side to move wins in `plies` half-moves.
    ///
    /// # Panics
    /// When `plies` exceeds [`Score::MAX_PLIES`].
    #[track_caller]
    pub fn win_in(plies: u16) -> Score {
        assert!(plies <= Self::MAX_PLIES, "game end too far away");
        Score(Self::MATE - plies as i16)
    }

    /// The side to move loses in `plies` half-moves.
    ///
    /// # Panics
    /// When `plies` exceeds [`Score::MAX_PLIES`].
    #[track_caller]
    pub fn loss_in(plies: u16) -> Score {
        -Score::win_in(plies)
    }

    /// The score of a finished `position` reached `ply` plies from the root, for its side to
    /// move: a loss, except for a mouse to move that stands on the top rank (it has won).
    pub fn game_end(position: &Position, ply: u16) -> Score {
        match position.outcome() {
            Some(outcome) if outcome.winner == position.side_to_move() => Score::win_in(ply),
            _ => Score::loss_in(ply),
        }
    }

    /// The game end this score proves for `side` (the side it is for), if it is a game end.
    pub fn exact_result(self, side: Side) -> Option<ExactResult> {
        let plies = u32::from(self.plies_to_end()?);
        Some(ExactResult::new(if self.is_win() { side } else { !side }, plies))
    }

    /// The raw value (evaluation units; game ends near ±30,000).
    pub const fn value(self) -> i16 {
        self.0
    }

    /// Whether this is an exact win.
    pub const fn is_win(self) -> bool {
        self.0 > Self::MAX_EVAL.0
    }

    /// Whether this is an exact loss.
    pub const fn is_loss(self) -> bool {
        self.0 < -Self::MAX_EVAL.0
    }

    /// Whether this is an exact game end (a win or a loss).
    pub const fn is_game_end(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// In how many plies the game ends, when this is a win or a loss.
    pub fn plies_to_end(self) -> Option<u16> {
        match self {
            s if s.is_win() => Some((Self::MATE - s.0) as u16),
            s if s.is_loss() => Some((Self::MATE + s.0) as u16),
            _ => None,
        }
    }

    /// Re-bases a root-relative score found `ply` plies below the root to a node-relative one
    /// for the transposition table.
    pub fn to_tt(self, ply: u16) -> Score {
        match self {
            s if s.is_win() => Score(s.0 + ply as i16),
            s if s.is_loss() => Score(s.0 - ply as i16),
            s => s,
        }
    }

    /// Re-bases a node-relative score from the transposition table to a root-relative one for
    /// a node `ply` plies below the root.
    pub fn from_tt(self, ply: u16) -> Score {
        match self {
            s if s.is_win() => Score(s.0 - ply as i16),
            s if s.is_loss() => Score(s.0 + ply as i16),
            s => s,
        }
    }

    /// One above (a null-window bound); saturates at the ends.
    pub(crate) fn up(self) -> Score {
        Score(self.0.saturating_add(1).min(Self::INFINITY.0))
    }

    /// One below; saturates at the ends.
    pub(crate) fn down(self) -> Score {
        Score(self.0.saturating_sub(1).max(-Self::INFINITY.0))
    }

    /// This score lowered by `margin` (not crossing into another kind of score).
    pub(crate) fn minus(self, margin: i16) -> Score {
        Score(self.0.saturating_sub(margin).max(-Self::INFINITY.0))
    }
}

impl Neg for Score {
    type Output = Score;

    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    /// `+12`, `-3`, `0`, `win 44`, `loss 44`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(p) if self.is_win() => write!(f, "win {p}"),
            Some(p) => write!(f, "loss {p}"),
            None if self.0 > 0 => write!(f, "+{}", self.0),
            None => write!(f, "{}", self.0),
        }
    }
}

impl FromStr for Score {
    type Err = ScoreError;

    fn from_str(s: &str) -> Result<Score, ScoreError> {
        let t = s.trim();
        let syntax = || ScoreError::Syntax(s.to_string());
        let plies = |rest: &str| -> Result<u16, ScoreError> {
            let p: u32 = rest.trim().parse().map_err(|_| syntax())?;
            u16::try_from(p).ok().filter(|&p| p <= Score::MAX_PLIES).ok_or(ScoreError::Plies(p))
        };
        if let Some(rest) = t.strip_prefix("win") {
            return Ok(Score::win_in(plies(rest)?));
        }
        if let Some(rest) = t.strip_prefix("loss") {
            return Ok(Score::loss_in(plies(rest)?));
        }
        let v: i32 = t.strip_prefix('+').unwrap_or(t).parse().map_err(|_| syntax())?;
        if v.abs() > i32::from(Score::MAX_EVAL.0) {
            return Err(ScoreError::Range(s.to_string()));
        }
        Ok(Score(v as i16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faster_wins_and_slower_losses_are_better() {
        assert!(Score::win_in(3) > Score::win_in(5));
        assert!(Score::loss_in(5) > Score::loss_in(3));
        assert!(Score::win_in(999) > Score::MAX_EVAL);
        assert!(Score::loss_in(999) < -Score::MAX_EVAL);
        assert_eq!(-Score::win_in(7), Score::loss_in(7));
        assert_eq!(Score::win_in(44).plies_to_end(), Some(44));
        assert_eq!(Score::loss_in(0).plies_to_end(), Some(0));
        assert_eq!(Score::eval(12).plies_to_end(), None);
        assert_eq!(Score::eval(1_000_000), Score::MAX_EVAL);
    }

    #[test]
    fn rebasing_round_trips() {
        // A win 10 plies from the root, found 4 plies below it, is a win in 6 from that node.
        assert_eq!(Score::win_in(10).to_tt(4), Score::win_in(6));
        assert_eq!(Score::win_in(6).from_tt(4), Score::win_in(10));
        assert_eq!(Score::loss_in(9).to_tt(3), Score::loss_in(6));
        assert_eq!(Score::loss_in(6).from_tt(3), Score::loss_in(9));
        assert_eq!(Score::eval(-17).to_tt(5), Score::eval(-17));
    }

    #[test]
    fn notation_round_trips() {
        for s in [Score::win_in(44), Score::loss_in(0), Score::eval(12), Score::eval(-3), Score::ZERO] {
            assert_eq!(s.to_string().parse::<Score>(), Ok(s));
        }
        assert_eq!(Score::win_in(44).to_string(), "win 44");
        assert_eq!(Score::eval(12).to_string(), "+12");
        assert_eq!(
            "abc".parse::<Score>().unwrap_err().to_string(),
            "bad score 'abc': expected a number like '+12' or '-3', or 'win 44' / 'loss 44'"
        );
        assert_eq!(
            "99999".parse::<Score>().unwrap_err().to_string(),
            "score 99999 is out of range: evaluations lie within ±28999"
        );
        assert_eq!("win 5000".parse::<Score>(), Err(ScoreError::Plies(5000)));
    }
}
