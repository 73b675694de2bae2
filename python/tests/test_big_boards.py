"""12x12 and 14x14 from Python (the engine's 128-bit build, beside the 64-bit one of the
smaller boards): positions, moves, searches and players agree with the `ryg` binary's JSON
and games on the same positions; what covers the small boards only says so."""

import json
import pickle
import random
import re

import pytest

import ryg
from conftest import run_ryg


def random_positions(size, plies, seed):
    """The positions of a random game of `size` (at most `plies` of them)."""
    rng = random.Random(seed)
    p = ryg.Position(size=size)
    seen = [p]
    while p.outcome is None and len(seen) < plies:
        p = p.play(rng.choice(p.legal_moves()))
        seen.append(p)
    return seen


@pytest.mark.parametrize("size", [12, 14])
def test_positions_and_moves_agree_with_the_command_line(ryg_bin, size):
    start = ryg.Position(size=size)
    assert (start.size, start.to_move, start.outcome) == (size, "mouse", None)
    assert len(start.cats) == size // 2
    for p in random_positions(size, 12, seed=size):
        out = run_ryg(ryg_bin, "moves", "--json", "--fen", p.fen)
        assert out.returncode == 0, out.stderr
        cli = json.loads(out.stdout)
        assert (p.fen, p.to_move, p.legal_moves(), p.outcome) == (cli["fen"], cli["side"], cli["moves"], cli["outcome"])
        # the action encoding covers the big boards too: 2*N*N actions, moves and back
        mask = p.action_mask()
        assert mask.shape == (ryg.action_count(size),) == (2 * size * size,)
        assert list(mask.nonzero()[0]) == p.legal_actions()
        assert sorted(p.move_name(a) for a in p.legal_actions()) == sorted(p.legal_moves())
        assert p.planes(pov=True).shape == (3, size, size)
    q = random_positions(size, 5, seed=1)[-1]
    assert pickle.loads(pickle.dumps(q)) == q and hash(ryg.Position(q.fen)) == hash(q)
    assert ryg.Position(q.fen, size=size) == q
    with pytest.raises(ValueError, match=rf"is a position of the {size}x{size} board, not of size=8"):
        ryg.Position(q.fen, size=8)


@pytest.mark.parametrize("size", [12, 14])
def test_a_search_is_the_command_lines(ryg_bin, size):
    for p in random_positions(size, 20, seed=3)[::6]:
        ours = ryg.search(p, depth=4)
        out = run_ryg(ryg_bin, "analyze", "--json", "--depth", "4", "--fen", p.fen)
        assert out.returncode == 0, out.stderr
        cli = json.loads(out.stdout)
        assert (ours["best_move"], ours["pv"], ours["nodes"], str(ours["score"])) == (
            cli["best_move"],
            cli["pv"],
            cli["nodes"],
            cli["score"],
        )
        assert ours["best_move"] in p.legal_moves()
        # one of the articles' programs, deterministic, as `ryg analyze --engine` plays it
        engine = ryg.Player("ryg3-v10", depth=4).choose(p)
        out = run_ryg(ryg_bin, "analyze", "--json", "--engine", "ryg3-v10", "--depth", "4", "--fen", p.fen)
        assert engine == json.loads(out.stdout)["best_move"]


@pytest.mark.parametrize("size, level, seed", [(12, "3", 7), (14, "2", 5)])
def test_a_players_game_is_the_command_lines(ryg_bin, size, level, seed):
    # `ryg play --side none` lets one computer player play both sides: the same player, level
    # and seed in Python make the same moves, to the end of the game
    out = run_ryg(ryg_bin, "play", "--side", "none", "--size", str(size), "--level", level, "--seed", str(seed), "--delay", "0")
    assert out.returncode == 0, out.stderr
    cli_moves = re.findall(r"^ryg plays (\S+) as the", out.stdout, re.M)
    assert len(cli_moves) > 20
    player = ryg.Player(level, seed=seed)
    p = ryg.Position(size=size)
    moves = []
    while p.outcome is None:
        mv = player.choose(p)
        assert mv in p.legal_moves()
        moves.append(mv)
        p = p.play(mv)
    assert moves == cli_moves
    # a copy goes on as the original
    a = ryg.Player(level, seed=seed)
    a.choose(ryg.Position(size=size))
    b = pickle.loads(pickle.dumps(a))
    q = ryg.Position(size=size).play(moves[0])
    assert a.choose(q) == b.choose(q)


def test_what_covers_the_small_boards_only_says_so():
    big = ryg.Position(size=12)
    beyond = r"12x12 is beyond this function, which covers the boards up to 10x10"
    with pytest.raises(ValueError, match=beyond):
        ryg.solve_batch([big])
    with pytest.raises(ValueError, match=beyond):
        ryg.search_batch([big])
    with pytest.raises(ValueError, match=beyond):
        ryg.tablebase_arrays(12)
    with pytest.raises(ValueError, match=r"14x14 is beyond this function"):
        ryg.start_positions(14)
    with pytest.raises(ValueError, match=r"unsupported board size '16': expected 4, 6, 8, 10, 12 or 14"):
        ryg.Position(size=16)
    with pytest.raises(ValueError, match=r"unsupported board size '11'"):
        ryg.open_tablebase(11)


def test_the_tablebase_levels_name_the_command_that_builds_the_table(tmp_path, monkeypatch):
    # the tests' cache directory has no 12x12 table (it is 1.7 GiB)
    big = ryg.Position(size=12)
    with pytest.raises(FileNotFoundError, match=r"no 12x12 tablebase in '.*': `ryg solve --size 12` builds the exact one there$"):
        ryg.solve(big)
    with pytest.raises(ValueError, match=r"level perfect plays from the exact tablebase, on 12x12 from the layer files `ryg solve --size 12` writes"):
        ryg.Player("perfect").choose(big)
    with pytest.raises(ValueError, match=r"level err:0.1 plays from the exact tablebase, which ryg has for boards up to 12x12"):
        ryg.Player("err:0.1").choose(ryg.Position(size=14))
    # the levels that search play without it
    assert ryg.Player("1").choose(big) in big.legal_moves()
    assert ryg.Player("random", seed=2).choose(big) in big.legal_moves()


def test_a_player_pickled_before_the_big_boards_unpickles():
    # its state was one int, the 64-bit engine's player's; now a pair, the wide one's second
    start = ryg.Position(size=6)
    old, new = ryg.Player("random"), ryg.Player("random")
    old.__setstate__(12345)
    new.__setstate__((12345, 0))
    assert [old.choose(start) for _ in range(8)] == [new.choose(start) for _ in range(8)]
    assert new.__getstate__()[1] == 0
