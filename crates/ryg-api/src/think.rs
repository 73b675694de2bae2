//! `/api/think`: alpha-beta traced node by node (every node, its window, the cuts), with the
//! nodes each added technique saves, and the history and transposition tables it left; the
//! tables' reports serve `/api/techniques` too.

use ryg::eval::EvalKind;
use ryg::report::TracedNodeReport;
use ryg::search::{HistoryRule, Limits, OrderRule, SearchConfig, Searcher, TableConfig, Trace, Tree};
use ryg::Position;
use serde::Serialize;

use crate::params::{eval_kind, int_param};
use crate::tree::{step_reports, StepReport, MAX_TREE_DEPTH};
use crate::{Params, QueryError};

#[derive(Serialize)]
struct TechniqueCount {
    technique: &'static str,
    nodes: u64,
}

/// One cell of the history table a search left (the think panel and the techniques lesson).
#[derive(Serialize)]
pub struct HistoryCell {
    from: String,
    to: String,
    score: u32,
}

impl HistoryCell {
    /// Every cell of the history table `searcher` left.
    pub fn all(searcher: &Searcher) -> Vec<HistoryCell> {
        searcher
            .history()
            .cells()
            .map(|(from, to, score)| HistoryCell { from: from.to_string(), to: to.to_string(), score })
            .collect()
    }
}

/// The transposition table a search left: its fill and traffic.
#[derive(Serialize)]
pub struct TableReport {
    capacity: usize,
    filled: usize,
    probes: u64,
    hits: u64,
    stores: u64,
    overwrites: u64,
}

impl TableReport {
    /// The table of `searcher`.
    pub fn of(searcher: &Searcher) -> TableReport {
        let s = searcher.table().stats();
        TableReport {
            capacity: s.capacity,
            filled: s.filled,
            probes: s.probes,
            hits: s.hits,
            stores: s.stores,
            overwrites: s.overwrites,
        }
    }
}

#[derive(Serialize)]
pub struct ThinkReport {
    fen: String,
    depth: u8,
    eval: String,
    best_move: Option<String>,
    value: Option<String>,
    nodes: Vec<TracedNodeReport>,
    /// The order the traced search visits `nodes` in.
    steps: Vec<StepReport>,
    counts: Vec<TechniqueCount>,
    history: Vec<HistoryCell>,
    table: TableReport,
}

