"""The whole hex grid (land, sea, islands, what touches what) and the layout loader."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.rng import Rng
from engine.rulesets.base.board import GOLD, base_grid, make_board
from engine.shared.hexgrid import build_grid, hexes_within
from engine.shared.layout import LayoutError, load_layout, parse_layout

SEEDS_POOL = range(20)  # seeds for the two-desert test layout below


def test_base_grid_is_land_only() -> None:
    """The base board keeps an implicit sea: 19 hexes, no sea hexes, no ship edges."""
    grid = base_grid()
    assert grid.num_hexes == grid.num_land == 19 and grid.sea == ()
    assert grid.hexes == grid.land
    assert len(grid.land_vertices) == 54 and len(grid.land_edges) == 72
    assert grid.navigable_edges == () and not any(grid.edge_sea_sea)
    assert sum(grid.edge_coast) == 30 and sum(grid.edge_rim) == 30
    assert sum(grid.vertex_coast) == 30  # the 30 vertices round the island
    assert grid.islands == (tuple(range(19)),)
    assert set(grid.vertex_island) == {0}
    assert grid.bounds() == (
        min(x for x, _ in grid.vertex_xy),
        min(y for _, y in grid.vertex_xy),
        max(x for x, _ in grid.vertex_xy),
        max(y for _, y in grid.vertex_xy),
    )


def test_sea_ring_around_the_base_island() -> None:
    """Adding the 18-hex sea frame adds vertices and edges but keeps the land hex ids."""
    land = hexes_within(2)
    sea = [h for h in hexes_within(3) if h not in set(land)]
    grid = build_grid(land, sea)
    assert grid.land == base_grid().land
    assert grid.num_hexes == 37 and len(grid.sea) == 18
    assert [grid.hex_id(h) for h in grid.sea] == list(range(19, 37))
    assert len(grid.land_vertices) == 54 and len(grid.land_edges) == 72
    # Vertices and edges of the sea frame: radius 3 has 96 vertices and 132 edges.
    assert grid.num_vertices == 96 and grid.num_edges == 132
    # Coast edges now face sea hexes of the grid, so ships may use them; rim edges stay closed.
    assert sum(grid.edge_coast) == 30
    assert all(grid.edge_navigable[e] for e in range(grid.num_edges) if grid.edge_coast[e])
    assert sum(grid.edge_rim) == 6 * 7  # the outer edges of the frame
    assert not any(grid.edge_navigable[e] for e in range(grid.num_edges) if grid.edge_rim[e])
    # Navigable: the 30 coast edges and the 18 edges between neighbouring frame hexes.
    assert len(grid.navigable_edges) == 30 + 18 == 132 - 42 - 42
    assert sum(grid.edge_sea_sea) == 18
    # Every hex's six corners and edges are in the grid, sea hexes too.
    for h, corners in enumerate(grid.hex_vertices):
        assert len(set(corners)) == 6 and len(set(grid.hex_edges[h])) == 6
        assert all(grid.hexes[h] in grid.vertex_hexes3[v] for v in corners)
    for h, neighbours in enumerate(grid.hex_neighbours):
        assert h not in neighbours and all(h in grid.hex_neighbours[n] for n in neighbours)
    # Screen order within land and within sea.
    assert list(grid.sea) == sorted(grid.sea, key=lambda h: (h[1], h[0]))


def test_islands_are_connected_land() -> None:
    land = [(0, 0), (1, 0), (3, 0), (3, 1), (-2, 2)]
    sea = [(2, 0), (2, 1), (-1, 1), (0, 1), (1, 1), (-1, 2), (0, 2)]
    grid = build_grid(land, sea)
    islands = [{grid.hexes[h] for h in members} for members in grid.islands]
    assert islands == [{(0, 0), (1, 0)}, {(3, 0), (3, 1)}, {(-2, 2)}]
    for v, ls in enumerate(grid.vertex_land):
        assert grid.vertex_island[v] == (grid.hex_island[ls[0]] if ls else -1)
    assert all(grid.hex_island[grid.hex_id(h)] == -1 for h in sea)
    with pytest.raises(ValueError):
        build_grid([(0, 0)], [(0, 0)])


def _tiny(**changes: Any) -> dict[str, Any]:
    """A 7-hex layout: two deserts, a gold field, a sea hex, a pool and a number path."""
    data: dict[str, Any] = {
        "name": "tiny",
        "hexes": [
            {"q": 0, "r": 0, "terrain": "gold", "number": 6},
            {"q": 1, "r": 0},
            {"q": 1, "r": -1},
            {"q": 0, "r": -1},
            {"q": -1, "r": 0},
            {"q": -1, "r": 1},
            {"q": 0, "r": 1, "terrain": "sea"},
        ],
        "terrain_pool": [["desert", 2], ["forest", 2], ["hills", 1]],
        "numbers": {"sequence": [5, 9, 4], "path": [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1]]},
        "harbours": [{"hex": [-1, 1], "other": [0, 1], "kind": "ore"}],
    }
    return data | changes


@pytest.mark.parametrize("seed", SEEDS_POOL)
def test_any_number_of_deserts_and_gold(seed: int) -> None:
    board = make_board(parse_layout(_tiny()), Rng(seed))
    grid = board.grid
    assert grid.num_land == 6 and grid.sea == ((0, 1),)
    assert Counter(board.terrain) == {"desert": 2, "forest": 2, "hills": 1, "gold": 1, "sea": 1}
    assert len(board.deserts) == 2 and board.desert == board.deserts[0]
    assert board.gold_fields == (grid.hex_id((0, 0)),)
    assert board.resource[board.gold_fields[0]] == GOLD
    # Deserts and sea get no chip; the path's chips go to the others in order.
    path = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)]
    numbers = [
        board.number[grid.hex_id(h)] for h in path if board.terrain[grid.hex_id(h)] != "desert"
    ]
    assert numbers == [5, 9, 4]
    assert all(board.number[h] == 0 for h in board.deserts)
    assert board.number[grid.hex_id((0, 0))] == 6
    assert sorted(board.hexes_by_number[6] + board.hexes_by_number[5]) == sorted(
        grid.hex_id(h) for h in grid.land if board.number[grid.hex_id(h)] in (5, 6)
    )
    assert board.to_json()["hexes"][-1] == {"id": 6, "q": 0, "r": 1, "terrain": "sea", "number": 0}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"terrain_pool": [["desert", 2], ["forest", 2]]}, "pool of 4"),
        ({"terrain_pool": [["lava", 5]]}, "bad terrain pool"),
        ({"numbers": {"sequence": [5, 9], "path": [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1]]}},
         "sequence of 2"),
        ({"numbers": {"sequence": [5, 9, 4], "path": [[1, 0]]}}, "off the number path"),
        ({"numbers": {"sequence": [5, 9, 7], "path": [[1, 0]]}}, "bad number"),
        ({"harbours": [{"hex": [0, 1], "other": [0, 2], "kind": "3:1"}]}, "not on a coast"),
        ({"harbours": [{"hex": [1, 0], "other": [-1, 1], "kind": "3:1"}]}, "not on a coast"),
        ({"harbours": [{"hex": [-1, 1], "other": [0, 3], "kind": "3:1"}]}, "not neighbours"),
        ({"robber": [5, 5]}, "off the board"),
        ({"numbers": _tiny()["numbers"] | {"start_corners": 6}}, "closed under"),
        ({"numbers": _tiny()["numbers"] | {"start_corners": 3}}, "must be 1"),
    ],
)  # fmt: skip
def test_inconsistent_layouts_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        parse_layout(_tiny(**changes))


def test_unknown_harbour_kind_and_misplaced_robber() -> None:
    bad_kind = _tiny(harbours=[{"hex": [-1, 1], "other": [0, 1], "kind": "gold"}])
    with pytest.raises(LayoutError, match="harbour kind"):
        make_board(parse_layout(bad_kind), Rng(0))
    with pytest.raises(LayoutError, match="first desert"):
        make_board(parse_layout(_tiny(robber=[0, 0])), Rng(0))


def test_layouts_by_name() -> None:
    assert load_layout("beginner").name == "beginner"
    assert load_layout("random").start_corners == 6
    with pytest.raises(LayoutError, match="known layouts: beginner, fleet, random"):
        load_layout("nowhere")
    with pytest.raises(LayoutError):
        load_layout("../beginner")
