//! Questions about a position: moves, exact results, searches, evaluation, the minimax tree
//! and how alpha-beta prunes it; and the tablebases' state.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use ryg::eval::EvalKind;
use ryg::report::{AnalyzeReport, EvalReport, SolveReport};
use ryg::search::{Iteration, Limits, SearchConfig, SearchHandler, Searcher};
use ryg::{Position, Size};
use ryg_api::think::ThinkQuery;
use ryg_api::tree::{TreeAnswer, TreeQuery};

use super::blocking::engine;
use super::client::Client;
use super::extract::{int_param, required, Params};
use crate::error::{ApiError, ApiResult, ErrorCode};
use crate::state::AppState;
use crate::work::Cancel;

type AppRef = State<Arc<AppState>>;

/// The position of the `fen` parameter on a board up to 10×10 (the default engine's, which
/// the tablebases, searches and lessons use); a 12×12 or 14×14 one is refused with
/// `board_too_big`.
pub(super) fn position(params: &HashMap<String, String>) -> ApiResult<Position> {
    narrow(&wide_position(params)?)
}

/// [`position`], refused when a live game has it (see [`refuse_live`]): the position a route
/// judges, its FEN read once.
pub(super) fn judged_position(state: &AppState, params: &HashMap<String, String>) -> ApiResult<Position> {
    narrow(&judged_wide_position(state, params)?)
}

/// [`wide_position`], refused when a live game has it (see [`refuse_live`]).
fn judged_wide_position(state: &AppState, params: &HashMap<String, String>) -> ApiResult<ryg_wide::Position> {
    let wide = wide_position(params)?;
    refuse_live(state, &wide)?;
    Ok(wide)
}

/// The default engine's copy of `wide`; a 12×12 or 14×14 one is refused with `board_too_big`.
fn narrow(wide: &ryg_wide::Position) -> ApiResult<Position> {
    ryg_wide::narrow::position(wide).ok_or_else(|| ApiError::board_too_big("this", wide.size()))
}

/// The position of the `fen` parameter on any board up to 14×14.
pub(super) fn wide_position(params: &HashMap<String, String>) -> ApiResult<ryg_wide::Position> {
    let fen = required(params, "fen")?;
    fen.parse()
        .map_err(|e| ApiError::bad_request(format!("invalid fen '{fen}': {e}")).with_code(ErrorCode::BadFen))
}

/// Refuses `position` when a game between two people that is being played has it on its board,
/// one move away or just before its last move: 403 `live_game` (see [`crate::live`]).
fn refuse_live(state: &AppState, position: &ryg_wide::Position) -> ApiResult<()> {
    if state.live.closes(position, crate::clock::now_ms()) {
        return Err(ApiError::live_game());
    }
    Ok(())
}

pub(super) fn eval_kind(params: &HashMap<String, String>) -> ApiResult<EvalKind> {
    Ok(ryg_api::params::eval_kind(params)?)
}

/// `GET /api/moves`: on every board up to 14×14 (the page asks it for the moves of a game).
pub async fn moves(params: Params) -> ApiResult<Json<ryg_wide::report::MovesReport>> {
    Ok(Json(ryg_wide::report::MovesReport::of(&wide_position(&params)?)))
}

pub async fn solve(State(state): AppRef, client: Client, params: Params) -> ApiResult<Response> {
    let wide = judged_wide_position(&state, &params)?;
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
    let position = narrow(&wide)?;
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
    let position = judged_position(&state, &params)?;
    let caps = state.work.limits();
    let (max_depth, max_ms) = (caps.analysis_depth, caps.analysis_ms);
    let depth = int_param(&params, "depth", 1..=max_depth)?;
    let movetime = int_param(&params, "movetime", 1..=max_ms)?;
    // Analysis always has a deadline: the heuristic search deepens and reports its
    // iterations (the proving search would report nothing until it finishes).
    let config = SearchConfig { eval: eval_kind(&params)?, ..SearchConfig::default() }.without_proof();
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

pub async fn eval(State(state): AppRef, params: Params) -> ApiResult<Json<EvalReport>> {
    let position = judged_position(&state, &params)?;
    Ok(Json(EvalReport::of(eval_kind(&params)?, &position)))
}

pub async fn tree(State(state): AppRef, client: Client, params: Params) -> ApiResult<Json<TreeAnswer>> {
    let query = TreeQuery::parse(judged_position(&state, &params)?, &params)?;
    let report = engine(&state, client, move |cancel| Ok(query.answer(&mut |_| cancel.is_set())?)).await?;
    Ok(Json(report))
}

pub async fn think(State(state): AppRef, client: Client, params: Params) -> ApiResult<Response> {
    let query = ThinkQuery::parse(judged_position(&state, &params)?, &params)?;
    let report = engine(&state, client, move |_| Ok(query.answer())).await?;
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
    if !state.table_builds && state.tablebases.status(size).state != "ready" {
        return Err(crate::engine::build_refused(size));
    }
    state.tablebases.start(size);
    Ok((StatusCode::ACCEPTED, Json(state.tablebases.status(size))).into_response())
}
