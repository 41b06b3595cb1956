"""Repaint a widget, re-laying out the screen only when its new content no longer fits.

Every view (each bot move) reaches every panel. Asking Textual for a layout
each time made the whole screen re-measure all widgets on every move, which
was most of the cost of a move on screen. A panel's box only has to change
when its measured content does: an auto height (hand, scoreboard, equipment,
offers) or an auto width (the map). Comparing the new measure with the box
it has now needs no remembered state, so a resize in between cannot fool it.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


def refresh_fitting(widget: Widget) -> None:
    widget.refresh()  # drops the cached render and measures
    if not widget.is_mounted or widget.content_size.width <= 0 or _outgrown(widget):
        widget.refresh(layout=True)


def text_rows(widget: Widget, text: Text, width: int) -> int:
    """The rows `text` takes in `widget` at `width` columns: what a panel whose text depends
    on its width answers the layout, which asks before the panel has that width."""
    return len(text.wrap(widget.app.console, max(1, width)))


def _outgrown(widget: Widget) -> bool:
    size = widget.content_size
    width, height = widget.styles.width, widget.styles.height
    if width is not None and width.is_auto and widget.get_content_width(size, size) != size.width:
        return True
    return bool(
        height is not None
        and height.is_auto
        and widget.get_content_height(size, size, size.width) != size.height
    )
