"""The learning example's test mode (python/examples/learn_perfect.py --test): a bounded, seeded
run of self-play with ryg.BatchedSearch and a NumPy network, in which the share of
result-changing mistakes over a uniform sample of 6x6 positions falls (graded by the oracle,
which training never reads)."""

import importlib.util
import pathlib
import sys
import time

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "python" / "examples" / "learn_perfect.py"


def load():
    spec = importlib.util.spec_from_file_location("learn_perfect", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules["learn_perfect"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_mistake_share_falls_in_the_test_mode():
    learn = load()
    cpu = time.process_time()
    curve = learn.main(["--test"])
    assert time.process_time() - cpu < 40, "the test mode should stay well under a minute of CPU"
    (first_round, _, first), (last_round, _, last) = curve[0], curve[-1]
    assert (first_round, last_round) == (0, 4)
    assert first["uniform"].moves == last["uniform"].moves == 400
    assert last["uniform"].mistake_share < first["uniform"].mistake_share


def test_training_reads_no_tablebase(monkeypatch):
    """Self-play and training run with the tablebase's entry points in ``ryg`` (and the engine's
    players and alpha-beta search) replaced by one that fails: only grading may read the tablebase."""
    learn = load()

    def forbidden(*args, **kwargs):
        raise AssertionError("the learner read the tablebase")

    for name in ("solve", "solve_batch", "tablebase_arrays", "open_tablebase", "Player", "search", "search_batch"):
        monkeypatch.setattr(learn.ryg, name, forbidden)
    args = learn.parse(["--test"])
    args.games, args.batch = 8, 16
    rng = learn.np.random.default_rng(0)
    net, buffer = learn.Net(rng, hidden=16), learn.Buffer(1000)
    assert learn.self_play(net, buffer, args, rng) > 0
    assert learn.train(net, buffer, args, rng) > 0
