"""Shown instead of a broken layout when the terminal is smaller than 80x24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: auto; height: auto; text-align: center; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="msg")

    def on_mount(self) -> None:
        self.update_size()

    def on_resize(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        self.query_one(Static).update(
            f"The terminal is {w}x{h}.\nCatan needs at least {MIN_WIDTH}x{MIN_HEIGHT}:\n"
            "please make the window larger."
        )
