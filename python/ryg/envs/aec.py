"""``aec_env``: El ratón y los gatos as a two-player PettingZoo AEC environment."""

from __future__ import annotations

import copy
from typing import Any, Optional

import numpy as np

import ryg
from ryg._optional import require
from ryg._ryg import action_count
from ryg.envs._common import check_action, start_option
from ryg.envs.render import board_image
from ryg.types import AECGame

gymnasium = require("gymnasium", "ryg.envs.aec_env")
require("pettingzoo", "ryg.envs.aec_env")
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

AGENTS = ["player_0", "player_1"]
SIDES = {"player_0": "mouse", "player_1": "cats"}
AGENT_OF = {"mouse": "player_0", "cats": "player_1"}
RENDER_MODES = ["ansi", "human", "rgb_array"]


def aec_env(
    size: int = 8,
    render_mode: Optional[str] = None,
    oracle: bool = True,
    pov: bool = False,
    dict_observations: bool = True,
) -> AECGame:
    """The AEC environment of ``size`` wrapped as PettingZoo's classic games are: an illegal
    action ends the game with -1 for the agent that played it, an out-of-range action is an
    error, and the API's order is enforced (``step()`` before ``reset()`` raises)."""
    env = raw_env(size=size, render_mode=render_mode, oracle=oracle, pov=pov, dict_observations=dict_observations)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return _OrderEnforcing(env)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper whose shallow copy is a copy of the game too."""

    def __copy__(self) -> Any:
        return copy.deepcopy(self)


class raw_env(AECEnv):  # type: ignore[misc]
    """Agents ``"player_0"`` (the mouse, moving first) and ``"player_1"`` (the cats), as
    PettingZoo names them; ``infos[agent]["side"]`` says which side each plays. Each
    observation is ``{"observation": Box(0, 1, (3, N, N), uint8), "action_mask": Box(0, 1,
    (2*N*N,), int8)}`` (the planes of ``FoxHoundsEnv``; the mask is all zeros for the agent not
    to move); with ``dict_observations=False`` the observation is the planes alone and the
    mask is ``infos[agent]["action_mask"]`` (PettingZoo's other convention: its ``api_test``
    then has nothing to warn about). Rewards are +1 for the winner and -1 for the loser at the
    end. With ``oracle``, the info of the agent to move holds ``optimal_actions`` and
    ``exact`` from the tablebase. With ``pov``, the planes are from the mover's point of view
    (its pieces on plane 0). ``reset(options={"fen": fen})`` starts from that position (either
    side to move). Pickles and copies (of the wrapped environment too) continue exactly as the
    original would."""

    metadata = {
        "render_modes": RENDER_MODES,
        "name": "ryg_mouse_and_cats_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        size: int = 8,
        render_mode: Optional[str] = None,
        oracle: bool = True,
        pov: bool = False,
        dict_observations: bool = True,
    ) -> None:
        super().__init__()
        self.dict_observations = dict_observations
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
        planes = spaces.Box(0, 1, (3, size, size), np.uint8)
        self.observation_spaces = {
            a: (
                spaces.Dict({"observation": planes, "action_mask": spaces.Box(0, 1, (n_actions,), np.int8)})
                if dict_observations
                else planes
            )
            for a in AGENTS
        }
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[0]

    def __copy__(self) -> Any:
        # the game's state is this object's: a shallow copy sharing it would move both
        return copy.deepcopy(self)

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def _mask(self, agent: str) -> np.ndarray:
        if agent == self.agent_selection:
            return self.position.action_mask()
        return np.zeros(action_count(self.size), np.int8)

    def observe(self, agent: str) -> Any:
        planes = self.position.planes(self.pov)
        if not self.dict_observations:
            return planes
        return {"observation": planes, "action_mask": self._mask(agent)}

    def _set_infos(self) -> None:
        self.infos = {a: {"side": SIDES[a]} for a in self.agents}
        if not self.dict_observations:
            for a in self.agents:
                self.infos[a]["action_mask"] = self._mask(a)
        if self.oracle and self.agents:
            solved = ryg.solve(self.position)
            self.infos[self.agent_selection].update(
                optimal_actions=sorted(self.position.action(m) for m in solved["best_moves"]),
                exact={"winner": solved["winner"], "plies": solved["plies"]},
            )

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        fen = start_option(options).get("fen")
        if fen is None:
            self.position = ryg.Position(size=self.size)
        else:
            start = fen if isinstance(fen, ryg.Position) else ryg.Position(fen)
            if start.size != self.size:
                raise ValueError(f"the start '{start.fen}' is on the {start.size}x{start.size} board; the environment's is {self.size}x{self.size}")
            if start.outcome is not None:
                raise ValueError(f"the start '{start.fen}' is a finished game")
            self.position = start
        self.agents = AGENTS[:]
        self.rewards = dict.fromkeys(AGENTS, 0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.agent_selection = AGENT_OF[self.position.to_move]
        self._set_infos()
        if self.render_mode == "human":
            self.render()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.position = self.position.play(check_action(action, action_count(self.size)))
        self.rewards = dict.fromkeys(self.agents, 0)
        outcome = self.position.outcome
        if outcome is not None:
            winner = outcome["winner"]
            for a in self.agents:
                self.rewards[a] = 1 if SIDES[a] == winner else -1
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = AGENT_OF[self.position.to_move]
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
