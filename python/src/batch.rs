//! Many positions at once, as NumPy arrays: `ryg.solve_batch` (the oracle over a batch of
//! FENs, positions or observation planes) and `ryg.tablebase_arrays` (every position of a
//! board with its exact result, for supervised learning).

use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyReadonlyArray4, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use ryg::{Position, Side, Size, Square, SquareSet};

use crate::encoding;
use crate::env::side_of;
use crate::player::Seed;
use crate::position::{position_arg, size_of, PyPosition};
use ryg::search::SplitMix64;

/// The position that observation planes (`[mouse, cats, mouse to move]`, N×N each) show.
fn position_of_planes(planes: &[u8], n: u8, item: usize) -> PyResult<Position> {
    let size = size_of(i64::from(n))?;
    let cells = usize::from(n) * usize::from(n);
    let square =
        |cell: usize| Square::from_coords((cell % usize::from(n)) as u8, (cell / usize::from(n)) as u8);
    let bad = |what: String| PyValueError::new_err(format!("planes[{item}]: {what}"));
    let mice: Vec<usize> = (0..cells).filter(|&c| planes[c] != 0).collect();
    let [mouse] = mice[..] else {
        return Err(bad(format!("plane 0 (the mouse) has {} squares set; expected 1", mice.len())));
    };
    let mut cats = SquareSet::EMPTY;
    for cell in (0..cells).filter(|&c| planes[cells + c] != 0) {
        cats.insert(square(cell).ok_or_else(|| bad(format!("cell {cell} is off the board")))?);
    }
    let side = match planes[2 * cells..3 * cells].iter().filter(|&&v| v != 0).count() {
        0 => Side::Cats,
        k if k == cells => Side::Mouse,
        k => {
            return Err(bad(format!(
                "plane 2 (mouse to move) has {k} of {cells} squares set; expected all or none"
            )))
        }
    };
    let mouse = square(mouse).ok_or_else(|| bad(format!("cell {mouse} is off the board")))?;
    Position::from_parts(size, mouse, cats, side).map_err(|err| bad(err.to_string()))
}

/// The positions of a batch: a sequence of `ryg.Position`s or FENs, or a uint8 array of
/// observation planes `(batch, 3, N, N)`.
pub(crate) fn positions_of(batch: &Bound<'_, PyAny>) -> PyResult<Vec<Position>> {
    if let Ok(planes) = batch.extract::<PyReadonlyArray4<'_, u8>>() {
        let shape = planes.shape().to_vec();
        let n = shape[2];
        if shape[1] != 3 || shape[3] != n || n > usize::from(u8::MAX) {
            return Err(PyValueError::new_err(format!(
                "expected planes of shape (batch, 3, N, N); got {shape:?}"
            )));
        }
        let planes = planes.as_array();
        let planes = planes.as_standard_layout();
        let flat = planes.as_slice().expect("a standard-layout array");
        let per = 3 * n * n;
        return (0..shape[0])
            .map(|i| position_of_planes(&flat[i * per..(i + 1) * per], n as u8, i))
            .collect();
    }
    if batch.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyValueError::new_err(
            "solve_batch takes a list of positions, not one FEN string: solve_batch([fen]), or ryg.solve(fen)",
        ));
    }
    if batch.hasattr("ndim")? {
        return Err(PyValueError::new_err(
            "expected a uint8 array of planes (batch, 3, N, N), or a list of FENs or ryg.Positions",
        ));
    }
    batch.try_iter()?.map(|item| position_arg(&item?)).collect()
}

/// The exact results of many positions at once: `{"winner": int8 (0 the mouse, 1 the cats),
/// "plies": int32, "optimal_mask": int8 (batch, 2·N²)}`.
#[pyfunction]
pub fn solve_batch<'py>(py: Python<'py>, positions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let positions = positions_of(positions)?;
    let Some(first) = positions.first() else {
        return Err(PyValueError::new_err("solve_batch needs at least one position"));
    };
    let size = first.size();
    if let Some(other) = positions.iter().find(|p| p.size() != size) {
        return Err(PyValueError::new_err(format!(
            "every position of a batch must be on one board size: {} and {}",
            size,
            other.size()
        )));
    }
    let tablebase = crate::tables::get(py, size);
    let actions = encoding::action_count(size);
    let (winner, plies, optimal) = py.detach(|| {
        let mut winner = Array1::<i8>::zeros(positions.len());
        let mut plies = Array1::<i32>::zeros(positions.len());
        let mut optimal = Array2::<i8>::zeros((positions.len(), actions));
        for (i, position) in positions.iter().enumerate() {
            let exact = tablebase.result(position);
            winner[i] = i8::from(exact.winner == Side::Cats);
            plies[i] = exact.plies as i32;
            for mv in tablebase.best_moves(position) {
                optimal[(i, encoding::action_of(size, mv))] = 1;
            }
        }
        (winner, plies, optimal)
    });
    let dict = PyDict::new(py);
    dict.set_item("winner", winner.into_pyarray(py))?;
    dict.set_item("plies", plies.into_pyarray(py))?;
    dict.set_item("optimal_mask", optimal.into_pyarray(py))?;
    Ok(dict)
}

