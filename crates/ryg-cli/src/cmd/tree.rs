//! `ryg tree`: the explicit minimax tree, each board with its evaluation and minimax value,
//! as text (indented, in the order it is built), Graphviz dot, or JSON.

use crate::out::out;
use std::fmt::Write as _;

use anyhow::{bail, Result};
use ryg::eval::EvalKind;
use ryg::eval::Weights;
use ryg::report::c64_byte;
use ryg::report::{NodeReport, TreeHeader};
use ryg::search::{Score, Tree, TreeNode, TreeRules};
use ryg::{Engine, Position, Side};

use crate::args::{EvalArg, PositionArgs};

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
    #[command(flatten)]
    pub eval: EvalArg,
    /// Build the tree as this engine does: its evaluation, move order and game-end scores
    /// (ryg1-v1 and ryg1 are RYG's minimax; the others' trees are the same minimax with their
    /// evaluation)
    #[arg(long, value_name = "NAME", conflicts_with = "eval")]
    pub engine: Option<Engine>,
    /// Refuse to build trees larger than this many nodes (at most 4,000,000)
    #[arg(long, value_name = "N", default_value_t = 200_000,
          value_parser = clap::value_parser!(u64).range(1..=ryg::search::minimax::MAX_TREE_NODES))]
    pub max_nodes: u64,
}

fn mouse_value(node: &TreeNode) -> Score {
    node.for_mouse(node.value)
}

/// A score for the mouse, with the C64's byte under the articles' evaluations: `+1 ($81)`.
fn shown(tree: &Tree, score: Score) -> String {
    match c64_byte(tree.eval, score) {
        Some(byte) => format!("{score} ({byte})"),
        None => score.to_string(),
    }
}

/// The evaluation and rules of a tree: `engine`'s, or `eval` under ryg's rules.
fn weights_and_rules(eval: EvalKind, engine: Option<Engine>) -> (Weights, TreeRules) {
    match engine {
        Some(engine) => {
            let c = engine.config();
            (Weights::of(c.eval), TreeRules::of(&c))
        }
        None => (Weights::of(eval), TreeRules::default()),
    }
}

fn side_letter(node: &TreeNode) -> &'static str {
    match node.position.side_to_move() {
        Side::Mouse => "max",
        Side::Cats => "min",
    }
}

/// The tree of `position` to `depth` as the text format prints it (for the game's `tree`).
pub fn render_text(position: &Position, depth: u8, eval: EvalKind, engine: Option<Engine>) -> Result<String> {
    let (weights, rules) = weights_and_rules(eval, engine);
    let tree = Tree::build_with(position, depth, weights, rules, &mut |_| false).expect("never stopped");
    let eval = tree.eval;
    let pv = tree.pv_marks();
    let mut out = String::new();
    text(&tree, 0, &pv, &mut out)?;
    let best = tree.pv().first().map_or("none".to_string(), |m| m.to_string());
    writeln!(out, "{} nodes; best move {best} (values for the mouse, eval {eval})", tree.nodes.len())?;
    Ok(out)
}

