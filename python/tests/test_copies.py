"""Copies that are copies: pickle, cloudpickle, copy.copy and copy.deepcopy of every
environment and of ryg.Player give independent objects that continue exactly as the original
would."""

import copy
import pickle

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import ryg  # noqa: E402
from ryg.envs import FoxHoundsEnv, VectorEnv  # noqa: E402

try:
    import cloudpickle
except ModuleNotFoundError:  # pragma: no cover - optional
    cloudpickle = None

CLONERS = {
    "pickle": lambda x: pickle.loads(pickle.dumps(x)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
}
if cloudpickle is not None:
    CLONERS["cloudpickle"] = lambda x: cloudpickle.loads(cloudpickle.dumps(x))


def play_out(env, info, rng):
    """Plays random legal actions to the end; what each step showed."""
    seen = []
    terminated = False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, _, info = env.step(action)
        seen.append((action, obs.tobytes(), reward, info["opponent_move"], info["optimal_actions"]))
    return seen, info


@pytest.mark.parametrize("how", sorted(CLONERS))
def test_env_copy_continues_as_the_original(how):
    # err:0.5 draws at random: the opponent's generator must travel with the copy
    env = FoxHoundsEnv(size=6, opponent="err:0.5", seed=11)
    _, info = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(3):
        _, _, _, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    twin = CLONERS[how](env)
    assert twin is not env and twin._core is not env._core
    assert twin.position == env.position
    # the twin moves alone
    first, _ = play_out(twin, info, np.random.default_rng(5))
    assert env.position != twin.position
    second, _ = play_out(env, info, np.random.default_rng(5))
    assert first == second
    # and the next episode, drawn from the seed generator, is the same too
    assert play_out(twin, twin.reset()[1], np.random.default_rng(1))[0] == play_out(
        env, env.reset()[1], np.random.default_rng(1)
    )[0]


def test_env_copy_keeps_its_settings():
    env = FoxHoundsEnv(size=4, side="cats", opponent="random", pov=True, render_mode="ansi")
    twin = pickle.loads(pickle.dumps(env))
    assert (twin.size, twin.side, twin.opponent, twin.pov, twin.render_mode) == (4, "cats", "random", True, "ansi")
    obs, _ = twin.reset(seed=0)
    assert (obs == twin.position.planes(pov=True)).all()


@pytest.mark.parametrize("how", sorted(CLONERS))
def test_vector_copy_continues_as_the_original(how):
    vec = VectorEnv(8, size=6, opponent="err:0.3", seed=4, oracle=True)
    vec.reset()
    for _ in range(5):
        vec.step(vec.random_actions())
    twin = CLONERS[how](vec)
    assert twin._core is not vec._core
    for _ in range(40):  # long enough for games to end and autoreset
        a, b = twin.random_actions(), vec.random_actions()
        assert (a == b).all()
        out_twin, out_vec = twin.step(a), vec.step(b)
        for x, y in zip(out_twin[:4], out_vec[:4]):
            assert (x == y).all()
        assert (out_twin[4]["optimal_mask"] == out_vec[4]["optimal_mask"]).all()
    assert [twin.fen(i) for i in range(8)] == [vec.fen(i) for i in range(8)]


def test_vector_copy_does_not_share_arrays():
    vec = VectorEnv(4, size=6, opponent="random", seed=0, copy=False)
    obs, _ = vec.reset()
    twin = copy.deepcopy(vec)
    twin_obs, *_ = twin.step(twin.random_actions())
    assert twin_obs is not obs
    assert (obs == np.stack([ryg.Position(size=6).planes()] * 4)).all()


@pytest.mark.parametrize("how", sorted(CLONERS))
def test_player_copy_continues_as_the_original(how):
    player = ryg.Player("err:0.5", seed=3)
    p = ryg.Position(size=6)
    positions = []
    while p.outcome is None and len(positions) < 4:
        positions.append(p)
        p = p.play(player.choose(p) if p.to_move == "cats" else p.legal_moves()[0])
    twin = CLONERS[how](player)
    assert repr(twin) == repr(player)
    starts = [ryg.Position(size=6).play(m) for m in ryg.Position(size=6).legal_moves()]
    assert [twin.choose(s) for s in starts * 10] == [player.choose(s) for s in starts * 10]


def test_engine_player_copies():
    player = ryg.Player("ryg3-v10", depth=4)
    twin = pickle.loads(pickle.dumps(player))
    assert (twin.level, twin.depth) == ("ryg3-v10", 4)
    assert twin.choose(ryg.Position()) == player.choose(ryg.Position())


@pytest.mark.parametrize("how", sorted(CLONERS))
def test_aec_copy_continues_as_the_original(how):
    pytest.importorskip("pettingzoo")
    from ryg.envs import aec_env

    env = aec_env(size=6)
    env.reset(seed=0)
    rng = np.random.default_rng(2)
    for _ in range(4):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    twin = CLONERS[how](env)

    def play(e, seed):
        r = np.random.default_rng(seed)
        seen = []
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            action = None if terminated or truncated else int(r.choice(np.flatnonzero(obs["action_mask"])))
            seen.append((agent, obs["observation"].tobytes(), reward, action))
            e.step(action)
        return seen

    assert twin.unwrapped is not env.unwrapped
    assert play(twin, 9) == play(env, 9)
