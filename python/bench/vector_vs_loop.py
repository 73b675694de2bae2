"""Steps per second of ``ryg.envs.VectorEnv`` against a Python loop over ``FoxHoundsEnv``,
both playing random legal actions against the same opponent, and the speed of ``ryg.solve``
over 100,000 positions of the 8x8 board once its tablebase is loaded.

    python python/bench/vector_vs_loop.py [--seconds 3] [--num-envs 1024] [--opponent random 3]
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


def loop_steps_per_second(opponent: str, seconds: float, size: int) -> float:
    """A plain Python loop over one FoxHoundsEnv, a random legal action each step."""
    env = FoxHoundsEnv(size=size, opponent=opponent, seed=1)
    rng = random.Random(1)
    _, info = env.reset(seed=1)
    steps, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(1000):
            action = rng.choice(np.flatnonzero(info["action_mask"]))
            _, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                _, info = env.reset()
        steps += 1000
    return steps / elapsed


def vector_steps_per_second(opponent: str, seconds: float, size: int, num_envs: int, threads: int | None) -> float:
    """One VectorEnv of num_envs games, random legal actions drawn in Rust each step."""
    env = VectorEnv(num_envs, size=size, opponent=opponent, seed=1, threads=threads)
    env.reset(seed=1)
    steps, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(20):
            env.step(env.random_actions())
        steps += 20 * num_envs
    return steps / elapsed


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
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--num-envs", type=int, default=1024)
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--threads", type=int, default=None, help="VectorEnv threads (default 1)")
    parser.add_argument("--opponent", nargs="+", default=["random", "3"])
    args = parser.parse_args()

    ryg.solve(ryg.Position(size=args.size))  # the tablebase, before any clock starts
    for opponent in args.opponent:
        loop = loop_steps_per_second(opponent, args.seconds, args.size)
        vector = vector_steps_per_second(opponent, args.seconds, args.size, args.num_envs, args.threads)
        print(
            f"opponent {opponent:>7}: Python loop over FoxHoundsEnv {loop:>12,.0f} steps/s; "
            f"VectorEnv({args.num_envs}) {vector:>12,.0f} steps/s; {vector / loop:5.1f}x"
        )

    batch = positions(100_000)
    fens = [p.fen for p in batch]
    for name, items in (("ryg.Position", batch), ("FEN", fens)):
        cpu = time.process_time()
        for item in items:
            ryg.solve(item)
        cpu = time.process_time() - cpu
        print(f"ryg.solve of 100,000 8x8 positions given as {name}: {cpu:.2f} s of CPU ({len(items) / cpu:,.0f}/s)")


if __name__ == "__main__":
    main()
