//! The engine of `ryg.envs.SelfPlayVectorEnv`: many two-player games stepped in one call,
//! both sides' actions given by the caller (self-play: one network plays both), NumPy arrays
//! in and out, without the GIL. Observations are from the side to move's point of view by
//! default; with the oracle, every game's exact result and optimal actions come with it. A
//! finished game is reset on its next step (Gymnasium's "next step" autoreset).

use std::sync::Arc;

use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use ryg::search::SplitMix64;
use ryg::{MoveList, Position, Side, Size, Tablebase};

use crate::encoding;
use crate::player::Seed;
use crate::position::{position_arg, size_of};
use crate::seeding::{spawn, Stream};

/// Batches smaller than this per extra thread are stepped on one thread.
const GAMES_PER_THREAD: usize = 4096;

/// One game: its position, legal moves and their actions.
#[derive(Clone)]
struct Board {
    position: Position,
    moves: MoveList,
    actions: [u16; ryg::MAX_MOVES],
}

impl Board {
    fn new(position: Position) -> Board {
        let mut board = Board { position, moves: position.legal_moves(), actions: [0; ryg::MAX_MOVES] };
        board.update_moves();
        board
    }

    fn set(&mut self, position: Position) {
        self.position = position;
        self.update_moves();
    }

    #[inline]
    fn update_moves(&mut self) {
        crate::env::legal_actions(&self.position, &mut self.moves, &mut self.actions);
    }

    #[inline]
    fn legal_actions(&self) -> &[u16] {
        &self.actions[..self.moves.len()]
    }
}

/// What every call returns: observations, the side to move (0 the mouse, 1 the cats),
/// rewards `(B, 2)` for `[mouse, cats]`, terminations, illegal actions, legal masks, and with
/// the oracle the optimal masks, exact winners and plies.
type Batch<'py> = (
    Bound<'py, PyArray4<u8>>,
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray2<i8>>,
    Option<(Bound<'py, PyArray2<i8>>, Bound<'py, PyArray1<i8>>, Bound<'py, PyArray1<i32>>)>,
);

/// The arrays every call writes into and returns (allocated once).
struct Outputs {
    planes: Py<PyArray4<u8>>,
    to_move: Py<PyArray1<i8>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    illegal: Py<PyArray1<bool>>,
    masks: Py<PyArray2<i8>>,
    oracle: Option<OracleArrays>,
}

/// The oracle's arrays: optimal masks, exact winners, exact plies.
type OracleArrays = (Py<PyArray2<i8>>, Py<PyArray1<i8>>, Py<PyArray1<i32>>);

impl Outputs {
    fn new(py: Python<'_>, count: usize, n: usize, actions: usize, oracle: bool) -> Outputs {
        Outputs {
            planes: PyArray4::zeros(py, [count, 3, n, n], false).unbind(),
            to_move: PyArray1::zeros(py, count, false).unbind(),
            rewards: PyArray2::zeros(py, [count, 2], false).unbind(),
            terminated: PyArray1::from_vec(py, vec![false; count]).unbind(),
            illegal: PyArray1::from_vec(py, vec![false; count]).unbind(),
            masks: PyArray2::zeros(py, [count, actions], false).unbind(),
            oracle: oracle.then(|| {
                (
                    PyArray2::zeros(py, [count, actions], false).unbind(),
                    PyArray1::zeros(py, count, false).unbind(),
                    PyArray1::zeros(py, count, false).unbind(),
                )
            }),
        }
    }

    fn bind<'py>(&self, py: Python<'py>) -> Batch<'py> {
        (
            self.planes.bind(py).clone(),
            self.to_move.bind(py).clone(),
            self.rewards.bind(py).clone(),
            self.terminated.bind(py).clone(),
            self.illegal.bind(py).clone(),
            self.masks.bind(py).clone(),
            self.oracle
                .as_ref()
                .map(|(o, w, p)| (o.bind(py).clone(), w.bind(py).clone(), p.bind(py).clone())),
        )
    }
}

