"""ryg.grading: the share of non-optimal moves and of result-changing mistakes, on positions
checked by hand, and over play and samples against a direct recount."""

import numpy as np
import pytest

import ryg
from ryg.grading import Grade, grade, grade_play, grade_positions, grade_sample

# Hand-checked 4x4 positions (dark squares a1 c1 b2 d2 a3 c3 b4 d4; the mouse wins on rank 4):
# P1: mouse c3, cats b4 b2, the mouse to move. c3d4 reaches the top rank: won in 1 ply, the only
#     best move. c3d2 loses: b4c3 leaves the mouse d2 only c1, and c3d2 then traps it.
P1 = "1c2/2m1/1c2/4 m"
# P2: mouse c3, cats b4 d2, the mouse to move. c3d4 wins at once; c3b2 still wins (the cats
#     cannot move back up to guard b4 and d4: two mouse moves later the mouse is on rank 4),
#     slower: non-optimal, not a mistake.
P2 = "1c2/2m1/3c/4 m"
# P3: P1 after c3d2, the cats to move. b4c3 wins (as above), the only winning move; b4a3
#     lets the mouse through c3 to d4: a mistake.
P3 = "1c2/4/1c1m/4 c"
# P4: P2 with the cats to move: lost whatever they play (b4a3 or d2c1, then the mouse steps
#     onto b4 or d4), both moves as long: no move of the cats is a mistake here.
P4 = "1c2/2m1/3c/4 c"


def always(moves):
    """A policy playing `moves[k]` in the k-th position it is shown."""

    def policy(planes, masks):
        assert len(planes) == len(moves)
        return [ryg.Position(fen).action(mv) for fen, mv in moves]

    return policy


def test_hand_checked_positions():
    won_best = always([(P1, "c3d4")])
    assert grade_positions(won_best, [P1]) == Grade(1, 0, 0)
    assert grade_positions(always([(P1, "c3d2")]), [P1]) == Grade(1, 1, 1)
    assert grade_positions(always([(P2, "c3b2")]), [P2]) == Grade(1, 1, 0)
    assert grade_positions(always([(P2, "c3d4")]), [P2]) == Grade(1, 0, 0)
    assert grade_positions(always([(P3, "b4c3")]), [P3]) == Grade(1, 0, 0)
    assert grade_positions(always([(P3, "b4a3")]), [P3]) == Grade(1, 1, 1)
    assert grade_positions(always([(P4, "b4a3")]), [P4]) == Grade(1, 0, 0)
    assert grade_positions(always([(P4, "d2c1")]), [P4]) == Grade(1, 0, 0)
    # all at once, in one call of the policy
    moves = [(P1, "c3d2"), (P2, "c3b2"), (P3, "b4c3"), (P4, "d2c1")]
    g = grade_positions(always(moves), [fen for fen, _ in moves])
    assert g == Grade(4, 2, 1) and g.non_optimal_share == 0.5 and g.mistake_share == 0.25


def test_an_illegal_action_is_a_mistake_where_the_mover_wins():
    illegal = lambda planes, masks: np.argmin(masks, axis=1)  # noqa: E731  (a 0 of the mask)
    assert grade_positions(illegal, [P1, P4]) == Grade(2, 2, 1)


def perfect(planes, masks):
    """Perfect play from the mover's-view planes: back to the mouse's and the cats' planes,
    then the oracle's first optimal action."""
    planes = planes.copy()
    cats_to_move = planes[:, 2, 0, 0] == 0
    planes[cats_to_move, 0], planes[cats_to_move, 1] = planes[cats_to_move, 1], planes[cats_to_move, 0].copy()
    return ryg.solve_batch(planes)["optimal_mask"].argmax(axis=1)


def first_legal(planes, masks):
    return masks.argmax(axis=1)


def test_perfect_play_makes_no_mistake_in_any_measure():
    for name, g in grade(perfect, 6, level="3", games=40, sample=500).items():
        assert g.moves > 0 and g.non_optimal == 0 and g.mistakes == 0, name
    g = grade_play(perfect, 6, "perfect", games=40)
    assert g.wins == 20  # the 6x6 start is the mouse's: it wins every game as the mouse, none as the cats


def test_play_matches_a_direct_recount():
    # the policy's moves in its games, graded one by one by grade_positions, give the same counts
    seen = []

    def recording(planes, masks):
        actions = first_legal(planes, masks)
        seen.extend(zip(planes.copy(), actions))
        return actions

    for opponent in ("random", "2", "perfect"):
        seen.clear()
        g = grade_play(recording, 6, opponent, games=24, seed=3, pov=False)
        positions = [from_planes(p) for p, _ in seen]
        again = grade_positions(first_legal, positions, pov=False)
        assert (g.moves, g.non_optimal, g.mistakes) == (again.moves, again.non_optimal, again.mistakes), opponent
        assert 0 < g.non_optimal < g.moves


def from_planes(planes):
    """The position of absolute planes (plane 0 the mouse, 1 the cats, 2 ones when the mouse is
    to move), as a FEN."""
    n = planes.shape[-1]
    ranks = []
    for r in range(n - 1, -1, -1):
        row, empty = "", 0
        for f in range(n):
            piece = "m" if planes[0, r, f] else "c" if planes[1, r, f] else ""
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        ranks.append(row + (str(empty) if empty else ""))
    return "/".join(ranks) + (" m" if planes[2, 0, 0] else " c")


def test_the_sample_is_of_every_kind_of_position():
    g = grade_sample(first_legal, 6, count=2000, seed=1)
    assert g.moves == 2000 and 0 < g.mistakes < g.non_optimal < g.moves


def test_bad_answers_are_refused():
    with pytest.raises(ValueError, match="expected one int action each"):
        grade_positions(lambda planes, masks: [0, 1], [P1])
    with pytest.raises(ValueError, match="outside the action space"):
        grade_positions(lambda planes, masks: [999], [P1])
    with pytest.raises(ValueError, match="finished game"):
        grade_positions(first_legal, ["1m2/4/1c2/c3 c"])


def reachable_by_search(policy_move, size, side):
    """Every live position the policy meets playing `side` from the start, the other side
    playing every move: a depth-first search, apart from grade_reachable's layers."""
    seen, stack = set(), [ryg.Position(size=size)]
    while stack:
        p = stack.pop()
        if p.fen in seen or p.outcome is not None:
            continue
        seen.add(p.fen)
        stack.extend([p.play(policy_move(p))] if p.to_move == side else [p.play(mv) for mv in p.legal_moves()])
    return [fen for fen in seen if ryg.Position(fen).to_move == side]


def test_reachable_counts_every_position_once():
    first_move = lambda p: p.legal_actions()[0]  # noqa: E731  (first_legal's move: the lowest action)
    for size in (4, 6):
        for side in ("mouse", "cats"):
            positions = reachable_by_search(first_move, size, side)
            g = ryg.grading.grade_reachable(first_legal, size, side=side, pov=False)
            assert g == grade_positions(first_legal, positions, pov=False), (size, side)
    perfect_play = ryg.grading.grade_reachable(perfect, 6)
    assert perfect_play.moves > 0 and perfect_play.mistakes == 0 and perfect_play.non_optimal == 0
