//! Puzzles from perfect play: `GET /api/puzzles?size=N` (the set of a board size, mined once
//! from its tablebase with a fixed seed and kept) and `GET /api/puzzles/daily` (one a day).
//! The answers are `ryg_api::puzzles`', as the WebAssembly build's.

use std::sync::{Arc, OnceLock};

use axum::extract::State;
use axum::Json;
use ryg::report::PuzzleReport;
use ryg::Size;
use ryg_api::puzzles::{Daily, PuzzleSet, DAILY_SIZE};

use super::blocking::engine;
use super::client::Client;
use super::extract::Params;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// Each size's set (6×6, 8×8, 10×10), mined on first use.
static SETS: [OnceLock<Arc<Vec<PuzzleReport>>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

fn set(state: &Arc<AppState>, size: Size) -> Result<Arc<Vec<PuzzleReport>>, ApiError> {
    let slot = &SETS[usize::from(size.n() / 2 - 3)];
    if let Some(set) = slot.get() {
        return Ok(Arc::clone(set));
    }
    let tb = state.tablebases.get(size)?;
    let mined = ryg_api::puzzles::mine(&tb);
    Ok(Arc::clone(slot.get_or_init(|| Arc::new(mined))))
}

pub async fn puzzles(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<PuzzleSet>> {
    let size = ryg_api::puzzles::size_param(&params)?;
    let st = Arc::clone(&state);
    let puzzles = engine(&state, client, move |_| set(&st, size)).await?;
    Ok(Json(ryg_api::puzzles::set(size, &puzzles)))
}

pub async fn daily(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<Daily>> {
    let today = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
        / 86_400;
    let day = ryg_api::puzzles::day_param(&params, today)?;
    let st = Arc::clone(&state);
    let size = Size::new(DAILY_SIZE).expect("8×8 is a board size");
    let puzzles = engine(&state, client, move |_| set(&st, size)).await?;
    Ok(Json(ryg_api::puzzles::daily(&puzzles, day)?))
}
