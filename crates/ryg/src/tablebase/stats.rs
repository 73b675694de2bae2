//! Statistics over a whole tablebase: positions by result, the longest forced win, and the
//! result from each start square.

use super::value::{IMPOSSIBLE, WIN_IN_0};
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
        let block = self.index.block();
        let mut counts = [[0u64; 2]; 2]; // [side to move][winner]
                                         // One pass, a run of blocks at a time, with per-slot counters that vectorise: losses for
                                         // the side to move (bytes < 128), impossible slots (255), the most plies.
        let run = RUN * block;
        let mut losses = vec![0u16; block];
        let mut impossible = vec![0u16; block];
        let mut most = vec![0u8; block];
        let mut run_most = Vec::with_capacity(self.entries.len() / run + 1);
        for entries in self.entries.chunks(run) {
            losses.fill(0);
            impossible.fill(0);
            most.fill(0);
            for entries in entries.chunks_exact(block) {
                for (((l, i), m), &byte) in losses.iter_mut().zip(&mut impossible).zip(&mut most).zip(entries)
                {
                    *l += u16::from(byte < 128);
                    *i += u16::from(byte == IMPOSSIBLE);
                    *m = (*m).max(plies_of(byte));
                }
            }
            let blocks = (entries.len() / block) as u64;
            for (slot, (&l, &i)) in losses.iter().zip(&impossible).enumerate() {
                let side = usize::from(slot >= squares);
                counts[side][1 - side] += u64::from(l);
                counts[side][side] += blocks - u64::from(l) - u64::from(i);
            }
            run_most.push(most.iter().copied().max().unwrap_or(0));
        }
        // The first entry in index order with the longest result, inside the first run that has it.
        let longest_plies = run_most.iter().copied().max().unwrap_or(0);
        let first_run = run_most.iter().position(|&m| m == longest_plies).unwrap_or(0);
        let longest = self.entries[first_run * run..]
            .iter()
            .position(|&b| b != IMPOSSIBLE && plies_of(b) == longest_plies)
            .map(|at| first_run * run + at)
            .expect("a built table has positions");
        let side_counts = |side: Side| SideCounts {
            side_to_move: side,
            mouse_wins: counts[side as usize][Side::Mouse as usize],
            cats_wins: counts[side as usize][Side::Cats as usize],
        };
        let longest_position = self.index.position(longest).expect("the longest win is a position");
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

/// Blocks counted at a time (their counters must fit 16 bits).
const RUN: usize = 1 << 12;

/// The plies to the end stored in a byte (0 for an impossible slot), without branches: a
/// loss in `p` is `p` (< 128), a win in `p` is `254 − p`.
#[inline(always)]
fn plies_of(byte: u8) -> u8 {
    byte.min(WIN_IN_0.saturating_sub(byte))
}
