//! The `Searcher`: runs minimax or alpha-beta with iterative deepening within the limits,
//! chooses among equal root moves, and returns what it found.

use crate::eval::Weights;
use crate::{ExactResult, Move, Position};

use super::alphabeta::{AlphaBeta, RootResult};
use super::{
    minimax, AlphaBetaConfig, Iteration, Limits, Method, Score, SearchConfig, SearchHandler, SplitMix64,
};
use super::{History, ProofBounds, ProofConfig, Prover, TableSize, TranspositionTable};

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
    /// Nodes searched (all iterations): every board the search entered.
    pub nodes: u64,
    /// Of those, the boards searched with depth left (what RYG3 counted: its counter stepped
    /// in the search routine, before the leaves' evaluation).
    pub interior_nodes: u64,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<Move>,
    /// Every completed iteration.
    pub iterations: Vec<Iteration>,
    /// Root moves that scored within the tie margin of the best, best first, with exact
    /// scores. Only filled completely when `random_ties` or `tie_margin` is set; otherwise it
    /// holds just the best move.
    pub candidates: Vec<(Move, Score)>,
    /// The game's end, when a completed iteration proved it.
    pub proven: Option<ExactResult>,
    /// Whether a limit or the handler stopped the search early.
    pub stopped: bool,
    /// When a limit stopped the proving search: what it had established.
    pub partial: Option<ProofBounds>,
}

