//! The engine of `ryg.envs.VectorEnv`: many games stepped in one call, NumPy arrays in and
//! out, without the GIL (and across threads for large batches when asked). A finished game is
//! reset on its next step (Gymnasium's "next step" autoreset): that step ignores its action
//! and returns the new game's first observation.

mod external;
mod outputs;

use std::sync::Mutex;

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use ryg::search::SplitMix64;
use ryg::{Position, Size};

use crate::encoding;
use crate::env::{check_start, side_of, Game, Opponent};
use crate::player::Seed;
use crate::position::size_of;
use crate::seeding::{spawn, Stream};
use outputs::{Batch, Chunk, Outputs};

/// Batches smaller than this per extra thread are stepped on one thread.
const GAMES_PER_THREAD: usize = 256;

/// The engine of `ryg.envs.VectorEnv`. It pickles and copies with its state (every game's
/// position and opponent's generator, the random agent's generator); copies share the
/// tablebase, which is read-only, but not the output arrays.
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
    /// The opponent as given (a level, or a callable answering for every game at once), and
    /// whether observations are from the mover's view.
    opponent: Opponent,
    pov: bool,
    out: Outputs,
}

/// A `ValueError` for an output array that cannot be written (a borrow that is still held).
fn not_writable(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("the VectorEnv's output arrays cannot be written: {err}"))
}

