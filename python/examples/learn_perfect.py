"""Learning to play 6x6 and 8x8 from self-play alone, graded by the tablebase: an AlphaZero-style loop.

A small NumPy network (a two-layer MLP over the board planes, a masked policy head and a tanh
value head, its gradient written by hand, trained with Adam) guides ``ryg.BatchedSearch``, the
batched PUCT search in Rust, which plays both sides of many games at once. Each game opens with
a few uniformly random plies (so that self-play meets the positions any opponent can lead to),
then every move is the search's, drawn from its visit counts. The network learns the search's
visit shares and the games' results; nothing in training reads the tablebase. Every few rounds
the agent (the network with the search, temperature 0, no noise) is graded by ``ryg.grading``:
the share of its moves that are not optimal and of those that change the result, against a
random opponent, a ryg level, perfect play, over a uniform sample of all positions, and (6x6
only: 8x8 has 2 million positions) over every position it can reach against any opponent
(``grade_reachable``, exhaustive). Each board has its own defaults (``DEFAULTS``).

    pip install ./python
    python python/examples/learn_perfect.py [--size 8] [--minutes 10] [--csv curve.csv]
    python python/examples/learn_perfect.py --test   # a bounded, seeded run of a few rounds
"""

from __future__ import annotations

import argparse
import csv
import itertools
import os
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

# One BLAS thread: the matrices are small, and OpenBLAS's idle threads spin (10x the CPU time
# here). Set before NumPy is first imported; a caller's own setting is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
import numpy.typing as npt

import ryg
from ryg.grading import Grade, grade, grade_reachable, grade_sample

F32 = npt.NDArray[np.float32]
MEASURES = {
    "random": "vs random",
    "level": "vs level",
    "perfect": "vs perfect",
    "uniform": "all positions",
    "reachable": "vs any opponent",
}
GOALS = {
    True: "no result-changing mistake in any position reachable against any opponent",
    False: "result-changing mistakes against perfect play within the goal",
}


class Net:
    """planes (k, 3, N, N) -> masked move probabilities and a value in [-1, 1] for the mover."""

    def __init__(
        self, rng: np.random.Generator, size: int = 6, hidden: int = 128, lr: float = 2e-3, decay: float = 1e-4
    ) -> None:
        inputs, actions = 3 * size * size, ryg.action_count(size)

        def layer(n_in: int, n_out: int) -> F32:
            w: F32 = (rng.standard_normal((n_in, n_out)) * np.sqrt(2.0 / n_in)).astype(np.float32)
            return w

        self.params: dict[str, F32] = {
            "w1": layer(inputs, hidden),
            "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden),
            "b2": np.zeros(hidden, np.float32),
            "wp": layer(hidden, actions) * np.float32(0.1),
            "bp": np.zeros(actions, np.float32),
            "wv": layer(hidden, 1) * np.float32(0.1),
            "bv": np.zeros(1, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.lr, self.decay, self.steps = lr, decay, 0

    def _forward(self, planes: npt.NDArray[np.uint8], masks: npt.NDArray[np.int8]) -> tuple[F32, F32, F32, F32, F32]:
        p = self.params
        x = planes.reshape(len(planes), -1).astype(np.float32)
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0)
        logits = np.where(masks != 0, h2 @ p["wp"] + p["bp"], np.float32(-1e9))
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits) * (masks != 0)
        probs /= probs.sum(axis=1, keepdims=True)
        value = np.tanh(h2 @ p["wv"] + p["bv"])[:, 0]
        return x, h1, h2, probs, value

    def predict(self, planes: npt.NDArray[np.uint8], masks: npt.NDArray[np.int8]) -> tuple[F32, F32]:
        _, _, _, probs, value = self._forward(planes, masks)
        return probs, value

    def train(self, planes: npt.NDArray[np.uint8], masks: npt.NDArray[np.int8], pi: F32, z: F32) -> float:
        """One Adam step on a batch: cross-entropy to the visit shares plus the squared value error."""
        p = self.params
        x, h1, h2, probs, value = self._forward(planes, masks)
        n = np.float32(len(x))
        loss = float(-(pi * np.log(probs + 1e-9)).sum() / n + ((value - z) ** 2).mean())
        d_logits = (probs - pi) / n
        d_value = (2 * (value - z) / n * (1 - value**2))[:, None]
        d_h2 = (d_logits @ p["wp"].T + d_value @ p["wv"].T) * (h2 > 0)
        d_h1 = (d_h2 @ p["w2"].T) * (h1 > 0)
        grads = {
            "wp": h2.T @ d_logits,
            "bp": d_logits.sum(0),
            "wv": h2.T @ d_value,
            "bv": d_value.sum(0),
            "w2": h1.T @ d_h2,
            "b2": d_h2.sum(0),
            "w1": x.T @ d_h1,
            "b1": d_h1.sum(0),
        }
        # CITE: Adam (Kingma and Ba, 2015), decoupled weight decay (AdamW).
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            m, v = self.moments[k]
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            step = self.lr * (m / (1 - b1**self.steps)) / (np.sqrt(v / (1 - b2**self.steps)) + 1e-8)
            p[k] -= (step + self.lr * self.decay * p[k]).astype(np.float32)
        return loss


