"""The seat's hand: resource cards (and whatever else the ruleset gives the seat to hold)."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.fit import refresh_fitting
from tui.widgets.style import resource_style


class HandPanel(Widget):
    DEFAULT_CSS = """
    HandPanel { height: auto; border: round $secondary; padding: 0 1; }
    """

    view: reactive[dict[str, Any] | None] = reactive(None, always_update=True, repaint=False)

    def watch_view(self) -> None:
        self.border_title = self.title()
        refresh_fitting(self)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.whose: str | None = None
        """Whose hand is shown, when it is not the person's own (a replay seen as a bot)."""
        self.border_title = "Your hand"

    def title(self) -> str:
        if not (self.view or {}).get("me"):
            return "Hand"  # a spectator's view, or a replay seen as all
        return f"{self.whose}'s hand" if self.whose else "Your hand"

    def render(self) -> Group | Text:
        me = (self.view or {}).get("me")
        if not me:
            return Text("Watching.", style="dim")
        hand = me.get("hand") or me.get("resources") or {}
        chips = []
        total = 0
        for name, count in hand.items():
            if not isinstance(count, int):
                continue
            total += count
            chip = Text(f"{name} ", style=resource_style(name))
            chip.append(str(count), style="bold" if count else "dim")
            chips.append(chip)
        footer = Text(f"{total} card{'s' * (total != 1)}", style="dim")
        vp = me.get("vp")
        if vp is not None:
            footer.append(f" · {vp} VP in all", style="dim")
        # Columns wraps whole chips at the width it is rendered with (never a stale size).
        return Group(Columns(chips, padding=(0, 2)), footer)