/// One thread's share of a call: its games and their rows of the outputs.
struct Rows<'a> {
    boards: &'a mut [Board],
    finished: &'a mut [bool],
    actions: Option<&'a [i64]>,
    /// The positions a reset starts from (one for all, or one per game).
    starts: &'a [Position],
    /// Where each game starts again after it ends (autoreset).
    restarts: &'a [Position],
    planes: &'a mut [u8],
    to_move: &'a mut [i8],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    illegal: &'a mut [bool],
    masks: &'a mut [i8],
    oracle: Option<(&'a mut [i8], &'a mut [i8], &'a mut [i32])>,
}

impl Rows<'_> {
    /// Steps (with actions) or resets every game of the rows, and writes what each shows.
    fn run(self, start: Position, pov: bool, tablebase: Option<&Tablebase>) {
        let size = start.size();
        let restarts = self.restarts;
        let (cells, action_count) = (3 * usize::from(size.n()).pow(2), encoding::action_count(size));
        self.rewards.fill(0.0);
        self.terminated.fill(false);
        self.illegal.fill(false);
        self.masks.fill(0);
        let mut oracle = self.oracle;
        for (i, board) in self.boards.iter_mut().enumerate() {
            match self.actions {
                Some(_) if self.finished[i] => {
                    board.set(restarts[i]);
                    self.finished[i] = false;
                }
                Some(actions) => {
                    let mover = board.position.side_to_move();
                    let found = board.legal_actions().iter().position(|&a| i64::from(a) == actions[i]);
                    let (mouse, cats) = (2 * i, 2 * i + 1);
                    match found {
                        None => {
                            // the game ends as the mover's loss, the position unchanged
                            self.illegal[i] = true;
                            self.terminated[i] = true;
                            self.rewards[if mover == Side::Mouse { mouse } else { cats }] = -1.0;
                        }
                        Some(k) => {
                            let mv = board.moves[k];
                            board.position.play_unchecked(mv);
                            board.update_moves();
                            if board.moves.is_empty() {
                                let winner =
                                    board.position.outcome().expect("no move: the game is over").winner;
                                self.terminated[i] = true;
                                self.rewards[mouse] = if winner == Side::Mouse { 1.0 } else { -1.0 };
                                self.rewards[cats] = -self.rewards[mouse];
                            }
                        }
                    }
                    self.finished[i] = self.terminated[i];
                }
                None => {
                    board.set(match self.starts {
                        [] => start,
                        [one] => *one,
                        each => each[i],
                    });
                    self.finished[i] = false;
                }
            }
            let planes = &mut self.planes[i * cells..(i + 1) * cells];
            planes[..cells / 3 * 2].fill(0);
            encoding::fill_planes(&board.position, planes, pov);
            self.to_move[i] = i8::from(board.position.side_to_move() == Side::Cats);
            let mask = &mut self.masks[i * action_count..(i + 1) * action_count];
            for &a in board.legal_actions() {
                mask[usize::from(a)] = 1;
            }
            if let (Some((optimal, winner, plies)), Some(tablebase)) = (oracle.as_mut(), tablebase) {
                let row = &mut optimal[i * action_count..(i + 1) * action_count];
                row.fill(0);
                for mv in tablebase.best_moves(&board.position) {
                    row[encoding::action_of(size, mv)] = 1;
                }
                let exact = tablebase.result(&board.position);
                winner[i] = i8::from(exact.winner == Side::Cats);
                plies[i] = exact.plies as i32;
            }
        }
    }
}

/// A `ValueError` for an output array that cannot be written (a borrow still held).
fn not_writable(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("the SelfPlayVectorEnv's output arrays cannot be written: {err}"))
}

