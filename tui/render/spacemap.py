"""The Starfarers space map, drawn the way the board looks.

The engine's board is a 36 x 15 "brick wall" lattice (rules/starfarers.md §2;
`engine.rulesets.starfarers.board`); vertex (x, y) is drawn at column 2x,
row 2(14 - y), so the map is 71 x 29 cells. What a player sees:

* open space: a faint dot per point a ship can stand on (no lane glyphs:
  where a ship may go is shown by the highlight while it flies);
* a sector tile: its three hex cells filled as one shape (a triangle of
  three planets), in the colour of its kind: home system (named by its Greek
  letter at the centre), planetary system, alien outpost, or unexplored
  (hatched, with "?" discs);
* a planet: a coloured disc, its resource's letter on the resource colour,
  then its number on a cream number disc (6 and 8 in red), or a pirate base
  "P5" / an ice planet "I3" with its strength;
* an outpost: the civilisation's name in words, five docks that fill in the
  colours of the seats' trade stations, a heart for the friendship marker's
  holder, and the docking point at its centre;
* pieces in seat colours: colony ●, spaceport ■, colony ship ▲, trade ship ♦
  (with --ascii: seat letters, and ^ / $ ships tagged with their seat letter).

Every glyph is in WGL4, the repertoire of DejaVu Sans Mono, Liberation Mono,
Menlo and Consolas alike. The compact map (80 x 24) is the same drawing seen
through a window that follows the cursor (`window_for`).

`_read_view` is the only code that reads the view dict; everything else works
on the small `SpaceState` it returns. The static frame is cached per charset,
the board layer (tiles, planets, docking points) per board state, and a
render paints pieces, trade stations and highlights on a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rich.style import Style
from rich.text import Text

from engine.rulesets.starfarers import board as B
from tui.render import palette as P
from tui.render.canvas import Canvas
from tui.render.targets import Cell, Highlight, MapLayout, build_cells, hit_test, nearest_target
from tui.render.window import MARGIN, steady

__all__ = [
    "Highlight",
    "SpaceLayout",
    "SpaceState",
    "bounds",
    "hit_test",
    "map_layout",
    "nearest_target",
    "render_space_map",
    "space_map_layout",
    "window_for",
]

CIV_LABELS = {
    "green_folk": "Green Folk",
    "scientists": "Scientists",
    "merchants": "Merchants",
    "diplomats": "Diplomats",
}
GREEK = ("α", "β", "γ", "δ")  # noqa: RUF001 (the home systems' own letters)
GREEK_ASCII = ("a", "b", "g", "d")
SEAT_LETTERS = "rbwo"
DOCKS = 5
EMPTY_GLYPHS = frozenset("·.◦:")  # an empty point or colony site; a legal one gets a ring
WINDOW_WIDTH = 47  # the compact map's window onto the 71-column drawing


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
    (y * 36 + x); "sector" -> the cell of each slot's centre. Cells are in
    the whole drawing's coordinates; a compact layout is `WINDOW_WIDTH` wide
    (what the widget shows) and the widget adds the window's origin to clicks.
    """

    point_cell: tuple[Cell, ...] = ()
    sector_cell: tuple[Cell, ...] = ()
    planet_cells: tuple[tuple[Cell, ...], ...] = ()  # per planet id (3 * slot + face)
    planet_cell: tuple[Cell, ...] = ()  # the planet's number cell (its last)
    tile_cells: tuple[tuple[Cell, ...], ...] = ()  # per slot: every cell of its three hexes
    compact: bool = False
    full_width: int = 2 * B.WIDTH - 1
    full_height: int = 2 * B.HEIGHT - 1


def _cell(v: int) -> Cell:
    x, y = B.vertex_xy(v)
    return (2 * x, 2 * (B.HEIGHT - 1 - y))


def _face_rows(face: tuple[int, int]) -> tuple[int, int]:
    """A hex cell's (left column, middle row) in the drawing."""
    x0, y0 = face
    return 2 * x0, 2 * (B.HEIGHT - 1 - y0) - 1


