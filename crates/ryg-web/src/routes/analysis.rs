//! Questions about a position: moves, exact results, searches, evaluation, the minimax tree
//! and how alpha-beta prunes it; and the tablebases' state.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use ryg::eval::{EvalKind, Weights};
use ryg::report::{AnalyzeReport, EvalReport, SolveReport, TreeReport};
use ryg::search::{Iteration, Limits, SearchConfig, SearchHandler, Searcher, Step, Trace, Tree, TreeRules};
use ryg::{Position, Size};
use serde::Serialize;

use super::blocking::engine;
use super::client::Client;
use super::extract::{int_param, required, Params};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::work::Cancel;

type AppRef = State<Arc<AppState>>;

/// The deepest tree `/api/tree` and `/api/think` draw.
pub const MAX_TREE_DEPTH: u64 = 4;
/// The largest tree `/api/tree` builds.
pub const MAX_TREE_NODES: u64 = 100_000;

/// The position of the `fen` parameter on a board up to 10×10 (the default engine's, which
/// the tablebases, searches and lessons use); a 12×12 or 14×14 one is refused with
/// `board_too_big`.
pub(super) fn position(params: &HashMap<String, String>) -> ApiResult<Position> {
    if let Ok(position) = required(params, "fen")?.parse() {
        return Ok(position);
    }
    // not a position of the default engine: the wide one says why (a bad FEN), or reads it
    let wide = wide_position(params)?;
    Err(ApiError::board_too_big("this", wide.size()))
}

/// The position of the `fen` parameter on any board up to 14×14.
pub(super) fn wide_position(params: &HashMap<String, String>) -> ApiResult<ryg_wide::Position> {
    let fen = required(params, "fen")?;
    fen.parse().map_err(|e| ApiError::bad_request(format!("invalid fen '{fen}': {e}")).with_code("bad_fen"))
}

pub(super) fn eval_kind(params: &HashMap<String, String>) -> ApiResult<EvalKind> {
    params
        .get("eval")
        .map_or(Ok(EvalKind::Default), |e| e.parse().map_err(|e| ApiError::bad_request(format!("{e}"))))
}

/// The evaluation and tree rules of `engine=` (one of the articles' programs builds its tree
/// with its evaluation, move order and game-end scores), else `eval=` under ryg's rules.
fn tree_rules(params: &HashMap<String, String>) -> ApiResult<(Weights, TreeRules)> {
    let Some(name) = params.get("engine") else {
        return Ok((Weights::of(eval_kind(params)?), TreeRules::default()));
    };
    if params.contains_key("eval") {
        return Err(ApiError::bad_request("give \"engine\" or \"eval\", not both"));
    }
    let c = name.parse::<ryg::Engine>().map_err(|e| ApiError::bad_request(e.to_string()))?.config();
    Ok((Weights::of(c.eval), TreeRules::of(&c)))
}

/// `GET /api/moves`: on every board up to 14×14 (the page asks it for the moves of a game).
pub async fn moves(params: Params) -> ApiResult<Json<ryg_wide::report::MovesReport>> {
    Ok(Json(ryg_wide::report::MovesReport::of(&wide_position(&params)?)))
}

pub async fn solve(State(state): AppRef, client: Client, params: Params) -> ApiResult<Response> {
    let wide = wide_position(&params)?;
    let st = Arc::clone(&state);
    if ryg_wide::narrow::size(wide.size()).is_none() || state.tablebases.on_disk(wide.size()).is_some() {
        // a table read from files (12x12): a lookup per move
        let report = engine(&state, client, move |_| {
            let source = st.tablebases.files(wide.size(), "the exact result")?;
            ryg_wide::report::SolveReport::of(&*source, &wide).map_err(|e| ApiError::internal(e.to_string()))
        })
        .await?;
        return Ok(Json(report).into_response());
    }
    let position = position(&params)?;
    let report = engine(&state, client, move |_| {
        let tb = st.tablebases.get(position.size())?;
        SolveReport::of(&*tb, &position).map_err(|e| ApiError::internal(e.to_string()))
    })
    .await?;
    Ok(Json(report).into_response())
}

/// Stops at a deadline or when the client went away, and notes when each iteration ends.
struct Clock {
    started: Instant,
    deadline: Duration,
    seconds: Vec<f64>,
    cancel: Cancel,
}

