"""A bot sitting at a table: the adapter from the synchronous bot protocol to the async Seat.

The table host calls ``await seat.decide(view, legal)`` and ``await
seat.notify(events)`` (engine/table/seat.py). The decision runs in the
sandbox (ai/sandbox.py) on a worker thread, so the event loop and the screen
never block, and a faulty bot costs a logged fallback move instead of a game.
The table's optional hooks are honoured: ``attach(table, seat_no)`` tells the
seat its number and lets the sandbox vet open-ended trade offers with the
game's own ``check``; ``finished(over)`` gives the bot its final view and
reaps subprocess bots. The bot itself only ever sees views.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ai.protocol import Bot, bot_view
from ai.sandbox import Budget, SandboxedBot
from ai.text import printable
from engine.actions import Action
from engine.views import GameView


def default_fallback(seed: int = 0) -> Any:
    """The built-in bot that plays fallback moves and takes over a faulty seat."""
    from ai.bots.greedy import GreedyBot

    return GreedyBot(seed)


class BotSeat:
    """A Seat backed by a sandboxed bot."""

    def __init__(
        self,
        bot: Bot,
        name: str | None = None,
        budget: Budget | None = None,
        seat: int | None = None,
        on_log: Callable[[str], None] | None = None,
    ) -> None:
        self.bot = bot
        self.name = printable(name or getattr(bot, "name", "bot"), 80)
        fallback = default_fallback(getattr(bot, "seed", 0) or 0)
        self.sandbox = SandboxedBot(
            bot, name=self.name, budget=budget, seat=seat, fallback=fallback, on_log=on_log
        )
        self._started = False
        self._table: Any = None
        self.seat_no: int | None = seat

    def attach(self, table: Any, seat_no: int | None) -> None:
        """Called by the table host when the seat is placed at the table."""
        self._table = table
        self.seat_no = seat_no
        self.sandbox.seat = seat_no
        game = getattr(table, "game", None)
        if game is not None:
            self.sandbox.checker = game.check

    @property
    def faults(self) -> int:
        return self.sandbox.faults

    async def start(self, seat: int, view: GameView) -> None:
        self._started = True
        await asyncio.to_thread(self.sandbox.on_game_start, seat, bot_view(view))

    async def decide(self, view: GameView, legal: list[Action]) -> Action:
        seat = view.get("seat")
        if not self._started and seat is not None:
            await self.start(seat, view)
        return await asyncio.to_thread(self.sandbox.decide, bot_view(view), legal)

    @property
    def reads_view(self) -> bool:
        """The bot's declaration (``BaseBot.reads_view``): the table may hand a lazy view."""
        return self.sandbox.reads_view

    async def notify(self, events: list[dict[str, Any]]) -> None:
        if not self.sandbox.listens:  # nothing here hears events: no thread hand-off
            return
        await asyncio.to_thread(self.sandbox.on_events, events)

    async def finish(self, view: GameView) -> None:
        await asyncio.to_thread(self.sandbox.on_game_end, bot_view(view))

    async def finished(self, over: dict[str, Any]) -> None:
        """The table's end-of-game hook: the bot's final view, then subprocesses are reaped."""
        game = getattr(self._table, "game", None)
        if game is not None and self.seat_no is not None:
            await self.finish(game.view(self.seat_no))
        await asyncio.to_thread(self.close)  # ending a bot process may take a moment: not here

    def close(self) -> None:
        self.sandbox.close()
