"""The lifecycle and conventions of round 2: lifecycle errors, rgb_array rendering, the mover's
point of view, symmetries, the batch oracle, the tablebase as arrays, and the message of a
missing framework."""

import subprocess
import sys

import numpy as np
import pytest

import ryg


def test_step_before_reset_and_after_the_end_raise():
    gymnasium = pytest.importorskip("gymnasium")
    from ryg.envs import FoxHoundsEnv, VectorEnv

    env = FoxHoundsEnv(size=4, opponent="random")
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"step\(\) before reset\(\)"):
        env.step(0)
    _, info = env.reset(seed=0)
    _, reward, terminated, _, _ = env.step(0)  # illegal: the episode ends
    assert (reward, terminated) == (-1.0, True)
    with pytest.raises(gymnasium.error.ResetNeeded, match="after the episode ended \\(an illegal action\\)"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    _, info = env.reset(seed=0)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(gymnasium.error.ResetNeeded, match="after the episode ended \\(the game's end\\)"):
        env.step(0)
    with pytest.raises(gymnasium.error.ResetNeeded):
        VectorEnv(2).step(np.zeros(2, np.int64))


def test_rgb_array_draws_the_board():
    pytest.importorskip("gymnasium")
    from ryg.envs import FoxHoundsEnv

    env = FoxHoundsEnv(size=6, render_mode="rgb_array")
    env.reset(seed=0)
    image = env.render()
    assert image.shape == (192, 192, 3) and image.dtype == np.uint8
    centre = lambda rank, file: image[(5 - rank) * 32 + 16, file * 32 + 16]  # noqa: E731
    p = env.position
    mouse = p.mouse  # "c1" on 6x6? read it from the position
    file, rank = ord(mouse[0]) - ord("a"), int(mouse[1:]) - 1
    assert tuple(centre(rank, file)) == (250, 250, 250)
    for cat in p.cats:
        assert tuple(centre(int(cat[1:]) - 1, ord(cat[0]) - ord("a"))) == (25, 25, 25)
    assert tuple(image[(5 - 2) * 32 + 1, 2 * 32 + 1]) == (181, 136, 99)  # c3: a dark, empty square
    assert tuple(image[(5 - 2) * 32 + 1, 1 * 32 + 1]) == (240, 217, 181)  # b3: a light one


def test_mover_point_of_view():
    p = ryg.Position(size=6).play(ryg.Position(size=6).legal_moves()[0])  # the cats to move
    plain, pov = p.planes(), p.planes(pov=True)
    assert (pov[0] == plain[1]).all() and (pov[1] == plain[0]).all() and (pov[2] == 0).all()
    start = ryg.Position(size=6)
    assert (start.planes(pov=True) == start.planes()).all()
    pytest.importorskip("gymnasium")
    from ryg.envs import FoxHoundsEnv, VectorEnv

    env = FoxHoundsEnv(size=6, side="cats", opponent="random", pov=True)
    obs, _ = env.reset(seed=1)
    assert (obs == env.position.planes(pov=True)).all() and obs[0].sum() == 3
    vec = VectorEnv(2, size=6, side="cats", opponent="random", seed=1, pov=True)
    obs, _ = vec.reset()
    assert (obs[0] == ryg.Position(vec.fen(0)).planes(pov=True)).all()


def test_no_board_symmetry_but_the_identity():
    for size in (4, 6, 8):
        p = ryg.Position(size=size)
        (identity,) = ryg.symmetries(p)
        assert identity.name == "identity" and identity.position == p
        assert (identity.actions == np.arange(ryg.action_count(size))).all()
        # why: the mirror sends the dark squares (a1 dark) to light ones
        dark = [(f, r) for r in range(size) for f in range(size) if (f + r) % 2 == 0]
        assert all((size - 1 - f + r) % 2 == 1 for f, r in dark)


def random_positions(count, size, seed=0):
    rng = np.random.default_rng(seed)
    out, p = [], ryg.Position(size=size)
    while len(out) < count:
        out.append(p)
        p = ryg.Position(size=size) if p.outcome else p.play(str(rng.choice(p.legal_moves())))
    return out


def test_solve_batch_agrees_with_solve():
    positions = random_positions(300, 6)
    for batch in (positions, [p.fen for p in positions], np.stack([p.planes() for p in positions])):
        result = ryg.solve_batch(batch)
        assert result["winner"].dtype == np.int8 and result["plies"].shape == (300,)
        assert result["optimal_mask"].shape == (300, 72)
        for i, p in enumerate(positions):
            solved = ryg.solve(p)
            assert result["winner"][i] == (solved["winner"] == "cats")
            assert result["plies"][i] == solved["plies"]
            assert list(np.flatnonzero(result["optimal_mask"][i])) == sorted(p.action(m) for m in solved["best_moves"])


def test_solve_batch_rejects_bad_input():
    planes = np.stack([ryg.Position(size=6).planes()] * 2)
    planes[1, 0, 0, 0] = 1  # a second mouse
    with pytest.raises(ValueError, match=r"planes\[1\]: plane 0 \(the mouse\) has 2 squares set; expected 1"):
        ryg.solve_batch(planes)
    with pytest.raises(ValueError, match="one board size"):
        ryg.solve_batch([ryg.Position(size=6), ryg.Position(size=8)])
    with pytest.raises(ValueError, match="at least one position"):
        ryg.solve_batch([])
    with pytest.raises(ValueError, match=r"shape \(batch, 3, N, N\)"):
        ryg.solve_batch(np.zeros((2, 2, 6, 6), np.uint8))
    with pytest.raises(ValueError, match="invalid FEN"):
        ryg.solve_batch(["nonsense"])


def test_tablebase_arrays_are_the_oracle():
    t = ryg.tablebase_arrays(4)
    # 4x4: 2 cats, 8 dark squares: C(8,2) configurations x 6 free squares for the mouse x 2 sides
    assert len(t["mouse"]) == 28 * 6 * 2
    assert t["cats"].shape == (336, 2) and t["plies"].dtype == np.uint16
    for i in range(0, 336, 7):
        planes = np.zeros((3, 16), np.uint8)
        planes[0, t["mouse"][i]] = 1
        planes[1, t["cats"][i]] = 1
        planes[2] = 1 - t["to_move"][i]
        (p,) = [ryg.Position(fen) for fen in [fen_of(planes.reshape(3, 4, 4))]]
        solved = ryg.solve(p)
        assert t["winner"][i] == (solved["winner"] == "cats") and t["plies"][i] == solved["plies"]
    six = ryg.tablebase_arrays(6)
    assert len(six["mouse"]) == 816 * 15 * 2


def fen_of(planes):
    n = planes.shape[1]
    rows = []
    for rank in range(n - 1, -1, -1):
        row, empty = "", 0
        for file in range(n):
            piece = "m" if planes[0, rank, file] else "c" if planes[1, rank, file] else None
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" m" if planes[2].all() else " c")


