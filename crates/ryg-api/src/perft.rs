//! `/api/perft`: the number of move sequences of each depth from 1 up (the move generator's
//! check and speed test), timed per depth.

use ryg::Position;
use serde::Serialize;

use crate::params::int_param;
use crate::{Clock, Params, QueryError};

/// The deepest perft `/api/perft` counts.
pub const MAX_PERFT_DEPTH: u64 = 12;

#[derive(Serialize)]
struct PerftDepth {
    depth: u32,
    nodes: u64,
    seconds: f64,
}

/// The counts of each depth.
#[derive(Serialize)]
pub struct PerftReport {
    fen: String,
    depths: Vec<PerftDepth>,
}

/// A count asked for: the position and the deepest depth (6 when absent).
pub struct PerftQuery {
    position: Position,
    depth: u32,
}

impl PerftQuery {
    /// The count `params` ask for in `position`.
    ///
    /// # Errors
    /// A bad depth.
    pub fn parse(position: Position, params: &Params) -> Result<PerftQuery, QueryError> {
        let depth = int_param(params, "depth", 1..=MAX_PERFT_DEPTH)?.unwrap_or(6) as u32;
        Ok(PerftQuery { position, depth })
    }

    /// Counts every depth, timing each with `clock`.
    #[must_use]
    pub fn answer(&self, clock: Clock<'_>) -> PerftReport {
        let depths = (1..=self.depth)
            .map(|d| {
                let started = clock();
                let nodes = ryg::perft(&self.position, d);
                PerftDepth { depth: d, nodes, seconds: clock() - started }
            })
            .collect();
        PerftReport { fen: self.position.fen(), depths }
    }
}
