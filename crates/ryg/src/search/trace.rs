//! Alpha-beta with every node kept, for showing how it prunes: plain fail-hard negamax in
//! generation order (the original's alpha-beta before tables and ordering), where the moves a
//! cut-off skips stay in the tree as pruned leaves. Small depths only: it is for display.

use crate::eval::{self, EvalKind};
use crate::{Move, Position, Side};

use super::minimax::TreeRules;
use super::{generate, GameEnds, Score};

/// The deepest traced search (the tree is for reading, not for playing).
pub const MAX_TRACE_DEPTH: u8 = 4;

/// One node of a traced alpha-beta search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceNode {
    pub position: Position,
    /// The move that led here (`None` at the root).
    pub mv: Option<Move>,
    pub parent: Option<usize>,
    pub children: Vec<usize>,
    pub ply: u16,
    /// The static evaluation for the side to move, of every searched board (`None` for a
    /// pruned node, which was never searched).
    pub eval: Option<Score>,
    /// The value the search returned for the side to move (a bound where a cut-off happened
    /// below); `None` for a pruned node, which was never searched.
    pub value: Option<Score>,
    /// Whether a cut-off skipped this node.
    pub pruned: bool,
    /// The window `(alpha, beta)` the node was searched with, for the side to move.
    pub window: (Score, Score),
}

impl TraceNode {
    /// `score` (for this node's side to move) seen from the mouse.
    pub fn for_mouse(&self, score: Score) -> Score {
        match self.position.side_to_move() {
            Side::Mouse => score,
            Side::Cats => -score,
        }
    }
}

/// A traced alpha-beta search; node 0 is the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    pub nodes: Vec<TraceNode>,
    pub depth: u8,
    pub eval: EvalKind,
    /// The generation order and game-end scoring it searched with.
    pub rules: TreeRules,
    /// The best root move (`None` when the game is over at the root).
    pub best_move: Option<Move>,
    /// Nodes searched (pruned nodes are not counted).
    pub searched: u64,
}

impl Trace {
    /// Searches `position` to `depth` (at most [`MAX_TRACE_DEPTH`]) keeping every node.
    pub fn search(position: &Position, depth: u8, eval: EvalKind) -> Trace {
        Trace::search_with(position, depth, eval, TreeRules::default())
    }

    /// Like [`Trace::search`], following `rules`.
    pub fn search_with(position: &Position, depth: u8, eval: EvalKind, rules: TreeRules) -> Trace {
        let depth = depth.min(MAX_TRACE_DEPTH);
        let root = TraceNode {
            position: *position,
            mv: None,
            parent: None,
            children: Vec::new(),
            ply: 0,
            eval: None,
            value: None,
            pruned: false,
            window: (-Score::INFINITY, Score::INFINITY),
        };
        let mut trace = Trace { nodes: vec![root], depth, eval, rules, best_move: None, searched: 0 };
        trace.negamax(0, depth, -Score::INFINITY, Score::INFINITY);
        trace.best_move = trace.nodes[0]
            .children
            .iter()
            .find(|&&c| trace.nodes[c].value.map(|v| -v) == trace.nodes[0].value)
            .and_then(|&c| trace.nodes[c].mv);
        trace
    }

    /// The root node.
    pub fn root(&self) -> &TraceNode {
        &self.nodes[0]
    }

    /// For each node, whether it lies on the line the search chose.
    pub fn line_marks(&self) -> Vec<bool> {
        let mut marks = vec![false; self.nodes.len()];
        let mut at = 0;
        marks[0] = true;
        loop {
            let node = &self.nodes[at];
            let next = node
                .children
                .iter()
                .copied()
                .find(|&c| !self.nodes[c].pruned && self.nodes[c].value.map(|v| -v) == node.value);
            match next {
                Some(c) => {
                    marks[c] = true;
                    at = c;
                }
                None => return marks,
            }
        }
    }

    fn negamax(&mut self, at: usize, depth: u8, mut alpha: Score, beta: Score) -> Score {
        self.searched += 1;
        self.nodes[at].window = (alpha, beta);
        let position = self.nodes[at].position;
        let ply = self.nodes[at].ply;
        let moves = generate(&position, self.rules.gen_order);
        let eval = self.nodes[at].for_mouse(Score::eval(eval::score_for_mouse(self.eval, &position)));
        self.nodes[at].eval = Some(eval);
        if moves.is_empty() {
            let v = match self.rules.game_ends {
                GameEnds::Exact => Score::game_end(&position, ply),
                GameEnds::Evaluated => eval,
            };
            self.nodes[at].value = Some(v);
            return v;
        }
        if depth == 0 {
            self.nodes[at].value = Some(eval);
            return eval;
        }
        let mut cut = false;
        for &mv in moves.iter() {
            let mut child = position;
            child.play_unchecked(mv);
            let id = self.nodes.len();
            self.nodes.push(TraceNode {
                position: child,
                mv: Some(mv),
                parent: Some(at),
                children: Vec::new(),
                ply: ply + 1,
                eval: None,
                value: None,
                pruned: cut,
                window: (-beta, -alpha),
            });
            self.nodes[at].children.push(id);
            if cut {
                continue;
            }
            let v = -self.negamax(id, depth - 1, -beta, -alpha);
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                cut = true; // CITE: alpha-beta pruning (Knuth & Moore 1975): the rest is skipped.
            }
        }
        let v = alpha.min(beta);
        self.nodes[at].value = Some(v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Limits, NoHandler, SearchConfig, Searcher, Tree};

    #[test]
    fn agrees_with_minimax_and_prunes() {
        for depth in 1..=MAX_TRACE_DEPTH {
            let position = Position::standard();
            let trace = Trace::search(&position, depth, EvalKind::Seed);
            let tree = Tree::build(&position, depth, EvalKind::Seed);
            assert_eq!(trace.root().value, Some(tree.root().value), "depth {depth}");
            let pruned = trace.nodes.iter().filter(|n| n.pruned).count();
            assert_eq!(trace.searched as usize + pruned, trace.nodes.len());
            if depth >= 2 {
                assert!(pruned > 0, "depth {depth} prunes something");
                assert!((trace.searched as usize) < tree.nodes.len());
            }
        }
    }

    #[test]
    fn counts_the_nodes_plain_alpha_beta_counts() {
        let position: Position = "1c1c1c1c/8/8/8/8/8/5m2/8 c".parse().unwrap();
        let trace = Trace::search(&position, 4, EvalKind::Seed);
        let mut plain = Searcher::new(SearchConfig::plain(EvalKind::Seed));
        let result = plain.search(&position, &Limits::depth(4), &mut NoHandler);
        assert_eq!(trace.root().value, Some(result.score));
        assert_eq!(trace.best_move, result.best_move);
    }

    #[test]
    fn the_chosen_line_ends_at_a_leaf() {
        let trace = Trace::search(&Position::standard(), 3, EvalKind::Default);
        let marks = trace.line_marks();
        assert_eq!(marks.iter().filter(|&&m| m).count(), 4);
        assert_eq!(trace.nodes[marks.iter().rposition(|&m| m).unwrap()].ply, 3);
    }
}
