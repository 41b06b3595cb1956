"""Snapshots of the app's look: fixed seeds, fixed sizes, cursor blink off.

Regenerate on purpose with `pytest tests/tui/test_tui_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tui_saves
from textual.widgets import Input
from tui_keys import game_screen

from tui.app import CatanApp

SIZES = [(80, 24), (120, 40)]


async def _settle(pilot: Any) -> None:
    """Until the table's messages are drawn (however slow the machine), then blink off."""
    app = pilot.app
    for _ in range(500):
        screen = game_screen(app)
        if screen is None and app.screen.is_mounted:
            break
        if screen is not None and screen.view is not None and screen._latest is None:
            if screen.view.get("winner") is not None and not screen.dialog_open:
                await pilot.pause(0.01)
                continue
            client = screen.client
            if getattr(client, "pending", lambda: 0)() == 0:
                break
        await pilot.pause(0.01)
    await pilot.pause(0.1)
    await pilot.wait_for_scheduled_animations()
    for inp in app.screen.query(Input):
        inp.cursor_blink = False
    await pilot.pause()


def _app(tmp_path: Path, load: Path | None = None) -> CatanApp:
    return CatanApp(saves_dir=tmp_path / "saves", load=load, speed="instant")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_main_menu(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(_app(tmp_path), terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_new_game(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def before(pilot: Any) -> None:
        await pilot.press("n")
        await _settle(pilot)

    assert snap_compare(_app(tmp_path), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_base_midgame(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path, tui_saves.base_midgame(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_base_choosing_a_road(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def before(pilot: Any) -> None:
        await _settle(pilot)
        await pilot.press("d", "right")
        await _settle(pilot)

    app = _app(tmp_path, tui_saves.base_midgame(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_fleet_midgame(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path, tui_saves.fleet_sailing(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_fleet_choosing_a_move(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def before(pilot: Any) -> None:
        await _settle(pilot)
        await pilot.press("w")
        await _settle(pilot)

    app = _app(tmp_path, tui_saves.fleet_sailing(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_starfarers_midgame(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path, tui_saves.starfarers_midgame(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ck_midgame(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """Knights (active reversed, not), a walled metropolis, the merchant, the barbarian track."""
    app = _app(tmp_path, tui_saves.ck_midgame(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_starfarers_encounter(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path, tui_saves.starfarers_encounter(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path, tui_saves.base_finished(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_starfarers_game_over(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path, tui_saves.starfarers_finished(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("variant", ["first_game", "discoverer"])
def test_starfarers_space_map_first_turn(
    snap_compare: Any, tmp_path: Path, size: tuple[int, int], variant: str
) -> None:
    """The first game's board, and the discoverer's with every sector unexplored."""
    app = _app(tmp_path, tui_saves.starfarers_first_turn(tmp_path, variant))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_starfarers_space_map_stations(
    snap_compare: Any, tmp_path: Path, size: tuple[int, int], ascii: bool
) -> None:
    """Mid-game: trade stations at outposts, pirate bases or ice planets, ships in flight."""
    app = CatanApp(
        saves_dir=tmp_path / "saves",
        load=tui_saves.starfarers_stations(tmp_path),
        speed="instant",
        ascii=ascii,
    )
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_costs_card(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    """F3 in a game: the building-costs card over the board."""

    async def before(pilot: Any) -> None:
        await _settle(pilot)
        await pilot.press("f3")
        await _settle(pilot)

    app = _app(tmp_path, tui_saves.base_midgame(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=before)
