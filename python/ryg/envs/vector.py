"""``VectorEnv``: many games against a ryg level, stepped in Rust in one call."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymVectorEnv
from gymnasium.vector.utils import batch_space

from ryg._ryg import VectorCore, action_count


class VectorEnv(GymVectorEnv):
    """``num_envs`` copies of ``FoxHoundsEnv`` (same spaces, rewards and action encoding),
    stepped together in Rust without the GIL: ``step(actions)`` takes an int array of
    ``num_envs`` actions and returns NumPy arrays, with ``info["action_mask"]`` of shape
    ``(num_envs, 2*N*N)`` (int8) and, with ``oracle=True``, ``info["optimal_mask"]`` (1 for
    the actions that keep the exact result).

    Autoreset is Gymnasium's ``NEXT_STEP`` mode: the step after a game ends resets that game,
    ignores its action, and returns the new game's first observation with reward 0. Game
    ``i`` is seeded with ``seed + i``. With ``threads=k``, batches of at least 256 games per
    thread are split across ``k`` threads (default 1: on a busy machine more threads can be
    slower; the games played are the same either way).
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        size: int = 8,
        side: str = "mouse",
        opponent: str = "3",
        seed: int | None = None,
        oracle: bool = False,
        threads: int | None = None,
    ):
        self._core = VectorCore(
            num_envs, size, side, opponent, 0 if seed is None else seed, oracle, threads
        )
        self._seed = seed
        self._started = False
        self.num_envs = num_envs
        self.size = size
        self.single_observation_space = spaces.Box(0, 1, (3, size, size), np.uint8)
        self.single_action_space = spaces.Discrete(action_count(size))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def _info(self, masks, optimal):
        info = {"action_mask": masks}
        if optimal is not None:
            info["optimal_mask"] = optimal
        return info

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is None and not self._started:
            seed = self._seed
            if seed is None:
                seed = int(self.np_random.integers(2**62))
        self._started = True
        observations, _, _, _, masks, optimal = self._core.reset(seed)
        return observations, self._info(masks, optimal)

    def step(self, actions):
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        observations, rewards, terminated, truncated, masks, optimal = self._core.step(actions)
        return observations, rewards, terminated, truncated, self._info(masks, optimal)

    def random_actions(self) -> np.ndarray:
        """A uniformly random legal action for every game, drawn in Rust (seeded by the
        constructor's seed): the random agent, as a baseline or to fill a buffer."""
        return self._core.random_actions()

    def fen(self, i: int) -> str:
        """The position of game ``i``."""
        return self._core.fen(i)
