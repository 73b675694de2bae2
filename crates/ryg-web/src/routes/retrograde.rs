//! How a tablebase is built, for the Learn section: every position of the 4×4 board in the
//! order retrograde analysis solves it, with its exact result.

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use ryg::Size;
use serde::Serialize;

use super::blocking::engine;
use super::client::Client;
use super::extract::{int_param, Params};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// One position as the build solves it.
#[derive(Serialize)]
struct SolvedReport {
    fen: String,
    to_move: &'static str,
    winner: &'static str,
    plies: u32,
    /// The cats' configuration (the build goes through them in increasing order).
    configuration: usize,
    moves: usize,
    /// Moves that keep the result for the side to move.
    keeping: usize,
}

#[derive(Serialize)]
pub struct RetrogradeReport {
    size: u8,
    configurations: usize,
    positions: Vec<SolvedReport>,
}

pub async fn retrograde(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<RetrogradeReport>> {
    // a drawing of every position: the 4×4 board's few hundred only
    let size = int_param(&params, "size", 4..=4)?.unwrap_or(4) as u8;
    let report = engine(&state.clone(), client, move |_| {
        let size = Size::new(size).ok_or_else(|| ApiError::bad_request(format!("bad size {size}")))?;
        let tb = state.tablebases.get(size)?;
        let order = tb.solve_order();
        Ok(RetrogradeReport {
            size: size.n(),
            configurations: order.last().map_or(0, |s| s.configuration + 1),
            positions: order
                .iter()
                .map(|s| SolvedReport {
                    fen: s.position.fen(),
                    to_move: s.position.side_to_move().name(),
                    winner: s.result.winner.name(),
                    plies: s.result.plies,
                    configuration: s.configuration,
                    moves: s.moves,
                    keeping: s.keeping,
                })
                .collect(),
        })
    })
    .await?;
    Ok(Json(report))
}
