"""Self-play on 6x6: one tabular Q-function plays both sides of many games stepped together by
``ryg.envs.SelfPlayVectorEnv`` (negamax Q-learning: a side's value is minus the other's), and
its greedy policy is graded by the tablebase as it learns (``ryg.grading``): the share of its
moves that are not optimal, and of those that change the result, over the positions it reaches
against a random opponent, against a ryg level, against perfect play, over a uniform sample
of all positions, and over every position it can reach against any opponent.

    pip install ./python matplotlib
    python python/examples/self_play.py [--episodes 30000] [--plot docs/python-self-play.png]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import numpy.typing as npt

from ryg.envs import SelfPlayVectorEnv
from ryg.grading import Grade, grade, grade_reachable

Table = dict[bytes, np.ndarray]
MEASURES = {
    "random": "vs random",
    "level": "vs level",
    "perfect": "vs perfect",
    "uniform": "all positions",
    "reachable": "vs any opponent",
}


def greedy(q: Table, key: bytes, legal: np.ndarray, rng: np.random.Generator) -> int:
    values = q.get(key)
    if values is None:
        return int(rng.choice(legal))
    return int(legal[np.argmax(values[legal])])


def evaluate(q: Table, args: argparse.Namespace) -> dict[str, Grade]:
    """The greedy policy's five grades (unknown positions played at random, seeded)."""
    rng = np.random.default_rng(args.seed)

    def policy(planes: npt.NDArray[np.uint8], masks: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
        return np.array([greedy(q, p.tobytes(), np.flatnonzero(m), rng) for p, m in zip(planes, masks)], np.int64)

    grades = grade(policy, 6, level=args.level, games=args.eval_games, sample=args.sample, seed=10_000 + args.seed)
    grades["reachable"] = grade_reachable(policy, 6)
    return grades


def report(episodes: int, grades: dict[str, Grade]) -> str:
    shares = "; ".join(
        f"{MEASURES[k]} {100 * g.non_optimal_share:4.1f} % / {100 * g.mistake_share:4.1f} %" for k, g in grades.items()
    )
    return f"{episodes:>7} games: non-optimal / result-changing {shares}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--episodes", type=int, default=30_000, help="self-play games")
    parser.add_argument("--games", type=int, default=64, help="games stepped together")
    parser.add_argument("--alpha", type=float, default=0.3)
    parser.add_argument("--epsilon", type=float, default=0.3, help="exploration at the start, decayed to 0.02")
    parser.add_argument("--every", type=int, default=1000, help="episodes between two regret measurements")
    parser.add_argument("--eval-games", type=int, default=400, help="games per opponent at each measurement")
    parser.add_argument("--sample", type=int, default=5000, help="positions of the uniform sample")
    parser.add_argument("--level", default="5", help="the ryg level of the second measure")
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
    points: list[tuple[int, dict[str, Grade]]] = []
    started = time.perf_counter()
    while episodes < args.episodes:
        if episodes >= next_eval:
            points.append((episodes, evaluate(q, args)))
            print(report(*points[-1]), flush=True)
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
    points.append((episodes, evaluate(q, args)))
    print(report(*points[-1]))
    print(f"{len(q):,} positions in the table; {time.perf_counter() - started:.1f} s")

    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        x = [p[0] for p in points]
        fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
        for (key, label), color in zip(MEASURES.items(), ["tab:green", "tab:blue", "tab:red", "tab:purple", "tab:orange"]):
            label = label.replace("level", f"level {args.level}")
            ax.plot(x, [100 * p[1][key].non_optimal_share for p in points], label=f"non-optimal, {label}", color=color)
            ax.plot(x, [100 * p[1][key].mistake_share for p in points], color=color, linestyle="--")
        ax.set_xlabel("self-play games")
        ax.set_ylabel("% of moves (dashed: result-changing)")
        ax.set_ylim(0, None)
        ax.set_title("Tabular self-play on 6x6, graded by the tablebase")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(args.plot)
        print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
