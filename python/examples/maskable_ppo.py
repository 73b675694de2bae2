"""sb3-contrib's MaskablePPO training the 6x6 mouse against a ryg level, stepping the games in
Rust (``ryg.envs.sb3.VecEnv``), with the exact regret of its greedy policy — the share of its
moves that are not optimal according to the tablebase — measured as it learns.

    pip install ./python gymnasium sb3-contrib matplotlib
    python python/examples/maskable_ppo.py [--steps 200000] [--opponent 5] [--plot regret.png]

MaskablePPO reads the legal actions from the environments' ``action_masks()`` (sb3-contrib's
convention): no wrapper and no mask function are needed, for ``FoxHoundsEnv`` as for the
vector.
"""

from __future__ import annotations

import argparse

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from ryg.envs import FoxHoundsEnv
from ryg.envs.sb3 import VecEnv


def regret(model: MaskablePPO, opponent: str, games: int = 100) -> tuple[float, float]:
    """The greedy policy's share of non-optimal moves, and its share of wins."""
    env = FoxHoundsEnv(size=6, side="mouse", opponent=opponent)
    bad = moves = wins = 0
    for g in range(games):
        obs, info = env.reset(seed=10_000_000 + g)
        terminated = False
        reward = 0.0
        while not terminated:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            bad += int(action) not in info["optimal_actions"]
            moves += 1
            obs, reward, terminated, _, info = env.step(int(action))
        wins += reward > 0
    return bad / moves, wins / games


class Measure(BaseCallback):  # type: ignore[misc]
    """Measures the regret every `every` steps."""

    def __init__(self, opponent: str, every: int):
        super().__init__()
        self.opponent, self.every, self.next = opponent, every, 0
        self.points: list[tuple[int, float, float]] = []

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next:
            self.next += self.every
            share, wins = regret(self.model, self.opponent)
            self.points.append((self.num_timesteps, share, wins))
            print(f"{self.num_timesteps:>8} steps: {share:6.1%} of moves not optimal, {wins:4.0%} wins")
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--opponent", default="5", help="the cats' level")
    parser.add_argument("--envs", type=int, default=16, help="games stepped together")
    parser.add_argument("--every", type=int, default=20_000, help="steps between two regret measurements")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default=None, help="write the regret curve to this PNG")
    args = parser.parse_args()

    env = VecEnv(args.envs, size=6, side="mouse", opponent=args.opponent, seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=256, seed=args.seed, device="cpu", verbose=0)
    measure = Measure(args.opponent, args.every)
    model.learn(args.steps, callback=measure)
    share, wins = regret(model, args.opponent, games=500)
    print(f"after {args.steps} steps: {share:.1%} of moves not optimal, {wins:.0%} wins (500 games)")
    if args.plot:
        import matplotlib.pyplot as plt

        steps, shares, won = zip(*measure.points)
        fig, ax = plt.subplots(figsize=(6, 3.5))
        ax.plot(steps, 100 * np.array(shares), label="moves not optimal (%)")
        ax.plot(steps, 100 * np.array(won), label="wins (%)")
        ax.set_xlabel("training steps")
        ax.set_title(f"MaskablePPO, 6x6 mouse against level {args.opponent}")
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)


if __name__ == "__main__":
    main()
