"""The facts of the Fleet map that the rules read, computed once per layout (rules §5).

Everything comes from the layout data (engine/shared/layouts/fleet.json) and
the hex grid: which vertices lie on the home islands and which on the islets
with their victory-point chips, where ships may lie (navigable edges: both
hexes on the board, at least one sea; the rim never), which edges take a
road (land on at least one side), the setup coasts that face the centre, and
the 27 number chips of the game. Tables are tuples of ints, shared by every
copy of every game on the map.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from engine.rng import Rng
from engine.rulesets.base.board import make_board
from engine.shared.hexgrid import distance
from engine.shared.layout import load_layout


@dataclass(frozen=True)
class SeaMap:
    home_vertex: tuple[bool, ...]  # per vertex: on a home island (setup settlements go there)
    islet_of_vertex: tuple[int, ...]  # per vertex: islet index, -1 (home island or sea)
    islet_names: tuple[str, ...]
    islet_vp: tuple[int, ...]  # per islet: the worth of its special chip
    islet_vertices: tuple[tuple[int, ...], ...]  # per islet: its land vertices
    navigable: tuple[bool, ...]  # per edge: a ship may lie there
    road_edge: tuple[bool, ...]  # per edge: a road may lie there (land on one side at least)
    ship_adjacent: tuple[tuple[tuple[int, int], ...], ...]  # per vertex: (other vertex, edge)
    setup_ship_edges: tuple[tuple[int, ...], ...]  # per vertex: coasts facing the centre
    hex_edge_sets: tuple[frozenset[int], ...]  # per hex: its six edges (the pirate's blockade)
    chips: tuple[tuple[int, int], ...]  # every number chip of the game: (value, count)
    dealt: tuple[int, ...]  # the chips dealt to the players face down


@lru_cache(maxsize=4)
def sea_map(layout_name: str) -> SeaMap:
    layout = load_layout(layout_name)
    board = make_board(layout, Rng(0))
    grid = board.grid
    island_of_name = {
        name: grid.hex_island[grid.hex_id(hexes[0])] for name, hexes in layout.islands
    }
    homes = {island_of_name[name] for name in layout.home_islands}
    vp = dict(layout.island_vp)
    islet_names = tuple(name for name, _ in layout.islands if name in vp)
    islet_index = {island_of_name[name]: i for i, name in enumerate(islet_names)}
    home_vertex = tuple(grid.vertex_island[v] in homes for v in range(grid.num_vertices))
    islet_of_vertex = tuple(
        islet_index.get(grid.vertex_island[v], -1) for v in range(grid.num_vertices)
    )
    islet_vertices = tuple(
        tuple(v for v in grid.land_vertices if islet_of_vertex[v] == i)
        for i in range(len(islet_names))
    )
    adjacent: list[list[tuple[int, int]]] = [[] for _ in range(grid.num_vertices)]
    for e in grid.navigable_edges:
        a, b = grid.edge_vertices[e]
        adjacent[a].append((b, e))
        adjacent[b].append((a, e))
    centre = layout.centre if layout.centre is not None else (0, 0)
    hexes = grid.hexes
    facing: list[tuple[int, ...]] = []
    for v in range(grid.num_vertices):
        found = []
        for e in grid.vertex_edges[v]:
            if grid.edge_navigable[e] and grid.edge_coast[e]:
                (land,) = grid.edge_land[e]
                (sea,) = grid.edge_sea[e]
                if distance(hexes[sea], centre) < distance(hexes[land], centre):
                    found.append(e)
        facing.append(tuple(found))
    counts = Counter(n for n in board.number if n) + Counter(layout.dealt_numbers)
    return SeaMap(
        home_vertex=home_vertex,
        islet_of_vertex=islet_of_vertex,
        islet_names=islet_names,
        islet_vp=tuple(vp[name] for name in islet_names),
        islet_vertices=islet_vertices,
        navigable=grid.edge_navigable,
        road_edge=tuple(bool(ls) for ls in grid.edge_land),
        ship_adjacent=tuple(tuple(a) for a in adjacent),
        setup_ship_edges=tuple(facing),
        hex_edge_sets=tuple(frozenset(es) for es in grid.hex_edges),
        chips=tuple(sorted(counts.items())),
        dealt=layout.dealt_numbers,
    )
