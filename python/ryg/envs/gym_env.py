"""``FoxHoundsEnv``: El ratón y los gatos as a Gymnasium environment against a ryg level."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ryg._ryg import GameEnv, action_count


class FoxHoundsEnv(gym.Env):
    """One side of the game (``side="mouse"`` or ``"cats"``) against a ryg player of level
    ``opponent`` (``"1"``–``"9"``, ``"perfect"``, ``"random"``, ``"err:0.1"``).

    - Observation: ``Box(0, 1, (3, N, N), uint8)``, planes ``[plane, rank, file]`` (rank 0 is
      rank 1): the mouse, the cats, and all ones when the mouse is to move.
    - Action: ``Discrete(2*N*N)`` in the encoding of ``ryg.envs`` (``Position.action``); the
      legal ones are ``info["action_mask"]`` (int8). An illegal action ends the episode as a
      loss (reward -1, ``info["illegal_action"]`` True).
    - Reward: +1 when the agent wins, -1 when it loses, 0 before. Games always end (the cats
      only move forward), so episodes are never truncated.
    - ``info["optimal_actions"]``: the actions that keep the exact result of the position
      (perfect play), from the tablebase; ``info["exact"]``: ``{"winner", "plies"}`` of the
      position with perfect play on both sides; ``info["opponent_move"]``: the opponent's
      last move (``"d8c7"``) or None.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 2}

    def __init__(
        self,
        size: int = 8,
        side: str = "mouse",
        opponent: str = "3",
        seed: int | None = None,
        render_mode: str | None = None,
    ):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r}: expected 'ansi' or 'human'")
        self._core = GameEnv(size, side, opponent, 0 if seed is None else seed)
        self._seed = seed
        self._started = False
        self.size = size
        self.side = side
        self.opponent = opponent
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0, 1, (3, size, size), np.uint8)
        self.action_space = spaces.Discrete(action_count(size))

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is None and not self._started:
            seed = self._seed
            if seed is None:
                seed = int(self.np_random.integers(2**63))
        self._started = True
        observation, info = self._core.reset(seed)
        if self.render_mode == "human":
            self.render()
        return observation, info

    def step(self, action):
        result = self._core.step(int(action))
        if self.render_mode == "human":
            self.render()
        return result

    @property
    def position(self):
        """The current ``ryg.Position``."""
        return self._core.position

    def render(self):
        if self.render_mode is None:
            gym.logger.warn("render() without a render_mode: pass render_mode='ansi' or 'human'")
            return None
        text = str(self._core.position)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


if "ryg/FoxHounds-v0" not in gym.registry:
    gym.register(id="ryg/FoxHounds-v0", entry_point="ryg.envs.gym_env:FoxHoundsEnv")
