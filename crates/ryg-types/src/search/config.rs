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

/// How moves are put in order before they are searched (when [`AlphaBetaConfig::ordering`] is on).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum OrderRule {
    /// ryg's: the table's move first, then by history score, then generation order.
    #[default]
    TableFirst,
    /// RYG3's (version 10, «HASH_SCORE», «Ordenación de movimientos»): each move scores its history score (0 without
    /// history) plus this bonus when it is the table's move; an insertion sort tries the
    /// highest first, equal scores in generation order.
    HashScore(u16),
}

/// When the history table is credited (when [`AlphaBetaConfig::history`] is on).
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
/// evaluation; every technique can be turned off to see what it is worth. What only one
/// method uses lives in that method's part ([`Method::AlphaBeta`]), and what only a technique
/// uses in that technique's option, so that no switch is set without what it depends on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchConfig {
    pub eval: EvalKind,
    /// Weights of their own for an evaluation's terms, in place of `eval` (`None`: `eval`'s
    /// own weights).
    pub weights: Option<Weights>,
    /// The mouse's generation order.
    pub gen_order: GenOrder,
    /// How game ends are scored.
    pub game_ends: GameEnds,
    /// Iterative deepening from depth 1; off = one search at the full depth.
    pub iterative_deepening: bool,
    /// Choose uniformly (with this seed) among root moves of equal best score; `None` picks
    /// the first one found (deterministic).
    pub random_ties: Option<u64>,
    /// Root moves within this many points of the best count as ties (0: exactly equal).
    /// Game ends count plies as points: a margin of 2 accepts a win two plies slower.
    pub tie_margin: i16,
    /// The search method, with its techniques.
    pub method: Method,
}

/// The search method, with the techniques only it uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Method {
    /// Build the explicit tree and carry min/max up (no pruning, no table).
    Minimax,
    /// Negamax alpha-beta, with its techniques.
    AlphaBeta(AlphaBetaConfig),
}

/// Alpha-beta's techniques: each one off is `None` or `false`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AlphaBetaConfig {
    /// The transposition table (cut-offs on stored scores, and the stored move for ordering).
    pub table: Option<TableConfig>,
    /// Move ordering (table move first, then history), sorted by this rule; off = natural
    /// generation order.
    pub ordering: Option<OrderRule>,
    /// The history heuristic, credited by this rule (kept always, used by the ordering when
    /// it is on).
    pub history: Option<HistoryRule>,
    /// How a node keeps its best move.
    pub node_rule: NodeRule,
    /// Mate distance pruning: skip lines that cannot end the game faster than one found.
    pub mate_distance: bool,
    /// Principal variation search: null-window searches for every move after the first.
    /// Off by default: it saves nodes without iterative deepening but costs nodes with it.
    pub pvs: bool,
    /// Without a depth limit, prove the result with the proving search (see
    /// `ryg::search::Prover`), with these switches, instead of deepening the heuristic
    /// search until it proves.
    pub proof: Option<ProofConfig>,
}

/// The transposition table of alpha-beta.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TableConfig {
    /// Its size.
    pub size: TableSize,
    /// Whether its stored scores cut the search off; off, it is RYG3's table of best moves,
    /// used for ordering only.
    pub cutoffs: bool,
}

/// How large a transposition table is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TableSize {
    /// This many MiB.
    Megabytes(usize),
    /// Exactly this many slots (RYG3: 2 × 256, one table per side to move with a one-byte
    /// hash).
    Slots(usize),
}

impl TableConfig {
    /// ryg's table of `megabytes` MiB, its scores cutting the search off.
    pub fn megabytes(megabytes: usize) -> TableConfig {
        TableConfig { size: TableSize::Megabytes(megabytes), cutoffs: true }
    }
}

/// The size of ryg's transposition table, in MiB.
pub const DEFAULT_TABLE_MEGABYTES: usize = 16;

