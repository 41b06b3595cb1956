"""Offers as people meet them: a person chooses who hears an offer; an offer never pops up
over an empty hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tui_saves
from tui_keys import game_screen, wait_for_decision

from tui.app import CatanApp
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.game import GameScreen


async def _loaded(pilot: Any, app: CatanApp, path: Path) -> GameScreen:
    assert app.load_game(path)
    await wait_for_decision(pilot)
    screen = game_screen(app)
    assert screen is not None
    return screen


def _capture(screen: GameScreen) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    screen._send_soon = lambda action: sent.append(action) if action else None  # type: ignore[method-assign]
    return sent


async def test_an_offer_goes_to_the_seat_the_person_picks(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _loaded(pilot, app, tui_saves.base_midgame(tmp_path))
        sent = _capture(screen)
        terms = {"give": {"ore": 1}, "get": {"wool": 1}}
        screen._ask_recipients(terms)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.title_text == "Offer to whom?"
        await pilot.press("2")  # the second other seat
        await pilot.pause()
        me = screen.view["seat"]  # type: ignore[index]
        others = [s for s in range(4) if s != me]
        assert sent == [{"type": "offer_trade", **terms, "to": [others[1]]}]


async def test_enter_offers_to_everyone(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _loaded(pilot, app, tui_saves.base_midgame(tmp_path))
        sent = _capture(screen)
        screen._ask_recipients({"give": {"ore": 1}, "get": {"wool": 1}})
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert sent and sent[0]["to"] == []


async def test_escape_from_whom_goes_back_to_the_offer_as_made(tmp_path: Path) -> None:
    """Seen in play: Esc at "Offer to whom?" threw the whole offer away, where "Esc back" is
    shown. It goes back to the offer form, filled in as the offer was made; nothing sent."""
    from tui.screens.dialogs.trade import TradeDialog

    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _loaded(pilot, app, tui_saves.base_midgame(tmp_path))
        sent = _capture(screen)
        hand = screen._hand()
        give = next(r for r, n in hand.items() if n)
        get = next(r for r in hand if r != give)
        terms = {"give": {give: 1}, "get": {get: 1}}
        screen._ask_recipients(terms)
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, TradeDialog), form
        assert form.result() == terms
        assert sent == []


async def test_an_offer_to_an_empty_hand_is_declined_without_a_pop_up(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _loaded(pilot, app, tui_saves.base_midgame(tmp_path))
        sent = _capture(screen)
        view = dict(screen.view or {})
        view["me"] = dict(view["me"], hand=dict.fromkeys(view["me"]["hand"], 0))
        screen.view = view
        screen.legal = [{"type": "decline_trade"}]
        screen._auto_open()
        await pilot.pause()
        assert sent == [{"type": "decline_trade"}]
        assert not isinstance(app.screen, ChoiceDialog)


async def test_a_second_offer_from_one_seat_in_a_turn_does_not_pop_up(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _loaded(pilot, app, tui_saves.base_midgame(tmp_path))
        sent = _capture(screen)
        view = dict(screen.view or {})
        view["me"] = dict(view["me"], hand=dict.fromkeys(view["me"]["hand"], 1))
        view["trade"] = {"offerer": 1, "give": {"ore": 1}, "get": {"wool": 1}, "to": []}
        screen.view = view
        screen.legal = [{"type": "accept_trade"}, {"type": "decline_trade"}]
        screen._auto_open()
        await pilot.pause()
        first = app.screen
        assert isinstance(first, ChoiceDialog) and first.title_text == "A trade offer"
        await pilot.press("n")
        await pilot.pause()
        assert sent == [{"type": "decline_trade"}]
        screen._auto_open()  # Blue again, the same turn
        await pilot.pause()
        assert sent == [{"type": "decline_trade"}] * 2
        assert not isinstance(app.screen, ChoiceDialog)
        screen.view = dict(view, trade=dict(view["trade"], offerer=2))  # White may still ask
        screen._auto_open()
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
