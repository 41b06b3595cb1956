"""A hex-family board read back from its JSON form (`Board.to_json`).

Restoring a snapshot and sampling a game from a view both start from the
board as JSON; the geometry is the grid of its land and sea hexes (the
standard grid for the base game's 19 land hexes), the rest is data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rulesets.base.board import (
    GENERIC,
    RESOURCES,
    TERRAIN_RESOURCE,
    Board,
    Harbour,
    board_of_shared_json,
    grid_of,
)


def board_from_json(data: Mapping[str, Any]) -> Board:
    """The board `data` describes: the very board when `data` is its shared JSON (a view's)."""
    shared = board_of_shared_json(data)
    if shared is not None:
        return shared
    hexes = data["hexes"]
    land = frozenset((h["q"], h["r"]) for h in hexes if h["terrain"] != "sea")
    sea = frozenset((h["q"], h["r"]) for h in hexes if h["terrain"] == "sea")
    grid = grid_of(land, sea) if sea else grid_of(land)  # the base board's cached grid
    terrain = tuple(h["terrain"] for h in data["hexes"])
    number = tuple(h["number"] for h in data["hexes"])
    harbours = tuple(
        Harbour(
            GENERIC if h["kind"] == "3:1" else RESOURCES.index(h["kind"]),
            h["hex"],
            (h["sea"][0], h["sea"][1]),
            (h["vertices"][0], h["vertices"][1]),
        )
        for h in data["harbours"]
    )
    vertex_harbour = [-1] * grid.num_vertices
    for h in harbours:
        for v in h.vertices:
            vertex_harbour[v] = h.kind
    by_number: list[list[int]] = [[] for _ in range(13)]
    for i, num in enumerate(number):
        if num:
            by_number[num].append(i)
    return Board(
        grid=grid,
        terrain=terrain,
        resource=tuple(TERRAIN_RESOURCE[t] for t in terrain),
        number=number,
        harbours=harbours,
        vertex_harbour=tuple(vertex_harbour),
        hexes_by_number=tuple(tuple(x) for x in by_number),
        desert=terrain.index("desert") if "desert" in terrain else -1,
    )
