"""The Starfarers space map, as text.

The engine's board is a 36 x 15 "brick wall" lattice (rules/starfarers.md §2;
`engine.rulesets.starfarers.board`), which maps straight onto text cells, so
the geometry here is read from the engine and only scaled:

* normal (71 x 29): vertex (x, y) at column 2x, row 2(14 - y) as §2.4
  suggests; lanes are drawn between points; a hex cell F(x0, y0) has a
  three-cell interior (the row between its corner rows) that holds the
  planet: resource letter and number disc.
* compact (36 x 15): one cell per vertex and no lane glyphs (the lattice's
  parity fixes the lanes anyway); a planet is drawn on its "tip", the one
  corner of its cell that is neither the sector centre, a colony site nor a
  spaceport site, as a single character (2-9, A=10, B=11, C=12).

`_read_view` is the only code that reads the view dict; everything else works
on the small `SpaceState` it returns, so a change in the view format touches
one function. The static frame is cached per (compact, ascii), the board
layer (sectors, planets, docking points) per board state, and a render paints
pieces, trade stations and highlights on a copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rich.style import Style
from rich.text import Text

from engine.rulesets.starfarers import board as B
from tui.render import palette as P
from tui.render.canvas import Canvas
from tui.render.targets import Cell, Highlight, MapLayout, build_cells, hit_test, nearest_target

__all__ = [
    "Highlight",
    "SpaceLayout",
    "SpaceState",
    "hit_test",
    "map_layout",
    "nearest_target",
    "render_space_map",
    "space_map_layout",
]

CIV_LABELS = {"green_folk": "Grn", "scientists": "Sci", "merchants": "Mer", "diplomats": "Dip"}
GREEK = ("α", "β", "γ", "δ")  # noqa: RUF001 (the home systems' own letters)
GREEK_ASCII = ("a", "b", "g", "d")
SEAT_LETTERS = "rbwo"
DOCKS = 5
COMPACT_NUMBERS = {10: "A", 11: "B", 12: "C"}
EMPTY_GLYPHS = frozenset("·.◦:")  # an empty point or colony site; a legal one gets a ring
HOT = Style(color="#c40000", bold=True)  # 6 and 8, on the planet's resource colour


# -- the view adapter ---------------------------------------------------------------


@dataclass(frozen=True)
class Planet:
    """A planet the view shows (face-up tile); hashable, so boards can key the layer cache."""

    slot: int
    face: int  # 0-2: index into the slot's faces
    resource: str
    disc: str | None  # "4", "3/12", "pirate5", "ice3"; None while face down


@dataclass(frozen=True)
class SpaceState:
    """What the space map draws, read out of a Starfarers view by `_read_view`."""

    points: frozenset[int]
    sectors: tuple[tuple[bool, str | None, str | None], ...]  # per slot: face up, kind, civ
    planets: tuple[Planet, ...]
    pieces: tuple[tuple[int, int | None, str], ...]  # (point, owner or None, piece)
    moving: tuple[int, str] | None  # a ship lifted off the map while it flies
    stations: Mapping[str, tuple[int, ...]]  # civ -> trade stations per seat
    markers: Mapping[str, int]  # civ -> seat holding the friendship marker, -1 none
    mover: int | None = None  # the seat whose ship is moving


def _read_view(view: Mapping[str, Any]) -> SpaceState:
    """The only place that reads the view (engine/rulesets/starfarers/view.py build_view)."""
    sectors = tuple(
        (bool(s.get("face_up")), s.get("kind"), s.get("civilisation"))
        for s in sorted(view.get("sectors", ()), key=lambda s: s["slot"])
    )
    if len(sectors) < B.NUM_SLOTS:
        sectors += ((False, None, None),) * (B.NUM_SLOTS - len(sectors))
    planets = tuple(
        Planet(p["planet"] // 3, p["planet"] % 3, p["resource"], p.get("disc"))
        for p in view.get("planets", ())
    )
    pieces = tuple((p["point"], p.get("owner"), p["piece"]) for p in view.get("pieces", ()))
    moving_raw = view.get("moving_ship")
    moving = (moving_raw["point"], moving_raw["piece"]) if moving_raw else None
    points = view.get("points")
    return SpaceState(
        points=frozenset(points) if points is not None else _default_points(),
        sectors=sectors,
        planets=planets,
        pieces=pieces,
        moving=moving,
        stations={c: tuple(v) for c, v in (view.get("trade_stations") or {}).items()},
        markers=dict(view.get("friendship_markers") or {}),
        mover=view.get("current") if moving_raw else None,
    )


@lru_cache(maxsize=1)
def _default_points() -> frozenset[int]:
    centres = {s.centre for s in B.SLOTS}
    return frozenset(v for v in range(B.NUM_VERTICES) if v not in centres)


# -- the layout ----------------------------------------------------------------------


@dataclass(frozen=True)
class SpaceLayout(MapLayout):
    """A `MapLayout` with the space map's extra geometry.

    anchors: "point" and "ship" -> the cell of each lattice vertex id
    (y * 36 + x); "sector" -> the cell of each slot's centre.
    """

    point_cell: tuple[Cell, ...] = ()
    sector_cell: tuple[Cell, ...] = ()
    planet_cells: tuple[tuple[Cell, ...], ...] = ()  # per planet id (3 * slot + face)
    planet_cell: tuple[Cell, ...] = ()  # the planet's number cell
    compact: bool = False


def _cell(compact: bool, v: int) -> Cell:
    x, y = B.vertex_xy(v)
    if compact:
        return (x, B.HEIGHT - 1 - y)
    return (2 * x, 2 * (B.HEIGHT - 1 - y))


@lru_cache(maxsize=1)
def _tips() -> tuple[int, ...]:
    """Per planet, the corner of its cell that no colony, spaceport or centre can use."""
    out = []
    for s in B.SLOTS:
        for j in range(3):
            corners = B.PLANET_CORNERS[3 * s.index + j]
            out.append(next(c for c in corners if c not in s.inner and B.SITE_OF[c] < 0))
    return tuple(out)


@lru_cache(maxsize=2)
def space_map_layout(compact: bool = False) -> SpaceLayout:
    """Where every lattice vertex, planet and sector is drawn, computed once per size."""
    point_cell = tuple(_cell(compact, v) for v in range(B.NUM_VERTICES))
    sector_cell = tuple(point_cell[s.centre] for s in B.SLOTS)
    planet_cells: list[tuple[Cell, ...]] = []
    for s in B.SLOTS:
        for x0, y0 in s.faces:
            if compact:
                planet_cells.append((point_cell[_tips()[len(planet_cells)]],))
            else:
                row = 2 * (B.HEIGHT - 1 - y0) - 1
                planet_cells.append(tuple((2 * x0 + k, row) for k in (1, 2, 3)))
    planet_cell = tuple(cells[-1] for cells in planet_cells)
    if compact:
        width, height = B.WIDTH, B.HEIGHT
    else:
        width, height = 2 * B.WIDTH - 1, 2 * B.HEIGHT - 1
    anchors = {"point": point_cell, "ship": point_cell, "sector": sector_cell}
    sector_shapes = [
        (s.index, [c for j in range(3) for c in planet_cells[3 * s.index + j]]) for s in B.SLOTS
    ]
    cells, kind_cells = build_cells(anchors, {"sector": sector_shapes}, ("point", "sector"))
    kind_cells["ship"] = kind_cells["point"]
    return SpaceLayout(
        width=width,
        height=height,
        anchors=anchors,
        cells=cells,
        kind_cells=kind_cells,
        point_cell=point_cell,
        sector_cell=sector_cell,
        planet_cells=tuple(planet_cells),
        planet_cell=planet_cell,
        compact=compact,
    )


def map_layout(view: Mapping[str, Any] | None = None, *, compact: bool = False) -> SpaceLayout:
    """`space_map_layout` under the name the map widget looks up; the view is not needed."""
    return space_map_layout(compact)


@lru_cache(maxsize=2)
def _lanes(compact: bool) -> tuple[tuple[int, int, Cell, str], ...]:
    """(a, b, cell, kind) for every lattice lane of the engine's board, kind "h" or "v".

    The lanes are the engine's `NEIGHBOURS` pairs; a lane glyph sits in the
    cell between its two end points. Compact maps draw no lanes.
    """
    if compact:
        return ()
    out = []
    for a in range(B.NUM_VERTICES):
        for b in B.NEIGHBOURS[a]:
            if a < b:
                (ax, ay), (bx, by) = _cell(False, a), _cell(False, b)
                kind = "h" if ay == by else "v"
                out.append((a, b, ((ax + bx) // 2, (ay + by) // 2), kind))
    return tuple(out)


@lru_cache(maxsize=4)
def _frame(compact: bool, ascii: bool) -> Canvas:
    """Space, the nebula band and every lane and point that is a point on any board."""
    lay = space_map_layout(compact)
    # Space, lanes and points share one style, so an empty row is a single span.
    c = Canvas(lay.width, lay.height, P.SPACE + P.LANE)
    scale = 1 if compact else 2
    for x in B.board_json()["nebula_x"]:
        for col in range(scale * x - (0 if compact else 1), scale * x + 1):
            for row in range(lay.height):
                c.put(col, row, "~" if ascii else "░", P.NEBULA)
    fixed = _default_points()
    for a, b, (x, y), kind in _lanes(compact):
        if a in fixed and b in fixed:
            glyph = ("-" if ascii else "─") if kind == "h" else ("|" if ascii else "│")
            c.put(x, y, glyph)
    dot = "." if ascii else "·"
    for v in fixed:
        x, y = lay.point_cell[v]
        c.put(x, y, dot)
    return c


# -- the board layer ---------------------------------------------------------------

_BoardKey = tuple[
    frozenset[int], tuple[tuple[bool, str | None, str | None], ...], tuple[Planet, ...]
]


def _letter(resource: str) -> str:
    return P.SPACE_RESOURCE_LETTERS.get(resource, resource[:1].upper())


def _disc_text(disc: str | None, compact: bool) -> tuple[str, Style | None]:
    """The number part of a planet label and its style (None: the resource's own)."""
    if disc is None:
        return ("?" if compact else " ?", None)
    if disc.startswith("pirate"):
        return (disc[6:] if compact else "P" + disc[6:], P.PIRATE)
    if disc.startswith("ice"):
        return (disc[3:] if compact else "I" + disc[3:], P.ICE)
    first = disc.split("/")[0]
    n = int(first)
    if compact:
        return (COMPACT_NUMBERS.get(n, first), HOT if n in (6, 8) else None)
    label = f"{first}+" if "/" in disc else f"{first:>2}"
    return (label, HOT if n in (6, 8) else None)


@lru_cache(maxsize=8)
def _board_layer(compact: bool, ascii: bool, key: _BoardKey) -> Canvas:
    lay = space_map_layout(compact)
    c = _frame(compact, ascii).copy()
    points, sectors, planets = key
    # Docking points of revealed outposts, and their lanes.
    for s in B.SLOTS:
        if s.centre in points:
            x, y = lay.point_cell[s.centre]
            c.put(x, y, "#" if ascii else "◈", P.OUTPOST)
            for a, b, (lx, ly), lane in _lanes(compact):
                if s.centre in (a, b) and a in points and b in points:
                    glyph = ("-" if ascii else "─") if lane == "h" else ("|" if ascii else "│")
                    c.put(lx, ly, glyph, P.DOCK)
    # Sector centres, colony sites and face-down tiles.
    for s, (face_up, kind, civ) in zip(B.SLOTS, sectors, strict=True):
        x, y = lay.sector_cell[s.index]
        if face_up and kind in ("home", "planetary"):
            for site in s.inner:
                c.put(*lay.point_cell[site], ":" if ascii else "◦", P.SITE)
        if not face_up:
            c.put(x, y, "?", P.HIDDEN)
            for j in range(3):
                for px, py in lay.planet_cells[3 * s.index + j]:
                    c.put(px, py, "?", P.HIDDEN)
        elif kind == "home":
            c.put(x, y, (GREEK_ASCII if ascii else GREEK)[s.index], P.SITE)
        elif kind == "planetary":
            c.put(x, y, "*", P.SITE)
        elif kind == "outpost" and civ is not None and not compact:
            label = CIV_LABELS.get(civ, civ[:3].title())
            c.text(*lay.planet_cells[3 * s.index][0], label, P.OUTPOST)
            for px, py in _docks(lay, s.index)[:DOCKS]:
                c.put(px, py, "_" if ascii else "▫", P.DOCK)
        elif kind == "outpost" and civ is not None:
            c.put(*lay.planet_cell[3 * s.index], CIV_LABELS.get(civ, "?")[0], P.OUTPOST)
    for p in planets:
        pid = 3 * p.slot + p.face
        cells = lay.planet_cells[pid]
        number, style = _disc_text(p.disc, compact)
        base = P.RESOURCE_DISCS.get(p.resource, P.HIDDEN)
        if compact:
            c.put(*cells[0], number, base if style is None else base + style)
        else:
            c.put(*cells[0], _letter(p.resource), base)
            c.text(cells[1][0], cells[1][1], number, base if style is None else base + style)
    return c


def _board_key(state: SpaceState) -> _BoardKey:
    return (state.points, state.sectors, state.planets)


# -- the render ----------------------------------------------------------------------

PIECE_GLYPHS = {
    "colony": "●",
    "spaceport": "■",
    "colony_ship": "▲",
    "trade_ship": "◆",
}
SHIP_ASCII = {"colony_ship": "^", "trade_ship": "$"}
NEUTRAL = Style(color="#9090a0", bold=True)


def _piece_glyph(owner: int | None, piece: str, ascii: bool) -> str:
    if not ascii:
        return PIECE_GLYPHS.get(piece, "?")
    if piece in SHIP_ASCII:
        return SHIP_ASCII[piece]
    letter = "n" if owner is None else SEAT_LETTERS[owner % 4]
    return letter.upper() if piece == "spaceport" else letter


def render_space_map(
    view: Mapping[str, Any],
    highlight: Highlight | None = None,
    *,
    ascii: bool = False,
    compact: bool = False,
) -> Text:
    """The space map of a Starfarers view as styled text, `highlight` marking legal targets.

    Kinds: "point" and "ship" (lattice vertex ids; a ship is named by its
    point) and "sector" (slot index). The text is exactly
    `space_map_layout(compact)`'s size.
    """
    state = _read_view(view)
    lay = space_map_layout(compact)
    c = _board_layer(compact, ascii, _board_key(state)).copy()

    for civ, counts in state.stations.items():
        _paint_docks(c, lay, state, civ, counts, ascii)

    for point, owner, piece in state.pieces:
        x, y = lay.point_cell[point]
        style = NEUTRAL if owner is None else P.SEAT_STYLES[owner % 4]
        c.put(x, y, _piece_glyph(owner, piece, ascii), style)
    if state.moving is not None:
        point, piece = state.moving
        x, y = lay.point_cell[point]
        owner = state.mover
        style = NEUTRAL if owner is None else P.SEAT_STYLES[owner % 4]
        c.put(x, y, _piece_glyph(owner, piece, ascii), style + Style(underline=True))

    if highlight is not None:
        for target in highlight.targets:
            if target != highlight.cursor:
                _mark(c, lay, highlight.kind, target, P.LEGAL, state, ascii, cursor=False)
        if highlight.cursor is not None:
            _mark(c, lay, highlight.kind, highlight.cursor, P.CURSOR, state, ascii, cursor=True)
    return c.to_text()


def _docks(lay: SpaceLayout, slot: int) -> list[Cell]:
    """An outpost's six dock cells in reading order: five docks, then the marker's place.

    Face 0 holds the civilisation's name; the docks are the other two faces.
    """
    cells = [*lay.planet_cells[3 * slot + 1], *lay.planet_cells[3 * slot + 2]]
    return sorted(cells, key=lambda c: (c[1], c[0]))


def _paint_docks(
    c: Canvas,
    lay: SpaceLayout,
    state: SpaceState,
    civ: str,
    counts: tuple[int, ...],
    ascii: bool,
) -> None:
    """An outpost's five docks, a cell per trade station in its owner's colour; then the marker.

    Compact maps show the number of stations and the marker on two of the tips.
    """
    slot = next(
        (
            i
            for i, (up, kind, c_) in enumerate(state.sectors)
            if up and kind == "outpost" and c_ == civ
        ),
        None,
    )
    if slot is None:
        return
    holder = state.markers.get(civ)
    marker = None
    if holder is not None and holder >= 0:
        marker = P.SEAT_STYLES[holder % 4] + Style(bgcolor="#40300a")
    if lay.compact:
        # No room for docks: the other two tips say how many stations, and who leads.
        (x1, y1), (x2, y2) = lay.planet_cells[3 * slot + 1][0], lay.planet_cells[3 * slot + 2][0]
        if sum(counts):
            c.put(x1, y1, str(min(sum(counts), 9)), P.OUTPOST)
        if marker is not None:
            c.put(x2, y2, "*" if ascii else "★", marker)
        return
    docks = _docks(lay, slot)
    k = 0
    for seat, n in enumerate(counts):
        for _ in range(n):
            if k < DOCKS:
                x, y = docks[k]
                c.put(x, y, SEAT_LETTERS[seat % 4] if ascii else "▮", P.SEAT_STYLES[seat % 4])
                k += 1
    if marker is not None:
        x, y = docks[-1]
        c.put(x, y, "*" if ascii else "★", marker)


def _mark(
    c: Canvas,
    lay: SpaceLayout,
    kind: str,
    target: int,
    style: Style,
    state: SpaceState,
    ascii: bool,
    *,
    cursor: bool,
) -> None:
    if kind in ("point", "ship"):
        x, y = lay.point_cell[target]
        ch = c.char_at(x, y)
        if ch in EMPTY_GLYPHS:
            ch = ("@" if cursor else "+") if ascii else ("◎" if cursor else "○")
        c.put(x, y, ch, style)
    elif kind == "sector":
        c.restyle(*lay.sector_cell[target], style)
        for j in range(3):
            for x, y in lay.planet_cells[3 * target + j]:
                c.restyle(x, y, style)
