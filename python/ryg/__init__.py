"""ryg: El ratón y los gatos (Fox and Hounds) — positions, the exact tablebase oracle and
players of every level, over the Rust engine (4×4 to 14×14; ``ryg.open_tablebase`` reads the
layer files ``ryg solve`` writes, 12×12's and 14×14's among them). Environments live in ``ryg.envs``;
``import ryg.openspiel`` registers the OpenSpiel game ``ryg_mouse_and_cats``.

Importing ``ryg`` registers the Gymnasium environment ``ryg/FoxHounds-v0`` (with
``ryg.envs.VectorEnv`` as its vector entry point) when Gymnasium is installed."""

from ryg._ryg import (
    BatchedSearch,
    LayeredTablebase,
    Player,
    Position,
    __version__,
    action_count,
    open_tablebase,
    search,
    search_batch,
    solve,
    solve_batch,
    start_positions,
    tablebase_arrays,
    tablebase_entries,
)
from ryg.symmetry import symmetries

__all__ = [
    "Position",
    "Player",
    "solve",
    "solve_batch",
    "search",
    "search_batch",
    "BatchedSearch",
    "tablebase_arrays",
    "tablebase_entries",
    "start_positions",
    "open_tablebase",
    "LayeredTablebase",
    "symmetries",
    "action_count",
    "__version__",
]


def _register_with_gymnasium() -> None:
    try:
        import gymnasium
    except ModuleNotFoundError:
        return
    if "ryg/FoxHounds-v0" not in gymnasium.registry:
        gymnasium.register(
            id="ryg/FoxHounds-v0",
            entry_point="ryg.envs.gym_env:FoxHoundsEnv",
            vector_entry_point="ryg.envs.vector:VectorEnv",
        )


_register_with_gymnasium()
