"""The Cities & Knights map: the hex map (tui/render/hexmap.py) and the pieces C&K adds.

- a knight is its strength (1 basic, 2 strong, 3 mighty) on its corner in its
  seat's colour: reversed when active (it defends and may act), plain when not;
- a city wall underlines its city;
- a metropolis is an "M" in its seat's colour, reversed, on its city's corner;
- the merchant is a "$" in its owner's colour beside the hex's terrain letters.

Every glyph is printable ASCII, so `--ascii` draws the same pieces; the map
key (tui/render/legend.py, `ck_items`) names them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.text import Text

from tui.render import hexmap
from tui.render import palette as P
from tui.render.canvas import Canvas
from tui.render.hexlayout import HexLayout, Size
from tui.render.hexmap import map_layout
from tui.render.targets import Highlight

__all__ = ["map_layout", "render_map"]

ACTIVE = Style(reverse=True)
WALL = Style(underline=True)
METROPOLIS = "M"
MERCHANT = "$"


def knight_glyph(level: int) -> str:
    """A knight's glyph: its strength."""
    return str(level)


def knight_style(owner: int, active: bool) -> Style:
    """The seat's colour; reversed when the knight is active."""
    style = P.SEAT_STYLES[owner % len(P.SEAT_STYLES)]
    return style + ACTIVE if active else style


def _painter(view: Mapping[str, Any]) -> hexmap.Painter:
    owners: list[int] = list(view.get("knight_owner") or ())
    levels: list[int] = list(view.get("knight_level") or ())
    active: list[int] = list(view.get("knight_active") or ())
    walls: list[int] = list(view.get("walls") or ())
    metropolis: list[int] = [v for v in (view.get("metropolis") or {}).values() if v >= 0]
    vertices = view.get("vertices") or ()
    merchant = int(view.get("merchant_hex", -1))
    merchant_owner = int(view.get("merchant_owner", -1))

    def paint(c: Canvas, lay: HexLayout, size: Size) -> None:
        for v, owner in enumerate(owners):
            if owner >= 0 and v < len(lay.vertex_cell):
                x, y = lay.vertex_cell[v]
                c.put(x, y, knight_glyph(levels[v]), knight_style(owner, bool(active[v])))
        for v in metropolis:
            if v < len(vertices) and vertices[v][0] >= 0:
                x, y = lay.vertex_cell[v]
                c.put(x, y, METROPOLIS, P.SEAT_STYLES[vertices[v][0] % 4] + ACTIVE)
        for v, wall in enumerate(walls):
            if wall and v < len(lay.vertex_cell):
                x, y = lay.vertex_cell[v]
                c.restyle(x, y, WALL)
        if 0 <= merchant < len(lay.hex_centre):
            x, y = lay.hex_centre[merchant]
            style = P.SEAT_STYLES[merchant_owner % 4] if merchant_owner >= 0 else P.ROBBER
            dx = 1 if lay.compact else 2
            c.put(x + dx, y + size.terrain_row, MERCHANT, style + ACTIVE)

    return paint


def render_map(
    view: Mapping[str, Any],
    highlight: Highlight | None = None,
    *,
    ascii: bool = False,
    compact: bool = False,
) -> Text:
    """The C&K map of `view`: the hex map with knights, walls, metropolises and the merchant."""
    return hexmap.render_hex_map(
        view, highlight, ascii=ascii, compact=compact, paint=_painter(view)
    )


KEY_ROWS = 1
"""As the hex map's: one row before the log; the key's second line shows where rows are spare."""


def key_strip(*, ascii: bool = False) -> Text:
    """The key under the map, C&K's pieces first: as many lines show as rows are spare."""
    from tui.render.legend import hex_key_line, key_line, shortened

    words = ("knight", "inactive", "underlined: wall", "metropolis", "merchant")
    pieces = key_line(shortened(ck_items(ascii), dict(enumerate(words))))
    return Text("\n").join([pieces, hex_key_line(ascii)])


def ck_items(ascii: bool) -> list[tuple[str, Style, str]]:
    """The map key of the pieces C&K adds (after the hex map's own)."""
    seat = P.SEAT_STYLES[1]
    return [
        ("1", seat + ACTIVE, "active knight of strength 1 (2 strong, 3 mighty)"),
        ("2", seat, "inactive knight (not reversed): no defence, no action"),
        (hexmap.SEAT_LETTERS[1].upper(), seat + P.CITY + WALL, "a city with a wall (underlined)"),
        (METROPOLIS, seat + ACTIVE, "metropolis (a city of 4 VP)"),
        (MERCHANT, seat + ACTIVE, "the merchant: 2:1 for that hex's resource, 1 VP"),
    ]
