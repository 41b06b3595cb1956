"""The "terminal too small" message fits any terminal, down to 1x1; absurd sizes do not crash."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from engine.config import GameConfig
from tui.app import CatanApp
from tui.screens.too_small import message_for

_TEXT = re.compile(
    r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
    r'clip-path="url\(#[^"]*-line-(\d+)\)">([^<]*)</text>'
)


def screen_rows(app: CatanApp) -> list[str]:
    """The text of each row on screen, read from the app's own SVG screenshot."""
    rows: dict[int, list[tuple[float, str]]] = {}
    for x, row, text in _TEXT.findall(app.export_screenshot()):
        rows.setdefault(int(row), []).append((float(x), html.unescape(text)))
    return [
        "".join(t for _, t in sorted(parts)).replace("\xa0", " ").strip()
        for _, parts in sorted(rows.items())
    ]


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        ((60, 20), ["The terminal is 60x20.", "Catan needs at least 80x24:"]),
        ((30, 1), ["Too small: 30x1 < 80x24"]),
        ((20, 10), ["Too small:", "20x10 < 80x24"]),
        ((10, 3), ["80x24", "needed"]),
        ((5, 1), ["80x24"]),
        ((1, 1), ["!"]),
    ],
)
async def test_the_whole_message_is_visible(size: tuple[int, int], expected: list[str]) -> None:
    app = CatanApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TooSmallScreen"
        rows = [row for row in screen_rows(app) if row]
        for line in expected:
            assert line in rows, (line, rows)  # whole lines: nothing clipped
        assert rows == message_for(*size)


def test_every_size_gets_a_message_that_fits() -> None:
    for width in range(1, 90):
        for height in range(1, 30):
            lines = message_for(width, height)
            assert lines, (width, height)
            assert len(lines) <= height
            assert all(len(line) <= width for line in lines), (width, height, lines)
            assert "80x24" in "".join(lines) or lines == ["!"]


async def test_a_game_survives_1x1_and_2000x1000(tmp_path: Path) -> None:
    """Seed 5: the game screen under a 1x1 terminal, then a huge one; nothing crashes."""
    config = GameConfig("base", 4, 5, {})
    app = CatanApp(
        saves_dir=tmp_path, speed="instant", play=(config, ["human", "random", "random", "random"])
    )
    async with app.run_test(size=(1, 1)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TooSmallScreen"
        assert screen_rows(app) == ["!"]
        await pilot.resize_terminal(2000, 1000)
        await pilot.pause()
        await pilot.pause()
        assert type(app.screen).__name__ == "GameScreen"
        rows = screen_rows(app)
        assert len(rows) == 1000 and any(rows)
        await pilot.resize_terminal(10, 3)
        await pilot.pause()
        await pilot.pause()
        assert [row for row in screen_rows(app) if row] == ["80x24", "needed"]
