"""`ryg.open_tablebase`: the layer files `ryg solve` writes, read from Python through the same
library as the command line (`ryg-layers`). Small tables are built here by the `ryg` binary
(8x8 exact with --layered, 6x6 win/loss) in a directory of the test's own: 12x12's and
14x14's files are the same code path at a larger size."""

import json
import os
import random

import numpy as np
import pytest

import ryg
from conftest import run_ryg


def sample(size, count, seed):
    """`count` positions met in random games of `size`, finished ones among them."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        p = ryg.Position(size=size)
        while True:
            found.append(p)
            if p.outcome is not None:
                break
            p = p.play(rng.choice(p.legal_moves()))
    return found[:count]


@pytest.fixture(scope="module")
def tables(ryg_bin, tmp_path_factory):
    """A cache directory holding the 8x8 exact layers and the 6x6 win/loss ones."""
    cache = tmp_path_factory.mktemp("layers")
    for args in (["--size", "8", "--layered"], ["--size", "6", "--win-loss"]):
        out = run_ryg(ryg_bin, "solve", "--stats", "--cache-dir", str(cache), *args)
        assert out.returncode == 0, out.stderr
    return cache


def test_exact_lookups_are_ryg_solve_fen(ryg_bin, tables):
    tb = ryg.open_tablebase(8, cache_dir=tables)
    assert (tb.size, tb.kind, tb.layers) == (8, "exact", 29)
    assert os.path.samefile(tb.path, tables / "tablebase-8x8")
    positions = sample(8, 40, seed=8)
    for p in positions:
        out = run_ryg(ryg_bin, "solve", "--json", "--layered", "--cache-dir", str(tables), "--fen", p.fen)
        assert out.returncode == 0, out.stderr
        cli = json.loads(out.stdout)
        assert tb.solve(p) == cli == ryg.solve(p)
        assert tb.winner(p.fen) == cli["winner"]
    # many at once: the same answers as the in-memory oracle's
    got = tb.results(positions)
    want = ryg.solve_batch(positions)
    assert got["winner"].dtype == np.int8 and got["plies"].dtype == np.int32
    assert (got["winner"] == want["winner"]).all() and (got["plies"] == want["plies"]).all()


def test_win_loss_lookups_are_ryg_solve_win_loss_fen(ryg_bin, tables):
    # the 6x6 exact layers are not there: the win/loss ones are opened
    tb = ryg.open_tablebase(6, cache_dir=str(tables))
    assert (tb.size, tb.kind) == (6, "win_loss")
    assert ryg.open_tablebase(6, cache_dir=tables, kind="win_loss").kind == "win_loss"
    positions = sample(6, 30, seed=6)
    for p in positions:
        out = run_ryg(ryg_bin, "solve", "--json", "--win-loss", "--cache-dir", str(tables), "--fen", p.fen)
        assert out.returncode == 0, out.stderr
        assert tb.solve(p) == json.loads(out.stdout)
        assert tb.winner(p) == ryg.solve(p)["winner"]
    got = tb.results(positions)
    assert (got["winner"] == ryg.solve_batch(positions)["winner"]).all() and (got["plies"] == -1).all()


def test_missing_tables_name_the_command_that_builds_them(tables, tmp_path):
    with pytest.raises(FileNotFoundError) as err:
        ryg.open_tablebase(12, cache_dir=tmp_path)
    assert str(err.value) == (
        f"no 12x12 tablebase in '{tmp_path}': `ryg solve --size 12 --cache-dir '{tmp_path}'` builds the exact one "
        f"there, `ryg solve --size 12 --win-loss --cache-dir '{tmp_path}'` builds the win/loss one there"
    )
    with pytest.raises(FileNotFoundError, match=r"`ryg solve --size 8 --win-loss --cache-dir '.*'` builds the win/loss one there$"):
        ryg.open_tablebase(8, cache_dir=tables, kind="win_loss")
    with pytest.raises(FileNotFoundError, match=r"^no 14x14 tablebase in '.*': `ryg solve --size 14 --win-loss --cache-dir"):
        ryg.open_tablebase(14, cache_dir=tmp_path)
    # an unfinished build (one layer file of 29): resumed by the same command
    partial = tmp_path / "partial"
    out = tables / "tablebase-8x8"
    (partial / "tablebase-8x8").mkdir(parents=True)
    last = sorted(os.listdir(out))[-1]
    (partial / "tablebase-8x8" / last).write_bytes((out / last).read_bytes())
    with pytest.raises(FileNotFoundError, match=r"the 8x8 exact tablebase in '.*' is unfinished \(1 of 29 layer files\): `ryg solve --size 8 --layered --cache-dir '.*'` resumes its build"):
        ryg.open_tablebase(8, cache_dir=partial, kind="exact")


def test_wrong_sizes_and_kinds_are_value_errors(tables):
    tb = ryg.open_tablebase(8, cache_dir=tables)
    with pytest.raises(ValueError, match=r"unsupported board size '9': expected 4, 6, 8, 10, 12 or 14"):
        ryg.open_tablebase(9, cache_dir=tables)
    with pytest.raises(ValueError, match=r"^the position is on 6x6, this table is of 8x8$"):
        tb.winner(ryg.Position(size=6))
    with pytest.raises(ValueError, match=r"^the position is on 12x12, this table is of 8x8$"):
        tb.solve(ryg.Position(size=12))
    with pytest.raises(ValueError, match=r"14x14 has no exact tablebase"):
        ryg.open_tablebase(14, kind="exact")
    with pytest.raises(ValueError, match=r"kind must be 'exact', 'win_loss' or None; got 'wdl'"):
        ryg.open_tablebase(8, cache_dir=tables, kind="wdl")
    with pytest.raises(ValueError, match=r"results takes a list of positions, not one FEN string"):
        tb.results(ryg.Position().fen)
    with pytest.raises(ValueError, match=r"invalid FEN 'bad'"):
        tb.winner("bad")
