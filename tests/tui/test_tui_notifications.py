"""Notifications sit at the top of the screen: they never cover the actions or the footer."""

from __future__ import annotations

from pathlib import Path

import tui_saves
from textual.widgets._toast import Toast
from tui_keys import game_screen, wait_for_decision

from tui.app import CatanApp
from tui.widgets.action_bar import ActionBar


async def test_a_notification_does_not_cover_the_actions(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert app.load_game(tui_saves.base_midgame(tmp_path))
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        app.notify("Saved to somewhere/with/a/long/name.json", timeout=30)
        await pilot.pause(0.3)
        toasts = list(app.screen.query(Toast))
        assert toasts
        actions = screen.query_one(ActionBar).region
        for toast in toasts:
            assert not toast.region.overlaps(actions)
            assert toast.region.y < app.size.height // 2
