"""OpenSpiel's MCTS against perfect play (ryg's tablebase) on the game ``ryg_mouse_and_cats``:
its wins, and its exact regret — the share of its moves that are not optimal.

    pip install ./python open_spiel
    python python/examples/mcts_vs_perfect.py [--size 6] [--games 10] [--simulations 400]
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from typing import Any

import ryg
import ryg.openspiel  # noqa: F401  (registers the game)


def play(game: Any, bot: Any, bot_player: int, perfect: ryg.Player) -> tuple[float, int, int]:
    """One game: MCTS plays `bot_player` (0 mouse, 1 cats), perfect play the other side.
    Returns MCTS's return, its moves and how many of them were not optimal."""
    state = game.new_initial_state()
    moves = bad = 0
    while not state.is_terminal():
        if state.current_player() == bot_player:
            action = bot.step(state)
            moves += 1
            bad += action not in state.optimal_actions()
        else:
            action = state.position.action(perfect.choose(state.position))
        state.apply_action(action)
    return state.returns()[bot_player], moves, bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=6)
    parser.add_argument("--games", type=int, default=10, help="games per side")
    parser.add_argument("--simulations", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = pyspiel.load_game("ryg_mouse_and_cats", {"size": args.size})
    rng = np.random.RandomState(args.seed)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=args.simulations,
        evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng, solve=True,
    )
    start = ryg.solve(ryg.Position(size=args.size))
    verb = "wins" if start["winner"] == "mouse" else "win"
    print(f"{args.size}x{args.size}: with perfect play the {start['winner']} {verb} in {start['plies']} plies")
    for player, side in enumerate(("mouse", "cats")):
        perfect = ryg.Player("perfect", seed=args.seed)
        wins = moves = bad = 0
        for _ in range(args.games):
            ret, m, b = play(game, bot, player, perfect)
            wins += ret > 0
            moves += m
            bad += b
        print(
            f"MCTS ({args.simulations} simulations) as the {side:<5} against perfect play: "
            f"won {wins}/{args.games}, {bad / moves:.1%} of its {moves} moves not optimal"
        )


if __name__ == "__main__":
    main()