impl PyVectorCore {
    /// Steps every game (`actions`) or resets them all, on up to `self.threads` threads,
    /// writing into the output arrays.
    fn run<'py>(
        &mut self,
        py: Python<'py>,
        actions: Option<&[i64]>,
        reset_seed: Option<u64>,
        starts: &[Position],
    ) -> PyResult<Batch<'py>> {
        let (n, count) = (usize::from(self.size.n()), self.count);
        let (cells, action_count) = (3 * n * n, encoding::action_count(self.size));
        let batch = self.out.bind(py);
        let mut planes = batch.0.try_readwrite().map_err(not_writable)?;
        let mut rewards = batch.1.try_readwrite().map_err(not_writable)?;
        let mut terminated = batch.2.try_readwrite().map_err(not_writable)?;
        let mut masks = batch.4.try_readwrite().map_err(not_writable)?;
        let mut optimal = batch.5.as_ref().map(|o| o.try_readwrite()).transpose().map_err(not_writable)?;
        let mut illegal = batch.6.try_readwrite().map_err(not_writable)?;
        let planes = planes.as_slice_mut().map_err(not_writable)?;
        let rewards = rewards.as_slice_mut().map_err(not_writable)?;
        let terminated = terminated.as_slice_mut().map_err(not_writable)?;
        let illegal = illegal.as_slice_mut().map_err(not_writable)?;
        let masks = masks.as_slice_mut().map_err(not_writable)?;
        let optimal = optimal.as_mut().map(|o| o.as_slice_mut()).transpose().map_err(not_writable)?;
        let threads = self.threads.min(count / GAMES_PER_THREAD).max(1);
        let per = count.div_ceil(threads);
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let finished = &mut self.finished;
        let pov = self.pov;
        py.detach(|| {
            let mut optimal = optimal.map(|o| o.chunks_mut(per * action_count));
            let chunks = games
                .chunks_mut(per)
                .zip(finished.chunks_mut(per))
                .zip(planes.chunks_mut(per * cells))
                .zip(rewards.chunks_mut(per))
                .zip(terminated.chunks_mut(per))
                .zip(illegal.chunks_mut(per))
                .zip(masks.chunks_mut(per * action_count))
                .enumerate()
                .map(|(k, ((((((games, finished), planes), rewards), terminated), illegal), masks))| {
                    let chunk = Chunk {
                        games,
                        actions: actions.map(|a| &a[k * per..(k * per + per).min(count)]),
                        finished,
                        planes,
                        rewards,
                        terminated,
                        illegal,
                        masks,
                        optimal: optimal.as_mut().and_then(Iterator::next),
                        starts: match starts.len() {
                            0 | 1 => starts,
                            _ => &starts[k * per..(k * per + per).min(count)],
                        },
                        pov,
                    };
                    (chunk, reset_seed.map(|seed| (seed, k * per)))
                });
            let mut chunks = chunks.collect::<Vec<_>>().into_iter();
            let (first, first_seed) = chunks.next().expect("at least one game");
            if threads == 1 {
                first.run(first_seed);
                return;
            }
            std::thread::scope(|scope| {
                for (chunk, seed) in chunks {
                    scope.spawn(move || chunk.run(seed));
                }
                first.run(first_seed);
            });
        });
        Ok(batch)
    }

    /// `starts` as positions, or a `ValueError` naming the first that cannot start a game
    /// (this board, not over, the agent to move).
    fn checked(&mut self, starts: &[Bound<'_, PyAny>]) -> PyResult<Vec<Position>> {
        let agent = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner)[0].agent;
        let starts = starts.iter().map(crate::position::position_arg).collect::<PyResult<Vec<Position>>>()?;
        for (i, start) in starts.iter().enumerate() {
            check_start(start, self.size, agent).map_err(|err| {
                PyValueError::new_err(if starts.len() > 1 { format!("start {i}: {err}") } else { err })
            })?;
        }
        Ok(starts)
    }

    /// Rewrites the observation and mask rows of the games that `select` picks (it may reset
    /// them first); returns their indices.
    fn rewrite(
        &mut self,
        py: Python<'_>,
        mut select: impl FnMut(&mut Game, &mut bool) -> bool,
    ) -> PyResult<Vec<usize>> {
        let n = usize::from(self.size.n());
        let (cells, action_count) = (3 * n * n, encoding::action_count(self.size));
        let batch = self.out.bind(py);
        let mut planes = batch.0.try_readwrite().map_err(not_writable)?;
        let mut masks = batch.4.try_readwrite().map_err(not_writable)?;
        let mut optimal = batch.5.as_ref().map(|o| o.try_readwrite()).transpose().map_err(not_writable)?;
        let planes = planes.as_slice_mut().map_err(not_writable)?;
        let masks = masks.as_slice_mut().map_err(not_writable)?;
        let mut optimal = optimal.as_mut().map(|o| o.as_slice_mut()).transpose().map_err(not_writable)?;
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut picked = Vec::new();
        for (i, (game, finished)) in games.iter_mut().zip(self.finished.iter_mut()).enumerate() {
            if !select(game, finished) {
                continue;
            }
            picked.push(i);
            let (cells, actions) = (i * cells..(i + 1) * cells, i * action_count..(i + 1) * action_count);
            planes[cells.clone()].fill(0);
            encoding::fill_planes(&game.position, &mut planes[cells], self.pov);
            masks[actions.clone()].fill(0);
            game.fill_mask(&mut masks[actions.clone()]);
            if let Some(optimal) = optimal.as_deref_mut() {
                optimal[actions].fill(0);
                for a in game.optimal_actions() {
                    optimal[i * action_count + a] = 1;
                }
            }
        }
        Ok(picked)
    }

    fn duplicate(&mut self, py: Python<'_>) -> PyVectorCore {
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        let n = usize::from(self.size.n());
        let out = Outputs::new(py, self.count, n, encoding::action_count(self.size), self.oracle);
        let copy = |from: &Bound<'_, PyAny>, to: &Bound<'_, PyAny>| to.set_item(py.Ellipsis(), from);
        let (old, new) = (self.out.bind(py), out.bind(py));
        for (from, to) in [
            (old.0.as_any(), new.0.as_any()),
            (old.1.as_any(), new.1.as_any()),
            (old.2.as_any(), new.2.as_any()),
            (old.4.as_any(), new.4.as_any()),
            (old.6.as_any(), new.6.as_any()),
        ] {
            copy(from, to).expect("arrays of the same shape");
        }
        if let (Some(from), Some(to)) = (&old.5, &new.5) {
            copy(from.as_any(), to.as_any()).expect("arrays of the same shape");
        }
        PyVectorCore {
            size: self.size,
            games: Mutex::new(games),
            count: self.count,
            finished: self.finished.clone(),
            oracle: self.oracle,
            threads: self.threads,
            rng: self.rng,
            opponent: self.opponent.clone_ref(py),
            pov: self.pov,
            out,
        }
    }
}

