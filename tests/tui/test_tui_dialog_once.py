"""Pop-ups and keys that come too early or too late (tui/screens/dialogs/answer_once.py).

Over SSH under load the app reads keys in bursts: a key can reach a pop-up before its
widgets are composed (its bindings run as soon as it is on top), and keys can be queued
behind the one that answered it. Found when a C&K discard's keys, pressed again, ended a
session with a traceback ("No nodes match '#table' on DiscardDialog()").
"""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Label, Static

from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.ck import AlchemistDialog
from tui.screens.dialogs.discard import DiscardDialog
from tui.screens.dialogs.trade import TradeDialog


class Under(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Label("the game under the pop-up")


class Host(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(Under())


async def _shown(app: Host, pilot: Any, dialog: Any) -> None:
    app.push_screen(dialog, app.answers.append)
    for _ in range(200):
        if dialog.drawn:
            return
        await pilot.pause(0.01)
    raise AssertionError("the pop-up was never drawn")


async def test_keys_before_the_discard_is_composed_choose_and_are_drawn_once_it_is() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = DiscardDialog(2, {"wool": 3, "ore": 1}, ["wool", "ore"])
        assert not dialog.drawn
        dialog.action_change(1)  # space, read before the pop-up was composed: no traceback
        dialog.action_move(1)
        dialog.action_change(1)
        assert dialog.chosen == {"wool": 1, "ore": 1}
        await _shown(app, pilot, dialog)
        table = str(dialog.query_one("#table", Static).render())
        assert "wool" in table and "discard 1" in table and "▶ ore" in table
        await pilot.press("enter")
        assert app.answers == [["wool", "ore"]]


async def test_keys_before_a_trade_or_the_alchemist_is_composed_do_no_harm() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        trade = TradeDialog("Offer", {"brick": 2, "ore": 0, "wool": 1, "grain": 0, "lumber": 0})
        trade.action_change(-1)  # give one brick, before it is composed
        assert trade.amounts["brick"] == -1
        await _shown(app, pilot, trade)
        assert "give 1" in str(trade.query_one("#table", Static).render())
        await pilot.press("escape")
        alchemist = AlchemistDialog([{"type": "set_dice", "red": 2, "yellow": 5}])
        alchemist.action_set(2)
        alchemist.action_set(5)
        await _shown(app, pilot, alchemist)
        assert "Total 7" in str(alchemist.query_one("#dice", Static).render())


async def test_a_second_answer_to_a_pop_up_counts_for_nothing() -> None:
    """Enter twice: one answer, and the screen under the pop-up stays."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = ChoiceDialog("Pick one", [("first", 1), ("second", 2)])
        await _shown(app, pilot, dialog)
        dialog.action_pick(0)
        dialog.action_pick(1)  # queued behind the first: the pop-up is answered already
        await pilot.pause()
        assert app.answers == [1]
        assert isinstance(app.screen, Under)
        assert dialog.answered and dialog.check_action("pick", (1,)) is False


async def test_a_hint_before_the_choice_is_composed_is_shown_once_it_is() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = ChoiceDialog("Pick one", [("first", 1), ("second", 2)])
        assert dialog.show_hint([2]) is True  # the hint arrived first
        await _shown(app, pilot, dialog)
        await pilot.pause()
        assert "Hint: second" in str(dialog.query_one("#hint", Label).render())


def test_the_game_screen_takes_no_key_before_it_is_composed() -> None:
    from engine.table.client import HumanSeat, InMemoryClient
    from tui.screens.game import GameScreen

    screen = GameScreen(InMemoryClient(HumanSeat()), names=["Red", "Blue"])
    for action, parameters in (("log_page", (1,)), ("rules", ()), ("leave", ()), ("costs", ())):
        assert screen.check_action(action, parameters) is False, action


async def test_the_alchemist_does_not_start_at_a_seven() -> None:
    """The dice opened at 3 and 4: an Enter pressed at once rolled a 7 (no production)."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        every = [
            {"type": "set_dice", "red": r, "yellow": y} for r in range(1, 7) for y in range(1, 7)
        ]
        alchemist = AlchemistDialog(every)
        await _shown(app, pilot, alchemist)
        shown = str(alchemist.query_one("#dice", Static).render())
        assert "Total 6" in shown and "seven" not in shown, shown
        await pilot.press("enter")
        assert app.answers == [{"type": "set_dice", "red": 3, "yellow": 3}]
