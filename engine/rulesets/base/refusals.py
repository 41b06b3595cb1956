"""What a player of a hex game may expect to build in the main phase, and why the engine says no.

The base game's counterpart of engine/rulesets/starfarers/refusals.py, for the same
reason: a newcomer looks for the city they meant to build, and the screen shows
it greyed with the reason. One source of legality: an expectation is met when
some legal action of its sort exists; otherwise the reason is `check` of one
representative action that gets past the checks of place (a free edge by one's
roads, a spot for a settlement, one's own settlement), so what remains is the
price or the supply. Where there is no such place, nothing is said: the rules
have no one reason to give.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Action
from engine.rulesets.base.actions import BuildCity, BuildRoad, BuildSettlement, BuyDevelopment
from engine.rulesets.base.decisions import MAIN

if TYPE_CHECKING:
    from engine.rulesets.base.game import BaseGame

EXPECTED: tuple[str, ...] = ("build_road", "build_settlement", "build_city", "buy_development")
"""What a player may expect in the main phase, in the order shown."""


def _representative(game: BaseGame, what: str, seat: int) -> Action | None:
    if what == "build_road":
        edges = game._road_edges(seat)
        return BuildRoad(edges[0]) if edges else None
    if what == "build_settlement":
        spots = sorted(game._settlement_spots(seat))
        return BuildSettlement(spots[0]) if spots else None
    if what == "build_city":
        level = game.vertex_level
        own = [v for v in sorted(game.buildings[seat]) if level[v] == 1]
        return BuildCity(own[0]) if own else None
    return BuyDevelopment() if game.SELLS_DEVELOPMENT else None


def refusals(game: BaseGame) -> list[tuple[str, str]]:
    """(expectation, the engine's reason) for each expected build the player to act cannot
    make now; empty outside the main phase of the seat whose turn it is."""
    pending = game.pending
    if not pending or pending[-1][0] != MAIN:
        return []
    seat = game.current
    legal = {a.type for a in game.legal_actions()}
    out: list[tuple[str, str]] = []
    for what in (*EXPECTED, *game.EXPECTED_MORE):
        if what in legal:
            continue
        if what in EXPECTED:
            action = _representative(game, what, seat)
            tried = [(what, action)] if action is not None else []
        else:
            tried = game.representatives(what, seat)
        for named, action in tried:
            reason = game.check(action)
            if reason:
                out.append((named, reason))
    return out
