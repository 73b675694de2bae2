"""The build backend of the ryg package: maturin, once cargo is known to be there.

Without cargo, maturin's own backend would download a Rust toolchain (about 1 GB) without
asking; this one stops at once and says what to install instead."""

from __future__ import annotations

import os
import shutil
from typing import Any, Mapping, Optional

MESSAGE = (
    "ryg: building from source needs Rust's cargo, which is not on PATH: install Rust "
    "(https://rustup.rs, or your system's cargo package) and retry, or install a ryg wheel"
)


def _maturin() -> Any:
    if shutil.which("cargo") is None:
        raise SystemExit(MESSAGE)
    os.environ["MATURIN_NO_INSTALL_RUST"] = "1"
    import maturin

    return maturin


Config = Optional[Mapping[str, Any]]


def get_requires_for_build_wheel(config_settings: Config = None) -> list[str]:
    return list(_maturin().get_requires_for_build_wheel(config_settings))


def get_requires_for_build_sdist(config_settings: Config = None) -> list[str]:
    return list(_maturin().get_requires_for_build_sdist(config_settings))


def build_wheel(wheel_directory: str, config_settings: Config = None, metadata_directory: Optional[str] = None) -> str:
    return str(_maturin().build_wheel(wheel_directory, config_settings, metadata_directory))


def build_sdist(sdist_directory: str, config_settings: Config = None) -> str:
    return str(_maturin().build_sdist(sdist_directory, config_settings))


def build_editable(wheel_directory: str, config_settings: Config = None, metadata_directory: Optional[str] = None) -> str:
    return str(_maturin().build_editable(wheel_directory, config_settings, metadata_directory))


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Config = None) -> str:
    return str(_maturin().prepare_metadata_for_build_wheel(metadata_directory, config_settings))
