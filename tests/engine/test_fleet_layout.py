"""The Catan Fleet map (rules/catan-fleet.md §5) loaded through the hex layouts.

Every fact below is transcribed from the spec, not read from the layout file.
"""

from __future__ import annotations

from collections import Counter, deque

import pytest

from engine.rng import Rng
from engine.rulesets.base.board import GENERIC, RESOURCES, Board, make_board
from engine.shared.hexgrid import DIRECTIONS, add
from engine.shared.layout import load_layout

SEED_FLEET = 7  # the Fleet map is fixed: any seed makes the same board

# §5.3: hex -> (island, terrain, number).
LAND = {
    (-2, -2): ("W", "forest", 5),
    (-3, -1): ("W", "fields", 8),
    (-2, -1): ("W", "pasture", 10),
    (-4, 0): ("W", "desert", 0),
    (-3, 0): ("W", "hills", 9),
    (-4, 1): ("W", "forest", 4),
    (-3, 1): ("W", "pasture", 6),
    (-4, 2): ("W", "mountains", 3),
    (4, -2): ("E", "forest", 9),
    (4, -1): ("E", "fields", 6),
    (3, -1): ("E", "pasture", 4),
    (4, 0): ("E", "desert", 0),
    (3, 0): ("E", "hills", 5),
    (3, 1): ("E", "forest", 10),
    (2, 1): ("E", "pasture", 8),
    (2, 2): ("E", "mountains", 11),
    (0, -3): ("I1", "fields", 9),
    (0, -2): ("I1", "mountains", 6),
    (3, -3): ("I2", "fields", 5),
    (2, -2): ("I2", "mountains", 8),
    (0, 0): ("I3", "forest", 3),
    (-3, 3): ("I4", "hills", 11),
    (-2, 2): ("I4", "gold", 4),
    (0, 3): ("I5", "hills", 3),
    (0, 2): ("I5", "gold", 10),
}
SEA = """(-1,-3) (1,-3) (2,-3) (4,-3) · (-1,-2) (1,-2) (3,-2) · (-1,-1) (0,-1) (1,-1) (2,-1)
(-2,0) (-1,0) (1,0) (2,0) · (-2,1) (-1,1) (0,1) (1,1) · (-3,2) (-1,2) (1,2)
(-4,3) (-2,3) (-1,3) (1,3)"""
# §5.5: land hex, other side, kind, navigable.
HARBOURS = [
    ((-3, -1), (-3, -2), "3:1", False),
    ((-4, 1), (-5, 1), "wool", False),
    ((-2, -1), (-1, -1), "brick", True),
    ((-4, 2), (-4, 3), "3:1", True),
    ((4, -1), (5, -2), "3:1", False),
    ((3, 1), (4, 1), "lumber", False),
    ((3, -1), (2, -1), "grain", True),
    ((2, 2), (1, 3), "3:1", True),
    ((0, 0), (0, -1), "ore", True),
]
# §5.4: island -> (hexes, land vertices).
ISLANDS = {"W": (8, 28), "E": (8, 28), "I1": (2, 10), "I2": (2, 10), "I3": (1, 6)}
ISLANDS |= {"I4": (2, 10), "I5": (2, 10)}
# §5.6: shortest ship-edge distance between the vertex sets of two islands.
SHIP_DISTANCE = {
    ("W", "I1"): 1,
    ("W", "I4"): 1,
    ("W", "I3"): 3,
    ("W", "I2"): 5,
    ("W", "I5"): 5,
    ("W", "E"): 8,
    ("E", "I2"): 1,
    ("E", "I5"): 1,
    ("E", "I3"): 3,
    ("E", "I1"): 5,
    ("E", "I4"): 5,
}


def _sea() -> set[tuple[int, int]]:
    return {
        (int(q), int(r)) for q, r in (c.strip("()").split(",") for c in SEA.split() if c != "·")
    }


@pytest.fixture(scope="module")
def board() -> Board:
    return make_board("fleet", Rng(SEED_FLEET))


def _island_names(board: Board) -> dict[int, str]:
    """Grid island id -> the spec's name, through the hexes of §5.3."""
    grid = board.grid
    names: dict[int, str] = {}
    for h, (name, _, _) in LAND.items():
        island = grid.hex_island[grid.hex_id(h)]
        assert names.setdefault(island, name) == name
    return names


def test_shape_51_hexes_in_rows_of_6_to_9(board: Board) -> None:
    grid = board.grid
    assert grid.num_hexes == 51
    assert set(grid.hexes) == {
        (q, r) for q in range(-4, 5) for r in range(-3, 4) if abs(q + r) <= 4
    }
    assert Counter(r for _, r in grid.hexes) == {-3: 6, -2: 7, -1: 8, 0: 9, 1: 8, 2: 7, 3: 6}
    leftmost = {r: min(q for q, rr in grid.hexes if rr == r) for r in range(-3, 4)}
    assert leftmost == {-3: -1, -2: -2, -1: -3, 0: -4, 1: -4, 2: -4, 3: -4}


