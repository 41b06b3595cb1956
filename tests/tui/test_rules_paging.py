"""F1's guide pages with one line of overlap: a page never skips a line.

Seen at 80x24: "…none with 10 or more." ended a page and the next began "with the
supply (m)…"; a page was the whole visible height, so the line between seemed lost.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from textual.containers import VerticalScroll
from tui_keys import until

from tui.app import CatanApp
from tui.screens.menu import MainMenuScreen
from tui.screens.rules import RulesScreen


async def test_a_page_down_keeps_the_last_line_of_the_page_before(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu")
        app.push_screen(RulesScreen("starfarers"))
        await until(pilot, lambda: bool(app.screen.query("#guide-box")), "the rules")
        box = app.screen.query_one("#guide-box", VerticalScroll)
        await until(pilot, lambda: box.max_scroll_y > 0, "the guide laid out")
        height = box.scrollable_content_region.height
        assert height > 10
        tops = [box.scroll_y]
        for key in ("pagedown", "space", "pagedown"):  # the box's own key and the screen's
            await pilot.press(key)
            await until(pilot, lambda: box.scroll_y != tops[-1], f"the page after {key}")
            tops.append(box.scroll_y)
        assert [b - a for a, b in pairwise(tops)] == [height - 1] * 3
        await pilot.press("pageup")
        await until(pilot, lambda: box.scroll_y != tops[-1], "the page before")
        assert box.scroll_y == tops[-2]


async def test_the_whole_log_pages_with_one_line_of_overlap_too(tmp_path: Path) -> None:
    """F6's whole log paged by a whole screen, as F1 once did: a line between pages was passed
    over. It pages as F1 now does, by the visible height less one line."""
    from rich.text import Text

    from tui.screens.dialogs.whole_log import PagedLog, WholeLogDialog

    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu")
        app.push_screen(WholeLogDialog([Text(f"line {n}") for n in range(200)]))
        await until(pilot, lambda: bool(app.screen.query(PagedLog)), "the whole log")
        log = app.screen.query_one(PagedLog)
        await until(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y > 0, "at its end")
        height = log.scrollable_content_region.height
        await pilot.press("home")
        await until(pilot, lambda: log.scroll_y == 0, "the top")
        tops = [log.scroll_y]
        for key in ("pagedown", "space", "pagedown"):
            await pilot.press(key)
            await until(pilot, lambda: log.scroll_y != tops[-1], f"the page after {key}")
            tops.append(log.scroll_y)
        assert [b - a for a, b in pairwise(tops)] == [height - 1] * 3
