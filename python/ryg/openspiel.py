"""``import ryg.openspiel`` registers the OpenSpiel game ``ryg_mouse_and_cats`` (parameters
``size``: 4, 6, 8 or 10, default 8; ``fen``: a start position instead of the start, whose
size is the game's), so OpenSpiel's algorithms run on it::

    import pyspiel
    import ryg.openspiel
    game = pyspiel.load_game("ryg_mouse_and_cats", {"size": 6})

Player 0 is the mouse, player 1 the cats; actions are those of ``ryg.envs`` (``Position.action``);
the returns are +1 for the winner and -1 for the loser. ``state.exact()`` gives the
tablebase's result of the state (``{"winner", "plies"}``) and ``state.optimal_actions()`` the
moves of perfect play. As in OpenSpiel's own perfect-information games, the information
state (``information_state_string``) is the history of actions (perfect recall, e.g.
``"9, 125"``), and the observation (``observation_string``, ``observation_tensor``) is the
position: its FEN and its planes.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import ryg
from ryg._optional import require
from ryg._ryg import action_count

pyspiel = require("pyspiel", "ryg.openspiel")

_SIZES = (4, 6, 8, 10)
_PLAYERS = {"mouse": 0, "cats": 1}
_NAMES = ("mouse", "cats")


def _max_game_length(size: int) -> int:
    # The cats only move forward: N/2 cats, N-1 steps each, the mouse moving between.
    return 2 * (size // 2) * (size - 1) + 1


_GAME_TYPE = pyspiel.GameType(
    short_name="ryg_mouse_and_cats",
    long_name="El raton y los gatos (Fox and Hounds)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"size": 8, "fen": ""},
)


def _game_info(size: int) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=action_count(size),
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=_max_game_length(size),
    )


class MouseAndCatsGame(pyspiel.Game):  # type: ignore[misc, name-defined]
    """The game of ``size`` (a game parameter)."""

    def __init__(self, params: Any = None) -> None:
        params = dict(params or {})
        fen = str(params.get("fen", ""))
        # (OpenSpiel fills in the default size=8 when only the FEN is given: the FEN's size wins)
        self.start = ryg.Position(fen) if fen else None
        size = self.start.size if self.start is not None else int(params.get("size", 8))
        if size not in _SIZES:
            raise ValueError(f"unsupported board size '{size}': expected 4, 6, 8 or 10")
        if self.start is not None and self.start.outcome is not None:
            raise ValueError(f"the start '{fen}' is a finished game")
        self.size = size
        super().__init__(_GAME_TYPE, _game_info(size), {"size": size, "fen": fen} if fen else {"size": size})

    def new_initial_state(self) -> MouseAndCatsState:
        return MouseAndCatsState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "BoardObserver":
        # OpenSpiel asks for the information state with perfect_recall=True
        history = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return BoardObserver(self.size, params, history)


class MouseAndCatsState(pyspiel.State):  # type: ignore[misc, name-defined]
    """A state: the ``ryg.Position`` of the game so far."""

    def __init__(self, game: MouseAndCatsGame) -> None:
        super().__init__(game)
        self.position = game.start if game.start is not None else ryg.Position(size=game.size)

    def current_player(self) -> int:
        if self.position.outcome is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        return _PLAYERS[self.position.to_move]

    def _legal_actions(self, player: int) -> list[int]:
        return self.position.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.position = self.position.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return f"{_NAMES[player]} {self.position.move_name(int(action))}"

    def string_to_action(self, *args: Any) -> int:
        """The action of a legal move given as ``action_to_string`` writes it (``"mouse
        c1d2"``) or as ryg writes it (``"c1d2"``), with or without the player first
        (``string_to_action(player, text)``); ``ValueError`` for a move that is not legal."""
        if len(args) == 2:
            player, text = int(args[0]), str(args[1])
        elif len(args) == 1:
            player, text = self.current_player(), str(args[0])
        else:
            raise TypeError("string_to_action(text) or string_to_action(player, text)")
        words = text.split()
        if len(words) == 2 and words[0] in _PLAYERS:
            if _PLAYERS[words[0]] != player:
                raise ValueError(f"'{text}' is a move of the {words[0]}; player {player} is the {_NAMES[player]}")
            words = words[1:]
        if len(words) != 1 or player != self.current_player():
            raise ValueError(f"'{text}' is not a legal move of player {player} in '{self.position.fen}'")
        return self.position.action(words[0])

    def is_terminal(self) -> bool:
        return self.position.outcome is not None

    def returns(self) -> list[float]:
        outcome = self.position.outcome
        if outcome is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome["winner"] == "mouse" else [-1.0, 1.0]

    def exact(self) -> dict[str, Any]:
        """The tablebase's result of this state: ``{"winner", "plies"}``."""
        solved = ryg.solve(self.position)
        return {"winner": solved["winner"], "plies": solved["plies"]}

    def optimal_actions(self) -> list[int]:
        """The actions of perfect play (those that keep the exact result), ascending."""
        return sorted(self.position.action(m) for m in ryg.solve(self.position)["best_moves"])

    def __str__(self) -> str:
        return self.position.fen


class BoardObserver:
    """The planes of ``ryg.envs`` (mouse, cats, mouse to move), flattened, as float32; as a
    string, the history of actions (the information state) or the position's FEN (the
    observation)."""

    def __init__(self, size: int, params: Any, history: bool = False) -> None:
        self.history = history
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        shape = (3, size, size)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: MouseAndCatsState, player: int) -> None:
        self.dict["observation"][:] = state.position.planes()

    def string_from(self, state: MouseAndCatsState, player: int) -> str:
        if self.history:
            return ", ".join(str(a) for a in state.history())
        return state.position.fen


pyspiel.register_game(_GAME_TYPE, MouseAndCatsGame)
