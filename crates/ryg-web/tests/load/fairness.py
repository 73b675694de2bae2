#!/usr/bin/env python3
"""How fairly `ryg serve` shares its game workers, at several core counts (loopback only,
bounded in time; a benchmark, not a test: it asserts nothing).

For each core count C (--cores 2,4,8,16) it starts the server pinned to cores 0..C-1 (taskset;
the server takes as many game workers as it is given cores) on a fresh SQLite file and, for
--seconds (default 30), runs --heavy N games (default 2 per core: more searches than workers)
from one address (X-Forwarded-For 10.0.0.1 with --trust-proxy; every request goes to
127.0.0.1) on 10x10 against RYG3 v11 at depth 16, each reply a search cut by the time limit of
a move, and from a second address (10.0.0.2) one ordinary player: level 3 on 8x8, a move every
50 ms, a new game when one ends. It prints one line per core count: the light player's reply
latency (p50, p99, max: from sending the move to reading the game with the computer's reply),
its replies, the heavy replies played and the failed requests.

Needs only Python 3.9+ (the standard library), taskset and a ryg binary:
  scripts/fairness-bench [--bin target/release/ryg] [--cores 2,4,8,16] [--heavy N]
                         [--seconds 30] [--move-ms 5000]
"""
import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time


def parse_args():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.environ.get("RYG_BIN", os.path.join(here, "..", "..", "..", "..", "target", "release", "ryg")))
    ap.add_argument("--cores", default="2,4,8,16")
    ap.add_argument("--heavy", type=int, default=None)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--move-ms", type=int, default=5000)
    a = ap.parse_args()
    have = os.cpu_count() or 1
    try:
        a.cores = [int(c) for c in a.cores.split(",")]
    except ValueError:
        ap.error("--cores: whole numbers separated by commas, e.g. 2,4,8")
    if not 5 <= a.seconds <= 50 or any(not 1 <= c <= have for c in a.cores):
        ap.error(f"--seconds 5..50, --cores each 1..{have} (this machine's cores)")
    if not os.access(a.bin, os.X_OK):
        ap.error(f"no ryg binary at {a.bin} (cargo build --release, or --bin PATH)")
    return a


class Server:
    def __init__(self, binary, cores, db, move_ms):
        args = ["taskset", "-c", f"0-{cores - 1}", binary, "serve", "--port", "0", "--db", db,
                "--trust-proxy", "--games-per-minute", "100000", "--moves-per-second", "100000",
                "--log", "warn", "--move-ms", str(move_ms)]
        self.child = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
        line = self.child.stdout.readline()
        if not line.startswith("ryg: serving on "):
            self.child.kill()
            sys.exit(f"fairness-bench: ryg serve did not start ({line.strip()!r})")
        address = line.strip().removeprefix("ryg: serving on http://").rstrip("/")
        self.host, port = address.rsplit(":", 1)
        self.port = int(port)
        threading.Thread(target=self.child.stdout.read, daemon=True).start()

    def request(self, method, path, body=None, sender=None, token=None):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        headers = {}
        if sender:
            headers["X-Forwarded-For"] = sender
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None
        if method != "GET":
            headers["Content-Type"] = "application/json"
            data = json.dumps(body if body is not None else {})
        try:
            conn.request(method, path, body=data, headers=headers)
            res = conn.getresponse()
            return res.status, json.loads(res.read() or b"null")
        finally:
            conn.close()

    def stop(self):
        self.child.terminate()
        try:
            self.child.wait(10)
        except subprocess.TimeoutExpired:
            self.child.kill()
            self.child.wait()


def player(server, sender, spec, until, times, stats, pause):
    """Plays `spec` games from `sender` until `until`: each move's time to the computer's reply
    goes to `times`; a failed request counts in stats['failed']."""
    game = None
    while time.time() < until:
        try:
            if game is None or game.get("outcome") or not game.get("legal_moves"):
                status, body = server.request("POST", "/api/games", spec, sender)
                if status != 201:
                    stats["failed"] += 1
                    time.sleep(0.2)
                    continue
                game = dict(body, token=body["tokens"]["mouse"])
            started = time.perf_counter()
            status, body = server.request(
                "POST", f"/api/games/{game['public_id']}/moves",
                {"move": game["legal_moves"][0], "ply": len(game["moves"])}, sender, game["token"])
            if status != 200:
                stats["failed"] += 1
                time.sleep(0.2)
                continue
            g = body
            while g["to_move"] == "cats" and not g.get("outcome") and time.time() < until + 30:
                time.sleep(0.02)
                _, g = server.request("GET", f"/api/games/{game['public_id']}")
            if g["to_move"] == "cats" and not g.get("outcome"):
                break
            times.append((time.perf_counter() - started) * 1000)
            game = dict(g, token=game["token"])
            if pause:
                time.sleep(pause)
        except (OSError, ValueError, KeyError, http.client.HTTPException):
            stats["failed"] += 1
            time.sleep(0.2)


def pct(values, p):
    return values[min(len(values) - 1, int(p * len(values)))] if values else float("nan")


def main():
    a = parse_args()
    for cores in a.cores:
        with tempfile.TemporaryDirectory(prefix="ryg-fair-") as tmp:
            server = Server(a.bin, cores, os.path.join(tmp, "games.sqlite3"), a.move_ms)
            heavy = a.heavy if a.heavy is not None else 2 * cores
            until = time.time() + a.seconds
            stats = {"failed": 0}
            light, heavy_times = [], []
            heavy_spec = {"size": 10, "mouse": "human", "cats": {"engine": "ryg3-v11", "depth": 16}}
            threads = [threading.Thread(target=player, args=(server, "10.0.0.1", heavy_spec, until, heavy_times, stats, 0))
                       for _ in range(heavy)]
            for t in threads:
                t.start()
            time.sleep(0.5)  # the heavy searches under way first
            light_spec = {"size": 8, "mouse": "human", "cats": "3"}
            t = threading.Thread(target=player, args=(server, "10.0.0.2", light_spec, until, light, stats, 0.05))
            t.start()
            threads.append(t)
            for t in threads:
                t.join()
            server.stop()
        light.sort()
        print(f"cores={cores} heavy_games={heavy} light_replies={len(light)} p50={pct(light, 0.5):.1f}ms "
              f"p99={pct(light, 0.99):.1f}ms max={(light[-1] if light else float('nan')):.1f}ms "
              f"heavy_replies={len(heavy_times)} failed={stats['failed']}", flush=True)


if __name__ == "__main__":
    main()