/// The engine of `ryg.envs.SelfPlayVectorEnv`.
#[pyclass(module = "ryg._ryg", name = "SelfPlayCore")]
pub struct PySelfPlayCore {
    size: Size,
    start: Position,
    boards: Vec<Board>,
    /// Games that ended on the last step, to reset on the next one.
    finished: Vec<bool>,
    /// Where each game starts again after it ends: the start, or what `set_restarts` gave.
    restarts: Vec<Position>,
    pov: bool,
    threads: usize,
    tablebase: Option<Arc<Tablebase>>,
    /// The generators of [`PySelfPlayCore::random_actions`], one per game.
    rngs: Vec<SplitMix64>,
    out: Outputs,
}

/// The random agent's generators of `count` games, spawned from `seed`.
fn agent_streams(seed: u64, count: usize) -> Vec<SplitMix64> {
    (0..count as u64).map(|i| SplitMix64::new(spawn(seed, Stream::Agent, i))).collect()
}

impl PySelfPlayCore {
    /// A `ValueError` naming the first of `starts` that is not a live position of this board
    /// (`what` and its index named when there are several).
    fn check(&self, starts: &[Position], what: &str) -> PyResult<()> {
        for (i, start) in starts.iter().enumerate() {
            let problem = if start.size() != self.size {
                Some(format!("is on the {} board; the environment's is {}", start.size(), self.size))
            } else if start.outcome().is_some() {
                Some("is a finished game".to_string())
            } else {
                None
            };
            if let Some(problem) = problem {
                let which = if starts.len() > 1 { format!("{what} {i}: ") } else { String::new() };
                return Err(PyValueError::new_err(format!("{which}the start '{}' {problem}", start.fen())));
            }
        }
        Ok(())
    }

    fn run<'py>(
        &mut self,
        py: Python<'py>,
        actions: Option<&[i64]>,
        starts: &[Position],
    ) -> PyResult<Batch<'py>> {
        let (n, count) = (usize::from(self.size.n()), self.boards.len());
        let (cells, action_count) = (3 * n * n, encoding::action_count(self.size));
        let batch = self.out.bind(py);
        let mut planes = batch.0.try_readwrite().map_err(not_writable)?;
        let mut to_move = batch.1.try_readwrite().map_err(not_writable)?;
        let mut rewards = batch.2.try_readwrite().map_err(not_writable)?;
        let mut terminated = batch.3.try_readwrite().map_err(not_writable)?;
        let mut illegal = batch.4.try_readwrite().map_err(not_writable)?;
        let mut masks = batch.5.try_readwrite().map_err(not_writable)?;
        let mut oracle = match &batch.6 {
            Some((o, w, p)) => Some((
                o.try_readwrite().map_err(not_writable)?,
                w.try_readwrite().map_err(not_writable)?,
                p.try_readwrite().map_err(not_writable)?,
            )),
            None => None,
        };
        let planes = planes.as_slice_mut().map_err(not_writable)?;
        let to_move = to_move.as_slice_mut().map_err(not_writable)?;
        let rewards = rewards.as_slice_mut().map_err(not_writable)?;
        let terminated = terminated.as_slice_mut().map_err(not_writable)?;
        let illegal = illegal.as_slice_mut().map_err(not_writable)?;
        let masks = masks.as_slice_mut().map_err(not_writable)?;
        let oracle = match oracle.as_mut() {
            Some((o, w, p)) => Some((
                o.as_slice_mut().map_err(not_writable)?,
                w.as_slice_mut().map_err(not_writable)?,
                p.as_slice_mut().map_err(not_writable)?,
            )),
            None => None,
        };
        let threads = self.threads.min(count / GAMES_PER_THREAD).max(1);
        let per = count.div_ceil(threads);
        let (start, pov, tablebase) = (self.start, self.pov, self.tablebase.as_deref());
        let (boards, finished, restarts) = (&mut self.boards, &mut self.finished, &self.restarts);
        py.detach(|| {
            let mut oracle = oracle
                .map(|(o, w, p)| (o.chunks_mut(per * action_count), w.chunks_mut(per), p.chunks_mut(per)));
            let rows: Vec<Rows<'_>> = boards
                .chunks_mut(per)
                .zip(finished.chunks_mut(per))
                .zip(planes.chunks_mut(per * cells))
                .zip(to_move.chunks_mut(per))
                .zip(rewards.chunks_mut(per * 2))
                .zip(terminated.chunks_mut(per))
                .zip(illegal.chunks_mut(per))
                .zip(masks.chunks_mut(per * action_count))
                .enumerate()
                .map(
                    |(
                        k,
                        (((((((boards, finished), planes), to_move), rewards), terminated), illegal), masks),
                    )| {
                        let range = k * per..(k * per + per).min(count);
                        Rows {
                            boards,
                            finished,
                            actions: actions.map(|a| &a[range.clone()]),
                            starts: if starts.len() > 1 { &starts[range.clone()] } else { starts },
                            restarts: &restarts[range],
                            planes,
                            to_move,
                            rewards,
                            terminated,
                            illegal,
                            masks,
                            oracle: oracle
                                .as_mut()
                                .and_then(|(o, w, p)| Some((o.next()?, w.next()?, p.next()?))),
                        }
                    },
                )
                .collect();
            if threads == 1 {
                rows.into_iter().for_each(|r| r.run(start, pov, tablebase));
                return;
            }
            std::thread::scope(|scope| {
                for r in rows {
                    scope.spawn(move || r.run(start, pov, tablebase));
                }
            });
        });
        Ok(batch)
    }
}

