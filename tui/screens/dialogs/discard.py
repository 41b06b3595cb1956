"""Discard on a 7: pick every card to give back, then confirm once."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.widgets.style import resource_style


class DiscardDialog(ModalScreen[list[str]]):
    """↑↓ a resource, → or + one more of it, ← or - one fewer; Enter when the count is right.

    Returns the resources discarded, one entry per card. It cannot be backed
    out of: the rules require the discard.
    """

    DEFAULT_CSS = """
    DiscardDialog { align: center middle; }
    DiscardDialog > Vertical {
        width: 56; max-width: 95%; height: auto; border: thick $warning;
        background: $surface; padding: 0 1;
    }
    DiscardDialog #title { text-style: bold; }
    DiscardDialog #hint { color: $text-muted; }
    """

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("right,plus,space", "change(1)", "One more"),
        Binding("left,minus", "change(-1)", "One fewer"),
        Binding("enter", "confirm", "Discard"),
    ]

    row: reactive[int] = reactive(0)

    def __init__(self, owed: int, hand: dict[str, int], allowed: list[str]) -> None:
        super().__init__()
        self.owed = owed
        self.hand = hand
        self.resources = [r for r in allowed if hand.get(r, 0) > 0] or list(allowed)
        self.chosen = {r: 0 for r in self.resources}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._title(), id="title")
            yield Static(id="table")
            yield Label("↑↓ resource · → one more · ← one fewer · Enter discard", id="hint")

    def on_mount(self) -> None:
        self._refresh()

    def _left(self) -> int:
        return self.owed - sum(self.chosen.values())

    def _title(self) -> str:
        left = self._left()
        if left == 0:
            return f"Discard {self.owed}: ready, press Enter"
        return f"Discard {self.owed} card{'s' if self.owed != 1 else ''}: {left} more to choose"

    def _refresh(self) -> None:
        text = Text()
        for i, r in enumerate(self.resources):
            text.append("▶ " if i == self.row else "  ")
            text.append(f"{r:<8}", style=resource_style(r))
            n = self.chosen[r]
            text.append(f" have {self.hand.get(r, 0):>2}  ", style="dim")
            text.append(f"discard {n}" if n else "—", style="bold red" if n else "dim")
            text.append("\n")
        self.query_one("#table", Static).update(text)
        self.query_one("#title", Label).update(self._title())

    def watch_row(self) -> None:
        if self.is_mounted:
            self._refresh()

    def action_move(self, delta: int) -> None:
        self.row = (self.row + delta) % len(self.resources)

    def action_change(self, delta: int) -> None:
        r = self.resources[self.row]
        n = self.chosen[r] + delta
        if n < 0 or n > self.hand.get(r, 0) or (delta > 0 and self._left() <= 0):
            return
        self.chosen[r] = n
        self._refresh()

    def action_confirm(self) -> None:
        left = self._left()
        if left:
            self.notify(f"Choose {left} more card{'s' if left != 1 else ''}.", severity="warning")
            return
        self.dismiss([r for r in self.resources for _ in range(self.chosen[r])])
