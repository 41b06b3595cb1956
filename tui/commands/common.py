"""Argument parsing shared by the commands that set up games: ruleset, seats, variant, options."""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine.config import GameConfig
from engine.errors import ConfigError
from engine.registry import get_ruleset, ruleset_names


def add_game_arguments(parser: argparse.ArgumentParser, *, players: bool = True) -> None:
    parser.add_argument("--ruleset", default="base", help=f"one of: {', '.join(ruleset_names())}")
    parser.add_argument("--variant", default=None, help="the ruleset's setup variant")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option (repeatable); VALUE is read as JSON when it parses",
    )
    if players:
        parser.add_argument(
            "--players",
            type=int,
            default=4,
            help="number of seats (base: 2 to 4)",
        )


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def parse_options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in args.option:
        name, sep, raw = item.partition("=")
        if not sep or not name:
            raise ConfigError(f"--option needs NAME=VALUE, got {item!r}")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    if args.variant is not None:
        ruleset = get_ruleset(args.ruleset)
        if not any(o.name == "variant" for o in ruleset.options):
            raise ConfigError(f"{ruleset.title} has no variants")
        options["variant"] = args.variant
    return options


def game_config(args: argparse.Namespace, seed: int | None, seats: int | None = None) -> GameConfig:
    get_ruleset(args.ruleset)  # unknown ruleset: a clear error before anything else
    return GameConfig(
        ruleset=args.ruleset,
        seats=seats if seats is not None else args.players,
        seed=seed,
        options=parse_options(args),
    )
