"""Seeding of the vector environments: an unseeded environment takes fresh entropy, each game's
random stream is spawned from the seed and the game's index (game 1 of seed 0 is not game 0 of
seed 1, as `seed + i` made it), and one seed replays the same games."""

import numpy as np
import pytest

from ryg.envs import SelfPlayVectorEnv, game_seeds


def self_play_games(env, steps):
    """Each game's trajectory (the FEN after every step) under random_actions."""
    env.reset()
    games = [[] for _ in range(env.num_envs)]
    for _ in range(steps):
        env.step(env.random_actions())
        for i, fens in enumerate(games):
            fens.append(env.fen(i))
    return [tuple(fens) for fens in games]


def vector_games(seed, count, steps):
    """Each game's trajectory against the random opponent, the agent playing its first legal
    action (so the games differ only by the opponents' streams)."""
    pytest.importorskip("gymnasium")
    from ryg.envs import VectorEnv

    env = VectorEnv(count, size=8, opponent="random", seed=seed)
    obs, info = env.reset()
    games = [[] for _ in range(count)]
    for _ in range(steps):
        actions = info["action_mask"].argmax(axis=1)
        obs, _, _, _, info = env.step(actions)
        for i, fens in enumerate(games):
            fens.append(env.fen(i))
    return [tuple(fens) for fens in games]


def test_unseeded_self_play_environments_differ():
    a, b = (self_play_games(SelfPlayVectorEnv(16, size=8), 40) for _ in range(2))
    assert a != b


def test_one_seed_replays_the_same_games():
    assert self_play_games(SelfPlayVectorEnv(16, size=8, seed=5), 40) == self_play_games(
        SelfPlayVectorEnv(16, size=8, seed=5), 40
    )
    assert vector_games(5, 16, 40) == vector_games(5, 16, 40)


def test_a_game_plays_alike_in_any_batch():
    # game i's stream depends on the seed and i alone, not on how many games run beside it
    small, large = self_play_games(SelfPlayVectorEnv(4, size=8, seed=9), 30), self_play_games(
        SelfPlayVectorEnv(32, size=8, seed=9), 30
    )
    assert small == large[:4]


def test_seeds_zero_and_one_share_no_game_stream():
    zero, one = set(game_seeds(0, 4096)), set(game_seeds(1, 4096))
    assert len(zero) == len(one) == 4096 and not zero & one
    # and no game of seed 0 plays like any game of seed 1 (with `seed + i`, game i + 1 of seed 0
    # replayed game i of seed 1)
    for games in (lambda s: vector_games(s, 16, 40), lambda s: self_play_games(SelfPlayVectorEnv(16, size=8, seed=s), 40)):
        a, b = games(0), games(1)
        assert len(set(a)) == len(a) == 16 and not set(a) & set(b)


def test_reset_with_a_seed_reseeds_every_stream():
    env = SelfPlayVectorEnv(8, size=6, seed=3)
    first = self_play_games(env, 25)
    env.reset(seed=3)

    games = [[] for _ in range(8)]
    for _ in range(25):
        env.step(env.random_actions())
        for i, fens in enumerate(games):
            fens.append(env.fen(i))
    again = [tuple(fens) for fens in games]
    assert again == first
