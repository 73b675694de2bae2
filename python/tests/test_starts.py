"""Any start position: ryg.start_positions draws them from the tablebase, and every
environment's reset(options={"fen": ...}) starts there."""

import numpy as np
import pytest

import ryg

gymnasium = pytest.importorskip("gymnasium")
from ryg.envs import FoxHoundsEnv, VectorEnv  # noqa: E402


def test_start_positions_keep_the_filters():
    starts = ryg.start_positions(6, count=50, plies=7, winner="mouse", to_move="mouse", seed=1)
    assert len(starts) == 50 and len(set(starts)) > 5
    for p in starts:
        solved = ryg.solve(p)
        assert (solved["plies"], solved["winner"], p.to_move, p.outcome) == (7, "mouse", "mouse", None)
    assert ryg.start_positions(6, count=50, plies=7, seed=1) == ryg.start_positions(6, count=50, plies=7, seed=1)
    assert ryg.start_positions(6, count=50, plies=7, seed=1) != ryg.start_positions(6, count=50, plies=7, seed=2)
    with pytest.raises(ValueError, match="no position of the 4x4 board goes on with plies=999"):
        ryg.start_positions(4, plies=999)


def test_fox_hounds_env_starts_from_a_fen():
    start = ryg.start_positions(6, plies=9, to_move="mouse", seed=0)[0]
    env = FoxHoundsEnv(size=6, opponent="perfect")
    obs, info = env.reset(seed=0, options={"fen": start.fen})
    assert env.position == start and (obs == start.planes()).all()
    assert info["exact"] == {"winner": ryg.solve(start)["winner"], "plies": 9}
    env.reset(options={"fen": start})  # a ryg.Position too
    assert env.position == start
    env.reset()
    assert env.position == ryg.Position(size=6)


def test_a_start_must_suit_the_environment():
    env = FoxHoundsEnv(size=6, side="mouse")
    with pytest.raises(ValueError, match="has cats to move; the agent plays mouse"):
        env.reset(options={"fen": ryg.Position(size=6).play("c1b2").fen})
    with pytest.raises(ValueError, match="on the 8x8 board"):
        env.reset(options={"fen": ryg.Position().fen})
    with pytest.raises(ValueError, match="invalid FEN"):
        env.reset(options={"fen": "x"})


def test_vector_env_starts_from_fens():
    starts = ryg.start_positions(6, count=4, plies=11, to_move="cats", seed=2)
    vec = VectorEnv(4, size=6, side="cats", opponent="5", seed=0)
    obs, _ = vec.reset(options={"fens": [p.fen for p in starts]})
    assert [vec.fen(i) for i in range(4)] == [p.fen for p in starts]
    vec.reset(options={"fen": starts[0].fen})
    assert {vec.fen(i) for i in range(4)} == {starts[0].fen}
    with pytest.raises(ValueError, match="one per game"):
        vec.reset(options={"fens": [starts[0].fen] * 3})
    with pytest.raises(ValueError, match="game 1: the start"):
        vec.reset(options={"fens": [starts[0].fen, ryg.Position(size=6).fen, starts[0].fen, starts[0].fen]})


def test_an_opponent_callable():
    seen = []

    def opponent(position):
        seen.append(position)
        return position.legal_actions()[-1]

    env = FoxHoundsEnv(size=6, side="cats", opponent=opponent)
    _, info = env.reset(seed=0)
    assert env.position == ryg.Position(size=6).play(ryg.Position(size=6).legal_actions()[-1])
    terminated = False
    while not terminated:
        before = env.position
        action = info["optimal_actions"][0]
        _, _, terminated, _, info = env.step(action)
        if info["opponent_move"] is not None:
            after = before.play(action)
            assert seen[-1] == after and env.position == after.play(after.legal_actions()[-1])
    assert all(p.to_move == "mouse" for p in seen)


def test_an_opponent_callable_plays_as_a_level_does():
    # ryg.Player("5").choose as the opponent plays the very moves of opponent="5" with the seed
    def play(env):
        _, info = env.reset(seed=7)
        moves, terminated = [], False
        rng = np.random.default_rng(0)
        while not terminated:
            _, reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            moves.append(info["opponent_move"])
        return moves, reward

    assert play(FoxHoundsEnv(size=6, opponent=ryg.Player("5", seed=7).choose)) == play(FoxHoundsEnv(size=6, opponent="5"))


def test_an_opponent_callable_that_answers_an_illegal_move():
    env = FoxHoundsEnv(size=6, opponent=lambda position: "a1b2")
    _, info = env.reset(seed=0)
    before = env.position
    with pytest.raises(ValueError, match="the opponent answered a1b2"):
        env.step(info["action_mask"].nonzero()[0][0])
    assert env.position == before
