"""`catan simulate`: bot games without a screen, for a quick look at balance and speed."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from tui.commands.common import add_game_arguments, game_config, game_count, positive_int, seed_int


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--games", type=game_count, default=10, help="games to play")
    parser.add_argument("--seed", type=seed_int, default=1, help="seed of the first game")
    parser.add_argument(
        "--bots", default=None, help="comma-separated bot names, one per seat (default: random)"
    )
    parser.add_argument("--turn-cap", type=positive_int, default=1000, help="turns before a draw")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def run(args: argparse.Namespace) -> int:
    from ai.exec_bot import RemoteBotError
    from ai.process import BotProtocolError
    from ai.protocol import headless_decider
    from ai.registry import check_spec, create_bot, split_specs
    from ai.seeds import bot_seed
    from ai.text import printable
    from engine.errors import ConfigError
    from engine.headless import play_headless
    from engine.registry import new_game, normalise_config

    normalise_config(game_config(args, args.seed))  # validate once, up front (--players too)
    names = split_specs(args.bots) if args.bots else ["random"] * args.players
    if len(names) != args.players:
        bots = f"{len(names)} bot{'s' * (len(names) != 1)}"
        raise ConfigError(
            f"--bots names {bots} for {args.players} players; name one per seat"
            f" (e.g. {','.join(['random'] * args.players)})"
        )
    for name in dict.fromkeys(names):
        check_spec(name)  # an unknown bot is named before any game starts
    wins = [0] * args.players
    turns: list[int] = []
    decisions = 0
    capped = 0
    illegal = 0
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        game = new_game(game_config(args, seed))
        try:
            deciders = [
                headless_decider(create_bot(name, bot_seed(seed, seat)))
                for seat, name in enumerate(names)
            ]
            result = play_headless(game, deciders, turn_cap=args.turn_cap)
        except (BotProtocolError, RemoteBotError) as exc:  # a bot that crashed, hung or lied
            raise ConfigError(
                f"a bot failed in game {i + 1} (seed {seed}): {printable(str(exc))[:300]};"
                " `catan tournament` plays on past a failing bot and counts its faults"
            ) from None
        if result.winner is not None:
            wins[result.winner] += 1
        capped += result.capped
        illegal += len(result.illegal)
        turns.append(result.turns)
        decisions += result.decisions
    elapsed = time.perf_counter() - started
    report: dict[str, Any] = {
        "ruleset": args.ruleset,
        "games": args.games,
        "players": args.players,
        "bots": names,
        "seed": args.seed,
        "wins": wins,
        "capped": capped,
        "illegal_actions": illegal,
        "median_turns": statistics.median(turns),
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "games_per_second": round(args.games / elapsed, 2),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    from rich.console import Console
    from rich.table import Table

    variant = getattr(args, "variant", None)
    what = args.ruleset + (f" ({variant})" if variant else "")
    last = args.seed + args.games - 1
    table = Table()
    table.add_column("seat")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("share", justify="right")
    for seat, name in enumerate(names):
        table.add_row(str(seat), name, str(wins[seat]), f"{wins[seat] / args.games:.0%}")
    console = Console()
    console.print(f"{args.games} games of {what}, {len(names)} players, seeds {args.seed}..{last}")
    console.print(table)
    console.print(
        f"median turns {report['median_turns']}, capped {capped}, "
        f"{report['games_per_second']} games/s ({elapsed:.1f} s)"
    )
    return 0
