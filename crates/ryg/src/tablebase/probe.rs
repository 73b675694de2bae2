//! Probing: the exact result of a position, and of each of its moves.

use thiserror::Error;

use super::value::decode;
use super::{ExactResult, Tablebase};
use crate::{Move, Position, Size};

/// A position the tablebase cannot answer for.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProbeError {
    /// It was built for another board size.
    #[error("the position is on a {found} board but the tablebase solves {expected}")]
    WrongSize {
        /// The position's board size.
        found: Size,
        /// The tablebase's board size.
        expected: Size,
    },
    /// The table holds no result for a legal position (a damaged table).
    #[error("the tablebase is damaged: entry {entry} holds no result for a legal position")]
    Damaged {
        /// The entry's index.
        entry: usize,
    },
    /// A table on disk could not be read (a missing or damaged file).
    #[error("the tablebase cannot be read: {reason}")]
    Unreadable {
        /// What went wrong.
        reason: String,
    },
}

impl Tablebase {
    /// The exact result of `position`.
    ///
    /// # Errors
    /// When `position` is on another board size, or its entry is damaged (a built or
    /// validated table never is).
    #[inline]
    pub fn probe(&self, position: &Position) -> Result<ExactResult, ProbeError> {
        if position.size() != self.size() {
            return Err(ProbeError::WrongSize { found: position.size(), expected: self.size() });
        }
        let entry = self.index.entry(position);
        decode(self.entries[entry], position.side_to_move()).ok_or(ProbeError::Damaged { entry })
    }

    /// The exact result of `position`.
    ///
    /// # Panics
    /// When `position` is on another board size. (A damaged entry cannot make it panic: a
    /// built table has none, and [`Tablebase::from_cache_bytes`] refuses a cache that holds
    /// one.)
    #[inline]
    #[track_caller]
    pub fn result(&self, position: &Position) -> ExactResult {
        match self.probe(position) {
            Ok(result) => result,
            Err(err) => panic!("{err}"),
        }
    }

    /// Each legal move with the exact result of the position it leads to, in move order.
    ///
    /// # Panics
    /// When `position` is on another board size.
    #[track_caller]
    pub fn move_results(&self, position: &Position) -> Vec<(Move, ExactResult)> {
        let mut results = Vec::with_capacity(position.count_moves());
        position.for_each_move(|mv| {
            let mut child = *position;
            child.play_unchecked(mv);
            results.push((mv, self.result(&child)));
        });
        results
    }

    /// Every move that keeps the position's exact result: the winner's fastest wins, or the
    /// loser's longest resistance. Empty when the game is over.
    ///
    /// # Panics
    /// When `position` is on another board size.
    #[track_caller]
    pub fn best_moves(&self, position: &Position) -> Vec<Move> {
        let target = self.result(position);
        self.move_results(position)
            .into_iter()
            .filter(|&(_, r)| target.kept_by(r))
            .map(|(mv, _)| mv)
            .collect()
    }
}
