"""`catan load FILE`: resume a saved game where it stopped."""

from __future__ import annotations

import argparse
from pathlib import Path

from tui import startup
from tui.commands.play import add_ui_arguments


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a save file")
    add_ui_arguments(parser)


def run(args: argparse.Namespace) -> int:
    startup.pause()  # resumed after the first frame (tui/startup.py)
    from engine import saves
    from tui.paths import usable_saves_dir

    path = Path(args.file)
    game = saves.load_path(path)  # SaveError (one line, exit 2) before any screen; only read
    from tui.faces import check_playable

    check_playable(game.config.ruleset)  # a ruleset the app cannot show yet: one line, exit 2
    directory = usable_saves_dir(args.saves)

    from tui.app import CatanApp

    app = CatanApp(saves_dir=directory, ascii=args.ascii, speed=args.speed, load=path)
    app.run()
    return 0
