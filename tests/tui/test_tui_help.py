"""Help for players: F1 shows the player guide of the game's ruleset, F3 the costs card,
the menu's Rules asks which game, and `catan rules` prints the same guide.
"""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import tui_saves
from textual.widgets import Static
from tui_keys import game_screen, until, wait_for_decision

from tui import rules
from tui.app import CatanApp
from tui.cli import main
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.costs import CostsDialog
from tui.screens.menu import MainMenuScreen
from tui.screens.rules import RulesScreen

SPEC_ONLY = "edge cases that tests must cover"
# A phrase of each player guide, and one of its map key (tui/render/legend.py).
GUIDE = {
    "base": ("The first player with 10 victory points", "number chip; 6 and 8 in red"),
    "starfarers": ("shake the mothership", "pirate base, strength 5: beat it with cannons"),
    "ck": ("The first player with 13 victory points", "inactive knight (not reversed)"),
    "fleet": ("The first player with 12 victory points", "islet VP chip, nobody's"),
}
SAVES = {
    "base": tui_saves.base_midgame,
    "starfarers": tui_saves.starfarers_midgame,
    "ck": tui_saves.ck_midgame,
    "fleet": tui_saves.fleet_sailing,
}


@asynccontextmanager
async def at_saved(
    tmp_path: Path, ruleset: str, size: tuple[int, int]
) -> AsyncIterator[tuple[CatanApp, Any]]:
    """The app at `size` on `ruleset`'s mid-game save, at the person's decision."""
    app = CatanApp(saves_dir=tmp_path, load=SAVES[ruleset](tmp_path), speed="instant")
    async with app.run_test(size=size) as pilot:
        await wait_for_decision(pilot)
        yield app, pilot


async def _leave_question(app: CatanApp, pilot: Any) -> ChoiceDialog:
    """q's "Leave this game?": a pop-up over the game, for the keys that work over one."""
    await pilot.press("q")
    await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "the question")
    assert isinstance(app.screen, ChoiceDialog)
    return app.screen


def _render(renderable: Any, width: int = 100) -> str:
    from rich.console import Console

    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return " ".join(console.export_text().split())  # words, whatever the wrapping


def test_no_spec_in_the_guides_and_each_has_its_map_key() -> None:
    assert rules.names() == ["base", "starfarers", "ck", "fleet"]
    for ruleset, (phrase, key_phrase) in GUIDE.items():
        shown = _render(rules.renderable(ruleset))
        assert phrase in shown and key_phrase in shown
        assert SPEC_ONLY not in shown.lower() and "[S]" not in shown and "(q, r)" not in shown


@pytest.mark.parametrize("ruleset", ["base", "starfarers", "ck", "fleet"])
def test_every_heading_of_the_guide_has_a_blank_line_above(ruleset: str) -> None:
    """Seen in F1 at 80 columns: "Keys" right under the costs card's last row and "Reading
    the map" right under the keys' last line (the guide is drawn in parts, each ending on
    its last line). Every heading of the guide stands after a blank line."""
    from rich.console import Console

    console = Console(width=80, record=True, color_system=None, file=io.StringIO())
    console.print(rules.renderable(ruleset))
    lines = console.export_text().splitlines()
    headings = {"Keys", "Reading the map"}
    seen = [i for i, line in enumerate(lines) if line.strip() in headings]
    assert len(seen) == 2, seen
    for i in seen:
        assert i > 0 and not lines[i - 1].strip(), (ruleset, lines[i - 2 : i + 1])


@pytest.mark.parametrize("ruleset", ["base", "starfarers", "ck", "fleet"])
async def test_f1_opens_the_player_guide_of_the_games_ruleset(tmp_path: Path, ruleset: str) -> None:
    async with at_saved(tmp_path, ruleset, (120, 40)) as (app, pilot):
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        assert app.screen.ruleset == ruleset
        shown = _render(rules.renderable(ruleset))
        guide = app.screen.query_one("#guide", Static)
        assert _render(guide.content) == shown  # the screen draws the guide...
        phrase, key_phrase = GUIDE[ruleset]
        assert phrase in shown and key_phrase in shown  # ...with its map key
        assert SPEC_ONLY not in shown.lower()
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is game_screen(app), "the game")


async def test_f1_works_inside_a_dialog_over_the_game(tmp_path: Path) -> None:
    """F1 in a pop-up (here q's 'Leave this game?') opens the guide; Esc returns to the pop-up."""
    async with at_saved(tmp_path, "starfarers", (80, 24)) as (app, pilot):
        dialog = await _leave_question(app, pilot)
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        assert app.screen.ruleset == "starfarers"
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is dialog, "the question again")


async def test_f2_inside_a_dialog_changes_the_speed_the_footer_under_it_shows(
    tmp_path: Path,
) -> None:
    """F2 over a pop-up turns the bots' speed, as on the game; the pop-up stays open."""
    async with at_saved(tmp_path, "base", (120, 40)) as (app, pilot):
        before = app.speed
        dialog = await _leave_question(app, pilot)
        await pilot.press("f2")
        await until(pilot, lambda: app.speed != before, "the speed to change")
        assert game_screen(app).speed == app.speed
        assert app.screen is dialog


