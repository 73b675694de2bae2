"""Bad input gets a clear ValueError (never a silent wrong answer, an OverflowError or a
TypeError for a reasonable value), and the values a researcher naturally passes are accepted."""

import numpy as np
import pytest

import ryg

FEN_4X4 = ryg.Position(size=4).fen


def test_levels_may_be_ints():
    assert ryg.Player(3).level == ryg.Player("3").level == "3"
    p = ryg.Position(size=6)
    assert ryg.Player(3, seed=5).choose(p) == ryg.Player("3", seed=5).choose(p)
    with pytest.raises(ValueError, match="unknown level '10'"):
        ryg.Player(10)
    with pytest.raises(TypeError, match="a level is a name"):
        ryg.Player(3.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 2**64, -(2**70)])
def test_seeds_out_of_range_are_value_errors(seed):
    with pytest.raises(ValueError, match=r"seed must be an int from 0 to 2\*\*64 - 1; got " + str(seed)):
        ryg.Player("3", seed=seed)
    assert ryg.Player("3", seed=2**64 - 1).choose(ryg.Position())


def test_seeds_of_numpy_ints():
    p = ryg.Position(size=6)
    assert ryg.Player("err:0.5", seed=np.int64(4)).choose(p) == ryg.Player("err:0.5", seed=4).choose(p)
    with pytest.raises(ValueError, match="seed must be an int"):
        ryg.Player("3", seed=np.int64(-1))
    with pytest.raises(TypeError, match="seed must be an int; got str"):
        ryg.Player("3", seed="1")  # type: ignore[arg-type]


def test_a_fen_and_a_size_that_disagree():
    with pytest.raises(ValueError, match=r"is a position of the 4x4 board, not of size=8"):
        ryg.Position(FEN_4X4, size=8)
    assert ryg.Position(FEN_4X4, size=4).size == 4
    assert ryg.Position(FEN_4X4).size == 4
    with pytest.raises(ValueError, match="has the mouse on"):
        ryg.Position(ryg.Position().fen, mouse="a1")
    assert ryg.Position(ryg.Position().fen, mouse=ryg.Position().mouse) == ryg.Position()
    assert ryg.Position(size=6) == ryg.Position(size=6, mouse=None)


def test_solve_batch_of_one_fen_string():
    with pytest.raises(ValueError, match="not one FEN string"):
        ryg.solve_batch(FEN_4X4)  # type: ignore[arg-type]
    assert len(ryg.solve_batch([FEN_4X4])["plies"]) == 1
