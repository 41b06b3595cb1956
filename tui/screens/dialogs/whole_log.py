"""The whole log on the whole screen (F6): at 80x24 the log pane shows four lines.

It opens at the newest line and is read with the usual keys (arrows, PgUp /
PgDn, Home / End, the mouse wheel). It is a copy of the log's entries as they
stood when it opened; the game waits (no decision pops up) until it is closed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, RichLog

from tui.screens.scroll_keys import scroll_bindings


class WholeLogDialog(ModalScreen[None]):
    DEFAULT_CSS = """
    WholeLogDialog { align: center middle; }
    WholeLogDialog > Vertical {
        width: 100%; height: 100%; max-width: 110;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    WholeLogDialog #title { text-style: bold; }
    WholeLogDialog #hint { color: $text-muted; }
    WholeLogDialog RichLog { height: 1fr; scrollbar-size-vertical: 1; overflow-x: hidden; }
    """

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("f6", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
        *scroll_bindings(),
    ]

    def __init__(self, entries: Sequence[Text]) -> None:
        super().__init__()
        self.entries = list(entries)

    def compose(self) -> ComposeResult:
        with Vertical():
            count = len(self.entries)
            yield Label(f"The log: {count} line{'s' if count != 1 else ''}", id="title")
            yield RichLog(wrap=True, markup=False, auto_scroll=True, id="whole-log")
            yield Label("↑↓ PgUp PgDn Home End to read · Esc back to the game", id="hint")

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for entry in self.entries:
            log.write(entry)
        if not self.entries:
            log.write(Text("Nothing has happened yet.", style="dim"))
        log.focus()

    def action_scroll(self, where: str) -> None:
        getattr(self.query_one(RichLog), f"scroll_{where}")(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
