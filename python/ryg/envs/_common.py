"""What the environments share: the first reset's seed, fresh entropy for an unseeded one,
the start position of ``reset(options=...)``, the curricula of the vector environments, and
the check that an action is in the action space."""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from ryg._ryg import Position

StartArg = Union[Position, str]

Actions = Union[npt.NDArray[np.integer[Any]], Sequence[int]]
"""A vector environment's actions: one int per game (an int array, or a list of ints)."""

Curriculum = Union[Sequence[StartArg], Callable[[np.random.Generator], StartArg]]
"""Where a vector environment's games start: positions (a FEN or ``ryg.Position`` each), drawn
uniformly for every new game, or a callable given a seeded ``numpy.random.Generator`` that
returns each new game's start."""

# the spawn key of a curriculum's generator: apart from the games' streams (spawned in Rust)
_CURRICULUM_STREAM = 3


def fresh_seed() -> int:
    """A seed from the operating system's entropy (``numpy.random.SeedSequence()``), for an
    environment made with ``seed=None``."""
    return int(np.random.SeedSequence().generate_state(1, np.uint64)[0])


def first_seed(seed: Optional[int], started: bool, constructor_seed: Optional[int], np_random: Any) -> Optional[int]:
    """The seed a reset passes to the engine: ``seed``; else, on the first reset, the
    constructor's seed, or one drawn from the environment's generator (Gymnasium seeded it);
    else None (the engine's generators go on)."""
    if seed is not None or started:
        return seed
    if constructor_seed is not None:
        return constructor_seed
    return int(np_random.integers(2**62))


class Restarts:
    """A vector environment's curriculum: draws the start of every new game, from a set of
    positions (uniformly) or by a callable, with a generator seeded by the environment's seed."""

    def __init__(self, curriculum: Curriculum, check: Callable[[list[StartArg]], Any]) -> None:
        self._draw: Optional[Callable[[np.random.Generator], StartArg]] = None
        self._pool: list[StartArg] = []
        if callable(curriculum):
            self._draw = curriculum
        else:
            if isinstance(curriculum, (str, Position)):
                raise ValueError("curriculum: give a list of positions (or a callable), not one position")
            self._pool = [p if isinstance(p, Position) else Position(p) for p in curriculum]
            if not self._pool:
                raise ValueError("curriculum: no positions to start from")
            check(self._pool)
        self._rng = np.random.default_rng(np.random.SeedSequence(fresh_seed(), spawn_key=(_CURRICULUM_STREAM,)))

    def seed(self, seed: int) -> None:
        """Reseeds the draws (the environment's reset with a seed)."""
        self._rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(_CURRICULUM_STREAM,)))

    def draw(self, count: int) -> list[StartArg]:
        """``count`` starts."""
        if self._draw is not None:
            return [self._draw(self._rng) for _ in range(count)]
        return [self._pool[i] for i in self._rng.integers(len(self._pool), size=count)]


def start_option(options: Optional[dict[str, Any]]) -> dict[str, Any]:
    """The options of ``reset(options=...)``: those the environment reads (``"fen"``, and
    ``"fens"`` for a vector) are used, others left alone (frameworks' checks pass their own:
    PettingZoo's ``api_test`` resets with ``{"options": 1}``)."""
    return dict(options or {})


def check_action(action: Any, count: int) -> int:
    """``action`` as an int, or a ``ValueError`` when it is not in ``Discrete(count)``: an int
    (NumPy's too) from 0 to ``count - 1``. Out-of-space actions are a bug of the agent's code,
    not a move: they are not played (a legal-looking number that is not a legal move is)."""
    if isinstance(action, (int, np.integer)) or (
        isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer)
    ):
        value = int(action)
        if 0 <= value < count:
            return value
    raise ValueError(f"action {action!r} is outside the action space Discrete({count}): expected an int from 0 to {count - 1}")


def check_actions(actions: Any, count: int) -> npt.NDArray[np.int64]:
    """The actions as a contiguous int64 array, or a ``ValueError`` for non-integer ones (the
    engine checks their number and range)."""
    array = np.asarray(actions)
    if array.dtype.kind not in "iu":
        raise ValueError(f"actions must be ints of Discrete({count}); got an array of {array.dtype}")
    return np.ascontiguousarray(array, dtype=np.int64)
