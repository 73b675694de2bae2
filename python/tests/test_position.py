import pickle

import pytest

import ryg


def test_start_position():
    p = ryg.Position()
    assert p.fen == "1c1c1c1c/8/8/8/8/8/8/4m3 m"
    assert (p.size, p.to_move, p.mouse) == (8, "mouse", "e1")
    assert p.cats == ["b8", "d8", "f8", "h8"]
    assert p.legal_moves() == ["e1d2", "e1f2"]
    assert p.outcome is None
    assert ryg.Position(size=6, mouse="a1").fen == "1c1c1c/6/6/6/6/m5 m"


def test_play_and_cats_moves():
    p = ryg.Position().play("e1f2")
    assert p.to_move == "cats"
    assert p.legal_moves() == ["b8a7", "b8c7", "d8c7", "d8e7", "f8e7", "f8g7", "h8g7"]
    # an action number plays the same move
    start = ryg.Position()
    assert start.play(start.action("e1f2")) == p


def test_board_is_the_cli_diagram():
    assert str(ryg.Position(size=4)) == (
        " 4     C     C\n"
        " 3  .     .\n"
        " 2     .     .\n"
        " 1  .     M\n"
        "    a  b  c  d\n"
    )


def test_outcome_when_the_mouse_is_trapped():
    trapped = ryg.Position("1c1c1c2/8/8/8/8/8/1c6/m7 m")
    assert trapped.outcome == {"winner": "cats", "reason": "mouse_trapped"}
    assert trapped.legal_moves() == []
    escaped = ryg.Position("1m1c1c1c/8/8/8/8/8/8/6c1 c")
    assert escaped.outcome == {"winner": "mouse", "reason": "mouse_escaped"}


@pytest.mark.parametrize(
    "fen, message",
    [
        ("bad", "invalid FEN 'bad': missing side to move: add ' m' or ' c' after the board"),
        ("1c1c1c1c/8/8/8/8/8/8/4m3 x", "bad side to move 'x': expected 'm' (mouse) or 'c' (cats)"),
        ("1c1c1c2/8/8/8/8/8/8/4m3 m", "found 3 cats; expected 4 on a 8x8 board"),
    ],
)
def test_bad_fen_raises_value_error(fen, message):
    with pytest.raises(ValueError) as err:
        ryg.Position(fen)
    assert message in str(err.value)


def test_bad_moves_raise_value_error():
    p = ryg.Position()
    with pytest.raises(ValueError, match=r"^illegal move e1d4 for the mouse; legal moves: e1d2 e1f2$"):
        p.play("e1d4")
    with pytest.raises(ValueError, match="expected two squares such as e1f2"):
        p.play("e1")
    with pytest.raises(ValueError, match="not a move on the 8x8 board"):
        p.play(1000)
    with pytest.raises(ValueError, match="unsupported board size '7'"):
        ryg.Position(size=7)
    with pytest.raises(TypeError):
        p.play(1.5)


def test_positions_pickle_hash_and_compare():
    p = ryg.Position().play("e1d2")
    q = pickle.loads(pickle.dumps(p))
    assert q == p and hash(q) == hash(p) and q.fen == p.fen
    assert p != ryg.Position()
    assert repr(p) == "ryg.Position('1c1c1c1c/8/8/8/8/8/3m4/8 c')"


def test_action_encoding_round_trips():
    for size in (4, 6, 8, 10):
        assert ryg.action_count(size) == 2 * size * size
        p = ryg.Position(size=size)
        while p.outcome is None:
            actions = p.legal_actions()
            assert sorted(p.action(m) for m in p.legal_moves()) == actions
            assert [p.move_name(a) for a in actions] == sorted(p.legal_moves(), key=p.action)
            mask = p.action_mask()
            assert mask.dtype.name == "int8" and mask.shape == (2 * size * size,)
            assert list(mask.nonzero()[0]) == actions
            p = p.play(actions[len(actions) // 2])


def test_action_numbers_follow_the_documented_encoding():
    p = ryg.Position()  # mouse on e1: dense index 0*4 + 4//2 = 2
    assert p.action("e1d2") == 4 * 2 + 0  # up-left
    assert p.action("e1f2") == 4 * 2 + 1  # up-right
    cats = p.play("e1f2")  # b8 is dense index 7*4 + 1//2 = 28
    assert cats.action("b8a7") == 4 * 28 + 2  # down-left
    assert cats.action("b8c7") == 4 * 28 + 3  # down-right


def test_planes():
    planes = ryg.Position().planes()
    assert planes.shape == (3, 8, 8) and planes.dtype.name == "uint8"
    assert planes[0].sum() == 1 and planes[0, 0, 4] == 1  # mouse on e1: rank 0, file 4
    assert planes[1].sum() == 4 and all(planes[1, 7, f] == 1 for f in (1, 3, 5, 7))
    assert planes[2].all()
    assert not ryg.Position().play("e1d2").planes()[2].any()
