//! `ryg.solve`: the exact result of a position from the tablebase, in the shape of `ryg solve
//! --json` — the built tablebase up to 10×10, the layer files on 12×12 and 14×14.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::position::{any_position_arg, solve_dict, value_error, Pos};

/// The exact result of a position (a `ryg.Position` or a FEN): the same dict as `ryg solve
/// --json` (`fen`, `winner`, `plies`, `best_moves`, `moves` with each move's result). Up to
/// 10×10 the tablebase of the board size is built (or loaded from ryg's cache) on first use;
/// 12×12 reads the layer files `ryg solve --size 12` wrote in ryg's cache directory.
#[pyfunction]
pub fn solve<'py>(py: Python<'py>, position: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    match any_position_arg(position)? {
        Pos::Narrow(position) => {
            let tablebase = crate::tables::get(py, position.size());
            let report = ryg::report::SolveReport::of(&*tablebase, &position).map_err(value_error)?;
            solve_dict!(py, report)
        }
        Pos::Wide(position) => {
            let files = crate::layered::default_exact(position.size())?;
            let report =
                py.detach(|| ryg_wide::report::SolveReport::of(&*files, &position)).map_err(value_error)?;
            solve_dict!(py, report)
        }
    }
}
