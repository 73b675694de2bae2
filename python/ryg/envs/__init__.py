"""Reinforcement-learning environments over ryg, each with the tablebase as an exact oracle.

- ``FoxHoundsEnv``: a Gymnasium ``Env``, one side against a ryg level (needs gymnasium).
- ``VectorEnv``: many such games stepped in Rust in one call, NumPy arrays in and out.
- ``SelfPlayVectorEnv``: many two-player games stepped in Rust, both sides' actions from the
  caller (self-play), with the oracle's exact results (needs NumPy only).
- ``aec_env``: the two-player PettingZoo AEC environment (needs pettingzoo).
- ``game_seeds(seed, count)``: the seeds of a ``VectorEnv``'s games' opponents (each spawned
  from the seed and the game's index), to replay game ``i`` in a ``FoxHoundsEnv``;
  ``Curriculum``, the type of the vector environments' ``curriculum`` argument.
- ``ryg.envs.sb3.VecEnv``: ``VectorEnv`` as a Stable-Baselines3 ``VecEnv`` (needs
  stable-baselines3).

The action encoding is shared by all of them (and by ``ryg.openspiel``): action ``4*d + k``
moves the piece on the dark square of dense index ``d = rank*N/2 + file//2`` (rank and file
from 0) one step in direction ``k``: 0 up-left, 1 up-right, 2 down-left, 3 down-right, "up"
being toward the cats' starting rank. ``ryg.Position.action(move)`` and
``ryg.Position.move_name(action)`` convert both ways.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # what a type checker sees: the classes themselves (at run time each is imported on first
    # use, by __getattr__ below)
    from ryg.envs.aec import aec_env, raw_env
    from ryg.envs.gym_env import FoxHoundsEnv
    from ryg.envs.selfplay import SelfPlayVectorEnv
    from ryg.envs.vector import VectorEnv

from ryg._ryg import game_seeds
from ryg.envs._common import Curriculum

__all__ = ["FoxHoundsEnv", "VectorEnv", "SelfPlayVectorEnv", "aec_env", "raw_env", "game_seeds", "Curriculum"]


def __getattr__(name: str) -> Any:
    # Imported on first use, so each environment needs only its own framework installed (a
    # missing one raises ModuleNotFoundError naming the package to install).
    if name == "FoxHoundsEnv":
        from ryg.envs.gym_env import FoxHoundsEnv

        return FoxHoundsEnv
    if name == "VectorEnv":
        from ryg.envs.vector import VectorEnv

        return VectorEnv
    if name == "SelfPlayVectorEnv":
        from ryg.envs.selfplay import SelfPlayVectorEnv

        return SelfPlayVectorEnv
    if name in ("aec_env", "raw_env"):
        from ryg.envs import aec

        return getattr(aec, name)
    raise AttributeError(f"module 'ryg.envs' has no attribute '{name}'")
