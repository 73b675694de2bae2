"""Draws the learning curves that ``learn_perfect.py --csv FILE`` writes.

One panel per measure (against random play, against level 5, against perfect play, over a
uniform sample of all positions, and, where the run graded it, over every position reachable
against any opponent), each with the share of the agent's moves that were not optimal and the
share that changed the result, against the CPU seconds of self-play and training.

    pip install matplotlib
    python python/examples/plot_learning.py docs/python-learn-perfect.csv docs/python-learn-perfect.png

matplotlib is needed here only: the package and the learning example do without it.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

MEASURES = [
    ("random", "against random play"),
    ("level", "against level 5"),
    ("perfect", "against perfect play"),
    ("uniform", "uniform sample of all positions"),
    ("reachable", "every position reachable (any opponent)"),
]


def read(path: Path) -> list[dict[str, str]]:
    """The CSV's rows; a clear error when it is not one ``learn_perfect.py`` wrote."""
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows or "cpu_seconds" not in rows[0]:
        raise SystemExit(f"plot_learning: {path} is not a learn_perfect.py --csv file")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", type=Path, help="the file learn_perfect.py --csv wrote")
    parser.add_argument("png", type=Path, help="the picture to write")
    parser.add_argument("--title", default=None, help="the figure's title (default: the CSV's name)")
    args = parser.parse_args(argv)
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_learning: matplotlib is needed: pip install matplotlib", file=sys.stderr)
        return 1
    rows = read(args.csv)
    shown = [(key, label) for key, label in MEASURES if any(r.get(f"{key}_mistakes") for r in rows)]
    fig, axes = plt.subplots(1, len(shown), figsize=(3.2 * len(shown), 3.2), sharey=True, squeeze=False)
    for ax, (key, label) in zip(axes[0], shown):
        points = [r for r in rows if r.get(f"{key}_mistakes")]
        cpu = [float(r["cpu_seconds"]) for r in points]
        ax.plot(cpu, [100 * float(r[f"{key}_non_optimal"]) for r in points], "o--", label="not optimal")
        ax.plot(cpu, [100 * float(r[f"{key}_mistakes"]) for r in points], "o-", label="result-changing")
        ax.set_title(label, fontsize=9)
        ax.set_xlabel("CPU seconds")
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("share of the agent's moves (%)")
    axes[0][0].legend(fontsize=8)
    fig.suptitle(args.title or args.csv.name, fontsize=10)
    fig.tight_layout()
    fig.savefig(args.png, dpi=110)
    print(f"plot_learning: wrote {args.png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
