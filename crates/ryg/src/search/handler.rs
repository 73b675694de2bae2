//! The trait through which a running search reports progress and learns that it must stop
//! (the caller's clock, a stop button, a protocol's `stop`).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::Move;

use super::Score;

/// A finished iteration of iterative deepening (or the one search without it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The depth searched, in plies.
    pub depth: u8,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far in this search (all iterations).
    pub nodes: u64,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

/// What the search calls while it runs. Both methods have do-nothing defaults.
pub trait SearchHandler {
    /// Called at every node with the nodes searched so far; return `true` to stop at once.
    /// Keep it cheap (check a clock only every few thousand nodes).
    fn should_stop(&mut self, nodes: u64) -> bool {
        let _ = nodes;
        false
    }

    /// Called after each completed iteration.
    fn on_iteration(&mut self, iteration: &Iteration) {
        let _ = iteration;
    }
}

/// A handler that never stops the search and ignores progress.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHandler;

impl SearchHandler for NoHandler {}

/// A stop flag another thread may raise.
impl SearchHandler for &AtomicBool {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        self.load(Ordering::Relaxed)
    }
}
