"""`fill` sizes a DataTable's columns itself: the first frame after filling draws cells whole."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import DataTable

from tui.widgets.table_rows import Cell, fill


class _Grid(App[None]):
    def compose(self) -> ComposeResult:
        yield DataTable[Cell]()


async def test_cells_are_whole_before_the_table_is_idle_and_after_a_refill() -> None:
    app = _Grid()
    async with app.run_test(size=(100, 10)) as pilot:
        grid: DataTable[Cell] = app.query_one(DataTable)
        fill(grid, ("Table", "Status"), [("1", "waiting"), ("12", Text("playing", style="bold"))])
        # No pause: a DataTable left to itself measures these rows only when idle.
        assert grid.render_line(0).text.split() == ["Table", "Status"]
        assert grid.render_line(1).text.split() == ["1", "waiting"]
        assert grid.render_line(2).text.split() == ["12", "playing"]
        await pilot.pause()
        # Refilled with narrower contents, the columns shrink to them (a long cell is gone).
        fill(grid, ("Table", "Status"), [("3", "over")])
        assert grid.row_count == 1
        assert [c.width for c in grid.columns.values()] == [5, 6]
        assert grid.render_line(1).text.split() == ["3", "over"]
