"""The seat's hand: resource cards (and whatever else the ruleset gives the seat to hold)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.style import resource_style


class HandPanel(Widget):
    DEFAULT_CSS = """
    HandPanel { height: auto; border: round $secondary; padding: 0 1; }
    """

    view: reactive[dict[str, Any] | None] = reactive(None, always_update=True)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.border_title = "Your hand"

    def render(self) -> Text:
        me = (self.view or {}).get("me")
        if not me:
            return Text("Watching.", style="dim")
        hand = me.get("hand") or me.get("resources") or {}
        text = Text()
        total = 0
        width = max(12, self.size.width)
        x = 0
        for name, count in hand.items():
            if not isinstance(count, int):
                continue
            total += count
            chip = len(name) + len(str(count)) + 3
            if x and x + chip > width:
                text.append("\n")
                x = 0
            text.append(f"{name} ", style=resource_style(name))
            text.append(f"{count}  ", style="bold" if count else "dim")
            x += chip
        text.append(f"\n{total} cards", style="dim")
        vp = me.get("vp")
        if vp is not None:
            text.append(f" · {vp} VP in all", style="dim")
        return text
