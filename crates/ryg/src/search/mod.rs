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
mod handler;
mod history;
mod limits;
pub mod minimax;
mod ordering;
mod random;
mod score;
pub mod tt;

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::eval::EvalKind;
use crate::{Move, Position, Side};

use alphabeta::{AlphaBeta, RootResult, Switches};
pub use handler::{Iteration, NoHandler, SearchHandler};
pub use history::History;
pub use limits::{Limits, MAX_DEPTH};
pub use minimax::{Tree, TreeNode};
pub use ordering::Priority;
pub use random::SplitMix64;
pub use score::{Score, ScoreError};
pub use tt::TranspositionTable;

/// The search method.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Algo {
    /// Build the explicit tree and carry min/max up (no pruning, no table).
    Minimax,
    /// Negamax alpha-beta.
    #[default]
    AlphaBeta,
}

/// A search method name that is not `minimax` or `alphabeta`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown search algorithm '{0}': expected 'minimax' or 'alphabeta'")]
pub struct AlgoError(pub String);

impl fmt::Display for Algo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Algo::Minimax => "minimax",
            Algo::AlphaBeta => "alphabeta",
        })
    }
}

impl FromStr for Algo {
    type Err = AlgoError;

    fn from_str(s: &str) -> Result<Algo, AlgoError> {
        match s.to_ascii_lowercase().as_str() {
            "minimax" => Ok(Algo::Minimax),
            "alphabeta" | "alpha-beta" | "ab" => Ok(Algo::AlphaBeta),
            _ => Err(AlgoError(s.to_string())),
        }
    }
}

/// How to search. The default is alpha-beta with every technique on and the default
/// evaluation; every switch can be turned off to see what it is worth.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchConfig {
    pub algo: Algo,
    pub eval: EvalKind,
    /// Transposition table (cut-offs on stored scores, and the stored move for ordering).
    pub tt: bool,
    /// Move ordering (table move first, then history); off = natural generation order.
    pub ordering: bool,
    /// The history heuristic (kept and used for ordering; needs `ordering`).
    pub history: bool,
    /// Mate distance pruning: skip lines that cannot end the game faster than one found.
    pub mate_distance: bool,
    /// Principal variation search: null-window searches for every move after the first.
    /// Off by default: it saves nodes without iterative deepening but costs nodes with it.
    pub pvs: bool,
    /// Iterative deepening from depth 1; off = one search at the full depth.
    pub iterative_deepening: bool,
    /// Transposition table size in MiB.
    pub tt_megabytes: usize,
    /// Choose uniformly (with this seed) among root moves of equal best score; `None` picks
    /// the first one found (deterministic).
    pub random_ties: Option<u64>,
    /// Root moves within this many points of the best count as ties (0: exactly equal).
    /// Game ends count plies as points: a margin of 2 accepts a win two plies slower.
    pub tie_margin: i16,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            algo: Algo::AlphaBeta,
            eval: EvalKind::Default,
            tt: true,
            ordering: true,
            history: true,
            mate_distance: true,
            pvs: false,
            iterative_deepening: true,
            tt_megabytes: 16,
            random_ties: None,
            tie_margin: 0,
        }
    }
}

/// A game end the search has proved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Proven {
    pub winner: Side,
    /// Plies to the end with best play on both sides.
    pub plies: u16,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`None` only when the game is already over). When the search was
    /// stopped before any root move was searched, the first legal move.
    pub best_move: Option<Move>,
    /// The score for the side to move.
    pub score: Score,
    /// The depth of the last completed iteration.
    pub depth: u8,
    /// Nodes searched (all iterations).
    pub nodes: u64,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    /// Every completed iteration.
    pub iterations: Vec<Iteration>,
    /// Root moves that scored within the tie margin of the best, best first, with exact
    /// scores. Only filled completely when `random_ties` or `tie_margin` is set; otherwise it
    /// holds just the best move.
    pub candidates: Vec<(Move, Score)>,
    /// The game's end, when a completed iteration proved it.
    pub proven: Option<Proven>,
    /// Whether a limit or the handler stopped the search early.
    pub stopped: bool,
}

/// A searcher: its configuration, transposition table, history table and tie-breaking
/// generator. Reuse it between moves of a game; each search starts with cleared tables.
#[derive(Clone, Debug)]
pub struct Searcher {
    config: SearchConfig,
    tt: TranspositionTable,
    history: History,
    rng: SplitMix64,
}

