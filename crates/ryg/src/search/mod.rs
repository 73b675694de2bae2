//! The computer player's search: explicit-tree minimax (the original method and the
//! reference) and alpha-beta with iterative deepening, a transposition table, move ordering
//! and the history heuristic — each switchable through [`SearchConfig`].
//!
//! ```
//! use ryg::search::{Limits, NoHandler, SearchConfig, Searcher};
//! use ryg::{Position, Side, Size};
//!
//! let start = Position::start(Size::new(4).unwrap(), None).unwrap();
//! let mut searcher = Searcher::new(SearchConfig::default());
//! let result = searcher.search(&start, &Limits::default(), &mut NoHandler);
//! let proven = result.proven.expect("the search proves the 4x4 start");
//! assert_eq!((proven.winner, proven.plies), (Side::Cats, 8));
//! ```

mod alphabeta;
mod generate;
mod handler;
mod history;
pub mod minimax;
mod ordering;
mod prove;
mod score;
mod searcher;
mod steps;
pub mod trace;
pub mod tt;

pub use crate::random::{spawn, SplitMix64};
// What a search is asked to do (its configuration and limits): the same types in both builds.
pub use ryg_types::search::{
    Algo, AlgoError, AlphaBetaConfig, DistanceSearch, DistanceSearchError, GameEnds, GenOrder, HistoryRule,
    Limits, Method, NodeRule, OrderRule, ProofConfig, ProofTable, SearchConfig, TableConfig, TableSize,
    DEFAULT_TABLE_MEGABYTES, MAX_DEPTH,
};
pub use generate::generate;
pub use handler::{Iteration, NoHandler, SearchHandler};
pub use history::History;
pub use minimax::{Tree, TreeNode, TreeRules};
pub use ordering::Priority;
pub use prove::{Proof, ProofBounds, Prover};
pub use score::{Score, ScoreError};
pub use searcher::{SearchResult, Searcher};
pub use steps::{Step, StepKind};
pub use trace::{Trace, TraceNode};
pub use tt::{TableStats, TranspositionTable};
