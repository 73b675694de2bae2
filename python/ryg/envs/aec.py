"""``aec_env``: El ratón y los gatos as a two-player PettingZoo AEC environment."""

from __future__ import annotations

import copy
from typing import Any, Optional

import numpy as np

import ryg
from ryg._optional import require
from ryg._ryg import action_count
from ryg.envs.render import board_image

gymnasium = require("gymnasium", "ryg.envs.aec_env")
require("pettingzoo", "ryg.envs.aec_env")
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

AGENTS = ["mouse", "cats"]
RENDER_MODES = ["ansi", "human", "rgb_array"]


def aec_env(size: int = 8, render_mode: Optional[str] = None, oracle: bool = True, pov: bool = False) -> Any:
    """The AEC environment of ``size`` wrapped as PettingZoo's classic games are: an illegal
    action ends the game with -1 for the agent that played it, an out-of-range action is an
    error, and the API's order is enforced (``step()`` before ``reset()`` raises)."""
    env = raw_env(size=size, render_mode=render_mode, oracle=oracle, pov=pov)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return _OrderEnforcing(env)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper whose shallow copy is a copy of the game too."""

    def __copy__(self) -> Any:
        return copy.deepcopy(self)


class raw_env(AECEnv):  # type: ignore[misc]
    """Agents ``"mouse"`` (moves first) and ``"cats"``. Each observation is
    ``{"observation": Box(0, 1, (3, N, N), uint8), "action_mask": Box(0, 1, (2*N*N,), int8)}``
    (the planes of ``FoxHoundsEnv``; the mask is all zeros for the agent not to move). Rewards
    are +1 for the winner and -1 for the loser at the end. With ``oracle``, the info of the
    agent to move holds ``optimal_actions`` and ``exact`` from the tablebase. With ``pov``,
    the planes are from the mover's point of view (its pieces on plane 0). Pickles and copies
    (of the wrapped environment too) continue exactly as the original would."""

    metadata = {
        "render_modes": RENDER_MODES,
        "name": "ryg_mouse_and_cats_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self, size: int = 8, render_mode: Optional[str] = None, oracle: bool = True, pov: bool = False
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"unknown render_mode {render_mode!r}: expected 'ansi', 'human' or 'rgb_array'")
        self.pov = pov
        self.size = size
        self.position = ryg.Position(size=size)
        self.render_mode = render_mode
        self.oracle = oracle
        self.possible_agents = AGENTS[:]
        self.agents = AGENTS[:]
        n_actions = action_count(size)
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (3, size, size), np.uint8),
                    "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
                }
            )
            for a in AGENTS
        }
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = "mouse"

    def __copy__(self) -> Any:
        # the game's state is this object's: a shallow copy sharing it would move both
        return copy.deepcopy(self)

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if agent == self.agent_selection:
            mask = self.position.action_mask()
        else:
            mask = np.zeros(action_count(self.size), np.int8)
        return {"observation": self.position.planes(self.pov), "action_mask": mask}

    def _set_infos(self) -> None:
        self.infos = {a: {} for a in self.agents}
        if self.oracle and self.agents:
            solved = ryg.solve(self.position)
            self.infos[self.agent_selection] = {
                "optimal_actions": sorted(self.position.action(m) for m in solved["best_moves"]),
                "exact": {"winner": solved["winner"], "plies": solved["plies"]},
            }

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        self.position = ryg.Position(size=self.size)
        self.agents = AGENTS[:]
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.agent_selection = self.position.to_move
        self._set_infos()
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.position = self.position.play(int(action))
        self.rewards = dict.fromkeys(self.agents, 0)
        outcome = self.position.outcome
        if outcome is not None:
            winner = outcome["winner"]
            for a in self.agents:
                self.rewards[a] = 1 if a == winner else -1
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.position.to_move
        self._set_infos()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi', 'human' or 'rgb_array'")
            return None
        if self.render_mode == "rgb_array":
            return board_image(self.position)
        text = str(self.position)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass
