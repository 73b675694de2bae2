//! The board as bits, for the Learn section: the bit operations that find a piece's moves, and
//! perft (move sequences counted) depth by depth.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::State;
use axum::Json;
use ryg::{Square, SquareSet};
use serde::Serialize;

use super::analysis::position;
use super::blocking::engine;
use super::client::Client;
use super::extract::{int_param, required, Params};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The deepest perft `/api/perft` counts.
pub const MAX_PERFT_DEPTH: u64 = 12;

/// A square set: its number (hex), its bits (`Square::LIMIT` of them, the highest first) and its
/// squares.
#[derive(Serialize)]
struct SetReport {
    hex: String,
    bits: String,
    squares: Vec<String>,
}

fn set(s: SquareSet) -> SetReport {
    SetReport {
        hex: format!("{:#016x}", s.0),
        bits: format!("{:0width$b}", s.0, width = usize::from(Square::LIMIT)),
        squares: s.map(|sq| sq.to_string()).collect(),
    }
}

#[derive(Serialize)]
pub struct BitsReport {
    fen: String,
    square: String,
    /// The square's bit index on the padded layout.
    index: u8,
    side: &'static str,
    piece: SetReport,
    up: SetReport,
    down: SetReport,
    board: SetReport,
    empty: SetReport,
    targets: SetReport,
}

pub async fn bits(params: Params) -> ApiResult<Json<BitsReport>> {
    let position = position(&params)?;
    let text = required(&params, "square")?;
    let square: Square =
        text.parse().ok().filter(|&sq| position.size().board().contains(sq)).ok_or_else(|| {
            ApiError::bad_request(format!("bad square '{text}': not a dark square of this board"))
        })?;
    let b = position
        .move_bits(square)
        .ok_or_else(|| ApiError::bad_request(format!("no piece on {square}")).with_code("empty_square"))?;
    Ok(Json(BitsReport {
        fen: position.fen(),
        square: square.to_string(),
        index: square.index(),
        side: b.side.name(),
        piece: set(b.piece),
        up: set(b.up),
        down: set(b.down),
        board: set(b.board),
        empty: set(b.empty),
        targets: set(b.targets),
    }))
}

#[derive(Serialize)]
struct PerftDepth {
    depth: u32,
    nodes: u64,
    seconds: f64,
}

#[derive(Serialize)]
pub struct PerftReport {
    fen: String,
    depths: Vec<PerftDepth>,
}

pub async fn perft(
    State(state): State<Arc<AppState>>,
    client: Client,
    params: Params,
) -> ApiResult<Json<PerftReport>> {
    let position = position(&params)?;
    let depth = int_param(&params, "depth", 1..=MAX_PERFT_DEPTH)?.unwrap_or(6) as u32;
    let report = engine(&state, client, move |_| {
        let depths = (1..=depth)
            .map(|d| {
                let started = Instant::now();
                let nodes = ryg::perft(&position, d);
                PerftDepth { depth: d, nodes, seconds: started.elapsed().as_secs_f64() }
            })
            .collect();
        Ok(PerftReport { fen: position.fen(), depths })
    })
    .await?;
    Ok(Json(report))
}
