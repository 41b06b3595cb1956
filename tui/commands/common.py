"""Argument parsing shared by the commands that set up games: ruleset, seats, variant, options."""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from typing import Any

from engine.config import GameConfig
from engine.errors import ConfigError
from engine.registry import get_ruleset, ruleset_names


def variants_by_ruleset() -> str:
    """Each ruleset's setup variants, read from its options, default first: "starfarers:
    first_game (default), strategic, ..."."""
    named = []
    for name in ruleset_names():
        for option in get_ruleset(name).options:
            if option.name == "variant":
                rest = [str(c) for c in option.choices if c != option.default]
                named.append(f"{name}: {', '.join([f'{option.default} (default)', *rest])}")
    return "; ".join(named) or "none"


class _Variants:
    """`--variant`'s list in its help, made only when the help is shown: reading the
    rulesets' options imports every engine (0.2 s more for each command's start)."""

    def __str__(self) -> str:
        return variants_by_ruleset()


def add_game_arguments(parser: argparse.ArgumentParser, *, players: bool = True) -> None:
    parser.add_argument("--ruleset", default="base", help=f"one of: {', '.join(ruleset_names())}")
    variant = parser.add_argument(
        "--variant", default=None, help="the ruleset's setup variant (%(variants)s)"
    )
    setattr(variant, "variants", _Variants())  # noqa: B010 (argparse fills in %(variants)s)
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


SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1  # a 64-bit seed: plenty, and it fits every save
MAX_GAMES = 1_000_000  # days of play; beyond it is a typo, not a plan


def _shown(text: str, width: int = 24) -> str:
    return repr(text) if len(text) <= width else repr(text[:width]) + "..."


def _whole(text: str, valid: str) -> int:
    try:
        return int(text)
    except ValueError:
        stripped = text.strip().lstrip("+-").replace("_", "")
        what = "has far too many digits" if stripped.isdigit() else "is not a whole number"
        raise argparse.ArgumentTypeError(f"{_shown(text)} {what} (valid: {valid})") from None


def int_in(low: int, high: int | None = None, note: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high` (no upper end if None).

    `note` follows the valid range in the message, e.g. " (0 picks a free port)".
    """

    def parse(text: str) -> int:
        valid = f"from {low} to {high}" if high is not None else f"{low} or more"
        value = _whole(text, valid + note)
        shown = value if value.bit_length() < 256 else "the number"
        if value < low:
            raise argparse.ArgumentTypeError(
                f"{shown} must be at least {low} (valid: {valid}{note})"
            )
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(
                f"{shown} must be at most {high} (valid: {valid}{note})"
            )
        return value

    return parse


def float_in(low: float, high: float, *, above_low: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number from `low` (or just above it) to `high`."""
    valid = f"{'more than' if above_low else 'from'} {low:g} to {high:g}"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{_shown(text)} is not a number (valid: {valid})"
            ) from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text.strip()} is not allowed (valid: {valid})")
        if value < low or (above_low and value == low) or value > high:
            raise argparse.ArgumentTypeError(f"{value:g} is out of range (valid: {valid})")
        return value

    return parse


positive_int = int_in(1)
game_count = int_in(1, MAX_GAMES)
seed_int = int_in(SEED_MIN, SEED_MAX)


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
            named = [o for o in ruleset.options if all(isinstance(c, str) for c in o.choices)]
            others = ", ".join(f"--option {o.name}={'|'.join(o.choices)}" for o in named)
            hint = f" (choose its board with {others})" if others else ""
            raise ConfigError(f"{ruleset.title} has no variants{hint}")
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
