"""At a table, a seat that declares it never reads views is handed lazy ones; others full ones."""

from __future__ import annotations

import asyncio
from typing import Any

from ai.registry import create_bot
from ai.seat import BotSeat
from engine.actions import Action
from engine.config import GameConfig
from engine.registry import new_game
from engine.table.host import Table
from engine.views import LazyView

SEED_GAME = 21
SEED_BOT = 4


class Watcher:
    """A seat that records the type of every view it is handed (it reads none)."""

    def __init__(self, reads: bool) -> None:
        self.name = "watcher"
        self.reads_view = reads
        self.kinds: list[type] = []

    async def decide(self, view: Any, legal: list[Action]) -> Action:
        self.kinds.append(type(view))
        return legal[-1] if legal[-1].type == "end_turn" else legal[0]

    async def notify(self, events: list[dict[str, Any]]) -> None:
        pass


def test_declared_non_readers_get_lazy_views_and_readers_full_ones() -> None:
    lazy, full = Watcher(reads=False), Watcher(reads=True)
    seats: list[Any] = [lazy, full, BotSeat(create_bot("random", SEED_BOT))]
    seats.append(BotSeat(create_bot("random", SEED_BOT + 1)))
    table = Table(new_game(GameConfig("base", 4, SEED_GAME, {})), seats)

    async def play() -> None:
        for _ in range(80):
            await table.step()

    asyncio.run(play())
    assert lazy.kinds and set(lazy.kinds) == {LazyView}
    assert full.kinds and set(full.kinds) == {dict}


def test_a_random_bot_seat_declares_it_reads_no_views() -> None:
    assert BotSeat(create_bot("random", SEED_BOT)).reads_view is False
    assert BotSeat(create_bot("greedy", SEED_BOT)).reads_view is True
