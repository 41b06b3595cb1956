"""`catan rules [RULESET]`: print the rules of a ruleset (Markdown)."""

from __future__ import annotations

import argparse
import sys

from engine.errors import ConfigError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", nargs="?", default="base", help="base, starfarers, ck or fleet")


def run(args: argparse.Namespace) -> int:
    from tui import rules

    if args.ruleset not in rules.FILES:
        raise ConfigError(f"no rules for {args.ruleset!r}; choose one of: {', '.join(rules.FILES)}")
    sys.stdout.write(rules.text(args.ruleset))
    return 0