impl SearchHandler for Clock {
    fn should_stop(&mut self, nodes: u64) -> bool {
        nodes & 1023 == 0 && (self.started.elapsed() >= self.deadline || self.cancel.is_set())
    }

    fn on_iteration(&mut self, _: &Iteration) {
        self.seconds.push(self.started.elapsed().as_secs_f64());
    }
}

pub async fn analyze(State(state): AppRef, client: Client, params: Params) -> ApiResult<Json<AnalyzeReport>> {
    let position = position(&params)?;
    let caps = state.work.limits();
    let (max_depth, max_ms) = (caps.analysis_depth, caps.analysis_ms);
    let depth = int_param(&params, "depth", 1..=max_depth)?;
    let movetime = int_param(&params, "movetime", 1..=max_ms)?;
    // Analysis always has a deadline: the heuristic search deepens and reports its
    // iterations (the proving search would report nothing until it finishes).
    let config = SearchConfig { eval: eval_kind(&params)?, prove: false, ..SearchConfig::default() };
    let report = engine(&state, client, move |cancel| {
        let limits = Limits { depth: depth.map(|d| d as u8), nodes: None };
        let deadline = match (depth, movetime) {
            (_, Some(ms)) => ms,
            (Some(_), None) => max_ms,
            (None, None) => 1_000.min(max_ms),
        };
        let mut clock = Clock {
            started: Instant::now(),
            deadline: Duration::from_millis(deadline),
            seconds: Vec::new(),
            cancel: cancel.clone(),
        };
        let result = Searcher::new(config).search(&position, &limits, &mut clock);
        let seconds = clock.started.elapsed().as_secs_f64();
        Ok(AnalyzeReport::of(&position, &result, &clock.seconds, seconds))
    })
    .await?;
    Ok(Json(report))
}

pub async fn eval(params: Params) -> ApiResult<Json<EvalReport>> {
    Ok(Json(EvalReport::of(eval_kind(&params)?, &position(&params)?)))
}

fn tree_depth(params: &HashMap<String, String>) -> ApiResult<u8> {
    Ok(int_param(params, "depth", 0..=MAX_TREE_DEPTH)?.unwrap_or(2) as u8)
}

/// One step of a search's replay: the node (its `id`) and what happens there
/// (`enter`, `leaf`, `backup`, `cut`).
#[derive(Serialize)]
struct StepReport {
    node: usize,
    kind: &'static str,
}

fn step_reports(steps: Vec<Step>) -> Vec<StepReport> {
    steps.into_iter().map(|s| StepReport { node: s.node, kind: s.kind.name() }).collect()
}

/// `ryg tree --format json`'s report plus the order minimax visits it in.
#[derive(Serialize)]
pub struct TreeAnswer {
    #[serde(flatten)]
    report: TreeReport,
    steps: Vec<StepReport>,
}

pub async fn tree(State(state): AppRef, client: Client, params: Params) -> ApiResult<Json<TreeAnswer>> {
    let position = position(&params)?;
    let depth = tree_depth(&params)?;
    let (weights, rules) = tree_rules(&params)?;
    let report = engine(&state, client, move |cancel| {
        let tree = Tree::build_with(&position, depth, weights, rules, &mut |n| {
            n >= MAX_TREE_NODES || cancel.is_set()
        })
        .ok_or_else(|| {
            ApiError::bad_request(format!("the tree of depth {depth} has more than {MAX_TREE_NODES} nodes"))
        })?;
        Ok(TreeAnswer { report: TreeReport::of(&tree, &position), steps: step_reports(tree.steps()) })
    })
    .await?;
    Ok(Json(report))
}

/// One node of the traced alpha-beta search (the tree's node shape, plus `cut`).
#[derive(Serialize)]
struct ThinkNode {
    id: usize,
    parent: Option<usize>,
    #[serde(rename = "move")]
    mv: Option<String>,
    ply: u16,
    fen: String,
    to_move: &'static str,
    eval: Option<String>,
    /// `None` for a pruned node, never searched.
    value: Option<String>,
    best: bool,
    /// Whether a cut-off skipped this branch.
    cut: bool,
    /// Whether it was searched without children (a leaf at the depth, or a game end).
    leaf: bool,
    /// The alpha-beta window the node was searched with, for the mouse (`-inf`/`+inf` open).
    window: [String; 2],
}

