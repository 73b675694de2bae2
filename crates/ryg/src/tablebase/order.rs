//! The order the build solves the positions in, for showing retrograde analysis at work on a
//! small board: the cats' configurations in index order (every cat move lowers the rank, so the
//! most advanced cats, nearest the game's end, come first), and within one configuration the
//! cats-to-move positions before the mouse-to-move ones (see `build.rs`).

use super::{ExactResult, Tablebase};
use crate::{Position, Side};

/// One position as the build solves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolvedPosition {
    pub position: Position,
    pub result: ExactResult,
    /// The cats' configuration (its index: the build goes through them in increasing order).
    pub configuration: usize,
    /// Legal moves of the side to move.
    pub moves: usize,
    /// Moves that keep the result for the side to move: those that keep the win (fastest or
    /// not) when it wins, every move when it loses.
    pub keeping: usize,
}

impl Tablebase {
    /// Every position of the table with its exact result, in index order (for exporting the
    /// table, e.g. as training data).
    pub fn positions(&self) -> impl Iterator<Item = (Position, ExactResult)> + '_ {
        self.positions_in(0..self.entries())
    }

    /// The entries of the table's index, of which [`Tablebase::positions_in`] takes ranges
    /// (some entries are no position: every position is one entry, not every entry one
    /// position).
    pub fn entries(&self) -> usize {
        self.index.entries()
    }

    /// The positions of the index entries `entries` (clamped to the table) with their exact
    /// results, in index order: [`Tablebase::positions`] in chunks, e.g. for a table too large
    /// to export at once.
    pub fn positions_in(
        &self,
        entries: std::ops::Range<usize>,
    ) -> impl Iterator<Item = (Position, ExactResult)> + '_ {
        let end = entries.end.min(self.index.entries());
        (entries.start.min(end)..end)
            .filter_map(|entry| self.index.position(entry))
            .map(|position| (position, self.result(&position)))
    }

    /// Every position of the table in the order the build solves them.
    pub fn solve_order(&self) -> Vec<SolvedPosition> {
        let squares = self.index.squares();
        let block = self.index.block();
        let mut out = Vec::new();
        for configuration in 0..self.index.entries() / block {
            for side in [Side::Cats, Side::Mouse] {
                let first = configuration * block + self.index.side_offset(side);
                for entry in first..first + squares {
                    let Some(position) = self.index.position(entry) else { continue };
                    let result = self.result(&position);
                    let results = self.move_results(&position);
                    let mover = position.side_to_move();
                    let keeping = results
                        .iter()
                        .filter(|(_, r)| (r.winner == mover) == (result.winner == mover))
                        .count();
                    out.push(SolvedPosition {
                        position,
                        result,
                        configuration,
                        moves: results.len(),
                        keeping,
                    });
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Size;

    #[test]
    fn positions_in_chunks_are_the_positions() {
        let tb = Tablebase::build(Size::new(6).unwrap(), 1, &mut ());
        let whole: Vec<_> = tb.positions().collect();
        let entries = tb.entries();
        let cuts = [0, 1, entries / 3, entries / 3 + 7, entries - 5, entries, entries + 9];
        let chunks: Vec<_> = cuts.windows(2).flat_map(|w| tb.positions_in(w[0]..w[1])).collect();
        assert_eq!(chunks, whole);
        assert_eq!(tb.positions_in(entries + 1..entries + 5).count(), 0);
        assert_eq!(whole.len() as u64, tb.stats().positions);
    }

    #[test]
    fn every_position_once_children_before_parents() {
        let tb = Tablebase::build(Size::new(4).unwrap(), 1, &mut ());
        let order = tb.solve_order();
        assert_eq!(order.len() as u64, tb.stats().positions);
        let at: std::collections::HashMap<Position, usize> =
            order.iter().enumerate().map(|(i, s)| (s.position, i)).collect();
        assert_eq!(at.len(), order.len());
        for (i, s) in order.iter().enumerate() {
            assert_eq!(s.result, tb.result(&s.position));
            assert!(s.keeping >= 1 || s.moves == 0);
            // a position is solved after every position its moves lead to
            for (mv, _) in tb.move_results(&s.position) {
                let mut child = s.position;
                child.play_unchecked(mv);
                assert!(at[&child] < i, "{} before {}", child.fen(), s.position.fen());
            }
        }
        let listed: Vec<Position> = tb.positions().map(|(p, _)| p).collect();
        assert_eq!(listed.len(), order.len());
        assert!(tb.positions().all(|(p, r)| r == tb.result(&p) && at.contains_key(&p)));
        // the first solved are game ends: the mouse with no move, or on the top rank
        assert_eq!(order[0].result.plies, 0);
    }
}
