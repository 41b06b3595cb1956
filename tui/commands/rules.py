"""`catan rules [RULESET]`: print how to play a ruleset (the player guide, as Markdown)."""

from __future__ import annotations

import argparse
import sys

from engine.errors import ConfigError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tui.faces import DEFAULT, playable

    parser.add_argument(
        "ruleset", nargs="?", default=DEFAULT, help=f"the ruleset: {' or '.join(playable())}"
    )


def run(args: argparse.Namespace) -> int:
    from tui import rules

    playable = rules.names()
    if args.ruleset not in playable:
        raise ConfigError(f"no rules for {args.ruleset!r}; choose one of: {', '.join(playable)}")
    sys.stdout.write(rules.text(args.ruleset))
    return 0
