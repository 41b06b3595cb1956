"""Every roll of the game so far: a count per total and what fair dice would give (F4)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.logbook import DiceStats
from tui.screens.dialogs.scroll_body import focus_body, keys_line, show_keys
from tui.widgets.dice import ExtraDie, dice_text, rolls_text


class RollsDialog(ModalScreen[None]):
    DEFAULT_CSS = """
    RollsDialog { align: center middle; }
    RollsDialog > Vertical {
        width: 60; max-width: 98%; height: auto; max-height: 98%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    RollsDialog VerticalScroll { height: auto; max-height: 80vh; }
    RollsDialog #title { text-style: bold; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("f4", "close", "Close", show=False),
        Binding("enter", "close", "Close", show=False),
    ]

    def __init__(
        self,
        stats: DiceStats,
        names: Sequence[str],
        ascii: bool = False,
        extra_die: ExtraDie | None = None,
    ) -> None:
        super().__init__()
        self.stats = stats
        self.extra_die = extra_die
        self.names = list(names)
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("The dice so far", id="title")
            with VerticalScroll():  # taller than an 80x24 screen with C&K's event die
                yield Static(
                    dice_text(self.stats, self.names, self.ascii, self.extra_die), id="last"
                )
                yield Static(rolls_text(self.stats, self.ascii), id="rolls")
            yield Label(self._keys(False), classes="hint")

    @staticmethod
    def _keys(scrolls: bool) -> str:
        return keys_line(["Esc close"], scrolls)

    def on_mount(self) -> None:
        focus_body(self, self._keys)

    def on_resize(self) -> None:
        self.call_after_refresh(show_keys, self, self._keys)

    def action_close(self) -> None:
        self.dismiss(None)
