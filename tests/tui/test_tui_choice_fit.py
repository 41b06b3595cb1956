"""A choice with a long story (a Starfarers encounter) still shows its options and keys."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, OptionList

from tui.screens.dialogs.choice import ChoiceDialog

STORY = " ".join(["A long story of pirates, traders and a ship adrift in the dark."] * 24)


class _Host(App[None]):
    picked: list[object] = []

    def on_mount(self) -> None:
        options = [(f"Option {i}", i) for i in range(14)]
        self.push_screen(ChoiceDialog("An encounter", options, STORY), self.picked.append)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_long_body_leaves_the_options_and_the_key_line_on_screen(
    size: tuple[int, int],
) -> None:
    """The body once pushed the list and "↑↓ choose · Enter confirm" below an 80x24 screen."""
    app = _Host()
    app.picked = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        box = dialog.query_one(Vertical).region
        assert box.y >= 0 and box.bottom <= size[1], f"the dialog runs off: {box}"
        options = dialog.query_one(OptionList)
        hint = dialog.query_one("#hint", Label)
        assert options.region.height >= 5 and hint.region.bottom <= box.bottom
        story = dialog.query_one("#body-box", VerticalScroll)
        assert story.max_scroll_y > 0  # the story scrolls instead
        assert options.has_focus
        await pilot.press("tab", "end")  # to the story, to its end
        await pilot.pause()
        assert story.has_focus and story.scroll_y == story.max_scroll_y
        await pilot.press("shift+tab")  # back to the options
        # The list still reaches its last option by keys, moving with the highlight.
        await pilot.press("end", "enter")
        await pilot.pause()
        assert app.picked == [13]


async def test_a_short_body_is_not_a_stop_for_tab() -> None:
    class Short(App[None]):
        def on_mount(self) -> None:
            self.push_screen(ChoiceDialog("Leave?", [("Yes", 1), ("No", 0)], "The game is kept."))

    app = Short()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert options.has_focus
        await pilot.press("tab")
        await pilot.pause()
        assert options.has_focus  # nothing else to go to: the story shows all of itself
