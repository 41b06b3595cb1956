"""`catan tournament`: bots against each other, seats rotated, results with confidence intervals.

The engine of it is ai.tournament; this module parses arguments, shows a
progress bar on stderr (or, where stderr is no terminal, a line every
twentieth of the games with the wins so far) and prints a table (or JSON
with the same numbers).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tui.commands.common import float_in, game_count, int_in, positive_int, seed_int

if TYPE_CHECKING:
    from ai.tournament import GameRecord

MAX_BUDGET = 3600.0  # seconds per decision


def _max_workers() -> int:
    """Four worker processes per CPU core at most: more only thrash (and fork-bomb)."""
    return max(4, 4 * (os.cpu_count() or 1))


def plain_progress(
    bots: Sequence[str], games: int, write: Callable[[str], object]
) -> Callable[[GameRecord], None]:
    """A progress report for a log file: a line every twentieth of the games (every game
    in a short run), with the time so far and each bot's wins, so a long run redirected
    to a file can be read before it ends."""
    from ai.registry import bot_label

    step = max(1, games // 20)
    wins = dict.fromkeys((bot_label(b) for b in bots), 0)  # named as the table names them
    start = time.monotonic()
    done = 0

    def on_game(record: GameRecord) -> None:
        nonlocal done
        done += 1
        # as the table counts: a win by the bot that took a faulty bot's seat is not its own
        stand_in = any(s.won and s.replaced for s in record.seats)
        if record.winner_entry is not None and not stand_in:
            wins[bot_label(bots[record.winner_entry])] += 1
        if done % step and done < games:
            return
        spent = datetime.timedelta(seconds=int(time.monotonic() - start))
        tally = " · ".join(f"{bot} won {n}" for bot, n in wins.items())
        write(f"games {done}/{games} after {spent} · {tally}\n")

    return on_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="base", help="ruleset to play (default: base)")
    parser.add_argument(
        "--bots",
        required=True,
        help=(
            "comma-separated bot specs, one per seat, e.g. mcts,greedy,greedy,greedy; "
            "a spec takes parameters as NAME:key=value,key=value, e.g. a per-bot time "
            "budget mcts:budget_ms=400,mcts:budget_ms=100 (or mcts:iterations=N)"
        ),
    )
    parser.add_argument("--games", type=game_count, default=8, help="games to play")
    parser.add_argument(
        "--seed", type=seed_int, default=1, help="match seed (boards, dice, bot seeds)"
    )
    parser.add_argument("--max-turns", type=positive_int, default=400, help="turn cap per game")
    parser.add_argument(
        "--workers",
        type=int_in(1, _max_workers(), " on this machine"),
        default=1,
        help="worker processes",
    )
    parser.add_argument(
        "--budget",
        type=float_in(0.0, MAX_BUDGET, above_low=True),
        default=2.0,
        help=(
            "soft time budget per decision, seconds (default: %(default)s); a bot that has"
            " not answered by max(2.5 x budget, budget + 1 s) loses the decision"
        ),
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def _options(items: list[str]) -> dict[str, Any]:
    from engine.errors import ConfigError

    out: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        if not sep:
            raise ConfigError(f"--option needs NAME=VALUE, got {item!r}")
        try:
            out[name] = json.loads(raw)
        except json.JSONDecodeError:
            out[name] = raw
    return out


def run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
    from rich.table import Table

    from ai.registry import check_spec, split_specs
    from ai.sandbox import Budget
    from ai.tournament import MatchSpec, check_lineup, quiet_bot_lines, run_tournament
    from engine.config import GameConfig
    from engine.errors import ConfigError
    from engine.registry import normalise_config

    bots = tuple(split_specs(args.bots))
    for bot_spec in dict.fromkeys(bots):
        check_spec(bot_spec)  # an unknown bot is named (with the valid names) before any count
    if len(bots) < 2:
        raise ConfigError("--bots needs one bot per seat (at least two)")
    options = _options(args.option)
    normalise_config(GameConfig(args.ruleset, len(bots), args.seed, options))
    check_lineup(args.ruleset, bots)
    budget = Budget(soft=args.budget, hard=max(args.budget * 2.5, args.budget + 1.0))
    spec = MatchSpec(args.ruleset, bots, args.seed, options, args.max_turns, budget)
    err = Console(stderr=True)
    plain = None if err.is_terminal else plain_progress(bots, args.games, sys.stderr.write)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as progress:
        task = progress.add_task("games", total=args.games)

        def on_game(record: GameRecord) -> None:
            progress.advance(task)
            if plain is not None:
                plain(record)

        quiet_bot_lines()  # the fault lines are printed once, after the table
        report = run_tournament(spec, args.games, workers=args.workers, on_game=on_game)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    out = Console()
    if not out.is_terminal:
        out = Console(width=160)  # piped into a file: keep every column readable
    table = Table(
        title=f"{args.ruleset}: {', '.join(bots)}, {report['games']} games, seed {args.seed}"
    )
    for col in (
        "bot",
        "seat-games",
        "wins",
        "win rate",
        "Wilson 95%",
        "avg VP",
        "avg ms",
        "median ms",
        "max ms",
        "faults",
    ):
        table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
    for row in report["results"]:
        lo, hi = row["wilson95"]
        table.add_row(
            row["bot"],
            str(row["seat_games"]),
            str(row["wins"]),
            f"{100 * row['win_rate']:.1f}%",
            f"{100 * lo:.1f}-{100 * hi:.1f}%",
            f"{row['avg_vp']:.2f}",
            f"{row['avg_ms']:.1f}",
            f"{row['median_ms']:.1f}",
            f"{row['max_ms']:.0f}",
            str(row["faults"]) + (f" ({row['replaced']} replaced)" if row["replaced"] else ""),
        )
    out.print(table)
    out.print(
        f"capped games (over {report['max_turns']} turns, no winner): {report['capped']}; "
        f"average length {report['avg_turns']:.1f} turns"
    )
    for row in report["results"]:
        if row["stand_in_wins"]:
            out.print(
                f"{escape(row['bot'])}: {row['stand_in_wins']} won by the bot that took its seat"
                " after three faults, not counted as its wins"
            )
    shown = report["fault_log"][:10]
    for line in shown:
        out.print(f"[yellow]{escape(line)}[/]")  # bot text: no markup (control bytes: ai/text.py)
    if report["fault_lines"] > len(shown):
        more = report["fault_lines"] - len(shown)
        out.print(f"… and {more} more fault lines (--json lists the first 50)")
    return 0
