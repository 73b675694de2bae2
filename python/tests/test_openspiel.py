import pickle

import pytest

pyspiel = pytest.importorskip("pyspiel")
import ryg  # noqa: E402
import ryg.openspiel  # noqa: E402, F401


@pytest.mark.parametrize("size", [4, 6, 8])
def test_random_sims_with_serialisation(size):
    game = pyspiel.load_game("ryg_mouse_and_cats", {"size": size})
    assert game.num_distinct_actions() == 2 * size * size
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def test_default_size_and_serialisation_round_trip():
    game = pyspiel.load_game("ryg_mouse_and_cats")
    assert str(game) == "ryg_mouse_and_cats(size=8)"
    state = game.new_initial_state()
    assert state.legal_actions() == [8, 9]
    assert state.action_to_string(0, 9) == "mouse e1f2"
    state.apply_action(9)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(state2) == str(state) == "1c1c1c1c/8/8/8/8/8/5m2/8 c"
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert state.exact() == {"winner": "cats", "plies": 43}


def test_returns_follow_perfect_play():
    game = pyspiel.load_game("ryg_mouse_and_cats", {"size": 6})
    state = game.new_initial_state()
    exact = state.exact()
    while not state.is_terminal():
        state.apply_action(state.optimal_actions()[-1])
    assert state.returns() == ([1.0, -1.0] if exact["winner"] == "mouse" else [-1.0, 1.0])
    assert len(state.history()) == exact["plies"]


def test_mcts_runs():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("ryg_mouse_and_cats", {"size": 4})
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=50, evaluator=mcts.RandomRolloutEvaluator(1), random_state=None)
    state = game.new_initial_state()
    assert bot.step(state) in state.legal_actions()


def test_information_state_is_the_history_observation_the_position():
    game = pyspiel.load_game("ryg_mouse_and_cats", {"size": 6})
    state = game.new_initial_state()
    assert state.information_state_string(0) == ""
    first = state.legal_actions()[0]
    state.apply_action(first)
    second = state.legal_actions()[0]
    state.apply_action(second)
    assert state.information_state_string(0) == state.information_state_string(1) == f"{first}, {second}"
    assert state.observation_string(0) == str(state) == state.position.fen
    assert state.history_str() == state.information_state_string(0)


def test_string_to_action_with_or_without_the_player():
    game = pyspiel.load_game("ryg_mouse_and_cats", {"size": 6})
    state = game.new_initial_state()
    for a in state.legal_actions():
        text = state.action_to_string(0, a)
        move = text.split()[1]
        assert state.string_to_action(text) == state.string_to_action(move) == state.string_to_action(0, move) == a
    with pytest.raises(ValueError, match="illegal move"):
        state.string_to_action("a1b2")
    with pytest.raises(ValueError, match="is a move of the cats"):
        state.string_to_action("cats c1d2")


def test_a_start_position_as_a_game_parameter():
    start = ryg.start_positions(6, plies=7, to_move="cats", seed=2)[0]
    game = pyspiel.load_game("ryg_mouse_and_cats", {"fen": start.fen})
    state = game.new_initial_state()
    assert state.position == start and state.current_player() == 1 and state.exact()["plies"] == 7
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(state2) == start.fen and game2.new_initial_state().position == start
    assert game.num_distinct_actions() == 72
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
