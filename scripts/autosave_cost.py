#!/usr/bin/env python3
"""What a table's autosave costs as a game grows: `dumps` against `GrowingSave`.

    python scripts/autosave_cost.py [--ruleset starfarers] [--actions 2400] [--seed 4]

Plays random legal actions (no trade offers) and, after each, makes the
autosave's text both ways, in alternating order, as a table does after every
action. Prints the median milliseconds per autosave over each stretch of the
game, so the cost of encoding the whole log at every action shows as it grows.
Wall clock: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.config import GameConfig
from engine.registry import new_game
from engine.saves import GrowingSave, dumps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="starfarers")
    parser.add_argument("--actions", type=int, default=2400)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--stretch", type=int, default=400)
    args = parser.parse_args()
    game = new_game(GameConfig(args.ruleset, 4, args.seed, {}))
    rng = random.Random(args.seed)
    growing = GrowingSave()
    clock = time.perf_counter
    whole: list[float] = []
    grown: list[float] = []
    print(f"{args.ruleset}, seed {args.seed}: median ms per autosave")
    print("actions      dumps   GrowingSave")
    while game.to_act is not None and game.num_actions < args.actions:
        legal = [a for a in game.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        game.apply(rng.choice(legal))
        for first in (0, 1) if game.num_actions % 2 else (1, 0):
            t0 = clock()
            text = dumps(game) if first == 0 else growing.dumps(game)
            (whole if first == 0 else grown).append(clock() - t0)
            del text
        if game.num_actions % args.stretch == 0:
            print(
                f"{game.num_actions - args.stretch + 1:>5}-{game.num_actions:<5}"
                f" {1000 * statistics.median(whole):7.2f} {1000 * statistics.median(grown):9.2f}"
            )
            whole.clear()
            grown.clear()


if __name__ == "__main__":
    main()
