"""Self-play on 6x6: one tabular Q-function plays both sides of many games stepped together by
``ryg.envs.SelfPlayVectorEnv`` (negamax Q-learning: a side's value is minus the other's), and
its exact regret — the share of its moves that are not optimal according to the tablebase —
is measured as it learns, for each side against a random opponent.

    pip install ./python matplotlib
    python python/examples/self_play.py [--episodes 30000] [--plot docs/python-self-play.png]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from ryg.envs import SelfPlayVectorEnv

Table = dict[bytes, np.ndarray]


def greedy(q: Table, key: bytes, legal: np.ndarray, rng: np.random.Generator) -> int:
    values = q.get(key)
    if values is None:
        return int(rng.choice(legal))
    return int(legal[np.argmax(values[legal])])


def evaluate(q: Table, games: int, seed: int) -> tuple[float, float, float]:
    """The greedy policy against uniformly random moves, as the mouse in half the games and
    the cats in the other half: the share of its moves that are not optimal (exact regret),
    and its share of wins as the mouse and as the cats."""
    env = SelfPlayVectorEnv(games, size=6, seed=seed, oracle=True)
    obs, info = env.reset()
    rng = np.random.default_rng(seed)
    learner = np.arange(games) % 2  # 0: the learner plays the mouse, 1: the cats
    done = np.zeros(games, bool)
    won = np.zeros(games, bool)
    bad = moves = 0
    while not done.all():
        actions = env.random_actions()
        for i in np.flatnonzero(~done & (info["to_move"] == learner)):
            a = greedy(q, obs[i].tobytes(), np.flatnonzero(info["action_mask"][i]), rng)
            actions[i] = a
            bad += int(info["optimal_mask"][i, a] == 0)
            moves += 1
        obs, rewards, terminated, _, info = env.step(actions)
        for i in np.flatnonzero(terminated & ~done):
            done[i] = True
            won[i] = rewards[i, learner[i]] > 0
    return bad / moves, float(won[learner == 0].mean()), float(won[learner == 1].mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--episodes", type=int, default=30_000, help="self-play games")
    parser.add_argument("--games", type=int, default=64, help="games stepped together")
    parser.add_argument("--alpha", type=float, default=0.3)
    parser.add_argument("--epsilon", type=float, default=0.3, help="exploration at the start, decayed to 0.02")
    parser.add_argument("--every", type=int, default=1000, help="episodes between two regret measurements")
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default=None, help="write the regret curve to this PNG")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    env = SelfPlayVectorEnv(args.games, size=6, seed=args.seed)
    n_actions = 72
    q: Table = {}
    obs, info = env.reset()
    reset_step = np.zeros(args.games, bool)  # the step after a game ends restarts it: no update
    episodes, next_eval = 0, 0
    points: list[tuple[int, float, float, float]] = []
    started = time.perf_counter()
    while episodes < args.episodes:
        if episodes >= next_eval:
            regret, mouse, cats = evaluate(q, args.eval_games, 10_000 + args.seed)
            points.append((episodes, regret, mouse, cats))
            print(f"{episodes:>7} episodes: {100 * regret:5.1f} % non-optimal moves; wins {100 * mouse:5.1f} % as the mouse, {100 * cats:5.1f} % as the cats")
            next_eval += args.every
        epsilon = max(0.02, args.epsilon * (1 - episodes / args.episodes))
        keys = [o.tobytes() for o in obs]
        masks = info["action_mask"]
        movers = info["to_move"].copy()
        actions = np.zeros(args.games, np.int64)
        for i in range(args.games):
            legal = np.flatnonzero(masks[i])
            if len(legal) == 0:
                continue
            actions[i] = int(rng.choice(legal)) if rng.random() < epsilon else greedy(q, keys[i], legal, rng)
        obs, rewards, terminated, _, info = env.step(actions)
        for i in range(args.games):
            if reset_step[i]:
                continue
            values = q.setdefault(keys[i], np.zeros(n_actions, np.float32))
            if terminated[i]:
                target = float(rewards[i, movers[i]])
            else:
                # negamax: the position after the move is the other side's to value
                after = q.get(obs[i].tobytes())
                legal = np.flatnonzero(info["action_mask"][i])
                target = -float(after[legal].max()) if after is not None else 0.0
            values[actions[i]] += args.alpha * (target - values[actions[i]])
        reset_step = terminated.copy()
        episodes += int(terminated.sum())
    regret, mouse, cats = evaluate(q, args.eval_games, 10_000 + args.seed)
    points.append((episodes, regret, mouse, cats))
    print(f"{episodes:>7} episodes: {100 * regret:5.1f} % non-optimal moves; wins {100 * mouse:5.1f} % as the mouse, {100 * cats:5.1f} % as the cats")
    print(f"{len(q):,} positions in the table; {time.perf_counter() - started:.1f} s")

    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        x = [p[0] for p in points]
        fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
        ax.plot(x, [100 * p[1] for p in points], label="non-optimal moves (exact regret)", color="tab:red")
        ax.plot(x, [100 * p[2] for p in points], label="wins as the mouse vs random", color="tab:blue")
        ax.plot(x, [100 * p[3] for p in points], label="wins as the cats vs random", color="tab:green")
        ax.set_xlabel("self-play games")
        ax.set_ylabel("%")
        ax.set_ylim(0, 100)
        ax.set_title("Tabular self-play on 6x6 (SelfPlayVectorEnv), judged by the tablebase")
        ax.grid(alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.plot)
        print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
