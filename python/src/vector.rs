//! The engine of `ryg.envs.VectorEnv`: many games stepped in one call, NumPy arrays in and
//! out, without the GIL (and across threads for large batches when asked). A finished game is
//! reset on its next step (Gymnasium's "next step" autoreset): that step ignores its action
//! and returns the new game's first observation.

use std::sync::Mutex;

use numpy::ndarray::{Array2, Array4};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray4, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use ryg::search::SplitMix64;
use ryg::Size;

use crate::encoding;
use crate::env::{side_of, Game};
use crate::position::size_of;

/// Keeps the random agent's choices apart from the opponents' (seeded `seed + i`).
const RANDOM_AGENT_SALT: u64 = 0x5eed_a6e7_0000_0001;

/// Batches smaller than this per extra thread are stepped on one thread.
const GAMES_PER_THREAD: usize = 256;

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

/// The buffers one call fills, zeroed.
struct Buffers {
    planes: Vec<u8>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    masks: Vec<i8>,
    optimal: Option<Vec<i8>>,
}

/// One thread's share of a call: its games, their actions and flags, and their rows of the
/// buffers.
struct Chunk<'a> {
    games: &'a mut [Game],
    actions: Option<&'a [i64]>,
    finished: &'a mut [bool],
    planes: &'a mut [u8],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    masks: &'a mut [i8],
    optimal: Option<&'a mut [i8]>,
}

impl Chunk<'_> {
    /// Steps (with `actions`) or resets (reseeding game `i` with `seed + first + i` when
    /// given) every game of the chunk, and writes what each one shows.
    fn run(self, reset_seed: Option<(u64, usize)>) {
        let Some(game) = self.games.first() else { return };
        let size = game.position.size();
        let (cells, actions) = (3 * usize::from(size.n()).pow(2), encoding::action_count(size));
        let mut optimal = self.optimal;
        for (i, game) in self.games.iter_mut().enumerate() {
            match self.actions {
                Some(_) if self.finished[i] => {
                    game.reset(None);
                    self.finished[i] = false;
                }
                Some(all) => {
                    let step = game.step(usize::try_from(all[i]).unwrap_or(usize::MAX));
                    self.rewards[i] = step.reward;
                    self.terminated[i] = step.terminated;
                    self.finished[i] = step.terminated;
                }
                None => {
                    game.reset(reset_seed.map(|(seed, first)| seed.wrapping_add((first + i) as u64)));
                    self.finished[i] = false;
                }
            }
            encoding::fill_planes(&game.position, &mut self.planes[i * cells..(i + 1) * cells]);
            game.fill_mask(&mut self.masks[i * actions..(i + 1) * actions]);
            if let Some(optimal) = optimal.as_deref_mut() {
                for a in game.optimal_actions() {
                    optimal[i * actions + a] = 1;
                }
            }
        }
    }
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
    threads: usize,
    /// The generator of [`PyVectorCore::random_actions`].
    rng: SplitMix64,
}

impl PyVectorCore {
    /// Steps every game (`actions`) or resets them all, on up to `self.threads` threads.
    fn run<'py>(&mut self, py: Python<'py>, actions: Option<&[i64]>, reset_seed: Option<u64>) -> Batch<'py> {
        let (n, count) = (usize::from(self.size.n()), self.count);
        let (cells, action_count) = (3 * n * n, encoding::action_count(self.size));
        let mut out = Buffers {
            planes: vec![0; count * cells],
            rewards: vec![0.0; count],
            terminated: vec![false; count],
            masks: vec![0; count * action_count],
            optimal: self.oracle.then(|| vec![0; count * action_count]),
        };
        let threads = self.threads.min(count / GAMES_PER_THREAD).max(1);
        let per = count.div_ceil(threads);
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let finished = &mut self.finished;
        py.detach(|| {
            let mut optimal = out.optimal.as_deref_mut().map(|o| o.chunks_mut(per * action_count));
            let chunks = games
                .chunks_mut(per)
                .zip(finished.chunks_mut(per))
                .zip(out.planes.chunks_mut(per * cells))
                .zip(out.rewards.chunks_mut(per))
                .zip(out.terminated.chunks_mut(per))
                .zip(out.masks.chunks_mut(per * action_count))
                .enumerate()
                .map(|(k, (((((games, finished), planes), rewards), terminated), masks))| {
                    let chunk = Chunk {
                        games,
                        actions: actions.map(|a| &a[k * per..(k * per + per).min(count)]),
                        finished,
                        planes,
                        rewards,
                        terminated,
                        masks,
                        optimal: optimal.as_mut().and_then(Iterator::next),
                    };
                    (chunk, reset_seed.map(|seed| (seed, k * per)))
                });
            std::thread::scope(|scope| {
                let mut chunks = chunks.collect::<Vec<_>>().into_iter();
                let (first, first_seed) = chunks.next().expect("at least one game");
                for (chunk, seed) in chunks {
                    scope.spawn(move || chunk.run(seed));
                }
                first.run(first_seed);
            });
        });
        let planes = Array4::from_shape_vec((count, 3, n, n), out.planes).expect("planes of every game");
        let masks = Array2::from_shape_vec((count, action_count), out.masks).expect("a mask per game");
        let optimal = out.optimal.map(|o| {
            Array2::from_shape_vec((count, action_count), o).expect("a mask per game").into_pyarray(py)
        });
        (
            planes.into_pyarray(py),
            PyArray1::from_vec(py, out.rewards),
            PyArray1::from_vec(py, out.terminated),
            PyArray1::from_vec(py, vec![false; count]),
            masks.into_pyarray(py),
            optimal,
        )
    }
}

#[pymethods]
impl PyVectorCore {
    #[new]
    #[pyo3(signature = (num_envs, size=8, side="mouse", opponent="3", seed=0, oracle=false, threads=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        size: i64,
        side: &str,
        opponent: &str,
        seed: u64,
        oracle: bool,
        threads: Option<usize>,
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
        let threads = threads.unwrap_or(1);
        Ok(PyVectorCore {
            size,
            games: Mutex::new(games),
            count: num_envs,
            finished: vec![false; num_envs],
            oracle,
            threads: threads.max(1),
            rng: SplitMix64::new(seed ^ RANDOM_AGENT_SALT),
        })
    }

    /// Resets every game (game `i` seeded with `seed + i` when a seed is given).
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> Batch<'py> {
        if let Some(seed) = seed {
            self.rng = SplitMix64::new(seed ^ RANDOM_AGENT_SALT);
        }
        self.run(py, None, seed)
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
        Ok(self.run(py, Some(actions), None))
    }

    /// A uniformly random legal action for every game (0 for a game that ends and is reset
    /// on the next step): the random agent, drawn in Rust.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let rng = &mut self.rng;
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let actions = games
            .iter()
            .zip(&self.finished)
            .map(|(game, &done)| {
                let moves = &game.moves;
                if done || moves.is_empty() {
                    return 0;
                }
                encoding::action_of(game.position.size(), moves[rng.below(moves.len())]) as i64
            })
            .collect();
        PyArray1::from_vec(py, actions)
    }

    /// The FEN of game `i`.
    fn fen(&mut self, i: usize) -> PyResult<String> {
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        games.get(i).map(|g| g.position.fen()).ok_or_else(|| PyValueError::new_err("no such game"))
    }
}
