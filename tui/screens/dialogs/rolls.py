"""Every roll of the game so far: a count per total and what fair dice would give (F4)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from tui.logbook import DiceStats
from tui.screens.dialogs.scroll_body import ScrollBodyDialog
from tui.widgets.dice import ExtraDie, dice_text, rolls_text


class RollsDialog(ScrollBodyDialog[None]):
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
        me: int | None = None,
    ) -> None:
        super().__init__()
        self.me = me  # the person reading: "You rolled", as the log and the dice panel say
        self.stats = stats
        self.extra_die = extra_die
        self.names = list(names)
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("The dice so far", id="title")
            with VerticalScroll():  # taller than an 80x24 screen with C&K's event die
                yield Static(
                    dice_text(self.stats, self.names, self.ascii, self.extra_die, me=self.me),
                    id="last",
                )
                yield Static(rolls_text(self.stats, self.ascii), id="rolls")
            yield Label(self.key_line(False), classes="hint")

    def key_names(self) -> list[str]:
        return ["Esc close"]

    def action_close(self) -> None:
        self.dismiss(None)
