"""A terminal far larger than the game needs (300x100, as an SSH player's was)."""

from __future__ import annotations

from pathlib import Path

from tui_keys import at_base_midgame

from tui.widgets.map_view import MapView
from tui.widgets.scoreboard import Scoreboard


async def test_at_300_columns_the_panels_keep_a_readable_width_beside_the_centred_map(
    tmp_path: Path,
) -> None:
    """Seen over SSH at 300x100: the Scores panel stretched about 190 columns between a name
    and its VP. The side panels stop at 80 columns, and the map and panels sit together in
    the middle of the screen."""
    async with at_base_midgame(tmp_path, (300, 100)) as (_app, pilot, screen):
        await pilot.pause()
        side = screen.query_one("#side")
        board = screen.query_one(MapView)
        assert side.size.width == 80, side.size
        assert screen.query_one(Scoreboard).size.width <= 80
        left = board.region.x
        right = screen.size.width - (side.region.x + side.region.width)
        assert side.region.x == board.region.x + board.region.width  # side by side
        assert abs(left - right) <= 1, (left, right)  # centred together
        assert left > 50
