"""The supply trade's options start with a word, so a key and its label do not run
together: it showed "1 1 ore" and "1 3 fuel · you have 4" (key 1, then the amount)."""

from __future__ import annotations

from pathlib import Path

import tui_saves
from tui_keys import until, wait_for_decision

from tui.app import CatanApp
from tui.screens.dialogs.choice import ChoiceDialog


async def test_supply_trade_options_read_give_and_get(tmp_path: Path) -> None:
    save = tui_saves.bank_trade(tmp_path, "starfarers", 4)
    app = CatanApp(saves_dir=tmp_path, load=save, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "what to give")
        give = app.screen
        assert isinstance(give, ChoiceDialog)
        labels = [str(label) for label, _ in give.options]
        assert all(label.startswith("Give ") and " · you have " in label for label in labels)
        first = give.keys[0]
        assert first is not None
        await pilot.press(first)
        await until(pilot, lambda: app.screen is not give, "what to get")
        get = app.screen
        assert isinstance(get, ChoiceDialog)
        assert [str(label) for label, _ in get.options] == [
            f"Get 1 {action['get']}" for _, action in get.options
        ]
