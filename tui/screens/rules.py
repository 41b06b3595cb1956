"""The rules of a ruleset, rendered as Markdown (F1 from anywhere)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, MarkdownViewer

from tui import rules


class RulesScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("q", "app.pop_screen", "Back", show=False),
    ]

    def __init__(self, ruleset: str) -> None:
        super().__init__()
        self.ruleset = ruleset if ruleset in rules.FILES else "base"

    def compose(self) -> ComposeResult:
        from tui.render.legend import markdown_key

        key = markdown_key(self.ruleset)
        yield MarkdownViewer(key + "\n" + rules.text(self.ruleset), show_table_of_contents=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()
