"""Curricula: a vector environment given `curriculum` starts every new game — at reset and at
each autoreset — from its positions (or where its callable says), never from the start."""

import copy

import numpy as np
import pytest

import ryg
from ryg.envs import SelfPlayVectorEnv


def starts_seen(env, steps, actions_of):
    """The position of every game at the reset and after each autoreset over `steps` steps."""
    obs, info = env.reset()
    seen = [env.fen(i) for i in range(env.num_envs)]
    ended = np.zeros(env.num_envs, bool)
    for _ in range(steps):
        obs, _, terminated, _, info = env.step(actions_of(env, info))
        seen += [env.fen(i) for i in np.flatnonzero(ended)]
        ended = terminated.copy()
    return seen


def random_moves(env, info):
    return env.random_actions()


def test_self_play_starts_every_game_from_the_set():
    pool = ryg.start_positions(6, count=5, plies=9, seed=1)
    env = SelfPlayVectorEnv(32, size=6, seed=0, curriculum=pool)
    seen = starts_seen(env, 120, random_moves)
    assert len(seen) > 32 + 100  # games ended and started again
    assert set(seen) == {p.fen for p in pool}  # every start from the set, each drawn


def test_a_callable_draws_each_start():
    pool = [p.fen for p in ryg.start_positions(6, count=3, plies=7, seed=2)]
    calls = []

    def draw(rng):
        calls.append(1)
        return pool[int(rng.integers(2))]  # the first two only

    env = SelfPlayVectorEnv(16, size=6, seed=0, curriculum=draw)
    seen = starts_seen(env, 80, random_moves)
    assert set(seen) == set(pool[:2]) and len(calls) == len(seen)


def test_one_seed_draws_the_same_starts():
    pool = ryg.start_positions(6, count=8, plies=9, seed=3)

    def run(seed):
        return starts_seen(SelfPlayVectorEnv(16, size=6, seed=seed, curriculum=pool), 60, random_moves)

    assert run(4) == run(4) and run(4) != run(5)


def test_vector_env_starts_every_game_from_the_set():
    pytest.importorskip("gymnasium")
    from ryg.envs import VectorEnv

    pool = ryg.start_positions(6, count=4, plies=9, to_move="mouse", seed=4)
    env = VectorEnv(32, size=6, side="mouse", opponent="random", seed=0, curriculum=pool)
    seen = starts_seen(env, 100, random_moves)
    assert len(seen) > 32 + 50 and set(seen) == {p.fen for p in pool}


def test_a_copy_draws_what_the_original_draws():
    pool = ryg.start_positions(6, count=6, plies=5, seed=5)
    env = SelfPlayVectorEnv(8, size=6, seed=1, curriculum=pool)
    env.reset()
    for _ in range(7):
        env.step(env.random_actions())
    twin = copy.deepcopy(env)
    for _ in range(30):
        actions = env.random_actions()
        assert (actions == twin.random_actions()).all()
        env.step(actions)
        twin.step(actions)
        assert [env.fen(i) for i in range(8)] == [twin.fen(i) for i in range(8)]


def test_bad_curricula_are_refused():
    with pytest.raises(ValueError, match="no positions"):
        SelfPlayVectorEnv(4, size=6, curriculum=[])
    with pytest.raises(ValueError, match="is on the 8x8 board"):
        SelfPlayVectorEnv(4, size=6, curriculum=[ryg.Position(size=8)])
    with pytest.raises(ValueError, match="not one position"):
        SelfPlayVectorEnv(4, size=6, curriculum=ryg.Position(size=6).fen)
    env = SelfPlayVectorEnv(4, size=6, seed=0, curriculum=lambda rng: ryg.Position(size=4))
    with pytest.raises(ValueError, match="is on the 4x4 board"):
        env.reset()
