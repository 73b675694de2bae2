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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{json, params};
    use crate::ErrorCode;

    /// A clock that moves on by a second each time it is read.
    fn ticking() -> impl FnMut() -> f64 {
        let mut now = 10.0;
        move || {
            now += 1.0;
            now
        }
    }

    #[test]
    fn each_depth_is_counted_and_timed() {
        let position = Position::standard();
        let query = PerftQuery::parse(position, &params(&[("depth", "4")])).unwrap();
        let r = json(&query.answer(&mut ticking()));
        assert_eq!(r["fen"], position.fen());
        let depths = r["depths"].as_array().unwrap();
        assert_eq!(depths.len(), 4);
        // the mouse has two moves from e1, each cat two down (the edge cat one): 2, then 2 × 7
        assert_eq!(depths[0]["nodes"], 2);
        assert_eq!(depths[1]["nodes"], 14);
        for (d, depth) in depths.iter().enumerate() {
            assert_eq!(depth["depth"], d + 1);
            assert_eq!(depth["nodes"], ryg::perft(&position, d as u32 + 1));
            // each depth read the clock twice, a second apart
            assert_eq!(depth["seconds"], 1.0, "{depth}");
        }
    }

    #[test]
    fn the_depth_is_six_unless_given_within_its_bounds() {
        let position: Position = "1c1c/4/4/m3 m".parse().unwrap();
        let query = PerftQuery::parse(position, &params(&[])).unwrap();
        assert_eq!(json(&query.answer(&mut || 0.0))["depths"].as_array().unwrap().len(), 6);
        let deepest = MAX_PERFT_DEPTH.to_string();
        let query = PerftQuery::parse(position, &params(&[("depth", &deepest)])).unwrap();
        assert_eq!(json(&query.answer(&mut || 0.0))["depths"].as_array().unwrap().len(), 12);
        for bad in ["0", "13", "x"] {
            let e = PerftQuery::parse(position, &params(&[("depth", bad)])).err().unwrap();
            assert_eq!(e.code, ErrorCode::BadRequest, "{bad}");
        }
    }
}
