"""The key under the hex map (base game, Cities & Knights): shown where the screen has a row."""

from __future__ import annotations

from pathlib import Path

import pytest
import tui_saves
from tui_keys import game_screen, wait_for_decision

from tui.app import CatanApp
from tui.render import hexmap, hexmap_ck
from tui.widgets.map_view import MapView


@pytest.mark.parametrize("ruleset", ["base", "ck"])
async def test_the_key_under_the_hex_map_shows_at_120x40_and_not_at_80x24(
    ruleset: str, tmp_path: Path
) -> None:
    """At 120x40 rows under the whole map name the pieces, C&K's own first (a knight is a
    digit, reversed when active; "M" a metropolis; "$" the merchant); F1 has the whole key.
    The compact map at 80x24 has no row to spare and draws none."""
    save = tui_saves.base_midgame if ruleset == "base" else tui_saves.ck_midgame
    strip = (hexmap if ruleset == "base" else hexmap_ck).key_strip().plain.split("\n")
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.load_game(save(tmp_path))
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and not screen.has_class("compact")
        map_view = screen.query_one(MapView)
        drawn = map_view.render().plain.split("\n")
        # as many of the key's lines as the rows under the map allow, the first at least
        # (C&K's log yields a row to its side column, and there both lines fit)
        shown = sum(1 for line in drawn if line in strip)
        assert shown >= 1 and drawn[-shown:] == strip[:shown], drawn[-3:]
        assert len(drawn) <= map_view.content_size.height
        width = map_view.layout_of().width
        assert all(len(line) <= width for line in strip), (width, strip)
        if ruleset == "ck":
            assert strip[0].startswith("1 knight  2 inactive  B underlined: wall"), strip
        assert strip[-1] == "r settlement  R city  X robber  ◦ harbour corner  F1 the whole key"
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen.has_class("compact")
        assert not set(strip) & set(map_view.render().plain.split("\n"))
