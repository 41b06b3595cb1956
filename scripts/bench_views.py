#!/usr/bin/env python3
"""Microseconds per view of a seat at random mid-game positions, per ruleset (reported only).

    python scripts/bench_views.py                      # this checkout
    PYTHONPATH=/path/to/old python scripts/bench_views.py   # another checkout, for before/after

Positions: seeded random games (seeds 1..GAMES), stopped at a random
action between 150 and 400; every seat's view is built REPEAT times there.
Prints the median over positions of the mean time per view, and the view's
size as JSON.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from engine.config import GameConfig
from engine.registry import new_game

SEED_POSITIONS = 99
GAMES = 12
REPEAT = 200


def main() -> int:
    for ruleset in ("base", "starfarers"):
        pick = random.Random(SEED_POSITIONS)
        per_view: list[float] = []
        sizes: list[int] = []
        for seed in range(1, GAMES + 1):
            game = new_game(GameConfig(ruleset, 4, seed, {}))
            play = random.Random(seed)
            stop = pick.randrange(150, 400)
            while game.num_actions < stop and game.to_act is not None:
                legal = game.legal_actions()
                quiet = [a for a in legal if a.type not in ("offer_trade", "counter_trade")]
                game.apply(play.choice(quiet))
            t0 = time.perf_counter()
            for _ in range(REPEAT):
                for seat in range(4):
                    game.view(seat)
            per_view.append((time.perf_counter() - t0) / (REPEAT * 4))
            sizes.append(len(json.dumps(game.view(0))))
        print(
            f"{ruleset}: {statistics.median(per_view) * 1e6:.1f} us per view "
            f"(median of {GAMES} positions), {statistics.median(sizes) / 1024:.1f} KiB as JSON"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
