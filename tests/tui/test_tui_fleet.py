"""Catan Fleet in the app: a whole game with keys alone, a fleet move as one decision,
the held number chip shown to its owner only, save and resume."""

from __future__ import annotations

import time
from pathlib import Path

from tui_keys import game_screen, play_to_the_end

from engine.config import GameConfig
from tui.app import CatanApp
from tui.screens.dialogs.game_over import GameOverDialog

SEED = 3  # the seed's default Fleet game, as `catan play --ruleset fleet --seed 3`
SEATS = ["human", "random", "random"]


async def test_a_whole_fleet_game_with_keys_alone(tmp_path: Path) -> None:
    config = GameConfig("fleet", 3, SEED, {"vp_to_win": 8})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, SEATS))
    began = time.monotonic()
    async with app.run_test(size=(120, 40)) as pilot:
        steps = await play_to_the_end(pilot)
        assert isinstance(app.screen, GameOverDialog)
        over = app.screen.over
        assert over["winner"] is not None
        screen = game_screen(app)
        assert screen is not None
        print(f"{steps} decisions, {over['stats']['turns']} turns, {time.monotonic() - began:.1f}s")
