"""`catan bench`: the engine's raw throughput, with no bots, views or screen in the loop.

Games are uniformly random legal play (trade offers left out, as every
reference engine's random player does), so the figures compare directly with
other engines' random-game benchmarks.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import time
from typing import Any

from tui.commands.common import add_game_arguments, game_config, game_count, positive_int, seed_int


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--games", type=game_count, default=100, help="random games to play")
    parser.add_argument("--seed", type=seed_int, default=1, help="seed of the first game")
    parser.add_argument("--turn-cap", type=positive_int, default=1000, help="turns before a draw")
    parser.add_argument("--copies", type=positive_int, default=20000, help="copies to time")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace) -> int:
    from engine.headless import random_rollout
    from engine.registry import new_game, normalise_config

    normalise_config(game_config(args, args.seed))
    per_game: list[float] = []
    decisions: list[int] = []
    capped = 0
    cpu = 0.0  # CPU seconds in the loop: on a shared machine, steadier than the clock
    for i in range(args.games):
        seed = args.seed + i
        game = new_game(game_config(args, seed))
        c0 = time.process_time()
        t0 = time.perf_counter()
        decisions.append(random_rollout(game, random.Random(seed), args.turn_cap))
        per_game.append(time.perf_counter() - t0)
        cpu += time.process_time() - c0
        capped += game.winner is None
    total = sum(per_game)

    # copy() on a mid-game position: what a search bot pays per simulation.
    game = new_game(game_config(args, args.seed))
    random_rollout(game, random.Random(args.seed), turn_cap=getattr(game, "turn", 0) + 60)
    t0 = time.perf_counter()
    for _ in range(args.copies):
        game.copy()
    copy_seconds = time.perf_counter() - t0

    figures: dict[str, Any] = {
        "ruleset": args.ruleset,
        "players": args.players,
        "games": args.games,
        "capped": capped,
        "games_per_second": round(args.games / total, 2),
        "games_per_cpu_second": round(args.games / cpu, 2) if cpu > 0 else None,
        "actions_per_second": round(sum(decisions) / total),
        "median_decisions_per_game": statistics.median(decisions),
        "median_ms_per_game": round(statistics.median(per_game) * 1000, 2),
        "copies_per_second": round(args.copies / copy_seconds),
        "peak_memory_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"engine benchmark: {args.ruleset}, {args.players} players")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in figures.items():
        if key not in ("ruleset", "players"):
            table.add_row(key.replace("_", " "), str(value))
    Console().print(table)
    return 0
