"""The new-game form opens at its top on the ruleset, and names the base board as the CLI does."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from textual.containers import VerticalScroll
from textual.widgets import Label, Select

from tui.app import CatanApp
from tui.screens.new_game import NewGameScreen


async def _until(pilot: Any, test: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not test():
        await pilot.pause(0.01)
    assert test()


async def test_the_form_opens_at_its_top_on_the_ruleset(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await _until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(VerticalScroll).scroll_offset.y == 0
        focused = app.focused
        assert isinstance(focused, Select) and focused.id == "ruleset"
        labels = [str(label.render()) for label in screen.query(Label)]
        assert labels.index("Ruleset") < labels.index("Board")  # the CLI's --option board=...
        assert "Variant" not in labels
