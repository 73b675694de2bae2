"""SelfPlayVectorEnv plays the games of the two-player AEC environment, and ryg.search_batch
gives position by position what ryg.search gives."""

import numpy as np
import pytest

import ryg
from ryg.envs import SelfPlayVectorEnv


def aec_games(size, actions_of, count):
    """Plays `count` AEC games with the actions `actions_of(game, ply, mask)` picks; what each
    step showed the next agent."""
    pytest.importorskip("pettingzoo")
    from ryg.envs import raw_env

    games = []
    for g in range(count):
        env = raw_env(size=size, oracle=True, pov=True)
        env.reset()
        seen, ply = [], 0
        while True:
            agent = env.agent_selection
            obs = env.observe(agent)
            info = env.infos[agent]
            seen.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), info.get("exact")))
            if any(env.terminations.values()):
                seen[-1] = seen[-1] + (dict(env.rewards),)
                break
            env.step(actions_of(g, ply, obs["action_mask"]))
            ply += 1
        games.append(seen)
    return games


@pytest.mark.parametrize("size", [4, 6, 8])
def test_self_play_gives_the_aec_games(size):
    count = 12
    rng = np.random.default_rng(size)
    draws = rng.random((count, 200))

    def pick(g, ply, mask):
        legal = np.flatnonzero(mask)
        return int(legal[int(draws[g, ply] * len(legal))])

    expected = aec_games(size, pick, count)
    env = SelfPlayVectorEnv(count, size=size, oracle=True, seed=0)
    obs, info = env.reset()
    got = [[] for _ in range(count)]
    done = np.zeros(count, bool)
    ply = 0
    side = {0: "mouse", 1: "cats"}
    rewards = np.zeros((count, 2), np.float32)
    terminated = np.zeros(count, bool)
    while not done.all():
        actions = env.random_actions()  # what the finished games play (ignored, or a new game's)
        for g in range(count):
            if done[g]:
                continue
            exact = {"winner": side[int(info["exact_winner"][g])], "plies": int(info["exact_plies"][g])}
            entry = (obs[g].tobytes(), info["action_mask"][g].tobytes(), exact if not terminated[g] else None)
            if terminated[g]:
                entry = entry[:2] + (None, {"player_0": int(rewards[g, 0]), "player_1": int(rewards[g, 1])})
                done[g] = True
            else:
                actions[g] = pick(g, ply, info["action_mask"][g])
            got[g].append(entry)
        if done.all():
            break
        was_done = done.copy()
        obs, rewards, terminated, _, info = env.step(actions)
        assert not info["illegal_action"][~was_done].any()
        ply += 1
    # the final observation of the AEC environment shows the finished position, with no
    # legal action; the self-play one shows it too (the reset comes on the next step)
    for g in range(count):
        assert len(got[g]) == len(expected[g])
        for a, b in zip(got[g], expected[g]):
            assert a[:2] == b[:2]
            if len(b) == 4:
                assert a[3] == b[3]
            else:
                assert a[2] == b[2]


def test_rewards_autoreset_and_illegal_actions():
    env = SelfPlayVectorEnv(2, size=6, seed=0)
    obs, info = env.reset()
    assert list(info["to_move"]) == [0, 0]
    actions = env.random_actions()
    actions[1] = 0  # not a legal move of the mouse
    obs, rewards, terminated, _, info = env.step(actions)
    assert list(info["illegal_action"]) == [False, True] and list(terminated) == [False, True]
    assert list(rewards[1]) == [-1.0, 0.0] and list(info["to_move"]) == [1, 0]
    obs, rewards, terminated, _, info = env.step(env.random_actions())
    assert env.fen(1) == ryg.Position(size=6).fen and not rewards[1].any()  # reset, action ignored
    with pytest.raises(ValueError, match="outside the action space"):
        env.step(np.array([72, 0]))
    with pytest.raises(ValueError, match="expected 2 actions"):
        env.step(np.array([0]))


