"""The hex map of the hex family (base, Cities & Knights, Fleet), as text.

A pure function from a seat's view (plus an optional highlight) to a Rich
`Text`; the map widget adds keys and the mouse. Where every vertex, edge and
hex is drawn is `hexlayout.hex_map_layout`, the engine's `HexGrid` of the
view's board scaled to text cells; the canvas is that grid's size (the base
board: normal 69 x 30, compact 47 x 19). Sea hexes of the grid are drawn as
water, gold fields and any number of deserts like other terrain.

Everything that depends only on the grid, size and charset (the layout, the
frame of edges and vertices, harbour label places) is computed once and
cached; the board layer (terrain, numbers, harbours) is cached per board;
a render copies that and paints pieces, the robber and highlights.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from rich.style import Style
from rich.text import Text

from tui.render import palette as P
from tui.render.canvas import Canvas
from tui.render.hexlayout import (
    COMPACT,
    NORMAL,
    Geometry,
    HexLayout,
    Size,
    geometry_of,
    hex_map_layout,
)
from tui.render.targets import Highlight, hit_test, nearest_target

__all__ = [
    "HexLayout",
    "Highlight",
    "hex_map_layout",
    "hit_test",
    "map_layout",
    "nearest_target",
    "render_hex_map",
]

EMPTY_VERTEX = frozenset(".·:◦")  # a corner with no piece (a harbour's dock included)
SEAT_LETTERS = "rbwo"  # pieces: settlement lower case, city upper case

Window = tuple[int, int, int, int]  # left column, top row, width, height
# A variant's own pieces (Fleet's ships, the pirate), painted over the base pieces and
# under the highlight: (canvas, layout, size) -> None.
Painter = Callable[[Canvas, HexLayout, Size], None]


KEY_ROWS = 1
"""Rows the game screen gives the key under this map before the log (tui/widgets/map_view.py):
one, where the screen has it to spare (120x40 does; the compact map at 80x24 has no key)."""


def key_strip(*, ascii: bool = False) -> Text:
    """The key under the map: the pieces in one line (F1 has the whole key)."""
    from tui.render.legend import hex_key_line

    return hex_key_line(ascii)


def map_layout(view: Mapping[str, Any] | None = None, *, compact: bool = False) -> HexLayout:
    """The layout of the view's board (the base board without a view), for the map widget."""
    board = view.get("board") if view is not None else None
    if not board:
        return hex_map_layout(compact)
    return hex_map_layout(compact, geometry_of(board["hexes"]))


# -- the board layer, cached per board -------------------------------------------

_Board = tuple[
    Geometry,
    tuple[tuple[str, int], ...],
    tuple[tuple[str, int, int, int, tuple[int, ...]], ...],
]


def _board_key(view: Mapping[str, Any]) -> _Board:
    """The board part of a view as a hashable key: the board layer is cached per board."""
    b = view["board"]
    hexes = tuple((h["terrain"], h["number"]) for h in b["hexes"])
    harbours = tuple(
        (h["kind"], h["hex"], h["sea"][0], h["sea"][1], tuple(h.get("vertices", ())))
        for h in b.get("harbours", ())
    )
    return geometry_of(b["hexes"]), hexes, harbours


@lru_cache(maxsize=4)
def _frame(geometry: Geometry, compact: bool, ascii: bool) -> Canvas:
    """Sea, the empty edges and the empty vertices: what never changes for a grid and size."""
    lay = hex_map_layout(compact, geometry)
    # Sea and outline share one style, so a row of sea and empty edges is one span.
    c = Canvas(lay.width, lay.height, P.SEA + P.EDGE)
    for cells in lay.edge_cells:
        for x, y, f in cells:
            c.put(x, y, _edge_char(cells, f, ascii))
    dot = "." if ascii else "·"
    for x, y in lay.vertex_cell:
        c.put(x, y, dot)
    return c