async def test_the_palette_finds_the_screens_commands_as_well_as_the_moves(
    tmp_path: Path,
) -> None:
    """F1 says Ctrl+P gives every move and command by name: "rules" or "save" found nothing.
    Typed in the palette, "rules" opens the guide; a move of the moment is offered too."""
    from textual.command import CommandPalette

    async with at_saved(tmp_path, "base", (120, 40)) as (app, pilot):
        screen = game_screen(app)
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"rules")
        await until(
            pilot,
            lambda: "Rules of this game (F1)" in _palette_lines(app),
            "the rules offered",
        )
        # each with a line on what it opens (each said only "Command", seen in play)
        lines = _palette_lines(app).split("\n")
        assert "The rules, the map's key and every key of this screen" in lines, lines
        assert "Command" not in lines
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the game")
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"end")
        await until(pilot, lambda: "End the turn (e)" in _palette_lines(app), "the move offered")
        # Textual's own Quit left the game at once, past "Leave this game?": in a game, the
        # palette offers the game's way out, which asks
        await pilot.press(*(["backspace"] * 3), *"quit")
        await until(pilot, lambda: "Back to the menu (q)" in _palette_lines(app), "the way out")
        assert "Quit" not in _palette_lines(app).split("\n")


async def test_the_palette_over_a_pop_up_offers_the_games_help_and_no_hard_quit(
    tmp_path: Path,
) -> None:
    """Seen in play: Ctrl+P over a pop-up listed Keys, Quit, Screenshot and Theme, and its
    Quit left the game at once. Over a pop-up on the game it offers the help its keys open
    there (rules, costs, dice, the whole log), and no Quit."""
    from textual.command import CommandPalette

    async with at_saved(tmp_path, "base", (80, 24)) as (app, pilot):
        dialog = await _leave_question(app, pilot)
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"quit")
        await pilot.pause()
        assert "Quit" not in _palette_lines(app).split("\n")
        await pilot.press(*(["backspace"] * 4), *"dice")
        await until(
            pilot, lambda: "Dice rolled so far (F4)" in _palette_lines(app), "the dice offered"
        )
        lines = _palette_lines(app).split("\n")
        assert "How often each number has come up this game" in lines, lines
        await pilot.press(*(["backspace"] * 4), *"rules")
        await until(
            pilot, lambda: "Rules of this game (F1)" in _palette_lines(app), "the rules offered"
        )
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is dialog, "the question again")


def _palette_lines(app: Any) -> str:
    from textual.widgets import OptionList as Options

    found = app.screen.query(Options)
    if not found:
        return ""
    options = found.first()
    return "\n".join(
        str(options.get_option_at_index(i).prompt) for i in range(options.option_count)
    )


@pytest.mark.parametrize("ruleset", ["base", "starfarers"])
async def test_f3_shows_the_costs_card(tmp_path: Path, ruleset: str) -> None:
    expected = {
        "base": ["City", "2 grain + 3 ore", "Road", "1 brick + 1 lumber", "Development card"],
        "starfarers": ["Colony ship", "1 ore + 1 fuel + 1 carbon + 1 food", "Booster", "2 fuel"],
    }
    async with at_saved(tmp_path, ruleset, (120, 40)) as (app, pilot):
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, CostsDialog), "the costs card")
        card = _render(app.screen.query_one("#costs", Static).content)
        for words in expected[ruleset]:
            assert words in card
        card_screen = app.screen
        await pilot.press("f1")  # the card says "F1 all the rules"
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is card_screen, "the card again")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is game_screen(app), "the game")


async def test_the_menus_rules_asks_which_game(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu")
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "the choice")
        labels = [str(label) for label, _ in app.screen.options]
        assert labels == [
            "Catan (base game)",
            "Catan: Starfarers",
            "Catan: Cities & Knights",
            "Catan Fleet",
        ]
        await pilot.press("down", "enter")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        assert app.screen.ruleset == "starfarers"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu")


