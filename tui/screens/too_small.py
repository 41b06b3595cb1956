"""Shown instead of a broken layout when the terminal is smaller than 80x24.

The message itself must fit whatever is left: from the full sentence down to
"!" in a 1x1 terminal, the longest wording whose every line fits is shown.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24
NEEDED = f"{MIN_WIDTH}x{MIN_HEIGHT}"


def wordings(width: int, height: int) -> list[list[str]]:
    """Every wording of the message, longest first, as lines."""
    now = f"{width}x{height}"
    return [
        [
            f"The terminal is {now}.",
            f"Catan needs at least {NEEDED}:",
            "please make the window larger.",
        ],
        [f"Too small: {now} < {NEEDED}"],
        ["Too small:", f"{now} < {NEEDED}"],
        [f"{NEEDED} needed"],
        [NEEDED, "needed"],
        [NEEDED],
        ["!"],
    ]


def message_for(width: int, height: int) -> list[str]:
    """The longest wording that fits in `width` x `height` cells (none if nothing does)."""
    for lines in wordings(width, height):
        if len(lines) <= height and all(len(line) <= width for line in lines):
            return lines
    return []


class TooSmallScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
        background: $background;
        overflow: hidden hidden;
        padding: 0;
    }
    TooSmallScreen Static {
        width: 100%;
        height: 100%;
        padding: 0;
        margin: 0;
        border: none;
        content-align: center middle;
        text-align: center;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="msg")

    def on_mount(self) -> None:
        self.update_size()

    def on_resize(self) -> None:
        self.update_size()

    def update_size(self) -> None:
        w, h = self.app.size
        text = Text("\n".join(message_for(w, h)), no_wrap=True, overflow="crop")
        self.query_one(Static).update(text)
