"""Trading through the screen: a bot's offer answered, and the person's own offer made."""

from __future__ import annotations

import asyncio
from typing import Any

from tui_keys import game_screen, step, wait_for_decision

from ai.registry import create_bot
from ai.seat import BotSeat
from engine.actions import Action
from engine.config import GameConfig
from engine.registry import new_game
from engine.shared.actions import AcceptTrade, OfferTrade
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import Table
from tui.app import CatanApp
from tui.narrate import seat_names
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.trade import TradeDialog


class Trader(BotSeat):
    """A random bot that offers one card for one card to everyone once per turn, and accepts."""

    def __init__(self, seed: int) -> None:
        super().__init__(create_bot("random", seed))
        self.offered_turn = -1

    async def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if AcceptTrade() in legal:
            return AcceptTrade()
        hand = (view.get("me") or {}).get("hand") or {}
        if view["phase"] == "main" and self.offered_turn != view["turn"]:
            have = [r for r, n in hand.items() if n]
            if have:
                self.offered_turn = view["turn"]
                want = next(r for r in hand if r != have[0])
                return OfferTrade(((have[0], 1),), ((want, 1),))
        return await super().decide(view, legal)


async def test_a_bot_offer_is_answered_and_an_own_offer_is_made() -> None:
    game = new_game(GameConfig("base", 4, 8, {}))
    human = HumanSeat()
    table = Table(game, [human, Trader(1), Trader(2), Trader(3)])
    client = InMemoryClient(human)
    app = CatanApp()
    async with app.run_test(size=(120, 40)) as pilot:
        task = asyncio.get_running_loop().create_task(table.run())
        app.push_client_game(client, names=seat_names(4), kinds=["human"] + ["trader"] * 3)
        answered = offered = False
        for _ in range(400):
            kind = await wait_for_decision(pilot)
            screen = game_screen(app)
            assert screen is not None
            if kind == "dialog" and isinstance(app.screen, ChoiceDialog):
                if app.screen.title_text == "A trade offer":
                    await pilot.press("down", "down", "enter")  # decline
                    answered = True
                    continue
                if app.screen.title_text == "Confirm a trade":
                    await pilot.press("enter")
                    continue
            if kind == "turn" and not offered and "t" in {c.key for c in screen.cmds}:
                hand = screen.view["me"]["hand"]
                resources = list(hand)
                give = next(i for i, r in enumerate(resources) if hand[r])
                get = (give + 1) % len(resources)
                await pilot.press("t")
                await wait_for_decision(pilot)
                assert isinstance(app.screen, TradeDialog)
                keys = ["down"] * give + ["left"] + ["down"] * (get - give) + ["right"]
                await pilot.press(*keys, "enter")
                offered = True
                continue
            if answered and offered and screen.rev > 0:
                log = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
                if "You offer" in log and ("accepted" in log or "declined" in log):
                    break
            await step(pilot)
        task.cancel()
        log = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
        assert answered and offered
        assert "You declined the offer." in log
        assert "You offer 1" in log
