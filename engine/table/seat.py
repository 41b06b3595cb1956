"""What the table needs from whoever sits in a seat.

A person in a terminal (local or over SSH), a built-in bot, a plugin bot or a
bot in another process all look the same to the table: something that picks
one of the legal actions for a view, and hears about events.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.actions import Action
from engine.views import GameView


class Seat(Protocol):
    name: str

    async def decide(self, view: GameView, legal: list[Action]) -> Action:
        """One action; the table validates it and asks again (or falls back) if it is illegal."""

    async def notify(self, events: list[dict[str, Any]]) -> None:
        """Events as this seat may see them (already redacted)."""


class Adviser(Protocol):
    """What gives a person hints: an action for a seat's view, from that view alone.

    ``suggest`` runs on a worker thread and returns the hint first, one of ``legal``,
    then the seat's next actions of the same decision if it has a plan for them (the
    other cards of a discard); ``seed`` (the table's revision) makes the same position
    give the same hint.
    """

    name: str

    def suggest(
        self, seat: int, view: GameView, legal: list[Action], seed: int
    ) -> list[Action]: ...
