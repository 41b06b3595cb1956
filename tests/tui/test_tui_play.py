"""Pilot tests: whole games with keys alone, trading, save and continue."""

from __future__ import annotations

import time
from pathlib import Path

from tui_keys import play_to_the_end

from engine.config import GameConfig
from tui.app import CatanApp
from tui.screens.dialogs.game_over import GameOverDialog

SEATS = ["human", "random", "random", "random"]


async def test_a_whole_base_game_with_keys_alone(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 3, {}), SEATS))
    began = time.monotonic()
    async with app.run_test(size=(120, 40)) as pilot:
        steps = await play_to_the_end(pilot)
        assert isinstance(app.screen, GameOverDialog)
        over = app.screen.over
        assert over["winner"] is not None
        text = str(app.screen.query_one("#length").render())
        assert "turns" in text
        print(f"{steps} decisions, {over['stats']['turns']} turns, {time.monotonic() - began:.1f}s")
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainMenuScreen"
