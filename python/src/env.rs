//! One game against a ryg level, as the environments see it: the agent's side plays actions,
//! the opponent answers at once, the reward is +1/-1 at the end. `ryg.envs.FoxHoundsEnv`
//! steps one of these; `ryg.envs.VectorEnv` steps many in one call.

use std::sync::{Arc, Mutex};

use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use ryg::search::NoHandler;
use ryg::{Level, Move, MoveList, Position, Side, Size, Tablebase};

use crate::encoding;
use crate::player::{parse_level, LevelArg, Seed};
use crate::position::{size_of, value_error, PyPosition};

/// A game between the agent (one side) and a ryg player (the other).
#[derive(Clone)]
pub struct Game {
    start: Position,
    pub position: Position,
    /// The legal moves of `position` (none once the game is over), computed once per turn,
    /// and their actions (set together by [`Game::update_moves`]).
    pub moves: MoveList,
    pub actions: [u16; ryg::MAX_MOVES],
    pub agent: Side,
    level: Level,
    opponent: ryg::Player,
    pub tablebase: Arc<Tablebase>,
    /// Whether the opponent is outside the engine ([`Game::set_external`]).
    external: bool,
}

/// Why a start position cannot begin an episode of the agent `agent` on the `size` board.
pub fn check_start(position: &Position, size: Size, agent: Side) -> Result<(), String> {
    let fen = position.fen();
    if position.size() != size {
        return Err(format!(
            "the start '{fen}' is on the {} board; the environment's is {size}",
            position.size()
        ));
    }
    if position.outcome().is_some() {
        return Err(format!("the start '{fen}' is a finished game"));
    }
    if position.side_to_move() != agent {
        return Err(format!(
            "the start '{fen}' has {} to move; the agent plays {}: a start must have the agent to move",
            position.side_to_move().name(),
            agent.name()
        ));
    }
    Ok(())
}

/// Generates the legal moves of `position` into `moves` and their actions into `actions` (an
/// environment's game and a self-play board do it once a turn).
#[inline]
pub fn legal_actions(position: &Position, moves: &mut MoveList, actions: &mut [u16; ryg::MAX_MOVES]) {
    position.legal_moves_into(moves);
    let size = position.size();
    for (action, &mv) in actions.iter_mut().zip(moves.iter()) {
        *action = encoding::action_of(size, mv) as u16;
    }
}

/// What one action did.
pub struct Step {
    /// +1 when the agent won, -1 when it lost (or played an illegal action), else 0.
    pub reward: f32,
    pub terminated: bool,
    pub illegal: bool,
    pub opponent_move: Option<Move>,
}

impl Game {
    pub fn new(size: Size, agent: Side, level: Level, seed: u64, tablebase: Arc<Tablebase>) -> Game {
        let start = Position::start(size, None).expect("the default start is valid");
        let opponent = ryg::Player::new(level, seed);
        let mut game = Game {
            start,
            position: start,
            moves: start.legal_moves(),
            actions: [0; ryg::MAX_MOVES],
            agent,
            level,
            opponent,
            tablebase,
            external: false,
        };
        game.update_moves();
        game
    }

    /// Back to the start, or to `from` (checked by [`check_start`]: the agent to move); the
    /// opponent's random choices reseeded when `seed` is given. Returns the opponent's first
    /// move when it has the first move.
    pub fn reset(&mut self, seed: Option<u64>, from: Option<Position>) -> Option<Move> {
        if let Some(seed) = seed {
            self.opponent = ryg::Player::new(self.level, seed);
        }
        self.position = from.unwrap_or(self.start);
        let opponent_move = if self.external { None } else { self.opponent_moves() };
        self.update_moves();
        opponent_move
    }

    /// Whether the opponent's moves come from outside (a Python callable): then
    /// [`Game::step`] is not used, but [`Game::play_action`] and [`Game::answer`].
    pub fn set_external(&mut self, external: bool) {
        self.external = external;
    }

    /// The legal move whose action is `action`, if any.
    #[inline]
    pub fn legal_move(&self, action: usize) -> Option<Move> {
        // (cheaper than decoding the action: no division)
        let found = self.actions[..self.moves.len()].iter().position(|&a| usize::from(a) == action);
        found.map(|i| self.moves[i])
    }

    /// Plays the agent's `action` alone (an outside opponent answers with [`Game::answer`]);
    /// false, the position unchanged, when it is not a legal move.
    pub fn play_action(&mut self, action: usize) -> bool {
        let Some(mv) = self.legal_move(action) else { return false };
        self.position.play_unchecked(mv);
        self.update_moves();
        true
    }

