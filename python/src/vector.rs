//! The engine of `ryg.envs.VectorEnv`: many games stepped in one call, NumPy arrays in and
//! out, without the GIL. A finished game is reset on its next step (Gymnasium's "next step"
//! autoreset): that step ignores its action and returns the new game's first observation.

use std::sync::Mutex;

use numpy::ndarray::{Array2, Array4};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray4, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use ryg::Size;

use crate::encoding;
use crate::env::{side_of, Game};
use crate::position::size_of;

/// What one call returns: observations, rewards, terminations, truncations, action masks,
/// and the optimal-action masks when asked for.
type Batch<'py> = (
    Bound<'py, PyArray4<u8>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray2<i8>>,
    Option<Bound<'py, PyArray2<i8>>>,
);

/// The buffers one call fills.
struct Buffers {
    planes: Vec<u8>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    masks: Vec<i8>,
    optimal: Option<Vec<i8>>,
}

#[pyclass(module = "ryg._ryg", name = "VectorCore")]
pub struct PyVectorCore {
    size: Size,
    /// Behind a mutex only so the class is `Sync`; stepping takes `&mut self`.
    games: Mutex<Vec<Game>>,
    count: usize,
    /// Games that ended on the last step, to reset on the next one.
    finished: Vec<bool>,
    oracle: bool,
}

impl PyVectorCore {
    fn buffers(&self) -> Buffers {
        let (n, games) = (usize::from(self.size.n()), self.count);
        let actions = encoding::action_count(self.size);
        Buffers {
            planes: vec![0; games * 3 * n * n],
            rewards: vec![0.0; games],
            terminated: vec![false; games],
            masks: vec![0; games * actions],
            optimal: self.oracle.then(|| vec![0; games * actions]),
        }
    }

    fn games(&mut self) -> &mut Vec<Game> {
        self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// Writes game `i`'s observation, mask and optimal actions into `out`.
fn observe(game: &Game, i: usize, out: &mut Buffers) {
    let size = game.position.size();
    let (n, actions) = (usize::from(size.n()), encoding::action_count(size));
    encoding::fill_planes(&game.position, &mut out.planes[i * 3 * n * n..(i + 1) * 3 * n * n]);
    encoding::fill_mask(&game.position, &mut out.masks[i * actions..(i + 1) * actions]);
    if let Some(optimal) = &mut out.optimal {
        let row = &mut optimal[i * actions..(i + 1) * actions];
        row.fill(0);
        for a in game.optimal_actions() {
            row[a] = 1;
        }
    }
}

impl PyVectorCore {
    fn arrays<'py>(&self, py: Python<'py>, out: Buffers) -> Batch<'py> {
        let (n, games) = (usize::from(self.size.n()), self.count);
        let actions = encoding::action_count(self.size);
        let planes = Array4::from_shape_vec((games, 3, n, n), out.planes).expect("planes of every game");
        let masks = Array2::from_shape_vec((games, actions), out.masks).expect("a mask per game");
        let optimal = out
            .optimal
            .map(|o| Array2::from_shape_vec((games, actions), o).expect("a mask per game").into_pyarray(py));
        (
            planes.into_pyarray(py),
            PyArray1::from_vec(py, out.rewards),
            PyArray1::from_vec(py, out.terminated),
            PyArray1::from_vec(py, vec![false; games]),
            masks.into_pyarray(py),
            optimal,
        )
    }
}

#[pymethods]
impl PyVectorCore {
    #[new]
    #[pyo3(signature = (num_envs, size=8, side="mouse", opponent="3", seed=0, oracle=false))]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        size: i64,
        side: &str,
        opponent: &str,
        seed: u64,
        oracle: bool,
    ) -> PyResult<PyVectorCore> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let size = size_of(size)?;
        let agent = side_of(side)?;
        let level = crate::player::parse_level(opponent)?;
        let tablebase = crate::tables::get(py, size);
        let games = (0..num_envs as u64)
            .map(|i| Game::new(size, agent, level, seed.wrapping_add(i), tablebase.clone()))
            .collect();
        Ok(PyVectorCore {
            size,
            games: Mutex::new(games),
            count: num_envs,
            finished: vec![false; num_envs],
            oracle,
        })
    }

    /// Resets every game (game `i` seeded with `seed + i` when a seed is given).
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> Batch<'py> {
        let mut out = self.buffers();
        self.finished.fill(false);
        let games = self.games();
        py.detach(|| {
            for (i, game) in games.iter_mut().enumerate() {
                game.reset(seed.map(|s| s.wrapping_add(i as u64)));
                observe(game, i, &mut out);
            }
        });
        self.arrays(py, out)
    }

    /// Plays one action in every game (an int array of `num_envs` actions).
    fn step<'py>(&mut self, py: Python<'py>, actions: PyReadonlyArray1<'py, i64>) -> PyResult<Batch<'py>> {
        let actions = actions.as_slice().map_err(|e| PyValueError::new_err(e.to_string()))?;
        if actions.len() != self.count {
            return Err(PyValueError::new_err(format!(
                "expected {} actions, one per game; got {}",
                self.count,
                actions.len()
            )));
        }
        let mut out = self.buffers();
        let mut finished = std::mem::take(&mut self.finished);
        let games = self.games();
        py.detach(|| {
            for (i, (game, &action)) in games.iter_mut().zip(actions).enumerate() {
                if finished[i] {
                    game.reset(None);
                    finished[i] = false;
                } else {
                    let step = game.step(usize::try_from(action).unwrap_or(usize::MAX));
                    out.rewards[i] = step.reward;
                    out.terminated[i] = step.terminated;
                    finished[i] = step.terminated;
                }
                observe(game, i, &mut out);
            }
        });
        self.finished = finished;
        Ok(self.arrays(py, out))
    }

    /// The FEN of game `i`.
    fn fen(&mut self, i: usize) -> PyResult<String> {
        self.games().get(i).map(|g| g.position.fen()).ok_or_else(|| PyValueError::new_err("no such game"))
    }
}
