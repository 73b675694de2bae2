//! Probing: the exact result of a position, and of each of its moves.

use thiserror::Error;

use super::value::decode;
use super::{ExactResult, Tablebase};
use crate::{Move, Position, Size};

/// A position the tablebase cannot answer for: it was built for another board size.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("the position is on a {found} board but the tablebase solves {expected}")]
pub struct ProbeError {
    /// The position's board size.
    pub found: Size,
    /// The tablebase's board size.
    pub expected: Size,
}

impl Tablebase {
    /// The exact result of `position`.
    ///
    /// # Errors
    /// When `position` is on another board size.
    #[inline]
    pub fn probe(&self, position: &Position) -> Result<ExactResult, ProbeError> {
        if position.size() != self.size() {
            return Err(ProbeError { found: position.size(), expected: self.size() });
        }
        let byte = self.entries[self.index.entry(position)];
        Ok(decode(byte, position.side_to_move()).expect("a legal position has a stored result"))
    }

    /// The exact result of `position`.
    ///
    /// # Panics
    /// When `position` is on another board size (see [`Tablebase::probe`]).
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
            .filter(|(_, r)| r.winner == target.winner && r.plies + 1 == target.plies)
            .map(|(mv, _)| mv)
            .collect()
    }
}
