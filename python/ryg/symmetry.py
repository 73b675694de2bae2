"""``ryg.symmetries``: the transformations of a board that keep the game, for augmenting
training data."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ryg._ryg import Position, action_count


class Symmetry(NamedTuple):
    """A transformation of the board that keeps the game: its name, the position it makes,
    and ``actions[a]``, the action that action ``a`` becomes."""

    name: str
    position: Position
    actions: np.ndarray


def symmetries(position: Position) -> list[Symmetry]:
    """The symmetries of ``position``'s board, each as a ``Symmetry``.

    Only the identity: the game is played on the dark squares (``a1`` is dark), and on an
    even board the left-right mirror sends every dark square to a light one (``a1`` to
    ``h1``), so the mirrored position is not a position of this board; no other reflection
    or rotation keeps both the dark squares and the cats' direction of travel. Augmenting
    with the mirror would train on positions of a different game. The list is returned so
    that augmentation code written against it stays right."""
    n = position.size
    return [Symmetry("identity", position, np.arange(action_count(n), dtype=np.int64))]
