//! `ryg.search` and `ryg.search_batch`: ryg's alpha-beta (the engine of levels and analysis)
//! on one position or on many at once, across threads and without the GIL — the search step
//! of an AlphaZero-style loop kept out of Python. Each search starts from cleared tables, so
//! a position's result is the same alone or in any batch.

use numpy::ndarray::Array1;
use numpy::IntoPyArray;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use ryg::search::{
    Limits, NoHandler, SearchConfig, SearchResult, Searcher, TableConfig, TableSize, MAX_DEPTH,
};
use ryg::Position;

use crate::encoding;
use crate::position::{any_position_arg, on_position, position_arg};

/// Transposition-table slots of each searcher: small, since every search clears its table.
const TABLE_SLOTS: usize = 1 << 16;

fn searcher() -> Searcher {
    let table = TableConfig { size: TableSize::Slots(TABLE_SLOTS), cutoffs: true };
    Searcher::new(SearchConfig::default().with_alpha_beta(|ab| ab.table = Some(table)))
}

fn depth_of(depth: i64) -> PyResult<u8> {
    if (1..=i64::from(MAX_DEPTH)).contains(&depth) {
        Ok(depth as u8)
    } else {
        Err(PyValueError::new_err(format!("depth must be from 1 to {MAX_DEPTH} plies; got {depth}")))
    }
}

fn search_one(searcher: &mut Searcher, position: &Position, depth: u8) -> Option<SearchResult> {
    position.outcome().is_none().then(|| searcher.search(position, &Limits::depth(depth), &mut NoHandler))
}

/// The score for the side to move (evaluation units; a proven end is ±30,000 less its plies).
fn score(result: &Option<SearchResult>) -> i32 {
    result.as_ref().map_or(0, |r| i32::from(r.score.value()))
}

/// `ryg.search`'s dict for `$position` in engine `$engine` (`ryg` or `ryg_wide`), whose
/// action encoding is `$enc`.
macro_rules! search_dict {
    ($py:expr, $engine:ident, $enc:ident, $position:expr, $depth:expr) => {{
        use $engine::search::{Limits, NoHandler, SearchConfig, Searcher, TableConfig, TableSize};
        let (py, position, depth) = ($py, $position, $depth);
        let result = py.detach(|| {
            let table = TableConfig { size: TableSize::Slots(TABLE_SLOTS), cutoffs: true };
            let mut searcher =
                Searcher::new(SearchConfig::default().with_alpha_beta(|ab| ab.table = Some(table)));
            position
                .outcome()
                .is_none()
                .then(|| searcher.search(position, &Limits::depth(depth), &mut NoHandler))
        });
        let dict = PyDict::new(py);
        let best = result.as_ref().and_then(|r| r.best_move);
        let proven = result.as_ref().and_then(|r| r.score.exact_result(position.side_to_move()));
        dict.set_item("best_move", best.map(|mv| mv.to_string()))?;
        dict.set_item("best_action", best.map(|mv| $enc::action_of(position.size(), mv)))?;
        dict.set_item("score", result.as_ref().map_or(0, |r| i32::from(r.score.value())))?;
        dict.set_item("winner", proven.map(|e| e.winner.name()))?;
        dict.set_item("plies", proven.map(|e| e.plies))?;
        dict.set_item("nodes", result.as_ref().map_or(0, |r| r.nodes))?;
        dict.set_item(
            "pv",
            result.map(|r| r.pv.iter().map(ToString::to_string).collect::<Vec<_>>()).unwrap_or_default(),
        )?;
        Ok(dict)
    }};
}

/// Searches `position` (a `ryg.Position` or FEN, any size) `depth` plies with ryg's
/// alpha-beta: `{"best_move", "best_action", "score", "winner", "plies", "nodes", "pv"}`
/// (`winner` and `plies` when the search proved the game's end, else None; `best_move` None
/// when the game is over).
#[pyfunction]
#[pyo3(signature = (position, depth=6))]
pub fn search<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    depth: i64,
) -> PyResult<Bound<'py, PyDict>> {
    let position = any_position_arg(position)?;
    let depth = depth_of(depth)?;
    on_position!(&position, |p, engine, enc| search_dict!(py, engine, enc, p, depth))
}

/// `ryg.search` of many positions (a list of `ryg.Position`s or FENs, all of one board size)
/// on up to `threads` threads: `{"best_action": int64 (-1 when the game is over), "score":
/// int32, "nodes": uint64}`, equal position by position to `ryg.search`.
#[pyfunction]
#[pyo3(signature = (positions, depth=6, threads=None))]
pub fn search_batch<'py>(
    py: Python<'py>,
    positions: &Bound<'py, PyAny>,
    depth: i64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    if positions.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyValueError::new_err(
            "search_batch takes a list of positions, not one FEN string: search_batch([fen]), or ryg.search(fen)",
        ));
    }
    let positions = positions.try_iter()?.map(|p| position_arg(&p?)).collect::<PyResult<Vec<Position>>>()?;
    let depth = depth_of(depth)?;
    if let Some(other) = positions.iter().find(|p| p.size() != positions[0].size()) {
        return Err(PyValueError::new_err(format!(
            "every position of a batch must be on one board size: {} and {}",
            positions[0].size(),
            other.size()
        )));
    }
    let threads = threads.unwrap_or(1).clamp(1, positions.len().max(1));
    let per = positions.len().div_ceil(threads).max(1);
    let results: Vec<Option<SearchResult>> = py.detach(|| {
        std::thread::scope(|scope| {
            let handles: Vec<_> = positions
                .chunks(per)
                .map(|chunk| {
                    scope.spawn(move || {
                        let mut searcher = searcher();
                        chunk.iter().map(|p| search_one(&mut searcher, p, depth)).collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().expect("a search thread panicked")).collect()
        })
    });
    let best: Array1<i64> = positions
        .iter()
        .zip(&results)
        .map(|(p, r)| {
            r.as_ref().and_then(|r| r.best_move).map_or(-1, |mv| encoding::action_of(p.size(), mv) as i64)
        })
        .collect();
    let scores: Array1<i32> = results.iter().map(score).collect();
    let nodes: Array1<u64> = results.iter().map(|r| r.as_ref().map_or(0, |r| r.nodes)).collect();
    let dict = PyDict::new(py);
    dict.set_item("best_action", best.into_pyarray(py))?;
    dict.set_item("score", scores.into_pyarray(py))?;
    dict.set_item("nodes", nodes.into_pyarray(py))?;
    Ok(dict)
}
