"""The base game's island: geometry, terrain, number tokens and harbours (rules/catan.md §2-4).

A board is immutable and shared by every copy of a game. Layout-dependent
lookups that the hot path needs (hexes per number, harbour per vertex) are
computed once here as tuples of ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.rng import Rng
from engine.shared.hexgrid import Hex, HexGrid, build_grid, hexes_within, rotate_ccw

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
TERRAIN_RESOURCE = {
    "hills": 0,
    "forest": 1,
    "pasture": 2,
    "fields": 3,
    "mountains": 4,
    "desert": -1,
}
TERRAINS = (
    ["hills"] * 3
    + ["forest"] * 4
    + ["pasture"] * 4
    + ["fields"] * 4
    + ["mountains"] * 3
    + ["desert"]
)
LETTER_NUMBERS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
SPIRAL: tuple[Hex, ...] = (
    (0, -2),
    (-1, -1),
    (-2, 0),
    (-2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 1),
    (2, 0),
    (2, -1),
    (2, -2),
    (1, -2),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 0),
    (1, -1),
    (0, 0),
)
BEGINNER: dict[Hex, tuple[str, int]] = {
    (0, -2): ("mountains", 10),
    (1, -2): ("pasture", 2),
    (2, -2): ("forest", 9),
    (-1, -1): ("fields", 12),
    (0, -1): ("hills", 6),
    (1, -1): ("pasture", 4),
    (2, -1): ("hills", 10),
    (-2, 0): ("fields", 9),
    (-1, 0): ("forest", 11),
    (0, 0): ("desert", 0),
    (1, 0): ("forest", 3),
    (2, 0): ("mountains", 8),
    (-2, 1): ("forest", 8),
    (-1, 1): ("mountains", 3),
    (0, 1): ("fields", 4),
    (1, 1): ("pasture", 5),
    (-2, 2): ("hills", 5),
    (-1, 2): ("fields", 6),
    (0, 2): ("pasture", 11),
}
GENERIC = 5  # harbour kind for 3:1; 0-4 are the 2:1 harbours of that resource
HARBOUR_SPOTS: tuple[tuple[Hex, Hex], ...] = (
    ((0, -2), (0, -3)),
    ((1, -2), (2, -3)),
    ((2, -1), (3, -2)),
    ((2, 0), (3, 0)),
    ((1, 1), (1, 2)),
    ((-1, 2), (-1, 3)),
    ((-2, 2), (-3, 3)),
    ((-2, 1), (-3, 1)),
    ((-1, -1), (-2, -1)),
)
HARBOUR_KINDS = (GENERIC, 3, 4, GENERIC, 2, GENERIC, GENERIC, 0, 1)


@lru_cache(maxsize=1)
def base_grid() -> HexGrid:
    return build_grid(hexes_within(2))


@dataclass(frozen=True)
class Harbour:
    kind: int  # GENERIC or a resource index
    land: int  # land hex id
    sea: Hex
    vertices: tuple[int, int]


@dataclass(frozen=True)
class Board:
    grid: HexGrid
    terrain: tuple[str, ...]  # per land hex id
    resource: tuple[int, ...]  # per land hex id, -1 for the desert
    number: tuple[int, ...]  # per land hex id, 0 for the desert
    harbours: tuple[Harbour, ...]
    vertex_harbour: tuple[int, ...]  # per vertex: -1, GENERIC or a resource index
    hexes_by_number: tuple[tuple[int, ...], ...]  # index 0..12
    desert: int

    def to_json(self) -> dict[str, Any]:
        return {
            "hexes": [
                {"id": i, "q": q, "r": r, "terrain": self.terrain[i], "number": self.number[i]}
                for i, (q, r) in enumerate(self.grid.land)
            ],
            "harbours": [
                {
                    "kind": "3:1" if h.kind == GENERIC else RESOURCES[h.kind],
                    "hex": h.land,
                    "sea": list(h.sea),
                    "vertices": list(h.vertices),
                }
                for h in self.harbours
            ],
        }


def make_board(layout: str, rng: Rng, shuffle_harbours: bool = False) -> Board:
    grid = base_grid()
    cells: dict[Hex, tuple[str, int]]
    if layout == "beginner":
        cells = dict(BEGINNER)
    else:
        terrains = list(TERRAINS)
        rng.shuffle(terrains)
        by_hex = dict(zip(SPIRAL, terrains, strict=True))
        corner = rng.below(6)
        path = list(SPIRAL)
        for _ in range(corner):
            path = [rotate_ccw(h) for h in path]
        cells = {}
        letters = iter(LETTER_NUMBERS)
        for h in path:
            if by_hex[h] == "desert":
                cells[h] = ("desert", 0)
            else:
                cells[h] = (by_hex[h], next(letters))
    terrain = tuple(cells[h][0] for h in grid.land)
    number = tuple(cells[h][1] for h in grid.land)
    kinds = list(HARBOUR_KINDS)
    if shuffle_harbours:
        rng.shuffle(kinds)
    harbours = []
    vertex_harbour = [-1] * grid.num_vertices
    for (land, sea), kind in zip(HARBOUR_SPOTS, kinds, strict=True):
        edge = grid.edge_id(land, sea)
        ends = grid.edge_vertices[edge]
        harbours.append(Harbour(kind, grid.hex_id(land), sea, ends))
        for v in ends:
            vertex_harbour[v] = kind
    by_number: list[list[int]] = [[] for _ in range(13)]
    for i, n in enumerate(number):
        if n:
            by_number[n].append(i)
    return Board(
        grid=grid,
        terrain=terrain,
        resource=tuple(TERRAIN_RESOURCE[t] for t in terrain),
        number=number,
        harbours=tuple(harbours),
        vertex_harbour=tuple(vertex_harbour),
        hexes_by_number=tuple(tuple(h) for h in by_number),
        desert=terrain.index("desert"),
    )