#[pymethods]
impl PySelfPlayCore {
    #[new]
    #[pyo3(signature = (num_envs, size=8, seed=Seed(0), oracle=false, pov=true, threads=None))]
    #[pyo3(text_signature = "(num_envs, size=8, seed=0, oracle=False, pov=True, threads=None)")]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        size: i64,
        seed: Seed,
        oracle: bool,
        pov: bool,
        threads: Option<usize>,
    ) -> PyResult<PySelfPlayCore> {
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let size = size_of(size)?;
        let start = Position::start(size, None).expect("the default start is valid");
        let n = usize::from(size.n());
        Ok(PySelfPlayCore {
            size,
            start,
            boards: vec![Board::new(start); num_envs],
            finished: vec![false; num_envs],
            restarts: vec![start; num_envs],
            pov,
            threads: threads.unwrap_or(1).max(1),
            tablebase: oracle.then(|| crate::tables::get(py, size)),
            rngs: agent_streams(seed.0, num_envs),
            out: Outputs::new(py, num_envs, n, encoding::action_count(size), oracle),
        })
    }

    /// Resets every game: to the start, or to `starts` (one position for all games, or one
    /// per game; either side to move, the game not over). `seed` reseeds `random_actions`.
    #[pyo3(signature = (seed=None, starts=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<Seed>,
        starts: Option<Vec<Bound<'py, PyAny>>>,
    ) -> PyResult<Batch<'py>> {
        let starts =
            starts.unwrap_or_default().iter().map(position_arg).collect::<PyResult<Vec<Position>>>()?;
        let count = self.boards.len();
        if starts.len() > 1 && starts.len() != count {
            return Err(PyValueError::new_err(format!(
                "expected one start position for every game or one per game ({count}); got {}",
                starts.len()
            )));
        }
        self.check(&starts, "game")?;
        if let Some(seed) = seed {
            self.rngs = agent_streams(seed.0, count);
        }
        self.run(py, None, &starts)
    }

    /// A `ValueError` unless every one of `starts` can start a game (this board, not over).
    fn check_starts(&self, starts: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let starts = starts.iter().map(position_arg).collect::<PyResult<Vec<Position>>>()?;
        self.check(&starts, "start")
    }

    /// Where games `games[k]` start again after they end: `starts[k]` (kept until set again).
    fn set_restarts(&mut self, games: Vec<usize>, starts: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let starts = starts.iter().map(position_arg).collect::<PyResult<Vec<Position>>>()?;
        if games.len() != starts.len() {
            return Err(PyValueError::new_err("set_restarts: one start per game"));
        }
        self.check(&starts, "start")?;
        for (&i, start) in games.iter().zip(starts) {
            *self.restarts.get_mut(i).ok_or_else(|| PyValueError::new_err("no such game"))? = start;
        }
        Ok(())
    }

    /// Plays one action in every game, for its side to move (an int array of `num_envs`
    /// actions; a game that ended on the last step is reset instead, its action ignored).
    fn step<'py>(&mut self, py: Python<'py>, actions: PyReadonlyArray1<'py, i64>) -> PyResult<Batch<'py>> {
        let actions = actions.as_slice().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let count = self.boards.len();
        if actions.len() != count {
            return Err(PyValueError::new_err(format!(
                "expected {count} actions, one per game; got {}",
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
        self.run(py, Some(actions), &[])
    }

    /// A uniformly random legal action for every game (0 for one that ended and is reset on
    /// the next step), drawn in Rust.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let actions = self
            .boards
            .iter()
            .zip(&self.finished)
            .zip(&mut self.rngs)
            .map(|((board, &done), rng)| {
                let legal = board.legal_actions();
                if done || legal.is_empty() {
                    return 0;
                }
                i64::from(legal[rng.below(legal.len())])
            })
            .collect();
        PyArray1::from_vec(py, actions)
    }

    /// The FEN of game `i`.
    fn fen(&self, i: usize) -> PyResult<String> {
        self.boards.get(i).map(|b| b.position.fen()).ok_or_else(|| PyValueError::new_err("no such game"))
    }

    /// Every game's FEN.
    fn fens(&self) -> Vec<String> {
        self.boards.iter().map(|b| b.position.fen()).collect()
    }

    /// The constructor's arguments, for pickle (the state follows in `__getstate__`).
    fn __getnewargs__(&self) -> (usize, u8, u64, bool, bool, usize) {
        (self.boards.len(), self.size.n(), 0, self.tablebase.is_some(), self.pov, self.threads)
    }

    /// Every game's FEN, the games to reset on the next step, and the random actions'
    /// generator state.
    fn __getstate__(&self) -> (Vec<String>, Vec<bool>, Vec<u64>, Vec<String>) {
        let restarts = self.restarts.iter().map(Position::fen).collect();
        (self.fens(), self.finished.clone(), self.rngs.iter().map(|r| r.state()).collect(), restarts)
    }

    fn __setstate__(
        &mut self,
        py: Python<'_>,
        state: (Vec<String>, Vec<bool>, Vec<u64>, Vec<String>),
    ) -> PyResult<()> {
        let (fens, finished, rngs, restarts) = state;
        let count = self.boards.len();
        if fens.len() != count || finished.len() != count || rngs.len() != count || restarts.len() != count {
            return Err(PyValueError::new_err(format!("the state is not of {count} games")));
        }
        let parse = |fens: &[String]| -> PyResult<Vec<Position>> {
            fens.iter().map(|f| crate::position::parse_narrow_fen(f)).collect()
        };
        let (positions, restarts) = (parse(&fens)?, parse(&restarts)?);
        if let Some(p) = positions.iter().chain(&restarts).find(|p| p.size() != self.size) {
            return Err(PyValueError::new_err(format!(
                "a position of the state is on the {} board",
                p.size()
            )));
        }
        // the output arrays show the restored games (written as a reset to each one's position)
        self.run(py, None, &positions)?;
        self.finished = finished;
        self.rngs = rngs.into_iter().map(SplitMix64::new).collect();
        self.restarts = restarts;
        Ok(())
    }
}
