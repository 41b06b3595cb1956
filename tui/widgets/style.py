"""Seat colours for widgets: Rich styles from the renderers' palette, CSS classes per seat."""

from __future__ import annotations

from rich.style import Style

_FALLBACK = ("#e5323b", "#3d7be0", "#f2f2f2", "#f0902a")

RESOURCE_STYLE = {
    "brick": "#d2691e",
    "lumber": "#3aa655",
    "wool": "#9be37a",
    "grain": "#f2c94c",
    "ore": "#9aa0a6",
    "carbon": "#9aa0a6",
    "food": "#9be37a",
    "fuel": "#f2994a",
    "goods": "#bb6bd9",
    "trade": "#56ccf2",
    # Cities & Knights' commodities: paper (forest), cloth (pasture), coin (mountains)
    "paper": "#e8dcc0",
    "cloth": "#c58be8",
    "coin": "#ffd75f",
}


def seat_style(seat: int) -> Style:
    try:
        from tui.render.palette import seat_style as render_style

        return render_style(seat)
    except Exception:
        return Style(color=_FALLBACK[seat % 4], bold=True)


def resource_style(name: str) -> str:
    return RESOURCE_STYLE.get(name, "")
