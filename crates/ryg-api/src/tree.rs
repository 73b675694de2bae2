//! `/api/tree`: the minimax tree of a position to a small depth (ryg's rules, or one of the
//! 2022 articles' programs'), with the order minimax visits it in.

use ryg::eval::Weights;
use ryg::report::TreeReport;
use ryg::search::{Step, Tree, TreeRules};
use ryg::Position;
use serde::Serialize;

use crate::params::{eval_kind, int_param};
use crate::{Params, QueryError};

/// The deepest tree `/api/tree` and `/api/think` draw.
pub const MAX_TREE_DEPTH: u64 = 4;
/// The largest tree `/api/tree` builds.
pub const MAX_TREE_NODES: u64 = 100_000;

/// One step of a search's replay: the node (its `id`) and what happens there
/// (`enter`, `leaf`, `backup`, `cut`).
#[derive(Serialize)]
pub struct StepReport {
    node: usize,
    kind: &'static str,
}

/// The steps of a replay as reports.
pub fn step_reports(steps: Vec<Step>) -> Vec<StepReport> {
    steps.into_iter().map(|s| StepReport { node: s.node, kind: s.kind.name() }).collect()
}

/// `ryg tree --format json`'s report plus the order minimax visits it in.
#[derive(Serialize)]
pub struct TreeAnswer {
    #[serde(flatten)]
    report: TreeReport,
    steps: Vec<StepReport>,
}

/// A tree asked for: the position, the depth (`depth=`, 2 when absent) and the rules.
pub struct TreeQuery {
    position: Position,
    depth: u8,
    weights: Weights,
    rules: TreeRules,
}

/// The depth of `depth=` for the tree and the traced search (2 when absent).
///
/// # Errors
/// When it is beyond [`MAX_TREE_DEPTH`].
pub fn tree_depth(params: &Params) -> Result<u8, QueryError> {
    Ok(int_param(params, "depth", 0..=MAX_TREE_DEPTH)?.unwrap_or(2) as u8)
}

/// The evaluation and tree rules of `engine=` (one of the articles' programs builds its tree
/// with its evaluation, move order and game-end scores), else `eval=` under ryg's rules.
fn tree_rules(params: &Params) -> Result<(Weights, TreeRules), QueryError> {
    let Some(name) = params.get("engine") else {
        return Ok((Weights::of(eval_kind(params)?), TreeRules::default()));
    };
    if params.contains_key("eval") {
        return Err(QueryError::bad_request("give \"engine\" or \"eval\", not both"));
    }
    let c = name.parse::<ryg::Engine>().map_err(|e| QueryError::bad_request(e.to_string()))?.config();
    Ok((Weights::of(c.eval), TreeRules::of(&c)))
}

impl TreeQuery {
    /// The tree `params` ask for in `position`.
    ///
    /// # Errors
    /// A bad depth, engine or evaluation.
    pub fn parse(position: Position, params: &Params) -> Result<TreeQuery, QueryError> {
        let depth = tree_depth(params)?;
        let (weights, rules) = tree_rules(params)?;
        Ok(TreeQuery { position, depth, weights, rules })
    }

    /// Builds the tree; `stop` (given the nodes so far) may end it early, as a refusal.
    ///
    /// # Errors
    /// When the tree has more than [`MAX_TREE_NODES`] nodes (or `stop` said so).
    pub fn answer(self, stop: &mut dyn FnMut(u64) -> bool) -> Result<TreeAnswer, QueryError> {
        let TreeQuery { position, depth, weights, rules } = self;
        let tree =
            Tree::build_with(&position, depth, weights, rules, &mut |n| n >= MAX_TREE_NODES || stop(n))
                .ok_or_else(|| {
                    QueryError::bad_request(format!(
                        "the tree of depth {depth} has more than {MAX_TREE_NODES} nodes"
                    ))
                })?;
        Ok(TreeAnswer { report: TreeReport::of(&tree, &position), steps: step_reports(tree.steps()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{json, params};
    use crate::ErrorCode;

    fn tree(position: Position, pairs: &[(&str, &str)]) -> serde_json::Value {
        json(&TreeQuery::parse(position, &params(pairs)).unwrap().answer(&mut |_| false).unwrap())
    }

    #[test]
    fn the_tree_holds_every_line_to_its_depth_and_minimax_visits_each_node() {
        let position = Position::standard();
        for (pairs, depth) in [(&[][..], 2), (&[("depth", "3")][..], 3), (&[("depth", "0")][..], 0)] {
            let r = tree(position, pairs);
            assert_eq!(r["depth"], depth);
            let nodes = r["nodes"].as_array().unwrap();
            let lines: u64 = (1..=depth).map(|d| ryg::perft(&position, d)).sum();
            assert_eq!(nodes.len() as u64, 1 + lines, "depth {depth}");
            let steps = r["steps"].as_array().unwrap();
            let visited: std::collections::BTreeSet<u64> =
                steps.iter().map(|s| s["node"].as_u64().unwrap()).collect();
            assert_eq!(visited.len(), nodes.len(), "each node visited");
            assert_eq!(steps[0]["node"], 0);
            let leaves = steps.iter().filter(|s| s["kind"] == "leaf").count() as u64;
            assert_eq!(leaves, if depth == 0 { 1 } else { ryg::perft(&position, depth) });
        }
    }

    #[test]
    fn an_articles_program_builds_with_its_own_evaluation() {
        let position = Position::standard();
        assert_eq!(tree(position, &[])["eval"], "default");
        assert_eq!(tree(position, &[("eval", "classic")])["eval"], "classic");
        assert_eq!(tree(position, &[("engine", "ryg1-v1")])["eval"], "seed-v1");
        assert_eq!(tree(position, &[("engine", "ryg3-v10")])["eval"], "seed");
        for (pairs, message) in [
            (&[("engine", "ryg1"), ("eval", "seed")][..], "give \"engine\" or \"eval\", not both"),
            (&[("depth", "5")][..], "bad depth '5': expected a whole number from 0 to 4"),
        ] {
            let e = TreeQuery::parse(position, &params(pairs)).err().unwrap();
            assert_eq!((e.code, e.message.as_str()), (ErrorCode::BadRequest, message));
        }
        assert!(TreeQuery::parse(position, &params(&[("engine", "ryg9")])).is_err());
        assert!(TreeQuery::parse(position, &params(&[("eval", "ryg9")])).is_err());
    }

    #[test]
    fn a_stopped_tree_is_refused() {
        let query = || TreeQuery::parse(Position::standard(), &params(&[("depth", "3")])).unwrap();
        let mut seen = Vec::new();
        let e = query()
            .answer(&mut |n| {
                seen.push(n);
                n >= 10
            })
            .err()
            .unwrap();
        assert_eq!(e.message, "the tree of depth 3 has more than 100000 nodes");
        assert_eq!(seen.last(), Some(&10));
        assert!(seen.is_sorted());
        assert!(query().answer(&mut |_| false).is_ok());
    }
}
