#!/usr/bin/env python3
"""MCTS iterations per 100 ms budget on fixed positions (reported, not asserted).

    python scripts/bench_mcts.py                       # this checkout
    python scripts/bench_mcts.py --seats 2 --deep      # two seats, the 400 ms search's rollouts
    PYTHONPATH=/path/to/old python scripts/bench_mcts.py   # another one, for before/after

Positions: seeded games of greedy bots, stopped in the main phase of the
seat to act after turn 20 (one per game seed); on each, the MCTS bot's
`search` runs ITERATIONS iterations on the position's first three main-phase
actions, REPEAT times, and is timed: iterations per 100 ms is ITERATIONS
over the time, times 0.1 s (a fixed count measures the same rate as a 100 ms
deadline with less noise). Prints the median over positions and repeats.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from ai.bots.greedy import GreedyBot
from ai.bots.mcts import MctsBot
from ai.features import features_for
from engine.actions import Action
from engine.config import GameConfig
from engine.registry import new_game

SEEDS = range(1, 9)
REPEAT = 3
ITERATIONS = 20


def positions(seats: int = 4) -> list[tuple[dict[str, object], list[Action]]]:
    out = []
    for seed in SEEDS:
        game = new_game(GameConfig("base", seats, seed, {}))
        bots = [GreedyBot(seed * 8 + s) for s in range(seats)]
        while not (game.turn > 20 and game.phase == "main"):  # type: ignore[attr-defined]
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            game.apply(bots[seat].decide(dict(game.view(seat)), legal))
        seat = game.to_act
        legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
        out.append((dict(game.view(seat)), legal[:3]))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument(
        "--deep", action="store_true", help="the rollouts of budget_ms=400 (plan_all, 2 rounds)"
    )
    args = parser.parse_args()
    feats = features_for("base")
    found = positions(args.seats)
    budget = 400.0 if args.deep else 100.0
    rates: list[float] = []
    for r in range(REPEAT):
        for i, (view, candidates) in enumerate(found):
            bot = MctsBot(seed=1000 * r + i, iterations=ITERATIONS, budget_ms=budget)
            t0 = time.process_time()
            bot.search(view, candidates, feats, 0.0)
            rates.append(ITERATIONS / (time.process_time() - t0) * 0.1)
    kind = "deep rollouts" if args.deep else "default rollouts"
    print(
        f"mcts ({args.seats} seats, {kind}): median {statistics.median(rates):.1f}"
        " iterations per 100 ms "
        f"({len(found)} positions x {REPEAT}, {ITERATIONS} iterations timed each)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