pub fn run(args: Args) -> Result<()> {
    let position = args.position.position()?;
    let limit = args.max_nodes;
    let (weights, rules) = weights_and_rules(args.eval.eval, args.engine);
    let Some(tree) = Tree::build_with(&position, args.depth, weights, rules, &mut |n| n >= limit) else {
        bail!(
            "the tree of depth {} has more than {limit} nodes; lower --depth or raise --max-nodes",
            args.depth
        );
    };
    let pv = tree.pv_marks();
    match args.format {
        Format::Json => write_json(&tree, &position)?,
        Format::Text => {
            let mut out = String::new();
            let who = args.engine.map_or(String::new(), |e| format!("{}; ", e.title()));
            writeln!(out, "tree of {} to depth {} ({who}eval {}; every board's evaluation, then the minimax value at inner nodes; values for the mouse: max at mouse nodes, min at cat nodes)", position.fen(), args.depth, tree.eval)?;
            text(&tree, 0, &pv, &mut out)?;
            writeln!(
                out,
                "{} nodes; best move {}",
                tree.nodes.len(),
                tree.pv().first().map_or("none".to_string(), |m| m.to_string())
            )?;
            if let Some(engine) = args.engine.filter(|e| e.is_ryg1()) {
                let bytes = ryg::EngineSpec::ryg_tree_bytes(tree.nodes.len() as u64);
                writeln!(
                    out,
                    "{}: {} boards of {} bytes = {bytes} bytes on the C64 (RYG played depths 1 to 3: at most 256 boards)",
                    engine.title(),
                    tree.nodes.len(),
                    ryg::engines::RYG_BOARD_BYTES
                )?;
                let spec = ryg::EngineSpec { engine, depth: args.depth };
                if let Some(note) = spec.memory_note() {
                    writeln!(out, "{note}")?;
                }
            }
            out!("{out}")?;
        }
        Format::Dot => {
            let mut out = String::new();
            writeln!(out, "digraph ryg_tree {{")?;
            writeln!(out, "  node [shape=box, fontname=\"monospace\"];")?;
            for (id, n) in tree.nodes.iter().enumerate() {
                let name = n.mv.map_or_else(|| format!("root {}", n.position.fen()), |m| m.to_string());
                let eval = shown(&tree, n.for_mouse(n.eval));
                let label = if n.children.is_empty() {
                    format!("{name}\\neval {eval}")
                } else {
                    format!("{name}\\neval {eval}\\n{} {}", side_letter(n), shown(&tree, mouse_value(n)))
                };
                let style = if pv[id] { ", style=bold, color=red" } else { "" };
                writeln!(out, "  n{id} [label=\"{label}\"{style}];")?;
                if let Some(p) = n.parent {
                    let style = if pv[id] { " [style=bold, color=red]" } else { "" };
                    writeln!(out, "  n{p} -> n{id}{style};")?;
                }
            }
            writeln!(out, "}}")?;
            out!("{out}")?;
        }
    }
    Ok(())
}

/// Writes the JSON report (`ryg::report::TreeReport`, one line) node by node, in chunks: the
/// whole report of a large tree is never held (at 4 million nodes it took 1.6 GB).
fn write_json(tree: &Tree, position: &Position) -> Result<()> {
    json_chunks(tree, position, &mut |chunk| Ok(crate::out::write_all(chunk)?))
}

/// The JSON report in chunks of about 64 KiB, each handed to `sink`.
fn json_chunks(tree: &Tree, position: &Position, sink: &mut dyn FnMut(&[u8]) -> Result<()>) -> Result<()> {
    const CHUNK: usize = 1 << 16;
    let header = serde_json::to_string(&TreeHeader::of(tree, position))?;
    let mut buf = Vec::with_capacity(2 * CHUNK);
    buf.extend_from_slice(&header.as_bytes()[..header.len() - 1]);
    buf.extend_from_slice(b",\"nodes\":[");
    for (i, node) in NodeReport::all(tree).enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        serde_json::to_writer(&mut buf, &node)?;
        if buf.len() >= CHUNK {
            sink(&buf)?;
            buf.clear();
        }
    }
    buf.extend_from_slice(b"]}\n");
    sink(&buf)
}

fn text(tree: &Tree, at: usize, pv: &[bool], out: &mut String) -> std::fmt::Result {
    let n = &tree.nodes[at];
    let indent = "  ".repeat(n.ply as usize);
    let name = n.mv.map_or("root".to_string(), |m| m.to_string());
    let star = if pv[at] { " *" } else { "" };
    let eval = shown(tree, n.for_mouse(n.eval));
    if n.is_game_end() {
        writeln!(out, "{indent}{name} eval {eval}, game over: {}{star}", shown(tree, mouse_value(n)))?;
    } else if n.children.is_empty() {
        writeln!(out, "{indent}{name} eval {eval}{star}")?;
    } else {
        writeln!(
            out,
            "{indent}{name} eval {eval}, {} {}{star}",
            side_letter(n),
            shown(tree, mouse_value(n))
        )?;
    }
    for child in n.children.clone() {
        text(tree, child, pv, out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_streamed_json_is_the_report_byte_for_byte() {
        let position = Position::standard();
        let tree = Tree::build(&position, 5, EvalKind::Default);
        let mut chunks = Vec::new();
        json_chunks(&tree, &position, &mut |c| {
            chunks.push(c.to_vec());
            Ok(())
        })
        .unwrap();
        assert!(chunks.len() > 2, "{} chunks", chunks.len());
        let streamed = String::from_utf8(chunks.concat()).unwrap();
        let whole = serde_json::to_string(&ryg::report::TreeReport::of(&tree, &position)).unwrap() + "\n";
        assert_eq!(streamed, whole);
    }
}
