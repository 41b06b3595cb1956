"""A bot sitting at a table: the adapter from the synchronous bot protocol to the async Seat."""

from __future__ import annotations

import asyncio
from typing import Any

from ai.protocol import Bot
from engine.actions import Action


class BotSeat:
    """Runs the bot's decision in a worker thread so the event loop (and the screen) never blocks.

    A bot that raises or answers with an action outside the legal list gets
    the first legal action instead; the sandbox with budgets and fault counts
    builds on this.
    """

    def __init__(self, bot: Bot, name: str | None = None) -> None:
        self.bot = bot
        self.name = name or bot.name
        self.faults = 0

    async def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        try:
            action = await asyncio.to_thread(self.bot.decide, view, legal)
        except Exception:
            self.faults += 1
            return legal[0]
        if action not in legal:
            self.faults += 1
            return legal[0]
        return action

    async def notify(self, events: list[dict[str, Any]]) -> None:
        hook = getattr(self.bot, "on_events", None)
        if hook is not None:
            hook(events)
