"""Where a knight may go along its owner's roads (rules/cities-and-knights.md §10.5).

A knight moves along a continuous chain of its owner's roads. It passes
through vertices holding its owner's own pieces (buildings, knights), never
through a rival's; it stops on an empty vertex, or (displacing) on a rival
knight weaker than itself, beyond which it cannot go.
"""

from __future__ import annotations

from collections.abc import Sequence


def reachable(
    start: int,
    seat: int,
    strength: int,
    edge_owner: Sequence[int],
    vertex_edges: Sequence[Sequence[int]],
    edge_vertices: Sequence[Sequence[int]],
    building_owner: Sequence[int],
    knight_owner: Sequence[int],
    knight_level: Sequence[int],
) -> list[int]:
    """The vertices a knight of `seat` at `start` may move to, sorted.

    `strength` 0 finds empty vertices only (a displaced knight's retreat).
    """
    seen = {start}
    todo = [start]
    out: list[int] = []
    while todo:
        u = todo.pop()
        for e in vertex_edges[u]:
            if edge_owner[e] != seat:
                continue
            a, b = edge_vertices[e]
            w = b if a == u else a
            if w in seen:
                continue
            seen.add(w)
            b_owner = building_owner[w]
            k_owner = knight_owner[w]
            if b_owner >= 0:
                if b_owner == seat and (k_owner < 0 or k_owner == seat):
                    todo.append(w)
                continue
            if k_owner >= 0:
                if k_owner == seat:
                    todo.append(w)
                elif knight_level[w] < strength:
                    out.append(w)
                continue
            out.append(w)
            todo.append(w)
    out.sort()
    return out
