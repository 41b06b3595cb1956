"""The hex map of the base game (and later Cities & Knights and Fleet), as text.

A pure function from a seat's view (plus an optional highlight) to a Rich
`Text`; the map widget adds keys and the mouse. Where every vertex, edge and
hex is drawn comes from the engine's `HexGrid` (rules/catan.md §3): a vertex
at screen position (X, Y) (hex circumradius 1) sits on the integer lattice
u = X / (√3/2), w = 2Y, and a size maps that lattice to text cells:

* normal (about 67 x 32): 6 columns per u; rows 5 per hex row, so a hex is
  13 x 8 cells with the aspect of a real hex in a 1:2 terminal cell;
* compact (about 45 x 19): 4 columns per u and one row per w.

Everything that depends only on the size and charset (the layout, the
frame of edges and vertices, harbour label places) is computed once and
cached; the board layer (terrain, numbers, harbours) is cached per board;
a render copies that and paints pieces, the robber and highlights.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rich.style import Style
from rich.text import Text

from engine.rulesets.base.board import base_grid
from engine.shared.hexgrid import DIRECTIONS, Hex, HexGrid, add, screen_xy
from tui.render import palette as P
from tui.render.canvas import Canvas
from tui.render.targets import Cell, Highlight, MapLayout, build_cells, hit_test, nearest_target

__all__ = [
    "HexLayout",
    "Highlight",
    "hex_map_layout",
    "hit_test",
    "map_layout",
    "nearest_target",
    "render_hex_map",
]

HALF_WIDTH = math.sqrt(3) / 2
SEAT_LETTERS = "rbwo"  # ASCII pieces: settlement lower case, city upper case


@dataclass(frozen=True)
class _Size:
    cols_per_u: int
    rows_per_hex: int  # rows between hex rows
    levels: tuple[int, int, int]  # rows of w = 3r-1, 3r, 3r+1 relative to 5r (or 3r)
    terrain_row: int  # content rows, relative to the hex centre row
    chip_row: int
    pips_row: int | None
    robber_row: int


NORMAL = _Size(6, 5, (-2, 0, 1), -2, -1, 0, 1)
COMPACT = _Size(4, 3, (-1, 0, 1), -1, 0, None, 1)


def _row_of_level(size: _Size, w: int) -> int:
    r = round(w / 3)
    return size.rows_per_hex * r + size.levels[w - 3 * r + 1]


def _row_of(size: _Size, w: float) -> float:
    """Rows are piecewise linear in w between the integer levels."""
    lo = math.floor(w)
    a = _row_of_level(size, lo)
    if w == lo:
        return float(a)
    b = _row_of_level(size, lo + 1)
    return a + (b - a) * (w - lo)


def _uw(xy: tuple[float, float]) -> tuple[float, float]:
    return (xy[0] / HALF_WIDTH, 2 * xy[1])


@dataclass(frozen=True)
class HexLayout(MapLayout):
    """A `MapLayout` with the hex map's extra geometry.

    anchors: "vertex" -> glyph cell, "edge" -> middle cell, "hex" -> number chip cell.
    """

    vertex_cell: tuple[Cell, ...] = ()
    edge_cell: tuple[Cell, ...] = ()
    hex_cell: tuple[Cell, ...] = ()
    edge_cells: tuple[tuple[tuple[int, int, float], ...], ...] = ()  # (x, y, row offset)
    hex_interior: tuple[tuple[Cell, ...], ...] = ()
    hex_centre: tuple[Cell, ...] = ()  # cell of the hex centre (robber and labels hang off it)
    # (land, sea) -> (x, y, width, y2): a harbour label's first line, and the row of its
    # second line (the resource of a 2:1 harbour), equal to y when there is none.
    coast: Mapping[tuple[Hex, Hex], tuple[int, int, int, int]] = None  # type: ignore[assignment]
    compact: bool = False


def _rasterise(a: tuple[float, float], b: tuple[float, float]) -> list[tuple[int, int, float]]:
    """Cells strictly between two vertex cells, with each cell's offset from the true line."""
    (x1, y1), (x2, y2) = a, b
    out: list[tuple[int, int, float]] = []
    if x1 == x2:
        lo, hi = sorted((int(y1), int(y2)))
        return [(int(x1), y, 0.0) for y in range(lo + 1, hi)]
    step = 1 if x2 > x1 else -1
    for x in range(int(x1) + step, int(x2), step):
        t = (x - x1) / (x2 - x1)
        y = y1 + t * (y2 - y1)
        row = math.floor(y + 0.5)
        out.append((x, row, y - row))
    return out


