import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import ryg  # noqa: E402
from ryg.envs import FoxHoundsEnv, VectorEnv, game_seeds  # noqa: E402


@pytest.mark.parametrize("side", ["mouse", "cats"])
@pytest.mark.parametrize("size", [6, 8])
def test_check_env(size, side):
    check_env(FoxHoundsEnv(size=size, side=side, opponent="3"), skip_render_check=True)


def test_registered_with_gymnasium():
    env = gymnasium.make("ryg/FoxHounds-v0", size=4, render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == str(ryg.Position(size=4))


def test_spaces_and_first_observation():
    env = FoxHoundsEnv()
    assert env.action_space == gymnasium.spaces.Discrete(128)
    assert env.observation_space.shape == (3, 8, 8) and env.observation_space.dtype == np.uint8
    obs, info = env.reset(seed=1)
    assert (obs == ryg.Position().planes()).all()
    assert list(np.flatnonzero(info["action_mask"])) == [8, 9]
    assert info["optimal_actions"] == [8, 9]
    assert info["exact"] == {"winner": "cats", "plies": 44}
    assert info["opponent_move"] is None


def test_the_oracle_is_the_tablebase_at_every_step():
    env = FoxHoundsEnv(size=6, side="cats", opponent="random", seed=3)
    obs, info = env.reset()
    rng = np.random.default_rng(0)
    terminated = False
    while not terminated:
        p = env.position
        solved = ryg.solve(p)
        assert info["exact"] == {"winner": solved["winner"], "plies": solved["plies"]}
        assert info["optimal_actions"] == sorted(p.action(m) for m in solved["best_moves"])
        assert (obs == p.planes()).all() and p.to_move == "cats"
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
    outcome = env.position.outcome
    assert reward == (1.0 if outcome["winner"] == "cats" else -1.0)
    assert info["optimal_actions"] == [] and info["exact"]["plies"] == 0


def test_an_illegal_action_loses():
    env = FoxHoundsEnv()
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(0)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_perfect_agent_wins_as_the_cats():
    env = FoxHoundsEnv(side="cats", opponent="perfect")
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            obs, reward, terminated, _, info = env.step(info["optimal_actions"][0])
        assert reward == 1.0


def episode(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves, terminated = [], False
    while not terminated:
        obs, reward, terminated, _, info = env.step(rng.choice(np.flatnonzero(info["action_mask"])))
        moves.append(info["opponent_move"])
    return moves, reward


def test_seeds_reproduce_episodes():
    env = FoxHoundsEnv(opponent="err:0.5")
    assert episode(env, 7) == episode(env, 7) == episode(FoxHoundsEnv(opponent="err:0.5"), 7)
    assert any(episode(env, 7) != episode(env, s) for s in range(8, 12))


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown level 'ten'"):
        FoxHoundsEnv(opponent="ten")
    with pytest.raises(ValueError, match="unsupported board size '5'"):
        FoxHoundsEnv(size=5)
    with pytest.raises(ValueError):
        FoxHoundsEnv(side="dog")


def test_vector_env_steps_like_single_envs():
    n = 16
    vec = VectorEnv(n, size=6, side="mouse", opponent="5", seed=100, oracle=True)
    singles = [FoxHoundsEnv(size=6, side="mouse", opponent="5") for _ in range(n)]
    obs, info = vec.reset(seed=100)
    single = [e.reset(seed=s) for e, s in zip(singles, game_seeds(100, n))]
    assert obs.shape == (n, 3, 6, 6) and info["action_mask"].shape == (n, 72)
    ended = np.zeros(n, bool)
    rng = np.random.default_rng(1)
    for _ in range(30):
        actions = vec.random_actions()
        masks = info["action_mask"]
        assert all(ended[i] or masks[i, a] == 1 for i, a in enumerate(actions))
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i, env in enumerate(singles):
            if ended[i]:
                # next-step autoreset: the game starts again, reward 0
                assert rewards[i] == 0 and not terminated[i]
                assert vec.fen(i) == ryg.Position(size=6).fen
                env.reset()
                ended[i] = False
                continue
            o, r, t, _, inf = env.step(actions[i])
            assert (obs[i] == o).all() and rewards[i] == r and terminated[i] == t
            assert (info["action_mask"][i] == inf["action_mask"]).all()
            assert list(np.flatnonzero(info["optimal_mask"][i])) == inf["optimal_actions"]
            ended[i] = t
        assert not truncated.any()
    del rng


def test_vector_env_threads_give_the_same_games():
    runs = []
    for threads in (1, 2):
        vec = VectorEnv(600, opponent="3", seed=9, threads=threads)
        vec.reset(seed=9)
        total = 0.0
        for _ in range(40):
            _, rewards, _, _, info = vec.step(vec.random_actions())
            total += rewards.sum()
        runs.append((total, [vec.fen(i) for i in range(0, 600, 37)]))
    assert runs[0] == runs[1]


def test_vector_env_rejects_wrong_batches():
    vec = VectorEnv(4)
    vec.reset(seed=0)
    with pytest.raises(ValueError, match="expected 4 actions, one per game; got 3"):
        vec.step(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="num_envs must be at least 1"):
        VectorEnv(0)


@pytest.mark.parametrize("bad", [72, -1, 1.5, np.float32(3.0), "8"])
def test_out_of_space_actions_raise(bad):
    env = FoxHoundsEnv(size=6)
    _, info = env.reset(seed=0)
    with pytest.raises(ValueError, match=r"outside the action space Discrete\(72\)"):
        env.step(bad)
    # nothing was played: the episode goes on
    assert env.position == ryg.Position(size=6)
    env.step(np.int64(np.flatnonzero(info["action_mask"])[0]))


def test_vector_env_flags_illegal_actions_and_refuses_out_of_space_ones():
    vec = VectorEnv(3, size=6, seed=0, copy=False)
    _, info = vec.reset()
    assert not info["illegal_action"].any()
    actions = vec.random_actions()
    actions[1] = 0  # in the action space, not a legal move
    _, rewards, terminated, _, info = vec.step(actions)
    assert list(info["illegal_action"]) == [False, True, False]
    assert rewards[1] == -1 and terminated[1]
    for bad in ([0, 72, 0], [0, -1, 0]):
        with pytest.raises(ValueError, match=r"actions\[1\] is -?\d+: outside the action space Discrete\(72\)"):
            vec.step(np.array(bad))
    with pytest.raises(ValueError, match="actions must be ints"):
        vec.step(np.array([0.0, 1.5, 0.0]))


def test_check_env_with_a_deterministic_opponent_callable():
    check_env(FoxHoundsEnv(size=6, side="cats", opponent=lambda p: p.legal_actions()[0]), skip_render_check=True)
