"""The log: what happened, in words (tui.narrate), newest at the bottom."""

from __future__ import annotations

from typing import Any

from textual.widgets import RichLog


class EventLog(RichLog):
    DEFAULT_CSS = """
    EventLog { border: round $primary; height: 1fr; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(wrap=True, markup=False, max_lines=500, auto_scroll=True, **kw)
        self.border_title = "Log"
        self.can_focus = False

    def add(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)
