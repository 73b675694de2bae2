"""Imports of the optional frameworks, failing with the package to install."""

from __future__ import annotations

import importlib
from types import ModuleType

# module -> (what needs it, the pip command that brings it)
_PACKAGES = {
    "gymnasium": "pip install 'ryg[gymnasium]'  (or: pip install gymnasium)",
    "pettingzoo": "pip install 'ryg[pettingzoo]'  (or: pip install pettingzoo)",
    "pyspiel": "pip install 'ryg[openspiel]'  (or: pip install open_spiel)",
    "stable_baselines3": "pip install 'ryg[sb3]'  (or: pip install stable-baselines3)",
}


def require(module: str, user: str) -> ModuleType:
    """``import module``, or a ``ModuleNotFoundError`` saying that ``user`` needs it and how to
    install it (``ryg.envs.FoxHoundsEnv needs gymnasium: pip install 'ryg[gymnasium]' ...``)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name != module.split(".")[0]:
            raise
        top = module.split(".")[0]
        raise ModuleNotFoundError(f"{user} needs {top}: {_PACKAGES[top]}", name=top) from None
