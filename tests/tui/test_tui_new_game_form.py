"""The new-game form opens at its top on the ruleset, and names the base board as the CLI does."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from textual.containers import VerticalScroll
from textual.widgets import Label, Select
from tui_keys import until

from tui.app import CatanApp
from tui.screens.new_game import NewGameScreen


@asynccontextmanager
async def at_the_form(tmp_path: Path, **kwargs: Any) -> AsyncIterator[tuple[CatanApp, Any]]:
    """The app at 80x24 on the new-game form, opened from the menu with `n`."""
    app = CatanApp(saves_dir=tmp_path, **kwargs)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game form opens")
        yield app, pilot


async def test_the_form_opens_at_its_top_on_the_ruleset(tmp_path: Path) -> None:
    async with at_the_form(tmp_path) as (app, pilot):
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(VerticalScroll).scroll_offset.y == 0
        focused = app.focused
        assert isinstance(focused, Select) and focused.id == "ruleset"
        labels = [str(label.render()) for label in screen.query(Label)]
        assert labels.index("Ruleset") < labels.index("Board")  # the CLI's --option board=...
        assert "Variant" not in labels


async def test_every_rulesets_form_fits_an_80x24_screen_without_scrolling(tmp_path: Path) -> None:
    """One line a field: choosing the ruleset by keys, each form shows all of itself, Start too."""
    from textual.widgets import Button

    async with at_the_form(tmp_path) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        for ruleset in screen.rulesets:
            screen.query_one("#ruleset", Select).value = ruleset
            await until(
                pilot,
                lambda r=ruleset: screen.query_one("#ruleset", Select).value == r,
                f"the ruleset shows {ruleset}",
            )
            await pilot.pause()
            form = screen.query_one("#form", VerticalScroll)
            assert form.max_scroll_y == 0, f"{ruleset}: the form scrolls by {form.max_scroll_y}"
            start = screen.query_one("#start", Button).region
            assert start.bottom <= 23, f"{ruleset}: Start ends on row {start.bottom}"


async def test_choosing_a_ruleset_keeps_the_focus_on_it_and_marks_its_row(tmp_path: Path) -> None:
    """The form is drawn again for a new ruleset; the keys go on from the ruleset's row."""
    async with at_the_form(tmp_path) as (app, pilot):
        screen = app.screen

        def current_rows() -> list[str]:
            return [str(row.query_one(Label).render()) for row in screen.query(".row.-current")]

        await until(pilot, lambda: current_rows() == ["Ruleset"], "the ruleset's row is marked")
        await pilot.press("enter", "down", "enter")  # open the list, one down: Starfarers
        await until(
            pilot,
            lambda: screen.query_one("#ruleset", Select).value == "starfarers",
            "Starfarers is chosen",
        )
        await until(
            pilot, lambda: current_rows() == ["Ruleset"], "the ruleset's row is marked again"
        )
        focused = app.focused
        assert isinstance(focused, Select) and focused.id == "ruleset"
        await pilot.press("tab")  # to Starfarers' first option
        await until(pilot, lambda: current_rows() == ["Variant"], "the Variant row is marked")


async def test_the_seats_start_as_you_and_the_default_bot(tmp_path: Path) -> None:
    from ai.registry import DEFAULT_BOT

    async with at_the_form(tmp_path) as (app, _):
        seats = [s.value for s in app.screen.query(".seat").results(Select)]
        assert seats == ["human", DEFAULT_BOT, DEFAULT_BOT, DEFAULT_BOT]
        assert DEFAULT_BOT == "value"


async def test_enter_after_typing_a_seed_starts_the_game(tmp_path: Path) -> None:
    from textual.widgets import Input

    from tui.screens.game import GameScreen

    async with at_the_form(tmp_path, speed="instant") as (app, pilot):
        app.screen.query_one("#seed", Input).focus()
        await pilot.press("4", "2", "enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game starts")
        assert app.local is not None and app.local.game.config.seed == 42


async def test_a_variant_says_what_it_changes_under_its_row(tmp_path: Path) -> None:
    """Seen in play: First game / Strategic / Discoverer / Wild space had no descriptions (a
    tooltip, for a mouse only). Under the Variant row, what the chosen one means; another
    chosen, its own. The base game's board says the same of its two."""
    from tui.option_words import CHOICE_HELP

    async with at_the_form(tmp_path) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, NewGameScreen)

        def about(name: str) -> str:
            found = screen.query(f"#about-{name}")
            return str(found.first(Label).render()) if found else ""

        assert about("board") == CHOICE_HELP["board", "random"]
        screen.query_one("#ruleset", Select).value = "starfarers"
        await until(pilot, lambda: about("variant") != "", "the variant's words")
        assert about("variant") == CHOICE_HELP["variant", "first_game"]
        await pilot.press("tab")  # the ruleset's row, then the variant's, by keys
        await until(pilot, lambda: app.focused is screen.query_one("#opt-variant"), "Variant")
        await pilot.press("enter", "down", "down", "enter")  # First game, Strategic, Discoverer
        await until(
            pilot,
            lambda: about("variant") == CHOICE_HELP["variant", "discoverer"],
            "the discoverer's words",
        )
        assert "face down" in about("variant")
