"""Steps per second of ``ryg.envs.VectorEnv`` (and ``SelfPlayVectorEnv``) with 1, 2, 4, ...
threads, side by side in alternating slices, and a check that the threads play the same
games (the same positions after the same steps).

    python python/bench/vector_threads.py [--seconds 4] [--threads 1 2] [--num-envs 1024 16384]
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import ryg  # noqa: E402
from ryg.envs import SelfPlayVectorEnv, VectorEnv  # noqa: E402

SLICE = 0.25


class Runner:
    def __init__(self, env: Any, num_envs: int):
        self.env, self.num_envs = env, num_envs
        env.reset(seed=1)

    def run(self, seconds: float) -> tuple[int, float]:
        env, steps, start = self.env, 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            env.step(env.random_actions())
            steps += self.num_envs
        return steps, time.perf_counter() - start


def side_by_side(runners: list[Runner], seconds: float) -> list[float]:
    totals = [[0, 0.0] for _ in runners]
    for _ in range(max(1, round(seconds / SLICE))):
        for total, runner in zip(totals, runners):
            steps, elapsed = runner.run(SLICE)
            total[0] += steps
            total[1] += elapsed
    return [steps / elapsed for steps, elapsed in totals]


def same_games(make: Any, threads: list[int], steps: int = 60) -> bool:
    runs = []
    for t in threads:
        env = make(t)
        env.reset(seed=3)
        for _ in range(steps):
            env.step(env.random_actions())
        runs.append([env.fen(i) for i in range(0, env.num_envs, 97)])
    return all(r == runs[0] for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--num-envs", type=int, nargs="+", default=[1024, 16384])
    parser.add_argument("--opponent", default="3")
    args = parser.parse_args()
    ryg.solve(ryg.Position())
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for n in args.num_envs:
        for name, make in (
            (f"VectorEnv(opponent={args.opponent!r})", lambda t: VectorEnv(n, opponent=args.opponent, seed=1, threads=t, copy=False)),
            ("SelfPlayVectorEnv", lambda t: SelfPlayVectorEnv(n, seed=1, threads=t, copy=False)),
        ):
            rates = side_by_side([Runner(make(t), n) for t in args.threads], args.seconds)
            same = same_games(make, args.threads)
            shown = ", ".join(f"threads={t}: {r:,.0f} ({r / rates[0]:.2f}x)" for t, r in zip(args.threads, rates))
            print(f"{name}, {n} games: {shown}; same games: {same}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
