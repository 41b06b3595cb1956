"""Your record (main menu `r`): what your finished games add up to, and the games themselves.

At the top, a line per game played (Catan, Cities & Knights, ...): games
finished, won, the win rate, the quickest win in turns and the wins in a row
up to the latest game; "All" when more than one was played. Below, the games,
latest first: when, which game, the bots faced, the result and the turns.
Enter or `v` replays the game highlighted from its autosave while the file is
still there (tui/screens/replay.py); Esc goes back. The record itself is kept
by tui/records.py.
"""

from __future__ import annotations

from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, Static

from tui.narrate import seat_names
from tui.option_words import ruleset_title, short_title
from tui.records import (
    GameRecord,
    Records,
    latest_first,
    opponents,
    result_words,
    tallies,
    when_words,
)
from tui.screens.composed import ComposedFlag
from tui.widgets.table_rows import Cell, fill

EMPTY = "No finished games yet. Each game you finish against bots is recorded here."
COLUMNS = ("When", "Game", "Against", "Result", "Turns")


class RecordsScreen(ComposedFlag, Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("v", "replay", "Replay"),
    ]
    DEFAULT_CSS = """
    RecordsScreen #records-box { padding: 0 1; }
    RecordsScreen #records-title { text-style: bold; height: 1; }
    RecordsScreen #records-summary { height: auto; margin-bottom: 1; }
    RecordsScreen #records-games { height: 1fr; }
    """

    def __init__(self, records: Records | None = None) -> None:
        super().__init__()
        self.records = records if records is not None else Records.load()
        self.games: list[GameRecord] = latest_first(self.records.games)

    def compose(self) -> ComposeResult:
        with Vertical(id="records-box"):
            yield Label("Your record", id="records-title")
            if not self.games:
                yield Static(EMPTY, id="records-summary")
            else:
                yield Static(self.summary_table(), id="records-summary")
                games: DataTable[Cell] = DataTable(
                    id="records-games", cursor_type="row", zebra_stripes=True
                )
                rows = [
                    (
                        when_words(game.ended, compact=True),
                        short_title(game.ruleset),
                        opponents(game),
                        Text(
                            result_words(game, seat_names(len(game.seats))),
                            style="bold" if game.won else "",
                        ),
                        str(game.turns),
                    )
                    for game in self.games
                ]
                fill(games, COLUMNS, rows)
                yield games
        yield Footer()

    def summary_table(self) -> Table:
        """A line per game played (then All): played, won, rate, quickest win, streak."""
        table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
        table.add_column("Game")
        for heading in ("Played", "Won", "Rate", "Quickest win", "Streak"):
            table.add_column(heading, justify="right")
        for t in tallies(self.records.games, ruleset_title):
            quickest = f"{t.quickest} turns" if t.quickest is not None else "-"
            table.add_row(t.label, str(t.played), str(t.won), t.rate, quickest, str(t.streak))
        return table

    def on_mount(self) -> None:
        if self.records.problem:
            self.notify(self.records.problem, severity="warning", timeout=8)
        if self.games:
            self.query_one(DataTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":  # its list is there to read, and has a game in it
            return bool(self.games) and self.composed
        return True

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_replay()

    def action_replay(self) -> None:
        if not self.games:
            return
        game = self.games[min(self.query_one(DataTable).cursor_row, len(self.games) - 1)]
        path = Path(game.save) if game.save else None
        if path is None or not path.is_file():
            gone = f" ({path.name})" if path is not None else ""
            self.notify(
                f"That game's save is gone{gone}: it cannot be replayed.",
                severity="warning",
                timeout=8,
            )
            return
        self.app.replay_save(path)  # type: ignore[attr-defined]
