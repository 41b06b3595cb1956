"""The decision kinds Cities & Knights adds to the pending stack (engine.rulesets.base.decisions).

Every interruption is an entry with the seat that answers it. `STEP` entries
are the rest of a roll's resolution (the event die, the draws, production or
the 7) waiting under whatever an earlier part pushed: they are run, never
answered, so the top of the stack is always a seat's decision.
"""

from __future__ import annotations

STEP = "ck_step"  # data: (step name, *arguments); run by the game, never on top
ALCHEMIST = "alchemist"  # set the red and yellow dice
PROGRESS_LIMIT = "progress_limit"  # a 5th progress card: discard (or, on one's turn, play) one
DEFENDER_DRAW = "defender_draw"  # a tied defender picks a deck
PILLAGE = "pillage"  # data: the cities that may be lost
DISPLACED = "displaced"  # data: (strength, active, flags, *vertices it may go to)
METROPOLIS = "metropolis"  # data: track index
AQUEDUCT = "aqueduct"
NAME_CARD = "name_card"  # data: the progress card index asking
CHOOSE_SEAT = "choose_seat"  # data: (card index, *candidate seats)
MERCHANT_TAKE = "merchant_take"  # data: (victim, cards left to take)
SPY_TAKE = "spy_take"  # data: victim
HARBOR_ANSWER = "harbor_answer"  # seat: the opponent; data: (offerer, resource index)
GIFT = "gift"  # Wedding: seat gives data cards to the current seat
MERCHANT_PLACE = "merchant_place"
DESERTER_REMOVE = "deserter_remove"  # seat: the victim
DESERTER_PLACE = "deserter_place"  # data: (strength, active)
DIPLOMAT_REMOVE = "diplomat_remove"
DIPLOMAT_ROAD = "diplomat_road"  # data: the edge the road was removed from
INTRIGUE = "intrigue"
ENGINEER = "engineer"
INVENTOR = "inventor"
MEDICINE = "medicine"
SMITH = "smith"  # data: promotions left

BISHOP_ROBBER = "bishop"
"""The data of a MOVE_ROBBER decision pushed by Bishop (steal from every seat on the hex)."""

CK_KINDS = (
    STEP,
    ALCHEMIST,
    PROGRESS_LIMIT,
    DEFENDER_DRAW,
    PILLAGE,
    DISPLACED,
    METROPOLIS,
    AQUEDUCT,
    NAME_CARD,
    CHOOSE_SEAT,
    MERCHANT_TAKE,
    SPY_TAKE,
    HARBOR_ANSWER,
    GIFT,
    MERCHANT_PLACE,
    DESERTER_REMOVE,
    DESERTER_PLACE,
    DIPLOMAT_REMOVE,
    DIPLOMAT_ROAD,
    INTRIGUE,
    ENGINEER,
    INVENTOR,
    MEDICINE,
    SMITH,
)
