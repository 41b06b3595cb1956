"""Longest trail of one player's roads on a vertex/edge graph, and who holds the card.

Shared by every ruleset with roads (or ship routes) on a graph: the graph comes
in as adjacency tables, the player's pieces as a set of edge ids, and a vertex
is blocked when an opponent's building stands on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def longest_trail(
    own_edges: set[int],
    edge_vertices: Sequence[tuple[int, int]],
    vertex_edges: Sequence[tuple[int, ...]],
    blocked: Callable[[int], bool],
) -> int:
    """Length of the longest trail (each edge used once) through unblocked vertices."""
    if not own_edges:
        return 0
    best = 0
    used: set[int] = set()

    def walk(vertex: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if blocked(vertex):
            return
        for e in vertex_edges[vertex]:
            if e in own_edges and e not in used:
                used.add(e)
                a, b = edge_vertices[e]
                walk(b if a == vertex else a, length + 1)
                used.discard(e)

    for e in own_edges:
        for end in edge_vertices[e]:
            used.add(e)
            walk(end, 1)
            used.discard(e)
    return best


def award_longest(lengths: Sequence[int], holder: int, minimum: int = 5) -> int:
    """The new holder (-1 for nobody) after lengths changed (rules/catan.md §12.2)."""
    top = max(lengths)
    leaders = [p for p, n in enumerate(lengths) if n == top]
    if holder >= 0 and lengths[holder] >= minimum and lengths[holder] >= top:
        return holder
    if top >= minimum and len(leaders) == 1:
        return leaders[0]
    return -1


def award_largest(counts: Sequence[int], holder: int, minimum: int = 3) -> int:
    """The holder of a "most X" card that is never lost once won (Largest Army)."""
    best = holder
    for p, n in enumerate(counts):
        if n >= minimum and (best < 0 or n > counts[best]):
            best = p
    return best
