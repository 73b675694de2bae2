"""``FoxHoundsEnv``: El ratón y los gatos as a Gymnasium environment against a ryg level."""

from __future__ import annotations

import copy
from typing import Any, Callable, Optional, Union

import numpy as np
import numpy.typing as npt

from ryg._optional import require
from ryg._ryg import GameEnv, Position, action_count
from ryg.envs._common import check_action, first_seed, start_option
from ryg.envs.render import board_image

require("gymnasium", "ryg.envs.FoxHoundsEnv")
import gymnasium as gym  # noqa: E402
from gymnasium import spaces  # noqa: E402
from gymnasium.error import ResetNeeded  # noqa: E402

RENDER_MODES = ["ansi", "human", "rgb_array"]


Opponent = Union[str, int, Callable[[Position], Union[str, int]]]
"""A ryg level (``"3"``, ``3``, ``"perfect"``) or a callable answering a move or an action."""


class FoxHoundsEnv(gym.Env[npt.NDArray[np.uint8], np.int64]):
    """One side of the game (``side="mouse"`` or ``"cats"``) against ``opponent``: a ryg
    player's level (``"1"``–``"9"`` or ``1``–``9``, ``"perfect"``, ``"random"``, ``"err:0.1"``),
    or a callable given the position (a ``ryg.Position``) that answers a move (``"d8c7"``) or
    an action — another policy, a past checkpoint, ``ryg.Player("5").choose``.

    - Observation: ``Box(0, 1, (3, N, N), uint8)``, planes ``[plane, rank, file]`` (rank 0 is
      rank 1): the mouse, the cats, and all ones when the mouse is to move. With ``pov=True``
      planes 0 and 1 are the mover's pieces and the other side's (the agent's and the
      opponent's: the agent is always the one to move).
    - Action: ``Discrete(2*N*N)`` in the encoding of ``ryg.envs`` (``Position.action``); the
      legal ones are ``info["action_mask"]`` (int8) and ``action_masks()`` (bool, as
      sb3-contrib's MaskablePPO reads them). An illegal action ends the episode as a loss
      (reward -1, ``info["illegal_action"]`` True); an action outside the action space (not
      an int from 0 to ``2*N*N - 1``) raises ``ValueError``.
    - ``reset(options={"fen": fen})`` starts the episode from that position (a FEN or a
      ``ryg.Position`` with the agent to move; ``ryg.start_positions`` draws some); the next
      reset without it starts from the start again.
    - Reward: +1 when the agent wins, -1 when it loses, 0 before. Games always end (the cats
      only move forward), so episodes are never truncated.
    - ``info["optimal_actions"]``: the actions that keep the exact result of the position
      (perfect play), from the tablebase; ``info["exact"]``: ``{"winner", "plies"}`` of the
      position with perfect play on both sides; ``info["opponent_move"]``: the opponent's
      last move (``"d8c7"``) or None.
    - ``step()`` before ``reset()``, or after the episode ended, raises
      ``gymnasium.error.ResetNeeded``.
    - ``pickle``, ``copy.copy`` and ``copy.deepcopy`` give an independent environment that
      continues exactly as this one would (position, the opponent's random choices, the
      seed generator); the tablebase is shared, read-only.
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 2}
    action_space: spaces.Discrete

    def __init__(
        self,
        size: int = 8,
        side: str = "mouse",
        opponent: Opponent = "3",
        seed: Optional[int] = None,
        render_mode: Optional[str] = None,
        pov: bool = False,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"unknown render_mode {render_mode!r}: expected 'ansi', 'human' or 'rgb_array'")
        self._core = GameEnv(size, side, opponent, 0 if seed is None else seed, pov)
        self._seed = seed
        self._started = False
        self._needs_reset: Optional[str] = "step() before reset(): call env.reset() first"
        self.size = size
        self.side = side
        self.opponent = opponent
        self.pov = pov
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0, 1, (3, size, size), np.uint8)
        self.action_space = spaces.Discrete(action_count(size))

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.uint8], dict[str, Any]]:
        super().reset(seed=seed)
        start = start_option(options).get("fen")
        seed = first_seed(seed, self._started, self._seed, self.np_random)
        observation, info = self._core.reset(seed, start)
        self._started = True
        self._needs_reset = None
        if self.render_mode == "human":
            self.render()
        return observation, info

    def step(self, action: Union[int, np.integer[Any]]) -> tuple[npt.NDArray[np.uint8], float, bool, bool, dict[str, Any]]:
        if self._needs_reset is not None:
            raise ResetNeeded(self._needs_reset)
        result = self._core.step(check_action(action, action_count(self.size)))
        if result[2]:
            how = "an illegal action" if result[4]["illegal_action"] else "the game's end"
            self._needs_reset = f"step() after the episode ended ({how}): call env.reset() first"
        if self.render_mode == "human":
            self.render()
        return result

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the current position as a bool array (sb3-contrib's
        convention: MaskablePPO reads it without a wrapper)."""
        return self._core.position.action_mask().astype(bool)

    @property
    def position(self) -> Position:
        """The current ``ryg.Position``."""
        return self._core.position

    def render(self) -> Any:
        if self.render_mode is None:
            gym.logger.warn("render() without a render_mode: pass render_mode='ansi', 'human' or 'rgb_array'")
            return None
        if self.render_mode == "rgb_array":
            return board_image(self._core.position)
        text = str(self._core.position)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def __copy__(self) -> FoxHoundsEnv:
        # an environment's state is its engine's: a shallow copy sharing it would move both
        return copy.deepcopy(self)
