#!/usr/bin/env python3
"""How long `ryg ugi` takes to answer `go movetime T`: the time from writing `go` to reading
`bestmove`, over N searches of the start position per board size.

    scripts/ugi-movetime.py [--ryg target/ci/ryg] [--movetime 100] [--runs 50] [--sizes 6,8,10]

Prints mean, min, max and p95 in milliseconds for each size. A benchmark, not a test: the
figures depend on the machine and its load.
"""

import argparse
import statistics
import subprocess
import time


def percentile(values, p):
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def measure(ryg, size, movetime, runs, warmup):
    engine = subprocess.Popen(
        [ryg, "ugi", "--no-cache"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )

    def send(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()

    def until(word):
        while True:
            line = engine.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended")
            if line.startswith(word):
                return line

    send("ugi")
    until("ugiok")
    send(f"setoption name Size value {size}")
    send("uginewgame")
    send("isready")
    until("readyok")
    times = []
    for i in range(warmup + runs):
        send("position startpos")
        send("isready")
        until("readyok")
        start = time.perf_counter()
        send(f"go movetime {movetime}")
        until("bestmove")
        elapsed = (time.perf_counter() - start) * 1000
        if i >= warmup:
            times.append(elapsed)
    send("quit")
    engine.wait()
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ryg", default="target/ci/ryg")
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--warmup", type=int, default=0)
    parser.add_argument("--sizes", default="6,8,10")
    args = parser.parse_args()
    print(f"go movetime {args.movetime}, {args.runs} runs per size (ms from go to bestmove)")
    print(f"{'size':>4} {'mean':>7} {'min':>7} {'max':>7} {'p95':>7}")
    for size in [int(s) for s in args.sizes.split(",")]:
        t = measure(args.ryg, size, args.movetime, args.runs, args.warmup)
        print(
            f"{size:>4} {statistics.mean(t):7.1f} {min(t):7.1f} {max(t):7.1f} {percentile(t, 95):7.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
