"""`catan play`: straight into a game against bots."""

from __future__ import annotations

import argparse

from ai.registry import DEFAULT_BOT
from tui import startup
from tui.commands.common import add_game_arguments, game_config, seed_int


def add_ui_arguments(parser: argparse.ArgumentParser, *, top: bool = False) -> None:
    """--ascii, --saves and --speed; given before or after a subcommand's name alike.

    Only the top-level parser sets their defaults: a subcommand's own default
    would overwrite what was given before its name (`catan --ascii load FILE`).
    """
    unset = argparse.SUPPRESS
    parser.add_argument(
        "--ascii", action="store_true", default=False if top else unset, help="draw with ASCII only"
    )
    parser.add_argument(
        "--saves", default=None if top else unset, metavar="DIR", help="where saves are kept"
    )
    parser.add_argument(
        "--speed",
        choices=("instant", "normal", "slow"),
        default=None if top else unset,
        help="bot speed (default: the last one chosen, else normal)",
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, players=False)
    parser.add_argument(
        "--seats",
        default=",".join(["human", *[DEFAULT_BOT] * 3]),
        help=f"comma-separated seats: 'human' or a bot name (2 to 4 seats for base; default:"
        f" you and three {DEFAULT_BOT} bots)",
    )
    parser.add_argument(
        "--seed", type=seed_int, default=None, help="fix the game (random if not given)"
    )
    add_ui_arguments(parser)


def run(args: argparse.Namespace) -> int:
    startup.pause()  # resumed after the first frame (tui/startup.py)
    from tui.faces import check_playable
    from tui.local import parse_seats
    from tui.paths import usable_saves_dir

    check_playable(args.ruleset)  # "the app cannot play ck yet": one line, exit 2
    kinds = parse_seats(args.seats)
    config = game_config(args, args.seed, seats=len(kinds))
    from engine.registry import normalise_config

    config = normalise_config(config)  # a bad option fails here, before the screen opens
    directory = usable_saves_dir(args.saves)

    from tui.app import CatanApp

    app = CatanApp(
        saves_dir=directory,
        ascii=args.ascii,
        speed=args.speed,
        play=(config, kinds),
    )
    app.run()
    return 0