def test_land_and_sea_hexes(board: Board) -> None:
    grid = board.grid
    assert grid.num_land == 25 and len(grid.sea) == 26
    assert set(grid.land) == set(LAND) and set(grid.sea) == _sea()
    # Land hexes take ids 0..24 and sea hexes 25..50.
    assert all(grid.is_land(grid.hex_id(h)) for h in LAND)
    assert all(not grid.is_land(grid.hex_id(h)) for h in _sea())
    got = {h: (board.terrain[i], board.number[i]) for i, h in enumerate(grid.hexes)}
    assert got == {h: (t, n) for h, (_, t, n) in LAND.items()} | {h: ("sea", 0) for h in _sea()}
    counts = Counter(t for t in board.terrain if t != "sea")
    assert counts == {
        "forest": 5, "pasture": 4, "fields": 4, "hills": 4, "mountains": 4, "gold": 2, "desert": 2,
    }  # fmt: skip


def test_two_deserts_two_gold_fields_and_the_robber(board: Board) -> None:
    grid = board.grid
    assert sorted(grid.hexes[h] for h in board.deserts) == [(-4, 0), (4, 0)]
    assert sorted(grid.hexes[h] for h in board.gold_fields) == [(-2, 2), (0, 2)]
    assert grid.hexes[board.desert] == (-4, 0)  # the robber starts on the W desert (§6)
    assert board.resource[board.gold_fields[0]] == board.resource[board.gold_fields[1]]
    assert all(board.resource[h] < 0 for h in board.deserts)


def test_number_chips(board: Board) -> None:
    grid = board.grid
    chips = Counter(n for n in board.number if n)
    assert chips == {3: 3, 4: 3, 5: 3, 6: 3, 8: 3, 9: 3, 10: 3, 11: 2}
    assert sum(chips.values()) == 23
    assert sorted(load_layout("fleet").dealt_numbers) == [2, 2, 12, 12]
    red = {grid.hexes[i] for i, n in enumerate(board.number) if n in (6, 8)}
    assert not any(add(h, d) in red for h in red for d in DIRECTIONS)
    # hexes_by_number lists every numbered land hex, gold fields included.
    listed = sorted(h for n in range(13) for h in board.hexes_by_number[n])
    assert listed == sorted(i for i, n in enumerate(board.number) if n)


def test_mirror_symmetry(board: Board) -> None:
    """§5.2: land and sea mirror left-right and top-bottom; terrain mirrors left-right, and
    numbers as 14 - n (but the centre's 3)."""
    kind = {h: board.terrain[i] for i, h in enumerate(board.grid.hexes)}
    number = {h: board.number[i] for i, h in enumerate(board.grid.hexes)}
    for (q, r), t in kind.items():
        assert kind[(-q - r, r)] == t
        assert (kind[(q + r, -r)] == "sea") == (t == "sea")
        if number[(q, r)] and (q, r) != (0, 0):
            assert number[(-q - r, r)] == 14 - number[(q, r)]


def test_islands(board: Board) -> None:
    grid = board.grid
    assert len(grid.islands) == 7
    names = _island_names(board)
    assert sorted(names.values()) == sorted(ISLANDS)
    for island, members in enumerate(grid.islands):
        hexes, vertices = ISLANDS[names[island]]
        assert len(members) == hexes
        assert sum(1 for v in grid.land_vertices if grid.vertex_island[v] == island) == vertices
    # Every land vertex touches exactly one island; sea hexes have none.
    for v in grid.land_vertices:
        assert {grid.hex_island[h] for h in grid.vertex_land[v]} == {grid.vertex_island[v]}
    assert all(grid.hex_island[h] == -1 for h in range(25, 51))
    # The layout's island names agree with the grid's connected components.
    for name, hexes_of in load_layout("fleet").islands:
        ids = {grid.hex_island[grid.hex_id(h)] for h in hexes_of}
        assert len(ids) == 1 and names[ids.pop()] == name
        assert len(hexes_of) == ISLANDS[name][0]