def test_a_game_of_perfect_play_ends_with_the_exact_result():
    env = SelfPlayVectorEnv(3, size=6, oracle=True, seed=0)
    starts = ryg.start_positions(6, count=3, plies=9, seed=4)
    obs, info = env.reset(options={"fens": starts})
    assert list(info["exact_plies"]) == [9, 9, 9]
    winners = info["exact_winner"].copy()
    for _ in range(9):
        actions = info["optimal_mask"].argmax(axis=1)
        obs, rewards, terminated, _, info = env.step(actions)
    assert terminated.all()
    assert list(rewards[:, 0]) == [1.0 if w == 0 else -1.0 for w in winners]


def test_pov_observations_are_the_movers():
    env = SelfPlayVectorEnv(1, size=6, seed=0)
    obs, _ = env.reset()
    p = ryg.Position(size=6)
    assert (obs[0] == p.planes(pov=True)).all()
    obs, _, _, _, _ = env.step(np.array([p.legal_actions()[0]]))
    assert (obs[0] == p.play(p.legal_actions()[0]).planes(pov=True)).all()


@pytest.mark.parametrize("threads", [1, 2])
def test_search_batch_equals_search(threads):
    positions = ryg.start_positions(8, count=24, seed=5) + [ryg.Position()]
    batch = ryg.search_batch(positions, depth=5, threads=threads)
    for i, p in enumerate(positions):
        one = ryg.search(p, depth=5)
        assert batch["best_action"][i] == one["best_action"] == p.action(one["best_move"])
        assert batch["score"][i] == one["score"] and batch["nodes"][i] == one["nodes"]
        assert one["pv"][0] == one["best_move"]


def test_search_finds_the_exact_result_near_the_end():
    for p in ryg.start_positions(6, count=5, plies=5, seed=1):
        found = ryg.search(p, depth=8)
        assert (found["winner"], found["plies"]) == (ryg.solve(p)["winner"], 5)


def test_search_arguments():
    over = ryg.start_positions(4, count=1, plies=1, to_move="mouse")[0]
    over = over.play(ryg.solve(over)["best_moves"][0])
    assert ryg.search(over)["best_move"] is None
    assert ryg.search_batch([over])["best_action"][0] == -1
    with pytest.raises(ValueError, match="depth must be from 1 to"):
        ryg.search(ryg.Position(), depth=0)
    with pytest.raises(ValueError, match="not one FEN string"):
        ryg.search_batch(ryg.Position().fen)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one board size"):
        ryg.search_batch([ryg.Position(), ryg.Position(size=6)])


@pytest.mark.parametrize("how", ["pickle", "deepcopy", "copy"])
def test_copies_continue_as_the_original(how):
    import copy
    import pickle

    clone = {"pickle": lambda x: pickle.loads(pickle.dumps(x)), "deepcopy": copy.deepcopy, "copy": copy.copy}[how]
    env = SelfPlayVectorEnv(5, size=6, seed=3, oracle=True)
    env.reset()
    for _ in range(7):
        env.step(env.random_actions())
    twin = clone(env)
    assert twin._core is not env._core and [twin.fen(i) for i in range(5)] == [env.fen(i) for i in range(5)]
    runs = []
    for e in (twin, env):
        seen = []
        for _ in range(30):
            obs, rewards, terminated, _, info = e.step(e.random_actions())
            seen.append((obs.tobytes(), rewards.tobytes(), terminated.tobytes(), info["optimal_mask"].tobytes()))
        runs.append(seen)
    assert runs[0] == runs[1]


def test_threads_give_the_same_games():
    runs = []
    for threads in (1, 2):
        env = SelfPlayVectorEnv(8192 + 5, size=4, seed=2, oracle=True, threads=threads)
        env.reset()
        seen = []
        for _ in range(12):
            obs, rewards, terminated, _, info = env.step(env.random_actions())
            seen.append([a.tobytes() for a in (obs, rewards, terminated, info["optimal_mask"], info["exact_plies"])])
        runs.append(seen)
    assert runs[0] == runs[1]
