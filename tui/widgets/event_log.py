"""The log: what happened, in words (tui.logbook), newest at the bottom.

Lines wrap at the log's own width and wrap again when it changes; an entry
may replace the last one (a discard of several cards grows into one line).
PageUp / PageDown (and the mouse wheel) scroll it; End returns to the newest; F6
opens the whole of it on the whole screen (tui/screens/dialogs/whole_log.py).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from tui.logbook import Update

KEEP = 5000
"""Entries kept (a long game has about 1500)."""


class EventLog(RichLog):
    DEFAULT_CSS = """
    EventLog { border: round $primary; height: 1fr; scrollbar-size-vertical: 1; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(wrap=True, markup=False, min_width=8, auto_scroll=True, **kw)
        self.border_title = "Log"
        self.border_subtitle = "PgUp PgDn · F6 all"
        self.can_focus = False
        self.entries: list[Text] = []
        self._rows: list[int] = []  # rows each entry took, while all are rendered at one width
        self._width = 0

    SHOWN_AFTER_REPLACE = 60
    """Entries drawn in the pane when the whole story is replaced (F6 shows all of them)."""

    def replace(self, entries: list[Text]) -> None:
        """The whole story at once (a replay that jumps): every entry kept for F6, only the
        last `SHOWN_AFTER_REPLACE` drawn, since drawing a long game's 1500 takes a second."""
        self.entries = entries[-KEEP:]
        self._rows = []
        self.clear()
        for text in self.entries[-self.SHOWN_AFTER_REPLACE :]:
            self._write(text)

    def add(self, lines: list[str | Text]) -> None:
        self.apply(Update(0, [line if isinstance(line, Text) else Text(line) for line in lines]))

    def apply(self, update: Update) -> None:
        """Drop the last `update.replaced` entries, then write the added ones."""
        if update.replaced:
            del self.entries[-update.replaced :]
            dropped = self._rows[-update.replaced :]
            if len(dropped) == update.replaced and self._size_known:
                del self._rows[-update.replaced :]
                del self.lines[len(self.lines) - sum(dropped) :]
                self._line_cache.clear()
                self.refresh()
            else:
                self._rewrite()
        for text in update.added:
            self.entries.append(text)
            self._write(text)
        if len(self.entries) > KEEP:
            del self.entries[: len(self.entries) - KEEP]
            self._rewrite()

    def _write(self, text: Text) -> None:
        if not self._size_known:
            return  # kept in `entries`; written once the width is known
        before = len(self.lines)
        self.write(text, width=self._width)
        self._rows.append(len(self.lines) - before)

    def _rewrite(self) -> None:
        self.clear()
        self._rows = []
        for text in self.entries:
            self._write(text)

    def on_resize(self, event: Resize) -> None:
        """Wrap every entry again at a new width (RichLog's own handler then does nothing)."""
        width = self.scrollable_content_region.width
        if width and (width != self._width or not self._size_known):
            self._width = width
            self._size_known = True
            self._rewrite()

    def scroll_page(self, pages: int) -> None:
        if pages < 0:
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)
