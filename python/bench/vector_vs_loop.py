"""Steps per second of ``ryg.envs.VectorEnv`` against a Python loop over ``FoxHoundsEnv``,
both playing random legal actions against the same opponent, measured side by side (in
alternating slices, so a busy machine slows both alike); then the speed of ``ryg.solve`` over
100,000 positions of the 8x8 board once its tablebase is loaded, one by one and as one
batch (``ryg.solve_batch``).

    python python/bench/vector_vs_loop.py [--seconds 6] [--num-envs 1024] [--opponent random 3]
"""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # NumPy's idle BLAS threads only add noise

import numpy as np  # noqa: E402

import ryg  # noqa: E402
from ryg.envs import FoxHoundsEnv, VectorEnv  # noqa: E402

SLICE = 0.25  # seconds of one measurement before switching to the next


class Loop:
    """A plain Python loop over one FoxHoundsEnv, a random legal action each step: drawn as
    Gymnasium's documentation does (`action_space.sample(mask=...)`) when `idiomatic`, else
    with the cheapest draw we know (`random.choice` of the mask's nonzero indices)."""

    def __init__(self, opponent: str, size: int, idiomatic: bool):
        self.env = FoxHoundsEnv(size=size, opponent=opponent, seed=1)
        self.env.action_space.seed(1)
        self.rng = random.Random(1)
        self.idiomatic = idiomatic
        _, self.info = self.env.reset(seed=1)

    def run(self, seconds: float) -> tuple[int, float]:
        env, rng, info = self.env, self.rng, self.info
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(200):
                if self.idiomatic:
                    action = env.action_space.sample(mask=info["action_mask"])
                else:
                    action = rng.choice(np.flatnonzero(info["action_mask"]))
                _, _, terminated, truncated, info = env.step(action)
                if terminated or truncated:
                    _, info = env.reset()
            steps += 200
        self.info = info
        return steps, time.perf_counter() - start


class Vector:
    """One VectorEnv of num_envs games, random legal actions drawn in Rust each step; with
    `copy=False` it returns the arrays it writes into (no allocation per step), with
    `copy=True` (the default) copies of them."""

    def __init__(self, opponent: str, size: int, num_envs: int, threads: int | None, copy: bool):
        self.env = VectorEnv(num_envs, size=size, opponent=opponent, seed=1, threads=threads, copy=copy)
        self.env.reset(seed=1)
        self.num_envs = num_envs

    def run(self, seconds: float) -> tuple[int, float]:
        env, steps, start = self.env, 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(10):
                env.step(env.random_actions())
            steps += 10 * self.num_envs
        return steps, time.perf_counter() - start


def side_by_side(runners: list, seconds: float) -> list[float]:
    """Steps per second of each runner, run in turns of SLICE seconds for `seconds` each."""
    totals = [[0, 0.0] for _ in runners]
    for _ in range(max(1, round(seconds / SLICE))):
        for total, runner in zip(totals, runners):
            steps, elapsed = runner.run(SLICE)
            total[0] += steps
            total[1] += elapsed
    return [steps / elapsed for steps, elapsed in totals]


def positions(count: int, size: int = 8) -> list:
    """`count` positions from random games (repeats included, as an agent meets them)."""
    rng = random.Random(7)
    out, p = [], ryg.Position(size=size)
    while len(out) < count:
        out.append(p)
        p = ryg.Position(size=size) if p.outcome else p.play(rng.choice(p.legal_moves()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time of each measurement")
    parser.add_argument("--num-envs", type=int, default=1024)
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--threads", type=int, default=None, help="VectorEnv threads (default 1)")
    parser.add_argument("--opponent", nargs="+", default=["random", "3"])
    args = parser.parse_args()

    ryg.solve(ryg.Position(size=args.size))  # the tablebase, before any clock starts
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for opponent in args.opponent:
        vector, copying, cheap, idiomatic = side_by_side(
            [
                Vector(opponent, args.size, args.num_envs, args.threads, copy=False),
                Vector(opponent, args.size, args.num_envs, args.threads, copy=True),
                Loop(opponent, args.size, idiomatic=False),
                Loop(opponent, args.size, idiomatic=True),
            ],
            args.seconds,
        )
        print(f"opponent {opponent}: VectorEnv({args.num_envs}, copy=False) {vector:,.0f} steps/s")
        print(f"  VectorEnv({args.num_envs}, copy=True) {copying:,.0f} steps/s")
        for loop, how in ((cheap, "random.choice(np.flatnonzero(mask))"), (idiomatic, "action_space.sample(mask)")):
            print(
                f"  Python loop over FoxHoundsEnv, {how:<36} {loop:>10,.0f} steps/s: "
                f"VectorEnv {vector / loop:5.1f}x (copy=True {copying / loop:5.1f}x)"
            )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    batch = positions(100_000)
    fens = [p.fen for p in batch]
    for name, items in (("ryg.Position", batch), ("FEN", fens)):
        cpu = time.process_time()
        for item in items:
            ryg.solve(item)
        cpu = time.process_time() - cpu
        print(f"ryg.solve of 100,000 8x8 positions given as {name}: {cpu:.2f} s of CPU ({len(items) / cpu:,.0f}/s)")
    planes = np.stack([p.planes() for p in batch])
    for name, items in (("ryg.Position", batch), ("planes", planes)):
        cpu = time.process_time()
        ryg.solve_batch(items)
        cpu = time.process_time() - cpu
        print(f"ryg.solve_batch of the same positions given as {name}: {cpu:.2f} s of CPU ({len(batch) / cpu:,.0f}/s)")


if __name__ == "__main__":
    main()
