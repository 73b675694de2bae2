//! `ryg.Position`: a validated position, its moves and outcome, and the dict of a solve report
//! (`ryg.solve` is in `solve.rs`). A position up to 10×10
//! is the 64-bit engine's (`ryg`), a 12×12 or 14×14 one the 128-bit engine's (`ryg-wide`): one
//! Python class, the engine chosen when the position is made.

use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray1, PyArray3};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A position of either engine: up to 10×10 the 64-bit one's, 12×12 and 14×14 the wide one's.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Pos {
    Narrow(ryg::Position),
    /// Boxed, so that the positions of the small boards keep their size.
    Wide(Box<ryg_wide::Position>),
}

/// Runs `$body` with `$p` the position in its engine's type, `$engine` that engine's crate
/// (`ryg` or `ryg_wide`) and `$enc` its action encoding: the same code for both.
macro_rules! on_position {
    ($pos:expr, |$p:ident, $engine:ident, $enc:ident| $body:expr) => {
        match $pos {
            $crate::position::Pos::Narrow($p) => {
                #[allow(unused_imports)]
                use {ryg as $engine, $crate::encoding as $enc};
                $body
            }
            $crate::position::Pos::Wide(wide) => {
                #[allow(unused_imports)]
                use {ryg_wide as $engine, $crate::wide::encoding as $enc};
                let $p: &ryg_wide::Position = wide;
                $body
            }
        }
    };
}
pub(crate) use on_position;

impl Pos {
    /// The position of `wide` in the engine of its size.
    pub fn of_wide(wide: ryg_wide::Position) -> Pos {
        match ryg_wide::narrow::position(&wide) {
            Some(narrow) => Pos::Narrow(narrow),
            None => Pos::Wide(Box::new(wide)),
        }
    }

    /// The same position in the wide engine's types (every size has them).
    pub fn to_wide(&self) -> ryg_wide::Position {
        match self {
            Pos::Narrow(p) => crate::wide::widen(p),
            Pos::Wide(p) => **p,
        }
    }
}

/// A position of El ratón y los gatos: the mouse, the cats and the side to move. Immutable:
/// `play` returns a new position.
#[pyclass(frozen, eq, hash, module = "ryg", name = "Position")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPosition {
    pub inner: Pos,
}

impl PyPosition {
    /// A position of the 64-bit engine (boards up to 10×10).
    pub fn narrow(position: ryg::Position) -> PyPosition {
        PyPosition { inner: Pos::Narrow(position) }
    }
}

/// A `ValueError` carrying `err`'s message.
pub fn value_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// The error of a function that covers the boards up to 10×10 only, given `size`.
pub fn beyond_narrow(size: impl std::fmt::Display) -> PyErr {
    value_error(format!(
        "{size} is beyond this function, which covers the boards up to 10x10 (the 64-bit engine); \
         12x12 and 14x14 positions have ryg.Position, ryg.Player, ryg.solve, ryg.search and ryg.open_tablebase"
    ))
}

/// The board size `n` of the functions that cover the boards up to 10×10 (the environments,
/// the in-memory tablebase), or the command line's error for an unsupported one.
pub fn size_of(n: i64) -> PyResult<ryg::Size> {
    let wide = size_any(n)?;
    ryg_wide::narrow::size(wide).ok_or_else(|| beyond_narrow(wide))
}

/// Any board size `n` (4 to 14), or the command line's error.
pub fn size_any(n: i64) -> PyResult<ryg_wide::Size> {
    u8::try_from(n)
        .ok()
        .and_then(ryg_wide::Size::new)
        .ok_or_else(|| value_error(ryg_wide::SizeError(n.to_string())))
}

/// Reads a FEN as `ryg --fen` does, on any board up to 14×14: the command line's message
/// after `invalid FEN '…': `.
pub fn parse_fen(fen: &str) -> PyResult<Pos> {
    if let Ok(narrow) = fen.parse::<ryg::Position>() {
        return Ok(Pos::Narrow(narrow));
    }
    fen.parse::<ryg_wide::Position>()
        .map(Pos::of_wide)
        .map_err(|err| PyValueError::new_err(format!("invalid FEN '{}': {err}", ryg::echo::echo(fen))))
}

/// [`parse_fen`] for the functions that cover the boards up to 10×10.
pub fn parse_narrow_fen(fen: &str) -> PyResult<ryg::Position> {
    match parse_fen(fen)? {
        Pos::Narrow(position) => Ok(position),
        Pos::Wide(position) => Err(beyond_narrow(position.size())),
    }
}

