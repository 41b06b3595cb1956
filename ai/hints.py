"""Hints for a person at the table: what the `value` bot would do in their seat.

The table's human seat (`engine.table.client.HumanSeat`) takes an adviser and
answers its client's ``hint`` requests with it. The adviser sees what the seat
sees (its own view, as any bot does) and no more: a hint never tells what the
person could not know. It joins with that view alone, so it counts cards from
what the view shows rather than from the whole game's events; the same position
(the table's revision as its seed) gives the same hint.
"""

from __future__ import annotations

from ai.bots.value import ValueBot
from ai.protocol import bot_view
from engine.actions import Action
from engine.views import GameView


class ValueAdviser:
    """The `value` bot as an adviser (`engine.table.seat.Adviser`)."""

    name = "value"

    def suggest(self, seat: int, view: GameView, legal: list[Action], seed: int) -> Action:
        bot = ValueBot(seed)
        seen = bot_view(view)
        bot.on_game_start(seat, seen)
        return bot.decide(seen, legal)
