//! `VectorEnv`'s outside opponent: a Python callable that answers every game's move at once
//! (a network, a past checkpoint), asked once per step for all the games where it is to move.

use numpy::{IntoPyArray, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use ryg::Position;

use super::{not_writable, Batch, PyVectorCore};
use crate::encoding;

impl PyVectorCore {
    /// The games whose outside opponent is to move (an agent's move made, or a reset with the
    /// opponent first): asks the callable for all their moves at once — `callable(planes (k, 3,
    /// N, N), masks (k, 2·N²))` answering k actions — and plays them.
    ///
    /// # Errors
    /// The callable's own, or a `ValueError` for an answer that is not k legal actions; the
    /// games are then as the callable found them.
    pub(super) fn answer_pending(
        &mut self,
        py: Python<'_>,
        opponent: &Py<PyAny>,
        pending: &[usize],
    ) -> PyResult<Vec<crate::env::Step>> {
        if pending.is_empty() {
            return Ok(Vec::new());
        }
        let n = usize::from(self.size.n());
        let (cells, action_count) = (3 * n * n, encoding::action_count(self.size));
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut planes = vec![0u8; pending.len() * cells];
        let mut masks = vec![0i8; pending.len() * action_count];
        for (k, &i) in pending.iter().enumerate() {
            encoding::fill_planes(&games[i].position, &mut planes[k * cells..(k + 1) * cells], self.pov);
            games[i].fill_mask(&mut masks[k * action_count..(k + 1) * action_count]);
        }
        let planes =
            numpy::ndarray::Array4::from_shape_vec((pending.len(), 3, n, n), planes).expect("k boards");
        let masks =
            numpy::ndarray::Array2::from_shape_vec((pending.len(), action_count), masks).expect("k masks");
        let answer = opponent.bind(py).call1((planes.into_pyarray(py), masks.into_pyarray(py)))?;
        let actions: Vec<i64> = match answer.extract::<PyReadonlyArray1<'_, i64>>() {
            Ok(array) => array.as_array().to_vec(),
            Err(_) => answer.extract::<Vec<i64>>().map_err(|_| {
                PyValueError::new_err(format!(
                    "the opponent answered {answer}: expected an int array of actions, one per game it is shown"
                ))
            })?,
        };
        if actions.len() != pending.len() {
            return Err(PyValueError::new_err(format!(
                "the opponent answered {} actions for the {} games it was shown",
                actions.len(),
                pending.len()
            )));
        }
        let mut moves = Vec::with_capacity(pending.len());
        for (&i, &action) in pending.iter().zip(&actions) {
            let game = &games[i];
            let mv = usize::try_from(action).ok().and_then(|a| game.legal_move(a)).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "the opponent answered action {action} in game {i} ('{}'): not a legal move",
                    game.position.fen()
                ))
            })?;
            moves.push(mv);
        }
        Ok(pending.iter().zip(moves).map(|(&i, mv)| games[i].answer(Some(mv))).collect())
    }

    /// Steps every game against the outside opponent: the agents' actions, then the
    /// opponent's answers for all games at once; the games as they were on an error.
    pub(super) fn step_external<'py>(
        &mut self,
        py: Python<'py>,
        opponent: &Py<PyAny>,
        actions: &[i64],
    ) -> PyResult<Batch<'py>> {
        let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
        let before: Vec<Position> = games.iter().map(|g| g.position).collect();
        let finished_before = self.finished.clone();
        let count = self.count;
        let (mut rewards, mut terminated, mut illegal) =
            (vec![0f32; count], vec![false; count], vec![false; count]);
        let (mut pending, mut answering) = (Vec::new(), Vec::new());
        for (i, game) in games.iter_mut().enumerate() {
            if self.finished[i] {
                game.reset(None, None);
                self.finished[i] = false;
                if game.position.side_to_move() != game.agent {
                    pending.push(i);
                }
                continue;
            }
            if !game.play_action(usize::try_from(actions[i]).unwrap_or(usize::MAX)) {
                (rewards[i], terminated[i], illegal[i]) = (-1.0, true, true);
            } else if game.moves.is_empty() {
                let step = game.answer(None);
                (rewards[i], terminated[i]) = (step.reward, step.terminated);
            } else {
                pending.push(i);
                answering.push(i);
            }
        }
        match self.answer_pending(py, opponent, &pending) {
            Ok(steps) => {
                for (&i, step) in pending.iter().zip(steps) {
                    if answering.contains(&i) {
                        (rewards[i], terminated[i]) = (step.reward, step.terminated);
                    }
                }
            }
            Err(err) => {
                let games = self.games.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner);
                for (game, position) in games.iter_mut().zip(before) {
                    game.restore_position(position);
                }
                self.finished = finished_before;
                return Err(err);
            }
        }
        self.finished.copy_from_slice(&terminated);
        self.rewrite(py, |_, _| true)?;
        let batch = self.out.bind(py);
        batch
            .1
            .try_readwrite()
            .map_err(not_writable)?
            .as_slice_mut()
            .map_err(not_writable)?
            .copy_from_slice(&rewards);
        batch
            .2
            .try_readwrite()
            .map_err(not_writable)?
            .as_slice_mut()
            .map_err(not_writable)?
            .copy_from_slice(&terminated);
        batch
            .6
            .try_readwrite()
            .map_err(not_writable)?
            .as_slice_mut()
            .map_err(not_writable)?
            .copy_from_slice(&illegal);
        Ok(batch)
    }
}
