"""The longest trail searched from a few start vertices equals a search from every edge end.

The reference below is the search as it was before start vertices were
pruned (every edge, both directions); both run on random road networks of
the base grid, with random blocked vertices, loops and branches included.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from engine.rulesets.base.board import base_grid
from engine.shared.longest_road import longest_trail

SEED_NETWORKS = 2026


def reference_trail(
    own_edges: set[int],
    edge_vertices: Sequence[tuple[int, int]],
    vertex_edges: Sequence[tuple[int, ...]],
    blocked: Callable[[int], bool],
) -> int:
    best = 0
    used: set[int] = set()

    def walk(vertex: int, length: int) -> None:
        nonlocal best
        best = max(best, length)
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


def _network(rng: random.Random, size: int) -> set[int]:
    """Connected-ish growth from a random edge, with a few separate pieces."""
    grid = base_grid()
    edges: set[int] = set()
    for _ in range(rng.randint(1, 3)):
        edges.add(rng.randrange(grid.num_edges))
        for _ in range(size):
            e = rng.choice(sorted(edges))
            v = rng.choice(grid.edge_vertices[e])
            edges.add(rng.choice(grid.vertex_edges[v]))
    return edges


@pytest.mark.parametrize("case", range(300))
def test_pruned_search_equals_the_full_one(case: int) -> None:
    rng = random.Random(SEED_NETWORKS * 1000 + case)
    grid = base_grid()
    own = _network(rng, rng.randint(1, 14))
    blocked_set = {v for v in range(grid.num_vertices) if rng.random() < 0.12}
    blocked = blocked_set.__contains__
    got = longest_trail(own, grid.edge_vertices, grid.vertex_edges, blocked)
    assert got == reference_trail(own, grid.edge_vertices, grid.vertex_edges, blocked)


def test_a_lone_loop_is_counted_whole() -> None:
    grid = base_grid()
    corners = set(grid.hex_vertices[0])
    ring = {e for e, (a, b) in enumerate(grid.edge_vertices) if a in corners and b in corners}
    assert len(ring) == 6
    assert longest_trail(ring, grid.edge_vertices, grid.vertex_edges, lambda _: False) == 6