#[pymethods]
impl PyVectorCore {
    #[new]
    #[pyo3(signature = (num_envs, size=8, side="mouse", opponent=None, seed=Seed(0), oracle=false, threads=None, pov=false))]
    #[pyo3(
        text_signature = "(num_envs, size=8, side='mouse', opponent='3', seed=0, oracle=False, threads=None, pov=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        size: i64,
        side: &str,
        opponent: Option<&Bound<'_, PyAny>>,
        seed: Seed,
        oracle: bool,
        threads: Option<usize>,
        pov: bool,
    ) -> PyResult<PyVectorCore> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let size = size_of(size)?;
        let agent = side_of(side)?;
        let opponent = match opponent {
            Some(opponent) => Opponent::of(opponent)?,
            None => Opponent::Level("3".into()),
        };
        let (level, external) = (opponent.level(), matches!(opponent, Opponent::Callable(_)));
        let seed = seed.0;
        let tablebase = crate::tables::get(py, size);
        let games = (0..num_envs as u64)
            .map(|i| {
                let mut game =
                    Game::new(size, agent, level, spawn(seed, Stream::Opponent, i), tablebase.clone());
                game.set_external(external);
                game
            })
            .collect();
        let n = usize::from(size.n());
        Ok(PyVectorCore {
            size,
            games: Mutex::new(games),
            count: num_envs,
            finished: vec![false; num_envs],
            oracle,
            threads: threads.unwrap_or(1).max(1),
            rng: SplitMix64::new(spawn(seed, Stream::Agent, 0)),
            opponent,
            pov,
            out: Outputs::new(py, num_envs, n, encoding::action_count(size), oracle),
        })
    }

    /// Resets every game (game `i`'s opponent reseeded with its own stream of `seed`, when a
    /// seed is given), from the
    /// start or from `starts`: one position (a `ryg.Position` or FEN, the agent to move) for
    /// every game, or one per game.
    #[pyo3(signature = (seed=None, starts=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<Seed>,
        starts: Option<Vec<Bound<'py, PyAny>>>,
    ) -> PyResult<Batch<'py>> {
        let starts = starts
            .unwrap_or_default()
            .iter()
            .map(crate::position::position_arg)
            .collect::<PyResult<Vec<Position>>>()?;
        if starts.len() > 1 && starts.len() != self.count {
            return Err(PyValueError::new_err(format!(
                "expected one start position for every game or one per game ({}); got {}",
                self.count,
                starts.len()
            )));
        }
        let agent = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner)[0].agent;
        for (i, start) in starts.iter().enumerate() {
            check_start(start, self.size, agent).map_err(|err| {
                PyValueError::new_err(if starts.len() > 1 { format!("game {i}: {err}") } else { err })
            })?;
        }
        if let Some(seed) = seed {
            self.rng = SplitMix64::new(spawn(seed.0, Stream::Agent, 0));
        }
        let batch = self.run(py, None, seed.map(|s| s.0), &starts)?;
        let Opponent::Callable(opponent) = &self.opponent else { return Ok(batch) };
        // the outside opponent's first moves, where it moves first
        let opponent = opponent.clone_ref(py);
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let pending: Vec<usize> =
            (0..self.count).filter(|&i| games[i].position.side_to_move() != games[i].agent).collect();
        if pending.is_empty() {
            return Ok(batch);
        }
        drop(batch);
        self.answer_pending(py, &opponent, &pending)?;
        self.rewrite(py, |_, _| true)?;
        Ok(self.out.bind(py))
    }

    /// Plays one action in every game (an int array of `num_envs` actions). The arrays
    /// returned are the same on every call, overwritten by the next one.
    fn step<'py>(&mut self, py: Python<'py>, actions: PyReadonlyArray1<'py, i64>) -> PyResult<Batch<'py>> {
        let actions = actions.as_slice().map_err(|e| PyValueError::new_err(e.to_string()))?;
        if actions.len() != self.count {
            return Err(PyValueError::new_err(format!(
                "expected {} actions, one per game; got {}",
                self.count,
                actions.len()
            )));
        }
        let action_count = encoding::action_count(self.size);
        if let Some(i) = actions.iter().position(|&a| usize::try_from(a).map_or(true, |a| a >= action_count))
        {
            return Err(PyValueError::new_err(format!(
                "actions[{i}] is {}: outside the action space Discrete({action_count}) of the {} board",
                actions[i], self.size
            )));
        }
        if let Opponent::Callable(opponent) = &self.opponent {
            let opponent = opponent.clone_ref(py);
            return self.step_external(py, &opponent, actions);
        }
        self.run(py, Some(actions), None, &[])
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
                let count = game.moves.len();
                if done || count == 0 {
                    return 0;
                }
                game.action(rng.below(count)) as i64
            })
            .collect();
        PyArray1::from_vec(py, actions)
    }

    /// Resets at once the games that ended on the last step (instead of on the next one),
    /// rewriting their rows of the observations and masks: the "same step" autoreset of the
    /// Stable-Baselines3 adapter, which reads the final observations first. Returns the
    /// indices of the games reset.
    fn reset_finished(&mut self, py: Python<'_>) -> PyResult<Vec<usize>> {
        let reset = self.rewrite(py, |game, finished| {
            let was = std::mem::take(finished);
            if was {
                game.reset(None, None);
            }
            was
        })?;
        if let Opponent::Callable(opponent) = &self.opponent {
            let opponent = opponent.clone_ref(py);
            let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
            let first: Vec<usize> = reset
                .iter()
                .copied()
                .filter(|&i| games[i].position.side_to_move() != games[i].agent)
                .collect();
            if !first.is_empty() {
                self.answer_pending(py, &opponent, &first)?;
                self.rewrite(py, |_, _| true)?;
            }
        }
        Ok(reset)
    }

    /// A `ValueError` unless every one of `starts` can start a game (this board, not over,
    /// the agent to move).
    fn check_starts(&mut self, starts: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        self.checked(&starts).map(drop)
    }

    /// Where games `games[k]` start again after they end: `starts[k]` (kept until set again).
    fn set_restarts(&mut self, games: Vec<usize>, starts: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let starts = self.checked(&starts)?;
        if games.len() != starts.len() || games.iter().any(|&i| i >= self.count) {
            return Err(PyValueError::new_err("set_restarts: one start for each of the games"));
        }
        let all = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        for (&i, start) in games.iter().zip(starts) {
            all[i].set_start(start);
        }
        Ok(())
    }

    /// The FEN of game `i`.
    fn fen(&mut self, i: usize) -> PyResult<String> {
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        games.get(i).map(|g| g.position.fen()).ok_or_else(|| PyValueError::new_err("no such game"))
    }

    /// The constructor's arguments, for pickle (the state follows in `__getstate__`).
    #[allow(clippy::type_complexity)]
    fn __getnewargs__<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(usize, u8, &'static str, Bound<'py, PyAny>, u64, bool, usize, bool)> {
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let agent = games[0].agent.name();
        Ok((
            self.count,
            self.size.n(),
            agent,
            self.opponent.to_object(py)?,
            0,
            self.oracle,
            self.threads,
            self.pov,
        ))
    }

    /// Every game's FEN, opponent's generator state and restart, the games to reset on the
    /// next step, and the random agent's generator state.
    #[allow(clippy::type_complexity)]
    fn __getstate__(&mut self) -> (Vec<String>, Vec<u64>, Vec<bool>, u64, Vec<String>) {
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let fens = games.iter().map(|g| g.position.fen()).collect();
        let rngs = games.iter().map(Game::rng_state).collect();
        let restarts = games.iter().map(|g| g.start().fen()).collect();
        (fens, rngs, self.finished.clone(), self.rng.state(), restarts)
    }

    #[allow(clippy::type_complexity)]
    fn __setstate__(
        &mut self,
        py: Python<'_>,
        state: (Vec<String>, Vec<u64>, Vec<bool>, u64, Vec<String>),
    ) -> PyResult<()> {
        let (fens, rngs, finished, rng, restarts) = state;
        let count = self.count;
        if [fens.len(), rngs.len(), finished.len(), restarts.len()].iter().any(|&n| n != count) {
            return Err(PyValueError::new_err(format!("the state is not of {count} games")));
        }
        let parse = |fens: &[String]| -> PyResult<Vec<Position>> {
            fens.iter().map(|fen| crate::position::parse_narrow_fen(fen)).collect()
        };
        let (positions, restarts) = (parse(&fens)?, parse(&restarts)?);
        if let Some(p) = positions.iter().chain(&restarts).find(|p| p.size() != self.size) {
            return Err(PyValueError::new_err(format!(
                "a position of the state is on the {} board",
                p.size()
            )));
        }
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        for (((game, position), rng_state), restart) in
            games.iter_mut().zip(positions).zip(rngs).zip(restarts)
        {
            game.restore(position, rng_state);
            game.set_start(restart);
        }
        self.finished = finished;
        self.rng = SplitMix64::new(rng);
        // the output arrays show the restored games
        self.rewrite(py, |_, _| true).map(drop)
    }

    fn __copy__(&mut self, py: Python<'_>) -> PyVectorCore {
        self.duplicate(py)
    }

    fn __deepcopy__(&mut self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyVectorCore {
        self.duplicate(py)
    }
}
