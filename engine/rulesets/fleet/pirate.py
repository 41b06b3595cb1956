"""What the pirate does where it lands (rules §10.2), as a pure function of the fleets.

Every ship on one of the six edges of the pirate's hex is sunk, the mover's
own included, except that a fleet of exactly two ships is spared whole. A
fleet cut into several pieces is kept as one piece of its owner's choice.
Only a seat that lost a ship there (not a spared one) may then be robbed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from engine.rulesets.fleet.fleet import Path, pieces_after, ship_edges

SPARED_SIZE = 2


@dataclass(frozen=True)
class Raid:
    sunk: dict[int, list[int]]  # seat -> the edges of its ships sunk
    spared: list[int]  # seats whose 2-ship fleet lay on the hex and was let go
    pieces: dict[int, list[Path]]  # seat -> what is left of its fleet (several: it chooses)


def raid(
    fleets: Sequence[Path], hex_edges: Collection[int], edge_between: Callable[[int, int], int]
) -> Raid:
    sunk: dict[int, list[int]] = {}
    spared: list[int] = []
    pieces: dict[int, list[Path]] = {}
    for seat, path in enumerate(fleets):
        if not path:
            continue
        hit = [e for e in ship_edges(path, edge_between) if e in hex_edges]
        if not hit:
            continue
        if len(path) - 1 == SPARED_SIZE:
            spared.append(seat)
            continue
        sunk[seat] = hit
        pieces[seat] = pieces_after(path, set(hit), edge_between)
    return Raid(sunk, spared, pieces)
