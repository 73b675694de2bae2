//! `/api/retrograde`: how a tablebase is built, for the Learn section — every position of the
//! 4×4 board in the order retrograde analysis solves it, with its exact result.

use ryg::{Size, Tablebase};
use serde::Serialize;

use crate::params::int_param;
use crate::{Params, QueryError};

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

/// The board of `size=`: 4×4 only (a drawing of every position: its few hundred).
///
/// # Errors
/// Any other size.
pub fn size_param(params: &Params) -> Result<Size, QueryError> {
    let n = int_param(params, "size", 4..=4)?.unwrap_or(4) as u8;
    Size::new(n).ok_or_else(|| QueryError::bad_request(format!("bad size {n}")))
}

impl RetrogradeReport {
    /// The build of `tb` in its order.
    #[must_use]
    pub fn of(tb: &Tablebase) -> RetrogradeReport {
        let order = tb.solve_order();
        RetrogradeReport {
            size: tb.size().n(),
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
        }
    }
}