/// A position given as a `ryg.Position` or a FEN string, of any size.
pub fn any_position_arg(arg: &Bound<'_, PyAny>) -> PyResult<Pos> {
    if let Ok(position) = arg.cast::<PyPosition>() {
        return Ok(position.get().inner.clone());
    }
    match arg.extract::<String>() {
        Ok(fen) => parse_fen(&fen),
        Err(_) => Err(PyTypeError::new_err("expected a ryg.Position or a FEN string")),
    }
}

/// A position given as a `ryg.Position` or a FEN string, for the functions that cover the
/// boards up to 10×10.
pub fn position_arg(arg: &Bound<'_, PyAny>) -> PyResult<ryg::Position> {
    match any_position_arg(arg)? {
        Pos::Narrow(position) => Ok(position),
        Pos::Wide(position) => Err(beyond_narrow(position.size())),
    }
}

/// A move given as a string (`e1f2`) or an action number of the environments' encoding.
macro_rules! move_arg {
    ($engine:ident, $enc:ident, $position:expr, $arg:expr) => {{
        let (position, arg) = ($position, $arg);
        if let Ok(action) = arg.extract::<i64>() {
            let size = position.size();
            usize::try_from(action).ok().and_then(|a| $enc::move_of(size, a)).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "action {action} is not a move on the {size} board (actions 0 to {})",
                    $enc::action_count(size) - 1
                ))
            })
        } else {
            match arg.extract::<String>() {
                Ok(text) => text.parse::<$engine::Move>().map_err(value_error),
                Err(_) => Err(PyTypeError::new_err("expected a move such as 'e1f2' or an action number")),
            }
        }
    }};
}

/// A move of `position` (64-bit engine) given as a string or an action number.
pub fn move_arg(position: &ryg::Position, arg: &Bound<'_, PyAny>) -> PyResult<ryg::Move> {
    use crate::encoding as enc;
    move_arg!(ryg, enc, position, arg)
}

/// `{"winner", "reason"}` of a finished game, or None.
pub fn outcome_dict<'py>(py: Python<'py>, position: &Pos) -> PyResult<Option<Bound<'py, PyDict>>> {
    let outcome = on_position!(position, |p, engine, _enc| engine::report::OutcomeReport::of(p.outcome())
        .map(|o| (o.winner, o.reason)));
    outcome
        .map(|(winner, reason)| {
            let dict = PyDict::new(py);
            dict.set_item("winner", winner)?;
            dict.set_item("reason", reason)?;
            Ok(dict)
        })
        .transpose()
}

#[pymethods]
impl PyPosition {
    /// The position of `fen`, or the start position of `size` (8 when None; 4 to 14) with the
    /// mouse on `mouse` (the rules' default square when None). With a FEN, `size` and `mouse`
    /// may only repeat what the FEN says.
    #[new]
    #[pyo3(signature = (fen=None, size=None, mouse=None))]
    fn new(fen: Option<&str>, size: Option<i64>, mouse: Option<&str>) -> PyResult<PyPosition> {
        let size = size.map(size_any).transpose()?;
        let mouse = mouse.map(|sq| sq.parse::<ryg_wide::Square>().map_err(value_error)).transpose()?;
        let Some(fen) = fen else {
            let start = ryg_wide::Position::start(size.unwrap_or(ryg_wide::Size::STANDARD), mouse)
                .map_err(value_error)?;
            return Ok(PyPosition { inner: Pos::of_wide(start) });
        };
        let inner = parse_fen(fen)?;
        if size.is_none() && mouse.is_none() {
            return Ok(PyPosition { inner });
        }
        let (n, at) = on_position!(&inner, |p, _e, _enc| (p.size().n(), p.mouse().to_string()));
        if let Some(size) = size.filter(|&size| size.n() != n) {
            return Err(value_error(format!(
                "the FEN '{}' is a position of the {n}x{n} board, not of size={}",
                ryg::echo::echo(fen),
                size.n()
            )));
        }
        if let Some(mouse) = mouse.filter(|&mouse| mouse.to_string() != at) {
            return Err(value_error(format!(
                "the FEN '{}' has the mouse on {at}, not mouse='{mouse}'",
                ryg::echo::echo(fen)
            )));
        }
        Ok(PyPosition { inner })
    }

    /// The position in ryg's FEN-like notation.
    #[getter]
    fn fen(&self) -> String {
        on_position!(&self.inner, |p, _e, _enc| p.fen())
    }

