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
    parser.set_defaults(players=None)  # not given: one seat per --bots name, else 4
    parser.add_argument("--games", type=game_count, default=10, help="games to play")
    parser.add_argument("--seed", type=seed_int, default=1, help="seed of the first game")
    parser.add_argument(
        "--bots",
        default=None,
        help=(
            "comma-separated bot names, one per seat (default: random); without --players,"
            " as many players as bots"
        ),
    )
    parser.add_argument("--turn-cap", type=positive_int, default=1000, help="turns before a draw")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


class BotFailed(Exception):
    """An in-process bot raised: ``catan simulate`` stops with one line, as for a bot process."""


class Guarded:
    """A bot as the headless loop calls it, whose answer the rules cannot read is refused.

    ``play_headless`` refuses an illegal action (and plays the first legal
    one); an answer that is no action, or an offer whose terms make the check
    itself fail, is refused here the same way and counted in ``refused``. An
    exception of the bot's own becomes ``BotFailed``, worded (ai/text.py).
    """

    def __init__(self, bot: Any, game: Any) -> None:
        from ai.protocol import headless_decider
        from engine.actions import Action
        from engine.views import reads_view

        self.bot = bot
        self.decide = headless_decider(bot)
        self.game = game
        self.reads_view = reads_view(self.decide)
        self.refused: list[str] = []
        self._action = Action

    def __call__(self, view: Any, legal: list[Any]) -> Any:
        try:
            action = self.decide(view, legal)
        except Exception as exc:
            from ai.exec_bot import RemoteBotError
            from ai.process import BotProtocolError
            from ai.text import error_text

            if isinstance(exc, BotProtocolError | RemoteBotError):
                raise  # worded by the host already
            raise BotFailed(error_text(exc, self.bot)) from None
        if not isinstance(action, self._action):
            self.refused.append(f"returned {type(action).__name__}, not an action")
            return legal[0]
        if action.type in ("offer_trade", "counter_trade"):  # built by the bot itself
            try:
                self.game.check(action)
            except Exception as exc:
                self.refused.append(f"the rules cannot read its terms ({type(exc).__name__})")
                return legal[0]
        return action


def run(args: argparse.Namespace) -> int:
    from ai.exec_bot import RemoteBotError
    from ai.process import BotProtocolError
    from ai.registry import check_spec, create_bot, split_specs
    from ai.seeds import bot_seed
    from ai.text import printable
    from engine.errors import ConfigError
    from engine.headless import play_headless
    from engine.registry import new_game, normalise_config

    given = split_specs(args.bots) if args.bots else None
    if args.players is None:
        args.players = len(given) if given else 4
    normalise_config(game_config(args, args.seed))  # validate once, up front (--players too)
    names = given or ["random"] * args.players
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
                Guarded(create_bot(name, bot_seed(seed, seat)), game)
                for seat, name in enumerate(names)
            ]
            result = play_headless(game, deciders, turn_cap=args.turn_cap)
        except (BotProtocolError, RemoteBotError, BotFailed) as exc:  # crashed, hung or lied
            raise ConfigError(
                f"a bot failed in game {i + 1} (seed {seed}): {printable(str(exc))[:300]};"
                " `catan tournament` plays on past a failing bot and counts its faults"
            ) from None
        if result.winner is not None:
            wins[result.winner] += 1
        capped += result.capped
        illegal += len(result.illegal) + sum(len(d.refused) for d in deciders)
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
