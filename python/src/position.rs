//! `ryg.Position`: a validated position, its moves and outcome; `ryg.solve`, the exact result
//! of a position from the tablebase in the shape of `ryg solve --json`.

use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray1, PyArray3};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use ryg::report::{OutcomeReport, SolveReport};
use ryg::{Move, Size, Square};

use crate::encoding;

/// A position of El ratón y los gatos: the mouse, the cats and the side to move. Immutable:
/// `play` returns a new position.
#[pyclass(frozen, eq, hash, module = "ryg", name = "Position")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPosition {
    pub inner: ryg::Position,
}

/// A `ValueError` carrying `err`'s message.
pub fn value_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// The board size `n`, or the command line's error for an unsupported one.
pub fn size_of(n: i64) -> PyResult<Size> {
    u8::try_from(n).ok().and_then(Size::new).ok_or_else(|| value_error(ryg::SizeError(n.to_string())))
}

/// Reads a FEN as `ryg --fen` does: the same message after `invalid FEN '…': `.
pub fn parse_fen(fen: &str) -> PyResult<ryg::Position> {
    fen.parse::<ryg::Position>()
        .map_err(|err| PyValueError::new_err(format!("invalid FEN '{}': {err}", ryg::echo::echo(fen))))
}

/// A position given as a `ryg.Position` or a FEN string.
pub fn position_arg(arg: &Bound<'_, PyAny>) -> PyResult<ryg::Position> {
    if let Ok(position) = arg.cast::<PyPosition>() {
        return Ok(position.get().inner);
    }
    match arg.extract::<String>() {
        Ok(fen) => parse_fen(&fen),
        Err(_) => Err(PyTypeError::new_err("expected a ryg.Position or a FEN string")),
    }
}

/// A move given as a string (`e1f2`) or an action number of the environments' encoding.
pub fn move_arg(position: &ryg::Position, arg: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(action) = arg.extract::<i64>() {
        let size = position.size();
        return usize::try_from(action).ok().and_then(|a| encoding::move_of(size, a)).ok_or_else(|| {
            PyValueError::new_err(format!(
                "action {action} is not a move on the {size} board (actions 0 to {})",
                encoding::action_count(size) - 1
            ))
        });
    }
    match arg.extract::<String>() {
        Ok(text) => text.parse::<Move>().map_err(value_error),
        Err(_) => Err(PyTypeError::new_err("expected a move such as 'e1f2' or an action number")),
    }
}

/// `{"winner", "reason"}` of a finished game, or None.
pub fn outcome_dict<'py>(py: Python<'py>, position: &ryg::Position) -> PyResult<Option<Bound<'py, PyDict>>> {
    OutcomeReport::of(position.outcome())
        .map(|o| {
            let dict = PyDict::new(py);
            dict.set_item("winner", o.winner)?;
            dict.set_item("reason", o.reason)?;
            Ok(dict)
        })
        .transpose()
}

#[pymethods]
impl PyPosition {
    /// The position of `fen`, or the start position of `size` (8 when None) with the mouse on
    /// `mouse` (the rules' default square when None). With a FEN, `size` and `mouse` may only
    /// repeat what the FEN says.
    #[new]
    #[pyo3(signature = (fen=None, size=None, mouse=None))]
    fn new(fen: Option<&str>, size: Option<i64>, mouse: Option<&str>) -> PyResult<PyPosition> {
        let size = size.map(size_of).transpose()?;
        let mouse = mouse.map(|sq| sq.parse::<Square>().map_err(value_error)).transpose()?;
        let Some(fen) = fen else {
            let inner = ryg::Position::start(size.unwrap_or(Size::STANDARD), mouse).map_err(value_error)?;
            return Ok(PyPosition { inner });
        };
        let inner = parse_fen(fen)?;
        if let Some(size) = size.filter(|&size| size != inner.size()) {
            return Err(value_error(format!(
                "the FEN '{}' is a position of the {} board, not of size={}",
                ryg::echo::echo(fen),
                inner.size(),
                size.n()
            )));
        }
        if let Some(mouse) = mouse.filter(|&mouse| mouse != inner.mouse()) {
            return Err(value_error(format!(
                "the FEN '{}' has the mouse on {}, not mouse='{mouse}'",
                ryg::echo::echo(fen),
                inner.mouse()
            )));
        }
        Ok(PyPosition { inner })
    }

