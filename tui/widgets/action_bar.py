"""The actions available now, each with its key; a click does what the key does.

Under the commands, greyed, what the player may expect but cannot do now,
each with the engine's reason ("a trade ship costs 1 ore, 1 fuel and 2 goods").
"""

from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text
from textual.events import Click
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.messages import CommandRequested


class ActionBar(Widget):
    """The status, the commands as ` key  label` chips, then the greyed refusals, wrapped."""

    DEFAULT_CSS = """
    ActionBar { border: round $accent; height: 1fr; padding: 0 1; }
    """

    items: reactive[tuple[tuple[str, str], ...]] = reactive((), always_update=True)
    status: reactive[str] = reactive("")
    greyed: reactive[tuple[str, ...]] = reactive(())

    def __init__(self, *, ascii: bool = False, **kw: Any) -> None:
        super().__init__(**kw)
        self.border_title = "Actions"
        self.ascii = ascii
        self._spots: list[tuple[int, int, int, str]] = []  # row, x from, x to, key

    def render(self) -> Text:
        text, self._spots = self._draw(max(10, self.content_size.width))
        return text

    def rows_needed(self, width: int) -> int:
        """How many rows the whole content takes at this content width."""
        text, _ = self._draw(max(10, width))
        return len(text.plain.rstrip("\n").split("\n"))

    def _draw(self, width: int) -> tuple[Text, list[tuple[int, int, int, str]]]:
        text = Text(no_wrap=True, overflow="crop")
        spots: list[tuple[int, int, int, str]] = []
        row = 0
        for para in self.status.split("\n") if self.status else ():
            for line in textwrap.wrap(para, width) or [""]:
                text.append(line, style="italic")
                text.append("\n")
                row += 1
        x = 0
        for key, label in self.items:
            # " k " reversed and " label"; two spaces between chips, none at a line's end.
            # Counted a column short (with its spaces at the end), a full row pushed its last
            # label onto a line of its own ("k Knight l" / "Move").
            chip = len(key) + 3 + len(label)
            if x and x + 2 + chip > width:
                text.append("\n")
                row += 1
                x = 0
            elif x:
                text.append("  ")
                x += 2
            text.append(f" {key} ", style="reverse bold")
            text.append(f" {label}")
            spots.append((row, x, x + chip, key))
            x += chip
        mark = "- " if self.ascii else "\u00d7 "
        for i, reason in enumerate(self.greyed):
            if i or self.items:
                text.append("\n")
            wrapped = textwrap.wrap(reason, width, initial_indent=mark, subsequent_indent="  ")
            text.append("\n".join(wrapped), style="dim")
        return text, spots

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for row, x0, x1, key in self._spots:
            if row == offset.y and x0 <= offset.x < x1 and key not in ("⏎", "esc"):
                self.post_message(CommandRequested(key))
                return