/// The technique sets the page compares, each adding one to the one before: plain alpha-beta
/// (the traced search), then iterative deepening, as the articles' RYG3 searched (without it
/// the table's move, found by an earlier iteration, could not order anything), the table,
/// ordering and history.
fn technique_sets(eval: EvalKind) -> [(&'static str, SearchConfig); 5] {
    let plain = SearchConfig::plain(eval);
    let deepening = SearchConfig { iterative_deepening: true, ..plain };
    let table = deepening.with_alpha_beta(|ab| ab.table = Some(TableConfig::megabytes(1)));
    let ordering = table.with_alpha_beta(|ab| ab.ordering = Some(OrderRule::TableFirst));
    let history = ordering.with_alpha_beta(|ab| ab.history = Some(HistoryRule::CutOffs));
    [
        ("alpha-beta", plain),
        ("+deepening", deepening),
        ("+table", table),
        ("+ordering", ordering),
        ("+history", history),
    ]
}

fn think_report(position: &Position, depth: u8, eval: EvalKind) -> ThinkReport {
    let trace = Trace::search(position, depth, eval);
    let nodes = TracedNodeReport::all(&trace);
    let minimax = Tree::build(position, depth, eval).nodes.len() as u64;
    let mut counts = vec![TechniqueCount { technique: "minimax", nodes: minimax }];
    let mut last = None;
    for (technique, config) in technique_sets(eval) {
        let mut searcher = Searcher::new(config);
        let result = searcher.search(position, &Limits::depth(depth.max(1)), &mut ryg::search::NoHandler);
        counts.push(TechniqueCount { technique, nodes: result.nodes });
        last = Some(searcher);
    }
    let searcher = last.expect("five technique sets");
    ThinkReport {
        fen: position.fen(),
        depth,
        eval: eval.to_string(),
        best_move: trace.best_move.map(|m| m.to_string()),
        value: trace.root().value.map(|v| trace.root().for_mouse(v).to_string()),
        nodes,
        steps: step_reports(trace.steps()),
        counts,
        history: HistoryCell::all(&searcher),
        table: TableReport::of(&searcher),
    }
}

/// A traced search asked for: the position, the depth (1 to [`MAX_TREE_DEPTH`],
/// 2 when absent) and the evaluation.
pub struct ThinkQuery {
    position: Position,
    depth: u8,
    eval: EvalKind,
}

impl ThinkQuery {
    /// The traced search `params` ask for in `position`.
    ///
    /// # Errors
    /// A bad depth or evaluation.
    pub fn parse(position: Position, params: &Params) -> Result<ThinkQuery, QueryError> {
        let depth = int_param(params, "depth", 1..=MAX_TREE_DEPTH)?.unwrap_or(2) as u8;
        Ok(ThinkQuery { position, depth, eval: eval_kind(params)? })
    }

    /// Runs the traced search and the technique sets.
    #[must_use]
    pub fn answer(&self) -> ThinkReport {
        think_report(&self.position, self.depth, self.eval)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{json, params};
    use crate::ErrorCode;

    fn think(pairs: &[(&str, &str)]) -> serde_json::Value {
        json(&ThinkQuery::parse(Position::standard(), &params(pairs)).unwrap().answer())
    }

    #[test]
    fn the_trace_and_each_added_technique_are_counted() {
        let r = think(&[("depth", "3")]);
        assert_eq!((r["depth"].as_u64(), r["eval"].as_str()), (Some(3), Some("default")));
        let counts: Vec<(&str, u64)> = r["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["technique"].as_str().unwrap(), c["nodes"].as_u64().unwrap()))
            .collect();
        let names: Vec<&str> = counts.iter().map(|c| c.0).collect();
        assert_eq!(names, ["minimax", "alpha-beta", "+deepening", "+table", "+ordering", "+history"]);
        let position = Position::standard();
        assert_eq!(counts[0].1, 1 + (1..=3).map(|d| ryg::perft(&position, d)).sum::<u64>());
        assert!(counts[1].1 <= counts[0].1, "{counts:?}");
        // deepening searches depths 1 and 2 before 3: more nodes, until the table pays back
        assert!(counts[2].1 > counts[1].1, "{counts:?}");
        let nodes = r["nodes"].as_array().unwrap();
        assert!(!nodes.is_empty() && nodes.len() as u64 <= counts[0].1);
        let steps = r["steps"].as_array().unwrap();
        assert_eq!(steps[0], serde_json::json!({"node": 0, "kind": "enter"}));
        assert!(steps.iter().all(|s| (s["node"].as_u64().unwrap() as usize) < nodes.len()));
        assert!(steps.iter().any(|s| s["kind"] == "cut"), "alpha-beta cuts at depth 3");
        assert!(r["best_move"].is_string() && r["value"].is_string(), "{r}");
    }

    #[test]
    fn the_last_search_leaves_its_tables() {
        let r = think(&[("depth", "4"), ("eval", "classic")]);
        assert_eq!(r["eval"], "classic");
        let table = &r["table"];
        assert!(table["capacity"].as_u64() > Some(0));
        assert!(table["filled"].as_u64() > Some(0) && table["filled"].as_u64() <= table["capacity"].as_u64());
        assert!(
            table["probes"].as_u64() >= table["hits"].as_u64() && table["hits"].as_u64() > Some(0),
            "{table}"
        );
        assert!(table["stores"].as_u64() >= table["filled"].as_u64(), "{table}");
        let history = r["history"].as_array().unwrap();
        assert!(!history.is_empty());
        for cell in history {
            let from: ryg::Square = cell["from"].as_str().unwrap().parse().unwrap();
            let to: ryg::Square = cell["to"].as_str().unwrap().parse().unwrap();
            assert!(from != to && cell["score"].as_u64() > Some(0), "{cell}");
        }
    }

    #[test]
    fn the_depth_is_two_unless_given_from_one_to_four() {
        assert_eq!(think(&[])["depth"], 2);
        for bad in ["0", "5"] {
            let e = ThinkQuery::parse(Position::standard(), &params(&[("depth", bad)])).err().unwrap();
            assert_eq!(e.message, format!("bad depth '{bad}': expected a whole number from 1 to 4"));
        }
        let e = ThinkQuery::parse(Position::standard(), &params(&[("eval", "x")])).err().unwrap();
        assert_eq!(e.code, ErrorCode::BadRequest);
    }
}
