"""Fill a DataTable with its columns sized to the rows, so the first frame draws them whole.

A DataTable measures the cells of new rows only when it is next idle. A frame
drawn before that (a busy app, a snapshot arriving mid-paint) cuts each cell to
its heading's width: the SSH lobby once showed "waitin" for "waiting". Sizing
the columns here, from the same rows, leaves nothing to measure later.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable

Cell = str | Text


def fill(grid: DataTable[Cell], headings: Sequence[str], rows: Sequence[Sequence[Cell]]) -> None:
    """Replace the columns and rows of `grid`: a column per heading, as wide as its widest cell."""
    grid.clear(columns=True)  # the columns too, so their widths follow the new contents
    for no, heading in enumerate(headings):
        width = max([cell_len(heading), *(_width(row[no]) for row in rows)])
        grid.add_column(heading, width=width)
    for cells in rows:
        grid.add_row(*cells)


def _width(cell: Cell) -> int:
    return cell.cell_len if isinstance(cell, Text) else cell_len(cell)
