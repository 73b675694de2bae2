"""Tabular Q-learning of the 6x6 mouse against a ryg level, with its exact regret — the share
of its moves that are not optimal according to the tablebase — measured as it learns.

    pip install ./python gymnasium matplotlib
    python python/examples/q_learning.py [--episodes 20000] [--opponent 5] [--plot docs/python-q-learning.png]
"""

from __future__ import annotations

import argparse
import collections
import random

import numpy as np

from ryg.envs import FoxHoundsEnv


def greedy(q: dict[bytes, np.ndarray], key: bytes, legal: np.ndarray) -> int:
    values = q.get(key)
    if values is None:
        return int(random.choice(legal))
    return int(legal[np.argmax(values[legal])])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=20_000)
    parser.add_argument("--opponent", default="5", help="the cats' level")
    parser.add_argument("--alpha", type=float, default=0.3)
    parser.add_argument("--epsilon", type=float, default=0.2, help="exploration at the start, decayed to 0.01")
    parser.add_argument("--every", type=int, default=500, help="episodes between two regret measurements")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default=None, help="write the regret curve to this PNG")
    args = parser.parse_args()

    random.seed(args.seed)
    env = FoxHoundsEnv(size=6, side="mouse", opponent=args.opponent, seed=args.seed)
    actions = env.action_space.n
    q: dict[bytes, np.ndarray] = {}
    points: list[tuple[int, float, float]] = []  # (episodes, regret of the greedy policy, its wins)
    window: collections.deque[float] = collections.deque(maxlen=args.every)

    def evaluate(games: int = 200) -> tuple[float, float]:
        """The greedy policy's share of non-optimal moves, and its share of wins."""
        bad = moves = wins = 0
        for g in range(games):
            obs, info = env.reset(seed=10_000_000 + g)
            terminated = False
            while not terminated:
                legal = np.flatnonzero(info["action_mask"])
                a = greedy(q, obs.tobytes(), legal)
                bad += a not in info["optimal_actions"]
                moves += 1
                obs, reward, terminated, _, info = env.step(a)
            wins += reward > 0
        return bad / moves, wins / games

    for episode in range(1, args.episodes + 1):
        epsilon = max(0.01, args.epsilon * (1 - episode / args.episodes))
        obs, info = env.reset(seed=args.seed * 1_000_003 + episode)
        key, terminated, bad, moves = obs.tobytes(), False, 0, 0
        while not terminated:
            legal = np.flatnonzero(info["action_mask"])
            a = int(random.choice(legal)) if random.random() < epsilon else greedy(q, key, legal)
            bad += a not in info["optimal_actions"]
            moves += 1
            obs, reward, terminated, _, info = env.step(a)
            next_key = obs.tobytes()
            target = reward
            if not terminated:
                nxt = q.get(next_key)
                target = 0.0 if nxt is None else float(nxt[np.flatnonzero(info["action_mask"])].max())
            values = q.setdefault(key, np.zeros(actions))
            values[a] += args.alpha * (target - values[a])
            key = next_key
        window.append(bad / moves)
        if episode % args.every == 0 or episode == 1:
            regret, wins = evaluate()
            points.append((episode, regret, wins))
            print(
                f"episode {episode:>6}: greedy regret {regret:6.1%}, wins {wins:6.1%} "
                f"(training moves {np.mean(window):6.1%} non-optimal, {len(q)} states)"
            )

    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        x, regret_shares, win_shares = zip(*points)
        fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
        ax.plot(x, [100 * r for r in regret_shares], label="non-optimal moves (exact regret)", color="tab:red")
        ax.plot(x, [100 * w for w in win_shares], label="games won", color="tab:blue")
        ax.set_xlabel("training episodes")
        ax.set_ylabel("% of the greedy policy's moves / games")
        ax.set_ylim(0, 100)
        ax.set_title(f"Tabular Q-learning, 6x6 mouse against level {args.opponent} cats")
        ax.grid(alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.plot)
        print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
