import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import ryg  # noqa: E402
from ryg.envs import aec_env, raw_env  # noqa: E402


# PettingZoo's api_test warns about dict observations, whatever their content, except for
# its own games (by name): the only warnings the default dict_observations=True may give.
DICT_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


@pytest.mark.parametrize("size", [4, 6, 8])
def test_api_test_without_warnings(size):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(aec_env(size=size, dict_observations=False), num_cycles=200)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("size", [4, 8])
def test_api_test_with_dict_observations(size):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(aec_env(size=size), num_cycles=200)
    assert all(str(w.message).startswith(DICT_WARNINGS) for w in caught)


def test_agents_are_player_0_and_player_1_with_their_sides_in_infos():
    env = aec_env(size=6)
    env.reset()
    assert env.possible_agents == ["player_0", "player_1"] and env.agent_selection == "player_0"
    assert env.infos["player_0"]["side"] == "mouse" and env.infos["player_1"]["side"] == "cats"
    env.step(env.infos["player_0"]["optimal_actions"][0])
    assert env.agent_selection == "player_1" and env.infos["player_1"]["side"] == "cats"


def test_mask_in_infos_without_dict_observations():
    env = aec_env(size=6, dict_observations=False)
    env.reset()
    obs = env.observe("player_0")
    assert isinstance(obs, np.ndarray) and obs.shape == (3, 6, 6)
    assert list(np.flatnonzero(env.infos["player_0"]["action_mask"])) == ryg.Position(size=6).legal_actions()
    assert not env.infos["player_1"]["action_mask"].any()


def test_out_of_space_actions_raise_in_the_raw_env():
    env = raw_env(size=6)
    env.reset()
    for bad in (72, -1, 1.5):
        with pytest.raises(ValueError, match="outside the action space Discrete"):
            env.step(bad)
    assert env.position == ryg.Position(size=6)


def test_reset_from_a_fen():
    start = ryg.start_positions(6, plies=5, to_move="cats", seed=3)[0]
    env = aec_env(size=6)
    env.reset(options={"fen": start.fen})
    assert env.unwrapped.position == start and env.agent_selection == "player_1"
    assert env.infos["player_1"]["exact"]["plies"] == 5
    env.reset()
    assert env.unwrapped.position == ryg.Position(size=6)
    with pytest.raises(ValueError, match="on the 8x8 board"):
        env.reset(options={"fen": ryg.Position().fen})


def test_a_game_of_perfect_play():
    env = aec_env(size=6)
    env.reset(seed=0)
    assert env.agent_selection == "player_0"
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
    agent = {"mouse": "player_0", "cats": "player_1"}
    assert final == {agent[winner]: 1, agent["cats" if winner == "mouse" else "mouse"]: -1}


def test_an_illegal_action_loses():
    env = aec_env(size=8)
    env.reset()
    env.step(0)
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {"player_0": -1, "player_1": 0}
