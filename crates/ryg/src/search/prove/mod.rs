//! The proving search: the exact result of a position (winner, plies, best move) without a
//! depth limit and without an evaluation.
//!
//! The game has no draws and its graph is acyclic (every cat move lowers the cats' rank sum),
//! so a value found anywhere holds for that position from any path. The search is a fail-soft
//! negamax over exact game-end values only (a win in `d` plies scores `WIN - d` from the root),
//! driven by null-window tests:
//!
//! 1. **win/loss first**: one test at 0 settles who wins (no position scores 0);
//! 2. **the distance** by null-window tests on the winner's plies (bisection, or MTD-style
//!    steps from the fastest possible end), each narrowing the root's bounds;
//!
//! with a table of exact-keyed lower *and* upper bounds that every test reuses, enhanced
//! transposition cut-offs (a child's stored bound that already refutes the window), a bound
//! for a mouse that has passed every cat (its way up is free), mate-distance pruning and move
//! ordering that knows the game: the mouse tries upward moves toward open squares first, the
//! cats the moves that leave the mouse the fewest moves and keep the rear cats moving. Every
//! technique is a switch of [`ProofConfig`]. Correctness does not depend on any of them, nor
//! on the heuristic evaluation (which is not used).

mod bounds;
mod distance;
mod negamax;
mod value;

use crate::search::SearchHandler;
use crate::{ExactResult, Move, Position};

pub use negamax::Prover;
pub use value::ProofBounds;

use value::to_result;

/// What a proof found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The exact result.
    pub result: ExactResult,
    /// A best move (fastest win, or longest resistance); `None` when the game is over.
    pub best_move: Option<Move>,
    /// Nodes visited (every call of the search, table cut-offs included).
    pub nodes: u64,
    /// Null-window (or window) searches from the root.
    pub tests: u32,
}

impl<'h, H: SearchHandler> Prover<'h, H> {
    /// Proves `position`: its exact result and a best move. `None` when a limit stopped it.
    pub fn prove(&mut self, position: &Position) -> Option<Proof> {
        let start_nodes = self.nodes;
        self.partial = None;
        let (value, tests) = self.root_value(position)?;
        let result = to_result(value, position.side_to_move());
        let Some(best_move) = self.best_move(position, value) else {
            self.partial = ProofBounds::of(value, value, position.side_to_move());
            return None;
        };
        Some(Proof { result, best_move, nodes: self.nodes - start_nodes, tests })
    }

    /// Each legal move with the exact result of the position it leads to, in move order.
    /// `None` when a limit stopped it.
    pub fn move_results(&mut self, position: &Position) -> Option<Vec<(Move, ExactResult)>> {
        let mut out = Vec::new();
        for &mv in &position.legal_moves() {
            let mut child = *position;
            child.play_unchecked(mv);
            let (value, _) = self.root_value(&child)?;
            out.push((mv, to_result(value, child.side_to_move())));
        }
        Some(out)
    }

    /// Every move that keeps the position's exact result (the winner's fastest wins, the
    /// loser's longest resistance), in move order; the set the tablebase's `best_moves` gives.
    pub fn best_moves(&mut self, position: &Position) -> Option<Vec<Move>> {
        let (value, _) = self.root_value(position)?;
        let target = to_result(value, position.side_to_move());
        Some(
            self.move_results(position)?
                .into_iter()
                .filter(|&(_, r)| target.kept_by(r))
                .map(|(mv, _)| mv)
                .collect(),
        )
    }

    /// A principal variation of the proved `position`: best moves until the game's end.
    pub fn pv(&mut self, position: &Position) -> Option<Vec<Move>> {
        let mut pv = Vec::new();
        let mut pos = *position;
        loop {
            let (value, _) = self.root_value(&pos)?;
            let Some(mv) = self.best_move(&pos, value)? else { break };
            pv.push(mv);
            pos.play_unchecked(mv);
        }
        Some(pv)
    }
}
