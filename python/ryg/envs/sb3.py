"""``ryg.envs.sb3.VecEnv``: ``ryg.envs.VectorEnv`` as a Stable-Baselines3 ``VecEnv`` (needs
stable-baselines3), so SB3's and sb3-contrib's algorithms step the games in Rust::

    from sb3_contrib import MaskablePPO
    from ryg.envs.sb3 import VecEnv
    model = MaskablePPO("MlpPolicy", VecEnv(64, size=6, opponent="5", seed=0)).learn(10_000)
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence, Union

import numpy as np

from ryg._optional import require
from ryg._ryg import game_seeds
from ryg.envs.vector import VectorEnv

require("stable_baselines3", "ryg.envs.sb3.VecEnv")
from stable_baselines3.common.vec_env.base_vec_env import VecEnv as _SB3VecEnv  # noqa: E402

Indices = Union[None, int, Iterable[int]]


class VecEnv(_SB3VecEnv):  # type: ignore[misc]
    """``num_envs`` games against a ryg level (the arguments of ``ryg.envs.VectorEnv``) with
    SB3's conventions: a finished game is reset in the same step, its last observation in
    ``infos[i]["terminal_observation"]``; ``env_method("action_masks")`` gives each game's
    legal actions (what MaskablePPO asks for), and ``infos[i]["action_mask"]`` too."""

    def __init__(
        self,
        num_envs: int,
        size: int = 8,
        side: str = "mouse",
        opponent: str = "3",
        seed: Optional[int] = None,
        oracle: bool = False,
        threads: Optional[int] = None,
        pov: bool = False,
    ):
        self.vector = VectorEnv(
            num_envs, size=size, side=side, opponent=opponent, seed=seed, oracle=oracle, threads=threads, pov=pov, copy=False
        )
        self.render_mode = None
        self._seed = seed
        self._actions: Optional[np.ndarray] = None
        self._masks: Optional[np.ndarray] = None
        super().__init__(num_envs, self.vector.single_observation_space, self.vector.single_action_space)

    def reset(self) -> np.ndarray:
        seed = self._seeds[0]
        # SB3's set_options (per game): those of game 0 are the vector's ({"fen": ...}, {"fens": [...]})
        options = (getattr(self, "_options", None) or [None])[0] or None
        self._reset_seeds()
        self._reset_options()
        observations, info = self.vector.reset(seed=seed, options=options)
        self._masks = info["action_mask"]
        return observations.copy()

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async(): call step(actions)")
        observations, rewards, terminated, truncated, info = self.vector.step(self._actions)
        self._actions = None
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            infos[i]["terminal_observation"] = observations[i].copy()
            infos[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
        self.vector._core.reset_finished()  # SB3 resets in the same step
        self._masks = info["action_mask"]
        for j, row in enumerate(self._masks):
            infos[j]["action_mask"] = row.astype(bool)
        return observations.copy(), rewards.copy(), dones.copy(), infos

    def action_masks(self) -> np.ndarray:
        """Every game's legal actions, ``(num_envs, 2*N*N)`` bool."""
        if self._masks is None:
            raise RuntimeError("action_masks() before reset(): call reset() first")
        return self._masks.astype(bool)

    def close(self) -> None:
        self.vector.close()

    def seed(self, seed: Optional[int] = None) -> Sequence[Optional[int]]:
        # the vector spawns game i's stream from the seed itself: these are those streams' seeds
        self._seeds = [seed] + [None] * (self.num_envs - 1)
        if seed is None:
            return [None] * self.num_envs
        return list(game_seeds(seed, self.num_envs))

    def _indices(self, indices: Indices) -> list[int]:
        return list(self._get_indices(indices))

    def has_attr(self, attr_name: str) -> bool:
        return attr_name == "action_masks" or hasattr(self.vector, attr_name)

    def get_attr(self, attr_name: str, indices: Indices = None) -> list[Any]:
        value = getattr(self.vector, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Indices = None) -> None:
        raise AttributeError(f"the games of ryg.envs.sb3.VecEnv have no settable attribute '{attr_name}'")

    def env_method(self, method_name: str, *method_args: Any, indices: Indices = None, **method_kwargs: Any) -> list[Any]:
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in self._indices(indices)]
        raise AttributeError(f"the games of ryg.envs.sb3.VecEnv have no method '{method_name}'")

    def env_is_wrapped(self, wrapper_class: type, indices: Indices = None) -> list[bool]:
        return [False for _ in self._indices(indices)]
