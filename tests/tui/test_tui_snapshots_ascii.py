"""Snapshots with `--ascii`: the game screen, the costs card and game over, at 80x24 and 120x40,
for both rulesets where they differ. A screenshot with `--ascii` is what the terminal shows:
ASCII only (borders, footer and scrollbars included).

Regenerate on purpose with `pytest tests/tui/test_tui_snapshots_ascii.py --snapshot-update`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import tui_saves
from test_tui_snapshots import _settle

from tui.app import CatanApp

SIZES = [(80, 24), (120, 40)]
IDS = [f"{w}x{h}" for w, h in SIZES]


def _app(tmp_path: Path, load: Path) -> CatanApp:
    return CatanApp(saves_dir=tmp_path / "saves", load=load, speed="instant", ascii=True)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_ascii_base_midgame(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path, tui_saves.base_midgame(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_ascii_starfarers_midgame(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path, tui_saves.starfarers_midgame(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_ascii_costs_card(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    async def before(pilot: Any) -> None:
        await _settle(pilot)
        await pilot.press("f3")
        await _settle(pilot)

    app = _app(tmp_path, tui_saves.base_midgame(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_ascii_game_over(snap_compare: Any, tmp_path: Path, size: tuple[int, int]) -> None:
    app = _app(tmp_path, tui_saves.base_finished(tmp_path))
    assert snap_compare(app, terminal_size=size, run_before=_settle)


def test_an_ascii_screenshot_is_ascii_only(tmp_path: Path) -> None:
    import asyncio

    async def shot() -> str:
        app = _app(tmp_path, tui_saves.base_midgame(tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await _settle(pilot)
            return app.export_screenshot()

    svg = asyncio.run(shot())
    assert all(ord(ch) < 128 for ch in svg)


MIDGAMES = {
    "base": tui_saves.base_midgame,
    "starfarers": tui_saves.starfarers_midgame,
    "ck": tui_saves.ck_midgame,
    "fleet": tui_saves.fleet_sailing,
}


@pytest.mark.parametrize("ruleset", list(MIDGAMES))
def test_no_glyph_of_an_ascii_screen_falls_to_a_question_mark(tmp_path: Path, ruleset: str) -> None:
    """Unknown glyphs become "?" under --ascii, which hid C&K's improvement bars ("?????");
    every glyph the app draws in each ruleset's mid-game has an ASCII face of its own."""
    import asyncio
    import html
    import re

    from textual.app import App

    from tui.ascii_output import TABLE

    async def shots() -> list[str]:
        out = []
        for size in SIZES:
            app = _app(tmp_path, MIDGAMES[ruleset](tmp_path))
            async with app.run_test(size=size) as pilot:
                await _settle(pilot)
                out.append(App.export_screenshot(app))  # before the ASCII filter
        return out

    drawn = "".join(
        html.unescape(text)
        for svg in asyncio.run(shots())
        for text in re.findall(r"<text [^>]*>([^<]*)</text>", svg)
    )
    faceless = {ch for ch in drawn if ord(ch) >= 128 and ord(ch) not in TABLE and ch != "\xa0"}
    assert not faceless, sorted(faceless)
