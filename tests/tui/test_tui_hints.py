"""The hint key (?): what the value bot would do, in the actions box, the cursor on its spot."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from test_tui_trade import Trader
from textual.widgets import Label, OptionList
from tui_keys import game_screen, step, wait_for_decision

from ai.hints import ValueAdviser
from engine.config import GameConfig
from engine.registry import new_game
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import Table
from tui.app import CatanApp
from tui.narrate import seat_names
from tui.palette_provider import ActionsProvider
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.game import GameScreen
from tui.widgets.action_bar import ActionBar
from tui.widgets.key_footer import KeyFooter


async def _until(pilot: Any, what: str, ready: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        await pilot.pause(0.01)


def _expected(app: CatanApp) -> dict[str, Any]:
    """What the value adviser says for the person's seat, asked here from its own view."""
    local = app.local
    assert local is not None and local.seat is not None
    game = local.game
    action = ValueAdviser().suggest(
        local.seat, game.view(local.seat), game.legal_actions(), local.table.rev
    )
    return action.to_json()


async def test_a_hint_on_the_map_puts_the_cursor_on_the_value_bots_spot(tmp_path: Path) -> None:
    """Seed 11, the person starts: the hint moves the cursor to the bot's corner; Enter builds."""
    seats = ["human", "value", "value", "value"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 11, {}), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "target"
        screen = game_screen(app)
        assert screen is not None and screen.target is not None
        expected = _expected(app)
        # the cursor starts elsewhere: Tab until it is not on the bot's corner
        while screen.target.targets().get(screen.cursor or -1) == expected:
            await pilot.press("tab")
        bar = screen.query_one(ActionBar)
        assert bar.status.startswith("Build a settlement: ")
        await pilot.press("question_mark")
        await _until(pilot, "the hint", lambda: bar.status.startswith("Hint: "))
        assert bar.status.startswith("Hint: build a settlement here\nThis corner: ")
        assert screen.target.targets()[screen.cursor or -1] == expected
        # moving off the spot gives the usual line back; ? puts the cursor back at once
        await pilot.press("tab")
        assert bar.status.startswith("Build a settlement: ")
        await pilot.press("question_mark")
        assert bar.status.startswith("Hint: build a settlement here")
        await pilot.press("enter")
        local = app.local
        assert local is not None
        await _until(pilot, "the settlement", lambda: len(local.game.log) > 0)
        assert local.game.log[0].to_json() == expected


async def test_a_hint_names_the_command_and_its_key(tmp_path: Path) -> None:
    """After the setup, made by hints: "Hint: Roll the dice (r)" before the roll."""
    seats = ["human", "value", "value", "value"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 11, {}), seats))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        assert screen is not None
        bar = screen.query_one(ActionBar)
        for _ in range(4):  # two settlements and two roads, each where the hint puts it
            assert await wait_for_decision(pilot) == "target"
            await pilot.press("question_mark")
            await _until(pilot, "the hint's spot", lambda: bar.status.startswith("Hint: "))
            await pilot.press("enter")
        assert await wait_for_decision(pilot) == "turn"
        assert "Hint" in str(screen.query_one(KeyFooter).render())
        assert "Hint (?)" in [title for title, _, _ in ActionsProvider(screen)._commands()]
        await pilot.press("question_mark")
        await _until(pilot, "the hint", lambda: bar.status.startswith("Hint: "))
        assert bar.status == "Hint: Roll the dice (r)"
        local = app.local
        assert local is not None
        rev = local.table.rev
        await pilot.press("r")
        await _until(pilot, "the roll", lambda: local.table.rev > rev)
        assert local.game.log[rev].to_json() == {"type": "roll"}
        # a new position: the old hint is gone from the box
        await wait_for_decision(pilot)
        assert not bar.status.startswith("Hint: Roll")


async def test_a_table_without_an_adviser_offers_no_hint_key() -> None:
    """A table over SSH gives no hints: no "? Hint" in the footer, and ? sends nothing."""
    game = new_game(GameConfig("base", 4, 11, {}))
    human = HumanSeat()  # no adviser
    table = Table(game, [human, *[HumanSeat() for _ in range(3)]])
    app = CatanApp()
    async with app.run_test(size=(120, 40)) as pilot:
        task = asyncio.get_running_loop().create_task(table.run())
        try:
            screen = app.push_client_game(InMemoryClient(human), names=seat_names(4))
            assert await wait_for_decision(pilot) == "target"
            assert screen.check_action("hint", ()) is False
            assert "Hint" not in str(screen.query_one(KeyFooter).render())
            titles = [title for title, _, _ in ActionsProvider(screen)._commands()]
            assert titles and "Hint (?)" not in titles
            await pilot.press("question_mark")
            await pilot.pause()
            assert screen.hint_asked == -1
        finally:
            task.cancel()


async def test_the_hint_key_is_greyed_while_others_decide(tmp_path: Path) -> None:
    seats = ["value", "human", "value", "value"]  # seed 11: the first seat starts
    app = CatanApp(saves_dir=tmp_path, speed="slow", play=(GameConfig("base", 4, 11, {}), seats))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        assert screen is not None
        await _until(pilot, "the first state", lambda: screen.view is not None)
        assert not screen.legal
        assert screen.check_action("hint", ()) is None  # shown, greyed
        hint = [i for i in screen.query_one(KeyFooter).items if i.description == "Hint"]
        assert [i.enabled for i in hint] == [False]
        await pilot.press("question_mark")
        await pilot.pause()
        assert screen.hint_asked == -1


async def test_in_an_offer_to_answer_the_hint_highlights_the_value_bots_answer() -> None:
    """Seed 8, bots that offer trades: ? in "A trade offer" marks the answer the bot gives."""
    game = new_game(GameConfig("base", 4, 8, {}))
    adviser = ValueAdviser()
    human = HumanSeat(adviser=adviser)
    table = Table(game, [human, Trader(1), Trader(2), Trader(3)])
    app = CatanApp()
    async with app.run_test(size=(80, 24)) as pilot:
        task = asyncio.get_running_loop().create_task(table.run())
        try:
            screen = GameScreen(InMemoryClient(human), names=seat_names(4), hints=True)
            app.push_screen(screen)
            for _ in range(400):
                await wait_for_decision(pilot)
                dialog = app.screen
                if isinstance(dialog, ChoiceDialog) and dialog.title_text == "A trade offer":
                    break
                await step(pilot)
            else:
                raise AssertionError("no bot ever offered a trade")
            key_line = dialog.query_one("#hint", Label)
            assert str(key_line.content).endswith(" · ? hint")
            expected = adviser.suggest(0, game.view(0), game.legal_actions(), table.rev).to_json()
            await pilot.press("question_mark")
            await _until(pilot, "the hint", lambda: str(key_line.content).startswith("Hint: "))
            options = dialog.query_one(OptionList)
            assert options.highlighted is not None
            label, value = dialog.options[options.highlighted]
            assert value == expected
            assert str(key_line.content) == f"Hint: {label} · Enter takes it"
            rev = table.rev
            await pilot.press("enter")
            await _until(pilot, "the answer", lambda: table.rev > rev)
            assert game.log[rev].to_json() == expected
        finally:
            task.cancel()