/// A window bound for display: an open end is `-inf` or `+inf`.
fn bound(score: ryg::Score) -> String {
    if score >= ryg::Score::INFINITY {
        "+inf".to_string()
    } else if score <= -ryg::Score::INFINITY {
        "-inf".to_string()
    } else {
        score.to_string()
    }
}

#[derive(Serialize)]
struct TechniqueCount {
    technique: &'static str,
    nodes: u64,
}

/// One cell of the history table a search left (the think panel and the techniques lesson).
#[derive(Serialize)]
pub(super) struct HistoryCell {
    from: String,
    to: String,
    score: u32,
}

impl HistoryCell {
    /// Every cell of the history table `searcher` left.
    pub(super) fn all(searcher: &Searcher) -> Vec<HistoryCell> {
        searcher
            .history()
            .cells()
            .map(|(from, to, score)| HistoryCell { from: from.to_string(), to: to.to_string(), score })
            .collect()
    }
}

/// The transposition table a search left: its fill and traffic.
#[derive(Serialize)]
pub(super) struct TableReport {
    capacity: usize,
    filled: usize,
    probes: u64,
    hits: u64,
    stores: u64,
    overwrites: u64,
}

impl TableReport {
    /// The table of `searcher`.
    pub(super) fn of(searcher: &Searcher) -> TableReport {
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
struct ThinkReport {
    fen: String,
    depth: u8,
    eval: String,
    best_move: Option<String>,
    value: Option<String>,
    nodes: Vec<ThinkNode>,
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
    let plain = SearchConfig { tt_megabytes: 1, ..SearchConfig::plain(eval) };
    let deepening = SearchConfig { iterative_deepening: true, ..plain };
    let table = SearchConfig { tt: true, ..deepening };
    let ordering = SearchConfig { ordering: true, ..table };
    let history = SearchConfig { history: true, ..ordering };
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
    let line = trace.line_marks();
    let nodes = trace
        .nodes
        .iter()
        .enumerate()
        .map(|(id, n)| ThinkNode {
            id,
            parent: n.parent,
            mv: n.mv.map(|m| m.to_string()),
            ply: n.ply,
            fen: n.position.fen(),
            to_move: n.position.side_to_move().name(),
            eval: n.eval.map(|e| n.for_mouse(e).to_string()),
            value: n.value.map(|v| n.for_mouse(v).to_string()),
            best: line[id],
            cut: n.pruned,
            leaf: n.children.is_empty() && !n.pruned,
            window: {
                let (alpha, beta) = n.window;
                match n.position.side_to_move() {
                    ryg::Side::Mouse => [bound(alpha), bound(beta)],
                    ryg::Side::Cats => [bound(-beta), bound(-alpha)],
                }
            },
        })
        .collect();
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

pub async fn think(State(state): AppRef, client: Client, params: Params) -> ApiResult<Response> {
    let position = position(&params)?;
    let depth = int_param(&params, "depth", 1..=MAX_TREE_DEPTH)?.unwrap_or(2) as u8;
    let eval = eval_kind(&params)?;
    let report = engine(&state, client, move |_| Ok(think_report(&position, depth, eval))).await?;
    Ok(Json(report).into_response())
}

fn size_param(text: &str) -> ApiResult<Size> {
    text.parse::<Size>().map_err(|e| ApiError::bad_request(e.to_string()))
}

pub async fn tablebases(State(state): AppRef) -> Json<serde_json::Value> {
    let mut list: Vec<_> = Size::ALL.iter().map(|&s| state.tablebases.status(s)).collect();
    for n in crate::engine::FROM_FILES {
        list.push(state.tablebases.file_status(ryg_wide::Size::new(n).expect("a board size")));
    }
    Json(serde_json::json!({ "tablebases": list }))
}

pub async fn build_tablebase(State(state): AppRef, Path(size): Path<String>) -> ApiResult<Response> {
    if let Ok(wide) = size.parse::<ryg_wide::Size>() {
        if crate::engine::FROM_FILES.contains(&wide.n()) {
            // read from files the server does not write: built by `ryg solve`
            let status = state.tablebases.file_status(wide);
            if status.state == "ready" {
                return Ok((StatusCode::OK, Json(status)).into_response());
            }
            return Err(ApiError::tablebase_absent("the exact result", wide));
        }
    }
    let size = size_param(&size)?;
    state.tablebases.start(size);
    Ok((StatusCode::ACCEPTED, Json(state.tablebases.status(size))).into_response())
}