def _edge_char(cells: Sequence[tuple[int, int, float]], f: float, ascii: bool) -> str:
    """An empty edge's glyph; `f` is where the true line crosses the cell (-0.5 top, 0.5 bottom).

    Overline, line and underscore follow the line inside each cell, so a
    shallow hex side reads as one line rather than a staircase of slashes.
    """
    vertical = cells[0][0] == cells[-1][0]
    if vertical:
        return "|" if ascii else "│"
    if ascii:
        (x1, y1, _), (x2, y2, _) = cells[0], cells[-1]
        falling = (x2 - x1) * (y2 + cells[-1][2] - y1 - cells[0][2]) > 0
        return "\\" if falling else "/"
    # Overline, box line and underscore: in the common terminal fonts (WGL4), unlike
    # the scan-line glyphs (U+23BA-23BD) some fonts lack.
    if f <= -0.25:
        return "‾"
    if f < 0.25:
        return "─"
    return "_"


def _road_char(cells: Sequence[tuple[int, int, float]], f: float, ascii: bool) -> str:
    """A road's glyph: half and full blocks, thick enough to read a seat's colour at a glance."""
    if ascii:
        return "#"
    if cells[0][0] == cells[-1][0]:
        return "█"
    if f < -0.2:
        return "▀"
    if f > 0.2:
        return "▄"
    return "█"


