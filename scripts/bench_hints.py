#!/usr/bin/env python3
"""How long a hint (?) takes: the value adviser at the person's decisions, per ruleset.

    python scripts/bench_hints.py [RULESET ...]     # default: all four

Positions: seeded random games (seeds 1..GAMES, no trade offers), every
STRIDE-th decision from the start to the end or CAP actions; the adviser
answers for the seat to act from that seat's view. Prints the count, the
median, the 90th percentile and the maximum in milliseconds (wall clock, one
core), and how many answers were a whole discard of more than one card.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from ai.hints import ValueAdviser
from engine.config import GameConfig
from engine.registry import new_game

GAMES = 6
STRIDE = 7
CAP = 1500


def main(argv: list[str]) -> int:
    adviser = ValueAdviser()
    for ruleset in argv or ["base", "ck", "fleet", "starfarers"]:
        times: list[float] = []
        plans = 0
        for seed in range(1, GAMES + 1):
            game = new_game(GameConfig(ruleset, 4, seed, {}))
            rng = random.Random(seed)
            for n in range(CAP):
                seat = game.to_act
                if seat is None:
                    break
                legal = game.legal_actions()
                if n % STRIDE == 0:
                    t0 = time.perf_counter()
                    plan = adviser.suggest(seat, game.view(seat), legal, n)
                    times.append((time.perf_counter() - t0) * 1000)
                    plans += len(plan) > 1
                quiet = [a for a in legal if a.type not in ("offer_trade", "counter_trade")]
                game.apply(rng.choice(quiet))
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(
            f"{ruleset:<11} {len(times):>4} hints  median {statistics.median(times):6.1f} ms  "
            f"p90 {p90:6.1f} ms  max {times[-1]:6.1f} ms  whole discards {plans}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
