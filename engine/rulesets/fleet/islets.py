"""The islets' special victory-point chips (rules §11): to the strict majority of points.

Points on an islet are 1 per settlement and 2 per city. The chip belongs to
the one seat with the most points there; with nobody there, or a tie for the
most, it lies unowned (returned, even by a seat that held it).
"""

from __future__ import annotations

from collections.abc import Sequence


def islet_points(
    vertices: Sequence[int], owner: Sequence[int], level: Sequence[int], seats: int
) -> list[int]:
    points = [0] * seats
    for v in vertices:
        if owner[v] >= 0:
            points[owner[v]] += level[v]
    return points


def chip_holder(points: Sequence[int]) -> int:
    """The seat with strictly the most points, or -1 (nobody there, or a tie)."""
    best = max(points, default=0)
    if best <= 0 or points.count(best) > 1:
        return -1
    return points.index(best)
