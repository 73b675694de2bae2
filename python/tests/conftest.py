"""Shared helpers: the `ryg` binary of this checkout, to compare with its JSON."""

import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def ryg_bin():
    """The command-line `ryg` ($RYG_BIN, else target/ci/ryg or target/debug/ryg), or skip."""
    candidates = [os.environ.get("RYG_BIN"), ROOT / "target/ci/ryg", ROOT / "target/debug/ryg", shutil.which("ryg")]
    for c in candidates:
        if c and pathlib.Path(c).is_file():
            return str(c)
    pytest.skip("no ryg binary: build it with `cargo build --profile ci`")


def run_ryg(ryg_bin, *args):
    return subprocess.run([ryg_bin, *args], capture_output=True, text=True, timeout=60)
