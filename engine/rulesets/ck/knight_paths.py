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
    links: Sequence[Sequence[tuple[int, int]]],
    building_owner: Sequence[int],
    knight_owner: Sequence[int],
    knight_level: Sequence[int],
) -> list[int]:
    """The vertices a knight of `seat` at `start` may move to, sorted.

    `links[v]` lists (edge, other end) for the edges at `v` (`vertex_links`).
    `strength` 0 finds empty vertices only (a displaced knight's retreat).
    """
    seen = {start}
    todo = [start]
    out: list[int] = []
    while todo:
        u = todo.pop()
        for e, w in links[u]:
            if edge_owner[e] != seat or w in seen:
                continue
            seen.add(w)
            b_owner = building_owner[w]
            k_owner = knight_owner[w]
            if b_owner >= 0:
                if b_owner == seat:
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


_LINKS: dict[int, tuple[object, tuple[tuple[tuple[int, int], ...], ...]]] = {}


def vertex_links(
    vertex_edges: Sequence[Sequence[int]], edge_vertices: Sequence[Sequence[int]]
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per vertex, (edge, other end) for each of its edges; made once per grid.

    Cached by the identity of `vertex_edges`, which the cache keeps alive (so
    its id cannot be reused by another grid's table).
    """
    found = _LINKS.get(id(vertex_edges))
    if found is not None and found[0] is vertex_edges:
        return found[1]
    links = tuple(
        tuple((e, b if a == v else a) for e in edges for a, b in (edge_vertices[e],))
        for v, edges in enumerate(vertex_edges)
    )
    _LINKS[id(vertex_edges)] = (vertex_edges, links)
    return links
