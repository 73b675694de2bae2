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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{json, params, table};

    #[test]
    fn only_the_four_by_four_board_is_drawn() {
        assert_eq!(size_param(&params(&[])).map(Size::n), Ok(4));
        assert_eq!(size_param(&params(&[("size", "4")])).map(Size::n), Ok(4));
        for bad in ["6", "8", "3", "x"] {
            assert!(size_param(&params(&[("size", bad)])).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_position_comes_in_the_order_its_configuration_is_solved() {
        let tb = table(4);
        let r = json(&RetrogradeReport::of(tb));
        assert_eq!(r["size"], 4);
        let positions = r["positions"].as_array().unwrap();
        let configurations: Vec<u64> =
            positions.iter().map(|p| p["configuration"].as_u64().unwrap()).collect();
        assert!(configurations.is_sorted());
        // two cats on the board's eight dark squares: 28 configurations, each with positions
        assert_eq!(r["configurations"], 28);
        assert_eq!(configurations.first(), Some(&0));
        assert_eq!(configurations.last(), Some(&27));
        assert!(configurations.windows(2).all(|w| w[1] - w[0] <= 1));
        for p in positions {
            let position: ryg::Position = p["fen"].as_str().unwrap().parse().unwrap();
            let result = tb.result(&position);
            assert_eq!(p["to_move"], position.side_to_move().name());
            assert_eq!(
                (p["winner"].as_str(), p["plies"].as_u64()),
                (Some(result.winner.name()), Some(u64::from(result.plies)))
            );
            assert_eq!(p["moves"], position.count_moves());
            assert!(p["keeping"].as_u64() <= p["moves"].as_u64());
        }
    }
}