@pytest.mark.parametrize(
    "module, package",
    [("ryg.openspiel", "open_spiel"), ("ryg.envs.gym_env", "gymnasium"), ("ryg.envs.aec", "pettingzoo")],
)
def test_a_missing_framework_names_the_package(module, package):
    blocked = {"ryg.openspiel": "pyspiel", "ryg.envs.gym_env": "gymnasium", "ryg.envs.aec": "pettingzoo"}[module]
    code = f"import sys; sys.modules[{blocked!r}] = None\nimport {module}\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith(f"ModuleNotFoundError: {module.replace('.gym_env', '.FoxHoundsEnv').replace('.aec', '.aec_env')} needs")
    assert f"pip install {package}" in last


def test_tablebase_arrays_in_chunks_are_the_whole():
    whole = ryg.tablebase_arrays(6)
    entries = ryg.tablebase_entries(6)
    cuts = [0, 1, entries // 3, entries // 3 + 7, entries - 5, entries]
    chunks = [ryg.tablebase_arrays(6, a, b) for a, b in zip(cuts, cuts[1:])]
    for key in whole:
        assert (np.concatenate([c[key] for c in chunks]) == whole[key]).all()
    assert len(ryg.tablebase_arrays(6, start=entries, stop=entries + 10)["plies"]) == 0
    with pytest.raises(ValueError, match="start"):
        ryg.tablebase_arrays(6, 10, 5)
    with pytest.raises(ValueError, match=r"export it in chunks, tablebase_arrays\(10, start, stop\)"):
        ryg.tablebase_arrays(10)
