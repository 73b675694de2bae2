"""``VectorEnv``: many games against a ryg level, stepped in Rust in one call."""

from __future__ import annotations

import copy
from typing import Any, Callable, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from ryg._optional import require
from ryg._ryg import VectorCore, action_count
from ryg.envs._common import Actions, Curriculum, Restarts, check_actions, first_seed, start_option

BatchOpponent = Union[str, int, Callable[[np.ndarray, np.ndarray], Any]]
"""A ryg level, or a callable answering every game's move at once: given the planes
``(k, 3, N, N)`` and masks ``(k, 2*N*N)`` of the k games whose opponent is to move, it returns
k actions."""

require("gymnasium", "ryg.envs.VectorEnv")
from gymnasium import spaces  # noqa: E402
from gymnasium.error import ResetNeeded  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402
from gymnasium.vector import VectorEnv as GymVectorEnv  # noqa: E402
from gymnasium.vector.utils import batch_space  # noqa: E402


VectorStep = tuple[npt.NDArray[np.uint8], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]
"""What ``VectorEnv.step`` returns: observations, rewards, terminated, truncated, info."""


class VectorEnv(GymVectorEnv[npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` copies of ``FoxHoundsEnv`` (same spaces, rewards and action encoding),
    stepped together in Rust without the GIL: ``step(actions)`` takes an int array of
    ``num_envs`` actions and returns NumPy arrays, with ``info["action_mask"]`` of shape
    ``(num_envs, 2*N*N)`` (int8) and, with ``oracle=True``, ``info["optimal_mask"]`` (1 for
    the actions that keep the exact result). ``action_masks()`` gives the legal actions as a
    bool array (sb3-contrib's convention).

    The engine writes every step into arrays allocated once. With ``copy=True`` (the default,
    as Gymnasium's own vector environments) each step returns copies of them; with
    ``copy=False`` it returns the arrays themselves, overwritten by the next step (the
    fastest: no allocation per step; copy what you keep).

    Autoreset is Gymnasium's ``NEXT_STEP`` mode: the step after a game ends resets that game,
    ignores its action, and returns the new game's first observation with reward 0. Game
    ``i``'s opponent has its own random stream, spawned from the seed and ``i`` as NumPy's
    ``SeedSequence.spawn`` does (no two games or seeds share one; ``seed=None`` takes fresh
    entropy). ``curriculum``: positions (drawn uniformly; the agent to move) or a callable
    given a seeded ``numpy.random.Generator`` (returning one position) from which every new
    game starts, at each reset without ``"fen"``/``"fens"`` and each autoreset. With ``threads=k``, batches of at least 256 games per
    thread are split across ``k`` threads (default 1: on a busy machine more threads can be
    slower; the games played are the same either way). ``pov=True`` gives observations from
    the mover's point of view, as ``FoxHoundsEnv``. ``opponent`` may be a callable that plays
    every game's opponent at once (``BatchOpponent``: the planes, as the observations show
    them, and the masks of the k games where it is to move in; k actions out): a network, a
    past checkpoint. ``step()`` before ``reset()`` raises
    ``gymnasium.error.ResetNeeded``. Pickles and copies continue as the original would.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        size: int = 8,
        side: str = "mouse",
        opponent: BatchOpponent = "3",
        seed: Optional[int] = None,
        oracle: bool = False,
        threads: Optional[int] = None,
        pov: bool = False,
        copy: bool = True,
        curriculum: Optional[Curriculum] = None,
    ) -> None:
        self._core = VectorCore(num_envs, size, side, opponent, 0 if seed is None else seed, oracle, threads, pov)
        self._restarts = None if curriculum is None else Restarts(curriculum, self._core.check_starts)
        self._pending: list[int] = []  # games that ended on the last step: their restarts to draw
        self._seed = seed
        self._started = False
        self._copy = copy
        self._masks: Optional[np.ndarray] = None
        self.num_envs = num_envs
        self.size = size
        self.side = side
        self.opponent = opponent
        self.oracle = oracle
        self.single_observation_space = spaces.Box(0, 1, (3, size, size), np.uint8)
        self.single_action_space = spaces.Discrete(action_count(size))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def _out(self, batch: tuple[Any, ...]) -> VectorStep:
        observations, rewards, terminated, truncated, masks, optimal, illegal = batch
        if self._copy:
            observations, rewards, terminated, truncated, masks, illegal = (
                observations.copy(),
                rewards.copy(),
                terminated.copy(),
                truncated.copy(),
                masks.copy(),
                illegal.copy(),
            )
            optimal = None if optimal is None else optimal.copy()
        self._masks = masks
        info = {"action_mask": masks, "illegal_action": illegal}
        if optimal is not None:
            info["optimal_mask"] = optimal
        return observations, rewards, terminated, truncated, info

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.uint8], dict[str, Any]]:
        super().reset(seed=seed)
        start = start_option(options)
        if "fen" in start and "fens" in start:
            raise ValueError("reset options 'fen' (one start for every game) and 'fens' (one per game): give one")
        starts = start["fens"] if "fens" in start else [start["fen"]] if "fen" in start else None
        seed = first_seed(seed, self._started, self._seed, self.np_random)
        if self._restarts is not None:
            if seed is not None:
                self._restarts.seed(seed)
            if starts is None:
                starts = self._restarts.draw(self.num_envs)
        observations, _, _, _, info = self._out(self._core.reset(seed, starts))
        self._started = True
        self._pending = []
        return observations, info

    def step(self, actions: Actions) -> VectorStep:
        if not self._started:
            raise ResetNeeded("step() before reset(): call env.reset() first")
        actions = check_actions(actions, action_count(self.size))
        if self._restarts is None:
            return self._out(self._core.step(actions))
        if self._pending:
            self._core.set_restarts(self._pending, self._restarts.draw(len(self._pending)))
        batch = self._core.step(actions)
        self._pending = np.flatnonzero(batch[2]).tolist()
        return self._out(batch)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every game, ``(num_envs, 2*N*N)`` bool."""
        if self._masks is None:
            raise ResetNeeded("action_masks() before reset(): call env.reset() first")
        return self._masks.astype(bool)

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for every game, drawn in Rust (seeded by the
        constructor's seed): the random agent, as a baseline or to fill a buffer."""
        return self._core.random_actions()

    def fen(self, i: int) -> str:
        """The position of game ``i``."""
        return self._core.fen(i)

    def __copy__(self) -> VectorEnv:
        return copy.deepcopy(self)
