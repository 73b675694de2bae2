"""Grading a policy exactly: the share of its moves that are not optimal, and of those that
change the game's result, over four sets of positions — those it reaches against a random
opponent, against a ryg level, against perfect play, and a uniform sample of all positions.

A policy's moves are judged by the tablebase: a move is *non-optimal* when it is not one of
perfect play's (the winner's fastest wins, the loser's longest resistance), and a
*result-changing mistake* when it turns a position the mover wins into one it loses. Every
mistake is non-optimal; a non-optimal move in a won position that still wins (slower), or in a
lost one, is not a mistake. The positions reached depend on the opponent: a random one lets a
policy meet easy positions only, perfect play the hardest lines, the uniform sample every kind
alike. Needs NumPy only.

    grades = ryg.grading.grade(policy, size=6, level="5")
    grades["perfect"].mistake_share
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from ryg._ryg import Player, Position, game_seeds, solve_batch, start_positions

Policy = Callable[[npt.NDArray[np.uint8], npt.NDArray[np.int8]], npt.ArrayLike]
"""Given the planes ``(k, 3, N, N)`` of k positions (from the side to move's point of view
with ``pov=True``, as ``SelfPlayVectorEnv`` shows them) and their legal masks ``(k, 2*N*N)``,
returns k actions."""

Opponent = Union[str, int]
"""``"random"``, ``"perfect"``, or a ryg level (``"5"``, ``5``, ``"err:0.1"``)."""


@dataclass(frozen=True)
class Grade:
    """A policy's moves over one set of positions, judged by the tablebase."""

    moves: int
    """The policy's moves graded (one per position of a sample; every move of its games)."""
    non_optimal: int
    """Moves outside perfect play's."""
    mistakes: int
    """Moves that turned a won position into a lost one (an illegal action loses the game)."""
    games: int = 0
    """The games played (0 for a sample of positions)."""
    wins: int = 0
    """The games the policy won."""

    @property
    def non_optimal_share(self) -> float:
        return self.non_optimal / self.moves if self.moves else 0.0

    @property
    def mistake_share(self) -> float:
        return self.mistakes / self.moves if self.moves else 0.0