@lru_cache(maxsize=8)
def _board_layer(compact: bool, ascii: bool, board: _Board) -> Canvas:
    """Terrain, number chips, pips and harbours of one board on top of the frame."""
    geometry, hexes, harbours = board
    lay = hex_map_layout(compact, geometry)
    size = COMPACT if compact else NORMAL
    c = _frame(geometry, compact, ascii).copy()
    for hid, (terrain, number) in enumerate(hexes):
        if terrain == "sea":
            for x, y in lay.hex_interior[hid]:
                wave = (x + 2 * y) % 4 == 0
                c.put(x, y, "~" if wave else " ", P.SEA_WAVES)
            continue
        fill = P.TERRAIN_FILL.get(terrain, P.UNKNOWN_TERRAIN)
        for x, y in lay.hex_interior[hid]:
            c.put(x, y, " ", fill)
        x, y = lay.hex_centre[hid]
        letters = P.TERRAIN_LETTERS.get(terrain, terrain[:2].title())
        style = P.TERRAIN_STYLES.get(terrain, P.UNKNOWN_TERRAIN)
        c.text(x - 1, y + size.terrain_row, letters, style)
        if number:
            hot = number in (6, 8)
            chip = f"{number:>2}" if compact else f"{number:>2} "
            c.text(x - 1, y + size.chip_row, chip, P.CHIP_HOT if hot else P.CHIP)
            if size.pips_row is not None:
                n = 6 - abs(7 - number)  # dots: ways to roll it, as on the printed chips
                pips = ("." if ascii else "•") * n
                c.text(x - n // 2, y + size.pips_row, pips, P.PIPS_HOT if hot else P.PIPS)
    for kind, hid, sq, sr, vertices in harbours:
        place = lay.coast.get((lay.hexes[hid], (sq, sr)))
        if place is None:
            continue
        x, y, n, y2 = place
        letters = P.RESOURCE_LETTERS.get(kind, kind[:2].title())
        if kind == "3:1":
            c.text(x, y, "3:1", P.HARBOUR)
        elif y2 != y:
            c.text(x, y, "2:1", P.HARBOUR)
            c.text(x, y2, f" {letters}"[:n].ljust(n), _harbour_style(kind))
        else:
            c.text(x, y, f"2{letters}"[:n].ljust(n), _harbour_style(kind))
        for v in vertices:
            vx, vy = lay.vertex_cell[v]
            c.put(vx, vy, ":" if ascii else "◦", P.HARBOUR_DOCK)
    return c


def _harbour_style(kind: str) -> Style:
    colour = P.RESOURCE_COLOURS.get(kind)
    if colour is None:
        return P.HARBOUR
    return P.HARBOUR + Style(color=colour)


# -- the render ------------------------------------------------------------------


def render_hex_map(
    view: Mapping[str, Any],
    highlight: Highlight | None = None,
    *,
    ascii: bool = False,
    compact: bool = False,
    window: Window | None = None,
    paint: Painter | None = None,
) -> Text:
    """The map of a base-game view as styled text, `highlight` marking legal targets.

    Legal targets get a green mark, the cursor a yellow one; `ascii=True`
    draws with printable ASCII only (seat letters r/b/w/o for settlements,
    upper case for cities). The result has exactly the width and height of
    `map_layout(view, compact=compact)`, the layout of the view's grid, so
    layout cells are text cells.
    """
    board = _board_key(view)
    lay = hex_map_layout(compact, board[0])
    size = COMPACT if compact else NORMAL
    c = _board_layer(compact, ascii, board).copy()

    for e, owner in enumerate(view.get("edges", ())):
        if owner is not None and owner >= 0:
            cells = lay.edge_cells[e]
            style = P.SEAT_STYLES[owner % 4]
            for x, y, f in cells:
                c.put(x, y, _road_char(cells, f, ascii), style)

    for v, (owner, level) in enumerate(view.get("vertices", ())):
        if owner is not None and owner >= 0 and level:
            x, y = lay.vertex_cell[v]
            style = P.SEAT_STYLES[owner % 4] + (P.CITY if level >= 2 else P.SETTLEMENT)
            c.put(x, y, _building_char(owner, level, ascii), style)

    robber = view.get("robber")
    if robber is not None and robber >= 0:
        x, y = lay.hex_centre[robber]
        # Cities are upper-case seat letters, so the robber must not be an "R".
        glyph = "X"
        if compact:
            c.put(x, y + size.robber_row, glyph, P.ROBBER)
        else:
            c.text(x - 1, y + size.robber_row, f" {glyph} ", P.ROBBER)

    if paint is not None:
        paint(c, lay, size)
    if highlight is not None:
        _paint_highlight(c, lay, size, highlight, view, ascii)
    return c.to_text_window(*window) if window is not None else c.to_text()


def _building_char(owner: int, level: int, ascii: bool) -> str:
    """The seat's letter: a settlement lower case, a city upper case (and drawn reversed).

    The letter says whose it is without colour (colour blindness, NO_COLOR);
    a city's reversed cell stands out of the road blocks around it.
    """
    letter = SEAT_LETTERS[owner % 4]
    return letter.upper() if level >= 2 else letter


def _paint_highlight(
    c: Canvas, lay: HexLayout, size: Size, hl: Highlight, view: Mapping[str, Any], ascii: bool
) -> None:
    origin = hl.origin  # the first choice made (the knight that moves, Inventor's first chip)
    if origin is not None and hl.kind == "vertex" and 0 <= origin < len(lay.vertex_cell):
        c.restyle(*lay.vertex_cell[origin], P.SELECTED)
    elif origin is not None and hl.kind == "hex" and 0 <= origin < len(lay.hex_centre):
        x, y = lay.hex_centre[origin]
        for dx in (-1, 0, 1) if not lay.compact else (-1, 0):
            c.restyle(x + dx, y + size.chip_row, P.SELECTED)
    for target in hl.targets:
        if target != hl.cursor:
            _mark(c, lay, size, hl.kind, target, P.LEGAL, view, ascii, cursor=False)
    if hl.cursor is not None:
        _mark(c, lay, size, hl.kind, hl.cursor, P.CURSOR, view, ascii, cursor=True)


def _mark(
    c: Canvas,
    lay: HexLayout,
    size: Size,
    kind: str,
    target: int,
    style: Style,
    view: Mapping[str, Any],
    ascii: bool,
    *,
    cursor: bool,
) -> None:
    if kind == "vertex":
        x, y = lay.vertex_cell[target]
        # A piece already there (a building, a variant's knight) keeps its glyph.
        if c.char_at(x, y) not in EMPTY_VERTEX:
            c.restyle(x, y, style)
        else:
            # Not "o": that is an orange settlement in ASCII.
            glyph = ("@" if cursor else "+") if ascii else ("◉" if cursor else "○")
            c.put(x, y, glyph, style)
    elif kind == "edge":
        for x, y, _ in lay.edge_cells[target]:
            c.restyle(x, y, style)
    elif kind == "hex":
        x, y = lay.hex_centre[target]
        for dy in {size.terrain_row, size.chip_row}:
            for dx in (-1, 0, 1) if not lay.compact else (-1, 0):
                c.restyle(x + dx, y + dy, style)
        if cursor:
            left, right = (">", "<") if ascii else ("▶", "◀")
            half = 2 if lay.compact else 3
            c.put(x - half, y + size.chip_row, left, style)
            c.put(x + half, y + size.chip_row, right, style)
