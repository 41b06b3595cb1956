"""Notifications sit at the top of the screen: they never cover the actions or the footer."""

from __future__ import annotations

from pathlib import Path

import tui_saves
from textual.widgets._toast import Toast
from tui_keys import at_base_midgame, wait_for_decision

from tui.app import CatanApp
from tui.widgets.action_bar import ActionBar


async def test_a_notification_does_not_cover_the_actions(tmp_path: Path) -> None:
    async with at_base_midgame(tmp_path, (80, 24)) as (app, pilot, screen):
        app.notify("Saved to somewhere/with/a/long/name.json", timeout=30)
        await pilot.pause(0.3)
        toasts = list(app.screen.query(Toast))
        assert toasts
        actions = screen.query_one(ActionBar).region
        for toast in toasts:
            assert not toast.region.overlaps(actions)
            assert toast.region.y < app.size.height // 2


async def test_a_warning_repeated_by_a_key_shows_once(tmp_path: Path) -> None:
    """Enter pressed again and again in the discard dialog, short of cards chosen: one
    "Choose N more cards." toast, not a stack of copies over the board."""
    from tui.screens.dialogs.discard import DiscardDialog

    game = tui_saves.play_until("base", 11, tui_saves.human_to_act({"discard"}), min_actions=60)
    app = CatanApp(saves_dir=tmp_path / "saves", speed="instant")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert app.load_game(tui_saves.write(game, tmp_path))
        assert await wait_for_decision(pilot) == "dialog"
        assert isinstance(app.screen, DiscardDialog)
        await pilot.press("enter", "enter", "enter", "enter")
        await pilot.pause(0.2)
        warnings = [n.message for n in app._notifications if n.severity == "warning"]
        assert len(warnings) == 1 and warnings[0].startswith("Choose "), warnings
        app.notify("Something else", severity="warning")
        await pilot.pause()
        assert len([n for n in app._notifications if n.severity == "warning"]) == 2
