"""Board fixtures (rules/catan.md §2-4): geometry counts, beginner layout, spiral, harbours."""

from __future__ import annotations

from collections import Counter

import pytest
from basefix import fresh

from engine.rulesets.base.board import RESOURCES
from engine.shared.hexgrid import distance

# §4.1, transcribed independently of the engine's table.
BEGINNER_TABLE = """
0,-2 mountains 10 | 1,-2 pasture 2 | 2,-2 forest 9
-1,-1 fields 12 | 0,-1 hills 6 | 1,-1 pasture 4 | 2,-1 hills 10
-2,0 fields 9 | -1,0 forest 11 | 0,0 desert 0 | 1,0 forest 3 | 2,0 mountains 8
-2,1 forest 8 | -1,1 mountains 3 | 0,1 fields 4 | 1,1 pasture 5
-2,2 hills 5 | -1,2 fields 6 | 0,2 pasture 11
"""

# §4.2
LETTERS = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11]
PATH = [
    (0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 2), (0, 2), (1, 1), (2, 0), (2, -1),
    (2, -2), (1, -2), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, 0),
]  # fmt: skip

# §4.3: land hex, sea hex, type.
HARBOURS = [
    ((0, -2), (0, -3), "3:1"),
    ((1, -2), (2, -3), "grain"),
    ((2, -1), (3, -2), "ore"),
    ((2, 0), (3, 0), "3:1"),
    ((1, 1), (1, 2), "wool"),
    ((-1, 2), (-1, 3), "3:1"),
    ((-2, 2), (-3, 3), "3:1"),
    ((-2, 1), (-3, 1), "brick"),
    ((-1, -1), (-2, -1), "lumber"),
]


def _cells(board_json: dict) -> dict[tuple[int, int], tuple[str, int]]:  # type: ignore[type-arg]
    return {(h["q"], h["r"]): (h["terrain"], h["number"]) for h in board_json["hexes"]}


