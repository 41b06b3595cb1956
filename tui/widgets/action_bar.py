"""The actions available now, each with its key; a click does what the key does."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text
from textual.events import Click
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.messages import CommandRequested


class ActionBar(Widget):
    """The status, then the commands as ` key  label` chips, both wrapped to the width."""

    DEFAULT_CSS = """
    ActionBar { border: round $accent; height: 1fr; padding: 0 1; }
    """

    items: reactive[tuple[tuple[str, str], ...]] = reactive((), always_update=True)
    status: reactive[str] = reactive("")

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.border_title = "Actions"
        self._spots: list[tuple[int, int, int, str]] = []  # row, x from, x to, key

    def render(self) -> Text:
        width = max(10, self.content_size.width)
        text = Text(no_wrap=True, overflow="crop")
        self._spots = []
        row = 0
        for para in self.status.split("\n") if self.status else ():
            for line in textwrap.wrap(para, width) or [""]:
                text.append(line, style="italic")
                text.append("\n")
                row += 1
        x = 0
        for key, label in self.items:
            chip = len(key) + 2 + len(label) + 2
            if x and x + chip > width:
                text.append("\n")
                row += 1
                x = 0
            text.append(f" {key} ", style="reverse bold")
            text.append(f" {label}  ")
            self._spots.append((row, x, x + chip, key))
            x += chip
        return text

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for row, x0, x1, key in self._spots:
            if row == offset.y and x0 <= offset.x < x1 and key not in ("⏎", "esc"):
                self.post_message(CommandRequested(key))
                return