    /// Plays an outside opponent's `mv` (legal: checked by the caller), or nothing when the
    /// game is over; the step's result for the agent.
    pub fn answer(&mut self, mv: Option<Move>) -> Step {
        if let Some(mv) = mv {
            self.position.play_unchecked(mv);
            self.update_moves();
        }
        let outcome = self.position.outcome();
        let reward = match outcome {
            Some(outcome) if outcome.winner == self.agent => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
        Step { reward, terminated: outcome.is_some(), illegal: false, opponent_move: mv }
    }

    /// The opponent's random generator, to restore a copy with [`Game::restore`].
    /// Where the game starts again after it ends (a reset without a position).
    pub fn start(&self) -> Position {
        self.start
    }

    /// Sets where the game starts again after it ends (checked by the caller: [`check_start`]).
    pub fn set_start(&mut self, start: Position) {
        self.start = start;
    }

    pub fn rng_state(&self) -> u64 {
        self.opponent.rng_state()
    }

    /// Puts the game at `position` with the opponent's generator at `rng_state` (a pickled
    /// environment continuing where it was).
    pub fn restore(&mut self, position: Position, rng_state: u64) {
        self.position = position;
        self.update_moves();
        self.opponent.set_rng_state(rng_state);
    }

    /// Puts the game back at `position` (a step undone).
    pub fn restore_position(&mut self, position: Position) {
        self.position = position;
        self.update_moves();
    }

    /// Generates the legal moves of `position` and their actions.
    #[inline]
    fn update_moves(&mut self) {
        legal_actions(&self.position, &mut self.moves, &mut self.actions);
    }

    /// The action of the `i`th legal move.
    #[inline]
    pub fn action(&self, i: usize) -> usize {
        usize::from(self.actions[i])
    }

    /// The opponent's move when it is to move in a game that goes on.
    fn opponent_moves(&mut self) -> Option<Move> {
        if self.position.side_to_move() == self.agent || self.position.outcome().is_some() {
            return None;
        }
        let choice = self
            .opponent
            .choose(&self.position, Some(&self.tablebase), &mut NoHandler)
            .expect("the game goes on and the tablebase is of its size");
        self.position.play_unchecked(choice.mv);
        Some(choice.mv)
    }

    /// Plays the agent's `action` and the opponent's answer. An action that is not a legal
    /// move (every action once the game is over) ends the game as a loss, the position
    /// unchanged.
    #[inline]
    pub fn step(&mut self, action: usize) -> Step {
        let Some(mv) = self.legal_move(action) else {
            return Step { reward: -1.0, terminated: true, illegal: true, opponent_move: None };
        };
        self.position.play_unchecked(mv);
        let mut opponent_move = None;
        let outcome = if self.position.mouse_escaped() {
            self.update_moves();
            self.position.outcome()
        } else {
            match self.opponent.choose(&self.position, Some(&self.tablebase), &mut NoHandler) {
                Ok(choice) => {
                    self.position.play_unchecked(choice.mv);
                    opponent_move = Some(choice.mv);
                    self.update_moves();
                    // The agent is to move: the game is over exactly when it has no move.
                    if self.moves.is_empty() {
                        self.position.outcome()
                    } else {
                        None
                    }
                }
                // The opponent has no move: the game is over.
                Err(_) => {
                    self.update_moves();
                    self.position.outcome()
                }
            }
        };
        let reward = match outcome {
            Some(outcome) if outcome.winner == self.agent => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        };
        Step { reward, terminated: outcome.is_some(), illegal: false, opponent_move }
    }

    /// Sets `mask[a]` to 1 for the legal actions in a zeroed `mask`.
    pub fn fill_mask(&self, mask: &mut [i8]) {
        for &action in &self.actions[..self.moves.len()] {
            mask[usize::from(action)] = 1;
        }
    }

    /// The actions that keep the exact result (perfect play), ascending; none at the end.
    pub fn optimal_actions(&self) -> Vec<usize> {
        let size = self.position.size();
        let mut actions: Vec<usize> = self
            .tablebase
            .best_moves(&self.position)
            .into_iter()
            .map(|mv| encoding::action_of(size, mv))
            .collect();
        actions.sort_unstable();
        actions
    }
}

/// A side's name (`"mouse"` or `"cats"`) as a `Side`.
pub fn side_of(side: &str) -> PyResult<Side> {
    side.parse::<Side>().map_err(value_error)
}

/// The opponent of a single-agent environment: a ryg level, or a Python callable given the
/// position (a `ryg.Position`) and answering a move (`"e1f2"`) or an action.
pub enum Opponent {
    Level(String),
    Callable(Py<PyAny>),
}

impl Opponent {
    /// A level's name (an int too) or a callable.
    pub fn of(arg: &Bound<'_, PyAny>) -> PyResult<Opponent> {
        if !arg.is_instance_of::<pyo3::types::PyString>() && arg.is_callable() {
            return Ok(Opponent::Callable(arg.clone().unbind()));
        }
        let level = arg.extract::<LevelArg>()?.0;
        parse_level(&level)?;
        Ok(Opponent::Level(level))
    }

