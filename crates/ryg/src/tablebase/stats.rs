//! Statistics over a whole tablebase: positions by result, the longest forced win, and the
//! result from each start square.

use super::value::{decode, IMPOSSIBLE};
use super::{ExactResult, Tablebase};
use crate::{Position, Side, Size, Square};

/// How the positions with one side to move end under perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SideCounts {
    /// The side to move in the counted positions.
    pub side_to_move: Side,
    /// Positions the mouse wins with perfect play.
    pub mouse_wins: u64,
    /// Positions the cats win with perfect play.
    pub cats_wins: u64,
}

/// The exact result from one start square of the mouse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct StartResult {
    /// The mouse's start square (rank 1).
    pub square: Square,
    /// The exact result of that start position, mouse to move.
    pub result: ExactResult,
}

/// Figures about a solved board size.
#[derive(Clone, Debug)]
pub struct Stats {
    /// The board size.
    pub size: Size,
    /// Legal positions (both sides to move; the mouse never on a cat's square).
    pub positions: u64,
    /// Results with the mouse to move, then with the cats to move.
    pub by_side: [SideCounts; 2],
    /// A position with the longest forced win (the first in index order) and its result.
    pub longest: (Position, ExactResult),
    /// The result from every start square of the mouse, in file order.
    pub starts: Vec<StartResult>,
}

impl Tablebase {
    /// Counts every position by result and finds the longest forced win.
    pub fn stats(&self) -> Stats {
        let squares = self.index.squares();
        let mut counts = [[0u64; 2]; 2]; // [side to move][winner]
        let mut longest = (0usize, 0u32);
        for (block_start, block) in
            (0..).step_by(self.index.block()).zip(self.entries.chunks_exact(self.index.block()))
        {
            for (offset, &byte) in block.iter().enumerate() {
                if byte == IMPOSSIBLE {
                    continue;
                }
                let side = if offset < squares { Side::Mouse } else { Side::Cats };
                let result = decode(byte, side).expect("not impossible");
                counts[side as usize][result.winner as usize] += 1;
                if result.plies > longest.1 {
                    longest = (block_start + offset, result.plies);
                }
            }
        }
        let side_counts = |side: Side| SideCounts {
            side_to_move: side,
            mouse_wins: counts[side as usize][Side::Mouse as usize],
            cats_wins: counts[side as usize][Side::Cats as usize],
        };
        let longest_position = self.index.position(longest.0).expect("the longest win is a position");
        let starts = self
            .size()
            .rank(0)
            .map(|square| {
                let start = Position::start(self.size(), Some(square)).expect("rank 1 square");
                StartResult { square, result: self.result(&start) }
            })
            .collect();
        Stats {
            size: self.size(),
            positions: counts.iter().flatten().sum(),
            by_side: [side_counts(Side::Mouse), side_counts(Side::Cats)],
            longest: (longest_position, self.result(&longest_position)),
            starts,
        }
    }
}
