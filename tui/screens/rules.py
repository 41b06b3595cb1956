"""How to play a ruleset (F1 from anywhere, Rules in the menu): the player guide.

The guide is one Rich renderable in a scrolling Static (tui/rules: the text,
the costs card and the map key), laid out once per width (rules.DrawnGuide).
A page (PgDn, Space; PgUp back) is the visible height less one line, so the
last line of one page is the first of the next and no line is ever missed.
Opened from a game played to another target than the ruleset's, a line above
the guide says so (the guide names the default).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from engine.registry import get_ruleset
from tui import rules
from tui.faces import face_or_default
from tui.screens.scroll_keys import OverlapPaging, scroll_bindings


class GuideScroll(OverlapPaging, VerticalScroll):
    """The guide's scrolling box: its own PgUp / PgDn page with one line of overlap."""


class RulesScreen(Screen[None]):
    DEFAULT_CSS = """
    RulesScreen #guide { padding: 0 2; }
    RulesScreen #this-game { padding: 0 2; background: $boost; text-style: bold; }
    """

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("q", "app.pop_screen", "Back", show=False),
        Binding("f1", "app.pop_screen", "Back", show=False),
        *scroll_bindings(),
    ]

    def __init__(self, ruleset: str, vp_to_win: int | None = None) -> None:
        super().__init__()
        self.ruleset = face_or_default(ruleset).name
        self.vp_to_win = vp_to_win
        """The game's target, when opened from a game (None: the menu's guide)."""

    def this_game(self) -> str | None:
        """The line for a game whose target is not the one the guide names, else None."""
        specs = {s.name: s for s in get_ruleset(self.ruleset).options}
        spec = specs.get("vp_to_win")
        if self.vp_to_win is None or spec is None or self.vp_to_win == spec.default:
            return None
        return (
            f"This game is played to {self.vp_to_win} victory points,"
            f" not the {spec.default} this guide names."
        )

    def compose(self) -> ComposeResult:
        ascii = bool(getattr(self.app, "ascii", False))
        note = self.this_game()
        if note is not None:
            yield Static(note, id="this-game")
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
