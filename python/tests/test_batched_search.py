"""ryg.BatchedSearch, the ask-and-tell PUCT search: forced wins found with uniform priors and
no values (the rules value the game ends), perfect play with the oracle as its evaluator, the
seed replaying the same searches, and clear errors."""

import numpy as np
import pytest

import ryg
from ryg.grading import grade_reachable

# Hand-checked 4x4 positions (dark squares a1 c1 b2 d2 a3 c3 b4 d4; the mouse wins on rank 4,
# the cats move down only):
# W1: mouse b2, cats a3 d4, the mouse to move. b2c3 wins in 3 plies: the cats' only move is
#     then a3b2 (d4 is blocked by the mouse on c3), and c3b4 reaches rank 4. b2a1 and b2c1 lose.
W1 = "3c/c3/1m2/4 m"
# W2: mouse d2, cats b4 b2, the cats to move. b4c3 wins in 3 plies: the mouse's only move is
#     then d2c1, and c3d2 leaves it none (b2 and d2 are cats). b4a3, b2a1 and b2c1 let it out.
W2 = "1c2/4/1c1m/4 c"


def run(search, evaluate):
    """Steps `search` to its end, each batch of leaves answered by `evaluate(planes, masks,
    positions)`; returns the number of batches."""
    steps = 0
    while not search.done():
        planes, masks = search.leaves()
        priors, values = evaluate(planes, masks, search.leaf_positions())
        search.tell(priors, values)
        steps += 1
    return steps


def uniform(planes, masks, positions):
    return np.ones(masks.shape, np.float32), np.zeros(len(masks), np.float32)


def oracle(planes, masks, positions):
    """Exact values (+1 when the leaf's mover wins), uniform priors."""
    winner = ryg.solve_batch(positions)["winner"]
    mover = np.array([p.to_move == "cats" for p in positions], np.int8)
    return np.ones(masks.shape, np.float32), np.where(winner == mover, 1.0, -1.0).astype(np.float32)


@pytest.mark.parametrize("fen, win", [(W1, "b2c3"), (W2, "b4c3")])
def test_uniform_evaluator_finds_the_forced_win(fen, win):
    position = ryg.Position(fen)
    search = ryg.BatchedSearch([position] * 4, simulations=100, seed=0)
    assert 0 < run(search, uniform) <= 100  # a game's end met is valued without a batch
    assert [position.move_name(int(a)) for a in search.choose(0.0)] == [win] * 4
    assert search.values() == pytest.approx(np.full(4, 1.0), abs=0.35)  # the root's mean tends to a win
    visits = search.visits()
    assert visits.sum(axis=1) == pytest.approx(np.ones(4))
    assert set(np.flatnonzero(visits[0])) <= set(position.legal_actions())


def test_the_oracle_as_evaluator_plays_perfectly_on_6x6():
    def policy(planes, masks):
        search = ryg.BatchedSearch(planes, simulations=24, seed=1)
        run(search, oracle)
        return search.choose(0.0)

    grade = grade_reachable(policy, 6, pov=False)
    assert grade.moves > 1000
    assert grade.mistakes == 0


def test_the_same_seed_gives_the_same_search():
    def searched(seed):
        search = ryg.BatchedSearch([ryg.Position(size=8)] * 16, simulations=20, dirichlet_fraction=0.25, seed=seed)
        rng = np.random.default_rng(0)
        run(search, lambda p, m, _: (rng.random(m.shape), rng.uniform(-1, 1, len(m))))
        return search.visits(), search.choose(1.0)

    (v0, a0), (v0b, a0b), (v1, _) = searched(0), searched(0), searched(1)
    assert np.array_equal(v0, v0b) and np.array_equal(a0, a0b)
    assert not np.array_equal(v0, v1)
    assert len({v.tobytes() for v in v0}) > 1  # each game has its own noise


def test_leaves_hands_out_the_movers_view_and_each_game_once():
    cats = ryg.Position(W2)
    search = ryg.BatchedSearch([ryg.Position(W1), cats], simulations=2, seed=0)
    planes, masks = search.leaves()
    assert search.leaf_games() == [0, 1]
    assert np.array_equal(planes[1], cats.planes(pov=True))
    assert np.array_equal(masks[1], cats.action_mask())
    again, _ = search.leaves()  # not told yet: the same leaves
    assert np.array_equal(again, planes)
    search.tell(np.ones(masks.shape), np.zeros(2))
    planes, masks = search.leaves()
    assert planes.shape == (2, 3, 4, 4)
    assert [p.fen for p in search.leaf_positions()] != [W1, W2]


def test_bad_arguments_are_value_errors():
    start = ryg.Position(size=6)
    with pytest.raises(ValueError, match="finished game"):
        ryg.BatchedSearch(["1c2/2m1/1c2/4 m", "1m2/4/1c1c/4 c"])
    with pytest.raises(ValueError, match="at least one"):
        ryg.BatchedSearch([])
    with pytest.raises(ValueError, match="simulations"):
        ryg.BatchedSearch([start], simulations=0)
    with pytest.raises(ValueError, match="one board|board"):
        ryg.BatchedSearch([start, ryg.Position(size=8)])
    search = ryg.BatchedSearch([start, start], simulations=4)
    with pytest.raises(ValueError, match="search first"):
        search.choose()
    _, masks = search.leaves()
    with pytest.raises(ValueError, match="shape"):
        search.tell(np.ones((1, 72)), np.zeros(1))
    with pytest.raises(ValueError, match="finite"):
        search.tell(np.full(masks.shape, np.nan), np.zeros(2))
    with pytest.raises(ValueError, match="float"):
        search.tell(np.ones(masks.shape, np.int64), np.zeros(2))
    with pytest.raises(ValueError, match="temperature"):
        run(search, uniform)
        search.choose(-1.0)
