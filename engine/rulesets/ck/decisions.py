"""The decision kinds Cities & Knights adds to the pending stack (engine.rulesets.base.decisions).

Every interruption is an entry with the seat that answers it. `STEP` entries
are the rest of a roll's resolution (the event die, the draws, production or
the 7) waiting under whatever an earlier part pushed: they are run, never
answered, so the top of the stack is always a seat's decision.
"""

from __future__ import annotations

STEP = "ck_step"
"""The rest of a roll's resolution, run by the game and never asked.

Data: (step name, *arguments)."""
ALCHEMIST = "alchemist"  # Alchemist, before the roll: set the red and yellow dice
PROGRESS_LIMIT = "progress_limit"  # a 5th progress card: discard (or, on one's turn, play) one
DEFENDER_DRAW = "defender_draw"  # a tied Defender of Catan picks the progress deck to draw from
PILLAGE = "pillage"
"""The barbarians won: choose the city they reduce; data: the cities that may be lost."""
DISPLACED = "displaced"
"""A knight pushed off its corner goes to a free one.

Data: (strength, active, flags, *vertices it may go to)."""
METROPOLIS = "metropolis"  # choose the city that becomes a track's metropolis; data: track index
AQUEDUCT = "aqueduct"
"""Aqueduct: the roll paid this seat nothing, it takes a resource of its choice."""
NAME_CARD = "name_card"
"""Name the card a progress card asks for (a monopoly's); data: the progress card index asking."""
CHOOSE_SEAT = "choose_seat"
"""Choose the seat a progress card targets; data: (card index, *candidate seats)."""
MERCHANT_TAKE = "merchant_take"
"""Master Merchant: take cards of choice from a hand; data: (victim, cards left to take)."""
SPY_TAKE = "spy_take"  # Spy: take a progress card of choice from a hand; data: victim
HARBOR_ANSWER = "harbor_answer"
"""Commercial Harbor: give a commodity for the resource offered.

Seat: the opponent; data: (offerer, resource index)."""
GIFT = "gift"  # Wedding: seat gives data cards of its choice to the current seat
MERCHANT_PLACE = "merchant_place"
"""Merchant: place the merchant on a land hex beside one's city or settlement."""
DESERTER_REMOVE = "deserter_remove"
"""Deserter: the victim removes one of its knights; seat: the victim."""
DESERTER_PLACE = "deserter_place"
"""Deserter: place the deserted knight, or pass; data: (strength, active)."""
DIPLOMAT_REMOVE = "diplomat_remove"
"""Diplomat: remove an open road (an end with no other piece of its owner)."""
DIPLOMAT_ROAD = "diplomat_road"
"""Diplomat: one's own road removed, build it elsewhere or pass; data: the edge it was on."""
INTRIGUE = "intrigue"  # Intrigue: choose an opponent's knight on one's roads to displace
ENGINEER = "engineer"  # Engineer: choose the city that gets a free city wall
INVENTOR = "inventor"  # Inventor: swap two number chips (no 2, 12, 6 or 8), one hex then the other
MEDICINE = "medicine"  # Medicine: choose the settlement to upgrade to a city at the discount
SMITH = "smith"  # Smith: promote knights free, one at a time, or stop; data: promotions left

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
