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


TINY_8X8 = ["--size", "8", "--rounds", "2", "--every", "1", "--games", "8", "--simulations", "8", "--hidden", "16"]
TINY_8X8 += ["--buffer", "2000", "--eval-simulations", "4", "--eval-games", "8", "--sample", "50", "--seed", "3"]


def test_an_8x8_run_is_graded_on_the_four_measures_and_reproducible():
    """--size 8: an 8x8 network and search, graded against random play, a level, perfect play
    and a uniform sample (the exhaustive reachable grading is 6x6's alone); the same seed
    gives the same curve."""
    learn = load()
    cpu = time.process_time()
    curve = learn.main(TINY_8X8)
    assert time.process_time() - cpu < 60, "a tiny 8x8 run should take seconds"
    assert [round_ for round_, _, _ in curve] == [0, 1, 2]
    for _, _, grades in curve:
        assert set(grades) == {"random", "level", "perfect", "uniform"}
        assert all(g.moves > 0 for g in grades.values())
        assert grades["perfect"].games == 8 and grades["uniform"].moves == 50
    again = learn.main(TINY_8X8)
    assert [g for _, _, g in again] == [g for _, _, g in curve]


def test_an_8x8_run_stops_at_its_goal_against_perfect_play():
    """The 8x8 run stops at the first grading after a round of learning whose result-changing
    share against perfect play is within --goal (a share of 1 is met at once), unless --keep-going."""
    learn = load()
    assert [r for r, _, _ in learn.main(TINY_8X8 + ["--goal", "1"])] == [0, 1]
    assert [r for r, _, _ in learn.main(TINY_8X8 + ["--goal", "1", "--keep-going"])] == [0, 1, 2]
    assert [r for r, _, _ in learn.main(TINY_8X8 + ["--goal", "-1"])] == [0, 1, 2]


def test_the_sizes_have_their_own_defaults_and_options_override_them():
    learn = load()
    six, eight = learn.parse([]), learn.parse(["--size", "8"])
    assert (six.size, eight.size) == (6, 8)
    assert six.reachable and not eight.reachable
    assert learn.Net(learn.np.random.default_rng(0), size=8, hidden=eight.hidden).params["w1"].shape == (192, eight.hidden)
    assert learn.parse(["--size", "8", "--hidden", "32", "--simulations", "5"]).hidden == 32
    assert learn.parse(["--size", "8", "--simulations", "5"]).simulations == 5
