"""The building-costs card of a ruleset: what each thing costs and what it gives (F3)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from tui import rules
from tui.faces import face_or_default
from tui.rules.costs import costs_table
from tui.screens.dialogs.scroll_body import ScrollBodyDialog


class CostsDialog(ScrollBodyDialog[None]):
    DEFAULT_CSS = """
    CostsDialog { align: center middle; }
    CostsDialog > Vertical {
        width: 64; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    CostsDialog VerticalScroll { height: auto; max-height: 70vh; margin: 1 0 0 0; }
    CostsDialog #title { text-style: bold; }
    CostsDialog #sub, CostsDialog #hint { color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("f3", "close", "Close", show=False),
        Binding("enter", "close", "Close", show=False),
    ]

    def __init__(self, ruleset: str) -> None:
        super().__init__()
        self.ruleset = face_or_default(ruleset).name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Building costs · {rules.title(self.ruleset)}", id="title")
            yield Label("What you pay, and what you get for it", id="sub")
            # The table scrolls where the screen is short (C&K's at 80x24); the keys stay below.
            with VerticalScroll():
                yield Static(costs_table(self.ruleset), id="costs")
            yield Label(self.key_line(False), id="hint", classes="hint")

    def key_names(self) -> list[str]:
        return ["Esc close", "F1 all the rules"]

    def action_close(self) -> None:
        self.dismiss(None)
