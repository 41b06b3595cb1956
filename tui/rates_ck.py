"""What gives a Cities & Knights seat a bank rate better than 4:1 (§8), for the trade dialog.

The engine's rates (`players[seat]["rates"]`) say only how many: 2 cloth might come
from the Trading House, 2 brick from a brick harbour or from the merchant standing on
hills. `rate_source` names the source from the public view, in the order the engine
applies them (engine/rulesets/ck/trading.py): Merchant Fleet this turn, the merchant's
hex, the Trading House, else a harbour.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rulesets.base.board import RESOURCES, TERRAIN_RESOURCE
from engine.rulesets.ck.cards import ABILITY_LEVEL, HAND

MERCHANT_FLEET, MERCHANT, TRADING_HOUSE, HARBOUR = (
    "Merchant Fleet",
    "merchant",
    "Trading House",
    "harbour",
)


def rate_source(view: Mapping[str, Any], card: str, rate: int) -> str | None:
    """ "Merchant Fleet", "merchant", "Trading House" or "harbour" for a rate under 4; None at 4."""
    if rate >= 4:
        return None
    seat = view.get("seat")
    players = view.get("players") or []
    if rate == 2 and isinstance(seat, int) and 0 <= seat < len(players):
        fleet = view.get("fleet", -1)
        mine = view.get("current") == seat  # Merchant Fleet lasts its player's turn
        cards = HAND.names
        fleet_card = cards[fleet] if isinstance(fleet, int) and 0 <= fleet < len(cards) else None
        if mine and fleet_card == card:
            return MERCHANT_FLEET
        if view.get("merchant_owner") == seat and _merchant_resource(view) == card:
            return MERCHANT
        level = (players[seat].get("improvements") or {}).get("trade", 0)
        if card not in RESOURCES and int(level) >= ABILITY_LEVEL:
            return TRADING_HOUSE
    return HARBOUR


def _merchant_resource(view: Mapping[str, Any]) -> str | None:
    hexes = (view.get("board") or {}).get("hexes") or []
    h = view.get("merchant_hex", -1)
    if not isinstance(h, int) or not 0 <= h < len(hexes):
        return None
    r = TERRAIN_RESOURCE.get(str(hexes[h].get("terrain")), -1)
    return RESOURCES[r] if 0 <= r < len(RESOURCES) else None
