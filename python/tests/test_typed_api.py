"""The public API used with full annotations: `mypy --strict` checks this file against the
stubs of the compiled module (scripts/test-python), and pytest runs it."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import ryg
from ryg.types import Outcome, Side, SolveResult


def test_typed_position_and_player() -> None:
    p: ryg.Position = ryg.Position(size=6)
    moves: list[str] = p.legal_moves()
    after: ryg.Position = p.play(moves[0])
    mask: npt.NDArray[np.int8] = after.action_mask()
    planes: npt.NDArray[np.uint8] = after.planes(pov=True)
    assert mask.shape == (72,) and planes.shape == (3, 6, 6)
    player = ryg.Player("3", seed=1)
    choice: str = player.choose(after)
    assert choice in after.legal_moves()
    solved: SolveResult = ryg.solve(after)
    assert solved["fen"] == after.fen
    winner: Side = solved["winner"]
    plies: int = solved["moves"][0]["plies"]
    assert winner in ("mouse", "cats") and plies >= 0
    to_move: Side = after.to_move
    outcome: Outcome | None = after.outcome
    assert to_move == "cats" and outcome is None
    starts: list[ryg.Position] = ryg.start_positions(6, count=2, plies=3, winner="cats")
    assert len(starts) == 2


def test_typed_environments() -> None:
    import pytest

    pytest.importorskip("gymnasium")
    from ryg.envs import FoxHoundsEnv, VectorEnv

    env: FoxHoundsEnv = FoxHoundsEnv(size=4, opponent=3)
    obs, info = env.reset(seed=0, options={"fen": ryg.Position(size=4).fen})
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    vec = VectorEnv(2, size=4, seed=0)
    vec.reset()
    vec.step(vec.random_actions())


def test_typed_batches() -> None:
    p = ryg.Position(size=4)
    batch = ryg.solve_batch([p, p.fen])
    plies: npt.NDArray[np.int32] = batch["plies"]
    assert plies[0] == plies[1] == ryg.solve(p)["plies"]
    table = ryg.tablebase_arrays(4)
    assert len(table["winner"]) == 336
    count: int = ryg.action_count(4)
    assert count == 32
    assert [s.name for s in ryg.symmetries(p)] == ["identity"]


def test_typed_self_play_and_search() -> None:
    from ryg.envs import SelfPlayVectorEnv
    from ryg.types import SearchBatch, SearchResult

    env: SelfPlayVectorEnv = SelfPlayVectorEnv(2, size=4, seed=0, oracle=True)
    obs, info = env.reset(options={"fen": ryg.Position(size=4).fen})
    obs, rewards, terminated, truncated, info = env.step(env.random_actions())
    assert rewards.shape == (2, 2) and obs.shape == (2, 3, 4, 4)
    found: SearchResult = ryg.search(ryg.Position(size=4), depth=3)
    best: str | None = found["best_move"]
    batch: SearchBatch = ryg.search_batch(env.positions(), depth=3)
    actions: npt.NDArray[np.int64] = batch["best_action"]
    assert best is not None and len(actions) == 2


def test_typed_big_boards_and_layered_tables() -> None:
    big: ryg.Position = ryg.Position(size=12)
    assert big.size == 12 and ryg.action_count(12) == 288
    move: str = ryg.Player("2", seed=3).choose(big)
    assert move in big.legal_moves()
    try:
        table: ryg.LayeredTablebase = ryg.open_tablebase(12, cache_dir="/nonexistent-ryg-cache", kind="exact")
    except FileNotFoundError as err:
        assert "`ryg solve --size 12 --cache-dir '/nonexistent-ryg-cache'` builds" in str(err)
    else:
        winner: Side = table.winner(big)
        assert winner in ("mouse", "cats")


def test_typed_steps_grades_and_seeds() -> None:
    from ryg.envs import SelfPlayVectorEnv, game_seeds
    from ryg.grading import Grade, grade_positions

    env = SelfPlayVectorEnv(2, size=4, seed=0, curriculum=[ryg.Position(size=4)])
    obs, info = env.reset()
    step = env.step(env.random_actions())
    rewards: npt.NDArray[np.float32] = step[1]
    terminated: npt.NDArray[np.bool_] = step[2]
    planes: npt.NDArray[np.uint8] = step[0]
    assert rewards.shape == (2, 2) and terminated.shape == (2,) and planes.dtype == np.uint8
    seeds: list[int] = game_seeds(0, 2)
    assert len(set(seeds)) == 2

    def first(planes: npt.NDArray[np.uint8], masks: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
        actions: npt.NDArray[np.int64] = masks.argmax(axis=1).astype(np.int64)
        return actions

    g: Grade = grade_positions(first, [ryg.Position(size=4)])
    share: float = g.non_optimal_share
    assert g.moves == 1 and 0.0 <= share <= 1.0


def test_typed_gymnasium_and_pettingzoo() -> None:
    import pytest

    pytest.importorskip("pettingzoo")
    from ryg.envs import FoxHoundsEnv, aec_env
    from ryg.types import AECGame

    env = FoxHoundsEnv(size=4)
    count: int = int(env.action_space.n)
    obs, info = env.reset(seed=0)
    mask: npt.NDArray[np.bool_] = env.action_masks()
    assert count == 32 and mask.shape == (32,) and obs.dtype == np.uint8
    game: AECGame = aec_env(size=4)
    game.reset(seed=0)
    agent: str = game.agent_selection
    assert agent == "player_0" and not game.terminations[agent]
