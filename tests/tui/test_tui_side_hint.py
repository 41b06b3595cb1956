"""The idle line names the keys that scroll the side panels, when they overflow (80x24)."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from tui_keys import at_base_midgame, until

from tui.widgets.action_bar import ActionBar

HINT = "Your move. ↑↓ scroll the panels."


async def test_the_idle_line_names_the_scroll_keys_only_while_the_panels_overflow(
    tmp_path: Path,
) -> None:
    """Up and Down scroll the side panels outside a target, and the footer has no room to say
    so at 80 columns: the "Your move." line says it while something is below the fold."""
    async with at_base_midgame(tmp_path, (80, 24)) as (_, pilot, screen):
        bar = screen.query_one(ActionBar)
        side = screen.query_one("#side", VerticalScroll)
        assert screen.target is None and screen.legal
        assert side.max_scroll_y > 0, "at 80x24 the base game's panels overflow"
        await until(pilot, lambda: bar.status == HINT, f"the hint, not {bar.status!r}")
        # At 120x40 every panel fits: the line is the plain one again, and back at 80x24 the
        # hint returns (both by the resize alone, no new state from the table).
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: side.max_scroll_y == 0, "the panels to fit at 120x40")
        await until(pilot, lambda: bar.status == "Your move.", f"no hint, not {bar.status!r}")
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: bar.status == HINT, f"the hint again, not {bar.status!r}")


async def test_starfarers_side_panels_fit_at_120x40_with_the_medals_on_one_line(
    tmp_path: Path,
) -> None:
    """Seen at 120x40 (seed 41, the first roll of the person's first turn): the Trade panel's
    last row was scrolled out of the column, the row the half medals took under the fame
    medals. The medals share a line ("Fame medals: 0 + 1 half"), and the column fits."""
    import tui_saves
    from tui_keys import game_screen, wait_for_decision

    from tui.app import CatanApp
    from tui.widgets.equipment import EquipmentPanel

    game = tui_saves.play_until("starfarers", 41, tui_saves.human_to_act({"roll"}))
    player = game.view(0)["players"][0]
    assert (player["medals"], player["half_medals"]) == (0, 1)
    path = tui_saves.write(game, tmp_path)
    app = CatanApp(saves_dir=tmp_path, load=path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        side = screen.query_one("#side", VerticalScroll)
        panel = screen.query_one(EquipmentPanel).render().plain.split("\n")
        assert "Fame medals: 0 + 1 half" in panel
        assert not any(line.startswith("Half medals") for line in panel)
        await until(pilot, lambda: side.max_scroll_y == 0, "the side panels to fit at 120x40")
