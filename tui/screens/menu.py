"""The main menu: new game, continue, load, rules, quit."""

from __future__ import annotations

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
    ("rules", "Rules"),
    ("quit", "Quit"),
]


class MainMenuScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "choose('new')", "New game"),
        Binding("c", "choose('continue')", "Continue"),
        Binding("l", "choose('load')", "Load"),
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

            app.push_screen(NewGameScreen())
        elif what == "continue":
            app.continue_game()  # type: ignore[attr-defined]
        elif what == "load":
            from tui.screens.load import LoadScreen

            app.push_screen(LoadScreen(app.saves_dir))  # type: ignore[attr-defined]
        elif what == "rules":
            from tui.screens.rules import RulesScreen

            app.push_screen(RulesScreen("base"))
        elif what == "quit":
            app.exit()
