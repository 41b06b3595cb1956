"""The keys of a screen that is read by scrolling (the rules, the whole log): one list."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding


def scroll_bindings() -> list[Binding]:
    """Arrows, PgUp / PgDn (and Space), Home and End, for the screen's `action_scroll`."""
    return [
        Binding("up", "scroll('up')", "Scroll", show=False),
        Binding("down", "scroll('down')", "Scroll", show=False),
        Binding("pageup", "scroll('page_up')", "Page up", show=False),
        Binding("pagedown,space", "scroll('page_down')", "Page down"),
        Binding("home", "scroll('home')", "Top", show=False),
        Binding("end", "scroll('end')", "End", show=False),
    ]


class OverlapPaging:
    """PgUp / PgDn by the visible height less one line, for a scrolling widget: the last line
    of a page is the first of the next, so no line is ever passed over (seen in F1 at 80x24:
    a page ended "…none with 10 or more." and the next began a line later)."""

    def page(self, pages: int) -> None:
        box: Any = self
        step = max(1, box.scrollable_content_region.height - 1)
        box.scroll_to(y=box.scroll_y + pages * step, animate=False)

    def action_page_down(self) -> None:
        self.page(1)

    def action_page_up(self) -> None:
        self.page(-1)