@lru_cache(maxsize=2)
def space_map_layout(compact: bool = False) -> SpaceLayout:
    """Where every lattice vertex, planet and sector is drawn, computed once per size."""
    point_cell = tuple(_cell(v) for v in range(B.NUM_VERTICES))
    sector_cell = tuple(point_cell[s.centre] for s in B.SLOTS)
    planet_cells: list[tuple[Cell, ...]] = []
    tile_cells: list[tuple[Cell, ...]] = []
    for s in B.SLOTS:
        tile: set[Cell] = set()
        for face in s.faces:
            col, row = _face_rows(face)
            planet_cells.append(tuple((col + k, row) for k in (1, 2, 3)))
            tile.update((col + k, row + d) for k in range(5) for d in (-1, 0, 1))
        tile_cells.append(tuple(sorted(tile, key=lambda c: (c[1], c[0]))))
    planet_cell = tuple(cells[-1] for cells in planet_cells)
    full_w, full_h = 2 * B.WIDTH - 1, 2 * B.HEIGHT - 1
    anchors = {"point": point_cell, "ship": point_cell, "sector": sector_cell}
    sector_shapes = [(s.index, tile_cells[s.index]) for s in B.SLOTS]
    cells, kind_cells = build_cells(anchors, {"sector": sector_shapes}, ("point", "sector"))
    kind_cells["ship"] = kind_cells["point"]
    return SpaceLayout(
        width=WINDOW_WIDTH if compact else full_w,
        height=full_h,
        anchors=anchors,
        cells=cells,
        kind_cells=kind_cells,
        point_cell=point_cell,
        sector_cell=sector_cell,
        planet_cells=tuple(planet_cells),
        planet_cell=planet_cell,
        tile_cells=tuple(tile_cells),
        compact=compact,
        full_width=full_w,
        full_height=full_h,
    )


def map_layout(view: Mapping[str, Any] | None = None, *, compact: bool = False) -> SpaceLayout:
    """`space_map_layout` under the name the map widget looks up; the view is not needed."""
    return space_map_layout(compact)


Window = tuple[int, int, int, int]  # left column, top row, width, height


def bounds(view: Mapping[str, Any]) -> Window:
    """The whole drawing, where a window may go (the same for every board)."""
    lay = space_map_layout(False)
    return (0, 0, lay.full_width, lay.full_height)


