"""The whole log on the whole screen (F6): at 80x24 the log pane shows four lines.

It opens at the newest line and is read with the usual keys (arrows, PgUp /
PgDn, Home / End, the mouse wheel). `/` finds: the lines holding the words
typed (any case) are shown alone, as they are typed; Esc clears the words,
and Esc again returns to the game. It is a copy of the log's entries as they
stood when it opened; the game waits (no decision pops up) until it is closed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, RichLog

from tui.screens.dialogs.answer_once import AnswerOnce
from tui.screens.scroll_keys import OverlapPaging, scroll_bindings

HINT = "↑↓ PgUp PgDn Home End read · / find · Esc back to the game"


def matching(entries: Sequence[Text], words: str) -> list[Text]:
    """The entries holding every one of `words` (any case), in order; all for no words."""
    wanted = words.casefold().split()
    return [e for e in entries if all(w in e.plain.casefold() for w in wanted)]


class PagedLog(OverlapPaging, RichLog):
    """The log, paged with one line of overlap as F1's guide is."""


class WholeLogDialog(AnswerOnce[None]):
    DEFAULT_CSS = """
    WholeLogDialog { align: center middle; }
    WholeLogDialog > Vertical {
        width: 100%; height: 100%; max-width: 110;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    WholeLogDialog #title { text-style: bold; }
    WholeLogDialog #hint { color: $text-muted; }
    WholeLogDialog RichLog { height: 1fr; scrollbar-size-vertical: 1; overflow-x: hidden; }
    WholeLogDialog #find { display: none; border: none; height: 1; padding: 0; }
    WholeLogDialog #find.open { display: block; }
    """

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("f6", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
        Binding("slash", "find", "Find", show=False),
        *scroll_bindings(),
    ]

    def __init__(self, entries: Sequence[Text]) -> None:
        super().__init__()
        self.entries = list(entries)
        self.shown = list(self.entries)
        self._filled_at = 0
        """The screen's width when the log was last written (RichLog wraps as it writes)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._title(""), id="title")
            # min_width: RichLog wraps at 78 columns at least by default, wider than the
            # log at 80x24, which lost the words at each line's end.
            yield PagedLog(wrap=True, markup=False, auto_scroll=True, min_width=20, id="whole-log")
            yield Input(placeholder="words to find, as you type", id="find")
            yield Label(HINT, id="hint")

    def on_mount(self) -> None:
        self._fill()
        self.query_one(RichLog).focus()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._filled_at:  # not again at the size it opened at
            self._filled_at = event.size.width
            self.call_after_refresh(self._fill)  # wrapped again, at the log's new width

    def _title(self, words: str) -> str:
        count = len(self.entries)
        whole = f"{count} line{'s' if count != 1 else ''}"
        if not words.strip():
            return f"The log: {whole}"
        return f"The log: {len(self.shown)} of {whole} with “{words.strip()}”"

    def _fill(self) -> None:
        """The lines shown, written as one text: a write per entry took four times as long
        (0.42 s against 0.10 s for 1500 entries), and a find refills it at every key."""
        first = not self._filled_at
        self._filled_at = self.app.size.width
        log = self.query_one(RichLog)
        # Written again (a resize, a find): kept at the top if read from there (Home before
        # the first refill used to be undone), else at the newest line.
        top = not first and log.scroll_y == 0 and log.max_scroll_y > 0
        log.clear()
        if self.shown:
            log.write(Text("\n").join(self.shown), scroll_end=not top)
        else:
            log.write(Text("Nothing yet." if not self.entries else "No line.", style="dim"))
        if top:
            log.scroll_home(animate=False)
        else:
            log.scroll_end(animate=False)

    @on(Input.Changed, "#find")
    def _find(self, event: Input.Changed) -> None:
        found = matching(self.entries, event.value)
        changed = found != self.shown
        self.shown = found
        self.query_one("#title", Label).update(self._title(event.value))
        if changed:  # a key that keeps the same lines (a space, a letter all of them hold)
            self._fill()

    @on(Input.Submitted, "#find")
    def _read(self) -> None:
        """Enter: back to reading (arrows, pages) among the lines found."""
        self.query_one(RichLog).focus()

    def action_find(self) -> None:
        find = self.query_one("#find", Input)
        find.add_class("open")
        find.focus()

    def action_scroll(self, where: str) -> None:
        log = self.query_one(PagedLog)
        if where in ("page_down", "page_up"):
            log.page(1 if where == "page_down" else -1)
            return
        getattr(log, f"scroll_{where}")(animate=False)

    def action_close(self) -> None:
        """Esc: first the words found are cleared, then the log is closed."""
        find = self.query_one("#find", Input)
        if find.has_class("open"):
            find.value = ""
            find.remove_class("open")
            self.query_one(RichLog).focus()
            return
        self.dismiss(None)
