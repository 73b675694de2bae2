//! Negamax alpha-beta on the position itself (make/unmake, no tree kept), with the
//! transposition table, move ordering and the history heuristic each switchable.

use crate::eval::{self, EvalKind, Weights};
use crate::{Move, MoveList, Position, Side, Square};

use super::ordering::{order, order_by_hash_score};
use super::tt::{Bound, Entry, TranspositionTable};
use super::{generate, AlphaBetaConfig, GameEnds, GenOrder, History, HistoryRule, NodeRule, OrderRule};
use super::{Score, SearchConfig, SearchHandler, MAX_DEPTH};

// CITE: alpha-beta (Knuth & Moore 1975), in negamax form.

/// The plies the principal-variation arrays hold: a search to [`MAX_DEPTH`] writes the length
/// of the line one ply past its deepest node.
const MAX_PLY: usize = MAX_DEPTH as usize + 2;
const _: () = assert!(MAX_PLY == MAX_DEPTH as usize + 2, "a search to MAX_DEPTH writes ply MAX_DEPTH + 1");
const NO_MOVE: Move = Move::new(Square::new(0), Square::new(0));

/// The outcome of one root search to a fixed depth.
pub(crate) struct RootResult {
    pub score: Score,
    pub best_move: Option<Move>,
    pub pv: Vec<Move>,
    /// Root moves whose exact score is within the tie margin of the best (best first).
    pub candidates: Vec<(Move, Score)>,
}

/// One search's working state.
pub(crate) struct AlphaBeta<'a, H: SearchHandler> {
    eval: EvalKind,
    /// Weights of their own for `eval`'s terms.
    weights: Option<Weights>,
    gen_order: GenOrder,
    game_ends: GameEnds,
    /// Which techniques are on.
    config: AlphaBetaConfig,
    /// Whether the table's stored scores cut the search off.
    table_cutoffs: bool,
    pub tt: &'a mut TranspositionTable,
    pub history: &'a mut History,
    pub handler: &'a mut H,
    pub nodes: u64,
    /// Nodes entered with depth left (RYG3's count).
    pub interior_nodes: u64,
    pub node_limit: u64,
    pub stopped: bool,
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
}

