"""The Catan Fleet map: the hex map (tui/render/hexmap.py) plus the sea's pieces.

On top of the hex family's drawing (land, sea hexes, numbers, harbours,
settlements, cities, roads, the robber) this draws what Fleet adds:

* ships in their seat's colour, each showing its place in the fleet, counted
  from the front (``1`` is the ship that led the last move; a fleet moves from
  either end, so the front is where it last went);
* the pirate (``P``) on its sea hex;
* each islet's name (``I1``...``I5``) and its special VP chip: a star in the
  colour of the seat holding it, or hollow while nobody does;
* while a fleet move is chosen: the route to the cursor and where the ships
  will lie, each destination labelled with its number of steps.

The Fleet board (51 hexes) is wider than the base board, so the app always
draws it in the compact size (4 columns per hex side) and shows it through a
window (`window_for`): the whole board where there is room (120 x 40), a
part that follows the cursor on a small screen (80 x 24), as Starfarers'
space map does. Gold fields are the hex map's "Go" hexes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from rich.style import Style
from rich.text import Text

from engine.rulesets.fleet.fleet import moved
from engine.shared.layout import load_layout
from tui.render import hexmap
from tui.render import palette as P
from tui.render.canvas import Canvas
from tui.render.hexlayout import Geometry, HexLayout, Size, geometry_of, hex_map_layout
from tui.render.hexmap import SEAT_LETTERS, Window
from tui.render.hexmap import map_layout as hex_layout
from tui.render.targets import Highlight, hit_test, nearest_target
from tui.render.window import steady

__all__ = [
    "WINDOWED",
    "Highlight",
    "bounds",
    "hit_test",
    "map_layout",
    "nearest_target",
    "render_fleet_map",
    "window_for",
    "window_key",
]

WINDOWED = True  # the map widget always shows this map through `window_for`
WINDOW_WIDTH = 47  # the window's width on a small screen (80 columns, a column apart)
PIRATE = Style(color="#ffffff", bgcolor="#202020", bold=True)
ISLET = Style(color="#f5e6b0", bold=True)
CHIP_FREE = Style(color="#f5e6b0", bold=True)  # an islet's VP chip nobody holds
FRONT = Style(underline=True)


def _islet_hosts(view: Mapping[str, Any]) -> tuple[int, ...]:
    """Per islet (the view's `islet_names`): the hex its name and VP chip are drawn on."""
    board = view["board"]
    coords = tuple((h["q"], h["r"]) for h in board["hexes"])
    return _hosts_of(tuple(view.get("islet_names") or ()), coords)


@lru_cache(maxsize=2)
def _hosts_of(names: tuple[str, ...], coords: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    ids = {c: i for i, c in enumerate(coords)}
    islands = dict(load_layout("fleet").islands)
    return tuple(min(ids[c] for c in islands[name]) for name in names if name in islands)


# -- the layout and the window ------------------------------------------------------


def _crop(view: Mapping[str, Any]) -> Window:
    """The part of the compact drawing that holds something (the drawing has empty margins)."""
    board = view["board"]
    harbours = tuple((h["hex"], (h["sea"][0], h["sea"][1])) for h in board.get("harbours", ()))
    return _crop_of(geometry_of(board["hexes"]), harbours)


@lru_cache(maxsize=2)
def _crop_of(geometry: Geometry, harbours: tuple[tuple[int, tuple[int, int]], ...]) -> Window:
    lay = hex_map_layout(True, geometry)
    xs = [x for x, _ in lay.vertex_cell]
    ys = [y for _, y in lay.vertex_cell]
    for h, (sq, sr) in harbours:
        place = lay.coast.get((lay.hexes[h], (sq, sr)))
        if place is not None:
            x, y, n, y2 = place
            xs += [x, x + n - 1]
            ys += [y, y2]
    x0, y0 = min(xs), min(ys)
    return (x0, y0, max(xs) - x0 + 1, max(ys) - y0 + 1)


def map_layout(view: Mapping[str, Any] | None = None, *, compact: bool = False) -> HexLayout:
    """The compact hex layout of the board; its width is what the widget shows of it.

    Anchors stay in the whole drawing's cells: the widget adds the window's
    origin to clicks, as for the space map.
    """
    lay = hex_layout(view, compact=True)
    if view is None or not view.get("board"):
        return lay
    _, _, width, height = _crop(view)
    return replace(lay, width=min(WINDOW_WIDTH, width) if compact else width, height=height)


def bounds(view: Mapping[str, Any]) -> Window:
    """The drawn part of the board, in the compact drawing's cells (where a window may go)."""
    return _crop(view)


def window_for(
    view: Mapping[str, Any],
    highlight: Highlight | None,
    width: int,
    height: int,
    keep: Window | None = None,
) -> Window:
    """The part of the drawing a `width` x `height` widget shows, centred on what matters.

    The cursor while choosing; else the seat's fleet, else its first building,
    else the middle of the board; clamped to the drawn part of the board. `keep`, the
    window shown last, stays while that stays well inside it (tui/render/window.py).
    """
    focus = _focus(view, highlight, hex_layout(view, compact=True))
    return steady(focus, width, height, _crop(view), keep)


def _focus(view: Mapping[str, Any], highlight: Highlight | None, lay: HexLayout) -> tuple[int, int]:
    if highlight is not None:
        anchors = lay.anchors.get(highlight.kind, ())
        if highlight.cursor is not None and 0 <= highlight.cursor < len(anchors):
            return anchors[highlight.cursor]
        cells = [anchors[t] for t in highlight.targets if 0 <= t < len(anchors)]
        if cells:
            return (sum(c[0] for c in cells) // len(cells), sum(c[1] for c in cells) // len(cells))
    seat = view.get("seat")
    fleets = view.get("fleets") or []
    if isinstance(seat, int) and seat < len(fleets) and fleets[seat]:
        path = fleets[seat]
        return lay.vertex_cell[path[len(path) // 2]]
    for v, (owner, _) in enumerate(view.get("vertices", ())):
        if owner == seat:
            return lay.vertex_cell[v]
    return (lay.width // 2, lay.height // 2)


# -- the pieces of the sea ------------------------------------------------------------


def _ship_cells(
    c: Canvas, cells: Sequence[tuple[int, int, float]], owner: int, mark: str, ascii: bool
) -> None:
    """A ship: its edge filled in the seat's colour, its place in the fleet in the middle."""
    fill = P.SEAT_FILL[owner % len(P.SEAT_FILL)]
    middle = len(cells) // 2
    for i, (x, y, _) in enumerate(cells):
        glyph = mark if i == middle else (SEAT_LETTERS[owner % 4] if ascii else " ")
        c.put(x, y, glyph, fill)


def _paint_fleets(c: Canvas, lay: HexLayout, view: Mapping[str, Any], ascii: bool) -> None:
    for seat, path in enumerate(view.get("fleets") or ()):
        if len(path) < 2:
            continue
        _paint_fleet(c, lay, tuple(path), seat, ascii)


def _edge_of(lay: HexLayout, a: int, b: int) -> int | None:
    from engine.rulesets.base.board import grid_of

    grid = grid_of(frozenset(lay.hexes[: lay.num_land]), frozenset(lay.hexes[lay.num_land :]))
    return grid.edge_joining(a, b)


def _paint_fleet(
    c: Canvas, lay: HexLayout, path: tuple[int, ...], seat: int, ascii: bool, style: Style = FRONT
) -> None:
    """Ships of one fleet: the one at the front (the path's last edge) is 1."""
    n = len(path) - 1
    for i in range(1, len(path)):
        e = _edge_of(lay, path[i - 1], path[i])
        if e is None:
            continue
        place = n - i + 1
        _ship_cells(c, lay.edge_cells[e], seat, str(place), ascii)
        if place == 1:  # the front ship's number underlined
            cells = lay.edge_cells[e]
            x, y, _ = cells[len(cells) // 2]
            c.restyle(x, y, style)


def _paint_pirate(c: Canvas, lay: HexLayout, view: Mapping[str, Any]) -> None:
    pirate = view.get("pirate")
    if isinstance(pirate, int) and 0 <= pirate < len(lay.hex_cell):
        x, y = lay.hex_cell[pirate]
        c.text(x - 1, y, " P ", PIRATE)


def _paint_islets(
    c: Canvas, lay: HexLayout, size: Size, view: Mapping[str, Any], ascii: bool
) -> None:
    holders = view.get("islet_holders") or ()
    names = view.get("islet_names") or ()
    for islet, h in enumerate(_islet_hosts(view)):
        x, y = lay.hex_centre[h]
        row = y + size.robber_row
        c.text(x - 2, row, str(names[islet])[:2], ISLET)
        holder = holders[islet] if islet < len(holders) else -1
        if holder is not None and holder >= 0:
            c.put(x + 2, row, "*" if ascii else "★", P.SEAT_STYLES[holder % 4])
        else:
            c.put(x + 2, row, "o" if ascii else "☆", CHIP_FREE)


def _paint_move(
    c: Canvas,
    lay: HexLayout,
    view: Mapping[str, Any],
    hl: Highlight,
    labels: Mapping[int, str],
    ascii: bool,
) -> None:
    """A fleet move being chosen: destinations with their steps, the route, the new fleet."""
    seat = view.get("seat")
    fleets = view.get("fleets") or []
    route = hl.path
    if isinstance(seat, int) and seat < len(fleets) and len(fleets[seat]) > 1 and len(route) > 1:
        after = moved(tuple(fleets[seat]), route)
        n = len(after) - 1
        for i in range(1, len(after)):
            e = _edge_of(lay, after[i - 1], after[i])
            if e is not None:
                for k, (x, y, _) in enumerate(lay.edge_cells[e]):
                    mid = k == len(lay.edge_cells[e]) // 2
                    c.put(x, y, str(n - i + 1) if mid else ("=" if ascii else "═"), P.PATH)
        for v in route[1:]:
            if v != hl.cursor:
                x, y = lay.vertex_cell[v]
                c.put(x, y, "o" if ascii else "•", P.PATH)
    if hl.origin is not None and 0 <= hl.origin < len(lay.vertex_cell):
        x, y = lay.vertex_cell[hl.origin]
        c.put(x, y, ">" if ascii else "▶", P.SELECTED)
    for v in hl.targets:
        x, y = lay.vertex_cell[v]
        c.put(x, y, labels.get(v, "+" if ascii else "○"), P.CURSOR if v == hl.cursor else P.LEGAL)


def render_fleet_map(
    view: Mapping[str, Any],
    highlight: Highlight | None = None,
    *,
    ascii: bool = False,
    compact: bool = False,
    window: Window | None = None,
    labels: Mapping[int, str] | None = None,
) -> Text:
    """The Fleet map of a view as styled text (the compact hex drawing plus the sea's pieces).

    `labels` (a fleet move's steps per destination vertex) turn the highlight
    into a move's preview: `highlight.path` is the route (front first),
    `highlight.origin` the front. Without `window`, the drawn part of the
    board (or, `compact`, `window_for`'s choice at `WINDOW_WIDTH`).
    """
    moving = labels is not None and highlight is not None

    def paint(c: Canvas, lay: HexLayout, size: Size) -> None:
        _paint_islets(c, lay, size, view, ascii)
        _paint_fleets(c, lay, view, ascii)
        _paint_pirate(c, lay, view)
        if moving:
            assert highlight is not None and labels is not None
            _paint_move(c, lay, view, highlight, labels, ascii)

    if window is None:
        lay = map_layout(view, compact=compact)
        window = window_for(view, highlight, lay.width, lay.height)
    shown = None if moving else highlight
    return hexmap.render_hex_map(view, shown, ascii=ascii, compact=True, window=window, paint=paint)


render_map = render_fleet_map  # the name the map widget looks for (tui/widgets/map_view.py)


# -- the key under the map ----------------------------------------------------------------


def key_items(ascii: bool) -> list[tuple[str, Style, str]]:
    """The Fleet map's own symbols (the hex map's are in tui/render/legend.py)."""
    return [
        (("r1" if ascii else " 1 "), P.SEAT_FILL[0], "ship; 1 = its fleet's front"),
        ("P", PIRATE, "pirate"),
        ("I3", ISLET, "islet"),
        ("*" if ascii else "★", P.SEAT_STYLES[1], "islet VP chip, holder's colour"),
        ("o" if ascii else "☆", CHIP_FREE, "islet VP chip, nobody's"),
        ("Go", P.TERRAIN_STYLES["gold"], "gold: any resource"),
        ("~", P.SEA_WAVES, "sea"),
    ]


def window_key(
    view: Mapping[str, Any], window: Window, *, width: int, ascii: bool = False, lines: int = 1
) -> Text:
    """The Fleet symbols in `lines` lines of `width` (the hex symbols are in F1's key)."""
    items = key_items(ascii)
    rows: list[list[tuple[str, Style, str]]] = [[]]
    used = 0
    for glyph, style, meaning in items:
        need = len(glyph) + 1 + len(meaning) + (2 if rows[-1] else 0)
        if used + need > width:
            if len(rows) == lines:
                break
            rows.append([])
            used = 0
            need -= 2
        rows[-1].append((glyph, style, meaning))
        used += need
    text = Text(no_wrap=True, overflow="crop", end="")
    for n, row in enumerate(rows):
        if n:
            text.append("\n")
        for k, (glyph, style, meaning) in enumerate(row):
            text.append("  " if k else "")
            text.append(glyph, style)
            text.append(" " + meaning, P.KEY_TEXT)
    return text
