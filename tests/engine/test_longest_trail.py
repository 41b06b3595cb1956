"""The longest trail searched from a few start vertices equals a search from every edge end.

The reference below is the search as it was before start vertices were
pruned (every edge, both directions); both run on random road networks of
the base grid, with random blocked vertices, loops and branches included.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from engine.config import GameConfig
from engine.registry import new_game
from engine.rulesets.base.board import base_grid
from engine.shared.longest_road import longest_trail, longest_trail_from

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


SEED_GAMES = 77


@pytest.mark.parametrize("case", range(300))
def test_a_road_at_a_network_end_measured_from_there_equals_the_full_search(case: int) -> None:
    """`longest_trail_from` plus the road equals the whole search when the road ends a network.

    The new road `e` has nothing of its owner's at one end; the longest trail
    is then the old one or `e` followed by the longest trail from its other end.
    """
    rng = random.Random(SEED_NETWORKS * 7000 + case)
    grid = base_grid()
    ev, ve = grid.edge_vertices, grid.vertex_edges
    own = _network(rng, rng.randint(1, 14))
    blocked_set = {v for v in range(grid.num_vertices) if rng.random() < 0.12}
    blocked = blocked_set.__contains__
    touched = {v for e in own for v in ev[e]}
    ends = [
        (e, inner)
        for e in range(grid.num_edges)
        if e not in own
        for inner, outer in (ev[e], ev[e][::-1])
        if inner in touched and outer not in touched
    ]
    e, inner = rng.choice(ends)
    before = reference_trail(own, ev, ve, blocked)
    through = 1 if blocked(inner) else 1 + longest_trail_from(inner, own | {e}, ev, ve, blocked, e)
    assert max(before, through) == reference_trail(own | {e}, ev, ve, blocked)


def test_road_lengths_stay_exact_when_roads_are_measured_from_network_ends() -> None:
    """After every road and settlement of seeded random games, each seat's road length is
    the whole search's (`_trail_after_road` searches only from the new road's inner end)."""
    checked = 0
    for seed in range(SEED_GAMES, SEED_GAMES + 40):
        game = new_game(GameConfig("base", 3 + seed % 2, seed, {}))
        play = random.Random(seed)
        while game.to_act is not None and game.turn <= 1000:
            legal = [
                a for a in game.legal_actions() if a.type not in ("offer_trade", "counter_trade")
            ]
            action = play.choice(legal)
            game.apply(action)
            if action.type in ("build_road", "build_settlement"):
                seats = range(game.config.seats)
                assert game.road_length == [game._trail(p) for p in seats], (seed, game.num_actions)
                checked += 1
    assert checked > 1000
