"""Load a saved game: the saves in the saves directory, newest first.

Each is told as in the Continue chooser: ruleset, turn, players and date,
with the file's name ('autosave' for a game's own). Enter resumes the game
highlighted; `v` replays it from its start, action by action (tui/screens/replay.py).
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from tui import saved
from tui.screens.composed import ComposedFlag


class LoadScreen(ComposedFlag, Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        # Before the list's own Enter ("Select", unshown), so that the footer says what it does.
        Binding("enter", "load", "Load", priority=True),
        Binding("v", "replay", "Replay"),
    ]

    def __init__(self, directory: Path) -> None:
        super().__init__()
        self.directory = directory
        self.games = saved.all_saves(directory)
        self.found = [g.path for g in self.games]

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box"):
            yield Label(f"Saved games in {self.directory}", id="load-title")
            if self.games:
                options = [
                    Option(saved.game_lines(g, file_name=True), id=str(i))
                    for i, g in enumerate(self.games)
                ]
                yield OptionList(*options, id="saves")
            else:
                yield Label("No saved games yet.")
        yield Footer()

    def on_mount(self) -> None:
        if self.games:
            self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        path = self.found[int(event.option.id or 0)]
        self.app.load_game(path)  # type: ignore[attr-defined]

    def _highlighted(self) -> Path | None:
        if not self.games:
            return None
        index = self.query_one(OptionList).highlighted
        return self.found[index] if index is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("replay", "load"):  # its list is there to read, and has a game in it
            return bool(self.games) and self.composed
        return True

    def action_load(self) -> None:
        path = self._highlighted()
        if path is not None:
            self.app.load_game(path)  # type: ignore[attr-defined]

    def action_replay(self) -> None:
        path = self._highlighted()
        if path is not None:
            self.app.replay_save(path)  # type: ignore[attr-defined]
