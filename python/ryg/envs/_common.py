"""What the environments share: the first reset's seed, the start position of
``reset(options=...)``, and the check that an action is in the action space."""

from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np

from ryg._ryg import Position

StartArg = Union[Position, str]


def first_seed(seed: Optional[int], started: bool, constructor_seed: Optional[int], np_random: Any) -> Optional[int]:
    """The seed a reset passes to the engine: ``seed``; else, on the first reset, the
    constructor's seed, or one drawn from the environment's generator (Gymnasium seeded it);
    else None (the engine's generators go on)."""
    if seed is not None or started:
        return seed
    if constructor_seed is not None:
        return constructor_seed
    return int(np_random.integers(2**62))


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


def check_actions(actions: Any, count: int) -> np.ndarray:
    """The actions as a contiguous int64 array, or a ``ValueError`` for non-integer ones (the
    engine checks their number and range)."""
    array = np.asarray(actions)
    if array.dtype.kind not in "iu":
        raise ValueError(f"actions must be ints of Discrete({count}); got an array of {array.dtype}")
    return np.ascontiguousarray(array, dtype=np.int64)