def _actions(policy: Policy, planes: npt.NDArray[np.uint8], masks: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """The policy's actions for these positions, checked: k ints of the action space."""
    actions = np.asarray(policy(planes, masks)).reshape(-1)
    if actions.shape != (len(masks),) or actions.dtype.kind not in "iu":
        raise ValueError(f"the policy answered {actions.shape[0]} {actions.dtype} values for {len(masks)} positions: expected one int action each")
    out = actions.astype(np.int64)
    if ((out < 0) | (out >= masks.shape[1])).any():
        raise ValueError(f"the policy answered an action outside the action space Discrete({masks.shape[1]})")
    return out


def grade_positions(policy: Policy, positions: Sequence[Union[Position, str]], pov: bool = True) -> Grade:
    """The policy's one move in each of ``positions`` (games that go on, any side to move)."""
    board = [p if isinstance(p, Position) else Position(p) for p in positions]
    if any(p.outcome is not None for p in board):
        raise ValueError("grade_positions: a position is a finished game (no move to grade)")
    return _grade_moves(policy, board, pov)[0]


def _grade_moves(policy: Policy, board: list[Position], pov: bool) -> tuple[Grade, list[Optional[Position]]]:
    """The grade of the policy's move in each live position of ``board``, and the position
    after each move (None after an illegal action)."""
    if not board:
        return Grade(0, 0, 0), []
    planes = np.stack([p.planes(pov=pov) for p in board])
    masks = np.stack([p.action_mask() for p in board])
    actions = _actions(policy, planes, masks)
    exact = solve_batch(board)
    mover = np.array([p.to_move == "cats" for p in board], np.int8)
    legal = masks[np.arange(len(board)), actions] == 1
    optimal = exact["optimal_mask"][np.arange(len(board)), actions] == 1
    after = [p.play(int(a)) for p, a, ok in zip(board, actions, legal) if ok]
    winner_after = 1 - mover  # an illegal action loses
    if after:
        winner_after[legal] = solve_batch(after)["winner"]
    won = exact["winner"] == mover
    mistakes = won & (winner_after != mover)
    children: list[Optional[Position]] = [None] * len(board)
    for i, child in zip(np.flatnonzero(legal), after):
        children[i] = child
    return Grade(len(board), int((~optimal).sum()), int(mistakes.sum())), children


def grade_sample(policy: Policy, size: int, count: int = 10_000, seed: int = 0, pov: bool = True) -> Grade:
    """The policy's move in ``count`` positions drawn uniformly (with replacement, seeded) from
    all positions of games that go on, either side to move (``ryg.start_positions``)."""
    return grade_positions(policy, start_positions(size, count=count, seed=seed), pov=pov)


def grade_reachable(policy: Policy, size: int, side: Optional[str] = None, pov: bool = True) -> Grade:
    """The policy's move in every position it can reach from the start when it plays ``side``
    (``"mouse"``, ``"cats"``, or None for both, added up) and the other side plays every legal
    move: "against any opponent", exhaustively. Each position counts once (a move of a
    deterministic policy is the same wherever the position is met). A 6x6 board has 20,104
    live positions in all; an 8x8 one 2 million: expect this to be slow there."""
    if side is None:
        mouse, cats = grade_reachable(policy, size, "mouse", pov), grade_reachable(policy, size, "cats", pov)
        return Grade(mouse.moves + cats.moves, mouse.non_optimal + cats.non_optimal, mouse.mistakes + cats.mistakes)
    if side not in ("mouse", "cats"):
        raise ValueError(f"side must be 'mouse', 'cats' or None; got {side!r}")
    total = Grade(0, 0, 0)
    layer = {Position(size=size).fen}
    # a position's ply is fixed by where the cats stand, so each position is in one layer
    while layer:
        positions = [Position(fen) for fen in sorted(layer)]
        positions = [p for p in positions if p.outcome is None]
        mine = [p for p in positions if p.to_move == side]
        grade, after = _grade_moves(policy, mine, pov)
        total = Grade(total.moves + grade.moves, total.non_optimal + grade.non_optimal, total.mistakes + grade.mistakes)
        layer = {child.fen for child in after if child is not None}
        layer |= {p.play(mv).fen for p in positions if p.to_move != side for mv in p.legal_moves()}
    return total


def grade_play(
    policy: Policy, size: int, opponent: Opponent = "random", games: int = 400, seed: int = 0, pov: bool = True
) -> Grade:
    """The policy's moves in ``games`` games from the start against ``opponent`` (``"random"``:
    uniformly random moves; ``"perfect"``: a uniformly random move of perfect play; else a
    ryg level), as the mouse in the even games and the cats in the odd ones."""
    from ryg.envs.selfplay import SelfPlayVectorEnv

    env = SelfPlayVectorEnv(games, size=size, seed=seed, oracle=True, pov=pov)
    obs, info = env.reset()
    learner = (np.arange(games) % 2).astype(np.int8)  # 0: the policy plays the mouse
    rng = np.random.default_rng(seed)
    players: Optional[list[Player]] = None
    if str(opponent) not in ("random", "perfect"):
        players = [Player(opponent, seed=s) for s in game_seeds(seed, games)]
    done = np.zeros(games, bool)
    moves = non_optimal = mistakes = wins = 0
    while not done.all():
        live = ~done & (info["action_mask"] != 0).any(axis=1)  # a finished game's masks are zero
        mine = np.flatnonzero(live & (info["to_move"] == learner))
        theirs = np.flatnonzero(live & (info["to_move"] != learner))
        actions = np.zeros(games, np.int64)
        if len(mine):
            actions[mine] = _actions(policy, obs[mine], info["action_mask"][mine])
            non_optimal += int((info["optimal_mask"][mine, actions[mine]] == 0).sum())
            won = info["exact_winner"][mine] == learner[mine]
        if len(theirs):
            if opponent == "random":
                actions[theirs] = env.random_actions()[theirs]
            elif opponent == "perfect":
                for i in theirs:
                    actions[i] = rng.choice(np.flatnonzero(info["optimal_mask"][i]))
            else:
                assert players is not None
                for i in theirs:
                    p = Position(env.fen(int(i)))
                    actions[i] = p.action(players[i].choose(p))
        obs, rewards, terminated, _, info = env.step(actions)
        if len(mine):
            ended = terminated[mine]
            winner_after = np.where(ended, rewards[mine, 1] > rewards[mine, 0], info["exact_winner"][mine])
            mistakes += int((won & (winner_after != learner[mine])).sum())
            moves += len(mine)
        for i in np.flatnonzero(terminated & ~done):
            wins += int(rewards[i, learner[i]] > 0)
        done |= terminated
    return Grade(moves, non_optimal, mistakes, games=games, wins=wins)


def grade(
    policy: Policy,
    size: int,
    level: Opponent = "5",
    games: int = 400,
    sample: int = 10_000,
    seed: int = 0,
    pov: bool = True,
) -> dict[str, Grade]:
    """The four measures: ``"random"``, ``"level"`` (against ``level``), ``"perfect"`` (each
    over ``games`` games, both sides) and ``"uniform"`` (``sample`` positions drawn from all)."""
    return {
        "random": grade_play(policy, size, "random", games, seed, pov),
        "level": grade_play(policy, size, level, games, seed, pov),
        "perfect": grade_play(policy, size, "perfect", games, seed, pov),
        "uniform": grade_sample(policy, size, sample, seed, pov),
    }
