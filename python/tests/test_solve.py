import json
import random

import pytest

import ryg
from conftest import run_ryg


def test_solve_the_start():
    result = ryg.solve(ryg.Position())
    assert result == {
        "fen": "1c1c1c1c/8/8/8/8/8/8/4m3 m",
        "winner": "cats",
        "plies": 44,
        "best_moves": ["e1d2", "e1f2"],
        "moves": [
            {"move": "e1d2", "winner": "cats", "plies": 43},
            {"move": "e1f2", "winner": "cats", "plies": 43},
        ],
    }
    assert ryg.solve("1c1c1c/6/6/6/6/2m3 m")["winner"] == "mouse"


def test_solve_a_fen_or_position_alike():
    fen = "1c1c1c1c/8/8/8/8/8/3m4/8 c"
    assert ryg.solve(fen) == ryg.solve(ryg.Position(fen))


def test_solve_matches_the_command_line(ryg_bin):
    rng = random.Random(22)
    for size in (4, 6, 8):
        p = ryg.Position(size=size)
        while p.outcome is None:
            out = run_ryg(ryg_bin, "solve", "--json", "--fen", p.fen)
            assert out.returncode == 0, out.stderr
            assert ryg.solve(p) == json.loads(out.stdout)
            p = p.play(rng.choice(p.legal_moves()))


def test_bad_fen_message_is_the_command_lines(ryg_bin):
    for fen in ["bad", "1c1c1c1c/8/8/8/8/8/8/4m3", "1c1c1c1c/8/8/8/8/8/8/4m3 m extra", "9/8 m"]:
        out = run_ryg(ryg_bin, "show", "--fen", fen)
        assert out.returncode == 2
        cli = out.stderr.strip().removeprefix("ryg: error: invalid --fen ")
        with pytest.raises(ValueError) as err:
            ryg.solve(fen)
        # both read every board up to 14x14: the messages are the same to the letter
        assert str(err.value) == "invalid FEN " + cli


def test_perfect_play_follows_the_exact_result():
    # the winner wins in exactly the plies the tablebase gives, whatever best move is chosen
    rng = random.Random(5)
    p = ryg.Position(size=6)
    exact = ryg.solve(p)
    plies = 0
    while p.outcome is None:
        p = p.play(rng.choice(ryg.solve(p)["best_moves"]))
        plies += 1
    assert (p.outcome["winner"], plies) == (exact["winner"], exact["plies"])


def test_players():
    with pytest.raises(ValueError, match=r"unknown level '10': expected 1 to 9, 'perfect', 'random' or 'err:F'"):
        ryg.Player("10")
    assert ryg.Player("ERR:0.10").level == "err:0.1"
    p = ryg.Position()
    perfect = ryg.Player("perfect", seed=1)
    assert perfect.choose(p) in ryg.solve(p)["best_moves"]
    with pytest.raises(ValueError, match="the game is over"):
        perfect.choose("1c1c1c2/8/8/8/8/8/1c6/m7 m")


def play_game(mouse, cats, size=8):
    p = ryg.Position(size=size)
    moves = []
    while p.outcome is None:
        mv = (mouse if p.to_move == "mouse" else cats).choose(p)
        moves.append(mv)
        p = p.play(mv)
    return moves, p.outcome["winner"]


def test_seeds_reproduce_games():
    a = play_game(ryg.Player("random", seed=3), ryg.Player("3", seed=4))
    b = play_game(ryg.Player("random", seed=3), ryg.Player("3", seed=4))
    c = play_game(ryg.Player("random", seed=30), ryg.Player("3", seed=4))
    assert a == b
    assert a != c


def test_perfect_cats_beat_a_random_mouse():
    for seed in range(5):
        _, winner = play_game(ryg.Player("random", seed=seed), ryg.Player("perfect", seed=seed))
        assert winner == "cats"


def test_the_articles_programs_play_at_their_depth():
    ryg3 = ryg.Player("ryg3-v10", depth=8)
    assert (ryg3.level, ryg3.depth) == ("ryg3-v10", 8)
    assert repr(ryg3) == "ryg.Player('ryg3-v10', depth=8)"
    # After e1f2, RYG3 v10 at depth 8 answers b8a7, the article's move, as `ryg analyze
    # --engine ryg3-v10` does.
    assert ryg3.choose("1c1c1c1c/8/8/8/8/8/5m2/8 c") == "b8a7"
    assert ryg.Player("ryg1").depth == 3
    # deterministic: the seed does not matter
    a = play_game(ryg.Player("perfect", seed=1), ryg.Player("ryg3-v10", depth=4, seed=1))
    b = play_game(ryg.Player("perfect", seed=1), ryg.Player("ryg3-v10", depth=4, seed=9))
    assert a == b
    with pytest.raises(ValueError, match="ryg1 searches depths 1 to 7, not 9"):
        ryg.Player("ryg1", depth=9)
    with pytest.raises(ValueError, match="depth is for the articles' engines"):
        ryg.Player("3", depth=4)