/// Every position of the `size` board with its exact result, from the oracle's table:
/// `{"mouse": uint8 (M,), "cats": uint8 (M, N/2), "to_move": uint8 (M,), "winner": uint8 (M,),
/// "plies": uint16 (M,)}`, squares as `rank * N + file` (the planes' flat cell), sides as 0
/// the mouse, 1 the cats.
///
/// With `start` and `stop`, only the positions of those index entries (`tablebase_entries`):
/// the 10×10 table, whole about 2 GB of arrays, is exported in such chunks.
#[pyfunction]
#[pyo3(signature = (size, start=None, stop=None))]
pub fn tablebase_arrays<'py>(
    py: Python<'py>,
    size: i64,
    start: Option<usize>,
    stop: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let size: Size = size_of(size)?;
    let whole = start.is_none() && stop.is_none();
    if size.n() > 8 && whole {
        return Err(PyValueError::new_err(format!(
            "the {size} table has about 200 million positions (2 GB as arrays): export it in chunks, tablebase_arrays({n}, start, stop) over range(tablebase_entries({n}))",
            n = size.n()
        )));
    }
    let tablebase = crate::tables::get(py, size);
    let entries = start.unwrap_or(0)..stop.unwrap_or(usize::MAX);
    if entries.start > entries.end {
        return Err(PyValueError::new_err(format!(
            "start ({}) is after stop ({})",
            entries.start, entries.end
        )));
    }
    let n = size.n();
    let cats_per = size.cats();
    let (mouse, cats, to_move, winner, plies) = py.detach(|| {
        let (mut mouse, mut cats, mut to_move, mut winner, mut plies) =
            (vec![], vec![], vec![], vec![], vec![]);
        let cell = |sq: Square| sq.rank() * n + sq.file();
        for (position, exact) in tablebase.positions_in(entries) {
            mouse.push(cell(position.mouse()));
            cats.extend(position.cats().map(cell));
            to_move.push(u8::from(position.side_to_move() == Side::Cats));
            winner.push(u8::from(exact.winner == Side::Cats));
            plies.push(exact.plies as u16);
        }
        (mouse, cats, to_move, winner, plies)
    });
    let count = mouse.len();
    let dict = PyDict::new(py);
    dict.set_item("mouse", mouse.into_pyarray(py))?;
    dict.set_item(
        "cats",
        Array2::from_shape_vec((count, cats_per), cats).expect("N/2 cats each").into_pyarray(py),
    )?;
    dict.set_item("to_move", to_move.into_pyarray(py))?;
    dict.set_item("winner", winner.into_pyarray(py))?;
    dict.set_item("plies", plies.into_pyarray(py))?;
    Ok(dict)
}

/// `count` positions of the `size` board drawn uniformly (with replacement, seeded) among
/// those the filters keep: the game not over, `plies` to the end with perfect play, `winner`
/// with perfect play, `to_move` — start positions for curricula and endgame training.
///
/// Raises ValueError when no position passes the filters.
#[pyfunction]
#[pyo3(signature = (size, count=1, plies=None, winner=None, to_move=None, seed=Seed(0)))]
#[pyo3(text_signature = "(size, count=1, plies=None, winner=None, to_move=None, seed=0)")]
pub fn start_positions(
    py: Python<'_>,
    size: i64,
    count: usize,
    plies: Option<u32>,
    winner: Option<&str>,
    to_move: Option<&str>,
    seed: Seed,
) -> PyResult<Vec<PyPosition>> {
    let size = size_of(size)?;
    let winner = winner.map(side_of).transpose()?;
    let to_move = to_move.map(side_of).transpose()?;
    let tablebase = crate::tables::get(py, size);
    let keep = |position: &Position, exact: &ryg::ExactResult| {
        exact.plies > 0
            && plies.is_none_or(|p| exact.plies == p)
            && winner.is_none_or(|w| exact.winner == w)
            && to_move.is_none_or(|s| position.side_to_move() == s)
            && position.outcome().is_none()
    };
    // Two passes, so that memory is the draws' and not the kept positions' (10×10: up to 200
    // million): count the kept positions, then take the drawn ones.
    let kept = py.detach(|| tablebase.positions().filter(|(p, e)| keep(p, e)).count());
    if kept == 0 {
        let show =
            |name: &str, value: Option<String>| value.map(|v| format!(" {name}={v}")).unwrap_or_default();
        return Err(PyValueError::new_err(format!(
            "no position of the {size} board goes on with{}{}{}",
            show("plies", plies.map(|p| p.to_string())),
            show("winner", winner.map(|w| w.name().to_string())),
            show("to_move", to_move.map(|s| s.name().to_string())),
        )));
    }
    let mut rng = SplitMix64::new(seed.0);
    let draws: Vec<usize> = (0..count).map(|_| rng.below(kept)).collect();
    let mut order: Vec<usize> = (0..count).collect();
    order.sort_unstable_by_key(|&i| draws[i]);
    let drawn = py.detach(|| {
        let mut drawn = vec![None; count];
        let mut next = order.iter().peekable();
        for (k, (position, _)) in tablebase.positions().filter(|(p, e)| keep(p, e)).enumerate() {
            while let Some(&&i) = next.peek().filter(|&&&i| draws[i] == k) {
                drawn[i] = Some(position);
                next.next();
            }
            if next.peek().is_none() {
                break;
            }
        }
        drawn
    });
    Ok(drawn.into_iter().map(|p| PyPosition::narrow(p.expect("every draw is below the count"))).collect())
}

/// The number of index entries of the `size` table: `tablebase_arrays(size, start, stop)`
/// takes ranges of them (not every entry is a position).
#[pyfunction]
pub fn tablebase_entries(py: Python<'_>, size: i64) -> PyResult<usize> {
    Ok(crate::tables::get(py, size_of(size)?).entries())
}