@lru_cache(maxsize=2)
def hex_map_layout(compact: bool = False) -> HexLayout:
    """Where the base board's vertices, edges and hexes are drawn, computed once per size."""
    return _build_layout(base_grid(), compact)


def map_layout(view: Mapping[str, Any] | None = None, *, compact: bool = False) -> HexLayout:
    """`hex_map_layout` under the name the map widget looks up; the view is not needed."""
    return hex_map_layout(compact)


def _build_layout(grid: HexGrid, compact: bool) -> HexLayout:
    size = COMPACT if compact else NORMAL
    cx = size.cols_per_u

    def cell_of(xy: tuple[float, float]) -> tuple[float, float]:
        u, w = _uw(xy)
        return (cx * round(u), _row_of(size, round(w)))

    raw_vertex = [cell_of(xy) for xy in grid.vertex_xy]
    raw_edges = [_rasterise(raw_vertex[a], raw_vertex[b]) for a, b in grid.edge_vertices]
    raw_centre = []
    for h in grid.land:
        u, w = _uw(screen_xy(h))
        raw_centre.append((cx * round(u), _row_of_level(size, round(w))))

    # Hex interiors: per row, the cells strictly between the hex's own outline.
    raw_interior: list[list[Cell]] = []
    for hid in range(len(grid.land)):
        outline: dict[int, list[int]] = {}
        for v in grid.hex_vertices[hid]:
            x, y = raw_vertex[v]
            outline.setdefault(int(y), []).append(int(x))
        for e in grid.hex_edges[hid]:
            for x, y, _ in raw_edges[e]:
                outline.setdefault(y, []).append(x)
        inside: list[Cell] = []
        for y, xs in outline.items():
            taken = set(xs)
            inside.extend((x, y) for x in range(min(xs) + 1, max(xs)) if x not in taken)
        raw_interior.append(sorted(inside, key=lambda c: (c[1], c[0])))

    occupied: set[Cell] = {(int(x), int(y)) for x, y in raw_vertex}
    for raster in raw_edges:
        occupied.update((x, y) for x, y, _ in raster)
    for inside_cells in raw_interior:
        occupied.update(inside_cells)

    # Harbour labels: for every coast edge, the first place outward from the
    # edge's middle where a label of up to 3 cells clears the island.
    coast_raw: dict[tuple[Hex, Hex], tuple[int, int, int, int]] = {}
    land = set(grid.land)
    for h in grid.land:
        for d in DIRECTIONS:
            sea = add(h, d)
            if sea in land:
                continue
            coast_raw[(h, sea)] = _label_place(size, h, sea, occupied)

    xs = [int(x) for x, _ in raw_vertex] + [x for x, _, _, _ in coast_raw.values()]
    xs += [x + n - 1 for x, _, n, _ in coast_raw.values()]
    ys = [int(y) for _, y in raw_vertex] + [y for _, y, _, _ in coast_raw.values()]
    ys += [y2 for _, _, _, y2 in coast_raw.values()]
    ox, oy = -min(xs), -min(ys)
    width, height = max(xs) + ox + 1, max(ys) + oy + 1

    vertex_cell = tuple((int(x) + ox, int(y) + oy) for x, y in raw_vertex)
    edge_cells = tuple(tuple((x + ox, y + oy, f) for x, y, f in cells) for cells in raw_edges)
    edge_cell = tuple(
        (cells[len(cells) // 2][0], cells[len(cells) // 2][1]) for cells in edge_cells
    )
    hex_centre = tuple((x + ox, y + oy) for x, y in raw_centre)
    hex_cell = tuple((x, y + size.chip_row) for x, y in hex_centre)
    hex_interior = tuple(tuple((x + ox, y + oy) for x, y in cells) for cells in raw_interior)
    coast = {k: (x + ox, y + oy, n, y2 + oy) for k, (x, y, n, y2) in coast_raw.items()}

    anchors = {"vertex": vertex_cell, "edge": edge_cell, "hex": hex_cell}
    shapes: dict[str, list[tuple[int, tuple[Cell, ...]]]] = {
        "edge": [(e, tuple((x, y) for x, y, _ in ec)) for e, ec in enumerate(edge_cells)],
        "hex": list(enumerate(hex_interior)),
    }
    hit_cells, kind_cells = build_cells(anchors, shapes, ("vertex", "edge", "hex"))
    return HexLayout(
        width=width,
        height=height,
        anchors=anchors,
        cells=hit_cells,
        kind_cells=kind_cells,
        vertex_cell=vertex_cell,
        edge_cell=edge_cell,
        hex_cell=hex_cell,
        edge_cells=edge_cells,
        hex_interior=hex_interior,
        hex_centre=hex_centre,
        coast=coast,
        compact=compact,
    )


def _label_place(
    size: _Size, land: Hex, sea: Hex, occupied: set[Cell]
) -> tuple[int, int, int, int]:
    """(x, y, room, y2) of a 3-cell harbour label off the coast edge land|sea, before offsetting.

    East and west labels run away from the coast; the others are centred. The
    normal size has room for a second line (y2) on the far side from the
    island, which names a 2:1 harbour's resource; compact labels are one line.
    """
    (lx, ly), (sx, sy) = screen_xy(land), screen_xy(sea)
    nx, ny = (sx - lx) / math.sqrt(3), (sy - ly) / math.sqrt(3)
    mx, my = (lx + sx) / 2, (ly + sy) / 2
    n = 3
    k = 0.0
    while True:
        u, w = _uw((mx + k * nx, my + k * ny))
        col = size.cols_per_u * u
        row = round(_row_of(size, w))
        if nx > 0.9:
            x0 = math.ceil(col)
        elif nx < -0.9:
            x0 = math.floor(col) - n + 1
        else:
            x0 = round(col) - n // 2
        cells = [(x0 + i, row) for i in range(n)]
        if abs(nx) <= 0.9:
            around = [*cells, (x0 - 1, row), (x0 + n, row)]
        elif size is NORMAL:  # room for a gap between the coast and the label
            around = [*cells, (x0 - 1, row) if nx > 0 else (x0 + n, row)]
        else:
            around = cells
        if not any(c in occupied for c in around):
            return (x0, row, n, _second_line(size, x0, row, n, ny, occupied))
        k += 0.05


def _second_line(size: _Size, x0: int, row: int, n: int, ny: float, occupied: set[Cell]) -> int:
    if size is not NORMAL:
        return row
    for dy in (-1, 1) if ny < -0.3 else (1, -1):
        around = [(x0 + i, row + dy) for i in range(-1, n + 1)]
        if not any(c in occupied for c in around):
            return row + dy
    return row


# -- the board layer, cached per board -------------------------------------------

_Board = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int, int, int, tuple[int, ...]], ...]]


