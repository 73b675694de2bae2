"""ryg: El ratón y los gatos (Fox and Hounds) — positions, the exact tablebase oracle and
players of every level, over the Rust engine. Environments live in ``ryg.envs``;
``import ryg.openspiel`` registers the OpenSpiel game ``ryg_mouse_and_cats``."""

from ryg._ryg import Player, Position, __version__, action_count, solve

__all__ = ["Position", "Player", "solve", "action_count", "__version__"]