impl Default for TableConfig {
    /// [`DEFAULT_TABLE_MEGABYTES`], cutting off.
    fn default() -> TableConfig {
        TableConfig::megabytes(DEFAULT_TABLE_MEGABYTES)
    }
}

impl AlphaBetaConfig {
    /// Every technique off: no table, ordering, history, mate distance pruning, PVS or
    /// proving search.
    pub fn plain() -> AlphaBetaConfig {
        AlphaBetaConfig {
            table: None,
            ordering: None,
            history: None,
            node_rule: NodeRule::FailSoft,
            mate_distance: false,
            pvs: false,
            proof: None,
        }
    }
}

impl Default for AlphaBetaConfig {
    /// Every technique on but PVS: a 16 MiB table, ordering with history, mate distance
    /// pruning and the proving search.
    fn default() -> AlphaBetaConfig {
        AlphaBetaConfig {
            table: Some(TableConfig::default()),
            ordering: Some(OrderRule::TableFirst),
            history: Some(HistoryRule::CutOffs),
            node_rule: NodeRule::FailSoft,
            mate_distance: true,
            pvs: false,
            proof: Some(ProofConfig::default()),
        }
    }
}

impl SearchConfig {
    /// Plain alpha-beta with `eval`: every technique off (no table, ordering, history, mate
    /// distance pruning, PVS, iterative deepening or proving search). The baseline each
    /// technique is measured against.
    pub fn plain(eval: EvalKind) -> SearchConfig {
        SearchConfig {
            eval,
            iterative_deepening: false,
            method: Method::AlphaBeta(AlphaBetaConfig::plain()),
            ..SearchConfig::default()
        }
    }

    /// The method's name.
    #[inline]
    pub fn algo(&self) -> Algo {
        match self.method {
            Method::Minimax => Algo::Minimax,
            Method::AlphaBeta(_) => Algo::AlphaBeta,
        }
    }

    /// Alpha-beta's techniques (`None` for minimax).
    #[inline]
    pub fn alpha_beta(&self) -> Option<&AlphaBetaConfig> {
        match &self.method {
            Method::AlphaBeta(ab) => Some(ab),
            Method::Minimax => None,
        }
    }

    /// The same search with alpha-beta's techniques changed by `change` (minimax unchanged).
    #[must_use]
    pub fn with_alpha_beta(mut self, change: impl FnOnce(&mut AlphaBetaConfig)) -> SearchConfig {
        if let Method::AlphaBeta(ab) = &mut self.method {
            change(ab);
        }
        self
    }

    /// The same search without the proving search: without a depth limit, the heuristic
    /// search deepens until it proves.
    #[must_use]
    pub fn without_proof(self) -> SearchConfig {
        self.with_alpha_beta(|ab| ab.proof = None)
    }

    /// The same search by minimax (alpha-beta's techniques dropped).
    #[must_use]
    pub fn minimax(self) -> SearchConfig {
        SearchConfig { method: Method::Minimax, ..self }
    }

    /// The same search by `algo`: minimax drops alpha-beta's techniques; alpha-beta keeps
    /// its own, or takes the default ones after minimax.
    #[must_use]
    pub fn with_algo(self, algo: Algo) -> SearchConfig {
        match (algo, self.method) {
            (Algo::Minimax, _) => self.minimax(),
            (Algo::AlphaBeta, Method::AlphaBeta(_)) => self,
            (Algo::AlphaBeta, Method::Minimax) => {
                SearchConfig { method: Method::AlphaBeta(AlphaBetaConfig::default()), ..self }
            }
        }
    }

    /// Whether the search keeps a transposition table.
    #[inline]
    pub fn uses_table(&self) -> bool {
        self.alpha_beta().is_some_and(|ab| ab.table.is_some())
    }
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            eval: EvalKind::Default,
            weights: None,
            gen_order: GenOrder::Squares,
            game_ends: GameEnds::Exact,
            iterative_deepening: true,
            random_ties: None,
            tie_margin: 0,
            method: Method::AlphaBeta(AlphaBetaConfig::default()),
        }
    }
}
