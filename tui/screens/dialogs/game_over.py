"""Game over: the winner, victory points over time, the dice and the length of the game."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.widgets.style import seat_style

BARS = " ▁▂▃▄▅▆▇█"


def vp_chart(history: list[list[int]], names: list[str], width: int = 40) -> Text:
    """One line per seat: a sparkline of its VP after each turn, sampled to `width`."""
    text = Text()
    if not history:
        return text
    top = max(max(row) for row in history) or 1
    n = len(history)
    picks = [history[min(n - 1, i * n // width)] for i in range(min(width, n))]
    for seat, name in enumerate(names):
        text.append(f"{name:<7}", style=seat_style(seat))
        line = "".join(BARS[round(row[seat] / top * (len(BARS) - 1))] for row in picks)
        text.append(line, style=seat_style(seat))
        text.append(f" {history[-1][seat]}\n")
    return text


def dice_histogram(dice: dict[str, int]) -> Text:
    text = Text()
    top = max(dice.values(), default=0) or 1
    for total in range(2, 13):
        count = dice.get(str(total), 0)
        bar = "█" * round(count / top * 20)
        text.append(f"{total:>2} ", style="bold" if total in (6, 8) else "")
        text.append(bar, style="red" if total == 7 else "")
        text.append(f" {count}\n", style="dim")
    return text


class GameOverDialog(ModalScreen[None]):
    DEFAULT_CSS = """
    GameOverDialog { align: center middle; }
    GameOverDialog > Vertical {
        width: 72; max-width: 98%; height: auto; max-height: 98%;
        border: thick $success; background: $surface; padding: 0 1; overflow-y: auto;
    }
    GameOverDialog #winner { text-style: bold; }
    """
    BINDINGS = [
        Binding("enter", "close", "Main menu"),
        Binding("escape", "close", "Main menu", show=False),
    ]

    def __init__(self, over: dict[str, Any], names: list[str], me: int | None) -> None:
        super().__init__()
        self.over = over
        self.names = names
        self.me = me

    def compose(self) -> ComposeResult:
        over = self.over
        winner = over.get("winner")
        if winner is None:
            head = "The game is over."
        elif winner == self.me:
            head = f"You win! ({self.names[winner]})"
        else:
            head = f"{self.names[winner]} wins."
        stats = over.get("stats") or {}
        scores = over.get("scores") or []
        with Vertical():
            yield Label(head, id="winner")
            yield Static(
                "Final scores: " + ", ".join(f"{self.names[i]} {s}" for i, s in enumerate(scores))
            )
            yield Label("Victory points over time", classes="heading")
            yield Static(vp_chart(stats.get("vp_history") or [], self.names), id="chart")
            yield Label("Dice rolled", classes="heading")
            yield Static(dice_histogram(stats.get("dice") or {}), id="dice")
            seconds = stats.get("seconds")
            length = f"{stats.get('turns', '?')} turns, {stats.get('actions', '?')} actions"
            if isinstance(seconds, int | float) and seconds >= 1:
                length += f", {int(seconds) // 60} min {int(seconds) % 60} s at this table"
            yield Static(f"Length: {length}", id="length")
            yield Label("Enter: back to the main menu", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