def window_for(
    view: Mapping[str, Any],
    highlight: Highlight | None,
    width: int,
    height: int,
    keep: Window | None = None,
) -> Window:
    """The part of the drawing a `width` x `height` widget shows: centred on what matters.

    The cursor while choosing; else the ship in flight, the seat's own ship,
    or its first colony; else the middle of the board. Clamped to the map. `keep`, the
    window shown last, stays while that stays well inside it (tui/render/window.py).
    When the focus is still in `keep` but near its side, the window moves only as far
    as it must: centring it there made the cursor jump the other way on the screen
    (Up moved the cursor from the window's fourth row to its eighth).
    """
    lay = space_map_layout(False)
    focus = _focus(view, highlight, lay)
    if keep is not None and _idle(view, highlight):
        # Nothing chosen and nothing flying: the window stays where it was (seen at 80x24:
        # a colony ship built at home became the "first ship" and the window jumped to it).
        focus = (keep[0] + keep[2] // 2, keep[1] + keep[3] // 2)
    bounds = (0, 0, lay.full_width, lay.full_height)
    window = steady(focus, width, height, bounds, keep)
    if keep is not None and window != keep:
        # Its origin kept, at the size asked now: the actions' row growing by a line took a
        # row from the map, and the window re-centred (seen: a Right moved it 5 rows).
        kx, ky = keep[:2]
        w, h = window[2:]
        if kx <= focus[0] < kx + w and ky <= focus[1] < ky + h:
            window = _nudged((kx, ky, w, h), focus, bounds)
    origin = highlight.origin if highlight is not None else None
    if origin is not None and 0 <= origin < len(lay.point_cell):
        window = _with_origin(window, focus, lay.point_cell[origin], bounds)
    return window


def _with_origin(window: Window, focus: Cell, origin: Cell, bounds: Window) -> Window:
    """`window` moved the least that shows the ship a flight starts from beside the cursor,
    where both fit (seen at 80x24: the second trade ship's flight showed its cursor and not
    the ship); as it was where they do not."""
    x0, y0, w, h = window
    bx, by, bw, bh = bounds

    def shift(start: int, size: int, a: int, b: int, low: int, high: int) -> int | None:
        first, last = max(a, b) - (size - 1), min(a, b)  # the starts showing both
        if first > last:
            return None
        return min(max(start, first, low), last, high - size)

    if x0 <= origin[0] < x0 + w and y0 <= origin[1] < y0 + h:
        return window
    nx = shift(x0, w, focus[0], origin[0], bx, bx + bw)
    ny = shift(y0, h, focus[1], origin[1], by, by + bh)
    if nx is None or ny is None:
        return window
    return (nx, ny, w, h)


def _nudged(keep: Window, focus: Cell, bounds: Window) -> Window:
    """`keep` moved the least that brings `focus` back inside its margins (window.MARGIN)."""
    kx, ky, w, h = keep
    bx, by, bw, bh = bounds
    mx, my = min(MARGIN[0], w // 4), min(MARGIN[1], h // 4)
    x0 = min(max(kx, focus[0] - (w - 1 - mx)), focus[0] - mx)
    y0 = min(max(ky, focus[1] - (h - 1 - my)), focus[1] - my)
    x0 = min(max(x0, bx), bx + bw - w)
    y0 = min(max(y0, by), by + bh - h)
    return (x0, y0, w, h)


def _idle(view: Mapping[str, Any], highlight: Highlight | None) -> bool:
    """No choice on the map (no cursor, no targets) and no ship in flight."""
    if highlight is not None and (highlight.cursor is not None or highlight.targets):
        return False
    return not isinstance(view.get("moving_ship"), Mapping)


def _focus(view: Mapping[str, Any], highlight: Highlight | None, lay: SpaceLayout) -> Cell:
    if highlight is not None:
        anchors = lay.anchors.get(highlight.kind, ())
        if highlight.cursor is not None and 0 <= highlight.cursor < len(anchors):
            return anchors[highlight.cursor]
        if highlight.targets:
            cells = [anchors[t] for t in highlight.targets if 0 <= t < len(anchors)]
            if cells:
                return (
                    sum(c[0] for c in cells) // len(cells),
                    sum(c[1] for c in cells) // len(cells),
                )
    moving = view.get("moving_ship")
    if isinstance(moving, Mapping) and isinstance(moving.get("point"), int):
        return lay.point_cell[moving["point"]]
    seat = view.get("seat")
    players = view.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players) and players[seat].get("ships"):
        return lay.point_cell[players[seat]["ships"][0]]
    mine = [
        p["point"]
        for p in view.get("pieces", ())
        if p.get("owner") == seat and isinstance(p.get("point"), int)
    ]
    if mine:
        return lay.point_cell[mine[0]]
    return (lay.full_width // 2, lay.full_height // 2)


# -- the frame: space and its points ------------------------------------------------------

DOT = {False: "·", True: "."}


@lru_cache(maxsize=2)
def _frame(ascii: bool) -> Canvas:
    """Space, the (cosmetic) nebula band, and a faint dot on every point of every board."""
    lay = space_map_layout(False)
    c = Canvas(lay.full_width, lay.full_height, P.SPACE + P.LANE)
    for x in B.board_json()["nebula_x"]:
        for col in range(2 * x - 1, 2 * x + 1):
            for row in range(lay.full_height):
                c.restyle(col, row, P.NEBULA)
    for v in _default_points():
        c.put(*lay.point_cell[v], DOT[ascii])
    return c


# -- the board layer ---------------------------------------------------------------

_BoardKey = tuple[
    frozenset[int], tuple[tuple[bool, str | None, str | None], ...], tuple[Planet, ...]
]


def _letter(resource: str) -> str:
    return P.SPACE_RESOURCE_LETTERS.get(resource, resource[:1].upper())


def _disc_text(disc: str | None) -> tuple[str, Style]:
    """The two cells after a planet's letter: its number disc, or a base's strength."""
    if disc is None:
        return (" ?", P.DISC_HIDDEN)
    if disc.startswith("pirate"):
        return ("P" + disc[6:], P.PIRATE)
    if disc.startswith("ice"):
        return ("I" + disc[3:], P.ICE)
    first = disc.split("/")[0]
    label = f"{first}+" if "/" in disc else f"{first:>2}"
    return (label, P.CHIP_HOT if int(first) in (6, 8) else P.CHIP)


def _tile_style(face_up: bool, kind: str | None) -> Style:
    if not face_up:
        return P.TILE_HIDDEN
    return P.TILE_STYLES.get(kind or "", P.TILE_STYLES["empty"])


def _wide_rows(slot: int) -> tuple[int, int]:
    """The outpost's name row and dock row: the rows between the lattice's, the name across
    the wide side of its triangle (nine cells), the docks across the narrow side (five),
    so neither hides a point a ship may stop on (seen in play: a flight's step numbers and
    a jump's rings drawn over the letters, "4 5 6e7chants", and ships parked on a name)."""
    s = B.SLOTS[slot]
    _, cy = _cell(s.centre)
    return (cy - 1, cy + 1) if s.up else (cy + 1, cy - 1)


@lru_cache(maxsize=8)
def _board_layer(ascii: bool, key: _BoardKey) -> Canvas:
    lay = space_map_layout(False)
    c = _frame(ascii).copy()
    points, sectors, planets = key
    barred = {
        3 * p.slot + p.face: bool(p.disc and p.disc.startswith(("pirate", "ice"))) for p in planets
    }
    for s, (face_up, kind, civ) in zip(B.SLOTS, sectors, strict=True):
        style = _tile_style(face_up, kind)
        hatch = "#" if ascii else "░"
        ring = set(s.ring)
        for x, y in lay.tile_cells[s.index]:
            c.put(x, y, " " if face_up else hatch, style)
        for v in ring:
            c.put(*lay.point_cell[v], DOT[ascii], P.TILE_POINT)
        cx, cy = lay.sector_cell[s.index]
        if not face_up:
            c.put(cx, cy, "?", P.TILE_HIDDEN_MARK)
            for j in range(3):
                cells = lay.planet_cells[3 * s.index + j]
                c.text(cells[0][0], cells[0][1], " ? ", P.DISC_HIDDEN)
            continue
        if kind in ("home", "planetary"):
            for site in s.inner:
                # A site beside a pirate base or ice planet cannot take a colony (seen in
                # play: drawn as free as any other): dim until the base or ice is gone.
                closed = any(barred.get(pi, False) for pi in B.SITE_PLANETS[site])
                c.put(
                    *lay.point_cell[site],
                    ":" if ascii else "◦",
                    P.SITE_CLOSED if closed else P.SITE,
                )
        if kind == "home":
            c.put(cx, cy, (GREEK_ASCII if ascii else GREEK)[s.index % 4], P.HOME_NAME)
        elif kind == "outpost" and civ is not None:
            name_row, dock_row = _wide_rows(s.index)
            label = CIV_LABELS.get(civ, civ.replace("_", " ").title())
            c.text(cx - len(label) // 2, name_row, label, P.OUTPOST)
            for dx in range(-2, 3):
                c.put(cx + dx, dock_row, "_" if ascii else "□", P.DOCK)
            if s.centre in points:
                c.put(cx, cy, "#" if ascii else "◊", P.DOCKING_POINT)
    for p in planets:
        cells = lay.planet_cells[3 * p.slot + p.face]
        number, style = _disc_text(p.disc)
        c.put(*cells[0], _letter(p.resource), P.RESOURCE_DISCS.get(p.resource, P.HIDDEN))
        c.text(cells[1][0], cells[1][1], number, style)
    return c


def _board_key(state: SpaceState) -> _BoardKey:
    return (state.points, state.sectors, state.planets)


def key_strip(*, ascii: bool = False, view: Mapping[str, Any] | None = None) -> Text:
    """Three lines of key for under the map (from tui.render.legend); with a view, the
    first names the codes on its planets, double discs too (seen in play at 120x40: "G2+"
    was on the map and in no key line)."""
    from tui.render.legend import KEY_WIDTH, map_key_strip

    strip = map_key_strip(ascii=ascii)
    if view is None:
        return strip
    lay = space_map_layout(False)
    codes = window_key(view, (0, 0, lay.width, lay.height), width=KEY_WIDTH, ascii=ascii)
    rest = strip.split("\n")[1:]
    return Text("\n").join([codes, *rest])


def window_key(
    view: Mapping[str, Any], window: Window, *, width: int, ascii: bool = False, lines: int = 1
) -> Text:
    """A key line (or `lines`) for what `window` shows (the compact map has no room for more)."""
    from tui.render.legend import window_key_line

    state = _read_view(view)
    lay = space_map_layout(False)
    x0, y0, w, h = window

    def seen(cell: Cell) -> bool:
        return x0 <= cell[0] < x0 + w and y0 <= cell[1] < y0 + h

    planets = [
        (p.resource, p.disc)
        for p in state.planets
        if seen(lay.planet_cells[3 * p.slot + p.face][0])
    ]
    outpost = any(
        face_up and kind == "outpost" and seen(lay.point_cell[B.SLOTS[s].centre])
        for s, (face_up, kind, _) in enumerate(state.sectors)
    )
    return window_key_line(
        planets,
        outpost=outpost,
        width=width,
        ascii=ascii,
        lines=lines,
        pieces=_pieces_in_view(state, seen, ascii),
    )


PIECE_WORDS = {
    "colony_ship": "colony ship",
    "trade_ship": "trade ship",
    "colony": "colony",
    "spaceport": "spaceport",
}
"""The pieces a window's key names when they are in view, in this order, in these words: the
ships first, the pieces a player moves and picks (▲ and ♦ told apart by nothing else)."""


def _pieces_in_view(
    state: SpaceState, seen: Callable[[Cell], bool], ascii: bool
) -> list[tuple[str, Style, str]]:
    """Each kind of piece drawn in the window, once: its glyph in the colour of the first
    such piece in view, and its name (in ASCII a building's glyph is its seat's letter, so
    the words say whose: "b blue colony")."""
    lay = space_map_layout(False)
    owners: dict[str, int | None] = {}
    drawn = list(state.pieces)
    if state.moving is not None:
        drawn.append((state.moving[0], state.mover, state.moving[1]))
    for point, owner, piece in drawn:
        if piece in PIECE_WORDS and seen(lay.point_cell[point]) and piece not in owners:
            owners[piece] = owner

    def words(piece: str) -> str:
        owner = owners[piece]
        if ascii and piece not in SHIP_ASCII:  # the glyph is a seat's letter: say whose
            return ("neutral " if owner is None else f"{P.SEAT_NAMES[owner % 4]} ") + (
                PIECE_WORDS[piece]
            )
        return PIECE_WORDS[piece]

    return [
        (_piece_glyph(owners[piece], piece, ascii), _piece_style(owners[piece]), words(piece))
        for piece in PIECE_WORDS
        if piece in owners
    ]


# -- the render ----------------------------------------------------------------------

PIECE_GLYPHS = {
    "colony": "●",
    "spaceport": "■",
    "colony_ship": "▲",
    "trade_ship": "♦",
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


def _piece_style(owner: int | None) -> Style:
    return NEUTRAL if owner is None else P.SEAT_STYLES[owner % 4]


def render_space_map(
    view: Mapping[str, Any],
    highlight: Highlight | None = None,
    *,
    ascii: bool = False,
    compact: bool = False,
    window: Window | None = None,
    labels: Mapping[int, str] | None = None,
) -> Text:
    """The space map of a Starfarers view as styled text, `highlight` marking legal targets.

    Kinds: "point" and "ship" (lattice vertex ids; a ship is named by its
    point) and "sector" (slot index). `labels` puts a short text on
    highlighted points (the steps a flight there costs). The text is the
    whole 71 x 29 drawing, or the part `window` names; `compact` without a
    window shows `window_for`'s choice, `WINDOW_WIDTH` x 19.
    """
    state = _read_view(view)
    lay = space_map_layout(False)
    c = _board_layer(ascii, _board_key(state)).copy()

    for civ, counts in state.stations.items():
        _paint_docks(c, state, civ, counts, ascii)

    for point, owner, piece in state.pieces:
        _put_piece(c, lay, point, owner, piece, ascii, Style())
    if state.moving is not None:
        point, piece = state.moving
        _put_piece(c, lay, point, state.mover, piece, ascii, Style(underline=True))

    if highlight is not None:
        held = {point for point, _, _ in state.pieces}
        if state.moving is not None:
            held.add(state.moving[0])
        marks = (held, labels)
        for target in highlight.targets:
            if target != highlight.cursor:
                _mark(c, lay, highlight.kind, target, P.LEGAL, ascii, marks, cursor=False)
        for point in highlight.path:
            if point != highlight.cursor and 0 <= point < len(lay.point_cell):
                x, y = lay.point_cell[point]
                if c.char_at(x, y) in EMPTY_GLYPHS:
                    c.put(x, y, "o" if ascii else "•", P.PATH)
                else:
                    c.restyle(x, y, P.PATH)
        if highlight.origin is not None and 0 <= highlight.origin < len(lay.point_cell):
            x, y = lay.point_cell[highlight.origin]
            c.restyle(x, y, P.SELECTED)
            if ascii:  # the tag after an ASCII ship, too
                c.restyle(x + 1, y, P.SELECTED)
        if highlight.cursor is not None:
            _mark(c, lay, highlight.kind, highlight.cursor, P.CURSOR, ascii, marks, cursor=True)
    if window is None and compact:
        window = window_for(view, highlight, WINDOW_WIDTH, 19)
    if window is not None:
        return c.to_text_window(*window)
    return c.to_text()


def _put_piece(
    c: Canvas,
    lay: SpaceLayout,
    point: int,
    owner: int | None,
    piece: str,
    ascii: bool,
    extra: Style,
) -> None:
    x, y = lay.point_cell[point]
    style = _piece_style(owner) + extra
    c.put(x, y, _piece_glyph(owner, piece, ascii), style)
    if ascii and piece in SHIP_ASCII:  # the seat, told by letter as well as colour
        c.put(x + 1, y, "n" if owner is None else SEAT_LETTERS[owner % 4], style)


def _paint_docks(
    c: Canvas,
    state: SpaceState,
    civ: str,
    counts: tuple[int, ...],
    ascii: bool,
) -> None:
    """An outpost's five docks, one per trade station in its owner's colour; then the marker."""
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
    cx, _ = _cell(B.SLOTS[slot].centre)
    _, row = _wide_rows(slot)
    k = 0
    for seat, n in enumerate(counts):
        for _ in range(n):
            if k < DOCKS:
                glyph = SEAT_LETTERS[seat % 4].upper() if ascii else "■"
                c.put(cx - 2 + k, row, glyph, P.SEAT_STYLES[seat % 4] + P.DOCK_FILLED)
                k += 1
    holder = state.markers.get(civ)
    if holder is not None and holder >= 0:
        c.put(cx + 3, row, "*" if ascii else "♥", P.SEAT_STYLES[holder % 4] + P.DOCK_FILLED)


DOCKING_GLYPHS = frozenset("◊#")


def _mark(
    c: Canvas,
    lay: SpaceLayout,
    kind: str,
    target: int,
    style: Style,
    ascii: bool,
    marks: tuple[set[int], Mapping[int, str] | None],
    *,
    cursor: bool,
) -> None:
    """A legal target drawn over what the board shows there: its label (a flight's steps)
    or a ring, over an empty point or an outpost name's letter alike (the `k` of Green Folk
    lit up with no step number on it); a piece or a docking point keeps its glyph."""
    held, labels = marks
    if kind in ("point", "ship"):
        x, y = lay.point_cell[target]
        label = labels.get(target) if labels else None
        ch = c.char_at(x, y)
        if target not in held and ch not in DOCKING_GLYPHS:
            if label:
                ch = label[:1]
            else:
                # ◉ as on the hex maps: a colony is ● (seen in play: the cursor read as one)
                ch = ("@" if cursor else "+") if ascii else ("◉" if cursor else "○")
        c.put(x, y, ch, style)
    elif kind == "sector" and 0 <= target < len(lay.tile_cells):
        for x, y in lay.tile_cells[target]:
            c.restyle(x, y, style)
