"""Actions shared by the rulesets: dice, turn, the 7, trading with the bank and between players.

Resource fields hold resource names (strings), so the JSON form reads well;
each ruleset maps names to its own resource indices.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, Bag, bag_problem


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the dice: the turn's production (or a 7)."""

    type = "roll"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn: the next seat's turn begins."""

    type = "end_turn"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one card; a seat that owes several discards is asked again."""

    type = "discard"
    resource: str


@dataclass(frozen=True, slots=True)
class MoveRobber(Action):
    """Move the robber to another hex (a 7 or a Knight)."""

    type = "move_robber"
    hex: int


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Take a random card from the victim, a seat with a piece by the robber."""

    type = "steal"
    victim: int


@dataclass(frozen=True, slots=True)
class MaritimeTrade(Action):
    """Trade with the bank at the best rate this seat has for `give`."""

    type = "maritime_trade"
    give: str
    get: str


@dataclass(frozen=True, slots=True)
class OfferTrade(Action):
    """The active seat offers `give` for `get` to the seats in `to` (empty: everyone)."""

    type = "offer_trade"
    give: Bag
    get: Bag
    to: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class AcceptTrade(Action):
    """Accept the open offer as it stands (the offerer then confirms one answer)."""

    type = "accept_trade"


@dataclass(frozen=True, slots=True)
class DeclineTrade(Action):
    """Decline the open offer."""

    type = "decline_trade"


@dataclass(frozen=True, slots=True)
class CounterTrade(Action):
    """A responder's own terms, from the responder's side: what it gives and gets."""

    type = "counter_trade"
    give: Bag
    get: Bag


@dataclass(frozen=True, slots=True)
class ConfirmTrade(Action):
    """The offerer completes the trade with one seat that accepted or countered."""

    type = "confirm_trade"
    seat: int


@dataclass(frozen=True, slots=True)
class CancelTrade(Action):
    """The offerer withdraws the offer once every answer is in."""

    type = "cancel_trade"


def terms_problem(a: OfferTrade | CounterTrade) -> str | None:
    """What is wrong with the shape of an offer's or counter's terms, if anything.

    A bot builds these itself, so anything may arrive: the game's check asks
    this first, and a malformed one is refused, never a crash.
    """
    who = "an offer" if isinstance(a, OfferTrade) else "a counter-offer"
    problem = bag_problem(a.give, who, "give") or bag_problem(a.get, who, "get")
    if problem is None and isinstance(a, OfferTrade):
        to = a.to
        if not isinstance(to, tuple) or not all(type(s) is int for s in to):
            return f"an offer's to is a tuple of seat numbers, e.g. (1,) or (), not {to!r:.40}"
    return problem


SHARED_ACTIONS: tuple[type[Action], ...] = (
    Roll,
    EndTurn,
    Discard,
    MoveRobber,
    Steal,
    MaritimeTrade,
    OfferTrade,
    AcceptTrade,
    DeclineTrade,
    CounterTrade,
    ConfirmTrade,
    CancelTrade,
)
