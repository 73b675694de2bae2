"""`import ryg` registers the Gymnasium environment (with the Rust VectorEnv as its vector
entry point); the envs expose sb3-contrib's `action_masks()`; the SB3 adapter and MaskablePPO
(skipped where stable-baselines3 / sb3-contrib are not installed)."""

import subprocess
import sys

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import ryg  # noqa: E402
from ryg.envs import FoxHoundsEnv, VectorEnv  # noqa: E402


def test_import_ryg_alone_registers_the_env():
    code = (
        "import gymnasium, ryg\n"
        "env = gymnasium.make('ryg/FoxHounds-v0', size=6)\n"
        "vec = gymnasium.make_vec('ryg/FoxHounds-v0', num_envs=3, vectorization_mode='vector_entry_point', size=6)\n"
        "print(type(env.unwrapped).__name__, type(vec).__module__, type(vec).__name__, vec.num_envs)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["FoxHoundsEnv", "ryg.envs.vector", "VectorEnv", "3"]


def test_make_vec_defaults_to_the_rust_vector_env():
    vec = gymnasium.make_vec("ryg/FoxHounds-v0", num_envs=4, size=6, opponent="random", seed=2)
    assert isinstance(vec, VectorEnv)
    obs, info = vec.reset()
    assert obs.shape == (4, 3, 6, 6)
    obs, rewards, terminated, truncated, info = vec.step(vec.random_actions())
    assert rewards.shape == (4,) and info["action_mask"].shape == (4, 72)


def test_action_masks():
    env = FoxHoundsEnv(size=8)
    env.reset(seed=0)
    masks = env.action_masks()
    assert masks.dtype == np.bool_ and list(np.flatnonzero(masks)) == [8, 9]
    vec = VectorEnv(3, size=8, opponent="random", seed=0)
    with pytest.raises(gymnasium.error.ResetNeeded):
        vec.action_masks()
    _, info = vec.reset()
    assert vec.action_masks().dtype == np.bool_
    assert (vec.action_masks() == (info["action_mask"] == 1)).all()
    assert [list(np.flatnonzero(m)) for m in vec.action_masks()] == [[8, 9]] * 3


def test_action_masks_through_gymnasium_make():
    # Gymnasium's wrappers pass no unknown attribute on: the documented ways reach the method
    env = gymnasium.make("ryg/FoxHounds-v0", size=8)
    env.reset(seed=0)
    with pytest.raises(AttributeError):
        env.action_masks()
    for masks in (env.get_wrapper_attr("action_masks")(), env.unwrapped.action_masks()):
        assert masks.dtype == np.bool_ and list(np.flatnonzero(masks)) == [8, 9]


def test_sb3_vec_env_resets_in_the_same_step():
    pytest.importorskip("stable_baselines3", reason="stable-baselines3 is not installed (pip install stable-baselines3)")
    from stable_baselines3.common.vec_env import VecEnv as SB3VecEnv

    from ryg.envs.sb3 import VecEnv

    env = VecEnv(5, size=6, opponent="random", seed=3)
    assert isinstance(env, SB3VecEnv)
    obs = env.reset()
    assert obs.shape == (5, 3, 6, 6)
    start = ryg.Position(size=6).planes()
    ended = 0
    for _ in range(60):
        actions = np.array([int(np.flatnonzero(m)[0]) for m in env.env_method("action_masks")])
        obs, rewards, dones, infos = env.step(actions)
        for i in np.flatnonzero(dones):
            ended += 1
            assert rewards[i] in (-1.0, 1.0)
            assert (obs[i] == start).all()  # already the next game
            assert not (infos[i]["terminal_observation"] == start).all()
        assert (env.action_masks() == np.stack([info["action_mask"] for info in infos])).all()
    assert ended > 0


def test_maskable_ppo_runs_without_a_wrapper():
    pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (pip install sb3-contrib)")
    from sb3_contrib import MaskablePPO

    env = FoxHoundsEnv(size=6, opponent="5", seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, device="cpu")
    model.learn(256)
    assert model.num_timesteps >= 256
    from ryg.envs.sb3 import VecEnv

    model = MaskablePPO("MlpPolicy", VecEnv(8, size=6, opponent="5", seed=0), n_steps=32, batch_size=64, n_epochs=1, seed=0, device="cpu")
    model.learn(256)
    assert model.num_timesteps >= 256
