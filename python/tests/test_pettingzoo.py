import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import ryg  # noqa: E402
from ryg.envs import aec_env  # noqa: E402


@pytest.mark.parametrize("size", [4, 6, 8])
def test_api_test(size):
    api_test(aec_env(size=size), num_cycles=200)


def test_a_game_of_perfect_play():
    env = aec_env(size=6)
    env.reset(seed=0)
    assert env.agent_selection == "mouse"
    plies = 0
    exact = None
    final = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated:
            final[agent] = reward
            env.step(None)
            continue
        if exact is None:
            exact = info["exact"]
        assert list(np.flatnonzero(obs["action_mask"])) == env.unwrapped.position.legal_actions()
        env.step(info["optimal_actions"][0])
        plies += 1
    assert plies == exact["plies"] == ryg.solve(ryg.Position(size=6))["plies"]
    winner = exact["winner"]
    assert final == {winner: 1, ("cats" if winner == "mouse" else "mouse"): -1}


def test_an_illegal_action_loses():
    env = aec_env(size=8)
    env.reset()
    env.step(0)
    assert env.terminations == {"mouse": True, "cats": True}
    assert env.rewards == {"mouse": -1, "cats": 0}