    /// The position in ryg's FEN-like notation.
    #[getter]
    fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The board's side length (4, 6, 8 or 10).
    #[getter]
    fn size(&self) -> u8 {
        self.inner.size().n()
    }

    /// `"mouse"` or `"cats"`.
    #[getter]
    #[allow(clippy::wrong_self_convention)] // the Python attribute's name
    fn to_move(&self) -> &'static str {
        self.inner.side_to_move().name()
    }

    /// The mouse's square (`"e1"`).
    #[getter]
    fn mouse(&self) -> String {
        self.inner.mouse().to_string()
    }

    /// The cats' squares.
    #[getter]
    fn cats(&self) -> Vec<String> {
        self.inner.cats().map(|sq| sq.to_string()).collect()
    }

    /// None while the game goes on, else `{"winner": "mouse"|"cats", "reason": …}`.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        outcome_dict(py, &self.inner)
    }

    /// The legal moves (`["e1d2", "e1f2"]`), in ryg's move order.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves().iter().map(Move::to_string).collect()
    }

    /// The legal moves as actions of the environments' encoding, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        let size = self.inner.size();
        let mut actions: Vec<usize> =
            self.inner.legal_moves().iter().map(|&mv| encoding::action_of(size, mv)).collect();
        actions.sort_unstable();
        actions
    }

    /// The 0/1 mask of the legal actions (int8, one entry per action).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut mask = vec![0; encoding::action_count(self.inner.size())];
        encoding::fill_mask(&self.inner, &mut mask);
        mask.into_pyarray(py)
    }

    /// The observation planes (uint8, `[plane, rank, file]`: mouse, cats, mouse to move);
    /// with `pov`, from the mover's point of view (the mover's pieces, the other side's, mouse
    /// to move).
    #[pyo3(signature = (pov=false))]
    fn planes<'py>(&self, py: Python<'py>, pov: bool) -> Bound<'py, PyArray3<u8>> {
        let n = usize::from(self.inner.size().n());
        let mut planes = vec![0; 3 * n * n];
        encoding::fill_planes(&self.inner, &mut planes, pov);
        Array3::from_shape_vec((3, n, n), planes).expect("3 planes of n x n").into_pyarray(py)
    }

    /// The action number of `move` (a string such as `"e1f2"`).
    fn action(&self, mv: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mv = move_arg(&self.inner, mv)?;
        if !self.inner.is_legal(mv) {
            return Err(value_error(self.inner.play(mv).expect_err("an illegal move")));
        }
        Ok(encoding::action_of(self.inner.size(), mv))
    }

    /// The move (`"e1f2"`) of action number `action`, legal or not.
    fn move_name(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(move_arg(&self.inner, action)?.to_string())
    }

    /// The position after `move` (a string such as `"e1f2"`, or an action number).
    ///
    /// Raises ValueError for a malformed or illegal move, with the legal ones in the message.
    fn play(&self, mv: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let mv = move_arg(&self.inner, mv)?;
        let inner = self.inner.play(mv).map_err(value_error)?;
        Ok(PyPosition { inner })
    }

    fn __str__(&self) -> String {
        ryg::diagram::render(&self.inner, ryg::diagram::BoardStyle::PLAIN)
    }

    fn __repr__(&self) -> String {
        format!("ryg.Position('{}')", self.inner.fen())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().inner.fen(),)))
    }
}

/// The exact result of a position (a `ryg.Position` or a FEN): the same dict as `ryg solve
/// --json` (`fen`, `winner`, `plies`, `best_moves`, `moves` with each move's result). The
/// tablebase of the board size is built (or loaded from ryg's cache) on first use.
#[pyfunction]
pub fn solve<'py>(py: Python<'py>, position: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let position = position_arg(position)?;
    let tablebase = crate::tables::get(py, position.size());
    let report = SolveReport::of(&*tablebase, &position).map_err(value_error)?;
    let moves = PyList::empty(py);
    for m in &report.moves {
        let entry = PyDict::new(py);
        entry.set_item("move", &m.mv)?;
        entry.set_item("winner", m.winner)?;
        entry.set_item("plies", m.plies)?;
        moves.append(entry)?;
    }
    let dict = PyDict::new(py);
    dict.set_item("fen", report.fen)?;
    dict.set_item("winner", report.winner)?;
    dict.set_item("plies", report.plies)?;
    dict.set_item("best_moves", report.best_moves)?;
    dict.set_item("moves", moves)?;
    Ok(dict)
}
