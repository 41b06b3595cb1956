"""How to play a ruleset (F1 from anywhere, Rules in the menu): the player guide.

The guide is one Rich renderable in a scrolling Static (tui/rules: the text,
the costs card and the map key), laid out once per width (rules.DrawnGuide).
A page (PgDn, Space; PgUp back) is the visible height less one line, so the
last line of one page is the first of the next and no line is ever missed.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui import rules
from tui.faces import face_or_default
from tui.screens.scroll_keys import OverlapPaging, scroll_bindings


class GuideScroll(OverlapPaging, VerticalScroll):
    """The guide's scrolling box: its own PgUp / PgDn page with one line of overlap."""


class RulesScreen(Screen[None]):
    DEFAULT_CSS = """
    RulesScreen #guide { padding: 0 2; }
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("q", "app.pop_screen", "Back", show=False),
        Binding("f1", "app.pop_screen", "Back", show=False),
        *scroll_bindings(),
    ]

    def __init__(self, ruleset: str) -> None:
        super().__init__()
        self.ruleset = face_or_default(ruleset).name

    def compose(self) -> ComposeResult:
        ascii = bool(getattr(self.app, "ascii", False))
        with GuideScroll(id="guide-box"):
            yield Static(rules.DrawnGuide(self.ruleset, ascii=ascii), id="guide")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(GuideScroll).focus()

    def action_scroll(self, where: str) -> None:
        box = self.query_one(GuideScroll)
        if where in ("page_down", "page_up"):
            box.page(1 if where == "page_down" else -1)
            return
        getattr(box, f"scroll_{where}")(animate=False)
