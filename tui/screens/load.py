"""Load a saved game: the saves in the saves directory, newest first."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from tui import paths


class LoadScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, directory: Path) -> None:
        super().__init__()
        self.directory = directory
        self.found = paths.list_saves(directory)

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield Label(f"Saved games in {self.directory}", id="load-title")
            if self.found:
                options = []
                for i, p in enumerate(self.found):
                    when = dt.datetime.fromtimestamp(p.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
                    label = "autosave (latest game)" if p.name == paths.AUTOSAVE else p.stem
                    options.append(Option(f"{label:<32} {when}", id=str(i)))
                yield OptionList(*options, id="saves")
            else:
                yield Label("No saved games yet.")
        yield Footer()

    def on_mount(self) -> None:
        if self.found:
            self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        path = self.found[int(event.option.id or 0)]
        self.app.load_game(path)  # type: ignore[attr-defined]
