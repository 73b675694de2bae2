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

use crate::position::{any_position_arg, value_error, Pos};

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

/// The wide player's move on 12×12 or 14×14, as the command line's game chooses it: a search
/// (levels 1–9, the articles' programs) or a random move, or for the levels that play from the
/// tablebase (`perfect`, `err:F`), a lookup in the 12×12 layer files of the cache directory.
fn choose_wide(
    py: Python<'_>,
    player: &mut ryg_wide::Player,
    position: &ryg_wide::Position,
) -> PyResult<String> {
    use ryg_wide::tablebase::ExactSource;
    let level = player.level();
    let files = if level.only_with_tablebase() && player.engine_spec().is_none() {
        let size = position.size();
        Some(crate::layered::default_exact_if_built(size).ok_or_else(|| {
            let build = match ryg_layers::default_cache_dir() {
                Some(dir) if size.n() == 12 => format!(
                    "on 12x12 from the layer files `ryg solve --size 12` writes into ryg's cache directory ('{}'), which has none",
                    dir.display()
                ),
                _ => format!("which ryg has for boards up to 12x12 (12x12 once `ryg solve --size 12` has built it), not {size}"),
            };
            value_error(format!(
                "level {level} plays from the exact tablebase, {build}; levels 1-9 (a search of that many plies) and 'random' play on every board"
            ))
        })?)
    } else {
        None
    };
    let choice = py.detach(|| -> Result<ryg_wide::Choice, String> {
        if let Some(files) = &files {
            // a damaged file is an error here, not a panic in the player
            files.try_move_results(position).map_err(|e| e.to_string())?;
        }
        let source = files.as_deref().map(|f| f as &dyn ExactSource);
        player.choose_from(position, source, &mut ryg_wide::search::NoHandler).map_err(|e| e.to_string())
    });
    Ok(choice.map_err(value_error)?.mv.to_string())
}

/// The two engines' players of one level, depth and seed: the 64-bit engine's for the boards
/// up to 10×10, the wide one's for 12×12 and 14×14 (each with its own random choices).
#[derive(Clone)]
struct Players {
    narrow: ryg::Player,
    wide: ryg_wide::Player,
}

/// A computer player: `Player("3", seed=7).choose(position)` → `"e1f2"`. The same seed
/// replays the same choices; a pickled or copied player goes on with the same choices.
#[pyclass(module = "ryg", name = "Player")]
pub struct PyPlayer {
    /// Behind a mutex only so the class is `Sync`; methods take `&mut self`.
    inner: Mutex<Players>,
}

impl PyPlayer {
    fn players(&mut self) -> &mut Players {
        self.inner.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn player(&mut self) -> &mut ryg::Player {
        &mut self.players().narrow
    }
}

/// The wide engine's player of the same level or engine, depth and seed.
fn wide_player(narrow: &ryg::Player, seed: u64) -> ryg_wide::Player {
    ryg_wide::Player::of(narrow.spec(), seed)
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
        let narrow = ryg::Player::of(spec, seed.0);
        let wide = wide_player(&narrow, seed.0);
        Ok(PyPlayer { inner: Mutex::new(Players { narrow, wide }) })
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
        match any_position_arg(position)? {
            Pos::Narrow(position) => Ok(choose(py, self.player(), &position)?.to_string()),
            Pos::Wide(position) => choose_wide(py, &mut self.players().wide, &position),
        }
    }

    /// The constructor's arguments, for pickle (the generator's state follows).
    fn __getnewargs__(&mut self) -> (String, u64, Option<u8>) {
        (self.level(), 0, self.depth())
    }

    /// The state of the player's random choices (the 64-bit engine's player's, the wide
    /// one's). A searching engine's tables are not kept: its next search after unpickling
    /// starts with empty ones (copies keep them).
    fn __getstate__(&mut self) -> (u64, u64) {
        let players = self.players();
        (players.narrow.rng_state(), players.wide.rng_state())
    }

    /// Takes the pair, or the one int that players pickled before the wide engine's player
    /// (it carries on the 64-bit engine's choices).
    fn __setstate__(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let players = self.players();
        if let Ok((narrow, wide)) = state.extract::<(u64, u64)>() {
            players.narrow.set_rng_state(narrow);
            players.wide.set_rng_state(wide);
        } else {
            players.narrow.set_rng_state(state.extract::<u64>()?);
        }
        Ok(())
    }

    fn __copy__(&mut self) -> PyPlayer {
        PyPlayer { inner: Mutex::new(self.players().clone()) }
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
