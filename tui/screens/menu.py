"""The main menu: new game, continue, load, your record, rules, quit."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

TITLE = r"""
  ___   __  ____  __   __ _
 / __) / _\(_  _)/ _\ (  ( \
( (__ /    \ )( /    \/    /
 \___)\_/\_/(__)\_/\_/\_)__)
"""

ITEMS = [
    ("new", "New game"),
    ("continue", "Continue"),
    ("load", "Load a game"),
    ("records", "Your record"),
    ("rules", "Rules"),
    ("quit", "Quit"),
]


class MainMenuScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("c", "choose('continue')", "Continue"),
        Binding("l", "choose('load')", "Load"),
        Binding("r", "choose('records')", "Record"),
        Binding("f1", "choose('rules')", "Rules"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(TITLE, id="logo")
            yield Label("The Catan family in a terminal", id="tagline")
            yield OptionList(*[Option(label, id=key) for key, label in ITEMS], id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_choose(str(event.option.id))

    def action_choose(self, what: str) -> None:
        app = self.app
        if what == "new":
            from tui.screens.new_game import NewGameScreen

            prefs = app.prefs  # type: ignore[attr-defined]
            speed = app.speed  # type: ignore[attr-defined]
            app.push_screen(NewGameScreen(remembered=prefs.new_game, speed=speed))
        elif what == "continue":
            app.continue_game()  # type: ignore[attr-defined]
        elif what == "load":
            from tui.screens.load import LoadScreen

            app.push_screen(LoadScreen(app.saves_dir))  # type: ignore[attr-defined]
        elif what == "records":
            from tui.screens.records import RecordsScreen

            app.push_screen(RecordsScreen())
        elif what == "rules":
            self.pick_rules()
        elif what == "quit":
            app.exit()

    def pick_rules(self) -> None:
        """The rules of which game? (Straight to them when only one ruleset is playable.)"""
        from tui import rules
        from tui.screens.dialogs.choice import ChoiceDialog
        from tui.screens.rules import RulesScreen

        def show(ruleset: str | None) -> None:
            if ruleset is not None:
                self.app.push_screen(RulesScreen(ruleset))

        playable = rules.names()
        if len(playable) == 1:
            show(playable[0])
            return
        options: list[tuple[str | Text, Any]] = [(rules.title(n), n) for n in playable]
        self.app.push_screen(ChoiceDialog("The rules of which game?", options), show)
