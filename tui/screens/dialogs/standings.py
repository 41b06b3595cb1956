"""The server's standings over SSH (`p` in the lobby): who finished how many games here, and won.

One line per player, best first as the server ranks them (tui/ssh/standings.py):
rank, name, games finished, won, the win rate; yours in bold. Esc or Enter closes.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from tui.screens.dialogs.scroll_body import ScrollBodyDialog

EMPTY = "No games finished here yet: the standings begin with the first."


def rate(played: int, won: int) -> str:
    return f"{round(100 * won / played)}%" if played else "-"


def standing_words(players: list[dict[str, Any]], user: str) -> str:
    """The title line's words for `user`: "3 of 8 won here", or "" before their first game."""
    mine = next((p for p in players if p.get("user") == user), None)
    if mine is None:
        return ""
    return f"{mine['won']} of {mine['played']} won here"


class StandingsDialog(ScrollBodyDialog[None]):
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter", "close", "Close", show=False),
    ]
    DEFAULT_CSS = """
    StandingsDialog { align: center middle; }
    StandingsDialog > Vertical {
        width: 60; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    StandingsDialog VerticalScroll { height: auto; max-height: 1fr; }
    StandingsDialog .title { text-style: bold; }
    StandingsDialog .hint { color: $text-muted; }
    """

    def __init__(self, players: list[dict[str, Any]], user: str) -> None:
        super().__init__()
        self.players = players
        self.user = user

    def key_names(self) -> list[str]:
        return ["Esc: close"]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Standings on this server", classes="title")
            with VerticalScroll():
                yield Static(self.table() if self.players else EMPTY, id="standings")
            yield Label(self.key_line(False), classes="hint")

    def table(self) -> Table:
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        table.add_column("#", justify="right")
        table.add_column("Player")
        for heading in ("Games", "Won", "Rate"):
            table.add_column(heading, justify="right")
        for rank, p in enumerate(self.players, 1):
            style = "bold" if p.get("user") == self.user else ""
            played, won = int(p.get("played", 0)), int(p.get("won", 0))
            cells = (str(rank), str(p.get("user")), str(played), str(won), rate(played, won))
            table.add_row(*(Text(c, style=style) for c in cells))
        return table

    def action_close(self) -> None:
        self.dismiss(None)
