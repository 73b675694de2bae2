//! `ryg tree`: the explicit minimax tree, each board with its evaluation and minimax value,
//! as text (indented, in the order it is built), Graphviz dot, or JSON.

use std::fmt::Write as _;

use anyhow::{bail, Result};
use ryg::eval::EvalKind;
use ryg::search::{Score, Tree, TreeNode};
use ryg::{Position, Side};
use serde::Serialize;

use crate::args::PositionArgs;

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Dot,
    Json,
}

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Depth of the tree in plies
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u8).range(0..=40))]
    pub depth: u8,
    /// Output format (dot renders with Graphviz: `ryg tree --depth 2 --format dot | dot -Tsvg`)
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Evaluation: seed (the C64 original's terms) or default (ryg's own)
    #[arg(long, value_name = "seed|default", default_value = "default")]
    pub eval: EvalKind,
    /// Refuse to build trees larger than this many nodes (at most 4,000,000)
    #[arg(long, value_name = "N", default_value_t = 200_000,
          value_parser = clap::value_parser!(u64).range(1..=ryg::search::minimax::MAX_TREE_NODES))]
    pub max_nodes: u64,
}

#[derive(Serialize)]
struct NodeReport {
    id: usize,
    parent: Option<usize>,
    #[serde(rename = "move")]
    mv: Option<String>,
    ply: u16,
    fen: String,
    to_move: &'static str,
    /// Static evaluation for the mouse (leaves cut off by the depth only).
    eval: Option<String>,
    /// Minimax value for the mouse (the mouse maximises, the cats minimise).
    value: String,
    /// Whether this node lies on the principal variation.
    best: bool,
}

#[derive(Serialize)]
struct Report {
    fen: String,
    depth: u8,
    eval: String,
    best_move: Option<String>,
    value: String,
    nodes: Vec<NodeReport>,
}

/// Marks the nodes on the principal variation.
fn on_pv(tree: &Tree) -> Vec<bool> {
    let mut marks = vec![false; tree.nodes.len()];
    let mut at = 0;
    marks[0] = true;
    while let Some(best) =
        tree.nodes[at].children.clone().find(|&c| -tree.nodes[c].value == tree.nodes[at].value)
    {
        marks[best] = true;
        at = best;
    }
    marks
}

fn mouse_value(node: &TreeNode) -> Score {
    node.for_mouse(node.value)
}

fn side_letter(node: &TreeNode) -> &'static str {
    match node.position.side_to_move() {
        Side::Mouse => "max",
        Side::Cats => "min",
    }
}

/// The tree of `position` to `depth` as the text format prints it (for the game's `tree`).
pub fn render_text(position: &Position, depth: u8, eval: EvalKind) -> Result<String> {
    let tree = Tree::build(position, depth, eval);
    let pv = on_pv(&tree);
    let mut out = String::new();
    text(&tree, 0, &pv, &mut out)?;
    let best = tree.pv().first().map_or("none".to_string(), |m| m.to_string());
    writeln!(out, "{} nodes; best move {best} (values for the mouse, eval {eval})", tree.nodes.len())?;
    Ok(out)
}

pub fn run(args: Args) -> Result<()> {
    let position = args.position.position()?;
    let limit = args.max_nodes;
    let Some(tree) = Tree::build_until(&position, args.depth, args.eval, &mut |n| n >= limit) else {
        bail!(
            "the tree of depth {} has more than {limit} nodes; lower --depth or raise --max-nodes",
            args.depth
        );
    };
    let pv = on_pv(&tree);
    match args.format {
        Format::Json => {
            let nodes = tree
                .nodes
                .iter()
                .enumerate()
                .map(|(id, n)| NodeReport {
                    id,
                    parent: n.parent,
                    mv: n.mv.map(|m| m.to_string()),
                    ply: n.ply,
                    fen: n.position.fen(),
                    to_move: n.position.side_to_move().name(),
                    eval: n.eval.map(|e| n.for_mouse(e).to_string()),
                    value: mouse_value(n).to_string(),
                    best: pv[id],
                })
                .collect();
            let report = Report {
                fen: position.fen(),
                depth: args.depth,
                eval: args.eval.to_string(),
                best_move: tree.pv().first().map(|m| m.to_string()),
                value: mouse_value(tree.root()).to_string(),
                nodes,
            };
            println!("{}", serde_json::to_string(&report)?);
        }
        Format::Text => {
            let mut out = String::new();
            writeln!(out, "tree of {} to depth {} (eval {}; values for the mouse: max at mouse nodes, min at cat nodes)", position.fen(), args.depth, args.eval)?;
            text(&tree, 0, &pv, &mut out)?;
            writeln!(
                out,
                "{} nodes; best move {}",
                tree.nodes.len(),
                tree.pv().first().map_or("none".to_string(), |m| m.to_string())
            )?;
            print!("{out}");
        }
        Format::Dot => {
            let mut out = String::new();
            writeln!(out, "digraph ryg_tree {{")?;
            writeln!(out, "  node [shape=box, fontname=\"monospace\"];")?;
            for (id, n) in tree.nodes.iter().enumerate() {
                let label = match (n.mv, n.eval) {
                    (None, _) => format!("root {}\\n{} {}", n.position.fen(), side_letter(n), mouse_value(n)),
                    (Some(mv), Some(e)) => format!("{mv}\\neval {}", n.for_mouse(e)),
                    (Some(mv), None) => format!("{mv}\\n{} {}", side_letter(n), mouse_value(n)),
                };
                let style = if pv[id] { ", style=bold, color=red" } else { "" };
                writeln!(out, "  n{id} [label=\"{label}\"{style}];")?;
                if let Some(p) = n.parent {
                    let style = if pv[id] { " [style=bold, color=red]" } else { "" };
                    writeln!(out, "  n{p} -> n{id}{style};")?;
                }
            }
            writeln!(out, "}}")?;
            print!("{out}");
        }
    }
    Ok(())
}

fn text(tree: &Tree, at: usize, pv: &[bool], out: &mut String) -> std::fmt::Result {
    let n = &tree.nodes[at];
    let indent = "  ".repeat(n.ply as usize);
    let name = n.mv.map_or("root".to_string(), |m| m.to_string());
    let star = if pv[at] { " *" } else { "" };
    match n.eval {
        Some(e) => writeln!(out, "{indent}{name} eval {}{star}", n.for_mouse(e))?,
        None if n.is_game_end() => writeln!(out, "{indent}{name} game over: {}{star}", mouse_value(n))?,
        None => writeln!(out, "{indent}{name} {} {}{star}", side_letter(n), mouse_value(n))?,
    }
    for child in n.children.clone() {
        text(tree, child, pv, out)?;
    }
    Ok(())
}