impl Searcher {
    /// A searcher with `config` (allocates the transposition table).
    pub fn new(config: SearchConfig) -> Searcher {
        let megabytes = if config.tt && config.algo == Algo::AlphaBeta { config.tt_megabytes } else { 1 };
        Searcher {
            config,
            tt: TranspositionTable::new(megabytes),
            history: History::default(),
            rng: SplitMix64::new(config.random_ties.unwrap_or(0)),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Searches `position` within `limits`, reporting to and stopping through `handler`.
    pub fn search(
        &mut self,
        position: &Position,
        limits: &Limits,
        handler: &mut impl SearchHandler,
    ) -> SearchResult {
        self.tt.clear();
        self.history.clear();
        let max_depth = limits.max_depth().max(1);
        let first_depth = if self.config.iterative_deepening { 1 } else { max_depth };
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let tie_margin = (self.config.random_ties.is_some() || self.config.tie_margin > 0)
            .then_some(self.config.tie_margin.max(0));
        let mut result = SearchResult {
            best_move: None,
            score: Score::ZERO,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            iterations: Vec::new(),
            candidates: Vec::new(),
            proven: None,
            stopped: false,
        };
        if position.count_moves() == 0 {
            result.nodes = 1;
            result.score = Score::loss_in(0);
            result.proven = Some(Proven { winner: !position.side_to_move(), plies: 0 });
            return result;
        }
        match self.config.algo {
            Algo::AlphaBeta => {
                let switches = Switches {
                    tt: self.config.tt,
                    ordering: self.config.ordering,
                    history: self.config.history,
                    mate_distance: self.config.mate_distance,
                    pvs: self.config.pvs,
                };
                let mut ab = AlphaBeta::new(
                    self.config.eval,
                    switches,
                    &mut self.tt,
                    &mut self.history,
                    handler,
                    node_limit,
                );
                for depth in first_depth..=max_depth {
                    let root = ab.root(position, depth, tie_margin);
                    let stopped = ab.stopped;
                    if let Some(mut r) = root {
                        if !stopped {
                            ab.extend_pv(position, &mut r.pv, depth);
                            let it = Iteration { depth, score: r.score, nodes: ab.nodes, pv: r.pv.clone() };
                            ab.handler.on_iteration(&it);
                            result.iterations.push(it);
                            result.depth = depth;
                            Self::take(&mut result, r);
                        } else if result.best_move.is_none() {
                            // Stopped inside the first iteration: the best of the moves searched.
                            Self::take(&mut result, r);
                        }
                    }
                    if stopped || result.score.is_game_end() {
                        break;
                    }
                }
                result.nodes = ab.nodes;
                result.stopped = ab.stopped;
            }
            Algo::Minimax => {
                let mut nodes = 0u64;
                for depth in first_depth..=max_depth {
                    let mut built = 0;
                    let mut stop = |n: u64| {
                        built = n;
                        nodes + n >= node_limit || handler.should_stop(nodes + n)
                    };
                    let Some(tree) = minimax::Tree::build_until(position, depth, self.config.eval, &mut stop)
                    else {
                        result.stopped = true;
                        nodes += built;
                        break;
                    };
                    nodes += tree.nodes.len() as u64;
                    let score = tree.root().value;
                    let margin = tie_margin.unwrap_or(0);
                    let mut candidates: Vec<(Move, Score)> =
                        tree.root_moves().into_iter().filter(|&(_, s)| s >= score.minus(margin)).collect();
                    candidates.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
                    if tie_margin.is_none() {
                        candidates.truncate(1);
                    }
                    let pv = tree.pv();
                    let it = Iteration { depth, score, nodes, pv: pv.clone() };
                    handler.on_iteration(&it);
                    result.iterations.push(it);
                    result.depth = depth;
                    Self::take(
                        &mut result,
                        RootResult { score, best_move: pv.first().copied(), pv, candidates },
                    );
                    if score.is_game_end() {
                        break;
                    }
                }
                result.nodes = nodes;
            }
        }
        if result.best_move.is_none() {
            // Stopped before a single root move was searched: still answer with a legal move.
            let first = position.legal_moves()[0];
            result.best_move = Some(first);
            result.pv = vec![first];
            result.candidates = vec![(first, result.score)];
        }
        if self.config.random_ties.is_some() {
            let ties: Vec<Move> = result
                .candidates
                .iter()
                .filter(|&&(_, s)| s >= result.score.minus(self.config.tie_margin.max(0)))
                .map(|&(m, _)| m)
                .collect();
            if ties.len() > 1 {
                let pick = ties[self.rng.below(ties.len())];
                if Some(pick) != result.best_move {
                    result.best_move = Some(pick);
                    result.pv = vec![pick];
                }
            }
        }
        if let Some(plies) = result.score.plies_to_end().filter(|_| result.depth > 0) {
            let side = position.side_to_move();
            let winner = if result.score.is_win() { side } else { !side };
            result.proven = Some(Proven { winner, plies });
        }
        result
    }

    fn take(result: &mut SearchResult, r: RootResult) {
        result.score = r.score;
        result.best_move = r.best_move;
        result.pv = r.pv;
        result.candidates = if r.candidates.is_empty() {
            r.best_move.map(|m| vec![(m, r.score)]).unwrap_or_default()
        } else {
            r.candidates
        };
    }
}
