"""The keys of a screen that is read by scrolling (the rules, the whole log): one list."""

from __future__ import annotations

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