def search(
    net: Net, positions: list[ryg.Position] | npt.NDArray[np.uint8], simulations: int, noise: float, seed: int
) -> ryg.BatchedSearch:
    """The search of every position, run to its end with the network as evaluator."""
    tree = ryg.BatchedSearch(positions, simulations=simulations, dirichlet_fraction=noise, seed=seed)
    while not tree.done():
        planes, masks = tree.leaves()
        tree.tell(*net.predict(planes, masks))
    return tree


@dataclass
class Buffer:
    """The latest self-play positions: planes from the mover's view, masks, visit shares, results."""

    capacity: int
    planes: list[npt.NDArray[np.uint8]] = field(default_factory=list)
    masks: list[npt.NDArray[np.int8]] = field(default_factory=list)
    pi: list[F32] = field(default_factory=list)
    z: list[float] = field(default_factory=list)

    def add(self, planes: npt.NDArray[np.uint8], mask: npt.NDArray[np.int8], pi: F32, z: float) -> None:
        self.planes.append(planes)
        self.masks.append(mask)
        self.pi.append(pi)
        self.z.append(z)

    def trim(self) -> None:
        """Keeps the latest ``capacity`` positions."""
        for store in (self.planes, self.masks, self.pi, self.z):
            del store[: -self.capacity]


def self_play(net: Net, buffer: Buffer, args: argparse.Namespace, rng: np.random.Generator) -> int:
    """Plays ``args.games`` games, adds their positions to the buffer; returns the plies played."""
    games: list[ryg.Position] = []
    for _ in range(args.games):
        p = ryg.Position(size=args.size)
        for _ in range(int(rng.integers(0, args.random_plies + 1))):
            moves = p.legal_moves()
            after = p.play(moves[int(rng.integers(len(moves)))])
            if after.outcome is not None:
                break
            p = after
        games.append(p)
    history: list[list[tuple[npt.NDArray[np.uint8], npt.NDArray[np.int8], F32, str]]] = [[] for _ in games]
    live = list(range(len(games)))
    plies = 0
    for step in itertools.count():
        if not live:
            break
        tree = search(net, [games[i] for i in live], args.simulations, 0.25, int(rng.integers(2**63)))
        temperature = args.temperature if args.temperature_plies is None or step < args.temperature_plies else 0.0
        visits, actions = tree.visits(), tree.choose(temperature)
        for j, i in enumerate(live):
            p = games[i]
            history[i].append((p.planes(pov=True), p.action_mask(), visits[j], p.to_move))
            games[i] = p.play(int(actions[j]))
        plies += len(live)
        live = [i for i in live if games[i].outcome is None]
    for p, played in zip(games, history):
        outcome = p.outcome
        assert outcome is not None
        for planes, mask, pi, mover in played:
            buffer.add(planes, mask, pi, 1.0 if outcome["winner"] == mover else -1.0)
    buffer.trim()
    return plies


