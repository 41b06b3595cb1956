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
    """Length of the longest trail (each edge used once) through unblocked vertices.

    A trail may start or end on a blocked vertex but not pass through one.
    Each network (connected piece of the player's roads) is measured apart.
    A plain line or loop with nothing blocking inside is one trail of all its
    roads. Other networks are searched from a few start vertices only: where
    the roads do not simply pass through (one road, three, or a blocked
    vertex). That loses nothing: a longest trail starting where two roads
    meet on a free vertex either could be made longer by the other road, or
    is a closed loop, which can be started from any of its vertices, one of
    them a start vertex (a network of loops only is a plain loop).
    """
    if not own_edges:
        return 0
    degree: dict[int, int] = {}
    for e in own_edges:
        a, b = edge_vertices[e]
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    stops = {v for v in degree if blocked(v)}  # asked once per vertex, not once per visit
    best = 0
    starts: list[int] = []
    seen: set[int] = set()
    for root in degree:
        if root in seen:
            continue
        seen.add(root)
        network = [root]
        roads = 0
        for v in network:  # grows while it is walked: breadth-first over the network
            for e in vertex_edges[v]:
                if e in own_edges:
                    a, b = edge_vertices[e]
                    w = b if a == v else a
                    roads += 1  # each road is met from both of its ends
                    if w not in seen:
                        seen.add(w)
                        network.append(w)
        ends: list[int] = []
        plain = True  # a line or a loop, open all along
        for v in network:
            d = degree[v]
            if d != 2:
                ends.append(v)
                plain = plain and d == 1
            elif v in stops:
                ends.append(v)
                plain = False
        if plain:
            best = max(best, roads // 2)  # one trail of all its roads
        else:
            starts.extend(ends)
    used: set[int] = set()

    def walk(vertex: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if vertex in stops:
            return
        for e in vertex_edges[vertex]:
            if e in own_edges and e not in used:
                used.add(e)
                a, b = edge_vertices[e]
                walk(b if a == vertex else a, length + 1)
                used.discard(e)

    for start in starts:
        for e in vertex_edges[start]:
            if e in own_edges:
                used.add(e)
                a, b = edge_vertices[e]
                walk(b if a == start else a, 1)
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
