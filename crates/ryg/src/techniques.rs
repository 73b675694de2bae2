//! What each search technique is worth: a position searched to every depth from 1 up, one
//! search per depth, within a node budget (the Learn section's lesson, `bench --techniques`
//! and the tests share it). The caller passes the clock: the library keeps none.

use crate::search::{Limits, NoHandler, Score, SearchConfig, Searcher};
use crate::{Move, Position};

/// The position after the mouse's e1f2, where the articles measured move ordering (depth 8).
pub const ARTICLES_FEN: &str = "1c1c1c1c/8/8/8/8/8/5m2/8 c";

/// The article's figures at depth 8 after e1f2, counted as RYG3 counted (its search routine's
/// calls, the eight iterations added up): version 9 (no ordering) and version 10 (the hash
/// move first). RYG3's own evaluation and one-byte hash; history (v11) was not measured.
pub const ARTICLES_NODES: [(crate::Engine, u64); 2] =
    [(crate::Engine::Ryg3V9, 17_717), (crate::Engine::Ryg3V10, 10_744)];

/// The moves the article reports there: «Con la versión 9 del proyecto era el H8G7, mientras
/// que con la versión 10 es el B8A7» («Ordenación de movimientos»).
pub const ARTICLES_MOVES: [(crate::Engine, &str); 2] =
    [(crate::Engine::Ryg3V9, "h8g7"), (crate::Engine::Ryg3V10, "b8a7")];

/// The article's time for version 10's search there: «menos de minuto y medio» («Ordenación de
/// movimientos»), at most 90 seconds on the Commodore 64.
pub const ARTICLES_SECONDS: (crate::Engine, f64) = (crate::Engine::Ryg3V10, 90.0);

/// The article's depth for those figures.
pub const ARTICLES_DEPTH: u8 = 8;

/// One depth's search.
#[derive(Clone, Debug, PartialEq)]
pub struct DepthMeasure {
    pub depth: u8,
    /// Every board the search entered.
    pub nodes: u64,
    /// The boards searched with depth left (RYG3's count).
    pub interior_nodes: u64,
    /// Seconds by the caller's clock.
    pub seconds: f64,
    pub best_move: Option<Move>,
    pub score: Option<Score>,
    /// False when the node budget ran out first.
    pub finished: bool,
}

/// Every depth's search, and the searcher of the deepest (its tables as it left them).
#[derive(Clone, Debug)]
pub struct Measurement {
    pub depths: Vec<DepthMeasure>,
    pub searcher: Searcher,
}

/// Searches `position` with `config` to each depth from 1 to `depth` (at least 1), each a
/// search of its own within `node_budget` nodes; stops after the first depth that ran out.
/// `clock()` gives seconds since any fixed moment.
pub fn measure(
    position: &Position,
    config: SearchConfig,
    depth: u8,
    node_budget: u64,
    clock: &mut dyn FnMut() -> f64,
) -> Measurement {
    let config = config.without_proof();
    let mut depths = Vec::new();
    let mut searcher = Searcher::new(config);
    for d in 1..=depth.max(1) {
        searcher = Searcher::new(config);
        let started = clock();
        let r =
            searcher.search(position, &Limits { depth: Some(d), nodes: Some(node_budget) }, &mut NoHandler);
        let finished = !r.stopped;
        depths.push(DepthMeasure {
            depth: d,
            nodes: r.nodes,
            interior_nodes: r.interior_nodes,
            seconds: clock() - started,
            best_move: r.best_move.filter(|_| finished),
            score: finished.then_some(r.score),
            finished,
        });
        if !finished {
            break; // deeper would only run out too
        }
    }
    Measurement { depths, searcher }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Engine;

    #[test]
    fn each_depth_is_a_search_of_its_own() {
        let position: Position = ARTICLES_FEN.parse().unwrap();
        let mut t = 0.0;
        let m = measure(&position, Engine::Ryg3V10.config(), 8, 1_000_000, &mut || {
            t += 1.0;
            t
        });
        assert_eq!(m.depths.len(), 8);
        assert!(m.depths.iter().all(|d| d.finished && d.seconds == 1.0));
        // Depth 8 with iterative deepening counts all eight iterations (tests/originals.rs).
        assert_eq!((m.depths[7].nodes, m.depths[7].interior_nodes), (9_565, 4_165));
        let budget = measure(&position, Engine::Ryg3V9.config(), 8, 1_000, &mut || 0.0);
        let last = budget.depths.last().unwrap();
        assert!(!last.finished && last.best_move.is_none() && last.score.is_none());
    }
}
