"""Lookups per second in a layered tablebase from Python (``ryg.open_tablebase``): random
positions (random games from the start, as ``ryg solve --lookups`` draws them) looked up one
call each (``table.winner``), then all in one call (``table.results``, without the GIL),
beside ``ryg solve --lookups`` on the same table (the command line's own loop, same reader).

    python python/bench/layered_lookups.py --size 12 [--cache-dir DIR] [--kind exact]
        [--count 100000] [--ryg target/ci/ryg]

The table must be built first (``ryg solve --size 12``; ``--size 8 --layered`` for a small
one). Each lookup reads its block from the page cache and decompresses it unless one of the
1,024 blocks read last holds it: the positions are drawn anew for each contender, so that none
finds the blocks another read.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import time
from typing import Optional

import ryg


def positions(size: int, count: int, seed: int) -> list[ryg.Position]:
    """`count` positions of random games of `size` stopped after a random number of plies
    (below 10 N), as ``ryg solve --lookups`` draws them."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        p = ryg.Position(size=size)
        for _ in range(rng.randrange(10 * size)):
            moves = p.legal_moves()
            if not moves:
                break
            p = p.play(rng.choice(moves))
        found.append(p)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=12)
    parser.add_argument("--cache-dir", default=None)
    parser.add_argument("--kind", default=None, choices=["exact", "win_loss"])
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--ryg", default=None, help="the ryg binary, to run `ryg solve --lookups` beside")
    args = parser.parse_args()
    table = ryg.open_tablebase(args.size, cache_dir=args.cache_dir, kind=args.kind)
    print(f"{table!r}: {table.layers} layer files; {args.count} random positions per contender")

    one = positions(args.size, args.count, seed=1)
    start = time.perf_counter()
    mouse = sum(table.winner(p) == "mouse" for p in one)
    seconds = time.perf_counter() - start
    print(f"table.winner(p), one call each: {args.count / seconds:,.0f} lookups/s ({seconds:.2f} s; {mouse} won by the mouse)")

    many = positions(args.size, args.count, seed=2)
    start = time.perf_counter()
    found = table.results(many)
    seconds = time.perf_counter() - start
    mouse = int((found["winner"] == 0).sum())
    print(f"table.results(list), one call: {args.count / seconds:,.0f} lookups/s ({seconds:.2f} s; {mouse} won by the mouse)")

    if args.ryg:
        command = [args.ryg, "solve", "--size", str(args.size), "--lookups", str(args.count), "--json"]
        if args.cache_dir:
            command += ["--cache-dir", args.cache_dir]
        if table.kind == "win_loss":
            command.append("--win-loss")
        elif args.size <= 10:
            command.append("--layered")
        out: Optional[dict[str, float]] = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
        assert out is not None
        print(f"ryg solve --lookups (the command line's loop): {out['per_second']:,.0f} lookups/s ({out['seconds']:.2f} s)")


if __name__ == "__main__":
    main()
