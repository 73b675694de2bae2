//! The arrays a `VectorCore` call writes into and returns, and one thread's share of a step
//! (its games and their rows of those arrays).

use numpy::{PyArray1, PyArray2, PyArray4};
use pyo3::prelude::*;
use ryg::Position;

use crate::encoding;
use crate::env::Game;
use crate::seeding::{spawn, Stream};

/// What one call returns: observations, rewards, terminations, truncations, action masks,
/// and the optimal-action masks when asked for.
pub(super) type Batch<'py> = (
    Bound<'py, PyArray4<u8>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray2<i8>>,
    Option<Bound<'py, PyArray2<i8>>>,
    Bound<'py, PyArray1<bool>>,
);

/// The arrays every call writes into and returns (allocated once: no allocation per step).
pub(super) struct Outputs {
    pub(super) planes: Py<PyArray4<u8>>,
    pub(super) rewards: Py<PyArray1<f32>>,
    pub(super) terminated: Py<PyArray1<bool>>,
    pub(super) truncated: Py<PyArray1<bool>>,
    pub(super) masks: Py<PyArray2<i8>>,
    pub(super) optimal: Option<Py<PyArray2<i8>>>,
    /// Whether the step's action was not a legal move (the game then ends as a loss).
    pub(super) illegal: Py<PyArray1<bool>>,
}

impl Outputs {
    pub(super) fn new(py: Python<'_>, count: usize, n: usize, actions: usize, oracle: bool) -> Outputs {
        Outputs {
            planes: PyArray4::zeros(py, [count, 3, n, n], false).unbind(),
            rewards: PyArray1::zeros(py, count, false).unbind(),
            terminated: PyArray1::from_vec(py, vec![false; count]).unbind(),
            truncated: PyArray1::from_vec(py, vec![false; count]).unbind(),
            masks: PyArray2::zeros(py, [count, actions], false).unbind(),
            optimal: oracle.then(|| PyArray2::zeros(py, [count, actions], false).unbind()),
            illegal: PyArray1::from_vec(py, vec![false; count]).unbind(),
        }
    }

    pub(super) fn bind<'py>(&self, py: Python<'py>) -> Batch<'py> {
        (
            self.planes.bind(py).clone(),
            self.rewards.bind(py).clone(),
            self.terminated.bind(py).clone(),
            self.truncated.bind(py).clone(),
            self.masks.bind(py).clone(),
            self.optimal.as_ref().map(|o| o.bind(py).clone()),
            self.illegal.bind(py).clone(),
        )
    }
}

/// One thread's share of a call: its games, their actions and flags, and their rows of the
/// outputs.
pub(super) struct Chunk<'a> {
    pub(super) games: &'a mut [Game],
    pub(super) actions: Option<&'a [i64]>,
    pub(super) finished: &'a mut [bool],
    pub(super) planes: &'a mut [u8],
    pub(super) rewards: &'a mut [f32],
    pub(super) terminated: &'a mut [bool],
    pub(super) illegal: &'a mut [bool],
    pub(super) masks: &'a mut [i8],
    pub(super) optimal: Option<&'a mut [i8]>,
    /// The positions a reset starts from (all, or one per game), else the start.
    pub(super) starts: &'a [Position],
    pub(super) pov: bool,
}

impl Chunk<'_> {
    /// Steps (with `actions`) or resets (reseeding game `i` with its stream of `seed`,
    /// [`spawn`]ed, when given) every game of the chunk, and writes what each one shows.
    pub(super) fn run(self, reset_seed: Option<(u64, usize)>) {
        let Some(game) = self.games.first() else { return };
        let size = game.position.size();
        let (cells, actions) = (3 * usize::from(size.n()).pow(2), encoding::action_count(size));
        let mut optimal = self.optimal;
        self.masks.fill(0);
        self.rewards.fill(0.0);
        self.terminated.fill(false);
        self.illegal.fill(false);
        if let Some(optimal) = optimal.as_deref_mut() {
            optimal.fill(0);
        }
        for (i, game) in self.games.iter_mut().enumerate() {
            match self.actions {
                Some(_) if self.finished[i] => {
                    game.reset(None, None);
                    self.finished[i] = false;
                }
                Some(all) => {
                    let step = game.step(usize::try_from(all[i]).unwrap_or(usize::MAX));
                    self.rewards[i] = step.reward;
                    self.terminated[i] = step.terminated;
                    self.illegal[i] = step.illegal;
                    self.finished[i] = step.terminated;
                }
                None => {
                    let start = match self.starts {
                        [] => None,
                        [one] => Some(*one),
                        each => Some(each[i]),
                    };
                    let seed =
                        reset_seed.map(|(seed, first)| spawn(seed, Stream::Opponent, (first + i) as u64));
                    game.reset(seed, start);
                    self.finished[i] = false;
                }
            }
            let planes = &mut self.planes[i * cells..(i + 1) * cells];
            planes[..cells / 3 * 2].fill(0); // the pieces' planes (fill_planes writes the third)
            encoding::fill_planes(&game.position, planes, self.pov);
            game.fill_mask(&mut self.masks[i * actions..(i + 1) * actions]);
            if let Some(optimal) = optimal.as_deref_mut() {
                for a in game.optimal_actions() {
                    optimal[i * actions + a] = 1;
                }
            }
        }
    }
}
