//! Plain minimax on an explicit game tree, as the original built it: every node (with its
//! parent and children) is kept in an arena, leaves are evaluated and the values carried up.
//! It is the reference the alpha-beta search is checked against, and what `ryg tree` draws.

use std::ops::Range;

use crate::eval::{EvalKind, Weights};
use crate::{Move, Position, Side};

use super::{generate, GameEnds, GenOrder, Score};

/// The articles' rules a tree can follow: the mouse's generation order and how game ends are
/// scored (ryg's by default).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct TreeRules {
    pub gen_order: GenOrder,
    pub game_ends: GameEnds,
}

impl TreeRules {
    /// The rules a search configuration follows.
    pub fn of(config: &super::SearchConfig) -> TreeRules {
        TreeRules { gen_order: config.gen_order, game_ends: config.game_ends }
    }
}

/// The largest tree [`Algo::Minimax`](super::Algo::Minimax) builds (every node stays in
/// memory, about 80 bytes each); a search that needs more stops as if a limit was reached.
pub const MAX_TREE_NODES: u64 = 4_000_000;

/// One node of the explicit tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    pub position: Position,
    /// The move that led here (`None` at the root).
    pub mv: Option<Move>,
    /// Index of the parent node (`None` at the root).
    pub parent: Option<usize>,
    /// Indices of the children (contiguous in the arena).
    pub children: Range<usize>,
    /// Plies below the root.
    pub ply: u16,
    /// The static evaluation for the side to move: every board is evaluated, as the articles'
    /// program did («todos y cada uno de los tableros del árbol», «RYG: función de evaluación –
    /// evaluación del árbol completo»); only the leaves' count.
    pub eval: Score,
    /// The minimax value for the side to move; game ends counted in plies from the root
    /// (or scored by the evaluation under [`GameEnds::Evaluated`]).
    pub value: Score,
}

impl TreeNode {
    /// Whether the game is over here.
    pub fn is_game_end(&self) -> bool {
        self.children.is_empty() && self.position.count_moves() == 0
    }

    /// Whether the depth cut the tree off here (its value is its evaluation).
    pub fn is_leaf(&self) -> bool {
        self.children.is_empty() && !self.is_game_end()
    }

    /// `score` (for this node's side to move) seen from the mouse.
    pub fn for_mouse(&self, score: Score) -> Score {
        match self.position.side_to_move() {
            Side::Mouse => score,
            Side::Cats => -score,
        }
    }
}

/// An explicit minimax tree; node 0 is the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    pub nodes: Vec<TreeNode>,
    pub depth: u8,
    pub eval: EvalKind,
    /// The weights the boards were evaluated with (`eval`'s own unless built with others).
    pub weights: Weights,
    /// The generation order and game-end scoring it was built with.
    pub rules: TreeRules,
}

impl Tree {
    /// Builds the full tree of `position` to `depth` plies and computes every node's value.
    pub fn build(position: &Position, depth: u8, eval: EvalKind) -> Tree {
        Tree::build_until(position, depth, eval, &mut |_| false).expect("never stopped")
    }

