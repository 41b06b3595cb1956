"""Colours of the maps, defined once.

Seat colours exist twice on purpose: as Rich styles for the pure renderers
here, and as CSS class names for widgets, so the app's .tcss can restyle
seats and 256-colour terminals degrade through Textual's theme rather than
through hard-coded RGB in widgets. Everything is a ready-made `Style` object
so the renderers never parse style strings on the hot path.
"""

from __future__ import annotations

from rich.style import Style

SEAT_NAMES: tuple[str, ...] = ("red", "blue", "white", "orange")
SEAT_CSS_CLASSES: tuple[str, ...] = tuple(f"seat-{i}" for i in range(4))
SEAT_COLOURS: tuple[str, ...] = ("#e5323b", "#3d7be0", "#f2f2f2", "#f0902a")

SEAT_STYLES: tuple[Style, ...] = tuple(Style(color=c, bold=True) for c in SEAT_COLOURS)
# Pieces drawn as filled cells (roads) read better with the colour as background.
SEAT_FILL: tuple[Style, ...] = tuple(
    Style(color="#000000" if i >= 2 else "#ffffff", bgcolor=c, bold=True)
    for i, c in enumerate(SEAT_COLOURS)
)


def seat_style(seat: int) -> Style:
    """The style of `seat`'s pieces; unknown seats (more than 4) cycle the palette."""
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def seat_css_class(seat: int) -> str:
    """The CSS class a widget puts on anything drawn in `seat`'s colour."""
    return SEAT_CSS_CLASSES[seat % len(SEAT_CSS_CLASSES)]


# -- hex rulesets ---------------------------------------------------------------
TERRAIN_LETTERS: dict[str, str] = {
    "hills": "Hi",
    "forest": "Fo",
    "pasture": "Pa",
    "fields": "Fi",
    "mountains": "Mo",
    "desert": "De",
    "gold": "Go",
    "sea": "~~",
}
TERRAIN_BG: dict[str, str] = {
    "hills": "#9a4a22",
    "forest": "#1f5e2a",
    "pasture": "#5f9e35",
    "fields": "#b8962a",
    "mountains": "#62646b",
    "desert": "#a8946a",
    "gold": "#b89a10",
    "sea": "#163a66",
}
TERRAIN_STYLES: dict[str, Style] = {
    t: Style(color="#ffffff", bgcolor=bg, bold=True) for t, bg in TERRAIN_BG.items()
}
TERRAIN_FILL: dict[str, Style] = {t: Style(bgcolor=bg) for t, bg in TERRAIN_BG.items()}
UNKNOWN_TERRAIN = Style(color="#ffffff", bgcolor="#444444")
SEA_WAVES = Style(color="#7fa7d9", bgcolor=TERRAIN_BG["sea"])  # sea hexes of the grid: "~"

RESOURCE_LETTERS: dict[str, str] = {
    "brick": "Br",
    "lumber": "Lu",
    "wool": "Wo",
    "grain": "Gr",
    "ore": "Or",
    # Starfarers
    "carbon": "Ca",
    "fuel": "Fu",
    "food": "Fd",
    "goods": "Go",
}
RESOURCE_COLOURS: dict[str, str] = {
    "brick": "#c8602e",
    "lumber": "#3f9a4a",
    "wool": "#9fd66b",
    "grain": "#e8c53a",
    "ore": "#a9acb5",
    "carbon": "#8a8f99",
    "fuel": "#e0633a",
    "food": "#7fcf5a",
    "goods": "#c77be0",
}
RESOURCE_DISCS: dict[str, Style] = {
    r: Style(color="#000000", bgcolor=c, bold=True) for r, c in RESOURCE_COLOURS.items()
}

SEA = Style(bgcolor="#102a4c")
EDGE = Style(color="#d8d0b8")  # empty edges and vertices
CHIP = Style(color="#111111", bgcolor="#f1e3c0")
CHIP_HOT = Style(color="#c40000", bgcolor="#f1e3c0", bold=True)  # 6 and 8
PIPS = Style(color="#3a2a10")
PIPS_HOT = Style(color="#c40000", bold=True)
ROBBER = Style(color="#ffffff", bgcolor="#000000", bold=True)
SETTLEMENT = Style(bold=True)
CITY = Style(bold=True, reverse=True)  # a solid cell with the seat's letter: not a road block
HARBOUR = Style(color="#ffffff", bgcolor="#35506f", bold=True)
HARBOUR_DOCK = Style(color="#9fd0ff", bold=True)  # the two vertices a harbour serves

# -- highlights -----------------------------------------------------------------
LEGAL = Style(color="#000000", bgcolor="#4ee06a", bold=True)
CURSOR = Style(color="#000000", bgcolor="#ffe14d", bold=True, reverse=False, blink=False)
PATH = Style(color="#000000", bgcolor="#9fd8ff", bold=True)  # the points a flight passes
SELECTED = Style(color="#ffffff", bgcolor="#c02fc0", bold=True)  # the ship being flown

# -- Starfarers -----------------------------------------------------------------
SPACE = Style(bgcolor="#0b0f1e")
NEBULA = Style(bgcolor="#171029")  # a faint band; it has no effect on play
LANE = Style(color="#3e4866")  # the dots of open space
SITE = Style(color="#e8ecff", bold=True)  # a free colony site
SITE_CLOSED = Style(color="#6a6f80")  # a site no colony may take yet (a pirate base, ice beside)
HIDDEN = Style(color="#c0c0c0", bgcolor="#303848", bold=True)
PIRATE = Style(color="#ffffff", bgcolor="#8a1020", bold=True)
ICE = Style(color="#002030", bgcolor="#a8e0f0", bold=True)
OUTPOST = Style(color="#000000", bgcolor="#d0b060", bold=True)  # a civilisation's name
DOCK = Style(color="#d0b060")  # a free dock at an outpost
DOCK_FILLED = Style(bgcolor="#3b3214")
DOCKING_POINT = Style(color="#ffe9a0", bold=True)
HOME_NAME = Style(color="#ffffff", bold=True)
DISC_HIDDEN = Style(color="#ffffff", bgcolor="#555e70", bold=True)
TILE_POINT = Style(color="#8090b8")  # a point on a sector tile
TILE_HIDDEN = Style(color="#4a5468", bgcolor="#262c38")
TILE_HIDDEN_MARK = Style(color="#ffffff", bgcolor="#262c38", bold=True)
KEY_TEXT = Style(color="#a0a8c0")  # the words of the key under the map
# Sector tiles, one background per kind, so a tile reads as one shape.
TILE_STYLES: dict[str, Style] = {
    "home": Style(bgcolor="#2c2456"),
    "planetary": Style(bgcolor="#17305a"),
    "outpost": Style(bgcolor="#3b3214"),
    "empty": Style(bgcolor="#141a2c"),
}

# One letter per Starfarers resource, for the three-cell planet labels.
SPACE_RESOURCE_LETTERS: dict[str, str] = {
    "ore": "O",
    "fuel": "F",
    "carbon": "C",
    "food": "A",  # agriculture: F is taken by fuel
    "goods": "G",
}
