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
from engine.rulesets.ck.cards import COMMODITY_FROM


def claims_of(
    board: Board, total: int, robber: int, owner: Sequence[int], level: Sequence[int]
) -> dict[int, dict[int, int]]:
    """Card kind -> seat -> cards owed for a roll of `total`."""
    claims: dict[int, dict[int, int]] = {}
    hex_vertices = board.grid.hex_vertices
    resource = board.resource
    for h in board.hexes_by_number[total]:
        r = resource[h]
        if h == robber or r < 0:
            continue
        commodity = COMMODITY_FROM.get(r)
        by_seat = None
        for v in hex_vertices[h]:
            p = owner[v]
            if p < 0:
                continue
            if by_seat is None:
                by_seat = claims.setdefault(r, {})
            if level[v] == 2 and commodity is not None:
                by_seat[p] = by_seat.get(p, 0) + 1
                extra = claims.setdefault(commodity, {})
                extra[p] = extra.get(p, 0) + 1
            else:
                by_seat[p] = by_seat.get(p, 0) + level[v]
    return claims


def pay(
    claims: dict[int, dict[int, int]],
    bank: list[int],
    hands: list[int],
    stride: int,
    names: Sequence[str],
) -> dict[int, dict[str, int]]:
    """Pay `claims` from `bank` under the shortage rule; seat -> kind's name -> cards paid."""
    gains: dict[int, dict[str, int]] = {}
    for r in sorted(claims) if len(claims) > 1 else claims:
        by_seat = claims[r]
        if sum(by_seat.values()) > bank[r]:
            if len(by_seat) > 1:
                continue
            by_seat = {p: bank[r] for p in by_seat}
        for p, cards in by_seat.items():
            if cards:
                bank[r] -= cards
                hands[p * stride + r] += cards
                gains.setdefault(p, {})[names[r]] = cards
    return gains
