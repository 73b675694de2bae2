//! The shapes of search trees: the explicit minimax tree (`ryg tree --format json`,
//! `/api/tree`) node by node, and the traced alpha-beta search's nodes (`/api/think`).

use serde::Serialize;

use crate::eval::EvalKind;
use crate::search::{Score, Trace, Tree};
use crate::{Move, Position, Side};

/// One node of the explicit tree in [`TreeReport`], or of the traced search in
/// [`TracedNodeReport`].
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct NodeReport {
    pub id: usize,
    pub parent: Option<usize>,
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub ply: u16,
    pub fen: String,
    pub to_move: &'static str,
    /// Static evaluation for the mouse: every board of the tree is evaluated, inner nodes too
    /// (only the leaves' count for the value); `null` for a traced node that was never searched.
    pub eval: Option<String>,
    /// Minimax value for the mouse (the mouse maximises, the cats minimise); `null` for a traced
    /// node that was never searched.
    pub value: Option<String>,
    /// Under the articles' evaluations (`seed-v1`, `seed`): the evaluation as the C64 held it,
    /// a byte around the neutral $80 (`$81`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eval_c64: Option<String>,
    /// The same for the value (absent for an exact game end).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_c64: Option<String>,
    /// Whether this node lies on the principal variation.
    pub best: bool,
    /// Whether it has no children (the depth cut the tree off here, or the game is over).
    pub leaf: bool,
}

/// `ryg tree --format json`: the explicit minimax tree with every node's evaluation and value.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct TreeReport {
    pub fen: String,
    pub depth: u8,
    pub eval: String,
    pub best_move: Option<String>,
    pub value: String,
    pub nodes: Vec<NodeReport>,
}

/// [`TreeReport`] without its nodes: what a streaming writer sends before them.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct TreeHeader {
    pub fen: String,
    pub depth: u8,
    pub eval: String,
    pub best_move: Option<String>,
    pub value: String,
}

impl TreeHeader {
    /// The header of `tree`, built from `position`.
    pub fn of(tree: &Tree, position: &Position) -> TreeHeader {
        TreeHeader {
            fen: position.fen(),
            depth: tree.depth,
            eval: tree.eval.to_string(),
            best_move: tree.pv().first().map(|m| m.to_string()),
            value: tree.root().for_mouse(tree.root().value).to_string(),
        }
    }
}

impl NodeReport {
    /// The reports of `tree`'s nodes in order, made one at a time (a large tree's report need
    /// not be held whole).
    pub fn all(tree: &Tree) -> impl Iterator<Item = NodeReport> + '_ {
        let pv = tree.pv_marks();
        tree.nodes.iter().enumerate().map(move |(id, n)| NodeReport {
            eval: Some(n.for_mouse(n.eval).to_string()),
            value: Some(n.for_mouse(n.value).to_string()),
            eval_c64: c64_byte(tree.eval, n.for_mouse(n.eval)),
            value_c64: c64_byte(tree.eval, n.for_mouse(n.value)),
            best: pv[id],
            leaf: n.children.is_empty(),
            ..NodeReport::placed(id, n.parent, n.mv, n.ply, &n.position)
        })
    }

    /// Node `id`'s place in the tree (its parent, the move to it, its ply and position), with
    /// no values yet: what a tree's node and a traced search's node report alike.
    fn placed(id: usize, parent: Option<usize>, mv: Option<Move>, ply: u16, position: &Position) -> NodeReport {
        NodeReport {
            id,
            parent,
            mv: mv.map(|m| m.to_string()),
            ply,
            fen: position.fen(),
            to_move: position.side_to_move().name(),
            eval: None,
            value: None,
            eval_c64: None,
            value_c64: None,
            best: false,
            leaf: false,
        }
    }
}

/// One node of the traced alpha-beta search (`/api/think`): a node of the tree's shape, with
/// the cut and the window it was searched with.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct TracedNodeReport {
    #[serde(flatten)]
    pub node: NodeReport,
    /// Whether a cut-off skipped this branch.
    pub cut: bool,
    /// The alpha-beta window the node was searched with, for the mouse (`-inf`/`+inf` open).
    pub window: [String; 2],
}

impl TracedNodeReport {
    /// The reports of `trace`'s nodes in order; `leaf` is a node searched without children (a
    /// leaf at the depth, or a game end).
    pub fn all(trace: &Trace) -> Vec<TracedNodeReport> {
        let line = trace.line_marks();
        trace
            .nodes
            .iter()
            .enumerate()
            .map(|(id, n)| TracedNodeReport {
                node: NodeReport {
                    eval: n.eval.map(|e| n.for_mouse(e).to_string()),
                    value: n.value.map(|v| n.for_mouse(v).to_string()),
                    best: line[id],
                    leaf: n.children.is_empty() && !n.pruned,
                    ..NodeReport::placed(id, n.parent, n.mv, n.ply, &n.position)
                },
                cut: n.pruned,
                window: {
                    let (alpha, beta) = n.window;
                    match n.position.side_to_move() {
                        Side::Mouse => [bound(alpha), bound(beta)],
                        Side::Cats => [bound(-beta), bound(-alpha)],
                    }
                },
            })
            .collect()
    }
}

/// A window bound for display: an open end is `-inf` or `+inf`.
fn bound(score: Score) -> String {
    if score >= Score::INFINITY {
        "+inf".to_string()
    } else if score <= -Score::INFINITY {
        "-inf".to_string()
    } else {
        score.to_string()
    }
}

/// `value` (for the mouse) as the articles' C64 held it, around the neutral $80, when `kind`
/// is one of the articles' evaluations and `value` an evaluation.
pub fn c64_byte(kind: EvalKind, value: Score) -> Option<String> {
    if value.is_game_end() {
        return None;
    }
    let v = i32::from(value.value());
    matches!(kind, EvalKind::SeedV1 | EvalKind::Seed).then(|| format!("${:02x}", (0x80 + v).clamp(0, 0xff)))
}

impl TreeReport {
    /// The report of `tree`, built from `position`.
    pub fn of(tree: &Tree, position: &Position) -> TreeReport {
        let TreeHeader { fen, depth, eval, best_move, value } = TreeHeader::of(tree, position);
        TreeReport { fen, depth, eval, best_move, value, nodes: NodeReport::all(tree).collect() }
    }
}
