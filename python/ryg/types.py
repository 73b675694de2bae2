"""The shapes of what ``ryg`` returns, for type checkers: ``ryg.solve``'s dict, an outcome,
``ryg.solve_batch``'s and ``ryg.tablebase_arrays``' arrays, the sides' and reasons' names."""

from __future__ import annotations

from typing import Any, Iterator, Literal, Optional, Protocol, TypedDict, Union

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
    "SearchResult",
    "SearchBatch",
    "TableKind",
    "WinLossMove",
    "WinLossResult",
    "LayeredResults",
    "AECGame",
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


class SearchResult(TypedDict):
    """``ryg.search``: the best move (None when the game is over), the score for the side to
    move, the game's end when the search proved it (else None), the nodes, the principal
    variation."""

    best_move: Optional[str]
    best_action: Optional[int]
    score: int
    winner: Optional[Side]
    plies: Optional[int]
    nodes: int
    pv: list[str]


class SearchBatch(TypedDict):
    """``ryg.search_batch``: best_action (int64, -1 when the game is over), score (int32),
    nodes (uint64)."""

    best_action: npt.NDArray[np.int64]
    score: npt.NDArray[np.int32]
    nodes: npt.NDArray[np.uint64]


TableKind = Literal["exact", "win_loss"]
"""What a layered table holds: exact results, or the winner alone (one bit a position)."""


class WinLossMove(TypedDict):
    """One move of a win/loss table's ``solve``: the winner after it."""

    move: str
    winner: Side


class WinLossResult(TypedDict):
    """``LayeredTablebase.solve`` of a win/loss table: the dict of ``ryg solve --win-loss
    --json`` — the winner, the moves that keep the win (none where the side to move loses),
    the moves that keep the best result there is (then every move), each move's winner."""

    fen: str
    winner: Side
    winning_moves: list[str]
    best_moves: list[str]
    moves: list[WinLossMove]


class LayeredResults(TypedDict):
    """``LayeredTablebase.results``: winner (int8, 0 the mouse, 1 the cats), plies (int32, -1
    in a win/loss table)."""

    winner: npt.NDArray[np.int8]
    plies: npt.NDArray[np.int32]


class AECGame(Protocol):
    """What ``ryg.envs.aec_env`` returns — PettingZoo's AEC API, as its wrappers give it — for
    type checkers (PettingZoo has no type information of its own)."""

    possible_agents: list[str]
    agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None: ...
    def step(self, action: Union[int, np.integer[Any], None]) -> None: ...
    def observe(self, agent: str) -> Any: ...
    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]: ...
    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]: ...
    def observation_space(self, agent: str) -> Any: ...
    def action_space(self, agent: str) -> Any: ...
    def render(self) -> Any: ...
    def close(self) -> None: ...
