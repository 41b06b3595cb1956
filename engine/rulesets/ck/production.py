"""Production with commodities (rules/cities-and-knights.md §5).

A settlement takes 1 card of its hex's resource. A city takes 2 on hills and
fields, and 1 resource + 1 commodity on forest (paper), pasture (cloth) and
mountains (coin), never 2 resources there. The robber's hex produces
nothing. The bank's shortage rule of the base game applies to each of the
eight card kinds separately: if the bank cannot pay every claim on a kind,
a single claimant takes what is left, several take nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rulesets.base.board import Board
from engine.rulesets.ck.cards import COMMODITY_FROM, HAND


def produce(
    board: Board,
    total: int,
    robber: int,
    owner: Sequence[int],
    level: Sequence[int],
    bank: list[int],
    hands: list[int],
    stride: int,
) -> dict[str, dict[str, int]]:
    """Pay a roll of `total` from `bank` into `hands`: seat (a string, in seat order) ->
    kind's name -> cards paid: the production event's `gains`.

    The claims are gathered per card kind first (a city on forest, pasture or
    mountains claims 1 resource and 1 commodity), then each kind is paid under
    the shortage rule, kinds in card order. Written for the hot path: a roll
    touches one or two hexes.
    """
    claims: dict[int, dict[int, int]] = {}
    hex_vertices = board.grid.hex_vertices
    resource = board.resource
    for h in board.hexes_by_number[total]:
        r = resource[h]
        if h == robber or r < 0:
            continue
        commodity = _COMMODITY[r]
        by_seat = None
        for v in hex_vertices[h]:
            p = owner[v]
            if p < 0:
                continue
            if by_seat is None:
                by_seat = claims.setdefault(r, {})
            lvl = level[v]
            if lvl == 2 and commodity >= 0:
                by_seat[p] = by_seat.get(p, 0) + 1
                extra = claims.setdefault(commodity, {})
                extra[p] = extra.get(p, 0) + 1
            else:
                by_seat[p] = by_seat.get(p, 0) + lvl
    gains: dict[str, dict[str, int]] = {}
    if not claims:
        return gains
    for r in sorted(claims) if len(claims) > 1 else claims:
        by_seat = claims[r]
        if len(by_seat) == 1:
            for p, cards in by_seat.items():
                cards = min(cards, bank[r])
                if cards:
                    bank[r] -= cards
                    hands[p * stride + r] += cards
                    gains.setdefault(_SEAT[p], {})[_NAMES[r]] = cards
            continue
        if sum(by_seat.values()) > bank[r]:
            continue  # a shortage shared by several seats: nobody is paid
        for p, cards in by_seat.items():
            bank[r] -= cards
            hands[p * stride + r] += cards
            gains.setdefault(_SEAT[p], {})[_NAMES[r]] = cards
    if len(gains) > 1:
        return dict(sorted(gains.items()))
    return gains


_SEAT = tuple(str(p) for p in range(10))
"""A seat's number as the events' key: seats sort the same way as strings."""
_COMMODITY = tuple(COMMODITY_FROM.get(r, -1) for r in range(len(HAND.names)))
_NAMES = HAND.names