impl SearchResult {
    /// Nothing found yet.
    fn empty() -> SearchResult {
        SearchResult {
            best_move: None,
            score: Score::ZERO,
            depth: 0,
            nodes: 0,
            interior_nodes: 0,
            pv: Vec::new(),
            iterations: Vec::new(),
            candidates: Vec::new(),
            proven: None,
            stopped: false,
            partial: None,
        }
    }
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
    /// A searcher with `config`. Its transposition table is allocated by the first search
    /// that stores into it, or ahead of time by [`Searcher::allocate_table`].
    pub fn new(config: SearchConfig) -> Searcher {
        let tt = match config.alpha_beta().and_then(|ab| ab.table).map(|t| t.size) {
            Some(TableSize::Megabytes(megabytes)) => TranspositionTable::new(megabytes),
            Some(TableSize::Slots(slots)) => TranspositionTable::with_slots(slots),
            None => TranspositionTable::new(1),
        };
        Searcher {
            config,
            tt,
            history: History::default(),
            rng: SplitMix64::new(config.random_ties.unwrap_or(0)),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The history table as the last search left it.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The transposition table as the last search left it.
    pub fn table(&self) -> &TranspositionTable {
        &self.tt
    }

    /// Forgets what the last search stored (the tables' entries and counts) now, so that the
    /// next search, which would clear them first, starts at once (16 MiB: milliseconds).
    pub fn clear_tables(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// Allocates the transposition table now, when the search will use it, so that no search
    /// (and no clock) pays for the allocation.
    pub fn allocate_table(&mut self) {
        if self.config.uses_table() {
            self.tt.allocate();
        }
    }

    /// Searches `position` within `limits`, reporting to and stopping through `handler`: the
    /// proving search, alpha-beta or minimax, as the configuration says; then a choice among
    /// equal root moves.
    pub fn search(
        &mut self,
        position: &Position,
        limits: &Limits,
        handler: &mut impl SearchHandler,
    ) -> SearchResult {
        self.tt.clear();
        self.history.clear();
        if position.count_moves() == 0 {
            let score = Score::game_end(position, 0);
            let proven = score.exact_result(position.side_to_move());
            return SearchResult { nodes: 1, score, proven, ..SearchResult::empty() };
        }
        let mut result = match self.config.method {
            Method::AlphaBeta(ab) => match ab.proof {
                Some(proof) if limits.depth.is_none() => self.prove(position, proof, limits, handler),
                _ => self.alpha_beta(position, ab, limits, handler),
            },
            Method::Minimax => self.minimax(position, limits, handler),
        };
        if result.best_move.is_none() {
            // Stopped before a single root move was searched: still answer with a legal move.
            let first = position.legal_moves()[0];
            result.best_move = Some(first);
            result.pv = vec![first];
            result.candidates = vec![(first, result.score)];
        }
        if self.config.random_ties.is_some() {
            self.pick_among_ties(&mut result);
        }
        if result.depth > 0 {
            result.proven = result.score.exact_result(position.side_to_move());
        }
        result
    }

    /// The depths a search runs: from 1 with iterative deepening, else only the deepest.
    fn depths(&self, limits: &Limits) -> std::ops::RangeInclusive<u8> {
        let max_depth = limits.max_depth().max(1);
        let first_depth = if self.config.iterative_deepening { 1 } else { max_depth };
        first_depth..=max_depth
    }

    /// The margin within which root moves count as ties, when the search chooses among them.
    fn tie_margin(&self) -> Option<i16> {
        (self.config.random_ties.is_some() || self.config.tie_margin > 0)
            .then_some(self.config.tie_margin.max(0))
    }

    /// The proving search, as one iteration to the proven depth.
    fn prove(
        &mut self,
        position: &Position,
        proof: ProofConfig,
        limits: &Limits,
        handler: &mut impl SearchHandler,
    ) -> SearchResult {
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let mut prover = Prover::new(proof, position.size(), node_limit, handler);
        let found = prover.prove(position);
        let pv = found.as_ref().and_then(|_| prover.pv(position));
        let mut result = SearchResult {
            nodes: prover.nodes,
            stopped: prover.stopped,
            partial: prover.partial,
            ..SearchResult::empty()
        };
        drop(prover);
        if let (Some(found), Some(pv)) = (found, pv) {
            let plies = found.result.plies as u16;
            result.score = if found.result.winner == position.side_to_move() {
                Score::win_in(plies)
            } else {
                Score::loss_in(plies)
            };
            result.depth = found.result.plies.min(u32::from(u8::MAX)) as u8;
            result.best_move = found.best_move;
            result.candidates = found.best_move.map(|m| vec![(m, result.score)]).unwrap_or_default();
            result.pv = pv;
            let it = Iteration {
                depth: result.depth,
                score: result.score,
                nodes: result.nodes,
                pv: result.pv.clone(),
            };
            handler.on_iteration(&it);
            result.iterations.push(it);
        }
        result
    }

    /// Alpha-beta with `techniques`, one root search a depth.
    fn alpha_beta(
        &mut self,
        position: &Position,
        techniques: AlphaBetaConfig,
        limits: &Limits,
        handler: &mut impl SearchHandler,
    ) -> SearchResult {
        let (depths, tie_margin) = (self.depths(limits), self.tie_margin());
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let mut result = SearchResult::empty();
        let mut ab =
            AlphaBeta::new(&self.config, techniques, &mut self.tt, &mut self.history, handler, node_limit);
        for depth in depths {
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
        result.interior_nodes = ab.interior_nodes;
        result.stopped = ab.stopped;
        result
    }

    /// Minimax on the explicit tree, one tree a depth.
    fn minimax(
        &mut self,
        position: &Position,
        limits: &Limits,
        handler: &mut impl SearchHandler,
    ) -> SearchResult {
        let (depths, tie_margin) = (self.depths(limits), self.tie_margin());
        let node_limit = limits.nodes.unwrap_or(u64::MAX);
        let weights = self.config.weights.unwrap_or(Weights::of(self.config.eval));
        let rules = minimax::TreeRules::of(&self.config);
        let mut result = SearchResult::empty();
        let mut nodes = 0u64;
        for depth in depths {
            let mut built = 0;
            let mut stop = |n: u64| {
                built = n;
                n >= minimax::MAX_TREE_NODES || nodes + n >= node_limit || handler.should_stop(nodes + n)
            };
            let Some(tree) = minimax::Tree::build_with(position, depth, weights, rules, &mut stop) else {
                result.stopped = true;
                nodes += built;
                break;
            };
            nodes += tree.nodes.len() as u64;
            result.interior_nodes += tree.nodes.iter().filter(|n| !n.children.is_empty()).count() as u64;
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
            Self::take(&mut result, RootResult { score, best_move: pv.first().copied(), pv, candidates });
            if score.is_game_end() {
                break;
            }
        }
        result.nodes = nodes;
        result
    }

    /// Chooses uniformly among the root moves within the tie margin of the best.
    fn pick_among_ties(&mut self, result: &mut SearchResult) {
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

    /// Every legal move of `position` with its exact score at `depth` plies (the move, then its
    /// position searched to `depth - 1`), for the side to move, in generation order: what a
    /// search of `depth` weighs at the root. Empty when the game is over.
    pub fn move_scores(&mut self, position: &Position, depth: u8) -> Vec<(Move, Score)> {
        let weights = self.config.weights.unwrap_or(Weights::of(self.config.eval));
        let mover = position.side_to_move();
        let moves = position.legal_moves();
        moves
            .iter()
            .map(|&mv| {
                let mut child = *position;
                child.play_unchecked(mv);
                let score = if child.count_moves() == 0 {
                    -Score::game_end(&child, 1)
                } else if depth <= 1 {
                    let v = crate::eval::score_with(&weights, &child);
                    Score::eval(if mover == crate::Side::Mouse { v } else { -v })
                } else {
                    let r = self.search(&child, &Limits::depth(depth - 1), &mut super::NoHandler);
                    -r.score.from_tt(1)
                };
                (mv, score)
            })
            .collect()
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
