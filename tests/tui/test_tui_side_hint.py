"""The idle line names the keys that scroll the side panels, when they overflow (80x24)."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from tui_keys import at_base_midgame, until

from tui.widgets.action_bar import ActionBar

HINT = "Your move. ↑↓ scroll the panels."


async def test_the_idle_line_names_the_scroll_keys_only_while_the_panels_overflow(
    tmp_path: Path,
) -> None:
    """Up and Down scroll the side panels outside a target, and the footer has no room to say
    so at 80 columns: the "Your move." line says it while something is below the fold."""
    async with at_base_midgame(tmp_path, (80, 24)) as (_, pilot, screen):
        bar = screen.query_one(ActionBar)
        side = screen.query_one("#side", VerticalScroll)
        assert screen.target is None and screen.legal
        assert side.max_scroll_y > 0, "at 80x24 the base game's panels overflow"
        await until(pilot, lambda: bar.status == HINT, f"the hint, not {bar.status!r}")
        # At 120x40 every panel fits: the line is the plain one again, and back at 80x24 the
        # hint returns (both by the resize alone, no new state from the table).
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: side.max_scroll_y == 0, "the panels to fit at 120x40")
        await until(pilot, lambda: bar.status == "Your move.", f"no hint, not {bar.status!r}")
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: bar.status == HINT, f"the hint again, not {bar.status!r}")
