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

/// How moves are put in order before they are searched (when [`SearchConfig::ordering`] is on).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum OrderRule {
    /// ryg's: the table's move first, then by history score, then generation order.
    #[default]
    TableFirst,
    /// RYG3's (version 10, «HASH_SCORE»): each move scores its history score (0 without
    /// history) plus this bonus when it is the table's move; an insertion sort tries the
    /// highest first, equal scores in generation order.
    HashScore(u16),
}

/// When the history table is credited (when [`SearchConfig::history`] is on).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum HistoryRule {
    /// ryg's: the best move of every node that did not fail low, by the remaining depth.
    #[default]
    CutOffs,
    /// RYG3 version 11's: each move stored in the table, by the remaining depth, each entry
    /// capped at `cap` (255: one byte).
    OnStore { cap: u32 },
}

/// The order in which the mouse's moves are generated (the cats' are always by square).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum GenOrder {
    /// ryg's: by destination square, SW, SE, NW, NE.
    #[default]
    Squares,
    /// RYG3's direction tables (article 003, «Generación de jugadas I»): SW, SE, NE, NW.
    Articles,
    /// RYG's direction tables (article 001, «RYG: jugadas del ratón – rutina básica»), on
    /// ryg's board, the mirror image of RYG's: NE, NW, SW, SE.
    Ryg,
}

/// How a node of alpha-beta keeps its best move and value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum NodeRule {
    /// ryg's fail-soft negamax: a move becomes the best only by scoring higher (the first of
    /// equal moves is kept); every node stores its result.
    #[default]
    FailSoft,
    /// RYG3 version 9's fail-hard search: a move that reaches alpha (a score ≥ alpha for the
    /// mouse, ≤ beta for the cats, in its listing) becomes the best, so the last of equal moves
    /// is kept; a node returns its window's bound when nothing reached it, and stores a move
    /// only when one did.
    Ryg3,
    /// RYG3 version 10's: the same fail-hard search, but a move becomes the best only by
    /// passing alpha, so the first of equal moves is kept. Article 002 («Ordenación de
    /// movimientos») says version 10 adjusted the routine "search" «cuando la puntuación
    /// retornada coincide con alfa o beta»; keeping the first is ryg's reading, and with it
    /// version 9 plays h8g7 and version 10 b8a7 after e1f2 at depth 8, as the article reports.
    Ryg3FirstOfEqual,
}

/// How finished positions are scored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum GameEnds {
    /// Exactly: a win or a loss in so many plies (ryg).
    #[default]
    Exact,
    /// By the evaluation, as the articles' programs did (the seed evaluations give the mouse
    /// +32 on the top rank and −32 when it has no free square): a fast and a slow win score
    /// alike, and nothing is proven.
    Evaluated,
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
    /// Whether the table's stored scores cut the search off; off, it is RYG3's table of best
    /// moves, used for ordering only.
    pub table_cutoffs: bool,
    /// A table of exactly this many slots instead of `tt_megabytes` (RYG3: 2 × 256, one
    /// table per side to move with a one-byte hash).
    pub table_slots: Option<usize>,
    /// How a node keeps its best move.
    pub node_rule: NodeRule,
    /// How ordering sorts the moves.
    pub order_rule: OrderRule,
    /// When history is credited.
    pub history_rule: HistoryRule,
    /// The mouse's generation order.
    pub gen_order: GenOrder,
    /// How game ends are scored.
    pub game_ends: GameEnds,
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
            table_cutoffs: true,
            table_slots: None,
            node_rule: NodeRule::FailSoft,
            order_rule: OrderRule::TableFirst,
            history_rule: HistoryRule::CutOffs,
            gen_order: GenOrder::Squares,
            game_ends: GameEnds::Exact,
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