def test_catan_rules_prints_the_player_guide(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "base"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Catan: how to play")
    assert "| Settlement | 1 brick + 1 lumber + 1 wool + 1 grain |" in out
    assert "| F3 | the building-costs card |" in out
    assert "Reading the map" in out and SPEC_ONLY not in out.lower()
    assert main(["rules", "seafarers"]) == 2  # no such game: the message lists those there are
    assert "choose one of: base, starfarers, ck, fleet" in capsys.readouterr().err


async def test_f3_and_f6_work_inside_a_discard_over_the_game(tmp_path: Path) -> None:
    """Choosing what to discard on a 7 is when the costs matter; F3 shows the card over the
    discard, F6 the whole log; Esc (or the key again) returns to the same discard."""
    from tui.screens.dialogs.discard import DiscardDialog
    from tui.screens.dialogs.whole_log import WholeLogDialog

    game = tui_saves.play_until("base", 11, tui_saves.human_to_act({"discard"}), min_actions=60)
    app = CatanApp(saves_dir=tmp_path / "saves", speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.load_game(tui_saves.write(game, tmp_path))
        assert await wait_for_decision(pilot) == "dialog"
        discard = app.screen
        assert isinstance(discard, DiscardDialog)
        await pilot.press("right")  # one card chosen: kept while the card is looked at
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, CostsDialog), "the costs card")
        assert "2 grain + 3 ore" in _render(app.screen.query_one("#costs", Static).content)
        await pilot.press("f3")  # F3 closes the card again, not a second card
        await until(pilot, lambda: app.screen is discard, "the discard again")
        await pilot.press("f6")
        await until(pilot, lambda: isinstance(app.screen, WholeLogDialog), "the whole log")
        lines = [entry.plain for entry in app.screen.entries]
        assert lines[-1].startswith("— Game resumed") and any("Seven!" in x for x in lines)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is discard, "the discard again")
        assert sum(discard.chosen.values()) == 1


async def test_the_costs_card_scrolls_under_its_keys_at_80x24(tmp_path: Path) -> None:
    """C&K's card (walls, knights, the three tracks) is taller than 24 rows: it ran off the
    screen with its "Esc close" line, and no key scrolled it."""
    from textual.containers import VerticalScroll
    from textual.widgets import Label

    async with at_saved(tmp_path, "ck", (80, 24)) as (app, pilot):
        await pilot.press("f3")
        await until(pilot, lambda: isinstance(app.screen, CostsDialog), "the costs card")
        card = app.screen
        await pilot.pause()
        hint = card.query_one("#hint", Label)
        assert str(hint.render()) == "Esc close · F1 all the rules · ↑↓ scroll"
        assert hint.region.height == 1 and hint.region.bottom <= 24, hint.region
        body = card.query_one(VerticalScroll)
        assert body.has_focus and body.max_scroll_y > 0, "the card fits: nothing to test"
        await pilot.press("end")
        await until(pilot, lambda: body.scroll_y == body.max_scroll_y, "the end of the card")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is game_screen(app), "the game")


def test_the_starfarers_guide_explains_a_contests_numbers() -> None:
    """Seen in play: "lost a speed contest against White: 4 to 7 (a new shake each, plus
    boosters)" while F1 gave the flight's speed as 3 to 5 and no word of contests. The guide
    says how a contest is counted: its own balls, black worth 0, plus cannons or boosters."""
    text = " ".join(rules.text("starfarers").split())
    assert "**contest**" in text
    for words in ("black worth 0", "**cannons** for a fight", "**boosters** for a race"):
        assert words in text, words
    assert "You win ties" in text


async def test_a_pop_up_over_the_menu_is_not_over_the_game_kept_under_it(
    tmp_path: Path,
) -> None:
    """Seen in play: F2 Speed showed in the menu's footer at 80x24 (cutting it off). A game
    left for the menu stays under it; a pop-up over the menu (Continue's choice of games) is
    not over that game, so F1, F2, F3 and F6 are the menu's, not the game's."""
    from tui.screens.dialogs.continue_game import ContinueDialog

    path = tui_saves.base_midgame(tmp_path)
    app = CatanApp(saves_dir=tmp_path, load=path, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        await pilot.press("q", "y")
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu")
        assert any(isinstance(s, type(game_screen(app))) for s in app.screen_stack[:-1])
        from tui import saved

        app.push_screen(ContinueDialog(saved.in_progress(tmp_path)))
        await until(
            pilot,
            lambda: isinstance(app.screen, ContinueDialog) and bool(app.screen.query("#games")),
            "a pop-up",
        )
        assert app._game_under_dialog() is None
        for action in ("speed_over_dialog", "rules_over_dialog", "costs_over_dialog"):
            assert app.check_action(action, ()) is False, action
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu again")


async def test_f1_in_a_game_to_another_target_says_so_above_the_guide(tmp_path: Path) -> None:
    """The guide names the ruleset's target (10): a game to 12 points says so on top, and a
    game to the guide's own target adds nothing. F1 over a pop-up says it too."""
    game = tui_saves.play_until(
        "base",
        7,
        tui_saves.human_to_act({"build_road"}),
        min_actions=40,
        options={"vp_to_win": 12},
    )
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        for opened_over in ("the game", "a pop-up"):
            if opened_over == "a pop-up":
                await _leave_question(app, pilot)
            await pilot.press("f1")
            await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
            note = app.screen.query_one("#this-game", Static)
            words = " ".join(str(note.content).split())
            assert words == "This game is played to 12 victory points, not the 10 this guide names."
            await pilot.press("escape")
            await until(pilot, lambda: not isinstance(app.screen, RulesScreen), "back")
    async with at_saved(tmp_path, "base", (80, 24)) as (app, pilot):
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen), "the rules")
        assert not app.screen.query("#this-game"), "a game to 10 points needs no note"