def test_legal_position_counts(board: Board) -> None:
    """§5.6 fixtures: 102 vertices on land, 120 road edges, 98 ship edges, 60 of them coast."""
    grid = board.grid
    hexes = set(grid.hexes)
    land = set(grid.land)
    assert len(grid.land_vertices) == 102
    assert len(grid.land_edges) == 120
    assert len(grid.navigable_edges) == 98
    both = [e for e in grid.navigable_edges if e in set(grid.land_edges)]
    assert len(both) == 60
    for e, pair in enumerate(grid.edge_hexes2):
        on_board = pair <= hexes
        assert grid.edge_rim[e] == (not on_board)
        assert grid.edge_navigable[e] == (on_board and not pair <= land)
        assert grid.edge_sea_sea[e] == (on_board and not pair & land)
        if grid.edge_rim[e]:
            assert not grid.edge_navigable[e]  # the rim is never navigable
    # Every vertex and edge touches the grid; no road edge is sea-sea.
    assert all(v & hexes for v in grid.vertex_hexes3)
    assert all(e & hexes for e in grid.edge_hexes2)
    assert not any(grid.edge_sea_sea[e] for e in grid.land_edges)


def test_harbours(board: Board) -> None:
    grid = board.grid
    got = [
        (grid.hexes[h.land], h.sea, "3:1" if h.kind == GENERIC else RESOURCES[h.kind])
        for h in board.harbours
    ]
    assert got == [(a, b, k) for a, b, k, _ in HARBOURS]
    assert Counter(k for _, _, k, _ in HARBOURS) == Counter(["3:1"] * 4 + list(RESOURCES))
    vertices = [v for h in board.harbours for v in h.vertices]
    assert len(set(vertices)) == 18
    for harbour, (_, _, _, navigable) in zip(board.harbours, HARBOURS, strict=True):
        e = grid.edge_id(grid.hexes[harbour.land], harbour.sea)
        assert grid.edge_coast[e]
        assert grid.edge_navigable[e] == navigable
        assert grid.edge_rim[e] == (not navigable)
        assert set(grid.edge_vertices[e]) == set(harbour.vertices)
        assert all(board.vertex_harbour[v] == harbour.kind for v in harbour.vertices)


def test_ship_distances_between_islands(board: Board) -> None:
    """§5.6: shortest paths along ship edges between the islands' vertex sets."""
    grid = board.grid
    names = _island_names(board)
    by_name: dict[str, set[int]] = {}
    for v in grid.land_vertices:
        by_name.setdefault(names[grid.vertex_island[v]], set()).add(v)
    ship_adjacent: dict[int, list[int]] = {}
    for e in grid.navigable_edges:
        a, b = grid.edge_vertices[e]
        ship_adjacent.setdefault(a, []).append(b)
        ship_adjacent.setdefault(b, []).append(a)

    def ship_distance(src: set[int], dst: set[int]) -> int:
        seen = dict.fromkeys(src, 0)
        todo = deque(src)
        while todo:
            v = todo.popleft()
            if v in dst:
                return seen[v]
            for w in ship_adjacent.get(v, ()):
                if w not in seen:
                    seen[w] = seen[v] + 1
                    todo.append(w)
        raise AssertionError("unreachable")

    for (a, b), expected in SHIP_DISTANCE.items():
        assert ship_distance(by_name[a], by_name[b]) == expected, (a, b)
    islets = ["I1", "I2", "I3", "I4", "I5"]
    for i, a in enumerate(islets):
        for b in islets[i + 1 :]:
            assert ship_distance(by_name[a], by_name[b]) >= 2


def test_no_home_vertex_touches_gold(board: Board) -> None:
    """§6.7: gold never pays at setup on this map."""
    grid = board.grid
    names = _island_names(board)
    gold = set(board.gold_fields)
    for v in grid.land_vertices:
        if names[grid.vertex_island[v]] in ("W", "E"):
            assert not gold & set(grid.vertex_land[v])


def test_the_board_does_not_depend_on_the_seed(board: Board) -> None:
    rng = Rng(SEED_FLEET + 1)
    assert make_board("fleet", rng).to_json() == board.to_json()
    assert rng.state == SEED_FLEET + 1  # a fixed layout draws nothing


def test_home_islands_islet_chips_and_the_centre() -> None:
    """§4, §5.4, §5.6: setup on W and E; a 1-VP chip per islet; the centre is (0, 0)."""
    layout = load_layout("fleet")
    assert layout.home_islands == ("W", "E")
    assert dict(layout.island_vp) == {"I1": 1, "I2": 1, "I3": 1, "I4": 1, "I5": 1}
    assert layout.centre == (0, 0)


def test_a_layout_naming_an_unknown_island_is_refused() -> None:
    from engine.shared.layout import LayoutError, parse_layout

    data = {
        "name": "t",
        "hexes": [{"q": 0, "r": 0, "terrain": "desert", "number": 0}],
        "home_islands": ["X"],
    }
    with pytest.raises(LayoutError, match="islands not named under 'islands': X"):
        parse_layout(data)
