import json
import subprocess
import sys

from conftest import run_ryg


def test_the_10x10_tablebase_is_cached_as_the_command_line_does(tmp_path, ryg_bin):
    # A fresh interpreter builds the 10x10 table and writes ryg's cache file...
    env = {"RYG_CACHE_DIR": str(tmp_path), "PATH": ""}
    code = "import ryg, json; print(json.dumps(ryg.solve(ryg.Position(size=10))))"
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    cache = tmp_path / "tablebase-10x10.ryg"
    assert [p.name for p in tmp_path.iterdir()] == ["tablebase-10x10.ryg"]
    # ...which the command line loads without a word, giving the same answer...
    cli = run_ryg(ryg_bin, "solve", "--size", "10", "--json", "--cache-dir", str(tmp_path))
    assert cli.returncode == 0 and cli.stderr == ""
    assert json.loads(first.stdout) == json.loads(cli.stdout)
    assert json.loads(cli.stdout)["plies"] == 72
    # ...and a second interpreter reads it back (a damaged file would be rebuilt and rewritten).
    written = cache.stat().st_mtime_ns
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert second.stdout == first.stdout
    assert cache.stat().st_mtime_ns == written
    cache.write_bytes(cache.read_bytes()[:-10])
    third = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert third.stdout == first.stdout
    assert cli.stderr == "" and run_ryg(ryg_bin, "solve", "--size", "10", "--cache-dir", str(tmp_path)).stderr == ""
