"""``SelfPlayVectorEnv``: many two-player games stepped in Rust in one call, both sides'
actions from the caller (self-play: one policy plays both sides). Needs NumPy only."""

from __future__ import annotations

import copy
from typing import Any, Optional, Sequence

import numpy as np
import numpy.typing as npt

from ryg._ryg import Position, SelfPlayCore, action_count
from ryg.envs._common import Actions, Curriculum, Restarts, StartArg, check_actions, fresh_seed, start_option

SelfPlayStep = tuple[npt.NDArray[np.uint8], npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]
"""What ``SelfPlayVectorEnv.step`` returns: observations, rewards ``(num_envs, 2)`` for
``[mouse, cats]``, terminated, truncated, info."""


class SelfPlayVectorEnv:
    """``num_envs`` games of the ``size`` board in which the caller plays both sides: each
    ``step(actions)`` plays, in every game, the action of its side to move.

    - Observations ``(num_envs, 3, N, N)`` uint8, from the side to move's point of view by
      default (``pov=True``: plane 0 the mover's pieces, plane 1 the other side's, plane 2
      all ones when the mouse is to move), so one network plays both sides.
    - ``rewards`` ``(num_envs, 2)`` float32, for ``[mouse, cats]``: +1 for the winner and -1
      for the loser on the step that ends a game, else 0. An action that is not a legal move
      ends the game as a loss of the side that played it (-1 for it, 0 for the other, as
      PettingZoo's classic games do; ``info["illegal_action"]``); one outside the action
      space raises ``ValueError``.
    - ``info["action_mask"]`` ``(num_envs, 2*N*N)`` int8, ``info["to_move"]`` int8 (0 the
      mouse, 1 the cats); with ``oracle=True``, ``info["optimal_mask"]`` (the actions of
      perfect play), ``info["exact_winner"]`` (int8, 0 the mouse, 1 the cats) and
      ``info["exact_plies"]`` (int32) of every game, from the tablebase.
    - Autoreset as ``VectorEnv``'s (Gymnasium's ``NEXT_STEP``): the step after a game ends
      starts it again from the start, ignores its action and returns reward 0.
    - ``curriculum``: positions (drawn uniformly) or a callable given a seeded
      ``numpy.random.Generator`` (returning one position) from which every new game starts —
      at each reset without ``"fen"``/``"fens"`` and each autoreset — instead of the start.
    - Seeding: game ``i``'s random stream (``random_actions``) is spawned from the seed and
      ``i``, as NumPy's ``SeedSequence.spawn`` does (no two games or seeds share one); the same
      seed replays the same games; ``seed=None`` takes fresh entropy from the system.
    - ``reset(options={"fen": fen})`` starts every game from one position, ``{"fens": [...]}``
      each from its own (either side to move); ``ryg.start_positions`` draws them.
    - ``random_actions()`` draws a uniformly random legal action for every game in Rust.
    - ``copy=False`` returns the engine's own arrays, overwritten by the next call.
    - ``pickle``, ``copy.copy`` and ``copy.deepcopy`` give an independent environment that
      continues as this one would (every game, the games to reset, ``random_actions``'
      generator).
    """

    def __init__(
        self,
        num_envs: int,
        size: int = 8,
        seed: Optional[int] = None,
        oracle: bool = False,
        pov: bool = True,
        threads: Optional[int] = None,
        copy: bool = True,
        curriculum: Optional[Curriculum] = None,
    ) -> None:
        self._core = SelfPlayCore(num_envs, size, fresh_seed() if seed is None else seed, oracle, pov, threads)
        self._restarts = None if curriculum is None else Restarts(curriculum, self._core.check_starts)
        self._pending: list[int] = []  # games that ended on the last step: their restarts to draw
        self._seed = seed
        self._copy = copy
        self._started = False
        self._masks: Optional[npt.NDArray[np.int8]] = None
        self.num_envs = num_envs
        self.size = size
        self.oracle = oracle
        self.pov = pov

    def _out(self, batch: tuple[Any, ...]) -> SelfPlayStep:
        observations, to_move, rewards, terminated, illegal, masks, oracle = batch
        if self._copy:
            observations, to_move, rewards, terminated, illegal, masks = (
                a.copy() for a in (observations, to_move, rewards, terminated, illegal, masks)
            )
            oracle = None if oracle is None else tuple(a.copy() for a in oracle)
        self._masks = masks
        info: dict[str, Any] = {"action_mask": masks, "to_move": to_move, "illegal_action": illegal}
        if oracle is not None:
            info["optimal_mask"], info["exact_winner"], info["exact_plies"] = oracle
        return observations, rewards, terminated, np.zeros(self.num_envs, bool), info

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.uint8], dict[str, Any]]:
        """Starts every game again (``seed`` reseeds ``random_actions``): ``(observations, info)``."""
        start = start_option(options)
        if "fen" in start and "fens" in start:
            raise ValueError("reset options 'fen' (one start for every game) and 'fens' (one per game): give one")
        starts: Optional[Sequence[StartArg]] = start["fens"] if "fens" in start else [start["fen"]] if "fen" in start else None
        if seed is None and not self._started:
            seed = fresh_seed() if self._seed is None else self._seed
        if self._restarts is not None:
            if seed is not None:
                self._restarts.seed(seed)
            if starts is None:
                starts = self._restarts.draw(self.num_envs)
        observations, _, _, _, info = self._out(self._core.reset(seed, starts))
        self._started = True
        self._pending = []
        return observations, info

    def step(self, actions: Actions) -> SelfPlayStep:
        """Plays ``actions[i]`` for the side to move of game ``i``: ``(observations, rewards
        (num_envs, 2) for [mouse, cats], terminated, truncated, info)``."""
        if not self._started:
            raise RuntimeError("step() before reset(): call env.reset() first")
        actions = check_actions(actions, action_count(self.size))
        if self._restarts is None:
            return self._out(self._core.step(actions))
        if self._pending:
            self._core.set_restarts(self._pending, self._restarts.draw(len(self._pending)))
        batch = self._core.step(actions)
        self._pending = np.flatnonzero(batch[3]).tolist()
        return self._out(batch)

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for every game, drawn in Rust."""
        return self._core.random_actions()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of every game, ``(num_envs, 2*N*N)`` bool."""
        if self._masks is None:
            raise RuntimeError("action_masks() before reset(): call env.reset() first")
        return self._masks.astype(bool)

    def fen(self, i: int) -> str:
        """The position of game ``i``."""
        return self._core.fen(i)

    def positions(self) -> list[Position]:
        """Every game's position (for ``ryg.search_batch``, ``ryg.solve_batch``)."""
        return [Position(fen) for fen in self._core.fens()]

    def __copy__(self) -> SelfPlayVectorEnv:
        # the games are the engine's: a shallow copy sharing it would move both
        return copy.deepcopy(self)

    def close(self) -> None:
        pass
