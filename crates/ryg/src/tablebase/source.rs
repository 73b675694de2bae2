//! `ExactSource`: whatever answers "the exact result of this position" for one board size —
//! the in-memory [`Tablebase`], or a front end's reader of a layered table on disk. The
//! levels, the review and the reports ask through it, so they work on either.

use super::{ExactResult, ProbeError, Tablebase};
use crate::{Move, Position, Size};

/// The exact results of every position of one board size.
pub trait ExactSource: Send + Sync {
    /// The board size it answers for.
    fn size(&self) -> Size;

    /// The exact result of `position`.
    ///
    /// # Errors
    /// When `position` is on another board size, or the source cannot read its entry.
    fn probe(&self, position: &Position) -> Result<ExactResult, ProbeError>;

    /// The exact result of `position`.
    ///
    /// # Panics
    /// Where [`ExactSource::probe`] fails.
    #[track_caller]
    fn result(&self, position: &Position) -> ExactResult {
        match self.probe(position) {
            Ok(result) => result,
            Err(err) => panic!("{err}"),
        }
    }

    /// Each legal move with the exact result of the position it leads to, in move order.
    ///
    /// # Errors
    /// Where [`ExactSource::probe`] fails.
    fn try_move_results(&self, position: &Position) -> Result<Vec<(Move, ExactResult)>, ProbeError> {
        let mut results = Vec::with_capacity(position.count_moves());
        for &mv in position.legal_moves().iter() {
            let mut child = *position;
            child.play_unchecked(mv);
            results.push((mv, self.probe(&child)?));
        }
        Ok(results)
    }

    /// Every move that keeps the position's exact result (see [`Tablebase::best_moves`]).
    ///
    /// # Errors
    /// Where [`ExactSource::probe`] fails.
    fn try_best_moves(&self, position: &Position) -> Result<Vec<Move>, ProbeError> {
        let target = self.probe(position)?;
        Ok(self
            .try_move_results(position)?
            .into_iter()
            .filter(|&(_, r)| target.kept_by(r))
            .map(|(mv, _)| mv)
            .collect())
    }
}

impl ExactSource for Tablebase {
    fn size(&self) -> Size {
        Tablebase::size(self)
    }

    #[inline]
    fn probe(&self, position: &Position) -> Result<ExactResult, ProbeError> {
        Tablebase::probe(self, position)
    }
}
