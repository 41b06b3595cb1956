"""The `catan` command line.

Each subcommand lives in its own module under tui.commands and is imported
only when used, so `catan simulate` never pays for importing Textual. Errors
the user can fix (an unknown ruleset, a bad number, a corrupt save) print one
line and exit with status 2; they never show a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence

from engine.errors import CatanError
from tui import startup

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("tui.commands.play", "start a game straight away"),
    "load": ("tui.commands.load", "resume a saved game"),
    "replay": ("tui.commands.replay", "play a saved game again, action by action"),
    "simulate": ("tui.commands.simulate", "play bot games without a screen and print results"),
    "bench": ("tui.commands.bench", "measure the engine's speed"),
    "tournament": ("tui.commands.tournament", "play bots against each other, seats rotated"),
    "bots": ("tui.commands.bots", "list the bots found and why any failed to load"),
    "serve": ("tui.commands.serve", "host tables over SSH"),
    "rules": ("tui.commands.rules", "print the rules of a ruleset"),
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"catan: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="catan", description="The Catan family in a terminal.")
    # Plain `catan` opens the menu, so the menu's own options belong at the top level.
    from tui.commands.menu import add_arguments as add_menu_arguments

    add_menu_arguments(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (module_name, help_text) in COMMANDS.items():
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue
        p = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(p)
        p.set_defaults(_module=module)
    return parser


def _short_numbers(message: str) -> str:
    """A number of hundreds of digits from a hostile file, told by its length: the one line
    of an error stays a line ("not 100000000…(401 digits) players")."""
    return re.sub(r"\d{21,}", lambda m: f"{m.group()[:9]}…({len(m.group())} digits)", message)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command is None:
            from tui.commands.menu import run as run_menu

            return run_menu(args)
        return int(args._module.run(args))
    except CatanError as exc:
        print(f"catan: {_short_numbers(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    finally:
        startup.resume(freeze=False)  # whatever happened, the caller gets its collector back


if __name__ == "__main__":
    sys.exit(main())
