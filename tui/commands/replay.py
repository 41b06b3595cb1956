"""`catan replay FILE`: a saved game played again, action by action."""

from __future__ import annotations

import argparse
from pathlib import Path

from engine.errors import CatanError
from tui import startup
from tui.commands.play import add_ui_arguments


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a save file")
    parser.add_argument(
        "--as",
        dest="eyes",
        default=None,
        metavar="SEAT",
        help="whose view: a seat's colour (red, blue, ...) or 'all' for what everyone saw;"
        " a game not over shows only its person's seat",
    )
    parser.add_argument(
        "--at",
        default="0",
        metavar="N",
        help="the action to open at: 0 (the start, the default), a number, or 'end'",
    )
    add_ui_arguments(parser)


def run(args: argparse.Namespace) -> int:
    startup.pause()  # resumed after the first frame (tui/startup.py)
    from tui.faces import check_playable
    from tui.screens.replay import open_replay

    path = Path(args.file)
    source = open_replay(path)  # SaveError (one line, exit 2) before any screen
    check_playable(source.replay.config.ruleset)
    eyes = _eyes(args.eyes, source.names, source.eyes)
    at = _at(args.at, source.replay.length)

    from tui.app import CatanApp
    from tui.paths import saves_dir

    app = CatanApp(saves_dir=saves_dir(args.saves), ascii=args.ascii, replay=(path, at, eyes))
    app.run()
    return 0


def _eyes(wanted: str | None, names: list[str], allowed: list[int | None]) -> int | None:
    """The seat named by `--as`; CatanError naming what may be chosen."""
    if wanted is None:
        return allowed[0]
    key = wanted.strip().lower()
    lower = [n.lower() for n in names]
    if key in ("all", "everyone"):
        seat: int | None = None
    elif key in lower:
        seat = lower.index(key)
    else:
        valid = ", ".join([*lower, "all"])
        raise CatanError(f"--as {wanted!r} names no seat; valid: {valid}")
    if seat not in allowed:
        shown = ", ".join(names[s].lower() if s is not None else "all" for s in allowed)
        why = "the game is not over, so a replay shows only what its person saw"
        raise CatanError(f"--as {wanted}: {why} (--as {shown})")
    return seat


def _at(wanted: str, length: int) -> int:
    """The action `--at` names: 0 to `length`, or 'end'; CatanError otherwise."""
    if wanted.strip().lower() == "end":
        return length
    try:
        at = int(wanted)
    except ValueError:
        raise CatanError(f"--at {wanted!r} is not a number or 'end'") from None
    if not 0 <= at <= length:
        raise CatanError(f"--at {at}: the game has actions 0 to {length}")
    return at
