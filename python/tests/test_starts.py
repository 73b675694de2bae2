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


def last_legal(planes, masks):
    """A batch opponent: the highest legal action of every game."""
    assert planes.shape[0] == masks.shape[0] and planes.dtype == np.uint8
    return np.array([np.flatnonzero(m)[-1] for m in masks])


@pytest.mark.parametrize("side", ["mouse", "cats"])
def test_a_batch_opponent_callable_plays_as_the_single_one(side):
    n = 6
    vec = VectorEnv(n, size=6, side=side, opponent=last_legal, seed=0)
    singles = [FoxHoundsEnv(size=6, side=side, opponent=lambda p: p.legal_actions()[-1]) for _ in range(n)]
    obs, info = vec.reset()
    for i, env in enumerate(singles):
        o, _ = env.reset()
        assert (obs[i] == o).all()
    ended = np.zeros(n, bool)
    for _ in range(40):
        actions = vec.random_actions()
        obs, rewards, terminated, _, info = vec.step(actions)
        for i, env in enumerate(singles):
            if ended[i]:
                o, _ = env.reset()
                ended[i] = False
                r, t = 0.0, False
            else:
                o, r, t, _, _ = env.step(int(actions[i]))
            assert (obs[i] == o).all() and rewards[i] == r and terminated[i] == t
            ended[i] = t


def test_a_batch_opponent_that_answers_illegal_moves():
    vec = VectorEnv(3, size=6, opponent=lambda planes, masks: np.zeros(len(masks), np.int64), seed=0)
    vec.reset()
    before = [vec.fen(i) for i in range(3)]
    with pytest.raises(ValueError, match="the opponent answered action 0 in game 0"):
        vec.step(vec.random_actions())
    assert [vec.fen(i) for i in range(3)] == before
    bad = VectorEnv(2, size=6, opponent=lambda planes, masks: [0.5, 1.5], seed=0)
    bad.reset()
    with pytest.raises(ValueError, match="expected an int array of actions"):
        bad.step(bad.random_actions())


def test_start_positions_are_drawn_from_every_kept_position():
    # 4x4: few positions, so 3,000 draws meet every one the filters keep, in the drawn order
    kept = {p for p in ryg.start_positions(4, count=3000, to_move="mouse", seed=1)}
    arrays = ryg.tablebase_arrays(4)
    mouse_to_move_going_on = int(((arrays["to_move"] == 0) & (arrays["plies"] > 0)).sum())
    assert len(kept) == mouse_to_move_going_on
    draws = ryg.start_positions(4, count=50, seed=9)
    assert draws[:10] == ryg.start_positions(4, count=10, seed=9) and ryg.start_positions(4, count=0) == []
