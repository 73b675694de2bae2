//! `ryg.Player`: a computer player of a level (`"1"`–`"9"`, `"perfect"`, `"random"`,
//! `"err:0.1"`) with its own seeded random choices, or one of the articles' programs at a
//! depth (`Player("ryg3-v10", depth=8)`).

use std::sync::Mutex;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};
use pyo3::Borrowed;
use ryg::search::NoHandler;
use ryg::{Level, PlayerSpec, Position};

use crate::position::{position_arg, value_error};

/// A player of `level`, parsed as the command line parses `--mouse`/`--cats` levels.
pub fn parse_level(level: &str) -> PyResult<Level> {
    level.parse::<Level>().map_err(value_error)
}

/// A level as Python gives it: a name (`"3"`, `"perfect"`) or an int (`3`).
pub struct LevelArg(pub String);

impl<'a, 'py> FromPyObject<'a, 'py> for LevelArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<LevelArg> {
        if obj.is_instance_of::<PyString>() {
            return Ok(LevelArg(obj.extract::<String>()?));
        }
        if obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<pyo3::types::PyBool>() {
            return Ok(LevelArg((*obj).to_string()));
        }
        Err(PyTypeError::new_err(format!(
            "a level is a name such as '3', 'perfect', 'random', 'err:0.1' or an int from 1 to 9; got {}",
            obj.get_type().name()?
        )))
    }
}

/// A seed as Python gives it: any int from 0 to 2**64 - 1 (a `ValueError` outside, not an
/// `OverflowError`).
#[derive(Clone, Copy)]
pub struct Seed(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Seed> {
        if let Ok(seed) = obj.extract::<u64>() {
            return Ok(Seed(seed));
        }
        if obj.is_instance_of::<PyInt>() || obj.hasattr("__index__")? {
            return Err(value_error(format!("seed must be an int from 0 to 2**64 - 1; got {}", *obj)));
        }
        Err(PyTypeError::new_err(format!("seed must be an int; got {}", obj.get_type().name()?)))
    }
}

/// `player`'s move in `position`, with the tablebase of its size when the level reads one.
pub fn choose(py: Python<'_>, player: &mut ryg::Player, position: &Position) -> PyResult<ryg::Move> {
    let tablebase = player.needs_tablebase().then(|| crate::tables::get(py, position.size()));
    let choice = player.choose(position, tablebase.as_deref(), &mut NoHandler).map_err(value_error)?;
    Ok(choice.mv)
}

/// A computer player: `Player("3", seed=7).choose(position)` → `"e1f2"`. The same seed
/// replays the same choices; a pickled or copied player goes on with the same choices.
#[pyclass(module = "ryg", name = "Player")]
pub struct PyPlayer {
    /// Behind a mutex only so the class is `Sync`; methods take `&mut self`.
    inner: Mutex<ryg::Player>,
}

impl PyPlayer {
    fn player(&mut self) -> &mut ryg::Player {
        self.inner.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[pymethods]
impl PyPlayer {
    /// `level` is a level (`"3"`, `"perfect"`) or one of the articles' engines (`"ryg1-v1"`,
    /// `"ryg1"`, `"ryg3-v9"`, `"ryg3-v10"`, `"ryg3-v11"`) searching `depth` plies (its own
    /// default, 3 or 8, when `None`); `depth` with a level is refused.
    #[new]
    #[pyo3(signature = (level=LevelArg("perfect".into()), seed=Seed(0), depth=None))]
    #[pyo3(text_signature = "(level='perfect', seed=0, depth=None)")]
    fn new(level: LevelArg, seed: Seed, depth: Option<i64>) -> PyResult<PyPlayer> {
        let level = level.0.as_str();
        let spec = match (level.parse::<ryg::Engine>(), depth) {
            (Ok(engine), _) if engine.is_original() => {
                PlayerSpec::Engine(ryg::EngineSpec::new(engine, depth).map_err(value_error)?)
            }
            (_, Some(_)) => {
                return Err(value_error(format!(
                    "depth is for the articles' engines (ryg1-v1, ryg1, ryg3-v9, ryg3-v10, ryg3-v11), not level '{level}'"
                )))
            }
            _ => PlayerSpec::Level(parse_level(level)?),
        };
        Ok(PyPlayer { inner: Mutex::new(spec.player(seed.0)) })
    }

    /// The level's name (`"3"`, `"perfect"`, `"random"`, `"err:0.1"`), or the engine's
    /// (`"ryg3-v10"`).
    #[getter]
    fn level(&mut self) -> String {
        match self.player().engine_spec() {
            Some(spec) => spec.engine.to_string(),
            None => self.player().level().to_string(),
        }
    }

    /// The engine's search depth (`None` for a level).
    #[getter]
    fn depth(&mut self) -> Option<u8> {
        self.player().engine_spec().map(|spec| spec.depth)
    }

    /// The player's move (`"e1f2"`) in `position` (a `ryg.Position` or a FEN).
    ///
    /// Raises ValueError when the game is over.
    fn choose(&mut self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<String> {
        let position = position_arg(position)?;
        Ok(choose(py, self.player(), &position)?.to_string())
    }

    /// The constructor's arguments, for pickle (the generator's state follows).
    fn __getnewargs__(&mut self) -> (String, u64, Option<u8>) {
        (self.level(), 0, self.depth())
    }

    /// The state of the player's random choices. A searching engine's tables are not kept:
    /// its next search after unpickling starts with empty ones (copies keep them).
    fn __getstate__(&mut self) -> u64 {
        self.player().rng_state()
    }

    fn __setstate__(&mut self, state: u64) {
        self.player().set_rng_state(state);
    }

    fn __copy__(&mut self) -> PyPlayer {
        PyPlayer { inner: Mutex::new(self.player().clone()) }
    }

    fn __deepcopy__(&mut self, _memo: &Bound<'_, PyAny>) -> PyPlayer {
        self.__copy__()
    }

    fn __repr__(&mut self) -> String {
        match self.player().engine_spec() {
            Some(spec) => format!("ryg.Player('{}', depth={})", spec.engine, spec.depth),
            None => format!("ryg.Player('{}')", self.player().level()),
        }
    }
}