def _board_key(view: Mapping[str, Any]) -> _Board:
    b = view["board"]
    hexes = tuple((h["terrain"], h["number"]) for h in b["hexes"])
    harbours = tuple(
        (h["kind"], h["hex"], h["sea"][0], h["sea"][1], tuple(h.get("vertices", ())))
        for h in b.get("harbours", ())
    )
    return hexes, harbours


@lru_cache(maxsize=2)
def _frame(compact: bool, ascii: bool) -> Canvas:
    """Sea, the empty edges and the empty vertices: what never changes for a size."""
    lay = hex_map_layout(compact)
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
    vertical = cells[0][0] == cells[-1][0]
    if vertical:
        return "|" if ascii else "│"
    if ascii:
        (x1, y1, _), (x2, y2, _) = cells[0], cells[-1]
        falling = (x2 - x1) * (y2 + cells[-1][2] - y1 - cells[0][2]) > 0
        return "\\" if falling else "/"
    if f <= -0.375:
        return "⎺"
    if f <= -0.125:
        return "⎻"
    if f < 0.125:
        return "─"
    if f < 0.375:
        return "⎼"
    return "⎽"


def _road_char(cells: Sequence[tuple[int, int, float]], f: float, ascii: bool) -> str:
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
    lay = hex_map_layout(compact)
    size = COMPACT if compact else NORMAL
    grid = base_grid()
    c = _frame(compact, ascii).copy()
    hexes, harbours = board
    for hid, (terrain, number) in enumerate(hexes):
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
                n = 6 - abs(7 - number)
                pips = ("." if ascii else "•") * n
                c.text(x - n // 2, y + size.pips_row, pips, P.PIPS_HOT if hot else P.PIPS)
    for kind, hid, sq, sr, vertices in harbours:
        place = lay.coast.get((grid.land[hid], (sq, sr)))
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
) -> Text:
    """The map of a base-game view as styled text, `highlight` marking legal targets.

    Legal targets get a green mark, the cursor a yellow one; `ascii=True`
    draws with printable ASCII only (seat letters r/b/w/o for settlements,
    upper case for cities). The result has exactly `hex_map_layout(compact)`'s
    width and height, so layout cells are text cells.
    """
    lay = hex_map_layout(compact)
    size = COMPACT if compact else NORMAL
    c = _board_layer(compact, ascii, _board_key(view)).copy()

    for e, owner in enumerate(view.get("edges", ())):
        if owner is not None and owner >= 0:
            cells = lay.edge_cells[e]
            style = P.SEAT_STYLES[owner % 4]
            for x, y, f in cells:
                c.put(x, y, _road_char(cells, f, ascii), style)

    for v, (owner, level) in enumerate(view.get("vertices", ())):
        if owner is not None and owner >= 0 and level:
            x, y = lay.vertex_cell[v]
            c.put(x, y, _building_char(owner, level, ascii), P.SEAT_STYLES[owner % 4])

    robber = view.get("robber")
    if robber is not None and robber >= 0:
        x, y = lay.hex_centre[robber]
        # ASCII cities are upper-case seat letters, so the robber must not be an "R" there.
        glyph = "X" if ascii else "R"
        if compact:
            c.put(x, y + size.robber_row, glyph, P.ROBBER)
        else:
            c.text(x - 1, y + size.robber_row, f" {glyph} ", P.ROBBER)

    if highlight is not None:
        _paint_highlight(c, lay, size, highlight, view, ascii)
    return c.to_text()


def _building_char(owner: int, level: int, ascii: bool) -> str:
    if ascii:
        letter = SEAT_LETTERS[owner % 4]
        return letter.upper() if level >= 2 else letter
    return "■" if level >= 2 else "▲"


def _paint_highlight(
    c: Canvas, lay: HexLayout, size: _Size, hl: Highlight, view: Mapping[str, Any], ascii: bool
) -> None:
    for target in hl.targets:
        if target != hl.cursor:
            _mark(c, lay, size, hl.kind, target, P.LEGAL, view, ascii, cursor=False)
    if hl.cursor is not None:
        _mark(c, lay, size, hl.kind, hl.cursor, P.CURSOR, view, ascii, cursor=True)


def _mark(
    c: Canvas,
    lay: HexLayout,
    size: _Size,
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
        vertices = view.get("vertices", ())
        built = target < len(vertices) and vertices[target][0] >= 0
        if built:
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
