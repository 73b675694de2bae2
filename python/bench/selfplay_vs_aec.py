"""Steps per second of ``ryg.envs.SelfPlayVectorEnv`` against a Python loop over the
two-player PettingZoo AEC environment (``ryg.envs.aec_env``), both playing uniformly random
legal moves for both sides, measured side by side in alternating slices (so a busy machine
slows both alike); then ``ryg.search_batch`` against a loop over ``ryg.search``.

    python python/bench/selfplay_vs_aec.py [--seconds 6] [--num-envs 1024] [--size 8]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # NumPy's idle BLAS threads only add noise

import numpy as np  # noqa: E402

import ryg  # noqa: E402
from ryg.envs import SelfPlayVectorEnv, aec_env  # noqa: E402

SLICE = 0.25  # seconds of one measurement before switching to the next


class AecLoop:
    """A Python loop over one wrapped AEC environment (``oracle`` as given), a random legal
    action each ply (``random.choice`` of the mask's nonzero indices: the cheapest draw)."""

    def __init__(self, size: int, oracle: bool):
        self.env = aec_env(size=size, oracle=oracle)
        self.env.reset(seed=1)
        self.rng = random.Random(1)

    def run(self, seconds: float) -> tuple[int, float]:
        env, rng = self.env, self.rng
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(200):
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.reset()
                    continue
                env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
                steps += 1
        return steps, time.perf_counter() - start


class SelfPlay:
    """One SelfPlayVectorEnv, random legal actions drawn in Rust each step."""

    def __init__(self, size: int, num_envs: int, oracle: bool, copy: bool, threads: int | None):
        self.env = SelfPlayVectorEnv(num_envs, size=size, seed=1, oracle=oracle, copy=copy, threads=threads)
        self.env.reset()
        self.num_envs = num_envs

    def run(self, seconds: float) -> tuple[int, float]:
        env, steps, start = self.env, 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(10):
                env.step(env.random_actions())
            steps += 10 * self.num_envs
        return steps, time.perf_counter() - start


def side_by_side(runners: list[Any], seconds: float) -> list[float]:
    """Steps per second of each runner, run in turns of SLICE seconds for `seconds` each."""
    totals = [[0, 0.0] for _ in runners]
    for _ in range(max(1, round(seconds / SLICE))):
        for total, runner in zip(totals, runners):
            steps, elapsed = runner.run(SLICE)
            total[0] += steps
            total[1] += elapsed
    return [steps / elapsed for steps, elapsed in totals]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="time of each measurement")
    parser.add_argument("--num-envs", type=int, default=1024)
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--threads", type=int, default=None, help="SelfPlayVectorEnv threads (default 1)")
    parser.add_argument("--search-positions", type=int, default=2000)
    parser.add_argument("--depth", type=int, default=4)
    args = parser.parse_args()

    ryg.solve(ryg.Position(size=args.size))  # the tablebase, before any clock starts
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for oracle in (False, True):
        fast, copying, loop = side_by_side(
            [
                SelfPlay(args.size, args.num_envs, oracle, copy=False, threads=args.threads),
                SelfPlay(args.size, args.num_envs, oracle, copy=True, threads=args.threads),
                AecLoop(args.size, oracle),
            ],
            args.seconds,
        )
        print(f"oracle={oracle}: SelfPlayVectorEnv({args.num_envs}, copy=False) {fast:,.0f} steps/s")
        print(f"  SelfPlayVectorEnv({args.num_envs}, copy=True) {copying:,.0f} steps/s")
        print(
            f"  Python loop over aec_env(oracle={oracle}) {loop:,.0f} steps/s: "
            f"SelfPlayVectorEnv {fast / loop:.1f}x (copy=True {copying / loop:.1f}x)"
        )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    positions = ryg.start_positions(args.size, count=args.search_positions, seed=1)
    cpu = time.process_time()
    for p in positions:
        ryg.search(p, depth=args.depth)
    one = time.process_time() - cpu
    cpu = time.process_time()
    ryg.search_batch(positions, depth=args.depth)
    batch = time.process_time() - cpu
    n = len(positions)
    print(
        f"ryg.search of {n:,} positions (depth {args.depth}) one by one: {one:.2f} s of CPU ({n / one:,.0f}/s); "
        f"ryg.search_batch: {batch:.2f} s ({n / batch:,.0f}/s)"
    )


if __name__ == "__main__":
    main()
