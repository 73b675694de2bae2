//! `ryg._ryg`, the extension module of the Python package `ryg`: positions, the tablebase's
//! exact results, players of every level, and the engines of the RL environments. Each is a
//! thin layer over the `ryg` library; the Python side (python/ryg) adds the Gymnasium,
//! PettingZoo and OpenSpiel classes.

mod batch;
mod batched_search;
mod encoding;
mod env;
mod layered;
mod mcts;
mod player;
mod position;
mod search;
mod seeding;
mod selfplay;
mod solve;
mod tables;
mod vector;
mod wide;

/// The 64-bit engine, whose action encoding is `crate::encoding` (`crate::wide` has the other).
use ryg as engine;

use pyo3::prelude::*;

/// How many actions the environments' encoding has on an N×N board (`2·N²`; 4 to 14).
#[pyfunction]
fn action_count(size: i64) -> PyResult<usize> {
    Ok(wide::encoding::action_count(position::size_any(size)?))
}

#[pymodule]
fn _ryg(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<player::PyPlayer>()?;
    m.add_class::<layered::PyLayeredTablebase>()?;
    m.add_function(wrap_pyfunction!(layered::open_tablebase, m)?)?;
    m.add_class::<env::PyGameEnv>()?;
    m.add_class::<vector::PyVectorCore>()?;
    m.add_class::<selfplay::PySelfPlayCore>()?;
    m.add_class::<batched_search::PyBatchedSearch>()?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(action_count, m)?)?;
    m.add_function(wrap_pyfunction!(seeding::game_seeds, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(batch::tablebase_arrays, m)?)?;
    m.add_function(wrap_pyfunction!(batch::start_positions, m)?)?;
    m.add_function(wrap_pyfunction!(batch::tablebase_entries, m)?)?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_function(wrap_pyfunction!(search::search_batch, m)?)?;
    Ok(())
}
