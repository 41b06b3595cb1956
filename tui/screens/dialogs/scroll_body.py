"""A pop-up whose body may be taller than the screen (the game-over story, the costs card).

The body is the pop-up's one `VerticalScroll`, focused, so the arrows, PgUp/PgDn and
Home/End read it; the key line (a `Label` of class ``hint``) sits below it, outside
what scrolls, and names the scroll keys only while the body has more than it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label

from tui.screens.dialogs.answer_once import AnswerOnce

ResultT = TypeVar("ResultT")

SCROLL_KEYS = "↑↓ scroll"


def keys_line(keys: list[str], scrolls: bool) -> str:
    """`keys` joined by " · ", then the scroll keys when the body scrolls."""
    return " · ".join([*keys, SCROLL_KEYS] if scrolls else keys)


def focus_body(screen: Screen[Any], keys: Callable[[bool], str]) -> None:
    """On mount: the body takes the focus; the key line is set once the layout is known."""
    screen.query_one(VerticalScroll).focus()
    screen.call_after_refresh(show_keys, screen, keys)


def show_keys(screen: Screen[Any], keys: Callable[[bool], str]) -> None:
    """The body fitted to the screen and the key line for it as laid out now (call it again
    after a resize or a line added). Nothing when the pop-up closed before the refresh it
    waited for (its widgets are gone)."""
    bodies, hints = screen.query(VerticalScroll), screen.query(".hint")
    if not bodies or not hints:
        return
    body = bodies.first()
    room = fit_body(screen, body)
    # The body's content against the rows it may take (its scroll range lags a new cap)
    scrolls = body.virtual_size.height > room if room else body.max_scroll_y > 0
    hints.first(Label).update(keys(scrolls))


def fit_body(screen: Screen[Any], body: VerticalScroll) -> int:
    """Cap the body's height so that the lines around it (the headline, a record line added
    later, the key line) stay on the screen; the rows it may take (0: not known yet). At
    80x24 the won game's record line pushed the key line off the bottom: nothing said how
    to leave."""
    box = body.parent
    if not isinstance(box, Widget) or not screen.size.height:
        return 0
    others = sum(c.outer_size.height for c in box.children if c is not body)
    room = max(3, screen.size.height - 1 - box.gutter.height - others)
    body.styles.max_height = room
    return room


class ScrollBodyDialog(AnswerOnce[ResultT]):
    """A pop-up of this kind: its body focused on mount, its key line kept right on resize.

    A subclass names its keys (`key_names`) and writes its key line with `key_line(False)`;
    its own `on_mount`, if any, runs as well (Textual calls each class's handler).
    """

    def key_names(self) -> list[str]:
        """The pop-up's keys, before the scroll keys."""
        raise NotImplementedError

    def key_line(self, scrolls: bool) -> str:
        return keys_line(self.key_names(), scrolls)

    def on_mount(self) -> None:
        focus_body(self, self.key_line)

    def on_resize(self) -> None:
        self.call_after_refresh(show_keys, self, self.key_line)
