#!/usr/bin/env python3
"""Per-decision cost of a tournament of random bots against `catan simulate`'s loop (reported).

    python scripts/bench_tournament.py [ROUNDS]               # this checkout
    PYTHONPATH=/path/to/old python scripts/bench_tournament.py  # another one, for before/after

Each round plays the same games both ways, interleaved: `ai.tournament.play_game`
(sandboxed bots, events to every seat, as `catan tournament` does) and
`engine.headless.play_headless` with the random bot's headless deciders (as
`catan simulate` does), on each game's seed. Prints the medians of the
per-round microseconds per decision and their ratio. Imports are warmed first.
"""

from __future__ import annotations

import statistics
import sys
import time

from ai.protocol import headless_decider
from ai.registry import create_bot
from ai.tournament import MatchSpec, game_seed, play_game
from engine.config import GameConfig
from engine.headless import play_headless
from engine.registry import new_game

SEED_MATCH = 1
GAMES_PER_ROUND = 8


def tournament_round(spec: MatchSpec) -> float:
    t0 = time.perf_counter()
    decisions = 0
    for i in range(GAMES_PER_ROUND):
        record = play_game(spec, i)
        decisions += sum(s.decisions for s in record.seats)
    return (time.perf_counter() - t0) / decisions


def simulate_round(spec: MatchSpec) -> float:
    t0 = time.perf_counter()
    decisions = 0
    for i in range(GAMES_PER_ROUND):
        seed = game_seed(spec.seed, i // 4)
        game = new_game(GameConfig("base", 4, seed, {}))
        deciders = [headless_decider(create_bot("random", seed * 16 + s)) for s in range(4)]
        decisions += play_headless(game, deciders, turn_cap=spec.max_turns).decisions
    return (time.perf_counter() - t0) / decisions


def main(argv: list[str]) -> int:
    rounds = int(argv[0]) if argv else 5
    spec = MatchSpec("base", ("random",) * 4, seed=SEED_MATCH)
    play_game(spec, 0)  # warm the imports (the fallback bots, the sandbox)
    tour: list[float] = []
    sim: list[float] = []
    for r in range(rounds):
        pair = [(tour, tournament_round), (sim, simulate_round)]
        for out, fn in pair if r % 2 == 0 else pair[::-1]:
            out.append(fn(spec))
    t, s = statistics.median(tour) * 1e6, statistics.median(sim) * 1e6
    print(f"tournament {t:.1f} us per decision, simulate {s:.1f} us; ratio {t / s:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