    /// The board's side length (4, 6, 8, 10, 12 or 14).
    #[getter]
    fn size(&self) -> u8 {
        on_position!(&self.inner, |p, _e, _enc| p.size().n())
    }

    /// `"mouse"` or `"cats"`.
    #[getter]
    #[allow(clippy::wrong_self_convention)] // the Python attribute's name
    fn to_move(&self) -> &'static str {
        on_position!(&self.inner, |p, _e, _enc| p.side_to_move().name())
    }

    /// The mouse's square (`"e1"`).
    #[getter]
    fn mouse(&self) -> String {
        on_position!(&self.inner, |p, _e, _enc| p.mouse().to_string())
    }

    /// The cats' squares.
    #[getter]
    fn cats(&self) -> Vec<String> {
        on_position!(&self.inner, |p, _e, _enc| p.cats().map(|sq| sq.to_string()).collect())
    }

    /// None while the game goes on, else `{"winner": "mouse"|"cats", "reason": …}`.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        outcome_dict(py, &self.inner)
    }

    /// The legal moves (`["e1d2", "e1f2"]`), in ryg's move order.
    fn legal_moves(&self) -> Vec<String> {
        on_position!(&self.inner, |p, _e, _enc| p.legal_moves().iter().map(ToString::to_string).collect())
    }

    /// The legal moves as actions of the environments' encoding, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        on_position!(&self.inner, |p, _e, enc| {
            let size = p.size();
            let mut actions: Vec<usize> =
                p.legal_moves().iter().map(|&mv| enc::action_of(size, mv)).collect();
            actions.sort_unstable();
            actions
        })
    }

    /// The 0/1 mask of the legal actions (int8, one entry per action).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        on_position!(&self.inner, |p, _e, enc| {
            let mut mask = vec![0; enc::action_count(p.size())];
            enc::fill_mask(p, &mut mask);
            mask.into_pyarray(py)
        })
    }

    /// The observation planes (uint8, `[plane, rank, file]`: mouse, cats, mouse to move);
    /// with `pov`, from the mover's point of view (the mover's pieces, the other side's, mouse
    /// to move).
    #[pyo3(signature = (pov=false))]
    fn planes<'py>(&self, py: Python<'py>, pov: bool) -> Bound<'py, PyArray3<u8>> {
        on_position!(&self.inner, |p, _e, enc| {
            let n = usize::from(p.size().n());
            let mut planes = vec![0; 3 * n * n];
            enc::fill_planes(p, &mut planes, pov);
            Array3::from_shape_vec((3, n, n), planes).expect("3 planes of n x n").into_pyarray(py)
        })
    }

    /// The action number of `move` (a string such as `"e1f2"`).
    fn action(&self, mv: &Bound<'_, PyAny>) -> PyResult<usize> {
        on_position!(&self.inner, |p, engine, enc| {
            let mv = move_arg!(engine, enc, p, mv)?;
            if !p.is_legal(mv) {
                return Err(value_error(p.play(mv).expect_err("an illegal move")));
            }
            Ok(enc::action_of(p.size(), mv))
        })
    }

    /// The move (`"e1f2"`) of action number `action`, legal or not.
    fn move_name(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        on_position!(&self.inner, |p, engine, enc| Ok(move_arg!(engine, enc, p, action)?.to_string()))
    }

    /// The position after `move` (a string such as `"e1f2"`, or an action number).
    ///
    /// Raises ValueError for a malformed or illegal move, with the legal ones in the message.
    fn play(&self, mv: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        match &self.inner {
            Pos::Narrow(p) => Ok(PyPosition::narrow(p.play(move_arg(p, mv)?).map_err(value_error)?)),
            Pos::Wide(p) => {
                use crate::wide::encoding as enc;
                let after = p.play(move_arg!(ryg_wide, enc, &**p, mv)?).map_err(value_error)?;
                Ok(PyPosition { inner: Pos::Wide(Box::new(after)) })
            }
        }
    }

    fn __str__(&self) -> String {
        on_position!(&self.inner, |p, engine, _enc| engine::diagram::render(
            p,
            engine::diagram::BoardStyle::PLAIN
        ))
    }

    fn __repr__(&self) -> String {
        format!("ryg.Position('{}')", self.fen())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().fen(),)))
    }
}

/// A `ryg solve --json` report as Python's dict.
macro_rules! solve_dict {
    ($py:expr, $report:expr) => {{
        let (py, report) = ($py, $report);
        let moves = pyo3::types::PyList::empty(py);
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
    }};
}
pub(crate) use solve_dict;
