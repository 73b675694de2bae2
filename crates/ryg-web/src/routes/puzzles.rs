//! Puzzles from perfect play: `GET /api/puzzles?size=N` (the set of a board size, mined once
//! from its tablebase with a fixed seed and kept) and `GET /api/puzzles/daily` (one a day).

use std::sync::{Arc, OnceLock};

use axum::extract::State;
use axum::Json;
use ryg::report::PuzzleReport;
use ryg::Size;
use serde::Serialize;

use super::blocking::engine;
use super::client::Client;
use super::extract::{int_param, Params};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// Puzzles mined per board size.
pub const PER_SIZE: usize = 120;
/// The seed of the served sets (the same puzzles on every server and every start).
pub const SEED: u64 = 2026;
/// The board size of the daily puzzle.
const DAILY_SIZE: u8 = 8;

/// The mined sets of 6×6, 8×8 and 10×10, each mined once.
static SETS: [OnceLock<Arc<Vec<PuzzleReport>>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

#[derive(Serialize)]
pub struct PuzzleSet {
    size: u8,
    seed: u64,
    puzzles: Vec<PuzzleReport>,
}

#[derive(Serialize)]
pub struct Daily {
    /// Days since 1970-01-01 (UTC).
    day: u64,
    /// The day as `2026-11-26`.
    date: String,
    puzzle: PuzzleReport,
}

/// The puzzles of `size` (6, 8 or 10), mined on first use; 503 while the 10×10 table is built.
fn set(state: &Arc<AppState>, size: Size) -> Result<Arc<Vec<PuzzleReport>>, ApiError> {
    let slot = &SETS[usize::from(size.n() / 2 - 3)];
    if let Some(set) = slot.get() {
        return Ok(Arc::clone(set));
    }
    let tb = state.tablebases.get(size)?;
    let mined = ryg::puzzles::mine(&tb, PER_SIZE, SEED).iter().map(PuzzleReport::of).collect();
    Ok(Arc::clone(slot.get_or_init(|| Arc::new(mined))))
}

fn size_param(params: &Params) -> Result<Size, ApiError> {
    let n = int_param(params, "size", 6..=10)?.unwrap_or(8) as u8;
    Size::new(n)
        .filter(|s| s.n() % 2 == 0)
        .ok_or_else(|| ApiError::bad_request(format!("bad size {n}: puzzles are on 6×6, 8×8 and 10×10")))
}

/// `GET /api/puzzles?size=N`: every puzzle of the board size (default 8).
pub async fn puzzles(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<PuzzleSet>> {
    let size = size_param(&params)?;
    let st = Arc::clone(&state);
    let puzzles = engine(&state, client, move |_| set(&st, size)).await?;
    Ok(Json(PuzzleSet { size: size.n(), seed: SEED, puzzles: puzzles.to_vec() }))
}

/// `GET /api/puzzles/daily?day=D`: the puzzle of day `D` (days since 1970-01-01, UTC; default
/// today), an 8×8 one, the same for every visitor.
pub async fn daily(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<Daily>> {
    let today = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
        / 86_400;
    let day = int_param(&params, "day", 0..=1_000_000)?.unwrap_or(today);
    let st = Arc::clone(&state);
    let size = Size::new(DAILY_SIZE).expect("8×8 is a board size");
    let puzzles = engine(&state, client, move |_| set(&st, size)).await?;
    if puzzles.is_empty() {
        return Err(ApiError::not_found("no puzzles"));
    }
    let puzzle = puzzles[ryg::puzzles::daily_index(puzzles.len(), day)].clone();
    let date = crate::store::utc(day * 86_400)[..10].to_string();
    Ok(Json(Daily { day, date, puzzle }))
}
