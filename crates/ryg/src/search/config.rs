//! What a search uses: the method, the evaluation and a switch per technique.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::eval::{EvalKind, Weights};

use super::ProofConfig;

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
#[error("unknown search algorithm '{}': expected 'minimax' or 'alphabeta'", crate::echo::echo(.0))]
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
    /// Weights of their own for an evaluation's terms, in place of `eval` (`None`: `eval`'s
    /// own weights).
    pub weights: Option<Weights>,
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
    /// Without a depth limit, prove the result with the proving search (see
    /// [`Prover`](super::Prover)) instead of deepening the heuristic search until it proves.
    pub prove: bool,
    /// The proving search's switches.
    pub proof: ProofConfig,
}

impl SearchConfig {
    /// Plain alpha-beta with `eval`: every technique off (no table, ordering, history, mate
    /// distance pruning, PVS, iterative deepening or proving search). The baseline each technique is measured
    /// against.
    pub fn plain(eval: EvalKind) -> SearchConfig {
        SearchConfig {
            algo: Algo::AlphaBeta,
            eval,
            tt: false,
            ordering: false,
            history: false,
            mate_distance: false,
            pvs: false,
            iterative_deepening: false,
            prove: false,
            ..SearchConfig::default()
        }
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            algo: Algo::AlphaBeta,
            eval: EvalKind::Default,
            weights: None,
            tt: true,
            ordering: true,
            history: true,
            mate_distance: true,
            pvs: false,
            iterative_deepening: true,
            tt_megabytes: 16,
            random_ties: None,
            tie_margin: 0,
            prove: true,
            proof: ProofConfig::default(),
        }
    }
}