    /// The level the engine's games play (any, unused, for a callable).
    pub fn level(&self) -> Level {
        match self {
            Opponent::Level(name) => name.parse().expect("checked by Opponent::of"),
            Opponent::Callable(_) => Level::Random,
        }
    }

    pub fn clone_ref(&self, py: Python<'_>) -> Opponent {
        match self {
            Opponent::Level(name) => Opponent::Level(name.clone()),
            Opponent::Callable(f) => Opponent::Callable(f.clone_ref(py)),
        }
    }

    pub fn to_object<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Opponent::Level(name) => Ok(pyo3::types::PyString::new(py, name).into_any()),
            Opponent::Callable(f) => Ok(f.bind(py).clone()),
        }
    }
}

/// The move a callable opponent answers in `position`: its answer (a move or an action),
/// checked to be legal.
pub fn ask(py: Python<'_>, opponent: &Py<PyAny>, position: &Position) -> PyResult<Move> {
    let answer = opponent.bind(py).call1((PyPosition::narrow(*position),))?;
    let mv = crate::position::move_arg(position, &answer).map_err(|err| {
        value_error(format!("the opponent answered {answer} in '{}': {err}", position.fen()))
    })?;
    if !position.is_legal(mv) {
        let err = position.play(mv).expect_err("an illegal move");
        return Err(value_error(format!("the opponent answered {mv} in '{}': {err}", position.fen())));
    }
    Ok(mv)
}

/// The engine of `ryg.envs.FoxHoundsEnv`: observations, rewards and the oracle's info. It
/// pickles and copies with its state (position, the opponent's random generator); copies
/// share the tablebase, which is read-only.
#[pyclass(module = "ryg._ryg", name = "GameEnv")]
pub struct PyGameEnv {
    /// Behind a mutex only so the class is `Sync`; methods take `&mut self`, and release it
    /// before calling a callable opponent.
    game: Mutex<Game>,
    /// The opponent as given, and whether observations are from the mover's view.
    opponent: Opponent,
    pov: bool,
}

impl PyGameEnv {
    fn game(&self) -> std::sync::MutexGuard<'_, Game> {
        self.game.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        let position = self.game().position;
        let n = usize::from(position.size().n());
        let mut planes = vec![0; 3 * n * n];
        encoding::fill_planes(&position, &mut planes, self.pov);
        Array3::from_shape_vec((3, n, n), planes).expect("3 planes of n x n").into_pyarray(py).into_any()
    }

    fn info<'py>(
        &self,
        py: Python<'py>,
        opponent_move: Option<Move>,
        illegal: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let game = self.game();
        let position = &game.position;
        let mut mask = vec![0i8; encoding::action_count(position.size())];
        game.fill_mask(&mut mask);
        let exact = game.tablebase.result(position);
        let exact_dict = PyDict::new(py);
        exact_dict.set_item("winner", exact.winner.name())?;
        exact_dict.set_item("plies", exact.plies)?;
        let info = PyDict::new(py);
        info.set_item("action_mask", PyArray1::from_vec(py, mask))?;
        info.set_item("optimal_actions", game.optimal_actions())?;
        info.set_item("exact", exact_dict)?;
        info.set_item("opponent_move", opponent_move.map(|mv| mv.to_string()))?;
        info.set_item("illegal_action", illegal)?;
        Ok(info)
    }

    /// The agent's `action` and a callable opponent's answer; the position as it was when
    /// the callable fails.
    fn step_external(&mut self, py: Python<'_>, opponent: &Py<PyAny>, action: usize) -> PyResult<Step> {
        let before = self.game().position;
        if !self.game().play_action(action) {
            return Ok(Step { reward: -1.0, terminated: true, illegal: true, opponent_move: None });
        }
        let after = self.game().position;
        if after.outcome().is_some() {
            return Ok(self.game().answer(None));
        }
        // the game's lock is not held while the callable runs (it may read the environment)
        match ask(py, opponent, &after) {
            Ok(mv) => Ok(self.game().answer(Some(mv))),
            Err(err) => {
                self.game().restore_position(before);
                Err(err)
            }
        }
    }

    fn duplicate(&self, py: Python<'_>) -> PyGameEnv {
        PyGameEnv {
            game: Mutex::new(self.game().clone()),
            opponent: self.opponent.clone_ref(py),
            pov: self.pov,
        }
    }
}

