"""Where the hex map draws things: the engine's hex geometry scaled to text cells.

A vertex at screen position (X, Y) (hex circumradius 1, rules/catan.md §3)
sits on the integer lattice u = X / (√3/2), w = 2Y; a size maps that lattice
to cells:

* normal: 6 columns per u; 5 rows per hex row, so a hex is 13 x 8 cells, the
  aspect of a real hex in a terminal's 1:2 cells (the base board: 69 x 30);
* compact: 4 columns per u and one row per w (the base board: 47 x 19).

Which vertex, edge and hex is where comes from `HexGrid` (engine/shared/
hexgrid.py), land and sea hexes alike; this module only scales it, rasterises
edges between their end vertices, finds each hex's interior and a place for a
harbour label off every coast edge. The canvas is the grid's bounding box in
cells (plus the labels), so any layout fits its own map. It runs once per
grid and size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.rulesets.base.board import base_grid, grid_of
from engine.shared.hexgrid import DIRECTIONS, Hex, HexGrid, add, screen_xy
from tui.render.targets import Cell, MapLayout, build_cells

HALF_WIDTH = math.sqrt(3) / 2

# A grid's hexes as the renderer keys it: (land, sea) coordinates in hex id order.
Geometry = tuple[tuple[Hex, ...], tuple[Hex, ...]]


@dataclass(frozen=True)
class Size:
    cols_per_u: int
    rows_per_hex: int  # rows between hex rows
    levels: tuple[int, int, int]  # rows of w = 3r-1, 3r, 3r+1 relative to 5r (or 3r)
    terrain_row: int  # content rows, relative to the hex centre row
    chip_row: int
    pips_row: int | None
    robber_row: int


NORMAL = Size(6, 5, (-2, 0, 1), -2, -1, 0, 1)
COMPACT = Size(4, 3, (-1, 0, 1), -1, 0, None, 1)


def _row_of_level(size: Size, w: int) -> int:
    r = round(w / 3)
    return size.rows_per_hex * r + size.levels[w - 3 * r + 1]


def _row_of(size: Size, w: float) -> float:
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
    hexes: tuple[Hex, ...] = ()  # hex id -> coordinate: land hexes, then sea hexes
    num_land: int = 0
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


def base_geometry() -> Geometry:
    grid = base_grid()
    return (grid.land, grid.sea)


def geometry_of(hexes: Iterable[Mapping[str, Any]]) -> Geometry:
    """The geometry of a view's board hexes (`Board.to_json()["hexes"]`, in id order)."""
    land: list[Hex] = []
    sea: list[Hex] = []
    for h in hexes:
        (sea if h["terrain"] == "sea" else land).append((h["q"], h["r"]))
    return (tuple(land), tuple(sea))


def hex_map_layout(compact: bool = False, geometry: Geometry | None = None) -> HexLayout:
    """Where a board's vertices, edges and hexes are drawn (the base board by default).

    Computed once per grid and size.
    """
    return _layout(geometry if geometry is not None else base_geometry(), compact)


@lru_cache(maxsize=8)
def _layout(geometry: Geometry, compact: bool) -> HexLayout:
    land, sea = geometry
    grid = grid_of(frozenset(land), frozenset(sea))
    if grid.land != land or grid.sea != sea:
        raise ValueError("the board's hexes are not in the grid's id order")
    return _build_layout(grid, compact)


def _build_layout(grid: HexGrid, compact: bool) -> HexLayout:
    size = COMPACT if compact else NORMAL
    cx = size.cols_per_u

    def cell_of(xy: tuple[float, float]) -> tuple[float, float]:
        u, w = _uw(xy)
        return (cx * round(u), _row_of(size, round(w)))

    raw_vertex = [cell_of(xy) for xy in grid.vertex_xy]
    raw_edges = [_rasterise(raw_vertex[a], raw_vertex[b]) for a, b in grid.edge_vertices]
    raw_centre = []
    for h in grid.hexes:
        u, w = _uw(screen_xy(h))
        raw_centre.append((cx * round(u), _row_of_level(size, round(w))))

    # Hex interiors: per row, the cells strictly between the hex's own outline.
    raw_interior: list[list[Cell]] = []
    for hid in range(grid.num_hexes):
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
    for inside_cells in raw_interior[: grid.num_land]:
        occupied.update(inside_cells)

    # Harbour labels: for every coast edge, the first place outward from the
    # edge's middle where a label of up to 3 cells clears the island (inside
    # a sea hex of the grid, if there is one there, which is drawn under it).
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
        hexes=grid.hexes,
        num_land=grid.num_land,
        coast=coast,
        compact=compact,
    )


def _label_place(size: Size, land: Hex, sea: Hex, occupied: set[Cell]) -> tuple[int, int, int, int]:
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


def _second_line(size: Size, x0: int, row: int, n: int, ny: float, occupied: set[Cell]) -> int:
    if size is not NORMAL:
        return row
    for dy in (-1, 1) if ny < -0.3 else (1, -1):
        around = [(x0 + i, row + dy) for i in range(-1, n + 1)]
        if not any(c in occupied for c in around):
            return row + dy
    return row
