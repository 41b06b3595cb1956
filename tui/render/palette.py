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
RESOURCE_STYLES: dict[str, Style] = {
    r: Style(color=c, bold=True) for r, c in RESOURCE_COLOURS.items()
}
RESOURCE_DISCS: dict[str, Style] = {
    r: Style(color="#000000", bgcolor=c, bold=True) for r, c in RESOURCE_COLOURS.items()
}

SEA = Style(bgcolor="#102a4c")
SEA_TEXT = Style(color="#7fa7d9", bgcolor="#102a4c")
EDGE = Style(color="#d8d0b8")  # empty edges and vertices
CHIP = Style(color="#111111", bgcolor="#f1e3c0")
CHIP_HOT = Style(color="#c40000", bgcolor="#f1e3c0", bold=True)  # 6 and 8
PIPS = Style(color="#3a2a10")
PIPS_HOT = Style(color="#c40000", bold=True)
ROBBER = Style(color="#ffffff", bgcolor="#000000", bold=True)
HARBOUR = Style(color="#ffffff", bgcolor="#35506f", bold=True)
HARBOUR_DOCK = Style(color="#9fd0ff", bold=True)  # the two vertices a harbour serves

# -- highlights -----------------------------------------------------------------
LEGAL = Style(color="#000000", bgcolor="#4ee06a", bold=True)
CURSOR = Style(color="#000000", bgcolor="#ffe14d", bold=True, reverse=False, blink=False)

# -- Starfarers -----------------------------------------------------------------
SPACE = Style(bgcolor="#0b0f1e")
NEBULA = Style(color="#5b3b7a", bgcolor="#1a1230")
LANE = Style(color="#6a7aa0")  # lanes and empty points
SITE = Style(color="#c0c8e0", bold=True)
SECTOR_FACE = Style(bgcolor="#18203a")
HIDDEN = Style(color="#c0c0c0", bgcolor="#303848", bold=True)
PIRATE = Style(color="#ffffff", bgcolor="#8a1020", bold=True)
ICE = Style(color="#002030", bgcolor="#a8e0f0", bold=True)
OUTPOST = Style(color="#000000", bgcolor="#d0b060", bold=True)
DOCK = Style(color="#d0b060")

# One letter per Starfarers resource, for the three-cell planet labels.
SPACE_RESOURCE_LETTERS: dict[str, str] = {
    "ore": "O",
    "fuel": "F",
    "carbon": "C",
    "food": "A",  # agriculture: F is taken by fuel
    "goods": "G",
}
