"""Plain `catan`: the main menu (new game, continue, load, rules, quit)."""

from __future__ import annotations

import argparse

from tui import startup


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tui.commands.play import add_ui_arguments

    add_ui_arguments(parser, top=True)


def run(args: argparse.Namespace) -> int:
    startup.pause()  # resumed after the first frame (tui/startup.py)
    from tui.paths import usable_saves_dir

    directory = usable_saves_dir(getattr(args, "saves", None))
    from tui.app import CatanApp

    app = CatanApp(
        saves_dir=directory,
        ascii=getattr(args, "ascii", False),
        speed=getattr(args, "speed", None),
    )
    app.run()
    return 0
