"""A solo game has nobody to talk to: no chat key, and "/" does nothing."""

from __future__ import annotations

from pathlib import Path

from tui_keys import game_screen, wait_for_decision

from engine.config import GameConfig
from tui.app import CatanApp
from tui.widgets.key_footer import KeyFooter

SEED = 3


async def test_a_solo_game_offers_no_chat(tmp_path: Path) -> None:
    config = GameConfig("base", 4, SEED, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, ["human", *["random"] * 3]))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.view is not None and not screen.chat_open
        assert "Chat" not in [item.description for item in screen.query_one(KeyFooter).items]
        stack = len(app.screen_stack)
        await pilot.press("slash")
        await pilot.pause()
        assert len(app.screen_stack) == stack  # no chat line opened
