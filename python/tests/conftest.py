"""Shared helpers: the `ryg` binary of this checkout, to compare with its JSON, and a home of the
tests' own for it and for the module (set here, before any test imports a table)."""

import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _test_home():
    """RYG_CACHE_DIR, XDG_CACHE_HOME and XDG_DATA_HOME under the build's target directory (kept
    between runs, shared with the Rust tests): `ryg` and the module never read or write the
    user's cache (~/.cache/ryg, where a 12x12 table may be) or data directories. HOME stays, for
    the Python of the tests' subprocesses."""
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target")
    home = (ROOT / target / "tmp" / "ryg-home").resolve()
    os.environ.update(
        RYG_CACHE_DIR=str(home / ".cache" / "ryg"),
        XDG_CACHE_HOME=str(home / ".cache"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
    )


_test_home()


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