def train(net: Net, buffer: Buffer, args: argparse.Namespace, rng: np.random.Generator) -> float:
    planes, masks = np.stack(buffer.planes), np.stack(buffer.masks)
    pi, z = np.stack(buffer.pi), np.array(buffer.z, np.float32)
    losses = []
    for _ in range(args.epochs):
        order = rng.permutation(len(z))
        for start in range(0, len(z) - args.batch + 1, args.batch):
            b = order[start : start + args.batch]
            losses.append(net.train(planes[b], masks[b], pi[b], z[b]))
    return float(np.mean(losses)) if losses else 0.0


def agent(net: Net, simulations: int) -> Callable[[npt.NDArray[np.uint8], npt.NDArray[np.int8]], npt.NDArray[np.int64]]:
    """The graded policy (planes as ``pov=False`` shows them): the search, temperature 0, no noise."""

    def policy(planes: npt.NDArray[np.uint8], masks: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
        return search(net, planes, simulations, 0.0, 0).choose(0.0)

    return policy


def evaluate(net: Net, args: argparse.Namespace) -> dict[str, Grade]:
    policy = agent(net, args.eval_simulations)
    if args.test:
        return {"uniform": grade_sample(policy, args.size, count=args.sample, seed=10_000, pov=False)}
    size, games, sample = args.size, args.eval_games, args.sample
    grades = grade(policy, size, level=args.level, games=games, sample=sample, seed=10_000, pov=False)
    if args.reachable:
        grades["reachable"] = grade_reachable(policy, size, pov=False)
    return grades


def reached(grades: dict[str, Grade], args: argparse.Namespace) -> bool:
    """Whether the goal is met: no reachable mistake (6x6), or at most ``--goal`` of the moves
    against perfect play result-changing (8x8, where ``grade_reachable`` is too slow to run)."""
    if args.reachable:
        reach = grades.get("reachable")
        return reach is not None and reach.mistakes == 0
    perfect = grades.get("perfect")
    return perfect is not None and perfect.mistake_share <= args.goal


def report(round_: int, seconds: float, grades: dict[str, Grade]) -> str:
    shares = "; ".join(
        f"{MEASURES[k]} {100 * g.non_optimal_share:5.2f} % / {100 * g.mistake_share:5.2f} %" for k, g in grades.items()
    )
    reach = grades.get("reachable")
    tail = f" ({reach.mistakes} mistakes in {reach.moves} reachable positions)" if reach else ""
    return f"round {round_:>3} {seconds:6.1f} CPU s: non-optimal / result-changing {shares}{tail}"


def write_csv(path: str, curve: list[tuple[int, float, dict[str, Grade]]]) -> None:
    """The learning curves so far: a row per grading, both shares of each measure."""
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["round", "cpu_seconds"] + [f"{k}_{m}" for k in MEASURES for m in ("non_optimal", "mistakes")])
        for round_, seconds, grades in curve:
            row: list[object] = [round_, f"{seconds:.1f}"]
            for k in MEASURES:
                g = grades.get(k)
                row += [f"{g.non_optimal_share:.5f}", f"{g.mistake_share:.5f}"] if g else ["", ""]
            out.writerow(row)


# The defaults of each board: 6x6's reached its goal (docs/python.md); 8x8's are its scale-up.
DEFAULTS: dict[int, dict[str, object]] = {
    6: dict(
        minutes=10.0, games=128, simulations=32, random_plies=8, temperature_plies=None,
        buffer=40_000, hidden=128, every=2, eval_games=200,
    ),
    # more simulations, fewer random plies and the most visited move after 10 (the cats' win
    # is a narrow line that random moves spoil); a wider network; grading every 10 rounds
    8: dict(
        minutes=30.0, games=256, simulations=64, random_plies=2, temperature_plies=10,
        buffer=150_000, hidden=256, every=10, eval_games=400,
    ),
}


