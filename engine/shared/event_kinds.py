"""The event kinds every hex-family ruleset shares: one name per shared action, declared once.

A ruleset's game class holds `EVENTS = HEX_EVENTS.extend(...)` with its own
kinds added (and shared kinds widened with the fields only it adds), so the
narration, the bots and the tests read one name for the same thing in every
ruleset: a roll is `dice`, a trade with the bank or supply `maritime_trade`.
Seats are JSON-ready: a field keyed by seat (``owed``, ``gains``) uses the
seat number as a string.
"""

from __future__ import annotations

from engine.events import EventKind, EventKinds

HEX_EVENTS = EventKinds(
    (
        EventKind("start_player", ("seat", "rolls"), doc="who starts, and the rolls that decided"),
        EventKind(
            "starting_hand",
            ("seat", "count"),
            optional=("cards",),
            secret=("cards",),
            doc="the cards a seat starts with: public, or secret to that seat",
        ),
        EventKind("turn", ("seat", "turn"), doc="a seat's turn begins"),
        EventKind("dice", ("seat", "dice", "total"), doc="a roll of the dice"),
        EventKind(
            "production",
            ("gains",),
            doc="what a roll paid: seat -> cards ('2': {'ore': 1}), only seats paid",
        ),
        EventKind("must_discard", ("owed",), doc="a 7: cards each seat owes, by seat ('1': 4)"),
        EventKind("discard", ("seat", "resource"), doc="one card discarded"),
        EventKind("pick_gold", ("seat", "resource"), doc="one resource picked for a gold field"),
        EventKind(
            "steal",
            ("seat", "victim"),
            secret=("resource",),
            doc="`seat` took a random card from `victim`; the card told to both",
        ),
        EventKind(
            "build",
            ("seat", "piece"),
            optional=("vertex", "edge"),
            doc="a piece built (or placed in setup) where the ruleset names its site",
        ),
        EventKind(
            "maritime_trade",
            ("seat", "give", "count", "get"),
            doc="`count` of `give` traded to the bank (supply) for one `get`",
        ),
        EventKind("trade_offer", ("trade",), doc="a domestic offer (engine.shared.trading)"),
        EventKind("trade_answer", ("seat", "answer"), optional=("give", "get")),
        EventKind(
            "trade_closed",
            ("seat", "with"),
            optional=("give", "get", "accepted", "countered"),
            doc="a trade made `with` a seat, or (None) withdrawn; a withdrawal names the seats"
            " whose acceptance or counter-offer it turned down",
        ),
        EventKind("game_over", ("winner", "scores"), optional=("victory_point_cards",)),
    )
)