#[pymethods]
impl PyGameEnv {
    /// `opponent` is a level (`"3"`, `3`, `"perfect"`) or a callable given a `ryg.Position`
    /// and answering a move or an action.
    #[new]
    #[pyo3(signature = (size=8, side="mouse", opponent=None, seed=Seed(0), pov=false))]
    #[pyo3(text_signature = "(size=8, side='mouse', opponent='3', seed=0, pov=False)")]
    fn new(
        py: Python<'_>,
        size: i64,
        side: &str,
        opponent: Option<&Bound<'_, PyAny>>,
        seed: Seed,
        pov: bool,
    ) -> PyResult<PyGameEnv> {
        let size = size_of(size)?;
        let agent = side_of(side)?;
        let opponent = match opponent {
            Some(opponent) => Opponent::of(opponent)?,
            None => Opponent::Level("3".into()),
        };
        let tablebase = crate::tables::get(py, size);
        let mut game = Game::new(size, agent, opponent.level(), seed.0, tablebase);
        game.set_external(matches!(opponent, Opponent::Callable(_)));
        Ok(PyGameEnv { game: Mutex::new(game), opponent, pov })
    }

    /// Starts a new game, from the start or from `start` (a `ryg.Position` or FEN with the
    /// agent to move): `(observation, info)`.
    #[pyo3(signature = (seed=None, start=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<Seed>,
        start: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyDict>)> {
        let start = start.map(crate::position::position_arg).transpose()?;
        if let Some(start) = &start {
            let game = self.game();
            check_start(start, game.position.size(), game.agent).map_err(value_error)?;
        }
        let mut opponent_move = self.game().reset(seed.map(|s| s.0), start);
        if let Opponent::Callable(f) = &self.opponent {
            let position = self.game().position;
            if position.side_to_move() != self.game().agent {
                let f = f.clone_ref(py);
                let mv = ask(py, &f, &position)?;
                opponent_move = Some(mv);
                self.game().answer(Some(mv));
            }
        }
        Ok((self.observation(py), self.info(py, opponent_move, false)?))
    }

    /// Plays `action`: `(observation, reward, terminated, truncated, info)`.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        action: i64,
    ) -> PyResult<(Bound<'py, PyAny>, f32, bool, bool, Bound<'py, PyDict>)> {
        let action = usize::try_from(action).unwrap_or(usize::MAX);
        let step = match &self.opponent {
            Opponent::Level(_) => self.game().step(action),
            Opponent::Callable(f) => {
                let f = f.clone_ref(py);
                self.step_external(py, &f, action)?
            }
        };
        let info = self.info(py, step.opponent_move, step.illegal)?;
        Ok((self.observation(py), step.reward, step.terminated, false, info))
    }

    /// The current position.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition::narrow(self.game().position)
    }

    /// The agent's side.
    #[getter]
    fn side(&self) -> &'static str {
        self.game().agent.name()
    }

    /// The constructor's arguments, for pickle (the state follows in `__getstate__`).
    #[allow(clippy::type_complexity)]
    fn __getnewargs__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(u8, &'static str, Bound<'py, PyAny>, u64, bool)> {
        let game = self.game();
        Ok((game.position.size().n(), game.agent.name(), self.opponent.to_object(py)?, 0, self.pov))
    }

    /// `(fen, opponent's generator state)`.
    fn __getstate__(&self) -> (String, u64) {
        let game = self.game();
        (game.position.fen(), game.rng_state())
    }

    fn __setstate__(&mut self, state: (String, u64)) -> PyResult<()> {
        let position = crate::position::parse_narrow_fen(&state.0)?;
        let mut game = self.game();
        if position.size() != game.position.size() {
            return Err(crate::position::value_error(format!(
                "the state's position is on the {} board, the environment's on {}",
                position.size(),
                game.position.size()
            )));
        }
        game.restore(position, state.1);
        Ok(())
    }

    fn __copy__(&self, py: Python<'_>) -> PyGameEnv {
        self.duplicate(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyGameEnv {
        self.duplicate(py)
    }
}