impl<'a, H: SearchHandler> AlphaBeta<'a, H> {
    /// The search `config` describes, with alpha-beta's techniques `alpha_beta`.
    pub fn new(
        config: &SearchConfig,
        alpha_beta: AlphaBetaConfig,
        tt: &'a mut TranspositionTable,
        history: &'a mut History,
        handler: &'a mut H,
        node_limit: u64,
    ) -> Self {
        AlphaBeta {
            eval: config.eval,
            weights: config.weights,
            gen_order: config.gen_order,
            game_ends: config.game_ends,
            config: alpha_beta,
            table_cutoffs: alpha_beta.table.is_some_and(|t| t.cutoffs),
            tt,
            history,
            handler,
            nodes: 0,
            interior_nodes: 0,
            node_limit,
            stopped: false,
            pv: vec![[NO_MOVE; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
        }
    }

    /// Whether the search must stop before visiting another node; counts the node otherwise.
    #[inline]
    fn enter(&mut self) -> bool {
        if self.stopped || self.nodes >= self.node_limit || self.handler.should_stop(self.nodes) {
            self.stopped = true;
            return false;
        }
        self.nodes += 1;
        true
    }

    #[inline]
    fn static_eval(&self, position: &Position) -> Score {
        let v = match &self.weights {
            None => eval::score_for_mouse(self.eval, position),
            Some(w) => eval::score_with(w, position),
        };
        Score::eval(match position.side_to_move() {
            Side::Mouse => v,
            Side::Cats => -v,
        })
    }

    fn ordered_moves(&self, position: &Position, table_move: Option<Move>) -> MoveList {
        let mut moves = generate(position, self.gen_order);
        if let Some(rule) = self.config.ordering {
            let history = self.config.history.is_some().then_some(&*self.history);
            match rule {
                OrderRule::TableFirst => order(&mut moves, table_move, history),
                OrderRule::HashScore(bonus) => order_by_hash_score(&mut moves, table_move, bonus, history),
            }
        }
        moves
    }

    /// The score of a finished position: exact, or the evaluation's (the articles' engines).
    #[inline]
    fn game_end(&self, position: &Position, ply: usize) -> Score {
        match self.game_ends {
            GameEnds::Exact => Score::game_end(position, ply as u16),
            GameEnds::Evaluated => self.static_eval(position),
        }
    }

    /// Stores the node's result in the table (when it is on), crediting history for the
    /// stored move where RYG3 version 11 did.
    fn store(&mut self, position: &Position, best_move: Option<Move>, score: Score, depth: u8, bound: Bound) {
        if self.config.table.is_none() {
            return;
        }
        self.tt.store(Entry { key: position.hash(), best_move, score, depth, bound });
        if let (Some(HistoryRule::OnStore { cap }), Some(mv)) = (self.config.history, best_move) {
            self.history.bump_capped(mv, depth, cap);
        }
    }

    fn table_move(&self, position: &Position) -> Option<Move> {
        self.config.table?;
        self.tt.probe(position.hash()).and_then(|e| e.best_move)
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let child_len = self.pv_len[ply + 1];
        head[ply][ply] = mv;
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Searches the root to `depth` (at least 1). Returns `None` if stopped before the first
    /// root move was searched completely; a partial result if stopped later.
    ///
    /// With `tie_margin = Some(m)` every root move scoring within `m` of the best gets an exact
    /// score (a slightly wider window), so the caller can choose among them.
    pub fn root(&mut self, position: &Position, depth: u8, tie_margin: Option<i16>) -> Option<RootResult> {
        if !self.enter() {
            return None;
        }
        self.interior_nodes += 1;
        self.pv_len[0] = 0;
        let moves = self.ordered_moves(position, self.table_move(position));
        if moves.is_empty() {
            return Some(RootResult {
                score: self.game_end(position, 0),
                best_move: None,
                pv: Vec::new(),
                candidates: Vec::new(),
            });
        }
        let mut best = -Score::INFINITY;
        let mut best_move = None;
        let mut exact: Vec<(Move, Score)> = Vec::new();
        let mut pos = *position;
        for &mv in moves.iter() {
            let alpha = match tie_margin {
                Some(m) if best > -Score::INFINITY => best.minus(m).down(),
                _ => best,
            };
            pos.play_unchecked(mv);
            let s = -self.negamax(&mut pos, depth - 1, 1, -Score::INFINITY, -alpha);
            pos.undo_unchecked(mv);
            if self.stopped {
                break;
            }
            if s > alpha {
                exact.push((mv, s));
            }
            // RYG3 version 9 keeps the last of equal moves.
            if s > best || (self.config.node_rule == NodeRule::Ryg3 && s == best) {
                best = s;
                best_move = Some(mv);
                self.update_pv(0, mv);
            }
        }
        let best_move = best_move?;
        if !self.stopped {
            self.store(position, Some(best_move), best, depth, Bound::Exact);
            if self.config.history == Some(HistoryRule::CutOffs) {
                self.history.bump(best_move, depth);
            }
        }
        let margin = tie_margin.unwrap_or(0);
        let mut candidates: Vec<(Move, Score)> =
            exact.into_iter().filter(|&(_, s)| s >= best.minus(margin)).collect();
        candidates.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let pv = self.pv[0][..self.pv_len[0]].to_vec();
        Some(RootResult { score: best, best_move: Some(best_move), pv, candidates })
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: u8,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        if !self.enter() {
            return Score::ZERO;
        }
        self.pv_len[ply] = ply;
        if depth > 0 {
            self.interior_nodes += 1;
        }
        if pos.count_moves() == 0 {
            return self.game_end(pos, ply);
        }
        if depth == 0 {
            return self.static_eval(pos);
        }
        if self.config.mate_distance {
            // CITE: mate distance pruning. Nothing here beats winning next ply or losing now.
            alpha = alpha.max(Score::loss_in(ply as u16));
            beta = beta.min(Score::win_in(ply as u16 + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        let table_move = match self.probe(pos, depth, ply, alpha, beta) {
            Ok(table_move) => table_move,
            Err(cut) => return cut,
        };
        let moves = self.ordered_moves(pos, table_move);
        if matches!(self.config.node_rule, NodeRule::Ryg3 | NodeRule::Ryg3FirstOfEqual) {
            return self.ryg3_node(pos, &moves, depth, ply, alpha, beta);
        }
        let alpha0 = alpha;
        let mut best = -Score::INFINITY;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            pos.play_unchecked(mv);
            let s = if self.config.pvs && i > 0 && alpha > -Score::INFINITY {
                // CITE: principal variation search. Prove the move no better with a null
                // window; search it again with the full window only if that fails.
                let s = -self.negamax(pos, depth - 1, ply + 1, -alpha.up(), -alpha);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            } else {
                -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha)
            };
            pos.undo_unchecked(mv);
            if self.stopped {
                return Score::ZERO;
            }
            if s > best {
                best = s;
                best_move = Some(mv);
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, mv);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if self.config.history == Some(HistoryRule::CutOffs) && bound != Bound::Upper {
            if let Some(mv) = best_move {
                self.history.bump(mv, depth);
            }
        }
        let stored_move = if bound == Bound::Upper { table_move.or(best_move) } else { best_move };
        self.store(pos, stored_move, best.to_tt(ply as u16), depth, bound);
        best
    }

    /// The table's entry for `pos` (when the table is on): its move, or `Err` with the score
    /// that ends the node when the entry's bound cuts the window `alpha`..`beta` off.
    #[inline]
    fn probe(
        &self,
        pos: &Position,
        depth: u8,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Result<Option<Move>, Score> {
        if self.config.table.is_none() {
            return Ok(None);
        }
        let Some(e) = self.tt.probe(pos.hash()) else { return Ok(None) };
        // Proven game ends hold at any depth: a win stays a win (so does its lower bound) and
        // a loss stays a loss (so does its upper bound).
        let proven = match e.bound {
            Bound::Exact => e.score.is_game_end(),
            Bound::Lower => e.score.is_win(),
            Bound::Upper => e.score.is_loss(),
        };
        if self.table_cutoffs && (e.depth >= depth || proven) {
            let s = e.score.from_tt(ply as u16);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return Err(s);
            }
        }
        Ok(e.best_move)
    }

    /// RYG3's node: fail-hard, a move stored only when one reached the window; version 9 takes
    /// a move that reaches alpha (the last of equal moves), version 10 one that passes it (the
    /// first).
    fn ryg3_node(
        &mut self,
        pos: &mut Position,
        moves: &MoveList,
        depth: u8,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let last_of_equal = self.config.node_rule == NodeRule::Ryg3;
        let mut best_move = None;
        for &mv in moves.iter() {
            pos.play_unchecked(mv);
            let s = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha);
            pos.undo_unchecked(mv);
            if self.stopped {
                return Score::ZERO;
            }
            if s > alpha || (last_of_equal && s == alpha) {
                alpha = s;
                best_move = Some(mv);
                self.update_pv(ply, mv);
                if alpha >= beta {
                    break;
                }
            }
        }
        if best_move.is_some() {
            self.store(pos, best_move, alpha.to_tt(ply as u16), depth, Bound::Exact);
        }
        alpha
    }

    /// Extends `pv` with table moves while they are legal (the PV is cut where the table
    /// answered), up to `depth` moves.
    pub fn extend_pv(&self, position: &Position, pv: &mut Vec<Move>, depth: u8) {
        if self.config.table.is_none() {
            return;
        }
        let mut pos = *position;
        for &mv in pv.iter() {
            pos.play_unchecked(mv);
        }
        while pv.len() < depth as usize {
            let Some(mv) = self.tt.probe(pos.hash()).and_then(|e| e.best_move) else { break };
            if !pos.is_legal(mv) {
                break;
            }
            pos.play_unchecked(mv);
            pv.push(mv);
        }
    }
}
