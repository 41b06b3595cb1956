"""Esc on a choice says what it does: "Back" where other moves wait, "Later" where the choice
is the only decision there is (seen in play: after C&K's Inventor was played, "esc Back" read
as taking the card back; Esc only puts the choice away, its key opens it again)."""

from __future__ import annotations

from pathlib import Path

import tui_saves
from tui_keys import at_base_midgame, game_screen, until, wait_for_decision

from tui.app import CatanApp
from tui.widgets.action_bar import ActionBar


def _footer_keys(screen: object) -> dict[str, str]:
    """The footer's Esc entry, as Textual lists the screen's active bindings."""
    from textual.screen import Screen

    assert isinstance(screen, Screen)
    return {
        b.action: b.description
        for _, b, enabled, _ in screen.active_bindings.values()
        if b.key == "escape" and enabled
    }


async def test_esc_is_back_where_other_moves_wait(tmp_path: Path) -> None:
    """The base mid-game (seed 7): a road's edges chosen by d, other moves open: Back."""
    async with at_base_midgame(tmp_path, (80, 24)) as (_, pilot, screen):
        bar = screen.query_one(ActionBar)
        await pilot.press("d")
        await until(pilot, lambda: screen.target is not None, "the road's edges")
        assert ("esc", "Back") in bar.items
        assert _footer_keys(screen) == {"back": "Back"}
        await pilot.press("escape")
        await until(pilot, lambda: screen.target is None, "the choice put away")


async def test_esc_is_later_on_the_only_decision(tmp_path: Path) -> None:
    """Seed 12's setup: the first settlement is the only decision. Esc says Later, puts the
    choice away with the decision still to make, and its key opens it again."""
    game = tui_saves.play_until("base", 12, tui_saves.human_to_act({"build_settlement"}))
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        bar = screen.query_one(ActionBar)
        await until(pilot, lambda: screen.target is not None, "the setup's corners")
        assert bar.items == (("⏎", "Confirm"), ("esc", "Later"))
        assert _footer_keys(screen) == {"later": "Later"}
        await pilot.press("escape")
        await until(pilot, lambda: screen.target is None, "the choice put away")
        assert [c.key for c in screen.cmds] == ["s"]  # still to make
        assert screen.legal
        await pilot.press("s")
        await until(pilot, lambda: screen.target is not None, "the corners again")