    /// Like [`Tree::build`], but asks `stop(nodes)` before adding each node and gives up
    /// (returning `None`) when it says so.
    pub fn build_until(
        position: &Position,
        depth: u8,
        eval: EvalKind,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Tree> {
        Tree::build_weighted(position, depth, Weights::of(eval), stop)
    }

    /// Like [`Tree::build_until`], with boards evaluated with `weights`.
    pub fn build_weighted(
        position: &Position,
        depth: u8,
        weights: Weights,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Tree> {
        Tree::build_with(position, depth, weights, TreeRules::default(), stop)
    }

    /// Like [`Tree::build_weighted`], following `rules`.
    pub fn build_with(
        position: &Position,
        depth: u8,
        weights: Weights,
        rules: TreeRules,
        stop: &mut dyn FnMut(u64) -> bool,
    ) -> Option<Tree> {
        if stop(0) {
            return None;
        }
        let mut tree = Tree { nodes: Vec::new(), depth, eval: weights.kind(), weights, rules };
        tree.nodes.push(tree.node(*position, None, None, 0));
        tree.expand(0, depth, stop)?;
        Some(tree)
    }

    /// A new node, its board evaluated.
    fn node(&self, position: Position, mv: Option<Move>, parent: Option<usize>, ply: u16) -> TreeNode {
        let v = Score::eval(crate::eval::score_with(&self.weights, &position));
        let eval = if position.side_to_move() == Side::Mouse { v } else { -v };
        TreeNode { position, mv, parent, children: 0..0, ply, eval, value: Score::ZERO }
    }

    fn expand(&mut self, at: usize, depth: u8, stop: &mut dyn FnMut(u64) -> bool) -> Option<Score> {
        let position = self.nodes[at].position;
        let ply = self.nodes[at].ply;
        let moves = generate(&position, self.rules.gen_order);
        let value = if moves.is_empty() {
            match self.rules.game_ends {
                GameEnds::Exact => Score::game_end(&position, ply),
                GameEnds::Evaluated => self.nodes[at].eval,
            }
        } else if depth == 0 {
            self.nodes[at].eval
        } else {
            let first = self.nodes.len();
            for &mv in moves.iter() {
                if stop(self.nodes.len() as u64) {
                    return None;
                }
                let mut child = position;
                child.play_unchecked(mv);
                let node = self.node(child, Some(mv), Some(at), ply + 1);
                self.nodes.push(node);
            }
            self.nodes[at].children = first..self.nodes.len();
            let mut best = -Score::INFINITY;
            for child in first..first + moves.len() {
                best = best.max(-self.expand(child, depth - 1, stop)?);
            }
            best
        };
        self.nodes[at].value = value;
        Some(value)
    }

    /// The root node.
    pub fn root(&self) -> &TreeNode {
        &self.nodes[0]
    }

    /// The root's children with their values for the side to move at the root, in move order.
    pub fn root_moves(&self) -> Vec<(Move, Score)> {
        self.root()
            .children
            .clone()
            .map(|c| (self.nodes[c].mv.expect("children have moves"), -self.nodes[c].value))
            .collect()
    }

    /// The principal variation: from the root, the first child with the best value each time.
    pub fn pv(&self) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut at = 0;
        loop {
            let node = &self.nodes[at];
            let Some(best) = node.children.clone().find(|&c| -self.nodes[c].value == node.value) else {
                return pv;
            };
            pv.push(self.nodes[best].mv.expect("children have moves"));
            at = best;
        }
    }

    /// For each node, whether it lies on the principal variation (the root always does).
    pub fn pv_marks(&self) -> Vec<bool> {
        let mut marks = vec![false; self.nodes.len()];
        let mut at = 0;
        marks[0] = true;
        while let Some(best) =
            self.nodes[at].children.clone().find(|&c| -self.nodes[c].value == self.nodes[at].value)
        {
            marks[best] = true;
            at = best;
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tree_of_depth_two_has_perft_nodes() {
        let pos = Position::standard();
        let tree = Tree::build(&pos, 2, EvalKind::Seed);
        // 1 root + 2 mouse moves + 2 * 7 cat replies.
        assert_eq!(tree.nodes.len(), 1 + 2 + 14);
        for (i, node) in tree.nodes.iter().enumerate().skip(1) {
            let parent = &tree.nodes[node.parent.unwrap()];
            assert!(parent.children.contains(&i));
            assert_eq!(parent.ply + 1, node.ply);
        }
        assert_eq!(tree.root_moves().len(), 2);
        assert_eq!(tree.pv().len(), 2);
    }

    #[test]
    fn finds_the_fastest_win_on_4x4() {
        // 4x4: the cats win in 8 plies from the start.
        let tree =
            Tree::build(&Position::start(crate::Size::new(4).unwrap(), None).unwrap(), 8, EvalKind::Seed);
        assert_eq!(tree.root().value, Score::loss_in(8));
        let tree =
            Tree::build(&Position::start(crate::Size::new(4).unwrap(), None).unwrap(), 7, EvalKind::Seed);
        assert!(!tree.root().value.is_game_end());
    }

    #[test]
    fn nodes_stay_small() {
        assert!(std::mem::size_of::<TreeNode>() <= 80);
    }

    #[test]
    fn stops_when_asked() {
        let mut limit = |n: u64| n >= 10;
        assert_eq!(Tree::build_until(&Position::standard(), 3, EvalKind::Seed, &mut limit), None);
    }
}
