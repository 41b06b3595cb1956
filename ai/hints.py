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

PLANNED = {"discard": frozenset({"discard"}), "fly_step": frozenset({"fly_step", "end_move"})}
"""Decisions a person makes whole but the table takes an action at a time: a discard's
cards (chosen in one pop-up), a Starfarers flight's steps (one route on the map)."""
ENDS = frozenset({"end_move"})
MOST_PLANNED = 20
"""Actions planned at most (a hand over the limit is halved, a flight is a few steps)."""


class ValueAdviser:
    """The `value` bot as an adviser (`engine.table.seat.Adviser`).

    A discard is one card at a time at the table, and a flight one step at a time, but
    a person chooses them whole: the adviser plays its own choice in a world consistent
    with the view (the seat's own cards and ships are known exactly) and asks itself
    again until the seat is done.
    """

    name = "value"

    def suggest(self, seat: int, view: GameView, legal: list[Action], seed: int) -> list[Action]:
        bot = ValueBot(seed)
        seen = bot_view(view)
        bot.on_game_start(seat, seen)
        first = bot.decide(seen, legal)
        plan = [first]
        kinds = PLANNED.get(first.type)
        if kinds is None:
            return plan
        world = bot.world(seen)
        world.apply(first)
        phase = seen.get("phase")
        while len(plan) < MOST_PLANNED and world.to_act == seat and plan[-1].type not in ENDS:
            again = bot_view(world.view(seat))
            if again.get("phase") != phase:
                break
            step = bot.decide(again, world.legal_actions())
            if step.type not in kinds:
                break
            plan.append(step)
            world.apply(step)
        return plan