def parse(argv: Optional[list[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--size", type=int, choices=sorted(DEFAULTS), default=6, help="the board (the defaults follow it)")
    parser.add_argument("--minutes", type=float, help="CPU time for self-play and training (grading apart)")
    parser.add_argument("--rounds", type=int, default=1000, help="at most this many rounds")
    parser.add_argument("--games", type=int, help="self-play games per round, searched together")
    parser.add_argument("--simulations", type=int, help="search simulations per self-play move")
    parser.add_argument("--eval-simulations", type=int, default=32, help="search simulations per graded move")
    parser.add_argument("--random-plies", type=int, help="each game opens with up to this many random plies")
    parser.add_argument("--temperature", type=float, default=1.0, help="of the self-play moves drawn from the visits")
    parser.add_argument("--temperature-plies", type=int, help="the searched moves of a game drawn at that temperature; then the most visited")
    parser.add_argument("--buffer", type=int, help="positions kept for training")
    parser.add_argument("--epochs", type=int, default=2, help="passes over the buffer per round")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--hidden", type=int, help="units in each of the network's two hidden layers")
    parser.add_argument("--every", type=int, help="rounds between two gradings")
    parser.add_argument("--eval-games", type=int, help="games per opponent at each grading")
    parser.add_argument("--sample", type=int, default=2000, help="positions of the uniform sample")
    parser.add_argument("--level", default="5", help="the ryg level of the second measure")
    parser.add_argument("--goal", type=float, default=0.01, help="8x8: the result-changing share against perfect play to reach")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--keep-going", action="store_true", help="train on after the goal is reached")
    parser.add_argument("--csv", default=None, help="write the learning curves to this CSV")
    parser.add_argument("--test", action="store_true", help="a short seeded run: 4 rounds, the uniform sample only")
    args = parser.parse_args(argv)
    for name, value in DEFAULTS[args.size].items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    # every position reachable against any opponent: 6x6 only (8x8 has 2 million positions)
    args.reachable = args.size == 6
    if args.test:
        args.rounds, args.games, args.every, args.sample, args.minutes = 4, 48, 4, 400, 1.0
        args.simulations, args.eval_simulations, args.epochs = 16, 8, 4
    return args


def main(argv: Optional[list[str]] = None) -> list[tuple[int, float, dict[str, Grade]]]:
    args = parse(argv)
    rng = np.random.default_rng(args.seed)
    net = Net(rng, size=args.size, hidden=args.hidden)
    buffer = Buffer(args.buffer)
    started, learning = time.perf_counter(), 0.0  # learning: CPU seconds of self-play and training
    curve = [(0, 0.0, evaluate(net, args))]
    print(report(*curve[-1]), flush=True)
    for round_ in range(1, args.rounds + 1):
        cpu = time.process_time()
        plies = self_play(net, buffer, args, rng)
        loss = train(net, buffer, args, rng)
        learning += time.process_time() - cpu
        last = round_ == args.rounds or learning > 60 * args.minutes
        if round_ % args.every == 0 or last:
            wall = time.perf_counter() - started
            print(f"round {round_}: {plies} plies of self-play, loss {loss:.3f}, {wall:.0f} s wall in all", flush=True)
            curve.append((round_, learning, evaluate(net, args)))
            print(report(*curve[-1]), flush=True)
            if args.csv:
                write_csv(args.csv, curve)
            if reached(curve[-1][2], args) and not args.keep_going:
                print("goal reached:", GOALS[args.reachable], flush=True)
                break
        if last:
            break
    return curve


if __name__ == "__main__":
    main()