def test_geometry_counts() -> None:
    grid = fresh().board.grid
    assert len(grid.land) == 19
    assert grid.num_vertices == 54
    assert grid.num_edges == 72
    land = set(grid.land)
    assert land == {(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2}
    coast = [e for e in grid.edge_hexes2 if len(e & land) == 1]
    assert len(coast) == 30
    assert all(len(e & land) >= 1 for e in grid.edge_hexes2)
    assert all(len(v & land) >= 1 for v in grid.vertex_hexes3)
    # Adjacency tables agree with the hex-set definitions of §3.2.
    for e, (a, b) in enumerate(grid.edge_vertices):
        assert len(grid.vertex_hexes3[a] & grid.vertex_hexes3[b]) == 2
        assert grid.vertex_hexes3[a] & grid.vertex_hexes3[b] == grid.edge_hexes2[e]
        assert b in grid.vertex_adjacent[a] and a in grid.vertex_adjacent[b]
    degrees = Counter(len(adj) for adj in grid.vertex_adjacent)
    assert set(degrees) == {2, 3}
    assert sum(len(es) for es in grid.vertex_edges) == 2 * 72
    for h, corners in enumerate(grid.hex_vertices):
        assert len(set(corners)) == 6
        assert all(grid.land[h] in grid.vertex_hexes3[v] for v in corners)
        assert len(set(grid.hex_edges[h])) == 6


def test_harbours() -> None:
    board = fresh().board
    grid = board.grid
    land = set(grid.land)
    got = [
        (grid.land[h.land], h.sea, "3:1" if h.kind == 5 else RESOURCES[h.kind])
        for h in board.harbours
    ]
    assert got == HARBOURS
    vertices = [v for h in board.harbours for v in h.vertices]
    assert len(vertices) == 18 and len(set(vertices)) == 18
    for h in board.harbours:
        e = grid.edge_id(grid.land[h.land], h.sea)
        assert set(grid.edge_vertices[e]) == set(h.vertices)
        assert len(grid.edge_hexes2[e] & land) == 1  # a coast edge
        assert distance(h.sea, (0, 0)) == 3
    harbour_of = [board.vertex_harbour[v] for v in range(54)]
    assert sum(1 for k in harbour_of if k >= 0) == 18
    assert Counter(h.kind for h in board.harbours) == Counter({5: 4, 0: 1, 1: 1, 2: 1, 3: 1, 4: 1})


def test_shuffled_harbours_keep_positions_and_kinds() -> None:
    """Seeds 0-9 with shuffle_harbours: same spots, same multiset of kinds, not always in order."""
    orders = set()
    for seed in range(10):
        board = fresh(4, seed, board="random", shuffle_harbours=True).board
        assert [(h.land, h.sea) for h in board.harbours] == [
            (fresh().board.grid.hex_id(a), b) for a, b, _ in HARBOURS
        ]
        kinds = [h.kind for h in board.harbours]
        assert Counter(kinds) == Counter({5: 4, 0: 1, 1: 1, 2: 1, 3: 1, 4: 1})
        orders.add(tuple(kinds))
    assert len(orders) > 1


def test_beginner_layout_matches_the_rules() -> None:
    expected = {}
    for line in BEGINNER_TABLE.strip().splitlines():
        for cell in line.split("|"):
            coord, terrain, number = cell.split()
            q, r = (int(x) for x in coord.split(","))
            expected[(q, r)] = (terrain, int(number))
    assert len(expected) == 19
    game = fresh(4, seed=99, board="beginner")
    assert _cells(game.board.to_json()) == expected
    assert game.board.grid.land[game.robber] == (0, 0)


def _rotate(h: tuple[int, int], k: int) -> tuple[int, int]:
    for _ in range(k):
        h = (h[0] + h[1], -h[0])
    return h


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_variable_board_letter_spiral(seed: int) -> None:
    """Terrain counts per §2.1 and numbers along the letter spiral, skipping the desert."""
    game = fresh(4, seed, board="random")
    cells = _cells(game.board.to_json())
    assert Counter(t for t, _ in cells.values()) == {
        "hills": 3, "forest": 4, "pasture": 4, "fields": 4, "mountains": 3, "desert": 1,
    }  # fmt: skip
    desert = next(h for h, (t, _) in cells.items() if t == "desert")
    assert cells[desert][1] == 0
    assert game.board.grid.land[game.robber] == desert
    starts = []
    for k in range(6):
        path = [_rotate(h, k) for h in PATH]
        numbers = [cells[h][1] for h in path if h != desert]
        if numbers == LETTERS:
            starts.append(k)
    assert starts, "numbers do not follow the letter spiral from any corner"


def test_spiral_start_corners_vary() -> None:
    """Seeds 0-59: the spiral starts from several corners and the desert moves around."""
    corners, deserts = set(), set()
    for seed in range(60):
        cells = _cells(fresh(4, seed, board="random").board.to_json())
        desert = next(h for h, (t, _) in cells.items() if t == "desert")
        deserts.add(desert)
        for k in range(6):
            if [cells[_rotate(h, k)][1] for h in PATH if _rotate(h, k) != desert] == LETTERS:
                corners.add(k)
    assert len(corners) >= 4 and len(deserts) >= 8


def test_harbour_spacing_along_the_coast() -> None:
    """§4.3: going around the coast, harbours are 3, 3, 4, 3, 3, 4, 3, 3, 4 coast edges apart."""
    import math

    grid = fresh().board.grid
    land = set(grid.land)

    def centre(h: tuple[int, int]) -> tuple[float, float]:
        return (math.sqrt(3) * (h[0] + h[1] / 2), 1.5 * h[1])

    def angle(e: frozenset[tuple[int, int]]) -> float:
        (x1, y1), (x2, y2) = (centre(h) for h in e)
        return math.atan2((y1 + y2) / 2, (x1 + x2) / 2)  # y down: growing angle is clockwise

    coast = sorted((e for e in grid.edge_hexes2 if len(e & land) == 1), key=angle)
    assert len(coast) == 30
    spots = sorted(coast.index(frozenset((land_hex, sea))) for land_hex, sea, _ in HARBOURS)
    gaps = [(spots[(i + 1) % 9] - spots[i]) % 30 for i in range(9)]
    pattern = [3, 3, 4] * 3
    assert any(gaps == pattern[k:] + pattern[:k] for k in range(3)), gaps
    # And the listed order is clockwise around the island.
    order = [coast.index(frozenset((land_hex, sea))) for land_hex, sea, _ in HARBOURS]
    k = order.index(min(order))
    assert order[k:] + order[:k] == sorted(order)


def test_ids_follow_screen_order() -> None:
    """§3.2 [D]: vertex, edge and hex ids run top to bottom, then left to right."""
    grid = fresh().board.grid

    def key(xy: tuple[float, float]) -> tuple[float, float]:
        return (round(xy[1], 6), round(xy[0], 6))

    assert [key(xy) for xy in grid.vertex_xy] == sorted(key(xy) for xy in grid.vertex_xy)
    assert [key(xy) for xy in grid.edge_xy] == sorted(key(xy) for xy in grid.edge_xy)
    assert list(grid.land) == sorted(grid.land, key=lambda h: (h[1], h[0]))
    assert len(set(grid.vertex_xy)) == 54 and len(set(grid.edge_xy)) == 72
