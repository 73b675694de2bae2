"""The shapes of what ``ryg`` returns, for type checkers: ``ryg.solve``'s dict, an outcome,
``ryg.solve_batch``'s and ``ryg.tablebase_arrays``' arrays, the sides' and reasons' names."""

from __future__ import annotations

from typing import Literal, TypedDict

import numpy as np
import numpy.typing as npt

__all__ = [
    "Side",
    "Reason",
    "Outcome",
    "Exact",
    "MoveResult",
    "SolveResult",
    "SolveBatch",
    "TablebaseArrays",
]

Side = Literal["mouse", "cats"]
"""A side's name: who moves, who wins."""

Reason = Literal["mouse_escaped", "mouse_trapped", "cats_blocked"]
"""Why a game ended."""


class Outcome(TypedDict):
    """``Position.outcome`` of a finished game."""

    winner: Side
    reason: Reason


class Exact(TypedDict):
    """The exact result with perfect play: the winner and the plies to the end."""

    winner: Side
    plies: int


class MoveResult(TypedDict):
    """One move of ``ryg.solve``'s ``moves``: the result after it."""

    move: str
    winner: Side
    plies: int


class SolveResult(TypedDict):
    """``ryg.solve``: the dict of ``ryg solve --json``."""

    fen: str
    winner: Side
    plies: int
    best_moves: list[str]
    moves: list[MoveResult]


class SolveBatch(TypedDict):
    """``ryg.solve_batch``: winner (int8, 0 the mouse, 1 the cats), plies (int32),
    optimal_mask (int8, ``(B, 2*N*N)``)."""

    winner: npt.NDArray[np.int8]
    plies: npt.NDArray[np.int32]
    optimal_mask: npt.NDArray[np.int8]


class TablebaseArrays(TypedDict):
    """``ryg.tablebase_arrays``: every position of a board and its exact result."""

    mouse: npt.NDArray[np.uint8]
    cats: npt.NDArray[np.uint8]
    to_move: npt.NDArray[np.uint8]
    winner: npt.NDArray[np.uint8]
    plies: npt.NDArray[np.uint16]
