"""Boards of the hex family: geometry, terrain, number tokens and harbours (rules/catan.md §2-4).

A board is made once per game from a layout (data, engine/shared/layout.py:
the base game's "beginner" and "random", Catan Fleet's "fleet"), is immutable
and is shared by every copy of a game. Layout-dependent lookups that the hot
path needs (hexes per number, harbour per vertex) are computed once here as
tuples of ints.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.rng import Rng
from engine.shared.hexgrid import Hex, HexGrid, build_grid, hexes_within
from engine.shared.layout import Layout, LayoutError, load_layout

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
GOLD = -2  # the "resource" of a gold field: each owner picks one (Fleet, catan-fleet.md §2)
TERRAIN_RESOURCE = {
    "hills": 0,
    "forest": 1,
    "pasture": 2,
    "fields": 3,
    "mountains": 4,
    "desert": -1,
    "gold": GOLD,
    "sea": -1,
}
GENERIC = 5  # harbour kind for 3:1; 0-4 are the 2:1 harbours of that resource


@lru_cache(maxsize=8)
def grid_of(land: frozenset[Hex], sea: frozenset[Hex] = frozenset()) -> HexGrid:
    """The grid of a frame, built once and shared by every board on it."""
    return build_grid(land, sea)


@lru_cache(maxsize=1)
def base_grid() -> HexGrid:
    """The base game's 19 land hexes (the sea around them is implicit)."""
    return grid_of(frozenset(hexes_within(2)))


@dataclass(frozen=True)
class Harbour:
    kind: int  # GENERIC or a resource index
    land: int  # land hex id
    sea: Hex
    vertices: tuple[int, int]


@dataclass(frozen=True)
class Board:
    """Per hex id (land first, then sea; see HexGrid): terrain, resource and number."""

    grid: HexGrid
    terrain: tuple[str, ...]  # per hex id: a land terrain, or "sea"
    resource: tuple[int, ...]  # per hex id: a resource index, -1 (desert, sea) or GOLD
    number: tuple[int, ...]  # per hex id, 0 for no chip
    harbours: tuple[Harbour, ...]
    vertex_harbour: tuple[int, ...]  # per vertex: -1, GENERIC or a resource index
    hexes_by_number: tuple[tuple[int, ...], ...]  # index 0..12: the land hexes with that chip
    desert: int  # where the robber starts: the first desert by id (-1 without one)

    @property
    def deserts(self) -> tuple[int, ...]:
        return tuple(h for h, t in enumerate(self.terrain) if t == "desert")

    @property
    def gold_fields(self) -> tuple[int, ...]:
        return tuple(h for h, t in enumerate(self.terrain) if t == "gold")

    def shared_json(self) -> dict[str, Any]:
        """`to_json()` made once per board and shared by every view of its games.

        Views are read-only by contract (ai/protocol.py), so the static board
        is built once instead of once per view; `board_for_json` maps the
        shared dict back to this board, so games sampled from a view reuse it.
        """
        made: dict[str, Any] | None = self.__dict__.get("_shared_json")
        if made is None:
            made = self.to_json()
            object.__setattr__(self, "_shared_json", made)  # a cache, not a field
            _BOARD_OF_JSON[id(made)] = self
        return made

    def to_json(self) -> dict[str, Any]:
        return {
            "hexes": [
                {"id": i, "q": q, "r": r, "terrain": self.terrain[i], "number": self.number[i]}
                for i, (q, r) in enumerate(self.grid.hexes)
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


_BOARD_OF_JSON: weakref.WeakValueDictionary[int, Board] = weakref.WeakValueDictionary()
"""id of a board's shared JSON -> the board (an entry lives as long as its board, whose
`_shared_json` keeps the dict, and so its id, alive)."""


def board_of_shared_json(data: object) -> Board | None:
    """The board whose `shared_json()` is `data` itself (not an equal copy), if any."""
    board = _BOARD_OF_JSON.get(id(data))
    if board is not None and board.__dict__.get("_shared_json") is data:
        return board
    return None


def make_board(layout: str | Layout, rng: Rng, shuffle_harbours: bool = False) -> Board:
    """A board of `layout` (a name in engine/shared/layouts, or a loaded `Layout`).

    Draws from `rng` only what the layout leaves to chance (Layout.realise),
    so the same seed makes the same board.
    """
    spec = load_layout(layout) if isinstance(layout, str) else layout
    grid = grid_of(frozenset(spec.land), frozenset(spec.sea))
    placed = spec.realise(rng, shuffle_harbours)
    terrain = tuple(placed.terrain[h] for h in grid.hexes)
    number = tuple(placed.number[h] for h in grid.hexes)
    harbours = []
    vertex_harbour = [-1] * grid.num_vertices
    for h, name in zip(spec.harbours, placed.harbour_kinds, strict=True):
        if name != "3:1" and name not in RESOURCE_INDEX:
            raise LayoutError(f"layout {spec.name!r}: unknown harbour kind {name!r}")
        kind = GENERIC if name == "3:1" else RESOURCE_INDEX[name]
        edge = grid.edge_id(h.land, h.other)
        ends = grid.edge_vertices[edge]
        harbours.append(Harbour(kind, grid.hex_id(h.land), h.other, ends))
        for v in ends:
            vertex_harbour[v] = kind
    by_number: list[list[int]] = [[] for _ in range(13)]
    for i, n in enumerate(number):
        if n:
            by_number[n].append(i)
    desert = terrain.index("desert") if "desert" in terrain else -1
    if spec.robber is not None and grid.hex_id(spec.robber) != desert:
        raise LayoutError(f"layout {spec.name!r}: the robber must start on the first desert")
    return Board(
        grid=grid,
        terrain=terrain,
        resource=tuple(TERRAIN_RESOURCE[t] for t in terrain),
        number=number,
        harbours=tuple(harbours),
        vertex_harbour=tuple(vertex_harbour),
        hexes_by_number=tuple(tuple(h) for h in by_number),
        desert=desert,
    )
